// Package shoesim is the `coupboard shoe-sim` command: a simulated smart shoe speaking CSP1
// (or cardline) on a new pseudo-terminal or a TCP port, playing a shoe script or random
// shuffled shoes, with line faults on demand (spec/shoe-protocol.md).
package shoesim

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/coupboard/coupboard/app/cli/input"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/serialin"
)

// Summary is the one-line description for `coupboard help`.
const Summary = "simulated smart shoe (CSP1) on a pseudo-terminal or TCP port"

// Run runs `coupboard shoe-sim` until the shoe is played (--exit) or an interrupt.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return RunContext(ctx, args, stdin, stdout, stderr)
}

// options are the command's flags.
type options struct {
	protocol, listen, link, script, burn string
	seed                                 uint64
	speed                                float64
	shoes                                int
	positions, results, exit, verbose    bool
	heartbeat                            time.Duration
	faults                               serialin.Faults
}

// RunContext is Run with a context that stops the simulator when done.
func RunContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("shoe-sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: coupboard shoe-sim [flags]

Opens a new pseudo-terminal (or listens on --listen) and prints its path (or address) as
the first line on stdout, then plays a shoe script (--script) or random shuffled 8-deck
shoes dealt by the table of play, as a smart shoe would send them.

flags:
`)
		fs.PrintDefaults()
	}
	var o options
	fs.StringVar(&o.protocol, "protocol", "csp1", "wire protocol: csp1 or cardline")
	fs.StringVar(&o.listen, "listen", "", "serve on this TCP address (e.g. :7000) instead of a pseudo-terminal")
	fs.StringVar(&o.link, "link", "", "keep a symlink at this path pointing at the current pseudo-terminal (re-pointed on replug)")
	fs.StringVar(&o.script, "script", "", "play this shoe script (- for stdin) instead of random shoes")
	fs.Uint64Var(&o.seed, "seed", 0, "random seed for the shuffle and the faults (0: from the clock, printed on stderr)")
	fs.Float64Var(&o.speed, "speed", 1, "pace multiplier: 10 deals ten times faster; 0 sends without pauses")
	fs.IntVar(&o.shoes, "shoes", 1, "random shoes to play, 0 for no end")
	fs.StringVar(&o.burn, "burn", "one", "burn at a new shoe (random shoes): one, or face-value")
	fs.BoolVar(&o.positions, "positions", false, "send each card's position (P1-B3) (random shoes)")
	fs.BoolVar(&o.results, "results", false, "send the shoe's own result (RSLT) after each coup (random shoes)")
	fs.DurationVar(&o.heartbeat, "heartbeat", 5*time.Second, "heartbeat when idle this long (csp1)")
	fs.BoolVar(&o.exit, "exit", false, "exit when the shoe is played instead of idling with heartbeats")
	fs.BoolVar(&o.verbose, "v", false, "log each message on stderr")
	fs.Float64Var(&o.faults.Noise, "noise", 0, "fault: probability of line noise before a frame")
	fs.Float64Var(&o.faults.Corrupt, "corrupt", 0, "fault: probability of a corrupted frame (bad CRC)")
	fs.Float64Var(&o.faults.Duplicate, "dup", 0, "fault: probability of a frame sent two or three times")
	fs.Float64Var(&o.faults.Gap, "gap", 0, "fault: probability of a frame never sent (a SEQ gap)")
	fs.IntVar(&o.faults.RebootAfter, "reboot-after", 0, "fault: the shoe reboots (HELO) after this many messages")
	fs.IntVar(&o.faults.UnplugAfter, "unplug-after", 0, "fault: unplug after this many messages, then replug on a new pseudo-terminal")
	fs.DurationVar(&o.faults.UnplugFor, "unplug-for", 2*time.Second, "fault: how long the shoe stays unplugged")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if o.protocol != "csp1" && o.protocol != "cardline" {
		return fmt.Errorf("--protocol %q: want csp1 or cardline", o.protocol)
	}
	if o.burn != "one" && o.burn != "face-value" {
		return fmt.Errorf("--burn %q: want one or face-value", o.burn)
	}
	for name, p := range map[string]float64{"noise": o.faults.Noise, "corrupt": o.faults.Corrupt, "dup": o.faults.Duplicate, "gap": o.faults.Gap} {
		if p < 0 || p > 1 {
			return fmt.Errorf("--%s %v: want a probability from 0 to 1", name, p)
		}
	}
	if o.listen != "" && o.link != "" {
		return errors.New("--link is for the pseudo-terminal; it cannot be used with --listen")
	}
	var script []engine.Token
	if o.script != "" {
		r, close, err := input.Open(o.script, stdin)
		if err != nil {
			return fmt.Errorf("read script: %w", err)
		}
		script, err = input.Script(r)
		close()
		if err != nil {
			return fmt.Errorf("script %s: %w", o.script, err)
		}
	}
	if o.seed == 0 {
		o.seed = uint64(time.Now().UnixNano())
		fmt.Fprintf(stderr, "shoe-sim: seed %d\n", o.seed)
	}

	line, closeLine, err := openLine(o, stdout)
	if err != nil {
		return err
	}
	defer closeLine()

	sim := serialin.NewSim(o.seed)
	sim.Protocol, sim.Speed, sim.Heartbeat, sim.Faults = o.protocol, o.speed, o.heartbeat, o.faults
	var w serialin.SimLine = line
	if o.verbose {
		w = logLine{SimLine: line, log: stderr}
	}
	if err := sim.Start(w); err != nil {
		return fmt.Errorf("send HELO: %w", err)
	}
	err = play(ctx, sim, w, o, script)
	for err == nil && !o.exit {
		err = sim.Idle(ctx, w, time.Hour)
	}
	r := sim.Report
	fmt.Fprintf(stderr, "shoe-sim: %d messages, %d frames, %d heartbeats; faults: %d dropped, %d corrupted, %d duplicated, %d noise bytes, %d reboots, %d unplugs\n",
		r.Messages, r.Frames, r.Heartbeats, r.Dropped, r.Corrupted, r.Duplicated, r.NoiseBytes, r.Reboots, r.Unplugs)
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// play sends the script, or the random shoes.
func play(ctx context.Context, sim *serialin.Sim, w serialin.SimLine, o options, script []engine.Token) error {
	pace := serialin.RealisticPace()
	if script != nil {
		return sim.Play(ctx, w, serialin.ScriptMessages(script, pace))
	}
	rng := rand.New(rand.NewPCG(o.seed, o.seed>>1|1))
	for n := 0; o.shoes == 0 || n < o.shoes; n++ {
		msgs := serialin.RandomShoe(rng, serialin.ShoeOptions{Burn: o.burn, Positions: o.positions, Results: o.results, Pace: pace})
		if n == 0 {
			msgs[0].Delay = 2 * time.Second // the first shoe is already shuffled
		}
		if err := sim.Play(ctx, w, msgs); err != nil {
			return err
		}
	}
	return nil
}

// openLine opens the pseudo-terminal or TCP listener and prints where the host connects.
func openLine(o options, stdout io.Writer) (serialin.SimLine, func(), error) {
	if o.listen != "" {
		l, err := serialin.ListenTCP(o.listen)
		if err != nil {
			return nil, nil, err
		}
		fmt.Fprintln(stdout, l.Addr())
		return l, func() { l.Close() }, nil
	}
	p, err := serialin.NewPTYLine(o.link, func(path string) { fmt.Fprintln(stdout, path) })
	if err != nil {
		return nil, nil, err
	}
	return p, func() { p.Close() }, nil
}

// logLine logs each write on the simulator's stderr.
type logLine struct {
	serialin.SimLine
	log io.Writer
}

// Write logs b with the time, then sends it.
func (l logLine) Write(b []byte) (int, error) {
	fmt.Fprintf(l.log, "%s > %q\n", time.Now().Format("15:04:05.000"), b)
	return l.SimLine.Write(b)
}
