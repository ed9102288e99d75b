package pitmodel

import (
	"reflect"
	"testing"

	"github.com/coupboard/coupboard/pitwire"
)

// TestUnderReview: a coup held for review is on its table with the kinds of reason it gave,
// merged over several messages, until the review is resolved; a coup disputed after the fact
// and the coup in progress are both held, and the tile names the latest.
func TestUnderReview(t *testing.T) {
	b := New(Config{})
	mustApply(t, b, started("T1", 1, 1), t0)
	seq := uint64(1)
	rv := func(r pitwire.Review) {
		t.Helper()
		seq++
		m := rec("T1", seq, pitwire.TypeReview, 1)
		m.Review = &r
		mustApply(t, b, m, t0)
	}
	tb, _ := b.Table("T1")
	if _, ok := tb.UnderReview(); ok {
		t.Fatal("a table with nothing held is under review")
	}
	rv(pitwire.Review{N: 3, State: pitwire.ReviewHeld, Reasons: []string{"lost"}})
	rv(pitwire.Review{N: 3, State: pitwire.ReviewHeld, Reasons: []string{"unreadable"}})
	rv(pitwire.Review{N: 3, State: pitwire.ReviewHeld, Reasons: []string{"lost"}})
	if h, ok := tb.UnderReview(); !ok || !reflect.DeepEqual(h, Held{N: 3, Reasons: []string{"lost", "unreadable"}}) {
		t.Fatalf("held %+v %v", h, ok)
	}
	rv(pitwire.Review{N: 2, State: pitwire.ReviewHeld, Reasons: []string{"shoe_result"}, Rule: "000 13.10"})
	if h, _ := tb.UnderReview(); h.N != 2 || len(tb.Held) != 2 {
		t.Fatalf("held %+v, all %+v", h, tb.Held)
	}
	rv(pitwire.Review{N: 2, State: pitwire.ReviewResolved, Resolution: pitwire.ResolutionConfirmed, Rule: "000 13.10"})
	if h, ok := tb.UnderReview(); !ok || h.N != 3 {
		t.Fatalf("after coup 2 resolved: held %+v %v", h, ok)
	}
	rv(pitwire.Review{N: 3, State: pitwire.ReviewResolved, Resolution: pitwire.ResolutionCancelled})
	if h, ok := tb.UnderReview(); ok {
		t.Fatalf("after coup 3 resolved: held %+v", h)
	}
	for n := 1; n <= MaxHeld+5; n++ {
		rv(pitwire.Review{N: n, State: pitwire.ReviewHeld, Reasons: []string{"irregular"}})
	}
	if h, _ := tb.UnderReview(); len(tb.Held) != MaxHeld || h.N != MaxHeld+5 || tb.Held[0].N != 6 {
		t.Fatalf("a flood of held coups: %d kept, latest %d, first %d", len(tb.Held), h.N, tb.Held[0].N)
	}
	// A review naming a reason's words is refused by the board: only the kinds travel.
	seq++
	m := rec("T1", seq, pitwire.TypeReview, 1)
	m.Review = &pitwire.Review{N: 9, State: pitwire.ReviewHeld, Reasons: []string{"AS seen 9 times: 8 decks hold 8"}}
	if _, err := b.Apply(m, t0); err == nil {
		t.Fatal("a review carrying a reason's words was applied")
	}
}
