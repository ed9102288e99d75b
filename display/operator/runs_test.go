package operator

import (
	"strings"
	"testing"

	opctl "github.com/coupboard/coupboard/app/operator"

	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine/desk"
)

// bankerNatural is a coup Banker wins 9 to 7: P T, B 9, P 7, B T.
const bankerNatural = "09 70\n"

func TestRunWagersWonAndLostOverCoups(t *testing.T) {
	lt := newLiveTable(t, "vic-baccarat-2002", "runs=true")
	r := newRig(t, lt, Options{})
	r.signIn("17", dealerPIN)
	r.dealShoe()
	r.tab("Runs & commission")
	place := func(seat, kind, length, amount string) {
		t.Helper()
		r.sc.runs.seat.SetText(seat)
		r.sc.runs.kind.SetSelected(kind)
		r.sc.runs.length.SetSelected(length)
		r.sc.runs.amount.SetText(amount)
		r.tap("Register run")
	}
	place("3", "Player", "2", "10")        // wins after two Player coups: 3 to 1 (000 10.1)
	place("5", "Banker", "2", "10")        // lost on the first Player coup
	place("1", "Player/Banker", "2", "20") // a combination: the hand is nominated coup by coup (6.5.7)
	if n := len(lt.Snapshot().OpenRuns); n != 3 {
		t.Fatalf("%d open runs, want 3; log %q", n, r.sc.log.Text)
	}
	r.tap("Next: Player")
	r.tab("Entry")
	test.Type(r.sc, playerNatural)
	if !strings.Contains(r.sc.log.Text, "run #2 seat 5 Banker × 2: LOST $10") {
		t.Fatalf("after coup 1 the log says %q", r.sc.log.Text)
	}
	r.tab("Runs & commission")
	r.tap("Next: Banker")
	r.tab("Entry")
	test.Type(r.sc, bankerNatural)
	// Player then Banker, as nominated: the combination run is won; the Player run is lost.
	if !strings.Contains(r.sc.log.Text, "run #1 seat 3 Player × 2: LOST $10") ||
		!strings.Contains(r.sc.log.Text, "run #3 seat 1 Player/Banker × 2: WON, pays $60") {
		t.Fatalf("after coup 2 the log says %q", r.sc.log.Text)
	}
	// Run 1 lost to the Banker coup; a new Player run of 2 is won over the next two coups.
	r.tab("Runs & commission")
	place("3", "Player", "2", "10")
	r.tab("Entry")
	test.Type(r.sc, playerNatural)
	test.Type(r.sc, playerNatural)
	if !strings.Contains(r.sc.log.Text, "run #4 seat 3 Player × 2: WON, pays $30") {
		t.Fatalf("after coup 4 the log says %q", r.sc.log.Text)
	}
	snap := lt.Snapshot()
	if len(snap.OpenRuns) != 0 {
		t.Fatalf("runs still open: %+v", snap.OpenRuns)
	}
	var won, lost int
	for _, w := range snap.RunBoard.Wagers {
		switch w.State {
		case view.RunWon:
			won++
		case view.RunLost:
			lost++
		}
	}
	if won != 2 || lost != 2 {
		t.Fatalf("run board: %d won, %d lost: %+v", won, lost, snap.RunBoard.Wagers)
	}
	// Every registration and nomination is journalled as the dealer's.
	places, noms := 0, 0
	for _, rec := range lt.inputs() {
		in, err := table.DecodeInput(rec.Payload)
		if err != nil || in.Command == nil {
			continue
		}
		if rec.Kind != journal.KindOperator || rec.Actor.ID != "17" || rec.Reason == "" {
			t.Fatalf("run record %+v", rec)
		}
		switch in.Command.Verb {
		case desk.VerbRun:
			places++
		case desk.VerbNominate:
			noms++
		}
	}
	if places != 4 || noms != 2 {
		t.Fatalf("%d placements and %d nominations journalled", places, noms)
	}
	r.tab("Runs & commission")
	r.capture("runs.png")
}

func TestDeferredCommission(t *testing.T) {
	lt := newLiveTable(t, "vic-baccarat-2002")
	r := newRig(t, lt, Options{})
	r.signIn("17", dealerPIN)
	r.dealShoe()
	r.tab("Runs & commission")
	r.sc.runs.comSeat.SetText("4")
	r.sc.runs.comAm.SetText("2.50")
	r.tap("Defer")
	r.sc.runs.comAm.SetText("1.25")
	r.tap("Defer")
	if got := r.sc.runs.owed.Text; got != "seat 4 owes $3.75" {
		t.Fatalf("owed %q", got)
	}
	r.tap("Collect")
	if got := r.sc.runs.owed.Text; got != "no commission deferred" {
		t.Fatalf("after collecting: %q", got)
	}
	r.tap("Collect") // nothing owed: the table refuses, and the screen says so
	if !strings.Contains(r.sc.log.Text, "REFUSED") {
		t.Fatalf("log %q", r.sc.log.Text)
	}
}

func TestRecallThisShoeAndEarlierShoes(t *testing.T) {
	lt := newLiveTable(t, "vic-baccarat-2002")
	r := newRig(t, lt, Options{Recall: opctl.Recall{Rounds: lt.j}})
	r.signIn("17", dealerPIN)
	r.dealShoe()
	test.Type(r.sc, playerNatural)
	test.Type(r.sc, bankerNatural)
	r.dealShoe()
	test.Type(r.sc, bankerNatural)
	r.tab("Recall")
	if got := r.sc.recall.title.Text; got != "Shoe 2: 1 coups" || !strings.HasPrefix(r.sc.recall.list.Text, "round 1: BANKER WINS 9 TO 7") {
		t.Fatalf("this shoe: %q / %q", got, r.sc.recall.list.Text)
	}
	r.sc.recall.shoe.SetText("1")
	r.tap("Show shoe")
	want := "21:00:00 #2 B 9-7 P  P T 7  B 9 T  manual op 17\n21:00:00 #1 P 9-7 B  P 9 T  B T 7  manual op 17"
	if got := r.sc.recall.list.Text; got != want {
		t.Fatalf("shoe 1 from the journal:\n%s\nwant\n%s", got, want)
	}
	r.capture("recall.png")
	r.sc.recall.shoe.SetText("x")
	r.tap("Show shoe")
	if !strings.Contains(r.sc.log.Text, "recall: type a shoe number") {
		t.Fatalf("log %q", r.sc.log.Text)
	}
}
