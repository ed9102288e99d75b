package console

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/display/i18n"
)

// Commands is the Poster over the pit's command sender (app/pitcmd, issue 25 item 1): a
// posting goes to each table over the bus, the table's own rules decide it, journal it with
// the person and answer. Expiry is how long a table that is offline may still carry a
// posting out (0: the sender's default).
// Made with NewCommands, it keeps the list of postings until the sender's list changes
// (Postings); a Commands made otherwise makes it again on every call.
type Commands struct {
	Sender *pitcmd.Sender
	Expiry time.Duration

	cache *postingsCache
}

// NewCommands is the Poster over sender, with postings kept from one page to the next until
// the sender's list of commands changes.
func NewCommands(sender *pitcmd.Sender, expiry time.Duration) Commands {
	return Commands{Sender: sender, Expiry: expiry, cache: &postingsCache{}}
}

// postingsCache is the list Postings made last and the sender's ListChanges it was made at.
type postingsCache struct {
	mu       sync.Mutex
	made     bool
	changes  uint64
	postings []Posting
	builds   int // how many times the list was made (for the tests)
}

// Post sends line to tables, given by person by. A posting the bus stored for some of its
// tables only is a *PartialError (with its id); for none, an error.
func (c Commands) Post(ctx context.Context, tables []string, line string, by Person) (string, error) {
	id, err := c.Sender.Post(ctx, pitcmd.Target{Tables: tables}, line, by.ID, c.Expiry)
	var se *pitcmd.SendError
	if errors.As(err, &se) && len(se.Unsent) < se.Tables {
		return id, &PartialError{NotSent: se.NotSent(), Tables: se.Tables, Err: err}
	}
	return id, err
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

// reply is a table's state with one pit command (a posting or its !withdraw), in the
// console's terms: the table's own rule and reason, or the console's own words (worded on the
// page in its reader's language), and which of four it is. answerOf and withdrawalOf name
// it, each in its own states.
type reply struct {
	kind         replyKind
	rule, reason string
	words        i18n.Message
}

type replyKind int

const (
	replyPending replyKind = iota // on its way, or waiting for an offline table
	replyDone                     // the table carried it out
	replyRefused                  // the table's rules refused it (rule, reason)
	replyMissed                   // it never reached the table in time
)

// replyWords are the console's words that differ between a posting and its withdrawal.
type replyWords struct {
	noAnswer, offline i18n.Key
	effective         bool // a posting carried out says from when
}

// replyOf is the one mapping of a table's state with a pit command (pitcmd.TableAnswer) to
// the console's reply.
func replyOf(t pitcmd.TableAnswer, ws replyWords) reply {
	r := reply{kind: replyPending}
	if t.Answer != nil {
		r.rule, r.reason = t.Answer.Rule, t.Answer.Reason
	}
	switch t.State {
	case pitcmd.Accepted:
		r.kind = replyDone
		if ws.effective && t.Answer != nil && !t.Answer.Effective.IsZero() {
			r.words = i18n.Message{Key: i18n.ConAnsEffective, Args: []any{t.Answer.Effective.UTC().Format("2006-01-02 15:04:05")}} // dated: the form may post for tomorrow
		}
	case pitcmd.Refused, pitcmd.Rejected:
		r.kind = replyRefused
	case pitcmd.TooLate:
		r.kind = replyMissed
		if r.reason == "" {
			r.words = i18n.Message{Key: i18n.ConAnsTooLate}
		}
	case pitcmd.NoAnswer:
		r.kind, r.words = replyMissed, i18n.Message{Key: ws.noAnswer}
	case pitcmd.Offline:
		r.words = i18n.Message{Key: ws.offline}
	case pitcmd.NotSent:
		r.kind, r.words = replyMissed, i18n.Message{Key: i18n.ConAnsNotSent, Args: []any{t.Unsent}}
	}
	return r
}

// answerOf is one table's state with a command, in the console's words (replyOf): the table's
// own rule and reason, or what the console says of the state (Words).
func answerOf(t pitcmd.TableAnswer) Answer {
	r := replyOf(t, replyWords{noAnswer: i18n.ConAnsNoAnswer, offline: i18n.ConAnsOffline, effective: true})
	a := Answer{Table: t.Table, State: AnswerPending, Rule: r.rule, Reason: r.reason, Words: r.words, At: t.Received}
	if t.State == pitcmd.Accepted && t.Answer != nil {
		a.Effective = t.Answer.Effective
	}
	switch r.kind {
	case replyDone:
		a.State = AnswerAccepted
	case replyRefused:
		a.State = AnswerRefused
	case replyMissed:
		a.State = AnswerMissed
	}
	if t.Withdrawal != nil {
		a.Withdrawal = withdrawalOf(*t.Withdrawal)
		if a.Withdrawal.State == WithdrawalDone {
			a.State, a.Words, a.Reason = AnswerCancelled, i18n.Message{}, ""
		}
	}
	return a
}

// withdrawalOf is a table's state with the !withdraw the pit sent for a posting, in the
// console's words (replyOf): withdrawn, refused with the table's rule and reason, on its way,
// or not reached in time.
func withdrawalOf(t pitcmd.TableAnswer) *Withdrawal {
	r := replyOf(t, replyWords{noAnswer: i18n.ConWdNoAnswer, offline: i18n.ConWdOffline})
	w := &Withdrawal{State: WithdrawalSent, Rule: r.rule, Reason: r.reason, Words: r.words, At: t.Received}
	switch r.kind {
	case replyDone:
		w.State, w.Reason = WithdrawalDone, ""
	case replyRefused:
		w.State = WithdrawalRefused
	case replyMissed:
		w.State = WithdrawalNotReached
	}
	return w
}

// Postings are the pit's postings of the streams' day, oldest first, as the command sender
// keeps them (read back from the bus after a restart): each with who cancelled it last (the
// person and time of its latest !withdraw). The sender's !withdraw commands are not postings.
// A posting lists only what the answers do not change, so the list is made again only when
// the sender's ListChanges moved (a command, table or withdrawal came or went): a page
// refreshed with nothing new makes none. The postings' Tables are shared: not to be changed.
func (c Commands) Postings() []Posting {
	if c.cache == nil {
		return c.postings()
	}
	c.cache.mu.Lock()
	defer c.cache.mu.Unlock()
	// Read before the list is made: a change while it is made is then seen next time.
	n := c.Sender.ListChanges()
	if !c.cache.made || n != c.cache.changes {
		c.cache.postings, c.cache.changes, c.cache.made = c.postings(), n, true
		c.cache.builds++
	}
	return slices.Clone(c.cache.postings)
}

// postings makes the list of Postings from the sender's commands.
func (c Commands) postings() []Posting {
	all := c.Sender.Commands() // newest first
	withdrawals := map[string]pitcmd.Command{}
	for _, cmd := range all {
		if cmd.Withdraws != "" {
			withdrawals[cmd.ID] = cmd
		}
	}
	out := make([]Posting, 0, len(all))
	for i := len(all) - 1; i >= 0; i-- {
		cmd := all[i]
		if cmd.Withdraws != "" {
			continue
		}
		p := Posting{ID: cmd.ID, Line: cmd.Line, By: cmd.By, At: cmd.Issued}
		for _, t := range cmd.Tables {
			p.Tables = append(p.Tables, t.Table)
		}
		if n := len(cmd.Withdrawals); n > 0 {
			if w, ok := withdrawals[cmd.Withdrawals[n-1]]; ok {
				p.CancelledBy, p.CancelledAt = w.By, w.Issued
			}
		}
		out = append(out, p)
	}
	return out
}

// CanCancel is true: a posting sent to the tables is cancelled by sending each table that
// accepted it a !withdraw (pitcmd.Sender.Withdraw); the page offers Cancel while some table
// holds it as a change still to come (Answer.Withdrawable).
func (c Commands) CanCancel() bool { return true }

// Cancel sends a dated !withdraw to every table that accepted posting id for a time still to
// come (pitcmd.Sender.Withdraw), given by person by; each table's answer is its Answer's
// Withdrawal. ErrNotCancellable when no table holds it as a change still to come.
func (c Commands) Cancel(ctx context.Context, id string, by Person) error {
	if _, ok := c.Sender.Command(id); !ok {
		return ErrUnknownPosting
	}
	_, err := c.Sender.Withdraw(ctx, id, by.ID)
	if errors.Is(err, pitcmd.ErrNothingToWithdraw) {
		return fmt.Errorf("%w: %v", ErrNotCancellable, err)
	}
	return err
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
