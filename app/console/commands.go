package console

import (
	"context"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/display/i18n"
)

// Commands is the Poster over the pit's command sender (app/pitcmd, issue 25 item 1): a
// posting goes to each table over the bus, the table's own rules decide it, journal it with
// the person and answer. Expiry is how long a table that is offline may still carry a
// posting out (0: the sender's default).
type Commands struct {
	Sender *pitcmd.Sender
	Expiry time.Duration
}

// Post sends line to tables, given by person by.
func (c Commands) Post(ctx context.Context, tables []string, line string, by Person) (string, error) {
	return c.Sender.Post(ctx, pitcmd.Target{Tables: tables}, line, by.ID, c.Expiry)
}

// Answers is what each table answered so far.
func (c Commands) Answers(_ context.Context, id string) ([]Answer, error) {
	cmd, ok := c.Sender.Command(id)
	if !ok {
		return nil, ErrUnknownPosting
	}
	out := make([]Answer, 0, len(cmd.Tables))
	for _, t := range cmd.Tables {
		out = append(out, answerOf(t))
	}
	return out, nil
}

// answerOf is one table's state with a command, in the console's words: the table's own rule
// and reason, or what the console says of the state (Words, worded on the page in its
// language; Reason holds them in English).
func answerOf(t pitcmd.TableAnswer) Answer {
	a := Answer{Table: t.Table, State: AnswerPending, At: t.Received}
	if t.Answer != nil {
		a.Rule, a.Reason = t.Answer.Rule, t.Answer.Reason
	}
	switch t.State {
	case pitcmd.Accepted:
		a.State = AnswerAccepted
		if t.Answer != nil && !t.Answer.Effective.IsZero() {
			a.Words = i18n.Message{Key: i18n.ConAnsEffective, Args: []any{t.Answer.Effective.UTC().Format("15:04:05")}}
		}
	case pitcmd.Refused, pitcmd.Rejected:
		a.State = AnswerRefused
	case pitcmd.TooLate:
		a.State = AnswerMissed
		if a.Reason == "" {
			a.Words = i18n.Message{Key: i18n.ConAnsTooLate}
		}
	case pitcmd.NoAnswer:
		a.State, a.Words = AnswerMissed, i18n.Message{Key: i18n.ConAnsNoAnswer}
	case pitcmd.Offline:
		a.Words = i18n.Message{Key: i18n.ConAnsOffline}
	}
	if a.Words.Key != "" {
		a.Reason = i18n.Catalogue{}.Say(a.Words)
	}
	return a
}

// CanCancel is false: the page offers no Cancel for a change sent to the tables (Cancel says why).
func (c Commands) CanCancel() bool { return false }

// Cancel cannot withdraw a change sent to the tables: the table script has no command that
// takes a posted change off the sign (a change is replaced by posting another, which the
// tables' rules judge on its own).
func (c Commands) Cancel(_ context.Context, id string, _ Person) error {
	if _, ok := c.Sender.Command(id); !ok {
		return ErrUnknownPosting
	}
	return fmt.Errorf("%w: the tables' command language has no command to withdraw a posted change; post another change instead", ErrNotCancellable)
}

// Check says whether id may give pit commands: a known, active supervisor of the people file
// (pitcmd.People), so that a person the console signed in is one the sender accepts.
func (p *PeopleFile) Check(ctx context.Context, id string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	fp, ok := p.people[id]
	switch {
	case !ok:
		return fmt.Errorf("%w %q: not in the people file", pitcmd.ErrUnknownPerson, id)
	case fp.Active != nil && !*fp.Active:
		return fmt.Errorf("%w %q: not active", pitcmd.ErrUnknownPerson, id)
	case fp.Role != RoleSupervisor:
		return fmt.Errorf("%w %q: a %s may not post changes", pitcmd.ErrUnknownPerson, id, fp.Role)
	}
	return nil
}
