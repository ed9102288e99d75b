package export

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// RedDogRow is one exported Red Dog round (003): the round as `coupboard replay --profile
// vic-red-dog-1997` prints it, plus what the journal record says about it and the same review
// columns as a baccarat Row. A journal holds one table, so an export is all Row or all RedDogRow.
// Its JSON field names, and the CSV header (RedDogHeader), are stable.
type RedDogRow struct {
	Table string    `json:"table"`
	Shoe  int64     `json:"shoe"`
	Round int       `json:"round"` // counted over the session (003 9.7: the history continues)
	Seq   int64     `json:"seq"`   // journal record number
	Time  time.Time `json:"time"`  // when the round was recorded (UTC)
	Kind  string    `json:"kind"`  // normal, cancelled; review for a round held with no result yet
	// Cards are the right, left and centre box (7.1.2, 7.1.3, 7.2).
	Cards []string `json:"cards"`
	// Spread is the spread of the first two cards: a number of cards, "consecutive" or "pair";
	// "" when the round ended before its second card.
	Spread   string   `json:"spread"`
	Raise    bool     `json:"raise"`   // raises were allowed after the spread (7.2.1.1)
	Outcome  string   `json:"outcome"` // win, lose, push; "" for a round held with no result
	Pays     string   `json:"pays"`    // the payout of a win, "5:1"; "" otherwise (8.1.1)
	Notes    []string `json:"notes"`   // rule numbers of the irregularity procedures applied
	Source   string   `json:"source"`
	Operator string   `json:"operator"`
	Hash     string   `json:"hash"` // the record's hash, to check against `audit verify`
	// Review, ReviewReasons and Resolution are as in Row: "" / "under review" / "resolved",
	// why, and "confirmed", "entered" or "cancelled".
	Review        string   `json:"review"`
	ReviewReasons []string `json:"review_reasons"`
	Resolution    string   `json:"resolution"`
}

// RedDogHeader returns the CSV header of a Red Dog export, in column order.
func RedDogHeader() []string {
	return []string{"table", "shoe", "round", "seq", "time", "kind", "cards", "spread", "raise", "outcome", "pays",
		"notes", "source", "operator", "hash", "review", "review_reasons", "resolution"}
}

func (r RedDogRow) csvFields() []string {
	return []string{r.Table, strconv.FormatInt(r.Shoe, 10), strconv.Itoa(r.Round), strconv.FormatInt(r.Seq, 10),
		r.Time.Format(time.RFC3339Nano), r.Kind, strings.Join(r.Cards, " "), r.Spread, strconv.FormatBool(r.Raise),
		r.Outcome, r.Pays, strings.Join(r.Notes, " | "), r.Source, r.Operator, r.Hash,
		r.Review, strings.Join(r.ReviewReasons, " | "), r.Resolution}
}

// RedDogRowOf builds the export row of a Red Dog round record (journal.KindRoundRedDog). A payload
// that is not a Red Dog round, or whose result its cards do not make, is an error naming the
// record and the field (reddog.DecodeRound).
func RedDogRowOf(rec journal.Record) (RedDogRow, error) {
	if rec.Kind != journal.KindRoundRedDog {
		return RedDogRow{}, fmt.Errorf("record %d: kind %q is not a Red Dog round", rec.Seq, rec.Kind)
	}
	rd, err := reddog.DecodeRound(reddog.VicRedDog1997(), rec.Payload)
	if err != nil {
		return RedDogRow{}, fmt.Errorf("record %d: %w", rec.Seq, err)
	}
	row := RedDogRow{
		Table: rec.Table, Shoe: rec.Shoe, Round: rd.N, Seq: rec.Seq, Time: rec.Time.UTC(), Kind: rd.Kind.String(),
		Cards: []string{}, Raise: rd.RaisePercent > 0, Outcome: rd.Outcome.String(), Notes: nonNil(rd.Notes),
		Source: rec.Source, Operator: rec.Actor.ID, Hash: rec.Hash.String(), ReviewReasons: []string{},
	}
	for _, c := range rd.Cards {
		row.Cards = append(row.Cards, c.String())
	}
	if len(rd.Cards) >= 2 {
		row.Spread = rd.Spread.String()
	}
	if !rd.Pays.IsZero() {
		row.Pays = rd.Pays.String()
	}
	if len(rd.Why) > 0 || rd.Review {
		row.Review, row.ReviewReasons, row.Resolution = journal.ReviewPending, nonNil(rd.Why), rd.Resolution
		if rd.Resolution != "" || rd.Kind == reddog.KindCancelled {
			row.Review = journal.ReviewResolved
		}
	}
	return row, nil
}

// redDogRounds reads the Red Dog round records of shoe (when not 0) or of [from, to).
func redDogRounds(j *journal.Journal, shoe int64, from, to time.Time) ([]journal.Record, error) {
	if shoe == 0 {
		return j.KindBetween(journal.KindRoundRedDog, from, to)
	}
	recs, err := j.ShoeRecords(shoe)
	if err != nil {
		return nil, err
	}
	out := recs[:0]
	for _, rec := range recs {
		if rec.Kind == journal.KindRoundRedDog {
			out = append(out, rec)
		}
	}
	return out, nil
}

// redDogCancels applies the journal's "cancel" events (a round invalidated after it was
// recorded, 003 10.3, 10.4) to the rows: the round is exported cancelled, a push with no payout,
// with the event's rule noted, as `coupboard replay` prints it. The round record itself is kept
// as it was written (the journal is append-only).
func redDogCancels(j *journal.Journal, rows []RedDogRow) error {
	byShoe := map[int64]map[int]int{} // shoe → round → row index
	for i, r := range rows {
		if byShoe[r.Shoe] == nil {
			byShoe[r.Shoe] = map[int]int{}
		}
		byShoe[r.Shoe][r.Round] = i
	}
	for sh, at := range byShoe {
		recs, err := j.ShoeRecords(sh)
		if err != nil {
			return err
		}
		for _, rec := range recs {
			var ev struct {
				Event string `json:"event"`
				N     int    `json:"n"`
				Rule  string `json:"rule"`
			}
			if rec.Kind != journal.KindEvent || json.Unmarshal(rec.Payload, &ev) != nil || ev.Event != "cancel" {
				continue
			}
			if i, ok := at[ev.N]; ok && rows[i].Seq < rec.Seq {
				r := &rows[i]
				r.Kind, r.Outcome, r.Pays = engine.KindCancelled.String(), "push", ""
				if ev.Rule != "" && !slices.Contains(r.Notes, ev.Rule) {
					r.Notes = append(r.Notes, ev.Rule)
				}
			}
		}
	}
	return nil
}

// reviewCols points at a row's place in the journal and its review columns, so that one merge
// of the review events (withReviews) serves baccarat's Row and Red Dog's RedDogRow.
type reviewCols struct {
	shoe       int64
	round      int
	seq        int64
	review     *string
	reasons    *[]string
	resolution *string
}

func (r *Row) cols() reviewCols {
	return reviewCols{r.Shoe, r.Round, r.Seq, &r.Review, &r.ReviewReasons, &r.Resolution}
}

func (r *RedDogRow) cols() reviewCols {
	return reviewCols{r.Shoe, r.Round, r.Seq, &r.Review, &r.ReviewReasons, &r.Resolution}
}

// heldRedDogRow is the row of a Red Dog round held for review that has no round record yet.
func heldRedDogRow(rec journal.Record, shoe int64, n int, reasons []string) RedDogRow {
	return RedDogRow{Table: rec.Table, Shoe: shoe, Round: n, Seq: rec.Seq, Time: rec.Time.UTC(),
		Kind: "review", Cards: []string{}, Notes: []string{"no result: the round is under review"},
		Source: rec.Source, Operator: rec.Actor.ID, Hash: rec.Hash.String(),
		Review: journal.ReviewPending, ReviewReasons: reasons}
}
