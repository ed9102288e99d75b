package app

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
)

// inCoup asks the table's loop whether a coup is in progress, and how many coups are done.
func inCoup(t *testing.T, tb *runningTable) (bool, int) {
	t.Helper()
	var in bool
	var n int
	if err := tb.loop.Inspect(tb.ctx, func(m table.Machine) { in, n = m.InCoup() }); err != nil {
		t.Fatal(err)
	}
	return in, n
}

// traceScreens are the screens on the trace (the table's presents, one JSON line each), less
// what is not the table's state: the clock's time, the shoe's link, the machine's conditions.
func traceScreens(t *testing.T, trace string) []view.Screen {
	t.Helper()
	var out []view.Screen
	for _, ln := range strings.Split(strings.TrimSpace(trace), "\n") {
		var s view.Screen
		if err := json.Unmarshal([]byte(ln), &s); err != nil {
			t.Fatalf("trace line %q: %v", ln, err)
		}
		s.Now = time.Time{}
		s.Status.Warnings, s.Status.WarningWords = nil, nil // the machine's conditions, not the table's state
		s.Status.WarningWords = nil
		s.Status.Link = 0 // the shoe's link: connecting again after a start
		out = append(out, s)
	}
	return out
}

// TestDrainStopsBetweenCoupsAndResumes: a drain request (the prerm of an upgrade) that arrives
// in the middle of a coup stops the table only once that coup has ended, with a clean stop and
// no coup in progress (the simulated shoe keeps dealing throughout); the table started again from
// its journal replays every input and shows the same screen it showed last.
func TestDrainStopsBetweenCoupsAndResumes(t *testing.T) {
	dir := t.TempDir()
	cfg := parseConfig(t, fmt.Sprintf(`
[table]
id = "BAC-04"
[limits.banker]
min = "25"
max = "5000"
[shoe]
port = "sim"
sim_speed = 20
[journal]
path = %q
`, filepath.Join(dir, "bac-04.db")))
	tb, stderr, trace := startTraced(t, cfg)
	closed := false
	defer func() {
		if !closed {
			tb.close()
		}
	}()
	// Wait for the middle of a coup, a few coups into the shoe.
	deadline := time.Now().Add(60 * time.Second)
	for {
		if in, n := inCoup(t, tb); in && n >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no third coup in 60 s; log:\n%s", stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	// As run does it: the watcher, and the headless table waiting for a stop.
	req, stop := make(chan os.Signal, 1), make(chan os.Signal, 2)
	var d drainer
	go d.watch(tb, req, stop)
	req <- DrainSignal
	ran := make(chan error, 1)
	go func() { ran <- tb.runHeadless(stop) }()
	select {
	case err := <-ran:
		if err != nil || !d.done.Load() {
			t.Fatalf("the headless table returned %v, drained %v: run would not exit with ExitDrained", err, d.done.Load())
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("the coup did not end within 60 s of the drain request; log:\n%s", stderr.String())
	}
	start := time.Now()
	tb.close()
	closed = true
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("close took %v after the drain (the loop's end was not waited for, but timed out)", d)
	}
	before := traceScreens(t, trace.String())
	last := before[len(before)-1]
	if !strings.Contains(stderr.String(), "drained: no coup in progress") {
		t.Errorf("the log does not say the table drained:\n%s", stderr.String())
	}

	// The new version starts: it resumes from the journal, clean stop, not in a coup, the
	// same screen.
	tb2, _, trace2 := startTraced(t, cfg)
	defer tb2.close()
	rec := tb2.loop.Recovery()
	if !rec.Clean || rec.InCoup || rec.Coups < 3 {
		t.Errorf("recovery after the drain: %+v", rec)
	}
	for end := time.Now().Add(10 * time.Second); trace2.String() == "" && time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
	}
	first := traceScreens(t, trace2.String())[0]
	if !reflect.DeepEqual(first, last) {
		a, _ := json.Marshal(last)
		b, _ := json.Marshal(first)
		t.Errorf("the screen after the restart differs:\nbefore %s\nafter  %s", a, b)
	}
}
