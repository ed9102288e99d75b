package e2e

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coupboard/coupboard/serialin"
)

// measuring skips the test unless COUPBOARD_E2E_MEASURE=1: the measurements take minutes and
// load the machine; bench/display.sh runs them.
func measuring(t *testing.T) {
	if os.Getenv("COUPBOARD_E2E_MEASURE") != "1" {
		t.Skip("a measurement: set COUPBOARD_E2E_MEASURE=1 (bench/display.sh)")
	}
}

// withoutNow is a traced screen without its clock, to tell a screen that shows something new
// from the clock's once-a-second redraw.
func withoutNow(raw []byte) []byte {
	i := bytes.Index(raw, []byte(`"Now":"`))
	if i < 0 {
		return raw
	}
	j := bytes.IndexByte(raw[i+7:], '"')
	if j < 0 {
		return raw
	}
	return append(append([]byte(nil), raw[:i]...), raw[i+7+j+1:]...)
}

// percentile is the p-th percentile (0-100) of sorted durations, nearest rank.
func percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	i := int(float64(len(d))*p/100+0.5) - 1
	return d[max(0, min(i, len(d)-1))]
}

// TestMeasureCardLatency times, for every CARD (and BURN) frame of a shuffled shoe written on a
// pseudo-terminal, from the frame's last byte entering the line to the first paint of the
// window after it, as the X server reports it (DAMAGE): the frame that shows the card. It plays
// the shoe twice. The first run has the table write every screen it presents (--trace -), and
// also times the screen handed to the window: the first presented screen that differs from the
// one before. Encoding and decoding each screen as JSON costs CPU on a 2-core machine that the
// software renderer (llvmpipe) needs, so the second run, without the trace, is the one whose
// paint times stand for the product. Frames are written 400 ms apart, slower than a dealer but
// longer than the window takes to fall asleep (third_party/fyne), so every card is timed on its
// own and wakes a sleeping window.
func TestMeasureCardLatency(t *testing.T) {
	measuring(t)
	for _, run := range []struct {
		name   string
		traced bool
	}{{"with --trace", true}, {"without trace", false}} {
		t.Run(run.name, func(t *testing.T) { measureCards(t, run.name, run.traced) })
	}
}

// measureCards plays one shoe for TestMeasureCardLatency; how names the run in its figures.
// With COUPBOARD_E2E_CARDS=PATH it also writes each card's time to PATH.with or PATH.without.
func measureCards(t *testing.T, how string, traced bool) {
	display := xserver(t, "1280x720")
	data := t.TempDir()
	line, err := serialin.NewPTYLine("", nil)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer line.Close()
	args := []string{"--config", config(t, data, line.Path()), "--size", "1280x720"}
	stagesPath := filepath.Join(data, "stages")
	if traced {
		args = append(args, "--trace", "-")
	} else {
		args = append(args, "--stages", stagesPath) // the untraced run, the product's, is timed by stage
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = env(data, display)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	// The binary and the build cache were written just before (TestMain): the kernel writes
	// such pages back ~30 s later, and the table's journal syncs then waited behind tens of
	// megabytes of it (cards 50-82 of every quiet run, 14-32 ms in "engine and journal";
	// docs/performance.md §25). A table's kiosk has no build running beside it: write it back now.
	syscall.Sync()
	p := startProc(t, cmd)
	ch := screens(out) // silent without the trace
	var prev []byte
	if traced {
		prev = (<-ch).Raw
	}
	drain := func(d time.Duration) {
		end := time.After(d)
		for {
			select {
			case s, ok := <-ch:
				if !ok {
					ch = nil // the table exited: wait out d
					continue
				}
				prev = s.Raw
			case <-end:
				return
			}
		}
	}
	sim := serialin.NewSim(42)
	sim.Speed = 0
	if err := sim.Start(line); err != nil {
		t.Fatal(err)
	}
	drain(time.Second) // the window opens, the link comes up
	// Under load (a shared machine, software GL) the window may be mapped well after a second:
	// its paints can be watched only from then.
	for waited := time.Duration(0); !windowMapped(display); waited += 250 * time.Millisecond {
		if waited > 60*time.Second {
			t.Fatal("no window mapped a minute after the start")
		}
		drain(250 * time.Millisecond)
	}
	pc := paints(t, display)
	drain(500 * time.Millisecond)
	const gap = 400 * time.Millisecond
	// The pace only marks each coup's first card (its delay is Pace.Coup): the frames are
	// written gap apart whatever it says.
	pace := serialin.RealisticPace()
	msgs := serialin.RandomShoe(rand.New(rand.NewPCG(42, 43)), serialin.ShoeOptions{Pace: pace})
	var lat, painted []time.Duration
	var log strings.Builder                    // COUPBOARD_E2E_CARDS: one line per card
	var firstCards, otherCards []time.Duration // painted, split: a coup's first card, the others
	var timed []timedCard                      // painted: for the stages (the untraced run)
	missed, unpainted := 0, 0
	ctx := context.Background()
	// The table's CPU time over the shoe, per card: under a loaded machine a fairer figure than
	// the wall latency, which waits for a core (the software renderer's threads included).
	pid := p.Cmd.Process.Pid
	cpu0 := cpuTicks(t, pid)
	for _, m := range msgs {
		for len(pc) > 0 { // paints before this frame
			<-pc
		}
		if err := sim.Play(ctx, line, []serialin.ShoeMsg{{Type: m.Type, Fields: m.Fields, Left: m.Left}}); err != nil {
			t.Fatal(err)
		}
		sent := time.Now()
		if m.Type != "CARD" && m.Type != "BURN" {
			drain(gap)
			continue
		}
		first := m.Type == "CARD" && m.Delay == pace.Coup // the screen still shows the last coup
		if traced {
			timeout := time.After(500 * time.Millisecond)
		wait:
			for {
				select {
				case s, ok := <-ch:
					if !ok {
						t.Fatalf("the table exited; stderr:\n%s", p.Stderr)
					}
					changed := !bytes.Equal(withoutNow(s.Raw), withoutNow(prev))
					prev = s.Raw
					if changed {
						lat = append(lat, s.At.Sub(sent))
						break wait
					}
				case <-timeout:
					missed++
					break wait
				}
			}
		}
		select {
		case at := <-pc:
			d := at.Sub(sent)
			painted = append(painted, d)
			timed = append(timed, timedCard{sent: sent, paint: at, first: first, kind: m.Type})
			if first {
				firstCards = append(firstCards, d)
			} else {
				otherCards = append(otherCards, d)
			}
		case <-time.After(500 * time.Millisecond):
			unpainted++
		}
		drain(gap - time.Since(sent))
	}
	cpu := cpuTicks(t, pid) - cpu0
	stop(t, p)
	var stamps []stageStamp
	if !traced {
		stamps = readStages(t, stagesPath)
	}
	sl := stageLatencies(timed, stamps, gap)
	for i, c := range timed {
		fmt.Fprintf(&log, "%s %d %s %v %.3f", c.sent.UTC().Format(time.RFC3339Nano), i+1, c.kind, c.first, float64(c.paint.Sub(c.sent))/1e6)
		if st := sl.of[i]; st != nil {
			for _, d := range st.d {
				fmt.Fprintf(&log, " %.3f", float64(d)/1e6)
			}
			fmt.Fprintf(&log, " gc=%d", st.gc)
		}
		log.WriteString("\n")
	}
	if f := os.Getenv("COUPBOARD_E2E_CARDS"); f != "" {
		head := fmt.Sprintf("# %s: sent (UTC), card, type, first of its coup, ms to the paint", how)
		if !traced {
			head += "; then ms in each stage: " + strings.Join(stageNames[:], ", ") + "; GCs ended between durable and frame"
		}
		if err := os.WriteFile(f+"."+strings.Fields(how)[0], []byte(head+"\n"+log.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
	if len(painted) == 0 {
		t.Fatalf("no card was painted; stderr:\n%s", p.Stderr)
	}
	r := func(d time.Duration) time.Duration { return d.Round(10 * time.Microsecond) }
	slices.Sort(painted)
	if traced {
		if len(lat) == 0 {
			t.Fatalf("no card reached the screen; stderr:\n%s", p.Stderr)
		}
		slices.Sort(lat)
		t.Logf("card latency (to the screen handed to the window, with --trace): cards=%d timed=%d p50=%v p99=%v max=%v unchanged-screens=%d",
			len(lat)+missed, len(lat), r(percentile(lat, 50)), r(percentile(lat, 99)), r(lat[len(lat)-1]), missed)
	}
	t.Logf("card latency (to the window's paint, X DAMAGE, %s): cards=%d timed=%d p50=%v p99=%v max=%v unpainted=%d",
		how, len(painted)+unpainted, len(painted), r(percentile(painted, 50)), r(percentile(painted, 99)), r(painted[len(painted)-1]), unpainted)
	t.Logf("  CPU of the table over the shoe, %s: %d ticks of 10 ms, %.2f ms per card and burn painted (%d messages in all)",
		how, cpu, float64(cpu)*1000/clockTicks/float64(max(len(painted), 1)), len(msgs))
	for _, k := range []struct {
		what string
		d    []time.Duration
	}{{"a coup's first card", firstCards}, {"the other cards and burns", otherCards}} {
		slices.Sort(k.d)
		if len(k.d) > 0 {
			t.Logf("  of which %s: timed=%d p50=%v p90=%v p99=%v max=%v", k.what, len(k.d),
				r(percentile(k.d, 50)), r(percentile(k.d, 90)), r(percentile(k.d, 99)), r(k.d[len(k.d)-1]))
		}
	}
	if !traced {
		sl.log(t, how)
	}
}

// cpuTicks is utime+stime of a process in clock ticks (/proc/PID/stat fields 14 and 15).
func cpuTicks(t *testing.T, pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
	u, _ := strconv.ParseInt(f[11], 10, 64)
	s, _ := strconv.ParseInt(f[12], 10, 64)
	return u + s
}

// rssKiB is a process's resident memory (VmRSS) in KiB.
func rssKiB(t *testing.T, pid int) int { return statusKiB(t, pid, "VmRSS") }

// statusKiB is a field of /proc/PID/status in KiB: VmRSS, VmHWM (the peak of VmRSS), RssAnon.
func statusKiB(t *testing.T, pid int, field string) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, field+":"); ok {
			n, _ := strconv.Atoi(strings.Fields(v)[0])
			return n
		}
	}
	return 0
}

// clockTicks is USER_HZ, the unit of /proc/PID/stat's times (100 on Linux).
const clockTicks = 100

// TestMeasureIdleCPU measures the CPU the windowed table uses over 30 s with a connected shoe
// that sends only heartbeats (the screen redraws its clock once a second).
func TestMeasureIdleCPU(t *testing.T) {
	measuring(t)
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
	sim := serialin.NewSim(7)
	sim.Heartbeat = 2 * time.Second
	if err := sim.Start(line); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = sim.Idle(ctx, line, time.Hour) }()
	time.Sleep(5 * time.Second) // start-up and first draws
	const span = 30 * time.Second
	t0, c0 := time.Now(), cpuTicks(t, p.Cmd.Process.Pid)
	time.Sleep(span)
	c1, el := cpuTicks(t, p.Cmd.Process.Pid), time.Since(t0)
	rss := rssKiB(t, p.Cmd.Process.Pid)
	cancel()
	stop(t, p)
	pct := float64(c1-c0) / clockTicks / el.Seconds() * 100
	t.Logf("idle CPU: %.2f%% of one core over %v (%d ticks of 10 ms), RSS %d MiB", pct, el.Round(time.Second), c1-c0, rss/1024)
}

// TestMeasureMemory plays simulated coups (the demo's shoe at the fastest pace, 3,000 or
// COUPBOARD_E2E_COUPS) into the table, headless and in its window, and samples its resident
// memory every 250 coups (every twelfth of them): the target is read at 1,000 coups, and the
// coups after it show whether the figure is flat.
//
// At 1000× the window plays 1,000 coups in about a minute, which is the time Fyne keeps what
// is no longer drawn (FYNE_CACHE, default 1 minute): the first minute's samples rise while the
// cache fills, and only the coups after it can show the window flat. At a real table's pace the
// cache holds a coup or two.
func TestMeasureMemory(t *testing.T) {
	measuring(t)
	display := xserver(t, "1280x720")
	coups := 3000
	if s := os.Getenv("COUPBOARD_E2E_COUPS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 12 {
			t.Fatalf("COUPBOARD_E2E_COUPS=%q: want a number >= 12", s)
		}
		coups = n
	}
	for _, mode := range []string{"headless", "window"} {
		data := t.TempDir()
		args := []string{"--demo", "--sim-speed", "1000", "--trace", "-", "--size", "1280x720"}
		if mode == "headless" {
			args = append(args, "--headless")
		}
		cmd := exec.Command(bin, args...)
		cmd.Env = env(data, display)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		p := startProc(t, cmd)
		ch := screens(out)
		pid := p.Cmd.Process.Pid
		var samples []string
		step := coups / 12
		done, shoe, coup, next := 0, 0, 0, step
		deadline := time.After(time.Duration(coups) * 250 * time.Millisecond)
		start := time.Now()
		for done+coup < coups {
			select {
			case s, ok := <-ch:
				if !ok {
					t.Fatalf("the table exited; stderr:\n%s", p.Stderr)
				}
				h := s.Screen.Header
				if h.Shoe != shoe {
					done += coup
					shoe, coup = h.Shoe, 0
				}
				coup = max(coup, s.Screen.Stats.Hands)
				if done+coup >= next {
					samples = append(samples, fmt.Sprintf("%d:%d", done+coup, rssKiB(t, pid)/1024))
					next += step
				}
			case <-deadline:
				t.Fatalf("%s: only %d coups in %v", mode, done+coup, time.Since(start))
			}
		}
		peak, anon := statusKiB(t, pid, "VmHWM"), statusKiB(t, pid, "RssAnon")
		stop(t, p)
		t.Logf("memory (%s): coups=%d in %v, VmRSS MiB by coups %s; peak (VmHWM) %d MiB, anonymous at the end %d MiB",
			mode, done+coup, time.Since(start).Round(time.Second), strings.Join(samples, " "), peak/1024, anon/1024)
	}
}

// TestMeasureStartup times start-up to the first presented screen (first trace line), for the
// headless table and for the windowed one, each on a new journal and on one with ~1,000 records.
func TestMeasureStartup(t *testing.T) {
	measuring(t)
	display := xserver(t, "1280x720")
	for _, mode := range []string{"headless", "window"} {
		var times []time.Duration
		data := t.TempDir()
		for i := 0; i < 7; i++ {
			args := []string{"--demo", "--sim-speed", "1000", "--trace", "-", "--size", "1280x720"}
			if mode == "headless" {
				args = append(args, "--headless")
			}
			cmd := exec.Command(bin, args...)
			cmd.Env = env(data, display)
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			t0 := time.Now()
			p := startProc(t, cmd)
			s, ok := <-screens(out)
			if !ok {
				t.Fatalf("%s: no screen; stderr:\n%s", mode, p.Stderr)
			}
			times = append(times, s.At.Sub(t0))
			time.Sleep(300 * time.Millisecond)
			stop(t, p)
		}
		first := times[0]
		slices.Sort(times)
		t.Logf("start-up to first frame (%s): first run (new journal) %v, median of 7 %v, max %v",
			mode, first.Round(time.Millisecond), times[3].Round(time.Millisecond), times[6].Round(time.Millisecond))
	}
}
