package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/serialin"
)

// mainThreadWakeups is the number of times a process's main thread has gone to sleep and
// been woken (voluntary_ctxt_switches of /proc/PID/task/PID/status).
func mainThreadWakeups(t *testing.T, pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/status", pid, pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "voluntary_ctxt_switches:"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				t.Fatalf("voluntary_ctxt_switches %q: %v", v, err)
			}
			return n
		}
	}
	t.Fatal("no voluntary_ctxt_switches in /proc status")
	return 0
}

// TestIdleWindowSleeps checks the patched Fyne (third_party/fyne) in the real binary: with the
// window open and a connected shoe sending only heartbeats, the main thread, which runs Fyne's
// event loop, sleeps between the screen's few changes instead of waking 60 times a second.
// Unpatched Fyne wakes it about 60 times a second; the patched loop about 4.
func TestIdleWindowSleeps(t *testing.T) {
	display := xserver(t, "1280x720")
	data := t.TempDir()
	line, err := serialin.NewPTYLine("", nil)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer line.Close()
	cmd := exec.Command(bin, "--config", config(t, data, line.Path()), "--size", "1280x720")
	cmd.Env = env(data, display)
	p := startProc(t, cmd)
	sim := serialin.NewSim(11)
	sim.Heartbeat = 2 * time.Second
	if err := sim.Start(line); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = sim.Idle(ctx, line, time.Hour) }()
	time.Sleep(4 * time.Second) // start-up, the link and the first paints
	pid := p.Cmd.Process.Pid
	const span = 5 * time.Second
	w0, t0 := mainThreadWakeups(t, pid), time.Now()
	time.Sleep(span)
	w1, el := mainThreadWakeups(t, pid), time.Since(t0)
	cancel()
	stop(t, p)
	rate := float64(w1-w0) / el.Seconds()
	t.Logf("idle window: the main thread woke %.1f times a second", rate)
	if rate > 20 {
		t.Errorf("idle window: the main thread woke %.1f times a second, want at most 20 (unpatched Fyne: ~60)", rate)
	}
	if strings.Contains(p.Stderr.String(), "built without the patched Fyne") {
		t.Errorf("the binary says it was built without the patched Fyne (GOWORK=%q overrides go.mod's replace?):\n%s", os.Getenv("GOWORK"), p.Stderr)
	}
}
