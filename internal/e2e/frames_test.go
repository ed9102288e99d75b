package e2e

import (
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestPartialFramesMatchWhole checks Fyne patch 4 (third_party/fyne/README.md) on the real
// table screen: the demo plays coups in its window with COUPBOARD_CHECK_FRAMES set, so that
// after every frame the painter drew only in part (the box around what changed) it draws the
// same frame whole on the same framebuffer and reports how many pixels differ. Every checked
// frame must differ in none, both when the window keeps its back buffer and presents a box of
// it (a software renderer, as here) and when the painter draws offscreen and swaps (as with a
// GPU driver).
func TestPartialFramesMatchWhole(t *testing.T) {
	for _, mode := range []struct{ name, env string }{
		{"window copies the box", ""},
		{"offscreen and swap", "COUPBOARD_OFFSCREEN_FRAMES=1"},
	} {
		t.Run(mode.name, func(t *testing.T) {
			display := xserver(t, "1280x720")
			data := t.TempDir()
			cmd := exec.Command(bin, "--size", "1280x720", "--sim-speed", "40")
			cmd.Env = append(env(data, display), "COUPBOARD_CHECK_FRAMES=1")
			if mode.env != "" {
				cmd.Env = append(cmd.Env, mode.env)
			}
			p := startProc(t, cmd)
			time.Sleep(20 * time.Second)
			stop(t, p)
			<-p.Done
			checks := regexp.MustCompile(`coupboard frame check: boxes (.*), pixels differing (-?\d+)`).
				FindAllStringSubmatch(p.Stderr.String(), -1)
			box := regexp.MustCompile(`^-?\d+,-?\d+ (\d+)x(\d+)$`)
			bad, small := 0, 0
			for _, c := range checks {
				if c[2] != "0" {
					bad++
					t.Errorf("a frame drawn within boxes %s differs from the whole frame in %s pixels", c[1], c[2])
				}
				area := 0
				for _, b := range strings.Split(c[1], "; ") {
					m := box.FindStringSubmatch(b)
					if m == nil {
						t.Fatalf("unreadable box %q in %q", b, c[0])
					}
					w, _ := strconv.Atoi(m[1])
					h, _ := strconv.Atoi(m[2])
					area += w * h
				}
				if area < 1280*720/4 {
					small++
				}
			}
			// At 40x the demo deals a card every few hundred milliseconds and the clock ticks
			// every second: dozens of frames drawn in part, most of them a small part.
			if len(checks) < 30 || small < len(checks)/2 {
				t.Errorf("%d frames were checked (%d drawn within less than a quarter of the window); want 30 or more, mostly small; stderr:\n%s",
					len(checks), small, p.Stderr)
			}
			t.Logf("%d frames drawn in part were checked, %d within less than a quarter of the window; %d differed", len(checks), small, bad)
		})
	}
}
