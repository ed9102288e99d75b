package serialin

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// Settings are the serial line settings of a port (spec/shoe-protocol.md §1: CSP1 is 9600 8N1).
type Settings struct {
	Baud     int    // bits per second, e.g. 9600
	DataBits int    // 5 to 8
	Parity   string // "none", "even", "odd", "mark" or "space"
	StopBits int    // 1 or 2
}

// String is the settings in the usual short form, e.g. "9600 8N1".
func (s Settings) String() string {
	p := "N"
	if s.Parity != "" {
		p = strings.ToUpper(s.Parity[:1])
	}
	return fmt.Sprintf("%d %d%s%d", s.Baud, s.DataBits, p, s.StopBits)
}

// withDefaults fills the zero fields of s from def.
func (s Settings) withDefaults(def Settings) Settings {
	if s.Baud == 0 {
		s.Baud = def.Baud
	}
	if s.DataBits == 0 {
		s.DataBits = def.DataBits
	}
	if s.Parity == "" {
		s.Parity = def.Parity
	}
	if s.StopBits == 0 {
		s.StopBits = def.StopBits
	}
	return s
}

// Standard9600 returns 9600 8N1, the CSP1 default.
func Standard9600() Settings { return Settings{Baud: 9600, DataBits: 8, Parity: "none", StopBits: 1} }

// Adapter is one shoe protocol: its decoder, its default port settings, and how often it
// promises a heartbeat.
type Adapter struct {
	Name     string         // the name chosen in the configuration: "csp1", "cardline"
	Summary  string         // one line for help output
	New      func() Decoder // a fresh decoder
	Settings Settings       // default port settings
	// Heartbeat is the longest idle interval between frames the protocol promises (CSP1: 5 s);
	// the port manager reports the link silent after 2.5 of them. Zero means the protocol
	// has no heartbeat and the watchdog is off.
	Heartbeat time.Duration
}

// Registry holds the adapters by name. It is a value the app builds at start-up and passes
// down; there is no package-level registry.
type Registry struct {
	byName map[string]Adapter
}

// NewRegistry returns a registry holding the built-in adapters, csp1 and cardline.
func NewRegistry() *Registry {
	r := &Registry{byName: map[string]Adapter{}}
	for _, a := range []Adapter{
		{Name: "csp1", Summary: "coupboard shoe protocol 1: framed, sequenced, CRC-checked (default)",
			New: NewCSP1, Settings: Standard9600(), Heartbeat: 5 * time.Second},
		{Name: "cardline", Summary: "one bare card code per line (barcode and RFID readers); no sequence, no heartbeat",
			New: NewCardline, Settings: Standard9600()},
	} {
		r.byName[a.Name] = a
	}
	return r
}

// Register adds an adapter. A name already registered, an empty name or a nil New is an error.
func (r *Registry) Register(a Adapter) error {
	if a.Name == "" || a.New == nil {
		return fmt.Errorf("register adapter %q: need a name and a decoder", a.Name)
	}
	if _, dup := r.byName[a.Name]; dup {
		return fmt.Errorf("register adapter %q: already registered", a.Name)
	}
	r.byName[a.Name] = a
	return nil
}

// Lookup returns the adapter registered under name.
func (r *Registry) Lookup(name string) (Adapter, error) {
	a, ok := r.byName[name]
	if !ok {
		return Adapter{}, fmt.Errorf("shoe protocol %q: unknown (have %s)", name, strings.Join(r.Names(), ", "))
	}
	return a, nil
}

// Names lists the registered adapter names in order.
func (r *Registry) Names() []string {
	names := make([]string, 0, len(r.byName))
	for n := range r.byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
