package app

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/health"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/internal/testbin"
)

// syncSource is the health.Clock of the tests: the kernel's synchronisation state, which the
// test sets (synchronised or not) while the table's condition check reads it from its own
// goroutine. It tells no time: the movable time of the tests is internal/testclock.
type syncSource struct {
	mu     sync.Mutex
	synced bool
}

func (f *syncSource) State() (health.ClockState, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.synced {
		return health.ClockState{Synced: true, MaxError: time.Millisecond}, nil
	}
	return health.ClockState{MaxError: 16 * time.Second}, nil
}

func (f *syncSource) set(synced bool) { f.mu.Lock(); f.synced = synced; f.mu.Unlock() }

// TestBadSituations: a table whose shoe is missing (a wrong port), whose clock is not
// synchronised and whose last backup failed on a full disk keeps running (its loop presents
// screens and has not stopped) and says each on its status strip and in its log; each clears
// when it ends.
func TestBadSituations(t *testing.T) {
	dir := t.TempDir()
	jpath := filepath.Join(dir, "bac-03.db")
	cfg := parseConfig(t, fmt.Sprintf(`
[table]
id = "BAC-03"
[limits.banker]
min = "25"
max = "5000"
[shoe]
port = %q
[journal]
path = %q
`, filepath.Join(dir, "no-such-shoe"), jpath))
	if err := health.WriteBackupStatus(health.BackupStatusPath(jpath, "BAC-03"), health.BackupStatus{
		Time: time.Now().Add(-time.Hour), Dest: "/mnt/backup", Error: "write /mnt/backup/BAC-03-2026-11-25.db: no space left on device"}); err != nil {
		t.Fatal(err)
	}
	tb, stderr, trace := startTraced(t, cfg)
	defer tb.close()
	clock := &syncSource{}
	tb.cond.useClock(clock)
	want := []string{"no-such-shoe", health.ClockText, "journal backup failed", "no space left on device"}
	waitScreen(t, trace, func(s view.Screen) bool { return hasAll(s.Status.Warnings, want) })
	for _, w := range []string{"warning: " + health.ClockText, "no-such-shoe", "warning: journal backup failed"} {
		if !strings.Contains(stderr.String(), w) {
			t.Errorf("the log lacks %q:\n%s", w, stderr.String())
		}
	}
	// The clock is synchronised, the backup has succeeded: both clear; the shoe's stays.
	clock.set(true)
	if err := health.WriteBackupStatus(health.BackupStatusPath(jpath, "BAC-03"), health.BackupStatus{Time: time.Now(), OK: true, Dest: "/mnt/backup"}); err != nil {
		t.Fatal(err)
	}
	waitScreen(t, trace, func(s view.Screen) bool {
		return len(s.Status.Warnings) == 1 && strings.Contains(s.Status.Warnings[0], "no-such-shoe")
	})
	if !strings.Contains(stderr.String(), "cleared: "+health.ClockText) {
		t.Errorf("the log does not say the clock condition ended:\n%s", stderr.String())
	}
	select {
	case err := <-tb.done:
		t.Fatalf("the loop stopped: %v", err)
	default:
	}
}

// hasAll reports whether every one of want is in some line of lines.
func hasAll(lines, want []string) bool {
	for _, w := range want {
		if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, w) }) {
			return false
		}
	}
	return true
}

// waitScreen waits up to 20 s for a presented screen (the trace's last line) that ok accepts.
func waitScreen(t *testing.T, trace *testbin.Buffer, ok func(view.Screen) bool) {
	t.Helper()
	var last view.Screen
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		lines := strings.Split(strings.TrimSpace(trace.String()), "\n")
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err == nil && ok(last) {
			return
		}
	}
	t.Fatalf("no such screen in 20 s; the last status strip: %+v", last.Status)
}
