package app

import (
	"context"
	"fmt"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/config"
	opctl "github.com/coupboard/coupboard/app/operator"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/operator"
	"github.com/coupboard/coupboard/display/view"
)

// demoDealerPIN and demoSupervisorPIN open the operator screen in the demo (never in a
// configured table, whose PINs are bcrypt hashes in [operator]).
const (
	demoDealerPIN     = "1111"
	demoSupervisorPIN = "9999"
)

// loopTable is the operator screen's view of the table: its commands go through the loop (and
// so the journal, synced before Do returns) and its snapshots are taken on the loop goroutine.
type loopTable struct {
	ctx  context.Context
	loop *table.Loop
}

// Do sends one command to the loop and waits until it is durable.
func (t loopTable) Do(m table.Msg) table.Result {
	return t.loop.Do(t.ctx, m)
}

// Snapshot is what the operator screen draws, read between two inputs.
func (t loopTable) Snapshot() view.Operator {
	var s view.Operator
	_ = t.loop.Inspect(t.ctx, func(m table.Machine) {
		switch st := m.(type) {
		case *table.State:
			s = opctl.SnapshotOf(st, time.Now())
		case *table.RedDog:
			s = opctl.SnapshotOfRedDog(st, time.Now())
		}
	})
	return s
}

// guardFor is the PIN guard of the configuration (the demo gets fixed demo PINs), with the
// sign-in attempts journalled in j replayed into it: a lockout survives a restart.
func guardFor(cfg *config.Config, demo bool, j access.AccessRecords) (*access.Guard, error) {
	dealer, super := cfg.Operator.DealerPINHash, cfg.Operator.SupervisorPINHash
	if demo {
		var err error
		if dealer, err = access.HashPIN(demoDealerPIN); err != nil {
			return nil, err
		}
		if super, err = access.HashPIN(demoSupervisorPIN); err != nil {
			return nil, err
		}
	}
	g, err := access.NewGuard(dealer, super, cfg.Operator.LockoutAttempts, time.Duration(cfg.Operator.LockoutMinutes)*time.Minute)
	if err != nil {
		return nil, fmt.Errorf("operator: %w", err)
	}
	if err := g.SetTableLimit(cfg.Operator.TableLockoutFactor, cfg.Operator.TableLockoutWindow()); err != nil {
		return nil, fmt.Errorf("operator: %w", err)
	}
	if err := g.Restore(j); err != nil {
		return nil, fmt.Errorf("operator: %w", err)
	}
	return g, nil
}

// withOperator puts the operator screen behind the table screen: F2, the keypad's '*', or three
// taps on the top-left corner open it; it returns to the table screen when the operator closes it
// (or after its idle sign-out). An operator the pit's directory deactivates (or removes) while
// signed in is signed out at once, the PIN pad saying why. quit leaves the program (kiosk exit, supervisor only).
// lang is the table's language, the operator screen's until an operator picks another. The
// returned leave stops the operator screen's timer (and waits until it has stopped) and signs
// out an operator still signed in, journalling why ("shutdown" on SIGTERM, "window closed"):
// call it on the Fyne goroutine, or on the goroutine that ran the window once ShowAndRun has
// returned, while the loop still runs. The kiosk exit signs the supervisor out ("kiosk exit")
// before it quits.
func (t *runningTable) withOperator(w fyne.Window, tableScreen fyne.CanvasObject, g *access.Guard, kiosk bool, lang i18n.Lang, quit func()) (front fyne.CanvasObject, leave func(reason string), err error) {
	sess, err := opctl.NewSession(g, loopTable{ctx: t.ctx, loop: t.loop}, t.currency, time.Now)
	if err != nil {
		return nil, nil, err
	}
	// The timer below touches the session on the Fyne goroutine; once the event loop has shut
	// down, Fyne runs such a function on the timer's goroutine instead, so leave (which may be
	// called then) stops the timer first.
	stopTick, tickStopped := make(chan struct{}), make(chan struct{})
	// A new version of the pit's directory (from the watch of the pit) reaches the session
	// through the timer's goroutine, so that nothing touches the session after leave: a person
	// deactivated while signed in is signed out at once ("deactivated").
	dirChanged := make(chan struct{}, 1)
	t.dir.onChange(func() {
		select {
		case dirChanged <- struct{}{}:
		default: // one check is pending already; it reads the newest version
		}
	})
	var stopOnce sync.Once
	leave = func(reason string) {
		stopOnce.Do(func() { close(stopTick) })
		<-tickStopped
		t.dir.onChange(nil)
		sess.End(reason) // and no sign-in after it
	}
	var op *operator.Screen
	showTable := func() { w.SetContent(front) }
	opts := operator.Options{Recall: opctl.Recall{Rounds: journalRecall{t.j}}, Close: showTable, Language: lang} // recall.go: either game's rounds
	if t.link != nil {
		opts.Diagnostics = t.link
	}
	if kiosk {
		opts.ExitKiosk = func() { leave("kiosk exit"); quit() }
	}
	op = operator.NewScreen(sess, opts)
	var opened time.Time // when the operator screen was last opened (Fyne goroutine only)
	open := func() {
		opened = time.Now()
		w.SetContent(op)
		op.Reset()
		// The keyboard goes to the PIN pad at once: the screen cannot find its canvas itself
		// until the window has drawn it, so a key typed before the first tap was lost.
		w.Canvas().Focus(op)
	}
	front = container.NewStack(tableScreen, container.NewVBox(container.NewHBox(operator.NewHotspot(open))))
	w.Canvas().SetOnTypedKey(func(k *fyne.KeyEvent) {
		if k.Name == operator.OpenKey {
			open()
		}
	})
	w.Canvas().SetOnTypedRune(func(r rune) {
		if r == operator.OpenRune {
			open()
		}
	})
	go func() {
		defer close(tickStopped)
		tick := time.NewTicker(5 * time.Second)
		defer tick.Stop()
		for {
			select {
			case <-t.ctx.Done():
				return
			case <-stopTick:
				return
			case <-dirChanged:
				fyne.Do(func() { op.Recheck() })
			case <-tick.C:
				fyne.Do(func() {
					// Back to the players' screen after the idle sign-out, or when the PIN pad
					// was opened and left without anyone signing in.
					unused := min(sess.Idle(), time.Since(opened))
					if w.Content() == op && (op.Tick() || sess.Role() == access.NoRole && unused >= time.Minute) {
						showTable()
					}
				})
			}
		}
	}()
	return front, leave, nil
}
