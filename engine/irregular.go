package engine

import (
	"fmt"
	"strings"
)

// voidNow is the supervisor cancelling the round in progress (000 13.3, 001 11.3, 002 12.7,
// 004 12.6: Irregularities.VoidInProgress).
func (g *Game) voidNow() {
	if !g.inRound {
		g.refuse(g.prof.Irregular.VoidInProgress, "void: no round in progress")
		return
	}
	doubtful := g.c.review || len(g.c.why) > 0 && g.c.resolution == ""
	g.c.upgrade(KindCancelled)
	g.c.note(g.prof.Irregular.VoidInProgress)
	if doubtful {
		g.c.review, g.c.resolution, g.c.resRule = false, ResolvedCancelled, g.prof.Irregular.VoidInProgress
		g.review, g.reasons = false, nil
		for _, d := range g.disputed {
			g.flag(fmt.Sprintf("round %d: %s", d.n, strings.Join(d.why, "; ")))
		}
		g.emit(Event{Kind: EvResolved, N: g.c.n, Reason: ResolvedCancelled, Rule: g.prof.Irregular.VoidInProgress})
		g.setAside(fmt.Sprintf("coup %d was cancelled under review: cards read after it may belong to it", g.c.n))
	}
	g.finish()
}

// voidAfter is the supervisor cancelling finished round n after the fact (000 13.3-13.4,
// 001 9.5); later rounds stand. Books without such a rule refuse it.
func (g *Game) voidAfter(n int) {
	ir := &g.prof.Irregular
	if g.inRound && n == g.c.n {
		g.voidNow()
		return
	}
	if ir.VoidAfter == "" {
		reason := fmt.Sprintf("void %d: this book has no rule to cancel a finished round", n)
		if ir.VoidAfterRefused != "" {
			reason = fmt.Sprintf("void %d: hands dealt after an error stand as dealt", n)
		}
		g.refuse(ir.VoidAfterRefused, reason)
		return
	}
	h := g.past(n)
	switch {
	case h == nil:
		g.refuse(ir.VoidAfter, fmt.Sprintf("void %d: no such finished round in this shoe", n))
	case h.kind == KindCancelled:
		g.refuse(ir.VoidAfter, fmt.Sprintf("void %d: round %d is already cancelled", n, n))
	default:
		h.kind = KindCancelled
		g.emit(Event{Kind: EvVoid, N: n, Rule: ir.VoidAfter})
		g.undispute(n, ir.VoidAfter)
	}
}

// past is finished round n of this shoe as the history remembers it (nil: none).
func (g *Game) past(n int) *past {
	lo := max(g.nHistory-historyLen, 0)
	for i := g.nHistory - 1; i >= lo; i-- {
		if h := &g.history[i%historyLen]; h.n == n {
			return h
		}
	}
	return nil
}

// DisputedBySupervisor is the reason a round disputed by the supervisor is under review.
const DisputedBySupervisor = "disputed: put under review by the supervisor"

// disputeAfter is the supervisor putting finished round n of this shoe, already shown and
// counted, under review after the fact (a player's or surveillance's dispute; the supervisor
// decides it, Irregularities.Dispute): its result comes off the screen and the roads until the
// supervisor confirms it (accept; Irregularities.Confirm) or cancels it (void N, where the book
// has a rule to cancel a finished round). The round in progress is resolved, not disputed.
func (g *Game) disputeAfter(n int) {
	rule := g.prof.Irregular.Dispute
	if g.inRound && n == g.c.n {
		g.refuse(rule, fmt.Sprintf("dispute %d: coup %d is in progress, not finished: accept it, enter its cards or void it", n, n))
		return
	}
	switch h := g.past(n); {
	case h == nil:
		g.refuse(rule, fmt.Sprintf("dispute %d: no such finished round in this shoe", n))
	case h.kind == KindCancelled:
		g.refuse(rule, fmt.Sprintf("dispute %d: round %d is cancelled: it has no result to dispute", n, n))
	default:
		g.disputeRound(n, DisputedBySupervisor, rule)
	}
}

// empty is the shoe running out: a round that cannot be finished is cancelled (000 11.11,
// 001 9.6, 002/004 12.5), and the shoe ends (a continuous shuffler has no end of shoe).
func (g *Game) empty() {
	if g.inRound && !g.c.complete() {
		g.c.upgrade(KindCancelled)
		g.c.note(g.prof.Irregular.NotEnoughCards)
		g.finish()
	}
	if g.continuous() {
		return
	}
	if g.ph == phBurn || g.ph == phPlay {
		if g.inRound { // complete, waiting to be turned over: it ends the shoe when it finishes
			g.lastN, g.tieDone, g.emptied = g.c.n, true, true
			return
		}
		g.endShoe()
	}
}

// dummy is the supervisor directing that the next coup is a dummy coup (000 11.4), or after
// the last coup (000 8.3.4(d)).
func (g *Game) dummy() {
	switch {
	case !g.prof.DummyDirected:
		g.refuse("", "dummy: this book has no dummy coups (vic 000 11.4 only)")
	case g.ph == phEnded && !g.prof.DummyAfterLast:
		g.refuse("", "dummy: no dummy coups after the last coup")
	case g.ph == phNoShoe:
		g.refuse(g.prof.DummyDirectedRule, "dummy: no shoe in play")
	default:
		g.pendDummy = true
	}
}

// noBet is a request that the next round be played without wagers (001 4.7-4.9, 004 8.3,
// 000 11.5; refused under 002, which has no such rule).
func (g *Game) noBet() {
	nb := &g.prof.NoBet
	switch {
	case !nb.Allowed:
		g.refuse("", "nobet: this book has no rounds without wagers")
	case g.pendNoBet:
		// already requested for the next round
	case nb.MaxInARow > 0 && g.nobetRow >= nb.MaxInARow:
		g.refuse(nb.LimitRule, fmt.Sprintf("nobet: at most %d in a row", nb.MaxInARow))
	default:
		g.pendNoBet = true
	}
}

// shoeSetting reports whether a setting may change only between shoes: the number of decks,
// the shuffler and the burn always; the style where the book fixes it for a shoe (002 8.4, 004 8.5).
func (g *Game) shoeSetting(key string) bool {
	switch key {
	case "decks", "shuffler", "burn":
		return true
	case "style":
		return g.prof.StyleFixedPerShoe
	}
	return false
}

// setting validates a change of a table setting and applies it between rounds (or shoes).
func (g *Game) setting(key, value string) {
	s := g.set
	for _, p := range g.pendShoe {
		_ = s.Set(&g.prof, p.key, p.value)
	}
	for _, p := range g.pendRound {
		_ = s.Set(&g.prof, p.key, p.value)
	}
	if err := s.Set(&g.prof, key, value); err != nil {
		g.refuse("", err.Error())
		return
	}
	if k := signKind(key); k&g.prof.Notices.NeedsNotice != 0 {
		// on the sign, with prior notice (001 3.7, 8.2): never applied at once (Board.ScheduleSetting)
		n := g.prof.Notices
		n.Minutes = g.set.NoticeMinutes
		g.refuse(noticeRule(k, n), fmt.Sprintf("setting %s=%s: a change of the %s is shown on the sign and takes effect only after %d minutes' prior notice; post it as a change of the sign with a time (!setting at=HH:MM)",
			key, value, k, n.Minutes))
		return
	}
	if err := s.Validate(&g.prof); err != nil {
		g.refuse("", err.Error())
		return
	}
	kv := setting{key, value}
	switch {
	case g.shoeSetting(key) && (g.ph == phBurn || g.ph == phPlay):
		g.pendShoe = append(g.pendShoe, kv)
	case g.inRound:
		g.pendRound = append(g.pendRound, kv)
	default:
		g.applySetting(kv)
	}
}

func (g *Game) applySetting(kv setting) {
	s := g.set
	if err := s.Set(&g.prof, kv.key, kv.value); err != nil {
		g.refuse("", err.Error())
		return
	}
	if err := s.Validate(&g.prof); err != nil {
		g.refuse("", err.Error())
		return
	}
	g.set = s
	g.emit(Event{Kind: EvSetting, Key: kv.key, Value: kv.value})
}

// undispute ends the review of round n after the fact: it was cancelled.
func (g *Game) undispute(n int, rule string) { g.resolveDisputed(n, ResolvedCancelled, rule) }

// resolveDisputed ends the review of finished round n of this shoe, resolved as how under rule,
// and reports whether it was under review.
func (g *Game) resolveDisputed(n int, how, rule string) bool {
	for i, d := range g.disputed {
		if d.n == n && d.shoe == g.shoe {
			g.disputed = append(g.disputed[:i], g.disputed[i+1:]...)
			g.emit(Event{Kind: EvResolved, N: n, Reason: how, Rule: rule})
			g.review, g.reasons = len(g.disputed) > 0 || g.inRound && g.c.review, nil
			for _, d := range g.disputed {
				g.reasons = addWhy(g.reasons, fmt.Sprintf("round %d: %s", d.n, strings.Join(d.why, "; ")))
			}
			return true
		}
	}
	return false
}
