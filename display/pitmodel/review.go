package pitmodel

import (
	"slices"

	"github.com/coupboard/coupboard/pitwire"
)

// MaxHeld bounds the coups held for review a table keeps (a table holds one coup at a time,
// and a few finished rounds disputed after the fact): a flood cannot grow the board.
const MaxHeld = 32

// Held is a coup a table holds for the supervisor's review (pitwire.TypeReview), with the kinds
// of reason it gave — never the reasons' words.
type Held struct {
	N       int
	Reasons []string // the kinds of reason, in the order given, each once
	Rule    string
}

// review follows a table's review messages: a coup held joins Table.Held (its reasons merged),
// a review resolved leaves it.
func review(t *Table, r pitwire.Review) {
	i := slices.IndexFunc(t.Held, func(h Held) bool { return h.N == r.N })
	if r.State == pitwire.ReviewResolved {
		if i >= 0 {
			t.Held = slices.Delete(t.Held, i, i+1)
		}
		return
	}
	if i < 0 {
		if len(t.Held) >= MaxHeld {
			t.Held = slices.Delete(t.Held, 0, 1)
		}
		t.Held = append(t.Held, Held{N: r.N, Rule: r.Rule})
		i = len(t.Held) - 1
	}
	h := &t.Held[i]
	for _, k := range r.Reasons {
		if !slices.Contains(h.Reasons, k) {
			h.Reasons = append(h.Reasons, k)
		}
	}
	if r.Rule != "" {
		h.Rule = r.Rule
	}
}

// UnderReview is the coup the table holds for review that its tile names — the latest held —
// and false when none is.
func (t *Table) UnderReview() (Held, bool) {
	if len(t.Held) == 0 {
		return Held{}, false
	}
	return t.Held[len(t.Held)-1], true
}
