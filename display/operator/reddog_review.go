package operator

import (
	"strings"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/opwords"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// redDogReviewLines says in words what waits for the supervisor's review at a Red Dog table,
// one line each, the engine's reasons worded in w's language; none when nothing does. The cards are named by box (003 7.1.2, 7.1.3, 7.2).
func redDogReviewLines(w i18n.Catalogue, snap view.Operator) []string {
	g, rd := snap.Game, snap.RedDog
	var out []string
	if g.InCoup && g.Held {
		line := w.T(i18n.RdHeld, g.Coup, redDogBoxes(w, rd.View.Round.Cards))
		if rd.View.Stage == reddog.StageReview {
			line += " " + w.T(i18n.RdAllCards)
		}
		out = append(out, line)
		for _, why := range opwords.Reasons(w, snap.Currency, g.HeldWhy) {
			out = append(out, "  · "+why)
		}
	}
	for _, n := range g.Disputed {
		line := w.T(i18n.RdDisputed, n)
		for _, r := range rd.History {
			if r.N == n {
				line += " " + w.T(i18n.RevCards, redDogBoxes(w, r.Cards))
				for _, why := range opwords.Reasons(w, snap.Currency, r.Why) {
					line += " " + why + "."
				}
			}
		}
		out = append(out, line)
	}
	if g.NextHeld {
		out = append(out, w.T(i18n.RdNextHeld))
		for _, why := range opwords.Reasons(w, snap.Currency, rd.View.NextWhy) {
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
