package engine

import "fmt"

// ManualResult is a coup's result entered by hand when its cards are unknown (issue 10
// "result-only", spec/display.md §2): the winner, the pairs and whether it was a natural.
type ManualResult struct {
	Winner     Winner // Banker, Player or Tie
	PlayerPair bool   // Player's first two cards had equal rank
	BankerPair bool   // Banker's first two cards had equal rank
	Natural    bool   // either two-card total was 8 or 9 (000 9.1)
}

// NoteResultOnly is the note on a round whose result was entered by hand without its cards.
const NoteResultOnly = "result entered by hand, cards unknown"

// ResultInput is the input for a coup's result entered by hand without its cards.
func ResultInput(r ManualResult) Input {
	return Input{Kind: InResult, Source: SourceManual, Result: r}
}

// result finishes a round with a result entered by hand: a round like any other (its number,
// no-bet and dummy requests, the last-coup rule) with no cards. It is refused unless a shoe is
// in play with no card of the next coup dealt. The cards it stands for left the shoe unread, so
// the counts of cards dealt and left are unknown for the rest of the shoe.
func (g *Game) result(r ManualResult) {
	switch {
	case r.Winner != Banker && r.Winner != Player && r.Winner != Tie:
		g.refuse("", fmt.Sprintf("result: winner %d is not Banker, Player or Tie", r.Winner))
		return
	case g.ph == phNoShoe:
		g.refuse("", "result: no shoe started")
		return
	case g.ph == phBurn:
		g.refuse("", "result: the burn procedure is not finished")
		return
	case g.ph == phEnded:
		g.refuse("", "result: the shoe is over; start the next shoe")
		return
	case g.inRound:
		g.refuse(g.prof.Irregular.VoidInProgress, fmt.Sprintf("result: round %d is being dealt; finish or void it first", g.c.n))
		return
	case g.nCarry > 0:
		g.refuse("", fmt.Sprintf("result: %d card(s) drawn ahead wait for the next round; deal it or void it", g.nCarry))
		return
	case g.burnNext:
		g.refuse(g.prof.BurnBeforeCoupRule, "result: a card is to be burned before the coup")
		return
	}
	g.rounds++
	// A coup flagged for review before its first card (pendReview) is held as the result: it
	// has no cards to come, so cards dealt while it is held are drawn ahead of the next coup
	// (000 11.2: a card beyond the coup's is the first card of the next).
	g.c = coup{n: g.rounds, excessNote: -1, review: g.pendReview, why: g.pendWhy, byHand: true, result: r}
	g.pendReview, g.pendFace, g.pendWhy = false, false, nil
	g.inRound = true
	g.takeRequests()
	g.c.note(NoteResultOnly)
	g.countsUnknown = true
	g.lastKind = lastNone
	g.finish()
}
