package engine

// coup is the private state of the round being dealt: every card the shoe gave it, face up or
// not. Nothing here leaves the engine except through publicRound and View, which show only
// turned cards (architecture.md invariant 4).
type coup struct {
	n        int
	p, b     [3]Card
	np, nb   int
	pUp, bUp [3]bool
	kind     RoundKind
	notes    []string
	review   bool
	manual   int
	// why are the reasons the coup was put under review, and resolution how the supervisor
	// resolved it (doubt.go).
	why        []string
	resolution string
	resRule    string

	fromRequest bool // a nobet request (counted for NoBetRule.MaxInARow)
	// excess is the irregularity that started this round with a card drawn in excess, and
	// excessNote the index of its note in notes (-1 for none), so a later disclosure can
	// replace the rule applied.
	excess     excessCase
	excessNote int
	disclosed  bool

	insuranceDone bool
	lastBanker    bool // the card placed last went to the Banker

	// byHand is set for a round whose result was entered by hand (result), with no cards.
	byHand bool
	result ManualResult
}

// excessCase is why a round's first card was a card drawn in excess.
type excessCase uint8

const (
	excessNone        excessCase = iota
	excessPlain                  // drawn before the previous round was over
	excessPlayerThird            // a third card to Player contrary to the tableau (shoe said P3)
	excessBankerThird            // a third card to Banker contrary to the tableau (shoe said B3)
)

// next is the position the next card from the shoe takes by deal order and the table of play
// (000 8.2.3, Tables 1-2), or PosNone when the coup is complete.
func (c *coup) next() Position {
	switch {
	case c.np == 0:
		return P1
	case c.nb == 0:
		return B1
	case c.np == 1:
		return P2
	case c.nb == 1:
		return B2
	}
	pt, bt := Total(c.p[:2]), Total(c.b[:2])
	if IsNatural(pt) || IsNatural(bt) {
		return PosNone
	}
	pDraws := PlayerDraws(pt)
	if pDraws && c.np == 2 {
		return P3
	}
	if c.nb == 2 && BankerDraws(bt, pDraws, c.p[2]) {
		return B3
	}
	return PosNone
}

// started reports whether any card has been dealt to the coup.
func (c *coup) started() bool { return c.np+c.nb > 0 }

// complete reports whether the coup has every card the table of play gives it.
func (c *coup) complete() bool {
	return c.byHand || c.np >= 2 && c.nb >= 2 && c.next() == PosNone // a result entered by hand has no cards to come (000 11.2)
}

// put places a card at a position given by next.
func (c *coup) put(card Card, pos Position, up bool) {
	switch pos {
	case P1, P2, P3:
		c.p[c.np], c.pUp[c.np] = card, up
		c.np++
		c.lastBanker = false
	case B1, B2, B3:
		c.b[c.nb], c.bUp[c.nb] = card, up
		c.nb++
		c.lastBanker = true
	}
}

// exposeLast turns over the card placed last: it was exposed in error, so it is seen.
func (c *coup) exposeLast() {
	if c.lastBanker && c.nb > 0 {
		c.bUp[c.nb-1] = true
	} else if !c.lastBanker && c.np > 0 {
		c.pUp[c.np-1] = true
	}
}

// initialUp reports whether the four cards of the initial deal are dealt and turned: only
// then is the table of play, and so where a third card goes, public.
func (c *coup) initialUp() bool {
	return c.np >= 2 && c.nb >= 2 && c.pUp[0] && c.pUp[1] && c.bUp[0] && c.bUp[1]
}

// visible reports whether the card at index i of a hand may be shown: it is turned, and it
// is one of the first two cards or the initial deal is turned (a third card's very position
// depends on the totals).
func (c *coup) visible(up [3]bool, i int) bool {
	return up[i] && (i < 2 || c.initialUp())
}

// faceDown counts a hand's cards that are on the table face down at a public position.
func (c *coup) faceDown(n int, up [3]bool) int {
	k := 0
	for i := 0; i < n; i++ {
		if !up[i] && (i < 2 || c.initialUp()) {
			k++
		}
	}
	return k
}

// allUp reports whether every card dealt to the coup is turned.
func (c *coup) allUp() bool {
	for i := 0; i < c.np; i++ {
		if !c.pUp[i] {
			return false
		}
	}
	for i := 0; i < c.nb; i++ {
		if !c.bUp[i] {
			return false
		}
	}
	return true
}

// hidden counts the coup's cards that were never shown.
func (c *coup) hidden() int {
	k := 0
	for i := 0; i < c.np; i++ {
		if !c.visible(c.pUp, i) {
			k++
		}
	}
	for i := 0; i < c.nb; i++ {
		if !c.visible(c.bUp, i) {
			k++
		}
	}
	return k
}

// upgrade raises the coup's kind (cancelled > nobet > normal).
func (c *coup) upgrade(k RoundKind) {
	if k > c.kind {
		c.kind = k
	}
}

// note adds a rule number to the coup's notes once.
func (c *coup) note(rule string) int {
	if rule == "" {
		return -1
	}
	for i, n := range c.notes {
		if n == rule {
			return i
		}
	}
	c.notes = append(c.notes, rule)
	return len(c.notes) - 1
}

// turn turns over every card of one hand; it reports whether any card was face down.
func (c *coup) turn(h Hand) bool {
	up, n := &c.pUp, c.np
	if h == HandBanker {
		up, n = &c.bUp, c.nb
	}
	any := false
	for i := 0; i < n; i++ {
		any = any || !up[i]
		up[i] = true
	}
	return any
}

// hasFaceDown reports whether a hand has a card not yet turned.
func (c *coup) hasFaceDown(h Hand) bool {
	up, n := c.pUp, c.np
	if h == HandBanker {
		up, n = c.bUp, c.nb
	}
	for i := 0; i < n; i++ {
		if !up[i] {
			return true
		}
	}
	return false
}

// faceUpOnDeal reports whether a card dealt at pos arrives face up in a dealing style:
// style A deals every card face up (002 8.5); style C deals the initial four face down and
// third cards face up (002 9.9, 004 9.7); style B deals everything face down (002 9.10, 004 9.8).
func faceUpOnDeal(s Style, pos Position) bool {
	switch s {
	case StyleA:
		return true
	case StyleC:
		return pos == P3 || pos == B3
	}
	return false
}

// insuranceOpens reports whether Insurance/No 6 opens now: the Banker's first two cards total
// 6 and the Player must draw (000 1.1), both known only from turned cards, before the next
// card is dealt. It never opens on a dummy coup (a directed one, a card found face up first, a
// round without wagers): no wager is placed on it (000 11.9.5, 11.6.1, 11.5).
func (c *coup) insuranceOpens() bool {
	if c.insuranceDone || c.kind != KindNormal || c.np != 2 || c.nb != 2 || !c.initialUp() {
		return false
	}
	return Total(c.b[:2]) == 6 && PlayerDraws(Total(c.p[:2]))
}
