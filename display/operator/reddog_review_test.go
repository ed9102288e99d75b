package operator

import (
	"strings"
	"testing"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// shoe feeds the live Red Dog table what a smart shoe would: script tokens, or a doubt.
func (lt *liveRedDog) shoe(t *testing.T, ins ...engine.Input) {
	t.Helper()
	for _, in := range ins {
		if res := lt.Do(table.Msg{Input: table.Input{Game: &in}, Source: journal.SourceShoe}); res.Err != nil || res.Refused != nil {
			t.Fatalf("%+v: %v / %v", in, res.Err, res.Refused)
		}
	}
}

func rdScript(t *testing.T, src string) []engine.Input {
	t.Helper()
	toks, err := engine.ParseScript(src)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]engine.Input, len(toks))
	for i, tok := range toks {
		out[i] = engine.TokenInput(tok)
	}
	return out
}

// TestRedDogRoundUnderReview: a frame lost in a Red Dog round holds it (no result, nothing in
// the history); the Corrections tab's "Under review" box names the round, its cards by box and
// why; the supervisor's "Enter cards" is refused with the rule's reason for a list that is not a
// round, then settles the round with the cards entered; a round disputed after the fact is
// confirmed with "Confirm cards as read"; "Cancel the round" cancels a held round.
func TestRedDogRoundUnderReview(t *testing.T) {
	lt := newLiveRedDog(t)
	r := newRigOn(t, lt, lt.clock.Now, Options{})
	r.signIn("4", supervisorPIN)
	lt.shoe(t, rdScript(t, "shoe QC 3H")...)
	lt.shoe(t, engine.DoubtInput(engine.DoubtLost, "1 frame(s): SEQ 0012 follows 0010"))
	lt.shoe(t, rdScript(t, "9S 5D")...)
	snap := lt.Snapshot()
	if !snap.Game.Held || snap.RedDog == nil || snap.RedDog.View.Stage != reddog.StageReview || len(snap.RedDog.History) != 0 {
		t.Fatalf("round not held: %+v", snap.Game)
	}
	r.tab("Corrections")
	what := r.sc.fix.review.what.Text
	for _, want := range []string{"Round 1 is under review", "right 3H, left 9S, centre 5D", "all its cards", "shoe data lost (1 frame(s): SEQ 0012 follows 0010)"} {
		if !strings.Contains(what, want) {
			t.Errorf("review box %q: want %q", what, want)
		}
	}
	if r.sc.fix.review.cards.PlaceHolder != r.sc.t(i18n.RdCardsHint) {
		t.Errorf("hint %q", r.sc.fix.review.cards.PlaceHolder)
	}
	r.sc.reason.SetText("frame lost")
	r.sc.fix.review.cards.SetText("3h 9s")
	r.tap("Enter cards")
	if !strings.Contains(r.sc.log.Text, "3H 9S draws 3 in all (7.2)") {
		t.Fatalf("a list that is not a round was not refused with its reason: %q", r.sc.log.Text)
	}
	r.sc.reason.SetText("frame lost")
	r.sc.fix.review.cards.SetText("3H 9S KD")
	r.tap("Enter cards")
	snap = lt.Snapshot()
	if h := snap.RedDog.History; len(h) != 1 || h[0].Outcome != reddog.Lose || h[0].Resolution != engine.ResolvedEntered || RedDogBoxes(h[0].Cards) != "right 3H, left 9S, centre KD" {
		t.Fatalf("after entering: history %+v; log %q", snap.RedDog.History, r.sc.log.Text)
	}

	// A shoe restart between rounds holds the next round from its first card; a conflicting
	// resend of the last card of a finished round disputes that round.
	lt.shoe(t, engine.DoubtInput(engine.DoubtRestart, "HELO"))
	r.sc.Update()
	if what := r.sc.fix.review.what.Text; !strings.Contains(what, "The next round will be under review from its first card") || !strings.Contains(what, "the shoe restarted (HELO)") {
		t.Errorf("next round held: %q", what)
	}
	lt.shoe(t, rdScript(t, "2C 9D 5H")...)
	r.sc.Update()
	r.sc.reason.SetText("checked")
	r.tap("Cancel the coup")
	if h := lt.Snapshot().RedDog.History; len(h) != 2 || h[1].Kind != reddog.KindCancelled || h[1].Resolution != engine.ResolvedCancelled {
		t.Fatalf("after cancel: %+v; log %q", h, r.sc.log.Text)
	}
	lt.shoe(t, rdScript(t, "4C 9C 6C")...)
	lt.shoe(t, engine.DoubtInput(engine.DoubtConflict, "SEQ 0031"))
	r.sc.Update()
	if what := r.sc.fix.review.what.Text; !strings.Contains(what, "Round 3 is under review after it was shown") || !strings.Contains(what, "right 4C, left 9C, centre 6C") {
		t.Fatalf("disputed round: %q", what)
	}
	var scr view.Screen
	lt.inspect(func(rd *table.RedDog) { scr = rd.Screen(lt.clock.Now(), view.LinkConnected) })
	if o := scr.RedDog.History[2].Coup.Outcome; o != view.RedDogPending {
		t.Errorf("a disputed round shows outcome %v", o)
	}
	r.sc.reason.SetText("checked")
	r.tap("Confirm cards as read")
	snap = lt.Snapshot()
	if len(snap.Game.Disputed) != 0 || snap.Game.Held || !snap.Game.NextHeld {
		t.Fatalf("after confirm: %+v", snap.Game)
	}
	if h := snap.RedDog.History[2]; h.Review || h.Resolution != engine.ResolvedConfirmed {
		t.Errorf("round 3 after confirm: %+v", h)
	}
	// The frame in doubt may also have been the next round's first card: it stays held.
	if what := r.sc.fix.review.what.Text; strings.Contains(what, "Round 3") || !strings.Contains(what, "The next round will be under review") {
		t.Errorf("review box after confirm: %q", what)
	}
}
