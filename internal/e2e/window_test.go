package e2e

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/view"
)

// The window-death tests of issue 21 (item 5): the real binary, built against the patched Fyne,
// in a window on a virtual X server of its own.

// crashMarks are what standard error shows when the window or the program died: an X error
// (Xlib's default handler exits), a Go panic or fatal error, a signal.
var crashMarks = regexp.MustCompile(`X Error of failed request|X_ShmPutImage|panic:|fatal error:|SIGSEGV|goroutine \d+ \[`)

// checkCrash fails the test when a child's standard error shows a crash.
func checkCrash(t testing.TB, what string, stderr string) {
	t.Helper()
	if m := crashMarks.FindString(stderr); m != "" {
		t.Fatalf("%s: the program crashed (%q on standard error):\n%s", what, m, stderr)
	}
}

// banner is the start-up line on the journal: inputs replayed, coups, and whether the last run
// stopped cleanly (app/run.go).
var banner = regexp.MustCompile(`journal .*: (\d+) inputs replayed, (\d+) coups, clean stop (true|false)`)

// TestWindowSurvivesSIGTERM starts the windowed demo table 100 times on one journal and sends
// SIGTERM at a random moment of each run: at once, while the window is being made and mapped,
// or seconds later while the simulated shoe deals. Every run must end cleanly (exit status 0,
// or killed by the signal itself when it came before the program could catch it) with no X
// error or panic, and nothing it journalled may be lost: the next start replays at least as
// many inputs, its first screen shows at least the hands the last screen before the SIGTERM
// showed, and it finds a clean stop after every run that exited 0.
func TestWindowSurvivesSIGTERM(t *testing.T) {
	display := startXvfb(t, "1920x1080")
	data := t.TempDir()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 21))
	runs := 100
	var (
		prevInputs              = -1
		prevAt                  progress
		prevClean               bool
		clean, early, beforeMap int
	)
	for i := 0; i <= runs; i++ { // the last start only reads what the 100th run left
		cmd := exec.Command(bin, "--size", "1280x720", "--sim-speed", "40", "--trace", "-")
		cmd.Env = env(data, display)
		p, ch := startTraced(t, cmd)
		var delay time.Duration
		switch {
		case i == runs:
			delay = 0
		case i%4 == 0: // before or while the window is made and mapped
			delay = time.Duration(rng.IntN(400)) * time.Millisecond
		default:
			delay = time.Duration(rng.IntN(3000)) * time.Millisecond
		}
		var first, last *progress
		deadline := time.After(delay)
		if i == runs {
			deadline = time.After(60 * time.Second) // wait for the first screen
		}
	watch:
		for {
			select {
			case s, ok := <-ch:
				if !ok {
					break watch
				}
				at := progressOf(s.Screen)
				if first == nil {
					first = &at
					if i == runs {
						break watch
					}
				}
				last = &at
			case <-deadline:
				break watch
			}
		}
		_ = p.Cmd.Process.Signal(syscall.SIGTERM)
		var werr error
		select {
		case <-p.Done:
			werr = p.Err
		case <-time.After(30 * time.Second):
			_ = p.Cmd.Process.Signal(syscall.SIGQUIT) // a Go program prints its goroutines
			<-p.Done
			t.Fatalf("run %d (SIGTERM after %v): no exit within 30 s of SIGTERM; stderr (goroutines after SIGQUIT):\n%s", i+1, delay, p.Stderr)
		}
		for s := range ch { // what it showed after the signal was journalled before it was drawn too
			at := progressOf(s.Screen)
			if first == nil {
				first = &at
			}
			last = &at
		}
		stderr := p.Stderr.String()
		what := fmt.Sprintf("run %d (SIGTERM after %v)", i+1, delay)
		checkCrash(t, what, stderr)
		exitedClean := werr == nil
		var ee *exec.ExitError
		switch {
		case exitedClean:
			clean++
		case errors.As(werr, &ee) && ee.Sys().(syscall.WaitStatus).Signaled() && ee.Sys().(syscall.WaitStatus).Signal() == syscall.SIGTERM:
			early++ // before the program set its signal handler: the default action, no crash
		default:
			t.Fatalf("%s: exit %v, want 0; stderr:\n%s", what, werr, stderr)
		}
		// A run that exited 0 opened its journal, and says how much it replayed when that is
		// anything (app/run.go).
		m := banner.FindStringSubmatch(stderr)
		if m == nil && exitedClean && prevInputs > 0 {
			t.Fatalf("%s: the journal replayed nothing, %d inputs before: input lost; stderr:\n%s", what, prevInputs, stderr)
		}
		if m != nil {
			inputs, _ := strconv.Atoi(m[1])
			if inputs < prevInputs {
				t.Fatalf("%s: the journal replays %d inputs, %d before: input lost; stderr:\n%s", what, inputs, prevInputs, stderr)
			}
			if prevInputs >= 0 && prevClean && m[3] != "true" {
				t.Fatalf("%s: the run before exited 0 but the journal has no clean stop; stderr:\n%s", what, stderr)
			}
			if first != nil && first.before(prevAt) {
				t.Fatalf("%s: the first screen shows %v, the last screen of the run before %v: input lost", what, *first, prevAt)
			}
			prevInputs, prevClean = inputs, exitedClean
			if last != nil {
				prevAt = *last
			}
		}
		if delay < 400*time.Millisecond {
			beforeMap++
		}
	}
	if prevInputs <= 0 || prevAt == (progress{}) {
		t.Errorf("the journal holds %d inputs and the last screen shows %v after %d runs: the test dealt nothing", prevInputs, prevAt, runs)
	}
	if clean < runs/2 {
		t.Errorf("only %d of %d runs stopped cleanly (exit 0); %d were killed by the signal before catching it", clean, runs, early)
	}
	t.Logf("%d runs: %d exited 0, %d ended by the signal before the program caught it, %d signalled within 400 ms of start; journal %d inputs, last screen %v",
		runs, clean, early, beforeMap, prevInputs, prevAt)
}

// progress is how far play has gone as a screen shows it: the shoe and the hands of the shoe
// on the roads. A screen is drawn only after what it shows is journalled, so a restart must
// show at least as much.
type progress struct{ shoe, hands int }

func progressOf(s view.Screen) progress { return progress{s.Header.Shoe, s.Stats.Hands} }

// before reports whether p is less far than q.
func (p progress) before(q progress) bool {
	if p.shoe != q.shoe {
		return p.shoe < q.shoe
	}
	return p.hands < q.hands
}
