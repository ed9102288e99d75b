package operator

import (
	"strings"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// RedDogSnapshot is what the operator screen shows of a Red Dog table's deal: the engine's view
// (the round in progress or the last one, with its review), the finished rounds of the history,
// and the profile for the pay table. Every card in it was dealt face up.
type RedDogSnapshot struct {
	View    reddog.View
	History []reddog.Round
	Profile reddog.Profile
}

// redDogReviewFields fills the review part of a Red Dog snapshot's Game (the Corrections tab's
// "Under review" box reads it): the round in progress held, the next round held, the finished
// rounds disputed after the fact, and why.
func redDogReviewFields(g *engine.View, v reddog.View) {
	g.Held = g.InCoup && v.Round.Review
	if g.Held {
		g.HeldWhy = append([]string(nil), v.Round.Why...)
	}
	g.NextHeld = len(v.NextWhy) > 0
	g.Disputed = append([]int(nil), v.Disputed...)
	g.Review = g.Held || g.NextHeld || len(g.Disputed) > 0
	g.Reasons = append(append([]string(nil), g.HeldWhy...), v.NextWhy...)
}

// redDogReviewLines says in words what waits for the supervisor's review at a Red Dog table,
// one line each; none when nothing does. The cards are named by box (003 7.1.2, 7.1.3, 7.2).
func redDogReviewLines(w i18n.Catalogue, snap Snapshot) []string {
	g, rd := snap.Game, snap.RedDog
	var out []string
	if g.InCoup && g.Held {
		line := w.T(i18n.RdHeld, g.Coup, redDogBoxes(w, rd.View.Round.Cards))
		if rd.View.Stage == reddog.StageReview {
			line += " " + w.T(i18n.RdAllCards)
		}
		out = append(out, line)
		for _, why := range g.HeldWhy {
			out = append(out, "  · "+why)
		}
	}
	for _, n := range g.Disputed {
		line := w.T(i18n.RdDisputed, n)
		for _, r := range rd.History {
			if r.N == n {
				line += " " + w.T(i18n.RevCards, redDogBoxes(w, r.Cards))
				for _, why := range r.Why {
					line += " " + why + "."
				}
			}
		}
		out = append(out, line)
	}
	if g.NextHeld {
		out = append(out, w.T(i18n.RdNextHeld))
		for _, why := range rd.View.NextWhy {
			out = append(out, "  · "+why)
		}
	}
	return out
}

// RedDogBoxes names a round's cards by box: "right 3H, left 9S, centre 5D".
func RedDogBoxes(cards []engine.Card) string { return redDogBoxes(i18n.Catalogue{}, cards) }

// redDogBoxes is RedDogBoxes in w's language.
func redDogBoxes(w i18n.Catalogue, cards []engine.Card) string {
	if len(cards) == 0 {
		return w.T(i18n.OpNone)
	}
	names := []string{w.T(i18n.RdBoxRight), w.T(i18n.RdBoxLeft), w.T(i18n.RdBoxCentre)}
	parts := make([]string, 0, len(cards))
	for i, c := range cards {
		if i < len(names) {
			parts = append(parts, names[i]+" "+c.String())
		}
	}
	return strings.Join(parts, ", ")
}
