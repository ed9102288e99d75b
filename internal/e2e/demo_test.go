package e2e

import (
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/view"
)

// faceUp reports whether the screen shows a turned card.
func faceUp(s view.Screen) bool {
	for _, h := range [][]view.Card{s.Coup.Player, s.Coup.Banker} {
		for _, c := range h {
			if c.FaceUp() {
				return true
			}
		}
	}
	return false
}

// TestDemoDealsAtOnce starts `coupboard --demo` in its window under Xvfb, as a new user
// would (a new journal, the default pace), and requires cards on screen within 5 seconds of
// the start (issue 23): a screen with a turned card and at least 30 coups on the roads handed
// to the window, and a frame painted after it, both within 5 s. Then the demo must go on at a
// live pace: another coup within 30 s, and not the rest of the shoe at once. The 5 s is held
// when measuring (COUPBOARD_E2E_MEASURE=1, bench/display.sh, on a machine not loaded by
// others); in an ordinary run the bound is 60 s, so that a shared, loaded CI machine does not
// fail it, and the time taken is logged.
func TestDemoDealsAtOnce(t *testing.T) {
	limit := 60 * time.Second
	if os.Getenv("COUPBOARD_E2E_MEASURE") == "1" {
		limit = 5 * time.Second
	}
	display := xserver(t, "1280x720")
	cmd := exec.Command(bin, "--demo", "--trace", "-", "--size", "1280x720")
	cmd.Env = env(t.TempDir(), display)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	p := startProc(t, cmd)
	defer stop(t, p)
	ch := screens(out)
	deadline := time.After(limit)
	var warm stamped
wait:
	for {
		select {
		case s, ok := <-ch:
			if !ok {
				t.Fatalf("the demo exited; stderr:\n%s", p.Stderr)
			}
			if faceUp(s.Screen) && s.Screen.Stats.Hands >= 30 {
				warm = s
				break wait
			}
		case <-deadline:
			t.Fatalf("no cards and 30 coups on screen %v after the start; stderr:\n%s", limit, p.Stderr)
		}
	}
	// The window paints what it was handed: a paint after that screen, still within the limit. The
	// window is mapped by now (it shows the screens), so the paints can be watched; a paint
	// seen before the watch began does not count.
	painted := paints(t, display)
	select {
	case at := <-painted:
		d := at.Sub(t0)
		t.Logf("demo: a shoe %d coups in handed to the window %v after the start, painted by %v",
			warm.Screen.Stats.Hands, warm.At.Sub(t0).Round(time.Millisecond), d.Round(time.Millisecond))
		if d > limit {
			t.Errorf("first painted frame after the warm screen %v after the start, want within %v", d.Round(time.Millisecond), limit)
		}
	case <-time.After(limit - time.Since(t0)):
		t.Errorf("no frame painted within %v of the start (the warm screen came %v after it)", limit, warm.At.Sub(t0).Round(time.Millisecond))
	}
	// Then a live pace: the warm coups stop, and the next coup comes after a betting time.
	hands := warm.Screen.Stats.Hands
	var last view.Screen
	live := time.After(30 * time.Second)
	for {
		select {
		case s, ok := <-ch:
			if !ok {
				t.Fatalf("the demo exited; stderr:\n%s", p.Stderr)
			}
			last = s.Screen
			if last.Stats.Hands > 45 {
				t.Fatalf("the demo dealt %d coups at once: want 30-40, then a live pace", last.Stats.Hands)
			}
		case <-live:
			if last.Stats.Hands <= hands {
				t.Errorf("no coup dealt in the 30 s after the warm start (still %d)", hands)
			}
			return
		}
	}
}
