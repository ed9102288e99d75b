// Package config reads and validates the table display's configuration: one TOML file with
// the table, its rule profile and settings, limits, the shoe port and protocol, the look
// (theme, language, layout), the journal, the pit bus and the operator PINs. Every error names
// the key and the problem. With no file, Demo returns the built-in demo configuration.
package config

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"os"
	"reflect"
	"sort"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/coupboard/coupboard/engine"
)

// Config is the whole configuration of one table display.
type Config struct {
	Table    Table            `toml:"table"`
	Game     Game             `toml:"game"`
	Limits   map[string]Limit `toml:"limits"`
	Shoe     Shoe             `toml:"shoe"`
	Display  Display          `toml:"display"`
	Journal  Journal          `toml:"journal"`
	Bus      Bus              `toml:"bus"`
	Operator Operator         `toml:"operator"`
	Backup   Backup           `toml:"backup"`
}

// Backup says where the daily backup (`coupboard backup`, run by coupboard-backup.timer)
// copies the table's journal.
type Backup struct {
	Dir  string `toml:"dir"`  // an absolute directory (a mounted disk or share); "": no backup
	Keep int    `toml:"keep"` // daily copies kept per table, the oldest removed first; 0 keeps all
	// Pit also copies each backup to the pit server's object store (the table's bucket
	// BACKUP_<id>), over [bus] with the table's own credentials.
	Pit bool `toml:"pit"`
}

// Table names the table and its casino.
type Table struct {
	ID     string `toml:"id"`     // stable identifier: journal file name, bus subjects (letters, digits, - and _)
	Name   string `toml:"name"`   // shown in the header, e.g. "Baccarat 7"
	Casino string `toml:"casino"` // shown in the header unless the theme has a logo
	// Currency is the ISO 4217 code of the table's money (the pit bus feed carries it; the sign
	// shows its symbol): AUD by default.
	Currency string `toml:"currency"`
}

// Game chooses the rule profile and its table settings (spec/rule-profiles.md "Table settings").
type Game struct {
	Profile  string            `toml:"profile"`
	Settings map[string]string `toml:"settings"`
}

// Limit is one wager's minimum, maximum and permitted multiple, as amounts of money
// written as decimal strings ("25", "2.50").
type Limit struct {
	Min      string `toml:"min"`
	Max      string `toml:"max"`
	Multiple string `toml:"multiple"`
}

// Shoe says where the smart shoe is and how it speaks.
type Shoe struct {
	// Port is a serial device path ("/dev/coupboard-shoe", "/dev/serial/by-id/…"), "tcp://host:port"
	// for a networked shoe or ser2net, "usb:VID:PID[:SERIAL]" to find it by USB identity, or "sim"
	// for the built-in simulated shoe.
	Port     string `toml:"port"`
	Protocol string `toml:"protocol"` // "csp1" (default) or "cardline"
	Baud     int    `toml:"baud"`     // default 9600
	Parity   string `toml:"parity"`   // "none" (default), "even", "odd"
	// SimScript is a shoe script the simulated shoe plays; empty plays random shuffled shoes.
	SimScript string `toml:"sim_script"`
	// SimSpeed multiplies the simulated shoe's pace (1 = a real dealer).
	SimSpeed float64 `toml:"sim_speed"`
}

// Display is the look of the table screen.
type Display struct {
	Theme       string `toml:"theme"`        // "classic", "night", "contrast", or a path to a theme file
	Language    string `toml:"language"`     // "en", "zh-Hans", "zh-Hant"
	Orientation string `toml:"orientation"`  // "landscape", "portrait", or "auto" (from the window's shape)
	Kiosk       bool   `toml:"kiosk"`        // full screen, no decorations, closable only with the supervisor PIN
	IdleMinutes int    `toml:"idle_minutes"` // minutes without a coup before the attract view (0: never)
}

// Journal says where the journal lives and how long it is kept.
type Journal struct {
	Path          string `toml:"path"`           // default: $XDG_DATA_HOME/coupboard/<table id>.db
	RetentionDays int    `toml:"retention_days"` // whole shoes older than this are pruned; 0 keeps everything
}

// Bus connects the table to the pit board over NATS. Empty URLs: no bus.
type Bus struct {
	URLs     []string `toml:"urls"`
	User     string   `toml:"user"`
	Password string   `toml:"password"`
	NKeySeed string   `toml:"nkey_seed_file"` // path to the table's nkey seed
	TLSCA    string   `toml:"tls_ca"`         // CA bundle; a tls:// URL or a CA turns TLS on
	TLSCert  string   `toml:"tls_cert"`
	TLSKey   string   `toml:"tls_key"`
	// Open publishes with no credentials on purpose (an open bus, where anyone may publish
	// for any table). Without credentials and without Open the configuration is refused.
	Open bool `toml:"open"`
}

// hasCredentials reports whether the table authenticates to the bus: user and password, an
// nkey seed, a client certificate (for servers that map certificates to users), or a user
// in a URL.
func (b Bus) hasCredentials() bool {
	if b.User != "" || b.NKeySeed != "" || b.TLSCert != "" {
		return true
	}
	for _, s := range b.URLs {
		if u, err := url.Parse(s); err == nil && u.User != nil {
			return true
		}
	}
	return false
}

// validate checks the bus section, naming the key.
func (b Bus) validate() error {
	for i, s := range b.URLs {
		u, err := url.Parse(s)
		switch {
		case err != nil || !strings.Contains(s, "://"):
			return fmt.Errorf("bus.urls[%d] %q: want nats://host:port or tls://host:port", i, s)
		case u.Scheme != "nats" && u.Scheme != "tls" && u.Scheme != "ws" && u.Scheme != "wss":
			return fmt.Errorf("bus.urls[%d] %q: scheme %q, want nats:// or tls:// (or ws://, wss://)", i, s, u.Scheme)
		case u.Hostname() == "":
			return fmt.Errorf("bus.urls[%d] %q: no host, want nats://host:port", i, s)
		}
	}
	switch {
	case len(b.URLs) > 0 && !b.Open && !b.hasCredentials():
		return errors.New("bus: no credentials (bus.user and bus.password, or bus.nkey_seed_file): anyone who reaches the bus " +
			"could publish rounds for this table; set the table's credentials, or set bus.open = true to publish on an open bus on purpose")
	case b.Open && b.hasCredentials():
		return errors.New("bus.open = true, but the table has credentials: remove bus.open")
	}
	return nil
}

// Operator holds the hashed PINs of the operator screen (never the PINs themselves).
type Operator struct {
	DealerPINHash     string `toml:"dealer_pin_hash"`
	SupervisorPINHash string `toml:"supervisor_pin_hash"`
	LockoutAttempts   int    `toml:"lockout_attempts"` // default 5
	LockoutMinutes    int    `toml:"lockout_minutes"`  // default 5
	// TableLockoutFactor and TableLockoutWindowMinutes are the table-wide limit of sign-ins with
	// the pit's operator directory: TableLockoutFactor × LockoutAttempts wrong PINs, of any
	// ids, within TableLockoutWindowMinutes lock the keypad for every id for LockoutMinutes
	// (defaults 3 and 15; app/access, people.Policy).
	TableLockoutFactor        int `toml:"table_lockout_factor"`
	TableLockoutWindowMinutes int `toml:"table_lockout_window_minutes"`
	// DirectoryCopy is where the table keeps its copy of the pit's operator directory
	// (default: beside the journal, <table id>.operators). With a good copy, operators sign in
	// with their own id and PIN and the role PINs above no longer open the screen.
	DirectoryCopy string `toml:"directory_copy"`
}

// WagerNames lists the limit names a configuration may use, in the order the sign shows them
// ("bet" is the single wager of Red Dog).
func WagerNames() []string {
	return []string{"player", "banker", "tie", "insurance", "runs", "bet"}
}

// Load reads and validates the configuration file at path.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read config %s: %w", path, err)
	}
	c, err := Parse(string(data))
	if err != nil {
		return nil, fmt.Errorf("config %s: %w", path, err)
	}
	return c, nil
}

// Parse decodes and validates a configuration from TOML text. Missing keys take their
// defaults; an unknown key or a bad value is an error naming the key.
func Parse(text string) (*Config, error) {
	c := Defaults()
	md, err := toml.Decode(text, c)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			if pe.LastKey != "" {
				return nil, fmt.Errorf("line %d (key %s): %s", pe.Position.Line, pe.LastKey, pe.Message)
			}
			return nil, fmt.Errorf("line %d: %s", pe.Position.Line, pe.Message)
		}
		return nil, err
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		sort.Strings(keys)
		return nil, fmt.Errorf("unknown key %s", strings.Join(keys, ", "))
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c, nil
}

// Demo is the configuration `coupboard` runs with no configuration file: a simulated shoe,
// vic-baccarat-2002 and sample limits.
func Demo() *Config {
	c := Defaults()
	c.Table = Table{ID: "demo", Name: "Baccarat 1", Casino: "coupboard demo", Currency: "AUD"}
	c.Limits = map[string]Limit{
		"player": {Min: "25", Max: "5000", Multiple: "5"},
		"banker": {Min: "25", Max: "5000", Multiple: "5"},
		"tie":    {Min: "5", Max: "500", Multiple: "5"},
	}
	return c
}

// Defaults is a configuration with every default filled in and no limits.
func Defaults() *Config {
	return &Config{
		Table:    Table{ID: "table-1", Name: "Baccarat", Currency: "AUD"},
		Game:     Game{Profile: "vic-baccarat-2002", Settings: map[string]string{}},
		Limits:   map[string]Limit{},
		Shoe:     Shoe{Port: "sim", Protocol: "csp1", Baud: 9600, Parity: "none", SimSpeed: 1},
		Display:  Display{Theme: "classic", Language: "en", Orientation: "auto", IdleMinutes: 10},
		Journal:  Journal{RetentionDays: 90},
		Operator: Operator{LockoutAttempts: 5, LockoutMinutes: 5, TableLockoutFactor: 3, TableLockoutWindowMinutes: 15},
		Backup:   Backup{Keep: 30},
	}
}

// Validate checks every value and returns the first problem, naming its key.
func (c *Config) Validate() error {
	if !validID(c.Table.ID) {
		return fmt.Errorf("table.id %q: use 1-32 letters, digits, '-' or '_'", c.Table.ID)
	}
	if len(c.Table.Currency) != 3 || strings.ToUpper(c.Table.Currency) != c.Table.Currency {
		return fmt.Errorf("table.currency %q: want an ISO 4217 code such as AUD or NZD", c.Table.Currency)
	}
	if strings.TrimSpace(c.Table.Name) == "" {
		return errors.New("table.name: must not be empty")
	}
	if c.Game.Profile == "" {
		return errors.New("game.profile: must name a rule profile (e.g. vic-baccarat-2002)")
	}
	names := make([]string, 0, len(c.Limits))
	for n := range c.Limits {
		names = append(names, n)
	}
	sort.Strings(names)
	cur := engine.CurrencyOf(c.Table.Currency) // amounts bare or in the table's own symbol
	for _, n := range names {
		if !contains(WagerNames(), n) {
			return fmt.Errorf("limits.%s: unknown wager (want one of %s)", n, strings.Join(WagerNames(), ", "))
		}
		l := c.Limits[n]
		min, err := cur.Parse(l.Min)
		if err != nil {
			return fmt.Errorf("limits.%s.min: %w", n, err)
		}
		max, err := cur.Parse(l.Max)
		if err != nil {
			return fmt.Errorf("limits.%s.max: %w", n, err)
		}
		if min <= 0 || max < min {
			return fmt.Errorf("limits.%s: want 0 < min <= max, got min %s max %s", n, l.Min, l.Max)
		}
		if l.Multiple != "" {
			m, err := cur.Parse(l.Multiple)
			if err != nil {
				return fmt.Errorf("limits.%s.multiple: %w", n, err)
			}
			if m <= 0 || min%m != 0 {
				return fmt.Errorf("limits.%s.multiple %s: must be positive and divide the minimum %s", n, l.Multiple, l.Min)
			}
		}
	}
	switch c.Shoe.Protocol {
	case "csp1", "cardline":
	default:
		return fmt.Errorf("shoe.protocol %q: want csp1 or cardline", c.Shoe.Protocol)
	}
	if c.Shoe.Port == "" {
		return errors.New(`shoe.port: must not be empty (a device path, tcp://host:port, usb:VID:PID, or "sim")`)
	}
	switch c.Shoe.Baud {
	case 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200:
	default:
		return fmt.Errorf("shoe.baud %d: want a standard rate such as 9600", c.Shoe.Baud)
	}
	switch c.Shoe.Parity {
	case "none", "even", "odd":
	default:
		return fmt.Errorf("shoe.parity %q: want none, even or odd", c.Shoe.Parity)
	}
	if err := finite(reflect.ValueOf(c).Elem(), ""); err != nil {
		return err
	}
	if err := CheckSimSpeed(c.Shoe.SimSpeed); err != nil {
		return fmt.Errorf("shoe.sim_speed %w", err)
	}
	switch c.Display.Language {
	case "en", "zh-Hans", "zh-Hant":
	default:
		return fmt.Errorf("display.language %q: want en, zh-Hans or zh-Hant", c.Display.Language)
	}
	switch c.Display.Orientation {
	case "landscape", "portrait", "auto":
	default:
		return fmt.Errorf("display.orientation %q: want landscape, portrait or auto", c.Display.Orientation)
	}
	if c.Display.Theme == "" {
		return errors.New("display.theme: want classic, night, contrast or a theme file path")
	}
	if err := bounded("display.idle_minutes", c.Display.IdleMinutes, 0, MaxIdleMinutes, "minutes (0: never)"); err != nil {
		return err
	}
	if err := bounded("journal.retention_days", c.Journal.RetentionDays, 0, MaxRetentionDays, "days (0: keep everything)"); err != nil {
		return err
	}
	if err := c.Bus.validate(); err != nil {
		return err
	}
	if (c.Bus.TLSCert == "") != (c.Bus.TLSKey == "") {
		return errors.New("bus.tls_cert and bus.tls_key: give both or neither")
	}
	if c.Backup.Dir != "" && !strings.HasPrefix(c.Backup.Dir, "/") {
		return fmt.Errorf("backup.dir %q: want an absolute path", c.Backup.Dir)
	}
	if c.Backup.Pit && len(c.Bus.URLs) == 0 {
		return errors.New("backup.pit: the pit is reached over the bus: set bus.urls (and the table's credentials), or backup.pit = false")
	}
	if err := bounded("backup.keep", c.Backup.Keep, 0, MaxBackupKeep, "daily copies (0: keep all)"); err != nil {
		return err
	}
	if err := bounded("operator.lockout_attempts", c.Operator.LockoutAttempts, 1, MaxLockoutAttempts, "wrong PINs in a row"); err != nil {
		return err
	}
	if err := bounded("operator.table_lockout_factor", c.Operator.TableLockoutFactor, 1, MaxTableLockoutFactor, "times operator.lockout_attempts"); err != nil {
		return err
	}
	if err := bounded("operator.table_lockout_window_minutes", c.Operator.TableLockoutWindowMinutes, 1, MaxLockoutMinutes, "minutes"); err != nil {
		return err
	}
	return bounded("operator.lockout_minutes", c.Operator.LockoutMinutes, 1, MaxLockoutMinutes, "minutes")
}

// TableLockoutWindow is operator.table_lockout_window_minutes as a duration.
func (o Operator) TableLockoutWindow() time.Duration {
	return time.Duration(o.TableLockoutWindowMinutes) * time.Minute
}

// The largest values of the keys that are lengths of time (each becomes a time.Duration,
// which holds at most about 292 years) and of the lockout's count.
const (
	MaxIdleMinutes     = 24 * 60   // display.idle_minutes: a day
	MaxRetentionDays   = 100 * 366 // journal.retention_days: a hundred years
	MaxLockoutMinutes  = 24 * 60   // operator.lockout_minutes: a day
	MaxLockoutAttempts = 100       // operator.lockout_attempts
	// MaxTableLockoutFactor bounds operator.table_lockout_factor: the table-wide limit is at
	// most this many times the per-id one.
	MaxTableLockoutFactor = 100
	MaxSimSpeed           = 1000.0    // shoe.sim_speed
	MaxBackupKeep         = 100 * 366 // backup.keep: a hundred years of daily copies
)

// bounded checks that the integer key is in [lo, hi]; unit says what it counts.
func bounded(key string, v, lo, hi int, unit string) error {
	if v < lo || v > hi {
		return fmt.Errorf("%s %d: want %d to %d %s", key, v, lo, hi, unit)
	}
	return nil
}

// CheckSimSpeed checks a simulated shoe's pace multiplier (shoe.sim_speed, --sim-speed):
// a number more than 0 and at most MaxSimSpeed (NaN and infinities are not numbers of pace).
func CheckSimSpeed(v float64) error {
	if !(v > 0 && v <= MaxSimSpeed) { // false for NaN too
		return fmt.Errorf("%v: want a number more than 0 and at most %v", v, MaxSimSpeed)
	}
	return nil
}

// finite returns an error naming the first float key under v (a struct, its keys named by
// their toml tags under prefix) that holds NaN or an infinity: TOML can write both, and no
// key of coupboard means either.
func finite(v reflect.Value, prefix string) error {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("%s %v: want a finite number", prefix, f)
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ",")
			if name == "" || name == "-" {
				continue
			}
			if prefix != "" {
				name = prefix + "." + name
			}
			if err := finite(v.Field(i), name); err != nil {
				return err
			}
		}
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		for _, k := range keys {
			if err := finite(v.MapIndex(k), fmt.Sprintf("%s.%v", prefix, k)); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if err := finite(v.Index(i), fmt.Sprintf("%s[%d]", prefix, i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// SettingsList returns the game settings as sorted "key=value" strings, the form the engine's
// settings parser and `--set` take.
func (c *Config) SettingsList() []string {
	out := make([]string, 0, len(c.Game.Settings))
	for k, v := range c.Game.Settings {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}

func validID(s string) bool {
	if len(s) < 1 || len(s) > 32 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
