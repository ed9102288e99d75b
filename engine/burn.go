// The burn at the start of a shoe (000 4.2, 001 5.2, 004 7.3).

package engine

func (g *Game) faceBurn() {
	switch {
	case g.ph != phBurn || g.burnHidden > 0 || len(g.burnShown) > 0:
		g.refuse(g.prof.FaceBurnRule, "faceburn must come right after shoe, before the burn")
	case g.burnFace:
		// already a face-value burn: nothing changes
	case !g.prof.FaceBurnRequest:
		g.refuse(g.prof.FaceBurnRule, "this book has no face-value burn on request")
	default:
		g.burnFace = true
	}
}

func (g *Game) burnToken() {
	switch {
	case g.ph == phBurn:
		// the shoe is reporting the burn procedure's cards: nothing more to do
	case g.ph != phPlay:
		g.refuse("", "burn: no shoe in play")
	case !g.prof.BurnBeforeCoup:
		g.refuse("", "this book has no burn before a coup (only vic 000 8.2.2(b))")
	case g.inRound || g.nCarry > 0:
		g.refuse(g.prof.BurnBeforeCoupRule, "a card may be burned only before a coup is dealt")
	default:
		g.burnNext = true
	}
}

func (g *Game) noBurn() {
	if g.ph != phBurn {
		g.refuse(g.prof.Irregular.FailedBurn, "noburn: not at the start of a shoe")
		return
	}
	if g.burnHidden > 0 || len(g.burnShown) > 0 {
		g.emit(Event{Kind: EvBurn, Shown: g.burnShown, Hidden: g.burnHidden})
	}
	g.emit(Event{Kind: EvNoBurn, Rule: g.prof.Irregular.FailedBurn})
	g.ph = phPlay
}

// burnCard takes one card into the start-of-shoe burn procedure.
func (g *Game) burnCard(c Card) {
	g.lastKind = lastBurn
	if g.burnFace && len(g.burnShown) == 0 {
		g.burnShown = []Card{c}
		g.burnNeed = c.BurnCount()
		return
	}
	g.burnHidden++
	g.burnAudit = append(g.burnAudit, c)
	if g.burnHidden >= g.burnNeed {
		g.emit(Event{Kind: EvBurn, Shown: g.burnShown, Hidden: g.burnHidden})
		g.ph = phPlay
	}
}
