package app

import (
	"context"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// demoNotices keeps a posted change of the limit sign, and so its notice and countdown, on the
// demo's screen (issue 23: the demo "keeps a notice on screen"). Whenever no change is still to
// come it posts the next one: the minimum raised to twice the configured one, then back to
// the configured one, and so on. Each is posted through the loop like a supervisor's posting
// (journalled, decided by the table's rules, engine/desk) at the earliest time the rules allow
// it; a change they let take effect at once (a lower minimum) is posted the notice period ahead
// all the same, so that a notice is always on the screen. Only the demo runs it.
type demoNotices struct {
	loop    *table.Loop
	now     func() time.Time   // the loop's clock
	low     int64              // the configured minimum, in cents
	notices engine.NoticeRules // the table's rule on notice, as its desk has it
	redDog  bool               // the table plays Red Dog: its sign's one wager is the Player limit
}

// signReader is what the keeper reads of a table: its sign at a time and the earliest time its
// rules let a change take effect (table.State and table.RedDog).
type signReader interface {
	SignAt(time.Time) engine.SignView
	Earliest(c desk.Command, now time.Time) (time.Time, string, error)
}

// run posts a change at once when none is to come, then looks again at every tick, until ctx
// is done. A posting that fails is tried again at the next tick; report hears of the first of
// a run of the same failure.
func (d *demoNotices) run(ctx context.Context, ticks <-chan time.Time, report func(error)) {
	var last string
	for {
		_, err := d.keep(ctx)
		switch {
		case err == nil:
			last = ""
		case ctx.Err() == nil && err.Error() != last:
			last = err.Error()
			report(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticks:
		}
	}
}

// keep posts the next change when the table is open and no change is still to come at the
// clock's now; it returns the change posted (nil when none was needed).
func (d *demoNotices) keep(ctx context.Context) (*engine.Change, error) {
	now := d.now()
	var pending int
	var sv engine.SignView
	var readable bool
	var next engine.Sign
	var at time.Time
	var earliestErr error
	err := d.loop.Inspect(ctx, func(m table.Machine) {
		pending = m.Pending(now)
		r, ok := m.(signReader)
		if !ok {
			return
		}
		sv, readable = r.SignAt(now), true
		if pending > 0 || sv.Closed {
			return
		}
		next = sv.Sign
		to := 2 * d.low
		if next.Player.Min != d.low {
			to = d.low
		}
		next.Player.Min = to
		if !d.redDog { // baccarat's Player and Banker together; Red Dog's one wager is the Player limit
			next.Banker.Min = to
		}
		at, _, earliestErr = r.Earliest(limitsCommand(next, d.redDog), now)
	})
	switch {
	case err != nil:
		return nil, err
	case !readable:
		return nil, fmt.Errorf("demo notice: the table's sign cannot be read")
	case pending > 0 || sv.Closed:
		return nil, nil
	case earliestErr != nil:
		return nil, fmt.Errorf("demo notice: %w", earliestErr)
	}
	if !at.After(now) { // no notice needed: shown the notice period ahead all the same
		at = now.Add(d.notices.Period())
	}
	if r := at.Truncate(time.Minute); r.Before(at) { // the notice says HH:MM
		at = r.Add(time.Minute)
	}
	c := engine.Change{At: at, Sign: next}
	res := d.loop.Do(ctx, table.Msg{
		Input: table.Input{Op: &table.Op{Kind: table.OpSchedule, Change: &c}}, Source: journal.SourceOperator,
		Actor: journal.Actor{Role: "supervisor", ID: "demo"}, Reason: "demo: a change of the minimum with the notice the rules require",
	})
	switch {
	case res.Err != nil:
		return nil, fmt.Errorf("demo notice: %w", res.Err)
	case res.Refused != nil:
		return nil, fmt.Errorf("demo notice refused: %w", res.Refused)
	}
	return &c, nil
}

// limitsCommand is the table-script command that posts sign's minimums and maximums (a
// baccarat sign's Player and Banker, a Red Dog sign's one wager: the table's game says which),
// to take effect at once: the demo asks the table's rules when it may.
func limitsCommand(sign engine.Sign, redDog bool) desk.Command {
	c := desk.Command{Verb: desk.VerbLimits}
	if redDog {
		c.Limits = []desk.Limit{{Wager: desk.WagerBet, Limit: sign.Player}}
		return c
	}
	c.Limits = []desk.Limit{{Wager: desk.WagerPlayer, Limit: sign.Player}, {Wager: desk.WagerBanker, Limit: sign.Banker}}
	return c
}
