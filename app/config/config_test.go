package config

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
)

func TestParseValid(t *testing.T) {
	c, err := Parse(`
[table]
id = "BAC-07"
name = "Baccarat 7"
casino = "Riverside"
[game]
profile = "nz-baccarat-1998"
settings = { style = "C", smallest_chip = "100" }
[limits.banker]
min = "25"
max = "5000.50"
multiple = "5"
[shoe]
port = "/dev/coupboard-shoe"
[display]
language = "zh-Hant"
`)
	if err != nil {
		t.Fatal(err)
	}
	if c.Table.ID != "BAC-07" || c.Game.Profile != "nz-baccarat-1998" || c.Display.Language != "zh-Hant" {
		t.Errorf("decoded %+v", c)
	}
	if c.Shoe.Baud != 9600 || c.Shoe.Protocol != "csp1" || c.Display.Theme != "classic" {
		t.Errorf("defaults not applied: %+v %+v", c.Shoe, c.Display)
	}
	if got := strings.Join(c.SettingsList(), " "); got != "smallest_chip=100 style=C" {
		t.Errorf("SettingsList = %q", got)
	}
}

func TestParseErrorsNameTheKey(t *testing.T) {
	tests := []struct{ text, key string }{
		{`colour = "red"`, "colour"},
		{"[display]\nlanguage = \"fr\"", "display.language"},
		{"[display]\norientation = \"sideways\"", "display.orientation"},
		{"[shoe]\nprotocol = \"x\"", "shoe.protocol"},
		{"[shoe]\nbaud = 9601", "shoe.baud"},
		{"[shoe]\nparity = \"mark\"", "shoe.parity"},
		{"[table]\nid = \"bad id!\"", "table.id"},
		{"[limits.banker]\nmin = \"x\"\nmax = \"10\"", "limits.banker.min"},
		{"[limits.banker]\nmin = \"50\"\nmax = \"10\"", "limits.banker"},
		{"[limits.craps]\nmin = \"5\"\nmax = \"10\"", "limits.craps"},
		{"[limits.tie]\nmin = \"5\"\nmax = \"10\"\nmultiple = \"2\"", "limits.tie.multiple"},
		{"[bus]\nurls = [\"localhost\"]", "bus.urls[0]"},
		{"[bus]\ntls_cert = \"a\"", "bus.tls_cert"},
		{"[journal]\nretention_days = -1", "journal.retention_days"},
		{"[table]\nid = 5", "line"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.key) {
			t.Errorf("Parse(%q) error = %v, want it to name %q", tt.text, err, tt.key)
		}
	}
}

// TestBadValuesNameTheirKey closes the smaller holes of issue 21 item 6: each value here was
// accepted (or refused without naming its key) before.
func TestBadValuesNameTheirKey(t *testing.T) {
	for _, tt := range []struct{ name, text, want string }{
		{"sim_speed nan", "[shoe]\nsim_speed = nan", "shoe.sim_speed NaN"},
		{"sim_speed +nan", "[shoe]\nsim_speed = +nan", "shoe.sim_speed NaN"},
		{"sim_speed -nan", "[shoe]\nsim_speed = -nan", "shoe.sim_speed NaN"},
		{"sim_speed inf", "[shoe]\nsim_speed = inf", "shoe.sim_speed +Inf"},
		{"sim_speed -inf", "[shoe]\nsim_speed = -inf", "shoe.sim_speed -Inf"},
		{"sim_speed zero", "[shoe]\nsim_speed = 0.0", "shoe.sim_speed 0"},
		{"sim_speed negative", "[shoe]\nsim_speed = -1.0", "shoe.sim_speed -1"},
		{"sim_speed too fast", "[shoe]\nsim_speed = 1000.5", "shoe.sim_speed 1000.5"},
		{"sim_speed huge", "[shoe]\nsim_speed = 1e308", "shoe.sim_speed"},
		{"lockout_minutes huge", "[operator]\nlockout_minutes = 99999999999999", "operator.lockout_minutes 99999999999999: want 1 to 1440"},
		{"lockout_minutes max+1", "[operator]\nlockout_minutes = 1441", "operator.lockout_minutes 1441"},
		{"lockout_minutes zero", "[operator]\nlockout_minutes = 0", "operator.lockout_minutes 0"},
		{"lockout_minutes over int64", "[operator]\nlockout_minutes = 999999999999999999999", "operator.lockout_minutes"},
		{"lockout_attempts huge", "[operator]\nlockout_attempts = 9223372036854775807", "operator.lockout_attempts"},
		{"lockout_attempts zero", "[operator]\nlockout_attempts = 0", "operator.lockout_attempts 0"},
		{"table_lockout_factor zero", "[operator]\ntable_lockout_factor = 0", "operator.table_lockout_factor 0: want 1 to 100 times operator.lockout_attempts"},
		{"table_lockout_factor max+1", "[operator]\ntable_lockout_factor = 101", "operator.table_lockout_factor 101"},
		{"table_lockout_factor negative", "[operator]\ntable_lockout_factor = -3", "operator.table_lockout_factor -3"},
		{"table_lockout_window_minutes zero", "[operator]\ntable_lockout_window_minutes = 0", "operator.table_lockout_window_minutes 0: want 1 to 1440 minutes"},
		{"table_lockout_window_minutes max+1", "[operator]\ntable_lockout_window_minutes = 1441", "operator.table_lockout_window_minutes 1441"},
		{"table_lockout_window_minutes huge", "[operator]\ntable_lockout_window_minutes = 99999999999999", "operator.table_lockout_window_minutes"},
		{"idle_minutes huge", "[display]\nidle_minutes = 99999999999999", "display.idle_minutes 99999999999999: want 0 to 1440"},
		{"idle_minutes negative", "[display]\nidle_minutes = -1", "display.idle_minutes -1"},
		{"retention_days huge", "[journal]\nretention_days = 9999999999", "journal.retention_days 9999999999: want 0 to 36600"},
		{"retention_days max+1", "[journal]\nretention_days = 36601", "journal.retention_days 36601"},
		{"retention_days negative", "[journal]\nretention_days = -1", "journal.retention_days -1"},
		{"baud over int64", "[shoe]\nbaud = 99999999999999999999", "shoe.baud"},
		{"money with signs", "[limits.banker]\nmin = \"+5.+1\"\nmax = \"10\"", "limits.banker.min"},
		{"money sign", "[limits.banker]\nmin = \"+5\"\nmax = \"10\"", "limits.banker.min"},
		{"money exponent", "[limits.tie]\nmin = \"5\"\nmax = \"1e3\"", "limits.tie.max"},
		{"huge limit", "[limits.banker]\nmin = \"5\"\nmax = \"99999999999\"", "limits.banker.max"},
		{"huge limit digits", "[limits.player]\nmin = \"5\"\nmax = \"99999999999999999999\"", "limits.player.max"},
		{"huge multiple", "[limits.player]\nmin = \"5\"\nmax = \"10\"\nmultiple = \"99999999999\"", "limits.player.multiple"},
		{"limit as a number", "[limits.banker]\nmin = 5\nmax = \"10\"", "limits.banker.min"},
		{"limit as a huge number", "[limits.banker]\nmin = \"5\"\nmax = 99999999999999999999", "limits.banker.max"},
		{"backup to the pit with no bus", "[backup]\npit = true", "backup.pit: the pit is reached over the bus: set bus.urls"},
		{"dollars at a pataca table", "[table]\ncurrency = \"MOP\"\n[limits.player]\nmin = \"$5\"\nmax = \"10\"", `limits.player.min: amount "$5": "$" is not the table's currency "MOP$"`},
		{"patacas at a dollar table", "[limits.player]\nmin = \"5\"\nmax = \"MOP$10\"", `limits.player.max: amount "MOP$10": "MOP$" is not the table's currency "$"`},
		{"yen at a yuan table", "[table]\ncurrency = \"CNY\"\n[limits.tie]\nmin = \"¥5\"\nmax = \"10\"", `"¥" is not the table's currency "CNY"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.text)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Parse(%q) error = %v, want it to contain %q", tt.text, err, tt.want)
			}
		})
	}
}

// TestLargestValuesAccepted checks that each bound is inclusive and a config at every bound
// loads, so the bounds refuse only what overflows or means nothing.
func TestLargestValuesAccepted(t *testing.T) {
	c, err := Parse(`
[shoe]
sim_speed = 1000.0
[display]
idle_minutes = 1440
[journal]
retention_days = 36600
[operator]
lockout_minutes = 1440
lockout_attempts = 100
table_lockout_factor = 100
table_lockout_window_minutes = 1440
[limits.banker]
min = "0.01"
max = "10,000,000,000"
`)
	if err != nil {
		t.Fatal(err)
	}
	if c.Operator.TableLockoutFactor != 100 || c.Operator.TableLockoutWindow() != 24*time.Hour {
		t.Errorf("table-wide lockout: %+v", c.Operator)
	}
	if c.Limits["banker"].Max != "10,000,000,000" || c.Shoe.SimSpeed != 1000 {
		t.Errorf("decoded %+v", c)
	}
	for _, v := range []float64{5e-324, 1e-9, 0.001, 1, 999.999} {
		if err := CheckSimSpeed(v); err != nil {
			t.Errorf("CheckSimSpeed(%v) = %v", v, err)
		}
	}
}

// TestFloatKeysFinite checks the walk that refuses NaN and infinities names the key of any
// float, wherever it sits.
func TestFloatKeysFinite(t *testing.T) {
	type inner struct {
		F float64 `toml:"f"`
	}
	type outer struct {
		A inner            `toml:"a"`
		M map[string]inner `toml:"m"`
		S []float64        `toml:"s"`
	}
	for _, tt := range []struct {
		v    outer
		want string
	}{
		{outer{A: inner{math.NaN()}}, "a.f NaN"},
		{outer{M: map[string]inner{"x": {math.Inf(1)}}}, "m.x.f +Inf"},
		{outer{S: []float64{1, math.Inf(-1)}}, "s[1] -Inf"},
	} {
		err := finite(reflect.ValueOf(tt.v), "")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("finite(%+v) = %v, want %q", tt.v, err, tt.want)
		}
	}
	if err := finite(reflect.ValueOf(outer{A: inner{1}, S: []float64{2}}), ""); err != nil {
		t.Errorf("finite numbers refused: %v", err)
	}
}

func TestDemoAndExampleAreValid(t *testing.T) {
	if err := Demo().Validate(); err != nil {
		t.Fatalf("demo config invalid: %v", err)
	}
	example := filepath.Join("..", "..", "deploy", "coupboard.example.toml")
	if _, err := os.Stat(example); err != nil {
		t.Fatalf("the documented example %s is missing: %v", example, err)
	}
	if _, err := Load(example); err != nil {
		t.Fatalf("the documented example does not load: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add("[table]\nid = \"x\"\nname = \"y\"")
	f.Add("[limits.banker]\nmin = \"1.5\"\nmax = \"2\"")
	f.Add("[shoe]\nsim_speed = nan")
	f.Add("[shoe]\nsim_speed = 5e-324")
	f.Add("[operator]\nlockout_minutes = 1440\nlockout_attempts = 5")
	f.Add("[journal]\nretention_days = 36600")
	f.Add("[display]\nidle_minutes = 99999999999999")
	f.Add("[limits.tie]\nmin = \"+5.+1\"\nmax = \"1,000.50\"\nmultiple = \"0.5\"")
	f.Fuzz(func(t *testing.T, text string) {
		c, err := Parse(text)
		if err != nil {
			// Every error names a key or a line.
			if msg := err.Error(); !strings.Contains(msg, ".") && !strings.Contains(msg, "line ") && !strings.Contains(msg, "key") {
				t.Fatalf("Parse(%q) error %q names no key", text, msg)
			}
			return
		}
		if c.Validate() != nil {
			t.Fatalf("Parse accepted a config that does not validate: %q", text)
		}
		// What it accepted is usable: durations fit, the pace is a number, limits are money.
		if math.IsNaN(c.Shoe.SimSpeed) || math.IsInf(c.Shoe.SimSpeed, 0) {
			t.Fatalf("Parse(%q) accepted sim_speed %v", text, c.Shoe.SimSpeed)
		}
		for _, m := range []int{c.Display.IdleMinutes, c.Operator.LockoutMinutes, c.Journal.RetentionDays * 24 * 60} {
			if d := time.Duration(m) * time.Minute; d < 0 || d/time.Minute != time.Duration(m) {
				t.Fatalf("Parse(%q) accepted %d minutes, which overflow a duration", text, m)
			}
		}
		for n, l := range c.Limits {
			for _, v := range []string{l.Min, l.Max} {
				if _, err := engine.CurrencyOf(c.Table.Currency).Parse(v); err != nil {
					t.Fatalf("Parse(%q) accepted limits.%s %q: %v", text, n, v, err)
				}
			}
		}
	})
}

// TestBusCredentialsAndURLs: a bus URL needs a host, and a table with a bus needs credentials
// unless bus.open asks for an open bus; every refusal names its key.
func TestBusCredentialsAndURLs(t *testing.T) {
	tests := []struct{ bus, key string }{
		{`urls = ["nats://"]`, "bus.urls[0]"},
		{`urls = ["nats://:4222"]`, "bus.urls[0]"},
		{`urls = ["tls:///pit"]`, "bus.urls[0]"},
		{`urls = ["nats://pit:4222", "nats://"]` + "\nuser = \"t\"", "bus.urls[1]"},
		{`urls = ["http://pit:4222"]`, "bus.urls[0]"},
		{`urls = ["nats://pit:4222"]`, "bus.open"},
		{`urls = ["nats://pit:4222"]` + "\nopen = true\nuser = \"t\"\npassword = \"p\"", "bus.open"},
	}
	for _, tt := range tests {
		_, err := Parse("[bus]\n" + tt.bus)
		if err == nil || !strings.Contains(err.Error(), tt.key) {
			t.Errorf("[bus] %s: error %v, want one naming %s", tt.bus, err, tt.key)
		}
	}
	for _, ok := range []string{
		"",
		`urls = ["nats://pit:4222"]` + "\nuser = \"bac-07\"\npassword = \"p\"",
		`urls = ["tls://pit.local"]` + "\nnkey_seed_file = \"/etc/coupboard/bac-07.nk\"",
		`urls = ["nats://bac-07:p@pit:4222"]`,
		`urls = ["nats://10.0.0.5:4222"]` + "\nopen = true",
	} {
		if _, err := Parse("[bus]\n" + ok); err != nil {
			t.Errorf("[bus] %s: %v", ok, err)
		}
	}
}
