package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestDamagedJournalShownInTheWindow (issue 21, item 3): the windowed table refuses a journal
// that lost its committed records and says so in its window — titled "coupboard — journal
// refused", the reason and the way to recover in it — and on standard error, and exits
// non-zero when stopped; it never shows the table screen.
func TestDamagedJournalShownInTheWindow(t *testing.T) {
	xdotool, err := exec.LookPath("xdotool")
	if err != nil {
		t.Skip("xdotool not installed (apt-get install xdotool)")
	}
	display := xserver(t, "1280x720")
	data := t.TempDir()
	journal := filepath.Join(data, "table.db")
	// A journal with records, closed cleanly; then its database file cut to 0 bytes.
	first := exec.Command(bin, "--headless", "--demo", "--journal", journal, "--sim-speed", "1000")
	first.Env = env(data, display)
	p := startProc(t, first)
	time.Sleep(1500 * time.Millisecond)
	stop(t, p)
	if err := os.Truncate(journal, 0); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--demo", "--journal", journal, "--trace", "-")
	cmd.Env = env(data, display)
	var screensOut strings.Builder
	cmd.Stdout = &screensOut
	q := startProc(t, cmd)
	var found string
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline) && found == ""; time.Sleep(200 * time.Millisecond) {
		search := exec.Command(xdotool, "search", "--onlyvisible", "--name", "journal refused")
		search.Env = env(data, display)
		out, _ := search.Output()
		found = strings.TrimSpace(string(out))
		select {
		case <-q.Done:
			t.Fatalf("the table exited (%v) without showing the refusal; stderr:\n%s", q.Err, q.Stderr)
		default:
		}
	}
	if found == "" {
		t.Fatalf("no window titled \"journal refused\" within 60 s; stderr:\n%s", q.Stderr)
	}
	err = q.Interrupt(t)
	if err == nil {
		t.Error("the table exited 0 after refusing its journal")
	}
	if screensOut.Len() > 0 {
		t.Errorf("the table presented a screen on the damaged journal: %.200s", screensOut.String())
	}
	msg := q.Stderr.String()
	for _, want := range []string{journal, "damaged", "the database file is empty (0 bytes)", "To recover"} {
		if !strings.Contains(msg, want) {
			t.Errorf("standard error does not say %q:\n%s", want, msg)
		}
	}
	if dirs, _ := filepath.Glob(journal + ".damaged-*"); len(dirs) != 1 {
		t.Errorf("quarantine directories: %q", dirs)
	}
}
