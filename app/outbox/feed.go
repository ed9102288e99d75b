package outbox

import (
	"cmp"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/engine"
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

// pacer counts a table's rounds with a result over the last PaceWindow record by record, as
// After reads the journal in order, so that no round costs a journal query: the window is read
// from the journal only when After's reading does not follow on from the record before (its
// first call, or a message read again after a failed publish). A round voided or cancelled
// after the fact (a "void" event, Red Dog's "cancel") leaves the count from that record on.
type pacer struct {
	mu      sync.Mutex
	through int64   // the last record counted in (0: none yet)
	rounds  []paced // the rounds with a result counted, in journal order
	reloads int     // how many times the window was read from the journal
}

// paced is one round with a result in the window.
type paced struct {
	seq    int64
	at     time.Time
	redDog bool
	shoe   int // a baccarat round's number is its shoe's; a Red Dog round's is the session's
	n      int
}

// key says whether p is round n of shoe (Red Dog: of the session).
func (p paced) is(redDog bool, shoe, n int) bool {
	return p.redDog == redDog && p.n == n && (redDog || p.shoe == shoe)
}

// take counts record r in: a round with a result joins the window, a void or a cancellation
// takes its round out. m and ok are r's message (Message).
func (p *pacer) take(r journal.Record, m pitwire.Message, ok bool) {
	p.through = r.Seq
	if !ok {
		return
	}
	switch {
	case m.Round != nil && m.Round.Kind != engine.KindCancelled && r.Kind == journal.KindRound:
		p.rounds = append(p.rounds, paced{seq: r.Seq, at: r.Time, shoe: m.Shoe, n: m.Round.N})
	case m.RedDog != nil && m.RedDog.Kind != engine.KindCancelled && r.Kind == journal.KindRoundRedDog:
		p.rounds = append(p.rounds, paced{seq: r.Seq, at: r.Time, redDog: true, n: m.RedDog.N})
	case m.Round != nil && m.Round.Kind == engine.KindCancelled && r.Kind == journal.KindEvent: // void N, after the fact
		p.rounds = slices.DeleteFunc(p.rounds, func(x paced) bool { return x.is(false, m.Shoe, m.Round.N) })
	case m.RedDog != nil && m.RedDog.Kind == engine.KindCancelled && r.Kind == journal.KindEvent: // Red Dog's cancel N
		p.rounds = slices.DeleteFunc(p.rounds, func(x paced) bool { return x.is(true, 0, m.RedDog.N) })
	}
}

// count is the rounds of the window whose journal time is in the hour up to at, forgetting
// those before it for good (the journal's times go forward).
func (p *pacer) count(at time.Time) int {
	from := at.Add(-PaceWindow)
	drop := 0
	for drop < len(p.rounds) && p.rounds[drop].at.Before(from) {
		drop++
	}
	p.rounds = p.rounds[drop:]
	n := 0
	for _, x := range p.rounds {
		if !x.at.After(at) {
			n++
		}
	}
	return n
}

// reload reads the window before record r from the journal: the rounds and events of the hour
// up to r's time, counted in up to the record before r.
func (p *pacer) reload(j *journal.Journal, r journal.Record) error {
	from, to := r.Time.Add(-PaceWindow), r.Time.Add(time.Nanosecond)
	var recs []journal.Record
	for _, kind := range []string{journal.KindRound, journal.KindRoundRedDog, journal.KindEvent} {
		rs, err := j.KindBetween(kind, from, to)
		if err != nil {
			return fmt.Errorf("hands per hour: %w", err)
		}
		recs = append(recs, rs...)
	}
	slices.SortFunc(recs, func(a, b journal.Record) int { return cmp.Compare(a.Seq, b.Seq) })
	p.rounds = p.rounds[:0]
	for _, x := range recs {
		if x.Seq >= r.Seq {
			break
		}
		m, ok, err := Message(x)
		if err != nil {
			return fmt.Errorf("hands per hour: record %d: %w", x.Seq, err)
		}
		p.take(x, m, ok)
	}
	p.through = r.Seq - 1
	p.reloads++
	return nil
}

// pace counts record r in and returns the table's hands per hour for its message m when it is
// a round with a result: the rounds with a result, this one included, whose journal time is in
// the hour up to r's, less those voided since. nil for any other message.
func (o *Journal) pace(r journal.Record, m pitwire.Message, ok bool) (*pitwire.Pace, error) {
	round := ok && (m.Round != nil && m.Round.Kind != engine.KindCancelled && r.Kind == journal.KindRound ||
		m.RedDog != nil && m.RedDog.Kind != engine.KindCancelled && r.Kind == journal.KindRoundRedDog)
	p := &o.pacer
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case r.Seq == p.through+1:
	case r.Seq <= p.through && !round:
		return nil, nil // read again: counted in already, and it has no pace
	default: // the first record read, a jump, or a round read again: the window as it was before r
		if err := p.reload(o.j, r); err != nil {
			return nil, err
		}
	}
	p.take(r, m, ok)
	if !round {
		return nil, nil
	}
	return &pitwire.Pace{HandsPerHour: min(p.count(r.Time), pitwire.MaxHandsPerHour)}, nil
}
