package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/pitwire"
)

// The pit's commands at this table (issue 25): the bus's CommandReader hands each command that
// passed its gate (for this table, in time, not replayed) to pitCommands.handle, which gives it
// to the event loop as a local operator command — journalled, synced, decided by the engine —
// and answers with what the engine decided.
//
// The command itself is the loop's input, decided by the table aggregate (engine/desk) exactly
// as the same command typed at the operator screen.

// pitActorRole is the journal's actor role of a command from the pit: the actor id is the
// person the pit names (not verified at the table; the pit checks its people directory).
const pitActorRole = "pit"

// pitCommands carries out pit commands on a table's loop.
type pitCommands struct {
	loop *table.Loop
}

// handle gives one command to the loop and waits until it is durable; the answer is what the
// table's rules decided. An error (the journal failed, the table is stopping) leaves the
// command unanswered, to come again.
func (p pitCommands) handle(ctx context.Context, cmd pitwire.PitCommand, c desk.Command) (pitwire.PitAnswer, error) {
	reason := "pit command " + cmd.ID
	if c.Reason != "" {
		reason += ": " + c.Reason
	}
	// The reader parsed the line as a pit command (pitwire.ParsePitLine: a sign, a
	// differential, a setting or a closing, with no as=); its reason is the record's, not the
	// payload's.
	c.Reason = ""
	res := p.loop.Do(ctx, table.Msg{Input: table.Input{Command: &c}, Source: journal.SourceOperator, Actor: journal.Actor{Role: pitActorRole, ID: cmd.By}, Reason: reason})
	if res.Err != nil {
		return pitwire.PitAnswer{}, res.Err
	}
	if len(res.Records) == 0 {
		return pitwire.PitAnswer{}, errors.New("the loop journalled nothing")
	}
	a := pitwire.PitAnswer{Seq: uint64(res.Records[0].Seq), Time: res.Records[0].Time}
	if res.Refused != nil {
		a.Outcome, a.Reason = pitwire.OutcomeRefused, res.Refused.Error()
		// A command's refusal is the table aggregate's: its rule and, for a change refused for
		// its time, the earliest time the rules allow.
		var dr desk.Refusal
		if errors.As(res.Refused, &dr) {
			a.Rule, a.Earliest = dr.Rule, dr.Earliest
		}
		return a, nil
	}
	// Without at= the change is for the moment the loop applied it: the record's time.
	a.Outcome, a.Effective = pitwire.OutcomeAccepted, a.Time
	if c.At != nil {
		a.Effective = c.At.At(a.Time)
	}
	return a, nil
}

// startPitCommands starts reading the pit's commands for this table from the bus (conn, the
// table's own credentials), in its own goroutine until the table stops.
func (t *runningTable) startPitCommands(conn bus.ConnConfig) error {
	pc := pitCommands{loop: t.loop}
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
