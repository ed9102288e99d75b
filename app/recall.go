package app

import (
	"github.com/coupboard/coupboard/app/journal"
)

// journalRecall is the operator screen's recall of earlier shoes over the table's journal: the
// round records of a shoe, baccarat's (journal.KindRound) or Red Dog's (journal.KindRoundRedDog),
// oldest first.
type journalRecall struct{ j *journal.Journal }

// Rounds returns the round records of shoe.
func (r journalRecall) Rounds(shoe int64) ([]journal.Record, error) {
	recs, err := r.j.ShoeRecords(shoe)
	if err != nil {
		return nil, err
	}
	out := recs[:0]
	for _, rec := range recs {
		if rec.Kind == journal.KindRound || rec.Kind == journal.KindRoundRedDog {
			out = append(out, rec)
		}
	}
	return out, nil
}
