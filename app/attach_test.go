package app

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/display"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/themes"
)

// TestAttachWhileTheLoopPresents: the window attaches its table screen after the table's loop
// has started presenting screens on its own goroutine (runWindow after startTable). Under -race
// this fails if the screen is handed over without synchronisation (issue 24, item 6: a plain
// field written by the window's goroutine and read by present on the loop's).
func TestAttachWhileTheLoopPresents(t *testing.T) {
	test.NewTempApp(t)
	th, err := themes.Builtin("classic")
	if err != nil {
		t.Fatal(err)
	}
	words, err := i18n.New(i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	cfg := parseConfig(t, fmt.Sprintf(`
[table]
id = "BAC-09"
[limits.banker]
min = "25"
max = "5000"
[shoe]
port = "sim"
sim_speed = 40
[journal]
path = %q
`, filepath.Join(t.TempDir(), "bac-09.db")))
	tb, stderr, trace := startTraced(t, cfg)
	defer tb.close()
	presented := func() int { return strings.Count(trace.String(), "\n") }
	waitPresents := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(60 * time.Second); presented() < n; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%d screens presented in 60 s, want %d; log:\n%s", presented(), n, stderr.String())
			}
		}
	}
	waitPresents(1) // the loop is presenting
	tb.attach(display.NewTableScreen(display.Style{Theme: th, Words: words}))
	waitPresents(presented() + 3) // and goes on presenting, now to the attached screen
}
