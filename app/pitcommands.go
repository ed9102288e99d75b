package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/bus/message"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// The pit's commands at this table (issue 25): the bus's CommandReader hands each command that
// passed its gate (for this table, in time, not replayed) to pitCommands.handle, which gives it
// to the event loop as a local operator command — journalled, synced, decided by the engine —
// and answers with what the engine decided.
//
// pitInput is the one bridge from a parsed table-script command to the loop's input. Today the
// loop takes table.Input, whose sign changes are whole signs (table.OpSchedule), so a !limits
// that names some wagers is completed here from the sign the posted changes lead to, read on the
// loop goroutine. When the loop takes desk commands, pitInput becomes the command itself.

// pitActorRole is the journal's actor role of a command from the pit: the actor id is the
// person the pit names (not verified at the table; the pit checks its people directory).
const pitActorRole = "pit"

// pitCommands carries out pit commands on a table's loop.
type pitCommands struct {
	loop *table.Loop[view.Screen]
	now  func() time.Time // the loop's clock
}

// handle gives one command to the loop and waits until it is durable; the answer is what the
// table's rules decided. An error (the journal failed, the table is stopping) leaves the
// command unanswered, to come again.
func (p pitCommands) handle(ctx context.Context, cmd message.PitCommand, c desk.Command) (message.PitAnswer, error) {
	var in table.Input
	var at time.Time
	var err error
	if e := p.loop.Inspect(ctx, func(m table.Machine[view.Screen]) { in, at, err = pitInput(c, m, p.now()) }); e != nil {
		return message.PitAnswer{}, e
	}
	if err != nil {
		return message.PitAnswer{Outcome: message.OutcomeRejected, Reason: err.Error()}, nil
	}
	reason := "pit command " + cmd.ID
	if c.Reason != "" {
		reason += ": " + c.Reason
	}
	reply := make(chan table.Result, 1)
	m := table.Msg{Input: in, Source: journal.SourceOperator, Actor: journal.Actor{Role: pitActorRole, ID: cmd.By}, Reason: reason, Reply: reply}
	if err := p.loop.Send(ctx, m); err != nil {
		return message.PitAnswer{}, err
	}
	var res table.Result
	select {
	case res = <-reply:
	case <-ctx.Done():
		return message.PitAnswer{}, ctx.Err()
	}
	if res.Err != nil {
		return message.PitAnswer{}, res.Err
	}
	if len(res.Records) == 0 {
		return message.PitAnswer{}, errors.New("the loop journalled nothing")
	}
	a := message.PitAnswer{Seq: uint64(res.Records[0].Seq), Time: res.Records[0].Time}
	if res.Refused != nil {
		a.Outcome, a.Reason = message.OutcomeRefused, res.Refused.Error()
		var ne *engine.NoticeError
		if errors.As(res.Refused, &ne) {
			a.Rule = ne.Rule
		}
		if t, ok := engine.Earliest(res.Refused); ok {
			a.Earliest = t
		}
		return a, nil
	}
	a.Outcome, a.Effective = message.OutcomeAccepted, at
	return a, nil
}

// pitInput is the loop input a pit command stands for at now, and when it takes effect, read
// from the machine m on the loop goroutine. A command this table's loop cannot take yet is an
// error saying why (a settlement method change; a differential at Red Dog, which has none).
func pitInput(c desk.Command, m table.Machine[view.Screen], now time.Time) (table.Input, time.Time, error) {
	var current engine.Sign
	var changes []engine.Scheduled
	redDog := false
	switch st := m.(type) {
	case *table.State:
		current, changes = st.SignAt(now).Sign, st.Scheduled()
	case *table.RedDog:
		current, changes, redDog = st.SignAt(now).Sign, st.Scheduled(), true
	default:
		return table.Input{}, time.Time{}, fmt.Errorf("this table (%T) takes no pit commands", m)
	}
	// The sign the changes already posted lead to: a new change starts from it.
	next := current
	for _, s := range changes {
		if s.At.After(now) && !s.Close {
			next = s.Sign
		}
	}
	next.Markers = append([]engine.Marker(nil), next.Markers...)
	// Without at=, "now" is the table clock's next whole second, half a second to a second and
	// a half from now: the loop journals the input a moment after this reading, and a change
	// for a moment already past is refused (engine.TimeError).
	at := now.Add(1500 * time.Millisecond).Truncate(time.Second)
	if c.At != nil {
		at = c.At.At(now)
	}
	ch := engine.Change{At: at, Sign: next}
	switch c.Verb {
	case desk.VerbClose:
		ch = engine.Change{At: at, Close: true}
	case desk.VerbLimits:
		for _, l := range c.Limits {
			if redDog != (l.Wager == desk.WagerBet) {
				return table.Input{}, time.Time{}, fmt.Errorf("%s is not a wager of this table", l.Wager)
			}
			switch l.Wager {
			case desk.WagerPlayer, desk.WagerBet:
				ch.Sign.Player = l.Limit
			case desk.WagerBanker:
				ch.Sign.Banker = l.Limit
			case desk.WagerTie:
				ch.Sign.Tie = l.Limit
			case desk.WagerInsurance:
				ch.Sign.Insurance = l.Limit
			case desk.WagerRuns:
				ch.Sign.Run = l.Limit
			}
		}
		if c.Waived {
			ch.Waived, ch.WaivedBy = true, "the players"
		}
	case desk.VerbDifferential:
		if redDog {
			return table.Input{}, time.Time{}, errors.New("Red Dog has no table differential (003)")
		}
		if c.HasMin {
			ch.Sign.DifferentialMin = c.Min
		}
		if c.HasMax {
			ch.Sign.DifferentialMax = c.Max
		}
	case desk.VerbSetting:
		return table.Input{}, time.Time{}, fmt.Errorf("!setting %s: this table's software cannot yet post a change of the settlement method with its notice (001 8.2)", c.Key)
	default:
		return table.Input{}, time.Time{}, fmt.Errorf("!%s is not a pit command", c.Verb)
	}
	return table.Input{Op: &table.Op{Kind: table.OpSchedule, Change: &ch}}, at, nil
}

// startPitCommands starts reading the pit's commands for this table from the bus (conn, the
// table's own credentials), in its own goroutine until the table stops.
func (t *runningTable) startPitCommands(conn bus.ConnConfig) error {
	pc := pitCommands{loop: t.loop, now: time.Now}
	conn.Name = "table " + t.table + " commands"
	r, err := bus.NewCommandReader(bus.CommandReaderConfig{Table: t.table, Conn: conn, OnError: func(err error) { t.log.Warn("pit commands: " + err.Error()) }}, pc.handle)
	if err != nil {
		return fmt.Errorf("pit commands: %w", err)
	}
	go func() {
		if err := r.Run(t.ctx); err != nil && !errors.Is(err, context.Canceled) {
			t.log.Error("pit commands: " + err.Error())
		}
	}()
	return nil
}
