// A shoe's life: a new shoe, the cutting card and its distance, the shoe's end and exposed cards.

package engine

import "fmt"

// lastCard is where the card just drawn went, for "exposed".
type lastCard uint8

const (
	lastNone lastCard = iota
	lastBurn
	lastRound
	lastCarry
)

// newShoe loads a shuffled shoe: the previous one ends, shoe-level settings take effect and
// the burn procedure begins.
func (g *Game) newShoe() {
	g.dropCarry("a new shoe was loaded")
	if g.inRound {
		g.anomaly(g.c.n, g.prof.Irregular.VoidInProgress, fmt.Sprintf("a new shoe was loaded during round %d: the round is cancelled", g.c.n))
		g.c.upgrade(KindCancelled)
		g.c.note(g.prof.Irregular.VoidInProgress)
		g.finish()
	}
	if g.ph == phBurn || g.ph == phPlay {
		g.emit(Event{Kind: EvShoeEnd})
	}
	for _, s := range g.pendShoe {
		g.applySetting(s)
	}
	g.pendShoe = g.pendShoe[:0]
	g.shoe++
	if g.set.Shuffler == ShufflerBatch && g.shoe > 1 {
		g.setIdx ^= 1
	} else if g.set.Shuffler != ShufflerBatch {
		g.setIdx = 0
	}
	g.inv[g.setIdx] = inventory{}
	g.decksIn = g.set.Decks
	g.rounds, g.nHistory = 0, 0
	g.cutSeen, g.lastN, g.announced, g.announceAt, g.tieDone, g.emptied = false, 0, false, 0, false, false
	g.burnFace = g.set.Burn == BurnFaceValue
	g.burnShown, g.burnHidden, g.burnNeed, g.burnAudit, g.burnNext = nil, 0, 1, g.burnAudit[:0], false
	g.pendDummy, g.pendFace, g.pendReview, g.pendWhy = false, false, false, nil
	g.countsUnknown = false
	g.lastKind = lastNone
	g.ph = phBurn
	g.emit(Event{Kind: EvShoe})
}

func (g *Game) endShoe() {
	g.ph = phEnded
	g.emit(Event{Kind: EvShoeEnd})
	g.dropCarry("cards drawn after the last coup")
}

// cut is the cutting card coming out.
func (g *Game) cut() {
	switch {
	case g.continuous():
		g.refuse("7.8", "a continuous shuffler has no cutting card")
		return
	case g.ph == phNoShoe || g.ph == phEnded:
		g.anomaly(0, "", "cutting card with no shoe in play")
		return
	case g.cutSeen:
		if g.prof.CuttingCardsMax < 2 {
			g.anomaly(0, "", "a second cutting card, but this book uses one")
		}
		return // the second cutting card lies at the back of the stack (001 5.3, 002 7.4)
	}
	g.cutSeen = true
	if g.ph == phBurn {
		g.anomaly(0, "", "cutting card during the burn")
	}
	g.checkCutDistance()
	cr := &g.prof.Cut
	during := g.inRound && !g.c.complete()
	cur := g.rounds // the round in progress, or the last one finished
	if g.inRound && g.c.complete() && g.nCarry > 0 {
		during, cur = true, g.rounds+1 // the carried card has begun the next round
	}
	if during {
		g.lastN = cur + cr.DuringExtra
		if cr.DuringExtra == 0 {
			g.announce(cr.DuringRule)
		} else {
			g.announceAt, g.announceRule = cur, cr.DuringRule
		}
		return
	}
	next := g.rounds + 1
	if g.inRound { // complete, waiting to be turned over: the cut is the first card of the next
		next = g.c.n + 1
	}
	g.lastN = next + cr.FirstExtra
	if cr.FirstExtra == 0 {
		g.announce(cr.FirstRule)
	} else {
		g.announceAt, g.announceRule = next+cr.FirstExtra-1, cr.FirstRule
	}
}

// checkCutDistance reports, for review, a cutting card met with fewer cards behind it than the
// book has the dealer insert it (Profile.CutMinFromBack: 000 4.2.4, 001 5.3, 002 7.4, 004 7.6).
// The books set only the least distance from the back, so a cutting card met early is no
// irregularity. Where the counts are unknown (a result entered by hand) nothing is checked.
func (g *Game) checkCutDistance() {
	if g.countsUnknown || g.prof.CutMinFromBack <= 0 {
		return
	}
	left := 52*g.decksIn - g.inv[g.setIdx].out
	if left >= g.prof.CutMinFromBack {
		return
	}
	if left < 0 {
		left = 0
	}
	g.anomaly(0, g.prof.CutPlaceRule, fmt.Sprintf("cutting card with %d cards behind it: the book has it inserted at least %d cards from the back (%s)",
		left, g.prof.CutMinFromBack, g.prof.CutPlaceRule))
}

// exposed: the card just drawn was exposed (disclosed) in error.
func (g *Game) exposed() {
	switch {
	case g.lastKind == lastCarry && g.nCarry > 0:
		// a carried card is disclosed: the round it starts is started as disclosed
		g.carry[g.nCarry-1].disclosed = true
		g.carry[g.nCarry-1].faceUp = true
	case g.lastKind == lastRound && g.inRound:
		c := &g.c
		if c.np+c.nb == 1 { // the first card of a round: a card drawn in excess, disclosed
			if c.excess == excessNone {
				c.excess = excessPlain
			}
			c.disclosed = true
			g.applyExcess()
		}
		c.exposeLast()
		g.afterChange()
	default:
		g.refuse("", "exposed: no card of a round was just drawn")
	}
}
