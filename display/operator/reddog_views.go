package operator

import (
	"fmt"
	"strings"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/opwords"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine/reddog"
)

// Red Dog's own coup and recall views on the operator screen (003): the entry tab shows the
// three boxes, the spread and what the deal waits for, and the recall tab the session's rounds
// with their cards, spread, outcome and review. Every card in them was dealt face up.

// redDogStage says in w's language what the deal waits for, as the dealer needs it.
func redDogStage(w i18n.Catalogue, v reddog.View) string {
	switch v.Stage {
	case reddog.StageNoShoe:
		return w.T(i18n.OpLoadShoe)
	case reddog.StageBurn:
		return w.T(i18n.RdBurn)
	case reddog.StageFirst:
		return w.T(i18n.RdFirst)
	case reddog.StageSecond:
		return w.T(i18n.RdSecond)
	case reddog.StageRaise:
		return w.T(i18n.RdRaise, v.Round.Spread.String(), v.Round.RaisePercent)
	case reddog.StagePairDraw:
		return w.T(i18n.RdPairDraw)
	case reddog.StageShuffle:
		return w.T(i18n.RdShuffle, fmt.Sprint(v.ShuffleDue))
	case reddog.StageReshuffle:
		return w.T(i18n.RdReshuffle)
	case reddog.StageReview:
		return w.T(i18n.RdReview)
	}
	return ""
}

// updateRedDog shows a Red Dog table's round on the entry tab: the right and left boxes, the
// centre box with the spread, and what the deal waits for.
func (t *entryTab) updateRedDog(snap view.Operator, w i18n.Catalogue) {
	t.pending.SetText(t.typed().In(w, snap.Currency))
	v := snap.RedDog.View
	t.rowA.SetText(w.T(i18n.BoxRight) + " · " + w.T(i18n.RdBoxLeft))
	t.rowB.SetText(w.T(i18n.BoxCentre))
	r := v.Round
	box := func(i int) string {
		if i < len(r.Cards) {
			return r.Cards[i].String()
		}
		return "—"
	}
	t.player.SetText(box(0) + "   " + box(1))
	t.banker.SetText(box(2) + "   " + opwords.RedDogSpread(w, r))
	switch {
	case r.N == 0:
		t.result.SetText("")
	case snap.Game.InCoup && r.Review:
		t.result.SetText(w.T(i18n.RdRoundReview, r.N))
	case snap.Game.InCoup:
		t.result.SetText(w.T(i18n.RdRoundInProgress, r.N))
	default:
		t.result.SetText(w.T(i18n.OpRoundResult, r.N, opwords.RedDogResult(w, r)))
	}
	status := []string{redDogStage(w, v)}
	if len(r.Notes) > 0 {
		status = append(status, w.T(i18n.OpRulesApplied, strings.Join(r.Notes, ", ")))
	}
	if snap.Game.Review {
		status = append(status, w.T(i18n.OpUnderReview, strings.Join(snap.Game.Reasons, "; ")))
	}
	t.status.SetText(strings.Join(status, "\n"))
	t.resultOnly.Hide() // a result without cards is a baccarat input
	t.turnP.Hide()
	t.turnB.Hide() // every Red Dog card is dealt face up
	t.turnFirst.Hide()
}

// updateRedDog shows a Red Dog table's rounds of the session on the recall tab, newest first.
func (t *recallTab) updateRedDog(snap view.Operator, w i18n.Catalogue) {
	h := snap.RedDog.History
	t.title.SetText(w.T(i18n.RdRecallTitle, len(h), snap.Game.Shoe))
	lines := make([]string, 0, len(h))
	for i := len(h) - 1; i >= 0; i-- {
		lines = append(lines, opwords.RedDogRoundLine(w, h[i]))
	}
	t.list.SetText(strings.Join(lines, "\n"))
}
