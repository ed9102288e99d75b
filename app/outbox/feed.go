package outbox

import (
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
	"github.com/coupboard/coupboard/pitwire"
)

// accessOf is the feed's record of a sign-in attempt or sign-out (a journal.KindAccess
// record): the role and operator id from the record's actor, the outcome and idle time from
// its payload. A PIN is in neither.
func accessOf(r journal.Record) (*pitwire.Access, error) {
	e, err := access.DecodeEntry(r.Payload)
	if err != nil {
		return nil, err
	}
	a := &pitwire.Access{Event: e.Event, Outcome: string(e.Outcome), Role: r.Actor.Role, Person: r.Actor.ID, Idle: e.Idle}
	if e.Event == access.EventSignOut {
		a.Reason = r.Reason
	}
	if a.Role == access.NoRole.String() {
		a.Role = ""
	}
	return a, nil
}

// PaceWindow is the span Pace counts rounds over: an hour.
const PaceWindow = time.Hour

// pace is the table's hands per hour for a round message m (record r): the rounds with a
// result whose journal time is in the hour up to r's, by the journal's own times. nil for
// any other message.
func (o *Journal) pace(r journal.Record, m pitwire.Message) (*pitwire.Pace, error) {
	var kind string
	switch {
	case m.Round != nil && m.Round.Kind != engine.KindCancelled && r.Kind == journal.KindRound:
		kind = journal.KindRound
	case m.RedDog != nil && m.RedDog.Kind != engine.KindCancelled && r.Kind == journal.KindRoundRedDog:
		kind = journal.KindRoundRedDog
	default:
		return nil, nil
	}
	recs, err := o.j.KindBetween(kind, r.Time.Add(-PaceWindow), r.Time.Add(time.Nanosecond))
	if err != nil {
		return nil, fmt.Errorf("hands per hour: %w", err)
	}
	n := 0
	for _, x := range recs {
		if x.Seq > r.Seq || !dealt(x) {
			continue // a later record with the same time, a round with no result, or a correction
		}
		n++
	}
	if n == 0 {
		return nil, nil
	}
	return &pitwire.Pace{HandsPerHour: min(n, pitwire.MaxHandsPerHour)}, nil
}

// dealt reports whether round record r counts as a hand dealt: a round with a result, not the
// record of a correction (journal.Round.Corrected: the round was dealt once, and counted then).
func dealt(r journal.Record) bool {
	if r.Kind == journal.KindRoundRedDog {
		rd, err := reddog.DecodeRound(reddog.VicRedDog1997(), r.Payload)
		return err != nil || rd.Kind != reddog.KindCancelled
	}
	jr, err := journal.DecodeRound(r.Payload)
	return err != nil || jr.Kind != journal.RoundCancelled && !jr.Corrected
}
