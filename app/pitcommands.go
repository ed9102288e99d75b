package app

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/pitwire"
)

// The pit's commands at this table (issue 25): the bus's CommandReader hands each command that
// passed its gate (for this table, in time, a line that parses) to pitCommands.handle, which
// gives it to the event loop as a local operator command — journalled, synced, decided by the
// engine — and answers with what the engine decided.
//
// The command itself is the loop's input, decided by the table aggregate (engine/desk) exactly
// as the same command typed at the operator screen. Its answer (a journal.KindPitAnswer record)
// is written in the command's own transaction, and a command the reader refuses at its gate
// has an answer record of its own: pitCommands is the reader's CommandJournal, so a command
// the table answered once — its answer lost on the bus, the table restarted before it
// acknowledged — is answered again from the journal and never carried out twice.

// pitActorRole is the journal's actor role of a command from the pit: the actor id is the
// person the pit names, checked against the table's copy of the operator directory
// (people.Directory.MayCommand: an active supervisor). With no directory, the table takes the
// pit's word, and the command's record says so.
const pitActorRole = "pit"

// pitAnswerKeep is how long the table remembers an answer: as long as the bus may deliver its
// command again (the PITCMD stream's age), and the longest a command may wait.
const pitAnswerKeep = bus.CommandsMaxAge + pitwire.MaxPitExpiry

// pitCommands carries out pit commands on a table's loop and keeps the journal's answers.
type pitCommands struct {
	loop  *table.Loop
	table string
	now   func() time.Time
	// people is the table's copy of the operator directory in use (nil: none).
	people func() *people.Directory

	mu      sync.Mutex
	answers map[string]pitwire.PitAnswer // the journalled answers, by command id, for pitAnswerKeep
}

// newPitCommands reads the answers journalled in j (every journal.KindPitAnswer record). An
// answer record that cannot be read is an error: the table cannot tell which commands it has
// carried out, so it must not take any.
func newPitCommands(loop *table.Loop, j *journal.Journal, id string, now func() time.Time, dir func() *people.Directory) (*pitCommands, error) {
	p := &pitCommands{loop: loop, table: id, now: now, people: dir, answers: map[string]pitwire.PitAnswer{}}
	err := j.OfKind(journal.KindPitAnswer, func(r journal.Record) error {
		a, err := pitwire.DecodePitAnswer("", r.Payload)
		if err != nil {
			return fmt.Errorf("journal record %d: %w", r.Seq, err)
		}
		p.keep(a)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read the answers to the pit's commands from the journal: %w", err)
	}
	return p, nil
}

// keep remembers a journalled answer, and forgets those whose command the bus can no longer
// deliver.
func (p *pitCommands) keep(a pitwire.PitAnswer) {
	p.mu.Lock()
	defer p.mu.Unlock()
	cut := p.now().Add(-pitAnswerKeep)
	for id, old := range p.answers {
		if old.Time.Before(cut) {
			delete(p.answers, id)
		}
	}
	if !a.Time.Before(cut) {
		p.answers[a.ID] = a
	}
}

// Answered implements bus.CommandJournal.
func (p *pitCommands) Answered(id string) (pitwire.PitAnswer, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	a, ok := p.answers[id]
	return a, ok
}

// answerRecord is the journal record of ans, the answer to cmd.
func answerRecord(cmd pitwire.PitCommand, ans pitwire.PitAnswer) (journal.Record, error) {
	b, err := pitwire.EncodePitAnswer(ans)
	if err != nil {
		return journal.Record{}, err
	}
	actor := journal.Actor{Role: pitActorRole}
	if pitwire.ValidPersonID(cmd.By) {
		actor.ID = cmd.By
	}
	return journal.Record{Time: ans.Time, Kind: journal.KindPitAnswer, Source: journal.SourceOperator, Actor: actor,
		Reason: "answer to pit command " + cmd.ID, Payload: b}, nil
}

// Refuse implements bus.CommandJournal: the gate's answer, journalled alone through the loop.
func (p *pitCommands) Refuse(ctx context.Context, cmd pitwire.PitCommand, ans pitwire.PitAnswer) (pitwire.PitAnswer, error) {
	res := p.loop.Do(ctx, table.Msg{Source: journal.SourceOperator, AnswerOnly: true,
		Answer: func(_ table.Applied, seq int64, now time.Time) (journal.Record, error) {
			ans.Seq, ans.Time = uint64(seq), now
			return answerRecord(cmd, ans)
		}})
	if res.Err != nil {
		return pitwire.PitAnswer{}, res.Err
	}
	p.keep(ans)
	return ans, nil
}

// handle gives one command to the loop and waits until it is durable, with its answer in the
// same transaction; the answer is what the table's rules decided. An error (the journal
// failed, the table is stopping) leaves the command unanswered, to come again.
func (p *pitCommands) handle(ctx context.Context, cmd pitwire.PitCommand, c desk.Command) (pitwire.PitAnswer, error) {
	// The person, before the rules: one the table's directory does not let command tables is
	// refused, journalled, with the reason.
	reason := "pit command " + cmd.ID + " (person not checked: no operator directory at the table, the pit's word)"
	if d := p.people(); d != nil {
		who, err := d.MayCommand(cmd.By)
		if err != nil {
			return p.Refuse(ctx, cmd, pitwire.PitAnswer{V: pitwire.PitVersion, ID: cmd.ID, Table: p.table,
				Outcome: pitwire.OutcomeRejected, Reason: bus.ClipReason("the table's operator directory: " + err.Error())})
		}
		reason = fmt.Sprintf("pit command %s (person %s, %s, a supervisor in operator directory version %d)", cmd.ID, who.ID, who.Name, d.Version)
	}
	if c.Reason != "" {
		reason += ": " + c.Reason
	}
	// The reader parsed the line as a pit command (pitwire.ParsePitLine: a sign, a
	// differential, a setting or a closing, with no as=); its reason is the record's, not the
	// payload's.
	c.Reason = ""
	var ans pitwire.PitAnswer
	answer := func(a table.Applied, seq int64, now time.Time) (journal.Record, error) {
		ans = pitwire.PitAnswer{V: pitwire.PitVersion, ID: cmd.ID, Table: p.table, Seq: uint64(seq), Time: now}
		if a.Refused != nil {
			ans.Outcome, ans.Reason = pitwire.OutcomeRefused, bus.ClipReason(a.Refused.Error())
			// A command's refusal is the table aggregate's: its rule and, for a change refused
			// for its time, the earliest time the rules allow.
			var dr desk.Refusal
			if errors.As(a.Refused, &dr) {
				ans.Rule, ans.Earliest = dr.Rule, dr.Earliest
			}
		} else {
			// Without at= the change is for the moment the loop applied it (the record's
			// time); a !withdraw takes the change off the sign at once.
			ans.Outcome, ans.Effective = pitwire.OutcomeAccepted, pitwire.Effective(c, now)
		}
		return answerRecord(cmd, ans)
	}
	res := p.loop.Do(ctx, table.Msg{Input: table.Input{Command: &c}, Source: journal.SourceOperator,
		Actor: journal.Actor{Role: pitActorRole, ID: cmd.By}, Reason: reason, Answer: answer})
	if res.Err != nil {
		return pitwire.PitAnswer{}, res.Err
	}
	if len(res.Records) == 0 || ans.Seq != uint64(res.Records[0].Seq) {
		return pitwire.PitAnswer{}, errors.New("the loop journalled no answer with the command")
	}
	p.keep(ans)
	return ans, nil
}

// startPitCommands starts reading the pit's commands for this table from the bus (conn, the
// table's own credentials), in its own goroutine until the table stops.
func (t *runningTable) startPitCommands(conn bus.ConnConfig) error {
	pc, err := newPitCommands(t.loop, t.j, t.table, time.Now, t.dir.Current)
	if err != nil {
		return fmt.Errorf("pit commands: %w", err)
	}
	conn.Name = "table " + t.table + " commands"
	r, err := bus.NewCommandReader(bus.CommandReaderConfig{Table: t.table, Conn: conn, Journal: pc,
		OnError: func(err error) { t.log.Warn("pit commands: " + err.Error()) }}, pc.handle)
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
