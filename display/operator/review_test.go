package operator

import (
	"strings"
	"testing"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/opwords"
	"github.com/coupboard/coupboard/engine"
)

// shoe feeds the live table what a smart shoe would: cards, or a doubt from the line.
func (lt *liveTable) shoe(t *testing.T, ins ...engine.Input) {
	t.Helper()
	for _, in := range ins {
		if res := lt.Do(table.Msg{Input: table.Input{Game: &in}, Source: journal.SourceShoe}); res.Err != nil {
			t.Fatal(res.Err)
		}
	}
}

func cardsIn(t *testing.T, codes string) []engine.Input {
	t.Helper()
	cs, err := ParseCards(codes)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]engine.Input, len(cs))
	for i, c := range cs {
		out[i] = engine.CardInput(c, engine.PosNone, engine.SourceShoe)
	}
	return out
}

// A frame lost mid-coup holds the coup: no result; the Corrections tab shows why and the
// supervisor's resolutions; entering the cards as on the table finishes it with them, the
// journal's round says why and how it was resolved, and the next coup is held too.
func TestCoupUnderReviewEnterAndConfirm(t *testing.T) {
	lt := newLiveTable(t, "vic-baccarat-2002")
	r := newRig(t, lt, Options{})
	r.signIn("4", supervisorPIN)
	r.dealShoe()
	lt.shoe(t, cardsIn(t, "2C 3D")...)
	lt.shoe(t, engine.DoubtInput(engine.DoubtLost, "1 frame(s): SEQ 0012 follows 0010"))
	lt.shoe(t, cardsIn(t, "4H 5S")...) // P 2C 4H = 6 stands; B 3D 5S = 8: the coup looks complete
	snap := lt.Snapshot()
	if !snap.Game.InCoup || !snap.Game.Held || len(snap.Rounds) != 0 {
		t.Fatalf("coup not held: in coup %v held %v rounds %d", snap.Game.InCoup, snap.Game.Held, len(snap.Rounds))
	}
	r.tab("Corrections")
	if !r.sc.fix.review.box.Visible() || !strings.Contains(r.sc.fix.review.what.Text, "Coup 1 is under review") ||
		!strings.Contains(r.sc.fix.review.what.Text, "shoe data lost") {
		t.Fatalf("review panel: visible %v %q", r.sc.fix.review.box.Visible(), r.sc.fix.review.what.Text)
	}

	// The card lost was Player's second: on the table are P 2C AD 5S, B 3D 4H.
	r.sc.reason.SetText("frame lost")
	r.sc.fix.review.cards.SetText("2c 3d ad")
	r.tap("Enter cards")
	if !strings.Contains(r.sc.log.Text, "the table of play wants B2 next") {
		t.Fatalf("an incomplete coup was not refused with its reason: %q", r.sc.log.Text)
	}
	r.sc.reason.SetText("frame lost")
	r.sc.fix.review.cards.SetText("2C 3D AD 4H 5S")
	r.tap("Enter cards")
	snap = lt.Snapshot()
	if snap.Game.InCoup || len(snap.Rounds) != 1 {
		t.Fatalf("after entering: in coup %v rounds %d; log %q", snap.Game.InCoup, len(snap.Rounds), r.sc.log.Text)
	}
	rd := snap.Rounds[0]
	if opwords.CardList(rd.Player.List()) != "2C AD 5S" || opwords.CardList(rd.Banker.List()) != "3D 4H" || rd.Outcome.Winner != engine.Player ||
		rd.Resolution != engine.ResolvedEntered || len(rd.Why) == 0 {
		t.Fatalf("round 1 = %+v", rd)
	}
	var jr journal.Round
	for _, rec := range lt.records() {
		if rec.Kind == journal.KindRound {
			if jr, _ = journal.DecodeRound(rec.Payload); jr.Review == nil || jr.Review.Resolution != "entered" || jr.Review.Rule != "13.10" ||
				!strings.Contains(jr.Review.Reasons[0], "shoe data lost") {
				t.Fatalf("journal round %+v review %+v", jr, jr.Review)
			}
		}
	}
	if !snap.Game.NextHeld || !strings.Contains(strings.Join(ReviewLines(snap), "\n"), "next coup will be under review") {
		t.Fatalf("next coup not held after a reconstruction: %q", ReviewLines(snap))
	}

	// The next coup arrives held; its cards as read are right: the supervisor confirms them.
	lt.shoe(t, cardsIn(t, "9H 2S TD 3C")...)
	snap = lt.Snapshot()
	if !snap.Game.Held || len(snap.Rounds) != 1 {
		t.Fatalf("coup 2 not held: %+v", snap.Game)
	}
	r.tab("Entry")
	r.tab("Corrections")
	r.sc.reason.SetText("cards checked")
	r.tap("Confirm cards as read")
	snap = lt.Snapshot()
	if len(snap.Rounds) != 2 || snap.Rounds[1].Resolution != engine.ResolvedConfirmed || snap.Rounds[1].Outcome.Winner != engine.Player {
		t.Fatalf("coup 2 after confirm: %+v", snap.Rounds)
	}
	if r.sc.fix.review.box.Visible() {
		t.Fatalf("review panel still shown: %q", r.sc.fix.review.what.Text)
	}
}

// Cancelling a coup under review cancels it under the book's rule, sets aside what was read
// after it, and holds the next coup.
func TestCoupUnderReviewCancel(t *testing.T) {
	lt := newLiveTable(t, "act-mini-baccarat-2012")
	r := newRig(t, lt, Options{})
	r.signIn("4", supervisorPIN)
	r.tab("Shoe")
	r.tap("New shoe")
	lt.shoe(t, cardsIn(t, "9C")...) // the burn (001 5.4(a))
	lt.shoe(t, cardsIn(t, "2C")...)
	lt.shoe(t, engine.DoubtInput(engine.DoubtUnreadable, "SEQ 0007: card \"ZZ\""))
	lt.shoe(t, cardsIn(t, "3D 4H 5S 6C")...)
	r.tab("Corrections")
	r.sc.reason.SetText("misdeal")
	r.tap("Cancel the coup")
	snap := lt.Snapshot()
	if len(snap.Rounds) != 1 || snap.Rounds[0].Kind != engine.KindCancelled || snap.Rounds[0].Resolution != engine.ResolvedCancelled ||
		snap.Rounds[0].ResolutionRule != "11.3" || !snap.Game.NextHeld {
		t.Fatalf("after cancel: %+v next held %v", snap.Rounds, snap.Game.NextHeld)
	}
}
