// Dealing a coup: cards to the hands, the table of play, turning, finishing the round.

package engine

import "fmt"

// carried is a card drawn in excess, waiting for the round it will start.
type carried struct {
	card      Card
	pos       Position
	src       Source
	faceUp    bool // found face up in the shoe, or disclosed
	disclosed bool // reported exposed
}

// card is a card out of the shoe (or entered by hand).
func (g *Game) card(c Card, pos Position, src Source) {
	if !c.Valid() {
		g.anomaly(0, "", fmt.Sprintf("card code %d/%d is not a card: ignored", c.Rank, c.Suit))
		return
	}
	faceUp := g.pendFace
	g.pendFace = false
	switch g.ph {
	case phNoShoe:
		g.anomaly(0, "", fmt.Sprintf("%s: no shoe started; the card joins no round", c))
		return
	case phEnded:
		if g.pendDummy && g.prof.DummyAfterLast && !g.inRound {
			g.take(c)
			g.startRound(carried{card: c, pos: pos, src: src, faceUp: faceUp}, excessNone)
			return
		}
		if g.inRound {
			g.take(c)
			g.deal(carried{card: c, pos: pos, src: src, faceUp: faceUp})
			return
		}
		g.take(c)
		g.anomaly(0, "", fmt.Sprintf("%s dealt after the last coup: it joins no round", c))
		return
	case phBurn:
		g.take(c)
		g.burnCard(c)
		return
	}
	g.take(c)
	if g.burnNext {
		g.burnNext = false
		g.lastKind = lastBurn
		g.burnAudit = append(g.burnAudit, c)
		g.emit(Event{Kind: EvBurn, Hidden: 1, Rule: g.prof.BurnBeforeCoupRule})
		return
	}
	g.deal(carried{card: c, pos: pos, src: src, faceUp: faceUp})
}

// take counts a card out of the shoe and reports one more than the decks hold. The round the
// card joins is flagged for review; when the card starts the next round, that round is.
func (g *Game) take(c Card) {
	if g.continuous() {
		return // cards return to play: no inventory (004 7.2)
	}
	reason := g.inv[g.setIdx].take(c, g.decksIn)
	if reason == "" {
		return
	}
	switch {
	case g.inRound && !g.c.complete():
		g.anomaly(g.c.n, "", reason)
	case g.ph == phPlay || g.ph == phEnded:
		g.pendReview = true
		g.anomaly(g.rounds+1, "", reason)
	default:
		g.anomaly(0, "", reason)
	}
}

// deal gives a card to the round in progress, starts a round with it, or carries it over when
// the round in progress is complete but not yet turned over (a card drawn in excess).
func (g *Game) deal(k carried) {
	if g.inRound && g.c.complete() { // held, or waiting to be turned: the card is drawn ahead of the next round
		if g.nCarry == len(g.carry) {
			g.anomaly(g.c.n, "", fmt.Sprintf("%s: too many cards drawn ahead of the round; it joins no round", k.card))
			return
		}
		g.carry[g.nCarry] = k
		g.nCarry++
		g.lastKind = lastCarry
		return
	}
	if !g.inRound {
		g.startRound(k, excessNone)
		return
	}
	g.place(k)
}

// startRound begins a round with its first card.
func (g *Game) startRound(k carried, ex excessCase) {
	pos := k.pos
	g.rounds++
	g.c = coup{n: g.rounds, excessNote: -1, review: g.pendReview, why: g.pendWhy}
	g.pendReview, g.pendWhy = false, nil
	g.inRound = true
	ir := &g.prof.Irregular
	if g.ph == phEnded {
		g.pendDummy = false
		g.c.upgrade(KindNoBet)
		g.c.note(g.prof.DummyAfterLastRule)
	}
	g.takeRequests()
	switch pos {
	case P3:
		ex = excessPlayerThird
	case B3:
		ex = excessBankerThird
	}
	if ex != excessNone {
		g.c.excess = ex
		// third cards are dealt face up in styles A and C (002 9.9, 004 9.7): disclosed
		g.c.disclosed = k.disclosed || ex != excessPlain && g.set.Style != StyleB
		g.applyExcess()
		pos = PosNone // explained by the excess rule: not a wrong box
	}
	if k.faceUp && !k.disclosed {
		if r := ir.FirstCardFaceUp; r.Rule != "" {
			g.c.upgrade(r.Kind)
			g.c.note(r.Rule)
		} else {
			g.anomaly(g.c.n, "", fmt.Sprintf("%s was found face up in the shoe as the first card of round %d: this book has no rule", k.card, g.c.n))
		}
	}
	k.pos = pos
	g.place(k)
}

// applyExcess applies the rule for a round started by a card drawn in excess, replacing the
// rule applied before if the card has since been disclosed.
func (g *Game) applyExcess() {
	ir := &g.prof.Irregular
	var r ExcessRule
	switch g.c.excess {
	case excessPlayerThird:
		r = ir.PlayerThirdHidden
		if g.c.disclosed {
			r = ir.PlayerThirdShown
		}
	case excessBankerThird:
		r = ir.BankerThirdHidden
		if g.c.disclosed {
			r = ir.BankerThirdShown
		}
	default:
		r = ir.ExcessHidden
		if g.c.disclosed {
			r = ir.ExcessShown
		}
	}
	g.c.upgrade(r.Kind)
	if g.c.excessNote >= 0 && g.c.excessNote < len(g.c.notes) {
		g.c.notes[g.c.excessNote] = r.Rule
		return
	}
	g.c.excessNote = g.c.note(r.Rule)
}

// place puts a card into the round in progress at the position the table of play gives it.
func (g *Game) place(k carried) {
	c := &g.c
	want := c.next()
	if want == PosNone { // cannot happen: deal carries cards over a complete round
		return
	}
	ir := &g.prof.Irregular
	if k.pos != PosNone && k.pos != want {
		isBanker := func(p Position) bool { return p >= B1 }
		switch {
		case k.pos == P3 && want == B3:
			c.note(ir.PlayerThirdToBanker)
		case isBanker(k.pos) && !isBanker(want) && ir.BankerGotPlayers != "":
			c.note(ir.BankerGotPlayers)
			g.anomaly(c.n, ir.BankerGotPlayers, fmt.Sprintf("%s reported at %s, table of play says %s", k.card, k.pos, want))
		default:
			c.note(ir.WrongBox)
			g.anomaly(c.n, ir.WrongBox, fmt.Sprintf("%s reported at %s, table of play says %s", k.card, k.pos, want))
		}
	}
	if k.faceUp && c.started() {
		if ir.OtherCardFaceUp != "" {
			c.note(ir.OtherCardFaceUp)
		} else {
			g.anomaly(c.n, "", fmt.Sprintf("%s was found face up in the shoe: this book has no rule", k.card))
		}
	}
	if k.src == SourceManual {
		c.manual++
	}
	g.insurance = false // Insurance/No 6 is placed before the next card is dealt (000 1.1)
	c.put(k.card, want, k.faceUp || faceUpOnDeal(g.set.Style, want))
	g.lastKind = lastRound
	g.afterChange()
}

// afterChange opens Insurance/No 6 or finishes the round once its cards are all turned.
func (g *Game) afterChange() {
	c := &g.c
	if g.set.InsuranceNo6 && c.insuranceOpens() {
		c.insuranceDone = true
		g.insurance = true
		g.emit(Event{Kind: EvInsurance, N: c.n, Rule: g.prof.InsuranceRule})
	}
	if c.complete() && c.allUp() {
		g.finish()
	}
}

// turn turns a hand over (styles B and C; a no-op request in style A is refused). The Banker
// hand goes first only where the book allows it, and with the supervisor's authorisation where
// the book asks for it (004 8.17).
func (g *Game) turn(h Hand, authorised bool) {
	if h != HandPlayer && h != HandBanker {
		g.refuse("", "turn: no such hand")
		return
	}
	c := &g.c
	if !g.inRound || c.np < 2 || c.nb < 2 {
		g.refuse("", "turn "+h.String()+": the initial deal is not complete")
		return
	}
	if !c.hasFaceDown(h) {
		g.refuse("", "turn "+h.String()+": no face-down card in that hand")
		return
	}
	if h == HandBanker && c.hasFaceDown(HandPlayer) {
		if !g.prof.BankerFirst {
			g.refuse(g.prof.RevealRule, "the Player hand is turned first")
			return
		}
		if r := g.prof.BankerFirstAuthorised; r != "" && !authorised {
			g.refuse(r, "turn Banker: the Banker hand is turned before the Player hand only with the casino supervisor's authorisation")
			return
		}
	}
	c.turn(h)
	g.afterChange()
}

// finish ends the round in progress: it reports the round, applies the last-coup rule and
// starts the next round with any carried cards.
func (g *Game) finish() {
	c := &g.c
	if g.hold && c.review && c.kind != KindCancelled {
		return // held: the supervisor confirms, enters or cancels it (doubt.go)
	}
	g.out = append(g.out, Event{Kind: EvRound, Shoe: g.shoe, N: c.n})
	r := &g.out[len(g.out)-1].Round
	r.N, r.Shoe, r.Kind, r.Notes, r.Review, r.Manual, r.Hidden = c.n, g.shoe, c.kind, c.notes, c.review || len(c.why) > 0, c.manual, c.hidden()
	r.Why, r.Resolution, r.ResolutionRule = c.why, c.resolution, c.resRule
	for i := 0; i < c.np; i++ {
		if c.visible(c.pUp, i) {
			r.Player.add(c.p[i])
		}
	}
	for i := 0; i < c.nb; i++ {
		if c.visible(c.bUp, i) {
			r.Banker.add(c.b[i])
		}
	}
	o := &r.Outcome
	o.PlayerTotal, o.BankerTotal = Total(r.Player.List()), Total(r.Banker.List())
	o.PlayerCards, o.BankerCards = r.Player.N, r.Banker.N
	if c.byHand {
		*o = Outcome{TotalsUnknown: true}
		if m := c.result; r.Kind != KindCancelled {
			o.Winner, o.Natural, o.PlayerPair, o.BankerPair = m.Winner, m.Natural, m.PlayerPair, m.BankerPair
		}
	} else if r.Kind != KindCancelled {
		c.decide(o)
	}
	n, kind, winner := c.n, r.Kind, o.Winner
	g.prev = *r
	g.inRound = false
	g.insurance = false
	c.notes = nil
	g.remember(r)
	if c.fromRequest {
		g.nobetRow++
	} else {
		g.nobetRow = 0
	}
	for _, s := range g.pendRound {
		g.applySetting(s)
	}
	g.pendRound = g.pendRound[:0]
	g.afterRound(n, kind, winner)
}

// decide sets the result of a coup with all its cards turned, its totals already in o: the
// winner, a natural, the pairs and the Banker's first two cards (for Insurance/No 6).
func (c *coup) decide(o *Outcome) {
	o.Winner = Decide(o.PlayerTotal, o.BankerTotal)
	p2, b2 := Total(c.p[:2]), Total(c.b[:2])
	o.Natural = IsNatural(p2) || IsNatural(b2)
	o.PlayerPair = c.p[0].Rank == c.p[1].Rank
	o.BankerPair = c.b[0].Rank == c.b[1].Rank
	o.BankerFirstTwo = b2
}

// afterRound applies the last-coup rule after round r and deals the carried cards.
func (g *Game) afterRound(n int, kind RoundKind, winner Winner) {
	if g.ph == phEnded { // a directed dummy coup after the last coup (000 8.3.4(d))
		g.dropCarry("cards drawn after the last coup")
		return
	}
	if g.announceAt == n {
		g.announceAt = 0
		g.announce(g.announceRule)
	}
	if g.lastN != 0 && n >= g.lastN {
		if g.prof.Cut.LastTakesWagers && kind == KindNoBet && !g.emptied {
			g.lastN = n + 1
			g.announce(g.prof.Cut.LastTakesWagersRule)
		} else if g.prof.Cut.TieOneMore && winner == Tie && !g.tieDone {
			g.tieDone = true
			g.lastN = n + 1
			g.announce(g.prof.Cut.TieRule)
		} else {
			g.endShoe()
			return
		}
	}
	g.flushCarry()
}

func (g *Game) announce(rule string) {
	g.announced = true
	g.emit(Event{Kind: EvLastCoup, N: g.lastN, Rule: rule})
}

func (g *Game) dropCarry(why string) {
	for i := 0; i < g.nCarry; i++ {
		g.anomaly(0, "", fmt.Sprintf("%s: %s joins no round", why, g.carry[i].card))
	}
	g.nCarry = 0
}

// flushCarry deals the cards drawn while the last round waited to be turned over: the first
// starts the next round as a card drawn in excess (000 11.2, 001 9.3, 002/004 12.2(a)).
func (g *Game) flushCarry() {
	n := g.nCarry
	if n == 0 {
		return
	}
	var pending [8]carried
	copy(pending[:], g.carry[:n])
	g.nCarry = 0
	for i := 0; i < n; i++ {
		k := pending[i]
		if g.ph == phEnded {
			g.anomaly(0, "", fmt.Sprintf("%s dealt after the last coup: it joins no round", k.card))
			continue
		}
		if !g.inRound {
			g.startRound(k, excessPlain)
			continue
		}
		g.deal(k)
	}
}

func (g *Game) remember(r *Round) {
	g.history[g.nHistory%historyLen] = past{n: r.N, kind: r.Kind, p: r.Player, b: r.Banker, notes: r.Notes}
	g.nHistory++
}
