package table

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

// Running is a table loop running on a goroutine of its own, as a test or a tool drives a real
// table: each input is sent and waited for until it is durable, and the last screen presented
// is kept. It is the one harness of the loop: the table's tests, the operator screen's, the
// outbox's, the shoe feed's and the hostile-input rigs all start their loop with it.
type Running struct {
	// Loop is the loop; its Send, Drain and Inspect may be used directly.
	Loop *Loop
	// Actor and Reason are given to every input sent from journal.SourceOperator without its
	// own (the journal requires both for an operator's input).
	Actor  journal.Actor
	Reason string

	cancel context.CancelFunc
	done   chan error
	stop   sync.Once
	err    error

	mu     sync.Mutex
	last   view.Screen
	frames int
}

// Start makes a loop with newLoop (NewBaccaratLoop or NewRedDogLoop over a setup and a
// journal) and runs it until Stop. newLoop is given opt with its Present wrapped to keep each
// screen; opt.Present, when set, is still called with it.
func Start(newLoop func(Options) (*Loop, error), opt Options) (*Running, error) {
	r := &Running{done: make(chan error, 1)}
	present := opt.Present
	opt.Present = func(v view.Screen) {
		r.mu.Lock()
		r.last, r.frames = v, r.frames+1
		r.mu.Unlock()
		if present != nil {
			present(v)
		}
	}
	l, err := newLoop(opt)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.Loop, r.cancel = l, cancel
	go func() { r.done <- l.Run(ctx) }()
	return r, nil
}

// Send sends in from source and waits until it is durable (Loop.Do); an operator's input
// carries r's Actor and Reason.
func (r *Running) Send(in Input, source string) Result {
	m := Msg{Input: in, Source: source}
	if source == journal.SourceOperator {
		m.Actor, m.Reason = r.Actor, r.Reason
	}
	return r.Loop.Do(context.Background(), m)
}

// Script sends each token of a shoe script (spec/table-script.md) from the shoe, one after
// the other, each waited for; it stops at the first the table refuses, with its error.
func (r *Running) Script(src string) error {
	toks, err := engine.ParseScript(src)
	if err != nil {
		return err
	}
	for _, tok := range toks {
		in := engine.TokenInput(tok)
		if res := r.Send(Input{Game: &in}, journal.SourceShoe); res.Err != nil {
			return fmt.Errorf("line %d %q: %w", tok.Line, tok.Text, res.Err)
		}
	}
	return nil
}

// Last is the last screen presented and how many screens have been.
func (r *Running) Last() (view.Screen, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.last, r.frames
}

// Screen is the table's screen at now, taken on the loop's goroutine.
func (r *Running) Screen(now time.Time) (view.Screen, error) {
	var s view.Screen
	err := r.Loop.Inspect(context.Background(), func(m Machine) { s = m.Screen(now, view.LinkConnected) })
	return s, err
}

// Stop ends the loop and returns what its Run returned; later calls return the same.
func (r *Running) Stop() error {
	r.stop.Do(func() {
		r.cancel()
		r.err = <-r.done
	})
	return r.err
}
