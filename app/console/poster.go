package console

import (
	"context"
	"errors"
	"time"

	"github.com/coupboard/coupboard/display/i18n"
)

// Poster sends a change to tables and reports what each answered: the pit's command sender
// (issue 25, item 1) implements it. The console resolves a selection (tables ticked, a whole
// pit, every table of a game) to table ids before posting.
//
// Post sends one table-script line (spec/table-script.md: !limits, !differential, !setting,
// !close, each with a dated at=YYYY-MM-DDTHH:MM:SS in UTC) to every table of tables, given by person by, and returns
// the posting's id at once; the tables answer later. Answers is what each table answered so
// far, one Answer per table of the posting, in the order posted (AnswerPending until a table
// answers). Cancel withdraws a posting not yet in effect, given by person by, at each table
// that accepted it (Answer.Withdrawable): each table decides by its book's withdraw rule (only
// the last change posted, not yet in effect), and its answer is the Answer's Withdrawal.
// Errors are the sender's (the bus is unreachable, an unknown id, nothing left to withdraw:
// ErrNotCancellable), never a table's refusal, which is an Answer.
type Poster interface {
	Post(ctx context.Context, tables []string, line string, by Person) (id string, err error)
	Answers(ctx context.Context, id string) ([]Answer, error)
	Cancel(ctx context.Context, id string, by Person) error
}

// cancelKnower is a Poster that says whether it can cancel a posting at all; a Poster without
// the method can (Cancel may still refuse one already in effect).
type cancelKnower interface{ CanCancel() bool }

// posterCancels reports whether p can cancel postings at all.
func posterCancels(p Poster) bool {
	k, ok := p.(cancelKnower)
	return !ok || k.CanCancel()
}

// postingLister is a Poster that keeps its postings itself, beyond the console's memory: the
// command sender reads the day's commands back from the bus (the PITCMD and ANSWERS streams)
// when the pit server starts again, so the console lists them from it (Console.postings).
type postingLister interface{ Postings() []Posting }

// Posting is one posting as a postingLister keeps it: the line, its tables, who posted it and
// when, and who last cancelled it (a withdrawal sent), if anyone did.
type Posting struct {
	ID, Line    string
	Tables      []string
	By          string // the person's id
	At          time.Time
	CancelledBy string // the person's id, "" when never cancelled
	CancelledAt time.Time
}

// AnswerState is where a table stands on a posting.
type AnswerState string

// The answer states.
const (
	AnswerPending   AnswerState = "pending"   // sent; no answer yet (the table may be offline)
	AnswerAccepted  AnswerState = "accepted"  // the table's engine accepted it and journalled it
	AnswerRefused   AnswerState = "refused"   // the table's engine refused it: Rule and Reason say why
	AnswerMissed    AnswerState = "missed"    // the table never got it in time (offline past the time)
	AnswerCancelled AnswerState = "cancelled" // withdrawn before it took effect (Withdrawal says when)
)

// WithdrawalState is where a table stands on the Cancel of a posting it accepted.
type WithdrawalState string

// The withdrawal states.
const (
	WithdrawalSent       WithdrawalState = "sent"        // the withdrawal is on its way; no answer yet
	WithdrawalDone       WithdrawalState = "withdrawn"   // the table withdrew the change: its notices are off the sign
	WithdrawalRefused    WithdrawalState = "refused"     // the table's withdraw rule refused it (Rule, Reason): the change stands
	WithdrawalNotReached WithdrawalState = "not_reached" // it never reached the table in time: the change stands
)

// Withdrawal is one table's answer to the Cancel of a posting it had accepted.
type Withdrawal struct {
	State  WithdrawalState
	Rule   string    // the book's withdraw rule cited by a refusal
	Reason string    // the refusal's reason as the table gave it
	At     time.Time // when the answer came
	// Words, when its Key is set, are the console's own words for the withdrawal (offline, no
	// answer in time), in place of Reason.
	Words i18n.Message
}

// Said is what the withdrawal says, in w's language: the console's words, or the table's
// reason (worded by the catalogue where it knows it).
func (wd Withdrawal) Said(w i18n.Catalogue) string { return said(w, wd.Words, wd.Reason) }

// Answer is one table's answer to a posting.
type Answer struct {
	Table  string
	State  AnswerState
	Rule   string    // the rule cited by a refusal, "" if none
	Reason string    // a refusal's reason, or what was announced on acceptance (the notice)
	At     time.Time // when the answer came
	// Effective is when an accepted change takes effect (zero before the table accepted it).
	Effective time.Time
	// Withdrawal is the table's answer to the Cancel of the posting, nil before one was sent.
	Withdrawal *Withdrawal
	// Words, when its Key is set, are the console's own words for the answer (the table
	// offline, no answer in time, in effect at …), which the page words in its language in
	// place of Reason.
	Words i18n.Message
}

// Said is what the answer says, in w's language: the console's words, or the table's reason
// (worded by the catalogue where it knows it: a table's refusal comes in its engine's English).
func (a Answer) Said(w i18n.Catalogue) string { return said(w, a.Words, a.Reason) }

func said(w i18n.Catalogue, words i18n.Message, reason string) string {
	if words.Key != "" {
		return w.Say(words)
	}
	return w.Reason(reason, "")
}

// Withdrawable reports whether a Cancel at now would withdraw the change at this table: it
// accepted it for a time still to come, and holds no withdrawal of it but a refused or
// unanswered one.
func (a Answer) Withdrawable(now time.Time) bool {
	if a.State != AnswerAccepted || !a.Effective.After(now) {
		return false
	}
	return a.Withdrawal == nil || a.Withdrawal.State == WithdrawalRefused || a.Withdrawal.State == WithdrawalNotReached
}

// PartialError is Post's error when the posting reached some of its tables but not the others
// (NotSent): the posting exists (Post returns its id) and each table's Answer says which.
type PartialError struct {
	NotSent []string // the tables it was not sent to
	Tables  int      // how many tables it was for
	Err     error    // the sender's error
}

func (e *PartialError) Error() string { return e.Err.Error() }
func (e *PartialError) Unwrap() error { return e.Err }

// ErrUnknownPosting is returned by Answers and Cancel for an id the poster does not know.
var ErrUnknownPosting = errors.New("no such posting")

// ErrNotCancellable is returned by Cancel for a posting no table holds as a change still to
// come: none accepted it, it is in effect, or it is withdrawn (or its withdrawal on its way).
var ErrNotCancellable = errors.New("the change is already in effect or withdrawn")
