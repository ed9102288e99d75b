package pitmodel

import (
	"slices"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
)

// paceWindow is the span of the table's hands per hour (app/outbox.PaceWindow).
const paceWindow = time.Hour

// pacedRound is a round with a result the board received within the hour of the table's pace.
type pacedRound struct {
	redDog bool
	shoe   int // a baccarat round's number is its shoe's; a Red Dog round's is the session's
	n      int
	at     time.Time // the table's journal time of the round
}

// pace follows a table's hands per hour (Table.HandsPerHour): a round with a result sets it
// from its pitwire.Pace; a round voided or cancelled after the fact leaves the count at once,
// when the board received it within the hour the figure covers (the table counts it out of
// its next round's pace too; docs/integrator.md, "Hands per hour").
func pace(t *Table, m pitwire.Message) {
	var redDog bool
	var n int
	var cancelled bool
	switch {
	case m.Round != nil:
		n, cancelled = m.Round.N, m.Round.Kind == engine.KindCancelled
	case m.RedDog != nil:
		redDog, n, cancelled = true, m.RedDog.N, m.RedDog.Kind == engine.KindCancelled
	default:
		return
	}
	shoe := m.Shoe
	if redDog {
		shoe = 0
	}
	if cancelled {
		before := len(t.paced)
		t.paced = slices.DeleteFunc(t.paced, func(p pacedRound) bool { return p.redDog == redDog && p.shoe == shoe && p.n == n })
		if len(t.paced) < before && t.HandsPerHour > 0 {
			t.HandsPerHour--
		}
		return
	}
	if m.Pace == nil {
		return
	}
	t.HandsPerHour = m.Pace.HandsPerHour
	from := m.Time.Add(-paceWindow)
	t.paced = slices.DeleteFunc(t.paced, func(p pacedRound) bool { return p.at.Before(from) })
	t.paced = append(t.paced, pacedRound{redDog: redDog, shoe: shoe, n: n, at: m.Time})
	if len(t.paced) > pitwire.MaxHandsPerHour { // a clock that ran back: never unbounded
		t.paced = slices.Delete(t.paced, 0, len(t.paced)-pitwire.MaxHandsPerHour)
	}
}
