// Correcting a finished round: the supervisor enters the cards really dealt.

package engine

import "fmt"

// CorrectInput is the supervisor entering the cards really dealt for finished round n of the
// shoe, in deal order, while that round is under review after the fact (a dispute, or the shoe's
// own result against the cards): the table-script command "!reconstruct N CARD…". The round is
// corrected (EvCorrected) and its wagers re-settled by the table (engine/desk). For n the coup in
// progress it is ReconstructInput.
func CorrectInput(n int, cards []Card) Input {
	in := ReconstructInput(cards)
	in.Token.N = n
	return in
}

// correct is the supervisor entering the cards really dealt for finished round n, under review
// after the fact, under the book's rule (Irregularities.Correct: 000 13.10, 001 9.4, 002/004
// 12.6). The cards must make a complete coup by the table of play. The round keeps its number
// and kind; its result becomes the one the cards make, and it leaves review resolved "entered".
// Later rounds stand as played (000 11.13, 004 12.8): nothing after round n is dealt again, and
// the last-coup rules are not applied again. Where the book allows it only until the next round
// commences (001 9.5), it is refused after: the round is deemed void instead (void N).
func (g *Game) correct(n int, cards []Card) {
	ir := &g.prof.Irregular
	if g.inRound && n == g.c.n {
		g.reconstruct(cards)
		return
	}
	rule := ir.Correct
	refuse := func(rule, why string) { g.refuse(rule, fmt.Sprintf("enter cards of round %d: %s", n, why)) }
	h, d := g.past(n), g.disputedRound(n)
	switch {
	case rule == "":
		refuse("", "this book has no rule to correct a finished round: confirm it or cancel it")
		return
	case h == nil:
		refuse(rule, "no such finished round in this shoe")
		return
	case h.kind == KindCancelled:
		refuse(rule, fmt.Sprintf("round %d is cancelled: it has no result to correct", n))
		return
	case d == nil:
		refuse(rule, fmt.Sprintf("round %d is not under review: put it under review first (!dispute %d)", n, n))
		return
	case ir.CorrectBeforeNext != "" && (n < g.rounds || g.inRound):
		refuse(ir.CorrectBeforeNext, fmt.Sprintf("the next round has commenced, so round %d is deemed void (void %d); later rounds stand as played", n, n))
		return
	}
	nc, why := dealtBy(cards)
	if why != "" {
		refuse(rule, why)
		return
	}
	g.replaceCards(h.p.List(), h.b.List(), cards)
	r := Round{N: n, Shoe: g.shoe, Kind: h.kind, Review: true, Manual: len(cards), Resolution: ResolvedEntered, ResolutionRule: rule}
	r.Notes = append(make([]string, 0, len(h.notes)+1), h.notes...)
	if len(r.Notes) == 0 || r.Notes[len(r.Notes)-1] != rule {
		r.Notes = append(r.Notes, rule)
	}
	r.Why = append([]string(nil), d.why...)
	for i := 0; i < nc.np; i++ {
		r.Player.add(nc.p[i])
	}
	for i := 0; i < nc.nb; i++ {
		r.Banker.add(nc.b[i])
	}
	r.Outcome.PlayerTotal, r.Outcome.BankerTotal = Total(r.Player.List()), Total(r.Banker.List())
	r.Outcome.PlayerCards, r.Outcome.BankerCards = r.Player.N, r.Banker.N
	nc.decide(&r.Outcome)
	h.p, h.b, h.notes = r.Player, r.Banker, r.Notes
	if g.prev.N == n && g.prev.Shoe == g.shoe {
		g.prev = r
	}
	g.emit(Event{Kind: EvCorrected, N: n, Round: r, Rule: rule})
	g.resolveDisputed(n, ResolvedEntered, rule)
}

// disputedRound is finished round n of this shoe under review after the fact, nil when it is
// not.
func (g *Game) disputedRound(n int) *dispute {
	for i := range g.disputed {
		if d := &g.disputed[i]; d.n == n && d.shoe == g.shoe {
			return d
		}
	}
	return nil
}
