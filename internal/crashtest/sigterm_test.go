package crashtest

import (
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSigtermAtEverySpeed starts the headless demo at the simulated shoe's extreme and usual
// paces (every sim_speed the configuration accepts is in (0, 1000]) and stops it with SIGTERM
// once the shoe is dealing: it must exit, cleanly, within a few seconds. Before issue 21 a
// pace that is not a usable number (sim_speed = nan, or 5e-324, whose pauses overflow a
// time.Duration) made the shoe write without pauses until the stopped host's line was full,
// and SIGTERM then waited for ever on the blocked write.
func TestSigtermAtEverySpeed(t *testing.T) {
	for _, speed := range []float64{5e-324, 1e-300, 1e-9, 0.001, 1, 7.5, 999.999, 1000} {
		name := strconv.FormatFloat(speed, 'g', -1, 64)
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			trace := filepath.Join(dir, "trace.jsonl")
			cmd := exec.Command(bin, "--headless", "--demo", "--journal", filepath.Join(dir, "t.db"), "--sim-speed", name, "--trace", trace)
			cmd.Env = env(dir)
			p := startProc(t, cmd)
			// Running: it has presented a screen, and the shoe has had a moment to deal.
			waitScreen(t, p, trace)
			time.Sleep(700 * time.Millisecond)
			start := time.Now()
			_ = p.Cmd.Process.Signal(syscall.SIGTERM)
			if err := p.Wait(t, 8*time.Second); err != nil {
				t.Fatalf("exit after SIGTERM: %v; stderr:\n%s", err, p.Stderr)
			}
			t.Logf("sim_speed %s: exited %v after SIGTERM", name, time.Since(start).Round(time.Millisecond))
		})
	}
}

// TestUnusableSpeedRefused checks that a pace that is not a number of the accepted range is
// refused at start, naming the flag, rather than run.
func TestUnusableSpeedRefused(t *testing.T) {
	for _, speed := range []string{"NaN", "+Inf", "-Inf", "-1", "1000.5", "1e308"} {
		dir := t.TempDir()
		cmd := exec.Command(bin, "--headless", "--demo", "--journal", filepath.Join(dir, "t.db"), "--sim-speed", speed)
		cmd.Env = env(dir)
		p := startProc(t, cmd)
		if err := p.Wait(t, 10*time.Second); err == nil {
			t.Errorf("--sim-speed %s: started and exited cleanly; want a refusal", speed)
		} else if !strings.Contains(p.Stderr.String(), "--sim-speed") {
			t.Errorf("--sim-speed %s: refusal does not name the flag:\n%s", speed, p.Stderr)
		}
	}
}
