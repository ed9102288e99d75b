package table

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/internal/testclock"
)

// TestReplayNotesCommandsTheRulesNowRefuse: a journal of the release before the table
// aggregate held a Run wager placed after the coup's first card (a v1 "op" record, accepted
// then). The table now refuses it (000 6.4, 1.1). Replay keeps the record and applies it as
// it is — the journal is the record — and the difference is not silent: the recovery says so
// and a supervisor's alert names the record, the command and the rule.
func TestReplayNotesCommandsTheRulesNowRefuse(t *testing.T) {
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	s := setup(t, "vic-baccarat-2002", "version=crown", "runs=true")
	j := openJournal(t, filepath.Join(t.TempDir(), "t1.db"))
	defer j.Close()
	r := start(t, s, j, c)
	for _, tok := range []string{"shoe", "noburn", "2C"} { // the coup's first card
		toks, err := engine.ParseScript(tok)
		if err != nil {
			t.Fatal(err)
		}
		in := engine.TokenInput(toks[0])
		if res := r.send(t, Input{Game: &in}, journal.SourceShoe); res.Err != nil || res.Refused != nil {
			t.Fatalf("%s: %v %v", tok, res.Err, res.Refused)
		}
	}
	r.stop(t)
	// The Run wager after it, as the release before the aggregate wrote it (schema v1).
	old := journal.Record{Time: c.Now(), Kind: journal.KindOperator, Source: journal.SourceOperator,
		Actor: journal.Actor{Role: "dealer", ID: "12"}, Reason: "run wager placed", Shoe: 1,
		Payload: []byte(`{"op":{"kind":"run.place","seat":2,"run_kind":2,"length":4,"amount":2000}}`)}
	out, err := j.AppendBatch(old)
	if err != nil {
		t.Fatal(err)
	}
	seq := out[0].Seq
	r = start(t, s, j, c)
	rec := r.Loop.Recovery()
	if want := fmt.Sprintf("record %d !run 2 banker 4 20 is refused now (run refused (000 6.4)", seq); rec.Differ != 1 || !strings.Contains(rec.DifferAlert, want) {
		t.Fatalf("recovery: %d differ, %q", rec.Differ, rec.DifferAlert)
	}
	var alerts []Alert
	if err := r.Loop.Inspect(t.Context(), func(m Machine) { alerts = m.(*State).Alerts() }); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, a := range alerts {
		found = found || a.Key == "replay.differ" && a.Text == rec.DifferAlert
	}
	if !found {
		t.Fatalf("no replay alert among %+v", alerts)
	}
	if got := r.Loop.st.(*State).OpenRuns(); len(got) != 0 {
		t.Fatalf("the refused Run wager is open: %+v", got)
	}
	// A command refused live is journalled with its refusal, and replays to the same refusal:
	// no difference.
	run := desk.Command{Verb: desk.VerbRun, Seat: 3, Run: engine.RunBanker, Length: 2, Amount: 1000}
	if res := r.send(t, Input{Command: &run}, journal.SourceOperator); res.Refused == nil || len(res.Records) != 2 || !isRefusalRecord(res.Records[1]) {
		t.Fatalf("live refusal: %v, records %d", res.Refused, len(res.Records))
	}
	r.stop(t)
	r = start(t, s, j, c)
	if rec := r.Loop.Recovery(); rec.Differ != 1 || !rec.DifferRaised {
		t.Fatalf("after a live refusal: %d differ (%s), raised before %v: want only the old record's, already raised", rec.Differ, rec.DifferAlert, rec.DifferRaised)
	}
	r.stop(t)
	if n := differAlerts(t, j); n != 1 {
		t.Fatalf("the same difference was raised %d times over three starts, want once", n)
	}
	// A refusal recorded under another rule than the rules give now is a difference too: the
	// records are compared, not counted; the new set of differences is raised once more.
	other := []journal.Record{
		{Time: c.Now(), Kind: journal.KindOperator, Source: journal.SourceOperator, Actor: journal.Actor{Role: "dealer", ID: "12"},
			Reason: "run wager placed", Shoe: 1, Payload: []byte(`{"v":2,"kind":"command","line":"!run 4 banker 2 10"}`)},
		{Time: c.Now(), Kind: journal.KindEvent, Source: journal.SourceOperator, Shoe: 1,
			Payload: []byte(`{"event":"command_refused","shoe":1,"key":"run","rule":"000 9.9","reason":"another rule"}`)},
	}
	if _, err := j.AppendBatch(other...); err != nil {
		t.Fatal(err)
	}
	r = start(t, s, j, c)
	defer r.stop(t)
	if rec := r.Loop.Recovery(); rec.Differ != 2 || rec.DifferRaised {
		t.Fatalf("a refusal under another rule: %d differ (%s), raised before %v; want 2, new", rec.Differ, rec.DifferAlert, rec.DifferRaised)
	}
	if n := differAlerts(t, j); n != 2 {
		t.Fatalf("%d replay.differ alerts journalled, want 2", n)
	}
}

// differAlerts counts the replay.differ alerts the journal holds.
func differAlerts(t *testing.T, j *journal.Journal) int {
	t.Helper()
	n := 0
	err := j.Scan(0, func(r journal.Record) error {
		if in, err := DecodeInput(r.Payload); err == nil && r.Kind == journal.KindConfig && in.Alert != nil && in.Alert.Key == DifferAlertKey {
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
