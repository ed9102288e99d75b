package operator

import (
	"fmt"
	"strings"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/i18n"
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

// redDogSpread is a round's spread and payout in w's language: "spread 5, pays 1 to 1", "no
// spread (consecutive)", "a pair".
func redDogSpread(w i18n.Catalogue, r reddog.Round) string {
	switch {
	case len(r.Cards) < 2:
		return "—"
	case r.Spread == reddog.Pair:
		return w.T(i18n.RdAPair)
	case r.Spread == reddog.Consecutive:
		return w.T(i18n.RdConsecutive)
	}
	return w.T(i18n.RdSpreadN, r.Spread.String())
}

// redDogResult is a finished round's result in w's language: "win 1:1", "lose", "push",
// "cancelled"; "no result" for a round in progress or under review.
func redDogResult(w i18n.Catalogue, r reddog.Round) string {
	switch {
	case r.Kind == reddog.KindCancelled:
		return w.T(i18n.RdCancelledWord)
	case r.Review || !r.Finished():
		return w.T(i18n.OpNoResult)
	}
	out := map[reddog.Outcome]string{reddog.Win: w.T(i18n.RdWinWord), reddog.Lose: w.T(i18n.RdLoseWord), reddog.Push: w.T(i18n.RdPushWord)}[r.Outcome]
	if out == "" {
		out = r.Outcome.String()
	}
	if !r.Pays.IsZero() {
		out += " " + r.Pays.String()
	}
	return out
}

// redDogRoundLine words a finished Red Dog round for recall in w's language: "#3 win 11:1  8D 8S
// 8H  a pair [10.10] review confirmed"; the rules and the reasons for a review stay as the
// journal has them.
func redDogRoundLine(w i18n.Catalogue, r reddog.Round) string {
	cards := make([]string, len(r.Cards))
	for i, c := range r.Cards {
		cards[i] = c.String()
	}
	line := fmt.Sprintf("#%d %s  %s  %s", r.N, redDogResult(w, r), strings.Join(cards, " "), redDogSpread(w, r))
	if len(r.Notes) > 0 {
		line += " [" + strings.Join(r.Notes, ", ") + "]"
	}
	switch {
	case r.Review:
		line += " " + w.T(i18n.RdUnderReview, strings.Join(r.Why, "; "))
	case r.Resolution != "":
		line += " " + w.T(i18n.RdReviewed, string(r.Resolution))
	}
	return line
}

// isRedDogRound reports whether rec is a Red Dog round record.
func isRedDogRound(rec journal.Record) bool { return rec.Kind == table.KindRoundRedDog }

// redDogRecallLine words a journalled Red Dog round (table.KindRoundRedDog) for recall in w's
// language, its time in loc.
func redDogRecallLine(w i18n.Catalogue, rec journal.Record, loc *time.Location) string {
	at := rec.Time.In(loc).Format("15:04:05")
	r, err := reddog.DecodeRound(reddog.VicRedDog1997(), rec.Payload)
	if err != nil {
		return w.T(i18n.RdRecordError, at, rec.Seq, err.Error())
	}
	line := at + " " + redDogRoundLine(w, r) + "  " + rec.Source
	if rec.Actor.ID != "" {
		line += " " + w.T(i18n.RdOperator, rec.Actor.ID)
	}
	return line
}

// updateRedDog shows a Red Dog table's round on the entry tab: the right and left boxes, the
// centre box with the spread, and what the deal waits for.
func (t *entryTab) updateRedDog(snap Snapshot, w i18n.Catalogue) {
	t.pending.SetText(t.keys.text(w))
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
	t.banker.SetText(box(2) + "   " + redDogSpread(w, r))
	switch {
	case r.N == 0:
		t.result.SetText("")
	case snap.Game.InCoup && r.Review:
		t.result.SetText(w.T(i18n.RdRoundReview, r.N))
	case snap.Game.InCoup:
		t.result.SetText(w.T(i18n.RdRoundInProgress, r.N))
	default:
		t.result.SetText(w.T(i18n.OpRoundResult, r.N, redDogResult(w, r)))
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
func (t *recallTab) updateRedDog(snap Snapshot, w i18n.Catalogue) {
	h := snap.RedDog.History
	t.title.SetText(w.T(i18n.RdRecallTitle, len(h), snap.Game.Shoe))
	lines := make([]string, 0, len(h))
	for i := len(h) - 1; i >= 0; i-- {
		lines = append(lines, redDogRoundLine(w, h[i]))
	}
	t.list.SetText(strings.Join(lines, "\n"))
}
