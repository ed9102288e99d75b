package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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

func TestParseMoney(t *testing.T) {
	for in, want := range map[string]int64{"25": 2500, "2.5": 250, "2.50": 250, "0.05": 5, "1000": 100000} {
		got, err := ParseMoney(in)
		if err != nil || got != want {
			t.Errorf("ParseMoney(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "-5", "1.234", "abc", "1.", "1e3"} {
		if _, err := ParseMoney(bad); err == nil {
			t.Errorf("ParseMoney(%q) accepted", bad)
		}
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
	f.Fuzz(func(t *testing.T, text string) {
		c, err := Parse(text)
		if err == nil && c.Validate() != nil {
			t.Fatalf("Parse accepted a config that does not validate: %q", text)
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
