package operator

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/serialin"
)

// shoeLink is a Diagnostics for the screen test: a fixed status and log, and a record of what
// the screen asked it to do.
type shoeLink struct {
	calls []string
}

func (d *shoeLink) Status() serialin.Status {
	return serialin.Status{State: serialin.LinkSilent, Port: "/dev/coupboard-shoe", Err: "no valid frame for 12 s", Fault: serialin.FaultSilent,
		Since: time.Date(2026, 11, 22, 20, 58, 30, 0, time.UTC), Connects: 2, Frames: 1840, Cards: 412,
		NoiseBytes: 37, Corrupt: 3, Duplicates: 5, Gaps: 1, Lost: 2, Unproven: 6, Misreads: 1}
}

func (d *shoeLink) Ports() ([]string, error) {
	return []string{"/dev/coupboard-shoe", "/dev/ttyUSB0"}, nil
}

func (d *shoeLink) Protocols() []string { return []string{"csp1", "cardline"} }

func (d *shoeLink) Log() []string {
	return []string{"card seq=0411 9H", "card seq=0412 KD", "corrupt seq=0413: bad CRC", "gap seq=0416 2 lost", "card seq=0416 4S", "heartbeat seq=0417 left=301"}
}

func (d *shoeLink) Reconnect() error { d.calls = append(d.calls, "reconnect"); return nil }

func (d *shoeLink) Use(port, protocol string) error {
	if port == "" {
		return errors.New("no port")
	}
	d.calls = append(d.calls, "use "+port+" "+protocol)
	return nil
}

func TestDiagnostics(t *testing.T) {
	lt := newLiveTable(t, "nz-baccarat-1998")
	link := &shoeLink{}
	r := newRig(t, lt, Options{Diagnostics: link})
	r.signIn("17", dealerPIN)
	r.tab("Diagnostics")
	if !strings.Contains(r.sc.diag.status.Text, "SILENT on /dev/coupboard-shoe") || !strings.Contains(r.sc.diag.status.Text, "CRC/corrupt 3") ||
		!strings.Contains(r.sc.diag.status.Text, "stale 0 · unproven 6 · misreads 1") {
		t.Fatalf("status %q", r.sc.diag.status.Text)
	}
	if !strings.HasSuffix(r.sc.diag.frames.Text, "heartbeat seq=0417 left=301") {
		t.Fatalf("frame log %q", r.sc.diag.frames.Text)
	}
	r.tap("Reconnect")
	r.sc.diag.port.SetText("/dev/ttyUSB0")
	r.tap("Use port") // a dealer may reconnect, not change the port
	if strings.Join(link.calls, ",") != "reconnect" || !strings.Contains(r.sc.log.Text, "change port: needs a supervisor") {
		t.Fatalf("calls %v log %q", link.calls, r.sc.log.Text)
	}
	r.capture("diagnostics.png")
	r.tap("Sign out")
	r.signIn("4", supervisorPIN)
	r.tab("Diagnostics")
	r.sc.diag.port.SetText("/dev/ttyUSB0")
	r.sc.diag.protocol.SetSelected("cardline")
	r.tap("Use port")
	if strings.Join(link.calls, ",") != "reconnect,use /dev/ttyUSB0 cardline" {
		t.Fatalf("calls %v", link.calls)
	}
}
