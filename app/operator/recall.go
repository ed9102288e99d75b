package operator

import (
	"fmt"
	"strings"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/opwords"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine/reddog"
)

// Table is the live table as the operator's controller sees it. The controller never changes
// table state itself: it sends commands through Do and hands the screen what Snapshot returns.
type Table interface {
	// Do hands one command to the table's event loop and blocks until it is durable in the
	// journal (the app implements it over table.Loop.Do). The Result says what the engine did,
	// or why the journal could not take it.
	Do(cmd table.Msg) table.Result
	// Snapshot is what the operator screen draws, taken now (SnapshotOf or SnapshotOfRedDog on
	// the loop's goroutine).
	Snapshot() view.Operator
}

// Rounds reads finished rounds of any shoe from the journal. A *journal.Journal satisfies it
// (its Rounds method); records are of kind journal.KindRound or journal.KindRoundRedDog.
type Rounds interface {
	Rounds(shoe int64) ([]journal.Record, error)
}

// Recall is the recall tab's view of earlier shoes over the journal's rounds.
type Recall struct{ Rounds Rounds }

// Lines words the rounds of shoe in w's language, oldest first, their times in loc.
func (r Recall) Lines(shoe int64, w i18n.Catalogue, loc *time.Location) ([]string, error) {
	recs, err := r.Rounds.Rounds(shoe)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(recs))
	for i, rec := range recs {
		out[i] = recallLine(w, rec, loc)
	}
	return out, nil
}

// RecallLine words a journalled round for recall, its time in loc: time, round, result, cards,
// source and operator, e.g. "21:04:05 #3 B 7-5 P  P 9H 8C  B KD 7S  shoe".
func RecallLine(rec journal.Record, loc *time.Location) string {
	return recallLine(i18n.Catalogue{}, rec, loc)
}

// recallLine is RecallLine in w's language.
func recallLine(w i18n.Catalogue, rec journal.Record, loc *time.Location) string {
	if isRedDogRound(rec) {
		return redDogRecallLine(w, rec, loc) // reddog_views.go
	}
	at := rec.Time.In(loc).Format("15:04:05")
	r, err := journal.DecodeRound(rec.Payload)
	if err != nil {
		return w.T(i18n.RdRecordError, at, rec.Seq, err.Error())
	}
	b, p, tie := w.Letter("B"), w.Letter("P"), w.Letter("T")
	res := w.T(i18n.RdCancelledWord)
	switch {
	case r.ResultOnly && r.Winner != "":
		res = w.Letter(r.Winner) + " " + w.T(i18n.LogResultOnly)
	case r.Winner == "B":
		res = fmt.Sprintf("%s %d-%d %s", b, r.BankerTotal, r.PlayerTotal, p)
	case r.Winner == "P":
		res = fmt.Sprintf("%s %d-%d %s", p, r.PlayerTotal, r.BankerTotal, b)
	case r.Winner == "T":
		res = fmt.Sprintf("%s %d", tie, r.PlayerTotal)
	}
	if r.Kind == journal.RoundNoBet {
		res += " " + w.T(i18n.RecallNoBets)
	}
	line := fmt.Sprintf("%s #%d %s  %s %s  %s %s  %s", at, r.N, res,
		p, strings.Join(r.Player, " "), b, strings.Join(r.Banker, " "), r.Source)
	if r.Operator != "" {
		line += " " + w.T(i18n.RdOperator, r.Operator)
	}
	if len(r.Notes) > 0 {
		line += " [" + strings.Join(r.Notes, ", ") + "]"
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
	line := at + " " + opwords.RedDogRoundLine(w, r) + "  " + rec.Source
	if rec.Actor.ID != "" {
		line += " " + w.T(i18n.RdOperator, rec.Actor.ID)
	}
	return line
}
