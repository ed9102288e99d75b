package export

import (
	"encoding/csv"
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// buildRedDog journals a Red Dog table's shoe as the live table does (each input with the
// records it derives): a won round, a push, a round held after a lost frame and confirmed, a
// round disputed after the fact and cancelled, and a round held at the end with no result.
func buildRedDog(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "RD-02.db")
	j, err := journal.Open(path, journal.Options{Table: "RD-02"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	m, err := table.NewRedDog(table.RedDogSetup{ID: "RD-02", Name: "RD-02", Profile: reddog.VicRedDog1997(), Bet: engine.WagerLimit{Min: 1000, Max: 100000}})
	if err != nil {
		t.Fatal(err)
	}
	at := day1
	feed := func(in engine.Input, src string) {
		t.Helper()
		at = at.Add(time.Minute)
		a := m.Apply(table.Input{Game: &in}, at)
		if a.Refused != nil {
			t.Fatal(a.Refused)
		}
		p, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		msg := table.Msg{Source: src}
		rec := journal.Record{Time: at, Kind: journal.KindShoe, Source: src, Shoe: int64(m.Shoe()), Payload: p}
		if src == journal.SourceOperator {
			rec.Kind, rec.Actor, rec.Reason = journal.KindOperator, journal.Actor{Role: "supervisor", ID: "S042"}, "checked"
			msg.Actor = rec.Actor
		}
		derived, err := m.Records(a, at, msg)
		if err != nil {
			t.Fatal(err)
		}
		for i := range derived {
			derived[i].Actor = rec.Actor
		}
		if _, err := j.AppendBatch(append([]journal.Record{rec}, derived...)...); err != nil {
			t.Fatal(err)
		}
	}
	script := func(src string) {
		toks, err := engine.ParseScript(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, tok := range toks {
			feed(engine.TokenInput(tok), journal.SourceShoe)
		}
	}
	script("shoe QC 3H 9S 5D 4H 5C 8D")
	feed(engine.DoubtInput(engine.DoubtLost, "1 frame(s): SEQ 0012 follows 0010"), journal.SourceShoe)
	script("8S 8H")
	feed(engine.InAcceptReviewInput(), journal.SourceOperator)
	script("2C 9D 5H")
	feed(engine.DoubtInput(engine.DoubtConflict, "SEQ 0020: a different card"), journal.SourceShoe)
	feed(engine.WordInput(engine.TokVoid, 4), journal.SourceOperator)
	script("KD")
	feed(engine.DoubtInput(engine.DoubtUnreadable, "SEQ 0024: ZZ"), journal.SourceShoe)
	script("3S 7C")
	return path
}

func TestExportRedDogRounds(t *testing.T) {
	path := buildRedDog(t)
	out, errs, err := run("--db", path, "--shoe", "1", "--format", "json")
	if err != nil {
		t.Fatalf("%v: %s", err, errs)
	}
	if errs != "export: 5 Red Dog rounds\n" {
		t.Errorf("stderr %q", errs)
	}
	type brief struct {
		Round                                   int
		Kind, Cards, Spread, Outcome, Pays      string
		Raise                                   bool
		Notes                                   string
		Review, Reasons, Resolution, Source, Op string
	}
	var got []brief
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var r RedDogRow
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		if r.Table != "RD-02" || r.Shoe != 1 || r.Seq == 0 || len(r.Hash) != 64 {
			t.Errorf("row %+v", r)
		}
		got = append(got, brief{r.Round, r.Kind, strings.Join(r.Cards, " "), r.Spread, r.Outcome, r.Pays, r.Raise,
			strings.Join(r.Notes, ","), r.Review, strings.Join(r.ReviewReasons, " | "), r.Resolution, r.Source, r.Operator})
	}
	want := []brief{
		{1, "normal", "3H 9S 5D", "5", "win", "1:1", true, "", "", "", "", "shoe", ""},
		{2, "normal", "4H 5C", "consecutive", "push", "", false, "", "", "", "", "shoe", ""},
		{3, "normal", "8D 8S 8H", "pair", "win", "11:1", false, "10.10", "resolved", "shoe data lost (1 frame(s): SEQ 0012 follows 0010)", "confirmed", "operator", "S042"},
		{4, "cancelled", "2C 9D 5H", "6", "push", "", true, "10.3", "resolved", "the shoe sent conflicting data (SEQ 0020: a different card)", "cancelled", "shoe", ""},
		// the conflict came after round 4's last card: round 5 is under review from its first card
		{5, "review", "", "", "", "", false, "no result: the round is under review", "under review",
			"the shoe sent conflicting data (SEQ 0020: a different card) | a card could not be read (SEQ 0024: ZZ)", "", "shoe", ""},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rows:\n%+v\nwant\n%+v", got, want)
	}

	csvOut, _, err := run("--db", path, "--date", day1.Format("2006-01-02"), "--tz", "UTC", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(csvOut)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(recs[0], RedDogHeader()) || len(recs) != 6 {
		t.Fatalf("csv header %q, %d lines", recs[0], len(recs))
	}
	if r := recs[3]; r[6] != "8D 8S 8H" || r[7] != "pair" || r[9] != "win" || r[10] != "11:1" || r[15] != "resolved" || r[17] != "confirmed" {
		t.Errorf("csv round 3: %q", r)
	}
}

// TestRedDogRowOfRejectsBadPayloads: a record that is not a Red Dog round, or a payload that
// breaks its schema, is refused with the record and the field named.
func TestRedDogRowOfRejectsBadPayloads(t *testing.T) {
	for _, c := range []struct {
		kind, payload, want string
	}{
		{journal.KindRound, `{}`, `kind "round" is not a Red Dog round`},
		{journal.KindRoundRedDog, `[`, "red dog round:"},
		{journal.KindRoundRedDog, `{"cards":[],"outcome":"win","kind":"normal"}`, "n missing"},
		{journal.KindRoundRedDog, `{"n":1,"cards":[],"outcome":"win","kind":"nobet"}`, `kind "nobet"`},
		{journal.KindRoundRedDog, `{"n":1,"cards":["3H","9S","5D"],"spread":5,"outcome":"P","kind":"normal"}`, `the record says 5, P`},
		{journal.KindRoundRedDog, `{"n":1,"cards":["2C","3C","4C","5C"],"outcome":"win","kind":"normal"}`, "4 cards"},
		{journal.KindRoundRedDog, `{"n":1,"cards":[],"spread":{,"outcome":"win","kind":"normal"}`, "red dog round:"},
	} {
		_, err := RedDogRowOf(journal.Record{Seq: 7, Kind: c.kind, Payload: json.RawMessage(c.payload)})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "record 7") {
			t.Errorf("%s %s: %v, want %q", c.kind, c.payload, err, c.want)
		}
	}
}
