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
// !close, each with at=HH:MM in UTC) to every table of tables, given by person by, and returns
// the posting's id at once; the tables answer later. Answers is what each table answered so
// far, one Answer per table of the posting, in the order posted (AnswerPending until a table
// answers). Cancel withdraws a posting not yet in effect, given by person by; each table's
// answer to the withdrawal replaces its answer in Answers. Errors are the sender's (the bus is
// unreachable, an unknown id), never a table's refusal, which is an Answer.
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

// AnswerState is where a table stands on a posting.
type AnswerState string

// The answer states.
const (
	AnswerPending   AnswerState = "pending"   // sent; no answer yet (the table may be offline)
	AnswerAccepted  AnswerState = "accepted"  // the table's engine accepted it and journalled it
	AnswerRefused   AnswerState = "refused"   // the table's engine refused it: Rule and Reason say why
	AnswerMissed    AnswerState = "missed"    // the table never got it in time (offline past the time)
	AnswerCancelled AnswerState = "cancelled" // withdrawn before it took effect
)

// Answer is one table's answer to a posting.
type Answer struct {
	Table  string
	State  AnswerState
	Rule   string    // the rule cited by a refusal, "" if none
	Reason string    // a refusal's reason, or what was announced on acceptance (the notice)
	At     time.Time // when the answer came
	// Words, when its Key is set, are the console's own words for the answer (the table
	// offline, no answer in time, in effect at …), which the page words in its language in
	// place of Reason (their English).
	Words i18n.Message
}

// ErrUnknownPosting is returned by Answers and Cancel for an id the poster does not know.
var ErrUnknownPosting = errors.New("no such posting")

// ErrNotCancellable is returned by Cancel for a posting already in effect or withdrawn.
var ErrNotCancellable = errors.New("the change is already in effect or withdrawn")
