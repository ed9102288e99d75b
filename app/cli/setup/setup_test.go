package setup

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"golang.org/x/crypto/bcrypt"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/people"
)

// fakeSys builds a file system root with the sysfs and /dev/serial/by-id entries of a mini PC:
// an FTDI USB serial adapter (ttyUSB0, with a by-id link), an Arduino-style CDC ACM device
// (ttyACM0), motherboard UARTs bound through pnp (ttyS4) and pci (ttyS5, as kernel 6.4 on shows
// it), 8250 placeholders (ttyS0; ttyS1 as kernel 6.4 on shows it) and a virtual terminal
// (tty1), the last three not serial ports.
func fakeSys(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	mk := func(dir string, files map[string]string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
		for n, v := range files {
			if err := os.WriteFile(filepath.Join(root, dir, n), []byte(v+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	link := func(target, name string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	usb := "sys/devices/pci0000:00/0000:00:14.0/usb1"
	mk(usb+"/1-2", map[string]string{"idVendor": "0403", "idProduct": "6001", "serial": "A50285BI", "manufacturer": "FTDI", "product": "FT232R USB UART"})
	mk(usb+"/1-2/1-2:1.0/ttyUSB0", nil)
	mk("sys/bus/usb-serial/drivers/ftdi_sio", nil)
	link(filepath.Join(root, "sys/bus/usb-serial/drivers/ftdi_sio"), usb+"/1-2/1-2:1.0/ttyUSB0/driver")
	mk("sys/class/tty/ttyUSB0", nil)
	link("../../../devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/ttyUSB0", "sys/class/tty/ttyUSB0/device")

	mk(usb+"/1-3", map[string]string{"idVendor": "2341", "idProduct": "0043"})
	mk(usb+"/1-3/1-3:1.0", nil)
	mk("sys/bus/usb/drivers/cdc_acm", nil)
	link(filepath.Join(root, "sys/bus/usb/drivers/cdc_acm"), usb+"/1-3/1-3:1.0/driver")
	mk("sys/class/tty/ttyACM0", nil)
	link("../../../devices/pci0000:00/0000:00:14.0/usb1/1-3/1-3:1.0", "sys/class/tty/ttyACM0/device")

	mk("sys/devices/pnp0/00:05", nil)
	mk("sys/bus/pnp/drivers/serial", nil)
	link(filepath.Join(root, "sys/bus/pnp/drivers/serial"), "sys/devices/pnp0/00:05/driver")
	mk("sys/class/tty/ttyS4", nil)
	link("../../../devices/pnp0/00:05", "sys/class/tty/ttyS4/device")

	mk("sys/devices/platform/serial8250", nil)
	mk("sys/bus/platform/drivers/serial8250", nil)
	link(filepath.Join(root, "sys/bus/platform/drivers/serial8250"), "sys/devices/platform/serial8250/driver")
	mk("sys/class/tty/ttyS0", nil)
	link("../../../devices/platform/serial8250", "sys/class/tty/ttyS0/device")
	// Kernel 6.4 on: a phantom port has the serial core's device (driver "port") and type 0;
	// a real one (ttyS5, on pci) has its UART's type and its parent's driver.
	mk("sys/devices/pnp0/00:06/00:06:0/00:06:0.0", nil)
	mk("sys/bus/serial-base/drivers/port", nil)
	link(filepath.Join(root, "sys/bus/serial-base/drivers/port"), "sys/devices/pnp0/00:06/00:06:0/00:06:0.0/driver")
	mk("sys/class/tty/ttyS1", map[string]string{"type": "0"})
	link("../../../devices/pnp0/00:06/00:06:0/00:06:0.0", "sys/class/tty/ttyS1/device")
	mk("sys/devices/pci0000:00/0000:00:16.3", nil)
	mk("sys/bus/pci/drivers/serial", nil)
	link(filepath.Join(root, "sys/bus/pci/drivers/serial"), "sys/devices/pci0000:00/0000:00:16.3/driver")
	mk("sys/devices/pci0000:00/0000:00:16.3/0000:00:16.3:0/0000:00:16.3:0.0", nil)
	link(filepath.Join(root, "sys/bus/serial-base/drivers/port"), "sys/devices/pci0000:00/0000:00:16.3/0000:00:16.3:0/0000:00:16.3:0.0/driver")
	mk("sys/class/tty/ttyS5", map[string]string{"type": "4"})
	link("../../../devices/pci0000:00/0000:00:16.3/0000:00:16.3:0/0000:00:16.3:0.0", "sys/class/tty/ttyS5/device")
	mk("sys/class/tty/tty1", nil)

	link("../../ttyUSB0", "dev/serial/by-id/usb-FTDI_FT232R_USB_UART_A50285BI-if00-port0")
	return root
}

func TestDiscover(t *testing.T) {
	ports, err := Discover(fakeSys(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []Port{
		{Path: "/dev/serial/by-id/usb-FTDI_FT232R_USB_UART_A50285BI-if00-port0", TTY: "ttyUSB0", VID: "0403", PID: "6001", Serial: "A50285BI", Manufacturer: "FTDI", Product: "FT232R USB UART", Driver: "ftdi_sio"},
		{Path: "/dev/ttyACM0", TTY: "ttyACM0", VID: "2341", PID: "0043", Driver: "cdc_acm"},
		{Path: "/dev/ttyS4", TTY: "ttyS4", Driver: "serial"},
		{Path: "/dev/ttyS5", TTY: "ttyS5", Driver: "serial"},
	}
	if !reflect.DeepEqual(ports, want) {
		t.Fatalf("Discover:\n got %+v\nwant %+v", ports, want)
	}
	if got := ports[0].USBPort(); got != "usb:0403:6001:A50285BI" {
		t.Errorf("USBPort %q", got)
	}
	if got := ports[2].USBPort(); got != "" {
		t.Errorf("a pnp UART has USB port %q", got)
	}
	if got := ports[0].String(); got != "/dev/serial/by-id/usb-FTDI_FT232R_USB_UART_A50285BI-if00-port0  (ttyUSB0, USB 0403:6001 FTDI FT232R USB UART, serial A50285BI, driver ftdi_sio)" {
		t.Errorf("String %q", got)
	}
	if p, err := Discover(t.TempDir()); err != nil || len(p) != 0 {
		t.Errorf("no sysfs: %v, %v", p, err)
	}
}

// testEnv is a machine named bac-07 with the fake sysfs and a configuration directory; its
// validator refuses a kiosk with no way out by the table's own rule (access.KioskWayOut).
func testEnv(t *testing.T) Env {
	return Env{
		Root: fakeSys(t), ConfigDir: t.TempDir(),
		Hostname: func() (string, error) { return "bac-07", nil },
		Validate: func(c *config.Config, dir *people.Directory) error {
			if c.Display.Kiosk {
				return access.KioskWayOut(access.WayOut{SupervisorPINHash: c.Operator.SupervisorPINHash, Directory: dir, From: "the pit's"})
			}
			return nil
		},
	}
}

func TestInteractive(t *testing.T) {
	env := testEnv(t)
	answers := strings.Join([]string{
		"",                    // table id: the host name
		"Baccarat 7",          // name
		"Riverside",           // casino
		"nz-baccarat-1998",    // profile
		"50 10000 5",          // banker limits
		"lots",                // player limits not understood: asked again
		"",                    // player limits kept
		"",                    // tie limits kept
		"9",                   // not a port listed: asked again
		"1",                   // the FTDI adapter
		"",                    // protocol csp1
		"nats://pit.lan:4222", // pit server
		"",                    // user: the table id
		"s3cret",              // password
		"backup",              // not absolute: asked again
		"/mnt/backup",         // backup directory
		"",                    // kiosk: yes
		"12",                  // supervisor PIN too short: asked again
		"482916", "482917",    // the two differ: asked again
		"482916", "482916", // supervisor PIN
		"",     // no dealer PIN
		"yes"}, // write
		"\n") + "\n"
	var out bytes.Buffer
	if err := Run(nil, strings.NewReader(answers), &out, &out, env); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, s := range []string{"1) /dev/serial/by-id/usb-FTDI", "2) /dev/ttyACM0  (USB 2341:0043, driver cdc_acm)", "9: not a port above",
		"a PIN has 4 to 12 digits", "the two PINs differ", "Limits for banker [25 5000 5]: ", `"lots": want the minimum, the maximum`, `"backup": want an absolute directory, or none`, "Table id (the journal's name and the pit bus subjects) [bac-07]: ",
		"wrote " + filepath.Join(env.ConfigDir, "coupboard.toml")} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("output lacks %q:\n%s", s, out.String())
		}
	}
	if strings.Contains(out.String(), "482916") || strings.Contains(out.String(), "s3cret") {
		t.Error("a PIN or the password was printed")
	}
	path := filepath.Join(env.ConfigDir, "coupboard.toml")
	c, err := config.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if c.Table.ID != "bac-07" || c.Table.Name != "Baccarat 7" || c.Table.Casino != "Riverside" || c.Game.Profile != "nz-baccarat-1998" ||
		c.Shoe.Port != "/dev/serial/by-id/usb-FTDI_FT232R_USB_UART_A50285BI-if00-port0" || !c.Display.Kiosk ||
		!reflect.DeepEqual(c.Bus.URLs, []string{"nats://pit.lan:4222"}) || c.Bus.User != "bac-07" || c.Bus.Password != "s3cret" || c.Operator.DealerPINHash != "" || c.Backup.Dir != "/mnt/backup" {
		t.Errorf("wrote %+v", c)
	}
	if bcrypt.CompareHashAndPassword([]byte(c.Operator.SupervisorPINHash), []byte("482916")) != nil {
		t.Error("the supervisor PIN hash does not match the PIN")
	}
	if want := (config.Limit{Min: "50", Max: "10000", Multiple: "5"}); c.Limits["banker"] != want || c.Limits["player"] != (config.Limit{Min: "25", Max: "5000", Multiple: "5"}) {
		t.Errorf("limits %+v", c.Limits)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, %v", fi.Mode(), err)
	}

	// Again, from the file just written: Enter keeps every answer, the PIN and the password too;
	// the old file is kept as .bak.
	out.Reset()
	keep := strings.Repeat("\n", 16) + "y\n"
	if err := Run(nil, strings.NewReader(keep), &out, &out, env); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	c2, err := config.Load(path)
	if err != nil || !reflect.DeepEqual(c, c2) {
		t.Errorf("Enter did not keep everything: %v\n%+v\n%+v", err, c, c2)
	}
	if _, err := os.Stat(path + ".bak"); err != nil {
		t.Error("no .bak of the old file")
	}
}

func TestNonInteractive(t *testing.T) {
	env := testEnv(t)
	// The host's own file exists: it is the one written (the table chooses it first).
	host := TablePath(env.ConfigDir, "bac-07")
	if err := os.MkdirAll(filepath.Dir(host), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(host, []byte("[table]\nid = \"BAC-07\"\n[shoe]\nport = \"/dev/ttyUSB0\"\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	args := []string{"--non-interactive", "--pins-stdin", "--profile", "vic-red-dog-1997", "--table-name", "Red Dog 2", "--pit-url", "none"}
	if err := Run(args, strings.NewReader("7531\n2468\n"), &out, &out, env); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if out.String() != "wrote "+host+"\n" {
		t.Errorf("non-interactive output %q", out.String())
	}
	c, err := config.Load(host)
	if err != nil {
		t.Fatal(err)
	}
	if c.Table.ID != "BAC-07" || c.Shoe.Port != "/dev/ttyUSB0" || c.Game.Profile != "vic-red-dog-1997" || len(c.Limits) != 1 || c.Limits["bet"].Min == "" || !c.Display.Kiosk {
		t.Errorf("wrote %+v", c)
	}
	if bcrypt.CompareHashAndPassword([]byte(c.Operator.SupervisorPINHash), []byte("7531")) != nil ||
		bcrypt.CompareHashAndPassword([]byte(c.Operator.DealerPINHash), []byte("2468")) != nil {
		t.Error("PIN hashes do not match the PINs read")
	}
}

func TestRefusals(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		stdin string
		want  string
	}{
		{"kiosk with no way out", []string{"--non-interactive"}, "", "refused: nobody could leave kiosk mode"},
		{"bad hash", []string{"--non-interactive", "--supervisor-pin-hash", "1234"}, "", "--supervisor-pin-hash: not a bcrypt hash"},
		{"bad table id", []string{"--non-interactive", "--table-id", "BAC 07"}, "", `--table-id: table.id "BAC 07"`},
		{"unknown profile", []string{"--non-interactive", "--profile", "macau"}, "", `--profile: "macau" is not a rule profile`},
		{"bad pit URL", []string{"--non-interactive", "--kiosk=false", "--pit-url", "pit.lan:4222", "--bus-open"}, "", "refused: bus.urls[0]"},
		{"pit with no password", []string{"--non-interactive", "--kiosk=false", "--pit-url", "nats://pit.lan:4222", "--bus-user", "x"}, "", `user "x" has no password`},
		{"short PIN", []string{"--non-interactive", "--pins-stdin"}, "12\n", "--pins-stdin: the supervisor PIN: a PIN has 4 to 12 digits"},
		{"no PIN", []string{"--non-interactive", "--pins-stdin"}, "", "--pins-stdin: the supervisor PIN: standard input ended"},
		{"answers end", nil, "BAC-07\n", "standard input ended before the answer"},
		{"unknown wager", []string{"--non-interactive", "--limit", "dragon=5-100"}, "", "--limit dragon: unknown wager"},
		{"limit not understood", []string{"--non-interactive", "--limit", "banker=25"}, "", `invalid value "banker=25" for flag -limit: banker: "25": want the minimum`},
		{"no", []string{"--kiosk=false", "--shoe-port", "sim", "--pit-url", "none"}, strings.Repeat("\n", 8) + "1234\n1234\n\nn\n", "nothing written"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := testEnv(t)
			var out bytes.Buffer
			err := Run(tc.args, strings.NewReader(tc.stdin), &out, &out, env)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error with %q\n%s", err, tc.want, out.String())
			}
			if ents, _ := os.ReadDir(env.ConfigDir); len(ents) != 0 {
				t.Errorf("written despite the refusal: %v", ents)
			}
		})
	}
}

func TestStartingConfigurationBad(t *testing.T) {
	env := testEnv(t)
	p := filepath.Join(env.ConfigDir, "coupboard.toml")
	if err := os.WriteFile(p, []byte("[shoe]\nbaud = 9601\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	err := Run([]string{"--non-interactive"}, strings.NewReader(""), os.Stderr, os.Stderr, env)
	if err == nil || !strings.Contains(err.Error(), "shoe.baud 9601") || !strings.Contains(err.Error(), "--from") {
		t.Fatalf("got %v", err)
	}
}

// Render writes what Parse reads back, for the defaults, the demo and the shipped example.
func TestRenderRoundTrip(t *testing.T) {
	ex, err := config.Load("../../../deploy/coupboard.example.toml")
	if err != nil {
		t.Fatal(err)
	}
	odd := config.Demo()
	odd.Table.Name, odd.Table.Casino = `Say "hi" \ 7`, "tab\there\x01"
	odd.Bus = config.Bus{URLs: []string{"nats://a:1", "tls://b:2"}, User: "u", Password: "p\"w"}
	for _, c := range []*config.Config{config.Defaults(), config.Demo(), ex, odd} {
		got, err := config.Parse(Render(c))
		if err != nil {
			t.Fatalf("%v\n%s", err, Render(c))
		}
		if len(c.Bus.URLs) == 0 { // nil and [] are the same list
			got.Bus.URLs, c.Bus.URLs = nil, nil
		}
		if !reflect.DeepEqual(got, c) {
			t.Errorf("round trip:\n got %+v\nwant %+v", got, c)
		}
	}
}

// FuzzQuote: every string survives q and a TOML decoder.
func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", "a", `"\`, "\x00\x7f\n\t", "日本", "\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !strings.ContainsRune(s, '\uFFFD') && strings.ToValidUTF8(s, "") == s {
			var v struct{ X string }
			if _, err := toml.Decode("X = "+q(s), &v); err != nil || v.X != s {
				t.Fatalf("%q: %q, %v", s, v.X, err)
			}
		}
	})
}
