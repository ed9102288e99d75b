package operator

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
)

func TestPINEntryRolesAndLockout(t *testing.T) {
	lt := newLiveTable(t, "nz-baccarat-1998")
	r := newRig(t, lt, Options{})
	r.capture("pin.png")

	// Four wrong PINs: each refused, entry still open.
	for i := 1; i <= 4; i++ {
		r.signIn("17", "1111")
		if r.s.Role() != access.NoRole {
			t.Fatalf("wrong PIN %d signed in as %s", i, r.s.Role())
		}
		if !strings.Contains(r.sc.pinMsg.Text, "Wrong PIN") {
			t.Fatalf("after wrong PIN %d the pad says %q", i, r.sc.pinMsg.Text)
		}
	}
	// The fifth locks entry: now even the right PIN is refused until the lockout ends.
	r.signIn("17", "1111")
	if !strings.Contains(r.sc.pinMsg.Text, "locked") {
		t.Fatalf("after 5 wrong PINs the pad says %q", r.sc.pinMsg.Text)
	}
	r.signIn("17", supervisorPIN)
	if r.s.Role() != access.NoRole || !strings.Contains(r.sc.pinMsg.Text, "locked until 21:05:00") {
		t.Fatalf("while locked the supervisor PIN gave %s, pad says %q", r.s.Role(), r.sc.pinMsg.Text)
	}
	lt.clock.Add(5 * time.Minute)
	r.signIn("17", dealerPIN)
	if r.s.Role() != access.Dealer || r.s.Operator() != "17" {
		t.Fatalf("dealer PIN after the lockout: role %s operator %q", r.s.Role(), r.s.Operator())
	}
	for _, title := range []string{"Corrections", "Limits"} {
		if r.hasTab(title) {
			t.Fatalf("a dealer is offered the %s tab", title)
		}
	}
	if r.sc.exitBtn.Visible() || r.sc.reasonRow.Visible() {
		t.Fatal("a dealer is offered the kiosk exit or the supervisor's reason")
	}
	r.tap("Sign out")
	if r.s.Role() != access.NoRole {
		t.Fatal("sign out kept the role")
	}
	r.signIn("4", supervisorPIN)
	if r.s.Role() != access.Supervisor || !r.hasTab("Corrections") || !r.hasTab("Limits") || !r.sc.exitBtn.Visible() {
		t.Fatalf("supervisor: role %s, tabs %v", r.s.Role(), r.sc.tabs.Items)
	}
	// Exit kiosk asks first: Cancel leaves the kiosk as it was, on the tab it was asked from.
	r.tab("Shoe")
	r.tap("Exit kiosk")
	if len(r.out) != 0 || !r.sc.asking {
		t.Fatalf("exit kiosk without a confirmation: calls %v", r.out)
	}
	r.tap("Cancel")
	if len(r.out) != 0 || r.sc.asking || r.sc.tabs.Selected().Text != "Shoe" {
		t.Fatalf("cancelled exit: calls %v, asking %v, tab %q", r.out, r.sc.asking, r.sc.tabs.Selected().Text)
	}
	r.tap("Exit kiosk")
	r.tap("Exit kiosk") // the confirmation's own button
	r.tap("Table")
	if strings.Join(r.out, ",") != "exit,close" || r.s.Role() != access.NoRole {
		t.Fatalf("exit kiosk and back to table: calls %v, role after %s", r.out, r.s.Role())
	}
	if n := len(lt.inputs()); n != 0 {
		t.Fatalf("signing in and out wrote %d input records", n)
	}
}

// The worked example of spec/shoe-protocol.md, entered by hand: shoe 3H 4D 9S QC (a face-value
// burn of 3), then 2C KD 5H 4S 3D: Player 7, Banker 4 draws 3 → 7: a tie.
func TestWholeCoupByKeypad(t *testing.T) {
	lt := newLiveTable(t, "nz-baccarat-1998")
	r := newRig(t, lt, Options{})
	r.signIn("17", dealerPIN)
	r.tab("Shoe")
	r.tap("New shoe")
	r.tab("Entry")
	test.Type(r.sc, "3h4d9sqc\n") // the burn: 3 shown, three burned
	// Rank keys as a numeric keypad sends them (1 = A, 0 = T); suits are optional.
	test.Type(r.sc, "2c")
	r.tap("K")
	r.tap("5")
	test.Type(r.sc, "4\n")
	snap := lt.Snapshot()
	if !snap.Game.InCoup || len(snap.Game.Player) != 2 || len(snap.Game.Banker) != 2 {
		t.Fatalf("after four cards the coup is %+v", snap.Game)
	}
	if got := r.sc.entry.player.Text; got != "2C 5   = 7" {
		t.Fatalf("Player shows %q", got)
	}
	r.capture("entry_midcoup.png")
	test.Type(r.sc, "3")
	if p := r.s.Keypad().String(); p != "3" {
		t.Fatalf("pending %q", p)
	}
	r.tap("Enter")
	snap = lt.Snapshot()
	if snap.Game.InCoup || len(snap.Rounds) != 1 {
		t.Fatalf("after the fifth card: in coup %v, rounds %d", snap.Game.InCoup, len(snap.Rounds))
	}
	o := snap.Rounds[0].Outcome
	if o.Winner != engine.Tie || o.PlayerTotal != 7 || o.BankerTotal != 7 || snap.Rounds[0].Manual != 5 {
		t.Fatalf("round %+v", snap.Rounds[0])
	}
	// The journal holds the round with its source and operator, and every card as a manual input.
	rounds, err := lt.j.Rounds(1)
	if err != nil || len(rounds) != 1 {
		t.Fatalf("journal rounds: %d %v", len(rounds), err)
	}
	jr, err := journal.DecodeRound(rounds[0].Payload)
	if err != nil {
		t.Fatal(err)
	}
	if jr.Winner != "T" || jr.Source != journal.SourceManual || jr.Operator != "17" ||
		strings.Join(jr.Player, " ") != "2C 5" || strings.Join(jr.Banker, " ") != "K 4 3" {
		t.Fatalf("journal round %+v", jr)
	}
	manual := 0
	for _, rec := range lt.inputs() {
		if rec.Kind == journal.KindManual {
			manual++
			if rec.Actor.Role != "dealer" || rec.Actor.ID != "17" || rec.Reason == "" {
				t.Fatalf("manual card record without its actor or reason: %+v", rec)
			}
		}
	}
	if manual != 9 {
		t.Fatalf("%d manual card records, want 9 (4 burn + 5 coup)", manual)
	}
	if !strings.Contains(r.sc.log.Text, "round 1: TIE 7") {
		t.Fatalf("the log does not show the result: %q", r.sc.log.Text)
	}
	r.capture("entry_result.png")
}

func TestKeypadUndo(t *testing.T) {
	lt := newLiveTable(t, "nz-baccarat-1998")
	r := newRig(t, lt, Options{})
	r.signIn("17", dealerPIN)
	before := len(lt.inputs()) // inputs only: the loop's opening events may land at any moment
	test.Type(r.sc, "25h9")
	test.Type(r.sc, ".")
	if p := r.s.Keypad().String(); p != "2 5H" {
		t.Fatalf("after '.' pending %q", p)
	}
	test.TapSecondary(r.button("7").(*keyButton)) // a long press undoes too
	if p := r.s.Keypad().String(); p != "2" {
		t.Fatalf("after a long press pending %q", p)
	}
	r.tap(". undo")
	test.Type(r.sc, ".")
	if p := r.s.Keypad().String(); p != "—" || !strings.Contains(r.sc.log.Text, "nothing to undo") {
		t.Fatalf("undo past the start: pending %q log %q", p, r.sc.log.Text)
	}
	if after := len(lt.inputs()); after != before {
		t.Fatalf("typing and undoing wrote %d records", after-before)
	}
}

// Style C: the cards are dealt face down; nothing of them shows until the dealer turns a hand.
func TestRevealStyleC(t *testing.T) {
	lt := newLiveTable(t, "nz-baccarat-1998", "style=C")
	r := newRig(t, lt, Options{})
	r.signIn("17", dealerPIN)
	r.tab("Shoe")
	r.tap("New shoe")
	r.tab("Entry")
	test.Type(r.sc, "3h4d9sqc\n")
	test.Type(r.sc, "9ckh9d2s\n") // Player 9C 9D = 8, Banker KH 2S = 2
	if p, b := r.sc.entry.player.Text, r.sc.entry.banker.Text; p != "2 face down" || b != "2 face down" {
		t.Fatalf("face-down hands show %q and %q", p, b)
	}
	r.capture("entry_facedown.png")
	r.tap("Turn Player")
	if p, b := r.sc.entry.player.Text, r.sc.entry.banker.Text; p != "9C 9D   = 8" || b != "2 face down" {
		t.Fatalf("after turning Player: %q and %q", p, b)
	}
	r.tap("Turn Banker")
	snap := lt.Snapshot()
	if len(snap.Rounds) != 1 || snap.Rounds[0].Outcome.Winner != engine.Player || !snap.Rounds[0].Outcome.Natural {
		t.Fatalf("rounds %+v", snap.Rounds)
	}
	turns := 0
	for _, rec := range lt.inputs() {
		if in, err := table.DecodeInput(rec.Payload); err == nil && in.Game != nil && in.Game.Kind == engine.InTurn {
			turns++
			if rec.Actor.ID != "17" || rec.Reason != "reveal" {
				t.Fatalf("turn record %+v", rec)
			}
		}
	}
	if turns != 2 {
		t.Fatalf("%d turn records", turns)
	}
}

func TestIdleSignOut(t *testing.T) {
	lt := newLiveTable(t, "nz-baccarat-1998")
	r := newRig(t, lt, Options{})
	r.signIn("4", supervisorPIN)
	lt.clock.Add(90 * time.Second)
	test.Type(r.sc, "5") // a key keeps the session alive
	lt.clock.Add(90 * time.Second)
	if r.sc.Tick() || r.s.Role() != access.Supervisor {
		t.Fatal("signed out 90 s after the last key")
	}
	lt.clock.Add(31 * time.Second)
	if !r.sc.Tick() || r.s.Role() != access.NoRole || r.s.Keypad().String() != "—" {
		t.Fatalf("still signed in as %s after 2 minutes unused", r.s.Role())
	}
	if !strings.Contains(r.sc.pinMsg.Text, "signed out after 2m0s unused") {
		t.Fatalf("pad says %q", r.sc.pinMsg.Text)
	}
}

// Cards the engine cannot place stop the confirmation: the rest stay typed, for the dealer to check.
func TestConfirmStopsAtTheFirstRefusedCard(t *testing.T) {
	lt := newLiveTable(t, "nz-baccarat-1998")
	r := newRig(t, lt, Options{})
	r.signIn("17", dealerPIN)
	test.Type(r.sc, "97\n") // no shoe loaded yet
	if p := r.s.Keypad().String(); p != "7" {
		t.Fatalf("pending after a refused card: %q; log %q", p, r.sc.log.Text)
	}
	if !strings.Contains(r.sc.log.Text, "1 typed card(s) not sent") {
		t.Fatalf("log %q", r.sc.log.Text)
	}
	manual := 0
	for _, rec := range lt.inputs() {
		if rec.Kind == journal.KindManual {
			manual++
		}
	}
	if manual != 1 {
		t.Fatalf("%d card inputs journalled, want the refused one only", manual)
	}
}
