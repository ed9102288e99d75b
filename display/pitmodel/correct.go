package pitmodel

import (
	"fmt"
	"slices"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/coupboard/coupboard/roadmap"
)

// corrected applies a round corrected after the fact (pitwire.TypeRoundCorrected): round N of
// the table's shoe takes the corrected result, and the roads, the statistics and the last
// result are rebuilt from the shoe's rounds as if it had been dealt so. The hands per hour do
// not change (the message carries no pace: the round was dealt once). A correction of another
// shoe, or of a round the board has no result for (cancelled, or never received), is refused
// and changes nothing.
func (b *Board) corrected(t *Table, m pitwire.Message) error {
	c := m.Corrected.Round
	idx := c.N - 1
	switch {
	case m.Shoe != t.Shoe:
		return fmt.Errorf("correct round %d of shoe %d: the table is on shoe %d", c.N, m.Shoe, t.Shoe)
	case idx >= len(t.rounds):
		return fmt.Errorf("shoe %d: correct round %d: the board has no such round", t.Shoe, c.N)
	case t.rounds[idx].Kind == engine.KindCancelled:
		return fmt.Errorf("shoe %d: correct round %d: it has no result on the board (cancelled, or never received)", t.Shoe, c.N)
	}
	// Every check comes before any change: the roads are rebuilt aside, then swapped in.
	rounds := slices.Clone(t.rounds)
	rounds[idx] = c
	hands := make([]roadmap.Hand, len(rounds))
	for i, r := range rounds {
		hands[i] = roadmap.Hand{Kind: engine.KindCancelled}
		if r.Kind != engine.KindCancelled {
			hands[i] = roadmap.FromOutcome(r.Outcome(), r.Kind)
		}
	}
	roads, err := roadmap.Build(hands, b.cfg.Roads)
	if err != nil {
		return fmt.Errorf("shoe %d: correct round %d: %w", t.Shoe, c.N, err)
	}
	t.rounds, t.Roads = rounds, roads
	t.Last = b.lastResult(t)
	return nil
}
