package e2e

import (
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"

	"github.com/coupboard/coupboard/display/view"
)

// windowMapped reports whether a top-level window is mapped on the X display: the window
// opens after the table has started presenting screens, and its paints can only be watched
// once it is there.
func windowMapped(display string) bool {
	X, err := xgb.NewConnDisplay(display)
	if err != nil {
		return false
	}
	defer X.Close()
	tree, err := xproto.QueryTree(X, xproto.Setup(X).DefaultScreen(X).Root).Reply()
	if err != nil {
		return false
	}
	for _, w := range tree.Children {
		if a, err := xproto.GetWindowAttributes(X, w).Reply(); err == nil && a.MapState == xproto.MapStateViewable {
			return true
		}
	}
	return false
}

// cards reports whether the screen shows cards on the table. (The trace does not carry the
// faces: a view.Card keeps its face unexported, so no screen written anywhere can leak one; the
// demo's shoe deals every card face up.)
func cards(s view.Screen) bool { return len(s.Coup.Player)+len(s.Coup.Banker) > 0 }

// TestDemoDealsAtOnce starts `coupboard --demo` in its window under Xvfb, as a new user
// would (a new journal, the default pace), and requires cards on screen within 5 seconds of
// the start (issue 23): a screen with cards and at least 30 coups on the roads handed
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
			if cards(s.Screen) && s.Screen.Stats.Hands >= 30 {
				warm = s
				break wait
			}
		case <-deadline:
			t.Fatalf("no cards and 30 coups on screen %v after the start; stderr:\n%s", limit, p.Stderr)
		}
	}
	// The window paints what it was handed: a paint after that screen, still within the limit,
	// watched from the moment the window is mapped (a paint before the watch began does not
	// count, so the time is an upper bound).
	for !windowMapped(display) {
		if time.Since(t0) > limit {
			t.Fatalf("no window mapped %v after the start; stderr:\n%s", limit, p.Stderr)
		}
		time.Sleep(50 * time.Millisecond)
	}
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
