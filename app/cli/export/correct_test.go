package export_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/cli/export"
	"github.com/coupboard/coupboard/app/cli/replay"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// TestRoundTripCorrection: the supervisor enters the cards really dealt for a finished round
// under review (!reconstruct N …, issue 21). The table's round, roads and wagers follow the
// corrected cards; the journal holds the round as first recorded and the corrected round after
// it, which export marks "corrected"; `replay --hold` of the exported script prints the same
// rounds and the same settle lines (the first settlement reversed, the new one) as the table.
func TestRoundTripCorrection(t *testing.T) {
	setup := vicTable(t)
	p := setup.Profile
	st, err := table.NewState(setup)
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeJournal{st: st, now: time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC)}
	sup := journal.Actor{Role: "supervisor", ID: "4"}
	dealer := journal.Actor{Role: "dealer", ID: "12"}
	var shown []byte
	step := func(in table.Input, src string, who journal.Actor) {
		f.now = f.now.Add(10 * time.Second)
		f.send(t, in, src, who, "test")
		shown = st.LastOutcome().Lines(shown, false)
	}
	game := func(in engine.Input) { step(table.Input{Game: &in}, journal.SourceShoe, journal.Actor{}) }
	cmd := func(c desk.Command, who journal.Actor) { step(table.Input{Command: &c}, journal.SourceOperator, who) }
	cards := func(codes string) []engine.Card {
		var out []engine.Card
		for _, c := range strings.Fields(codes) {
			card, err := engine.ParseCard(c)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, card)
		}
		return out
	}
	game(engine.WordInput(engine.TokShoe, 0))
	game(engine.CardInput(cards("KS")[0], engine.PosNone, engine.SourceShoe))
	cmd(desk.Command{Verb: desk.VerbBet, Seat: 1, Wager: desk.WagerPlayer, Amount: 2000}, dealer)
	cmd(desk.Command{Verb: desk.VerbBet, Seat: 2, Wager: desk.WagerBanker, Amount: 2000}, dealer)
	for _, c := range cards("AH 6C AD KS 7H 2S") { // coup 1 as read: Player 9 - Banker 8
		game(engine.CardInput(c, engine.PosNone, engine.SourceShoe))
	}
	for _, c := range cards("2H 5C KD 4S") { // coup 2: Banker 9
		game(engine.CardInput(c, engine.PosNone, engine.SourceShoe))
	}
	cmd(desk.Command{Verb: desk.VerbDispute, Round: 1}, sup)
	cmd(desk.Command{Verb: desk.VerbReconstruct, Round: 1, Cards: cards("2C 9H 3C TD")}, sup) // Banker 5-9
	f.send(t, table.Input{Op: &table.Op{Kind: table.OpCleanStop}}, journal.SourceConfig, journal.Actor{}, "")

	if rs := st.Rounds(); len(rs) != 2 || rs[0].Outcome.Winner != engine.Banker || rs[0].Resolution != engine.ResolvedEntered {
		t.Fatalf("the table's rounds after the correction: %+v", rs)
	}
	if got := st.Roads().Rounds(); got != 2 || len(st.UnderReview()) != 0 {
		t.Fatalf("roads hold %d rounds, under review %v: want both rounds back, none under review", got, st.UnderReview())
	}
	settles := strings.Count(string(shown), `"event":"settle"`)
	if settles != 2+2+2 || !strings.Contains(string(shown), `"reverses":"win"`) || !strings.Contains(string(shown), `"reverses":"lose"`) {
		t.Fatalf("settle lines: want 2 first settlements, 2 reversals and 2 settled again:\n%s", shown)
	}

	var rows []export.Row
	for _, r := range f.recs {
		if r.Kind == journal.KindRound {
			row, err := export.RowOf(r)
			if err != nil {
				t.Fatal(err)
			}
			rows = append(rows, row)
		}
	}
	if len(rows) != 3 || rows[2].Round != 1 || rows[2].Review != journal.ReviewCorrected || rows[2].Winner != "B" ||
		rows[2].Resolution != engine.ResolvedEntered || strings.Join(rows[2].Player, " ") != "2C 3C" {
		b, _ := json.Marshal(rows)
		t.Fatalf("export rows: want round 1, round 2, then round 1 corrected: %s", b)
	}

	var script, out, errs bytes.Buffer
	if _, err := export.WriteScript(&script, export.ScriptMeta{Table: "t1", Profile: p.ID}, f.recs); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(script.String(), "!reconstruct 1 2C 9H 3C TD") {
		t.Fatalf("the script does not hold the correction as its command:\n%s", script.String())
	}
	want := exportRounds(t, f.recs)
	got := replayRounds(t, p.ID, nil, f.recs[0].Time, script.String())
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("replay rounds %+v\nexport rounds %+v\nscript:\n%s", got, want, script.String())
	}
	if err := replay.Run(replayArgs(p.ID, f.recs[0].Time, nil), &script, &out, &errs); err != nil {
		t.Fatalf("replay: %v %s", err, errs.String())
	}
	if g, w := shownLines(out.Bytes()), shownLines(shown); !reflect.DeepEqual(g, w) {
		t.Fatalf("replay shows\n%s\nthe table showed\n%s", strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
}
