package app

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
)

// TestJournalRecall: recall of a shoe reads its round records of either game, and nothing else.
func TestJournalRecall(t *testing.T) {
	j, err := journal.Open(filepath.Join(t.TempDir(), "t.db"), journal.Options{Table: "t"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	at := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	rd := json.RawMessage(`{"n":1,"cards":["3H","9S","5D"],"spread":5,"raise":true,"outcome":"win","pays":"1:1","kind":"normal","notes":[]}`)
	if _, err := j.AppendBatch(
		journal.Record{Time: at, Kind: journal.KindShoe, Source: journal.SourceShoe, Shoe: 2, Payload: json.RawMessage(`{}`)},
		journal.Record{Time: at, Kind: journal.KindRoundRedDog, Source: journal.SourceShoe, Shoe: 2, Payload: rd},
		journal.Record{Time: at, Kind: journal.KindEvent, Source: journal.SourceShoe, Shoe: 2, Payload: json.RawMessage(`{"event":"burn"}`)},
		journal.Record{Time: at, Kind: journal.KindRoundRedDog, Source: journal.SourceShoe, Shoe: 3, Payload: rd},
	); err != nil {
		t.Fatal(err)
	}
	recs, err := journalRecall{j}.Rounds(2)
	if err != nil || len(recs) != 1 || recs[0].Kind != journal.KindRoundRedDog || recs[0].Shoe != 2 {
		t.Fatalf("recall of shoe 2: %+v, %v", recs, err)
	}
}
