package app

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/internal/bustest"
)

// TestOpenBusIsAnnounced: a table configured to publish on an open bus (bus.open = true) says
// so on stderr and on every screen's status strip, and publishes to a real embedded server.
func TestOpenBusIsAnnounced(t *testing.T) {
	srv := bustest.StartOpen(t)
	cfg := parseConfig(t, fmt.Sprintf(`
[table]
id = "BAC-01"
name = "Baccarat 1"
[limits.banker]
min = "25"
max = "5000"
[limits.player]
min = "25"
max = "5000"
[shoe]
sim_speed = 1000
[journal]
path = %q
[bus]
urls = [%q]
open = true
`, filepath.Join(t.TempDir(), "bac-01.db"), srv.URL()))
	tb, stderr, trace := startTraced(t, cfg)
	defer tb.close()
	sub, err := bus.Subscribe(bus.SubscriberConfig{Conn: srv.BoardConn()})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	board := pitmodel.New(pitmodel.Config{})
	for deadline := time.After(30 * time.Second); ; {
		select {
		case m := <-sub.C():
			if _, err := board.Apply(m, time.Now()); err != nil {
				t.Fatal(err)
			}
		case <-deadline:
			t.Fatalf("the board never saw a round of the table; stderr:\n%s", stderr.String())
		}
		if st, ok := board.Table("BAC-01"); ok && st.Stats().Hands > 0 {
			break
		}
	}
	if !strings.Contains(stderr.String(), "warning: the pit bus is OPEN") {
		t.Errorf("stderr does not announce the open bus:\n%s", stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(trace.String()), "\n")
	english := i18n.Catalogue{}.Say(openBusWarning)
	for i, l := range lines {
		if !strings.Contains(l, english) || !strings.Contains(l, `"Key":"`+string(i18n.WarnOpenBus)+`"`) {
			t.Fatalf("screen %d of %d does not show %q on the status strip, worded by the catalogue (%s): %s", i+1, len(lines), english, i18n.WarnOpenBus, l)
		}
	}
}
