package pitmodel

import (
	"fmt"
	"slices"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
)

// RedDogRounds is how many of a Red Dog table's rounds the board keeps: as many as the table
// screen's history (table.RedDogHistory).
const RedDogRounds = 24

// redDogRound applies a Red Dog round (pitwire.TypeRedDogRound). Red Dog has no roads; rounds
// are counted over the session (003 9.7), so a new shoe does not clear them. A round cancelled
// after the fact keeps its place, marked cancelled; one already gone from the board's window
// changes nothing; a newer one (cancelled before it had a result) takes its place at the end. A second result for a round the board has is an error and changes nothing.
func redDogRound(t *Table, m pitwire.Message) error {
	r := *m.RedDog
	i := slices.IndexFunc(t.RedDog, func(x pitwire.RedDogRound) bool { return x.N == r.N })
	if r.Kind == engine.KindCancelled && i >= 0 {
		t.RedDog[i] = pitwire.RedDogRound{N: r.N, Kind: engine.KindCancelled}
		return nil
	}
	if i >= 0 {
		return fmt.Errorf("red dog round %d already has a result", r.N)
	}
	if n := len(t.RedDog); r.Kind == engine.KindCancelled && n > 0 && r.N < t.RedDog[n-1].N {
		return nil // an older round, gone from the board's window
	}
	if m.Shoe != t.Shoe {
		t.Shoe, t.ShoeOver = m.Shoe, false
	}
	r.Cards = slices.Clone(r.Cards)
	t.RedDog = append(t.RedDog, r)
	if n := len(t.RedDog); n > RedDogRounds {
		t.RedDog = slices.Clone(t.RedDog[n-RedDogRounds:])
	}
	return nil
}
