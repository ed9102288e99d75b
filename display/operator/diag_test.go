package operator

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/serialin"
)

// shoeLink is a Diagnostics for the screen test: a fixed status and log, and a record of what
// the screen asked it to do.
type shoeLink struct {
	calls  []string
	err    error            // what Reconnect returns
	status *serialin.Status // what Status returns, when set
}

func (d *shoeLink) Status() serialin.Status {
	if d.status != nil {
		return *d.status
	}
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

func (d *shoeLink) Reconnect() error { d.calls = append(d.calls, "reconnect"); return d.err }

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

// A failed reconnect is worded on the log strip in each language: an open error of a known
// fault in the catalogue's words with its port, as the status strip words it; another error in
// its own words.
func TestDiagnosticsWordsLinkErrors(t *testing.T) {
	const port = "/dev/ttyUSB0"
	open := func(f serialin.Fault) error {
		return fmt.Errorf("reconnect: %w", &serialin.OpenError{Port: port, Fault: f, Reason: "in English", Err: errors.New("english cause")})
	}
	for _, tc := range []struct {
		name string
		err  error
		want func(w i18n.Catalogue) string
	}{
		{"permission", open(serialin.FaultPermission), func(w i18n.Catalogue) string { return w.T(i18n.ShoeFaultPermission, port) }},
		{"not found", open(serialin.FaultNotFound), func(w i18n.Catalogue) string { return w.T(i18n.ShoeFaultNotFound, port) }},
		{"busy", open(serialin.FaultBusy), func(w i18n.Catalogue) string { return w.T(i18n.ShoeFaultBusy, port) }},
		{"no known fault", open(serialin.FaultOther), func(i18n.Catalogue) string { return "reconnect: shoe port /dev/ttyUSB0: in English" }},
		{"another error", errors.New("device vanished"), func(i18n.Catalogue) string { return "device vanished" }},
	} {
		for _, lang := range i18n.Langs() {
			t.Run(tc.name+"/"+string(lang), func(t *testing.T) {
				w, err := i18n.New(lang)
				if err != nil {
					t.Fatal(err)
				}
				lt := newLiveTable(t, "nz-baccarat-1998")
				r := newRig(t, lt, Options{Language: lang, Diagnostics: &shoeLink{err: tc.err}})
				r.signIn("17", dealerPIN)
				r.tab(w.T(i18n.OpTabDiag))
				r.tap(w.T(i18n.OpReconnect))
				want := w.T(i18n.LogReconnectErr, tc.want(w))
				if !strings.Contains(r.sc.log.Text, want) {
					t.Fatalf("log %q: want %q", r.sc.log.Text, want)
				}
				if lang != i18n.English && tc.name != "no known fault" && tc.name != "another error" {
					if left := englishLeft(r.sc.log.Text, port, "dialout"); len(left) > 0 { // dialout: the group's name
						t.Errorf("log %q: English %q left", r.sc.log.Text, left)
					}
				}
			})
		}
	}
}
