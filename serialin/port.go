package serialin

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"time"

	"go.bug.st/serial"
	"go.bug.st/serial/enumerator"
)

// Config says which shoe to read and how. Exactly one of Path, USB and TCP is set.
type Config struct {
	// Path is the serial device: /dev/ttyUSB0, /dev/serial/by-id/..., the udev link
	// /dev/coupboard-shoe, or a pseudo-terminal. A symlink is followed anew on each reconnect.
	Path string
	// USB picks a USB serial adapter by VID/PID (and serial number) instead of a path.
	USB USBMatch
	// TCP is host:port of a shoe served over TCP (ser2net, a networked shoe).
	TCP string

	// Protocol is the adapter name in the registry; "" means "csp1".
	Protocol string
	// Settings overrides the adapter's port settings field by field (zero fields keep the default).
	Settings Settings
	// Heartbeat overrides the adapter's heartbeat interval; the link is reported silent after
	// 2.5 intervals without a valid frame. Negative turns the watchdog off.
	Heartbeat time.Duration
	// ReadTimeout, when positive, bounds each read. By default a read waits until bytes
	// arrive or the watchdog is next due (the heartbeat's silence, the unreadable line), and
	// Close ends it at once: an idle line wakes the table once a heartbeat, not ten times a
	// second (docs/performance.md §27).
	ReadTimeout time.Duration
	// MinBackoff and MaxBackoff bound the wait between reconnection attempts, which doubles
	// after each failure (defaults 250 ms and 5 s).
	MinBackoff, MaxBackoff time.Duration
	// EventBuffer is the capacity of the events channel (default 256).
	EventBuffer int
	// Unreadable is how long bytes may arrive with no valid frame among them before the
	// link is reported unreadable ("check cable and baud"; default 10 s, spec §2).
	Unreadable time.Duration
	// Resume, when set, is where the shoe's sequence stood when the table last stopped cleanly
	// (its journal keeps it): the decoder of the first connection takes it up (a Resumer;
	// other decoders ignore it), so that a frame the shoe sent while the table was stopped is
	// taken in order, an older one is stale and a lost one is a gap. Later connections do not
	// take it up again: the CSP1 decoder keeps its sequence where its last frame taken left it
	// and makes the stream prove it is the same shoe's; other decoders start afresh.
	Resume *Mark
}

// Status is a snapshot of the link and its counters.
type Status struct {
	State LinkState
	Port  string    // the device, address or USB match last opened or tried
	Err   string    // the last error, in words a supervisor can act on; "" when connected or unproven (the doubt says why)
	Fault Fault     // Err's kind, for a screen to word in its language; FaultNone when connected or unproven
	Since time.Time // when State was entered

	Connects   int       // successful opens, the first one included
	Frames     int64     // valid frames and lines (shoe data)
	Cards      int64     // cards delivered
	NoiseBytes int64     // bytes of noise
	Corrupt    int64     // frames dropped as corrupt
	Duplicates int64     // resends dropped
	Conflicts  int64     // same SEQ, different body
	Gaps       int64     // gaps reported
	Lost       int64     // frames lost in gaps
	Stale      int64     // stale or out-of-order frames dropped
	Unproven   int64     // frames dropped after a reconnect because they did not prove the stream is the same shoe's
	Misreads   int64     // unreadable cards
	LastFrame  time.Time // arrival of the last valid frame
}

// Manager owns one shoe connection: it opens the port on its own goroutine, reads and
// decodes, watches the heartbeat, reconnects with backoff, and delivers events on a channel
// to the app's event loop. Nothing it does blocks the caller.
type Manager struct {
	cfg       Config
	adapter   Adapter
	settings  Settings
	heartbeat time.Duration
	events    chan Event
	stop      chan struct{}
	done      chan struct{}
	closeOnce sync.Once
	enumerate func() ([]*enumerator.PortDetails, error)

	mu     sync.Mutex
	status Status
}

// Start checks cfg, picks the adapter from reg and starts reading in the background. A port
// that is missing or cannot be opened is not an error here: the manager reports it in
// Status and as a KindLink event and keeps retrying. Call Close to stop.
func Start(cfg Config, reg *Registry) (*Manager, error) {
	m, err := newManager(cfg, reg)
	if err != nil {
		return nil, err
	}
	go m.run()
	return m, nil
}

// newManager checks cfg and builds a manager that is not yet running.
func newManager(cfg Config, reg *Registry) (*Manager, error) {
	n := 0
	for _, set := range []bool{cfg.Path != "", !cfg.USB.IsZero(), cfg.TCP != ""} {
		if set {
			n++
		}
	}
	if n != 1 {
		return nil, errors.New("shoe port: give exactly one of a device path, a USB VID/PID, or a TCP address")
	}
	name := cfg.Protocol
	if name == "" {
		name = "csp1"
	}
	a, err := reg.Lookup(name)
	if err != nil {
		return nil, err
	}
	if cfg.Resume != nil {
		if err := cfg.Resume.Check(); err != nil {
			return nil, err
		}
	}
	settings := cfg.Settings.withDefaults(a.Settings)
	if _, err := serialMode(settings); err != nil {
		return nil, fmt.Errorf("shoe port settings: %w", err)
	}
	if cfg.MinBackoff <= 0 {
		cfg.MinBackoff = 250 * time.Millisecond
	}
	if cfg.MaxBackoff < cfg.MinBackoff {
		cfg.MaxBackoff = max(5*time.Second, cfg.MinBackoff)
	}
	if cfg.EventBuffer <= 0 {
		cfg.EventBuffer = 256
	}
	if cfg.Unreadable <= 0 {
		cfg.Unreadable = 10 * time.Second
	}
	hb := a.Heartbeat
	if cfg.Heartbeat != 0 {
		hb = cfg.Heartbeat
	}
	m := &Manager{
		cfg: cfg, adapter: a, settings: settings, heartbeat: hb,
		events:    make(chan Event, cfg.EventBuffer),
		stop:      make(chan struct{}),
		done:      make(chan struct{}),
		enumerate: func() ([]*enumerator.PortDetails, error) { return enumerator.GetDetailedPortsList() },
	}
	m.status = Status{State: LinkConnecting, Port: m.target(), Since: time.Now()}
	return m, nil
}

// Events is the channel of decoded events and link changes, in order. It is closed after
// the manager stops.
func (m *Manager) Events() <-chan Event { return m.events }

// Status returns a snapshot of the link state and counters. It is safe from any goroutine.
func (m *Manager) Status() Status {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.status
}

// Close asks the manager to stop and returns at once; the port is closed off the caller's
// goroutine (closing a serial port can block for seconds), under a pending read when the link
// allows it (interrupter), else when the read's wait ends (at most a second). Done is closed
// when it has stopped. Close may be called more than once and from any goroutine.
func (m *Manager) Close() { m.closeOnce.Do(func() { close(m.stop) }) }

// Done is closed when the manager has stopped and closed its port.
func (m *Manager) Done() <-chan struct{} { return m.done }

// Settings is the port settings in use (the adapter's defaults with the config's overrides).
func (m *Manager) Settings() Settings { return m.settings }

func (m *Manager) target() string {
	switch {
	case m.cfg.TCP != "":
		return "tcp " + m.cfg.TCP
	case !m.cfg.USB.IsZero():
		return m.cfg.USB.String()
	}
	return m.cfg.Path
}

func (m *Manager) stopped() bool {
	select {
	case <-m.stop:
		return true
	default:
		return false
	}
}

// send delivers ev unless the manager is stopping; it reports whether it was delivered.
func (m *Manager) send(ev Event) bool {
	select {
	case m.events <- ev:
		return true
	case <-m.stop:
		return false
	}
}

// setLink moves to state s, records errText and its fault, and sends a KindLink event if
// anything changed.
func (m *Manager) setLink(s LinkState, port, errText string, fault Fault) {
	m.mu.Lock()
	changed := m.status.State != s || m.status.Err != errText
	if m.status.State != s {
		m.status.Since = time.Now()
	}
	m.status.State, m.status.Err, m.status.Fault = s, errText, fault
	if port != "" {
		m.status.Port = port
	}
	m.mu.Unlock()
	if changed {
		m.send(Event{Kind: KindLink, Seq: -1, Link: s, Err: errText})
	}
}

func (m *Manager) run() {
	defer close(m.done)
	defer close(m.events)
	mode, _ := serialMode(m.settings) // checked in Start
	dec := m.adapter.New()
	first := true // the first successful open: only it takes up the configuration's mark
	backoff := m.cfg.MinBackoff
	for !m.stopped() {
		l, port, err := m.open(mode)
		if err != nil {
			state := LinkReconnecting
			if m.Status().State == LinkConnecting {
				state = LinkConnecting
			}
			m.setLink(state, port, err.Error(), faultOf(err))
			select {
			case <-m.stop:
			case <-time.After(backoff):
			}
			backoff = min(2*backoff, m.cfg.MaxBackoff)
			continue
		}
		backoff = m.cfg.MinBackoff
		m.mu.Lock()
		m.status.Connects++
		m.status.LastFrame = time.Time{}
		m.mu.Unlock()
		if r, ok := dec.(relinker); ok && !first {
			// The decoder still holds where the shoe's sequence stood at the last frame it took:
			// the stream on the line must prove it is the same shoe's before anything is taken,
			// and until it does the link is shown unproven, not connected.
			r.relink()
			state := LinkConnected
			if r.dropping() {
				state = LinkUnproven
			}
			m.setLink(state, port, "", FaultNone)
		} else {
			m.setLink(LinkConnected, port, "", FaultNone)
			// The first connection, or a decoder that cannot relink: it starts afresh, the first
			// connection at the configuration's mark if there is one.
			dec.Reset()
			if mk := m.cfg.Resume; first && mk != nil {
				switch r := dec.(type) {
				case relinker:
					r.resume(*mk) // checked in Start
				case Resumer: // another package's adapter: not relink-checked (Resumer)
					if err := r.Resume(*mk); err != nil {
						m.setLink(LinkConnected, "", "shoe mark not taken up, the sequence starts afresh: "+err.Error(), FaultResume)
					}
				}
			}
		}
		first = false
		// Close ends the connection's pending read at once: the read waits for the shoe, not
		// for a timeout. The link is closed here, off the caller of Close (closing a serial
		// port can block for seconds).
		read := make(chan struct{})
		if i, ok := l.(interrupter); ok {
			go func() {
				select {
				case <-m.stop:
					i.Close()
				case <-read:
				}
			}()
		}
		err = m.read(l, dec)
		close(read)
		l.Close()
		if m.stopped() {
			break
		}
		m.setLink(LinkDisconnected, port, "shoe disconnected: "+err.Error(), FaultDisconnected)
		m.setLink(LinkReconnecting, port, "shoe disconnected: "+err.Error(), FaultDisconnected)
	}
	m.mu.Lock()
	m.status.State, m.status.Since = LinkClosed, time.Now()
	m.mu.Unlock()
}

// open opens the configured port; enumeration (USB) happens here, on the manager's goroutine.
func (m *Manager) open(mode *serial.Mode) (link, string, error) {
	switch {
	case m.cfg.TCP != "":
		return openTCP(m.cfg.TCP)
	case !m.cfg.USB.IsZero():
		list, err := m.enumerate()
		if err != nil {
			return nil, m.cfg.USB.String(), &OpenError{Port: m.cfg.USB.String(), Fault: FaultList, Reason: "cannot list serial ports: " + err.Error(), Err: err}
		}
		path, err := matchUSB(list, m.cfg.USB)
		if err != nil {
			return nil, m.cfg.USB.String(), err
		}
		return openSerial(path, mode)
	}
	return openSerial(m.cfg.Path, mode)
}

// read reads and decodes until the link fails or the manager stops, watching the heartbeat.
func (m *Manager) read(l link, dec Decoder) error {
	buf := make([]byte, 512)
	lastAlive := time.Now()
	silentAfter := time.Duration(0)
	if m.heartbeat > 0 {
		silentAfter = m.heartbeat * 5 / 2
	}
	// bad is the state reported for a line that is not right (silent, unreadable, or not yet
	// proven since it came back), or LinkConnected while it is.
	bad := LinkConnected
	if dropping(dec) {
		bad = LinkUnproven // as run reported it after the relink
	}
	var garbage time.Time // when bytes with no valid frame started arriving; zero if not
	for !m.stopped() {
		n, err := l.Read(buf, m.readWait(time.Now(), bad, lastAlive, garbage, silentAfter))
		if m.stopped() {
			return nil // Close closed the link under the read
		}
		now := time.Now()
		if n > 0 {
			dec.SetNow(now)
			evs := dec.Feed(buf[:n])
			alive := m.count(evs, now)
			if alive {
				lastAlive, garbage = now, time.Time{}
			} else if garbage.IsZero() {
				garbage = now
			}
			want := bad
			switch {
			case alive && dropping(dec):
				// Frames arrive, but none has proven the stream since the link came back: not a
				// healthy link, however many come (the doubt's reason says why; the next SEQ as
				// the first frame, or a HELO of the shoe's, proves it).
				want = LinkUnproven
			case alive:
				want = LinkConnected
			}
			if want != bad {
				bad = want
				m.setLink(want, "", "", FaultNone)
			}
			for _, ev := range evs {
				if !m.send(ev) {
					return nil
				}
			}
		}
		if err != nil {
			return err
		}
		quiet := now.Sub(lastAlive)
		switch {
		case bad != LinkUnreadable && !garbage.IsZero() && now.Sub(garbage) > m.cfg.Unreadable:
			// Timed from the first byte of garbage, not from the last valid frame: "10 s of
			// noise and no valid frame" (spec/shoe-protocol.md §2), whatever came before, an
			// unproven stream too (a wrong baud rate after a swapped shoe): the supervisor is
			// told why nothing comes. A frame dropped as unproven shows it unproven again.
			bad = LinkUnreadable
			m.setLink(LinkUnreadable, "", fmt.Sprintf("shoe data unreadable: no valid frame for %v — check the cable and the baud rate (%s)",
				now.Sub(garbage).Truncate(100*time.Millisecond), m.settings), FaultUnreadable)
		case (bad == LinkConnected || bad == LinkUnproven) && silentAfter > 0 && quiet > silentAfter:
			bad = LinkSilent
			m.setLink(LinkSilent, "", fmt.Sprintf("shoe silent: no valid frame for %v (heartbeat every %v); manual entry available",
				quiet.Round(time.Millisecond), m.heartbeat), FaultSilent)
		}
	}
	return nil
}

// readWait is how long read's next read may wait: until the watchdog below it is next due
// (the heartbeat's silence while the line is connected or unproven, the unreadable line while
// bytes with no valid frame arrive), at most the configured ReadTimeout; 0, no bound, when
// nothing is due (no heartbeat, a line already reported).
func (m *Manager) readWait(now time.Time, bad LinkState, lastAlive, garbage time.Time, silentAfter time.Duration) time.Duration {
	var due time.Time
	if bad != LinkUnreadable && !garbage.IsZero() {
		due = garbage.Add(m.cfg.Unreadable)
	}
	if (bad == LinkConnected || bad == LinkUnproven) && silentAfter > 0 {
		if d := lastAlive.Add(silentAfter); due.IsZero() || d.Before(due) {
			due = d
		}
	}
	wait := time.Duration(0)
	if !due.IsZero() {
		// A millisecond past the due time, so the check after the read finds it passed.
		wait = max(due.Sub(now), 0) + time.Millisecond
	}
	if m.cfg.ReadTimeout > 0 && (wait == 0 || wait > m.cfg.ReadTimeout) {
		wait = m.cfg.ReadTimeout
	}
	return wait
}

// dropping reports whether dec is dropping the stream's frames as unproven (relinker).
func dropping(dec Decoder) bool {
	r, ok := dec.(relinker)
	return ok && r.dropping()
}

// count updates the counters for evs and reports whether any of them proves the shoe is
// talking (a frame with a valid CRC, whatever it says).
func (m *Manager) count(evs []Event, now time.Time) bool {
	alive := false
	m.mu.Lock()
	defer m.mu.Unlock()
	s := &m.status
	for _, e := range evs {
		switch e.Kind {
		case KindNoise:
			s.NoiseBytes += int64(e.Count)
			continue
		case KindCorrupt:
			s.Corrupt++
			if e.Seq < 0 {
				continue
			}
		case KindDuplicate:
			s.Duplicates++
		case KindConflict:
			s.Conflicts++
		case KindGap:
			s.Gaps++
			s.Lost += int64(e.Gap)
		case KindStale:
			s.Stale++
		case KindUnproven:
			s.Unproven++
		case KindMisread:
			s.Misreads++
		case KindCard:
			s.Cards++
		}
		if e.Kind != KindGap {
			s.Frames++
		}
		s.LastFrame = now
		alive = true
	}
	return alive
}

// ParsePort reads the configuration's shoe port (app/config Shoe.Port) into the Path, USB
// or TCP field of a Config: a device path ("/dev/coupboard-shoe", "/dev/serial/by-id/…"),
// "tcp://host:port" (ser2net, a networked shoe), or "usb:VID:PID[:SERIAL]". The simulated
// shoe ("sim") is not a port: start a SimShoe and use its Path.
func ParsePort(port string) (Config, error) {
	switch {
	case port == "":
		return Config{}, errors.New("shoe port: empty")
	case port == "sim":
		return Config{}, errors.New(`shoe port "sim": start a SimShoe and open its Path`)
	case strings.HasPrefix(port, "tcp://"):
		addr := strings.TrimPrefix(port, "tcp://")
		if _, _, err := net.SplitHostPort(addr); err != nil {
			return Config{}, fmt.Errorf("shoe port %q: want tcp://host:port: %w", port, err)
		}
		return Config{TCP: addr}, nil
	case strings.HasPrefix(port, "usb:"):
		parts := strings.Split(strings.TrimPrefix(port, "usb:"), ":")
		if len(parts) < 2 || len(parts) > 3 || !hex4(parts[0]) || !hex4(parts[1]) {
			return Config{}, fmt.Errorf("shoe port %q: want usb:VID:PID[:SERIAL] with 4-digit hex IDs (as lsusb prints them)", port)
		}
		m := USBMatch{VID: parts[0], PID: parts[1]}
		if len(parts) == 3 {
			m.Serial = parts[2]
		}
		return Config{USB: m}, nil
	case strings.HasPrefix(port, "/"):
		return Config{Path: port}, nil
	}
	return Config{}, fmt.Errorf("shoe port %q: want a device path, tcp://host:port, or usb:VID:PID[:SERIAL]", port)
}

func hex4(s string) bool {
	if len(s) != 4 {
		return false
	}
	for _, c := range strings.ToLower(s) {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
