package operator

import (
	"fmt"
	"strings"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine/reddog"
)

// Red Dog's own coup and recall views on the operator screen (003): the entry tab shows the
// three boxes, the spread and what the deal waits for, and the recall tab the session's rounds
// with their cards, spread, outcome and review. Every card in them was dealt face up.

// RedDogStageWords says what the deal waits for, as the dealer needs it.
func RedDogStageWords(v reddog.View) string {
	switch v.Stage {
	case reddog.StageNoShoe:
		return "No shoe: load a new shoe (Shoe tab)"
	case reddog.StageBurn:
		return "Burn one card face down (4.6)"
	case reddog.StageFirst:
		return "First card of the next round: right box (7.1.2)"
	case reddog.StageSecond:
		return "Second card: left box (7.1.3)"
	case reddog.StageRaise:
		return fmt.Sprintf("Spread %s: raises open, up to %d%% of the wager (7.2.1.1); then the third card, centre box", v.Round.Spread, v.Round.RaisePercent)
	case reddog.StagePairDraw:
		return "A pair: no raise; the third card, centre box (7.2.3.1)"
	case reddog.StageShuffle:
		return fmt.Sprintf("Shuffle due (%s): load a new shoe", v.ShuffleDue)
	case reddog.StageReshuffle:
		return "The shoe ran out: shuffle, cut and burn the discards, then finish the round (9.7)"
	case reddog.StageReview:
		return "Round under review: the dealer waits for the supervisor (Corrections tab)"
	}
	return ""
}

// RedDogSpreadWords is a round's spread and payout in words: "spread 5, pays 1 to 1",
// "no spread (consecutive)", "a pair".
func RedDogSpreadWords(r reddog.Round) string {
	switch {
	case len(r.Cards) < 2:
		return "—"
	case r.Spread == reddog.Pair:
		return "a pair"
	case r.Spread == reddog.Consecutive:
		return "no spread (consecutive)"
	}
	return "spread " + r.Spread.String()
}

// RedDogResultWords is a finished round's result: "win 1:1", "lose", "push", "cancelled";
// "no result" for a round in progress or under review.
func RedDogResultWords(r reddog.Round) string {
	switch {
	case r.Kind == reddog.KindCancelled:
		return "cancelled"
	case r.Review || !r.Finished():
		return "no result"
	case !r.Pays.IsZero():
		return r.Outcome.String() + " " + r.Pays.String()
	}
	return r.Outcome.String()
}

// RedDogRoundLine words a finished Red Dog round for recall:
// "#3 win 11:1  8D 8S 8H  a pair [10.10] review confirmed".
func RedDogRoundLine(r reddog.Round) string {
	cards := make([]string, len(r.Cards))
	for i, c := range r.Cards {
		cards[i] = c.String()
	}
	line := fmt.Sprintf("#%d %s  %s  %s", r.N, RedDogResultWords(r), strings.Join(cards, " "), RedDogSpreadWords(r))
	if len(r.Notes) > 0 {
		line += " [" + strings.Join(r.Notes, ", ") + "]"
	}
	switch {
	case r.Review:
		line += " UNDER REVIEW: " + strings.Join(r.Why, "; ")
	case r.Resolution != "":
		line += " review " + r.Resolution
	}
	return line
}

// isRedDogRound reports whether rec is a Red Dog round record.
func isRedDogRound(rec journal.Record) bool { return rec.Kind == table.KindRoundRedDog }

// RedDogRecallLine words a journalled Red Dog round (table.KindRoundRedDog) for recall, its time
// in loc.
func RedDogRecallLine(rec journal.Record, loc *time.Location) string {
	at := rec.Time.In(loc).Format("15:04:05")
	r, err := reddog.DecodeRound(reddog.VicRedDog1997(), rec.Payload)
	if err != nil {
		return fmt.Sprintf("%s record %d: %v", at, rec.Seq, err)
	}
	line := at + " " + RedDogRoundLine(r) + "  " + rec.Source
	if rec.Actor.ID != "" {
		line += " op " + rec.Actor.ID
	}
	return line
}

// updateRedDog shows a Red Dog table's round on the entry tab: the right and left boxes, the
// centre box with the spread, and what the deal waits for.
func (t *entryTab) updateRedDog(snap Snapshot) {
	t.pending.SetText(t.keys.String())
	v := snap.RedDog.View
	t.rowA.SetText("Right · left")
	t.rowB.SetText("Centre")
	r := v.Round
	box := func(i int) string {
		if i < len(r.Cards) {
			return r.Cards[i].String()
		}
		return "—"
	}
	t.player.SetText(box(0) + "   " + box(1))
	t.banker.SetText(box(2) + "   " + RedDogSpreadWords(r))
	switch {
	case r.N == 0:
		t.result.SetText("")
	case snap.Game.InCoup && r.Review:
		t.result.SetText(fmt.Sprintf("Round %d under review: no result", r.N))
	case snap.Game.InCoup:
		t.result.SetText(fmt.Sprintf("Round %d in progress", r.N))
	default:
		t.result.SetText(fmt.Sprintf("Round %d: %s", r.N, RedDogResultWords(r)))
	}
	status := []string{RedDogStageWords(v)}
	if len(r.Notes) > 0 {
		status = append(status, "Rules applied: "+strings.Join(r.Notes, ", "))
	}
	if snap.Game.Review {
		status = append(status, "Under review: "+strings.Join(snap.Game.Reasons, "; "))
	}
	t.status.SetText(strings.Join(status, "\n"))
	t.resultOnly.Hide() // a result without cards is a baccarat input
	t.turnP.Hide()
	t.turnB.Hide() // every Red Dog card is dealt face up
}

// updateRedDog shows a Red Dog table's rounds of the session on the recall tab, newest first.
func (t *recallTab) updateRedDog(snap Snapshot) {
	h := snap.RedDog.History
	t.title.SetText(fmt.Sprintf("Red Dog: the last %d rounds (shoe %d)", len(h), snap.Game.Shoe))
	lines := make([]string, 0, len(h))
	for i := len(h) - 1; i >= 0; i-- {
		lines = append(lines, RedDogRoundLine(h[i]))
	}
	t.list.SetText(strings.Join(lines, "\n"))
}
