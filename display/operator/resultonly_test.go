package operator

import (
	"slices"
	"strings"
	"testing"

	opctl "github.com/coupboard/coupboard/app/operator"

	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// resultOnlyRecord is the journal's round record of round n of shoe 1, which must say result
// only and source manual, with the dealer as operator.
func resultOnlyRecord(t *testing.T, lt *liveTable, n int) journal.Round {
	t.Helper()
	recs, err := lt.j.Rounds(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		jr, err := journal.DecodeRound(rec.Payload)
		if err != nil {
			t.Fatal(err)
		}
		if jr.N == n {
			return jr
		}
	}
	t.Fatalf("no round %d in the journal (%d rounds)", n, len(recs))
	return journal.Round{}
}

// TestCoupEnteredAsResultOnly: a coup whose cards are unknown is entered on the Entry tab's
// result-only panel, then another by the numeric keypad, through a real table loop and journal;
// each round record says result_only and source manual; a result is refused mid-coup.
func TestCoupEnteredAsResultOnly(t *testing.T) {
	lt := newLiveTable(t, "vic-baccarat-2002")
	r := newRig(t, lt, Options{})
	r.signIn("17", dealerPIN)
	r.dealShoe()

	// The panel: Banker wins with a Banker pair.
	r.sc.entry.resWinner.SetSelected("Banker")
	r.sc.entry.resBPair.SetChecked(true)
	r.tap("Confirm result only")
	snap := lt.Snapshot()
	if len(snap.Rounds) != 1 {
		t.Fatalf("%d rounds after the result; log %q", len(snap.Rounds), r.sc.log.Text)
	}
	o := snap.Rounds[0].Outcome
	if !o.TotalsUnknown || o.Winner != engine.Banker || !o.BankerPair || o.PlayerPair || snap.Game.CountsKnown {
		t.Fatalf("round %+v, counts known %v", snap.Rounds[0], snap.Game.CountsKnown)
	}
	if r.sc.entry.resWinner.Selected != "" || r.sc.entry.resBPair.Checked {
		t.Error("the panel was not cleared after the result was taken")
	}
	if !strings.Contains(r.sc.log.Text, "round 1: BANKER WINS — P —  B — [B pair; result only;") {
		t.Fatalf("log %q", r.sc.log.Text)
	}
	if got := r.sc.entry.result.Text; got != "Round 1: BANKER WINS" {
		t.Errorf("entry shows %q", got)
	}
	jr := resultOnlyRecord(t, lt, 1)
	if !jr.ResultOnly || jr.Source != journal.SourceManual || jr.Operator != "17" || jr.Winner != "B" || !jr.BankerPair ||
		len(jr.Player)+len(jr.Banker) != 0 || !slices.Contains(jr.Notes, engine.NoteResultOnly) {
		t.Fatalf("journal round %+v", jr)
	}

	// The keypad: * then 2 (Player), 6 (natural), Enter.
	test.Type(r.sc, "*26\n")
	jr = resultOnlyRecord(t, lt, 2)
	if !jr.ResultOnly || jr.Source != journal.SourceManual || jr.Winner != "P" || !jr.Natural || jr.BankerPair {
		t.Fatalf("journal round 2 %+v", jr)
	}
	if r.s.Keypad().ResultMode() {
		t.Error("the keypad stayed in result-only entry after the result was taken")
	}

	// Mid-coup a result is refused, and the keypad keeps it for the dealer to correct.
	test.Type(r.sc, "9\n")
	test.Type(r.sc, "*3\n")
	if !strings.Contains(r.sc.log.Text, "REFUSED: result: round 3 is being dealt; finish or void it first") {
		t.Fatalf("log %q", r.sc.log.Text)
	}
	if !r.s.Keypad().ResultMode() || len(lt.Snapshot().Rounds) != 2 {
		t.Error("a refused result was dropped or recorded")
	}

	// The journal's inputs: the results as manual inputs by the dealer.
	results := 0
	for _, rec := range lt.inputs() {
		in, err := table.DecodeInput(rec.Payload)
		if err != nil || in.Game == nil || in.Game.Kind != engine.InResult {
			continue
		}
		results++
		if rec.Kind != journal.KindManual || rec.Actor.ID != "17" || in.Game.Source != engine.SourceManual {
			t.Errorf("result input record %+v", rec)
		}
	}
	if results != 3 {
		t.Errorf("%d result inputs journalled, want 3 (two taken, one refused)", results)
	}
	// Recall words them without totals.
	recs, err := lt.j.Rounds(1)
	if err != nil {
		t.Fatal(err)
	}
	if line := opctl.RecallLine(recs[0], lt.clock.Now().Location()); !strings.Contains(line, "#1 B result only") {
		t.Errorf("recall %q", line)
	}
}

// TestInsuranceOnTheRunsTab: the Insurance/No 6 panel appears on the Runs tab only while the
// wager is open (000 1.1); a wager placed there is journalled and settled with the round, 2 to 1
// when the Banker does not win with 6 (000 10.1).
func TestInsuranceOnTheRunsTab(t *testing.T) {
	lt := newLiveTable(t, "vic-baccarat-2002", "version=crown", "insurance_no6=true")
	r := newRig(t, lt, Options{})
	r.signIn("17", dealerPIN)
	r.dealShoe()
	r.tab("Runs & commission")
	if r.sc.runs.insBox.Visible() {
		t.Fatal("insurance panel shown between coups")
	}
	r.tab("Entry")
	test.Type(r.sc, "2323\n") // P 2, B 3, P 2, B 3: Banker 6, Player 4 must draw
	if !lt.Snapshot().Game.InsuranceOpen {
		t.Fatal("Insurance/No 6 did not open")
	}
	r.tab("Runs & commission")
	if !r.sc.runs.insForm.Visible() {
		t.Fatal("insurance form hidden while it is open")
	}
	r.sc.runs.insSeat.SetText("3")
	r.sc.runs.insAmount.SetText("60")
	r.sc.runs.insCover.SetText("50")
	r.tap("Place insurance")
	if !strings.Contains(r.sc.log.Text, "REFUSED: bet refused (000 1.1): $60 is more than the player's Player or Banker wager $50") {
		t.Fatalf("log %q", r.sc.log.Text)
	}
	r.sc.runs.insAmount.SetText("10")
	r.tap("Place insurance")
	if w := lt.Snapshot().Insurance; len(w) != 1 || w[0].Seat != 3 || w[0].Amount != 1000 {
		t.Fatalf("insurance placed %+v; log %q", w, r.sc.log.Text)
	}
	if !r.shows("Placed: seat 3 $10") {
		t.Error("the placed wager is not listed")
	}
	r.tab("Entry")
	test.Type(r.sc, "5\n") // Player 9, Banker 6 stands: Player wins
	if !strings.Contains(r.sc.log.Text, "seat 3 insurance wins $20; Insurance/No 6 wins on every result but a Banker win with 6: pays 2:1 (000 1.1, 10.1)") {
		t.Fatalf("log %q", r.sc.log.Text)
	}
	snap := lt.Snapshot()
	if len(snap.Insurance) != 0 || !slices.Contains(snap.Messages, "seat 3 insurance wins $20; Insurance/No 6 wins on every result but a Banker win with 6: pays 2:1 (000 1.1, 10.1)") {
		t.Fatalf("after the round: pending %+v, messages %q", snap.Insurance, snap.Messages)
	}
	r.tab("Runs & commission")
	if r.sc.runs.insBox.Visible() {
		t.Error("insurance panel still shown after the round")
	}
	ops := 0
	for _, rec := range lt.inputs() {
		if in, err := table.DecodeInput(rec.Payload); err == nil && in.Command != nil && in.Command.Verb == desk.VerbBet && in.Command.Wager == desk.WagerInsurance {
			ops++
			if rec.Kind != journal.KindOperator || rec.Actor.ID != "17" {
				t.Errorf("insurance record %+v", rec)
			}
		}
	}
	if ops != 2 {
		t.Errorf("%d insurance inputs journalled, want 2 (one refused, one placed)", ops)
	}
}
