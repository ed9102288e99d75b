package operator

import (
	"errors"
	"slices"
	"strings"
	"testing"

	opctl "github.com/coupboard/coupboard/app/operator"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/engine"
)

// roads is what the table's roads hold now, rebuilt from the journal as the table would be
// after a restart: each round on them, in order, as its winner's letter, or X when cancelled.
func (lt *liveTable) roads() string {
	lt.t.Helper()
	st, _, err := table.ReplayState(lt.j, lt.setup, lt.clock.Now())
	if err != nil {
		lt.t.Fatalf("replay the journal: %v", err)
	}
	var out strings.Builder
	for i := range st.Roads().Rounds() {
		switch h, _ := st.Roads().Round(i); {
		case h.Kind == engine.KindCancelled:
			out.WriteString("X")
		default:
			out.WriteString(h.Winner.String())
		}
	}
	return out.String()
}

// disputes are the journal's disputes: the table-script command "!dispute N" (read back as
// the game input it gives).
func (lt *liveTable) disputes() []journal.Record {
	lt.t.Helper()
	var out []journal.Record
	for _, rec := range lt.inputs() {
		in, err := table.DecodeInput(rec.Payload)
		if err != nil {
			lt.t.Fatal(err)
		}
		if in.Game != nil && in.Game.Kind == engine.InDispute {
			out = append(out, rec)
		}
	}
	return out
}

// Two rounds shown and counted: 1, Player wins with a natural 9 against 7; 2, Banker wins
// with a natural 8 against 6 (P 2 4, B 3 5).
func (r *rig) twoRounds() {
	r.t.Helper()
	r.dealShoe()
	test.Type(r.sc, playerNatural)
	test.Type(r.sc, "2345\n")
	if got := r.lt.roads(); got != "PB" {
		r.t.Fatalf("roads before the dispute: %v", got)
	}
}

// The supervisor disputes a round already shown (issue 21): a dealer has no such action; the
// supervisor's Dispute round takes round 1 off the roads and the Under review box names it,
// journalled as "!dispute 1" with the supervisor and the reason; Confirm cards as read puts it
// back in its place.
func TestDisputeRoundFromTheCorrectionsTab(t *testing.T) {
	lt := newLiveTable(t, "vic-baccarat-2002")
	r := newRig(t, lt, Options{})

	// A dealer deals the two rounds, and can dispute neither: no Corrections tab, and the
	// action refused before it reaches the table.
	r.signIn("3", dealerPIN)
	r.twoRounds()
	if r.hasTab("Corrections") {
		t.Fatal("a dealer has the Corrections tab")
	}
	before := len(lt.inputs())
	if _, err := r.s.Do(opctl.DisputeAction(1, "player disputes")); !errors.Is(err, opctl.ErrNotAllowed) {
		t.Fatalf("a dealer's dispute: %v, want opctl.ErrNotAllowed", err)
	}
	if len(lt.inputs()) != before || len(lt.Snapshot().Game.Disputed) != 0 {
		t.Fatal("a dealer's dispute reached the table")
	}
	if !strings.Contains(strings.Join(r.s.Log(), "\n"), "dispute round 1: needs a supervisor") {
		t.Fatalf("the refusal is not explained: %q", r.s.Log())
	}
	r.tap("Sign out")

	r.signIn("4", supervisorPIN)
	r.tab("Corrections")
	if !r.sc.fix.dispute.Visible() || r.sc.fix.review.box.Visible() {
		t.Fatalf("dispute button shown %v, review box shown %v", r.sc.fix.dispute.Visible(), r.sc.fix.review.box.Visible())
	}
	r.sc.reason.SetText("player disputes")
	r.sc.fix.roundN.SetText("1")
	r.tap("Dispute round")
	snap := lt.Snapshot()
	if !slices.Equal(snap.Game.Disputed, []int{1}) {
		t.Fatalf("disputed %v, want [1]; log %q", snap.Game.Disputed, r.sc.log.Text)
	}
	if got := lt.roads(); got != "B" {
		t.Fatalf("roads with round 1 under review: %v, want round 2's Banker alone", got)
	}
	if !strings.Contains(r.sc.log.Text, "REVIEW round 1: "+engine.DisputedBySupervisor) {
		t.Fatalf("log %q", r.sc.log.Text)
	}
	if r.sc.fix.roundN.Text != "" || r.sc.reason.Text != "" {
		t.Fatalf("round %q, reason %q kept for the next action", r.sc.fix.roundN.Text, r.sc.reason.Text)
	}
	what := r.sc.fix.review.what.Text
	if !r.sc.fix.review.box.Visible() || !strings.Contains(what, "Round 1 is under review after it was shown") ||
		!strings.Contains(what, "Cards: Player 9 T, Banker T 7.") {
		t.Fatalf("the Under review box: shown %v, %q", r.sc.fix.review.box.Visible(), what)
	}
	if r.sc.fix.review.confirm.Disabled() || r.sc.fix.review.enter.Disabled() || r.sc.fix.review.cards.Disabled() || !r.sc.fix.review.cancel.Disabled() {
		t.Fatal("a round disputed after the fact is confirmed, its cards entered (!reconstruct N) or voided by number, not cancelled as a coup")
	}
	// The golden on a 1280×1024 panel, where the tab shows the box and every button unscrolled.
	r.w.Resize(fyne.NewSize(1280, 1024))
	r.capture("corrections_dispute.png")
	r.w.Resize(fyne.NewSize(1280, 800))
	ds := lt.disputes()
	if len(ds) != 1 || ds[0].Kind != journal.KindOperator || ds[0].Actor.Role != "supervisor" || ds[0].Actor.ID != "4" || ds[0].Reason != "player disputes" ||
		!strings.Contains(string(ds[0].Payload), `"!dispute 1"`) {
		t.Fatalf("dispute records %+v", ds)
	}

	// Confirmed as shown, round 1 is back on the roads in its place.
	r.sc.reason.SetText("surveillance checked")
	r.tap("Confirm cards as read")
	snap = lt.Snapshot()
	if len(snap.Game.Disputed) != 0 || r.sc.fix.review.box.Visible() {
		t.Fatalf("after confirm: disputed %v, review box shown %v", snap.Game.Disputed, r.sc.fix.review.box.Visible())
	}
	if got := lt.roads(); got != "PB" {
		t.Fatalf("roads after confirm: %v", got)
	}
}

// What Dispute round refuses, and how the screen says so: nothing is sent without a round
// number or a reason; the engine's refusal comes back with the book's rule (vic 000 13.10).
func TestDisputeRoundRefusals(t *testing.T) {
	cases := []struct {
		name, round, reason string
		sent                bool   // a record reaches the journal
		log                 string // in the log strip
	}{
		{"no round", "", "player disputes", false, "dispute round: type the round number"},
		{"not a number", "one", "player disputes", false, "dispute round: type the round number"},
		{"round 0", "0", "player disputes", false, "dispute round: type the round number"},
		{"no reason", "1", " ", false, "dispute round 1: choose or type a reason"},
		{"not dealt", "9", "player disputes", true, "REFUSED: dispute 9: no such finished round in this shoe (13.10)"},
		{"in progress", "3", "player disputes", true, "REFUSED: dispute 3: coup 3 is in progress, not finished: accept it, enter its cards or void it (13.10)"},
		{"cancelled", "2", "player disputes", true, "REFUSED: dispute 2: round 2 is cancelled: it has no result to dispute (13.10)"},
	}
	lt := newLiveTable(t, "vic-baccarat-2002")
	r := newRig(t, lt, Options{})
	r.signIn("4", supervisorPIN)
	r.twoRounds()
	r.tab("Corrections")
	r.sc.reason.SetText("misdeal")
	r.sc.fix.roundN.SetText("2")
	r.tap("Void round") // round 2 cancelled after the fact (000 13.3)
	r.tab("Entry")
	test.Type(r.sc, "23\n") // coup 3 under way
	r.tab("Corrections")
	for _, c := range cases { // one screen, one table: in order, not as subtests
		before := len(lt.inputs()) // inputs: the loop's clock tick may add a derived status record
		r.sc.reason.SetText(c.reason)
		r.sc.fix.roundN.SetText(c.round)
		r.tap("Dispute round")
		if sent := len(lt.inputs()) > before; sent != c.sent {
			t.Errorf("%s: sent %v, want %v", c.name, sent, c.sent)
		}
		if log := r.s.Log(); !strings.Contains(log[len(log)-1], c.log) || !strings.Contains(r.sc.log.Text, c.log) {
			t.Errorf("%s: log %q, want %q last", c.name, log, c.log)
		}
		if d := lt.Snapshot().Game.Disputed; len(d) != 0 {
			t.Errorf("%s: rounds under review %v", c.name, d)
		}
	}
	if got := lt.roads(); got != "PX" {
		t.Fatalf("roads %v: a refused dispute changed them", got)
	}
}

// The cards really dealt for a finished round under review (faults: "!reconstruct N CARD…"):
// the supervisor disputes round 1, enters other cards in the review box, and round 1's result,
// the roads and the journal follow them; each refusal is shown in the log with its rule, and a
// book without the rule (act 001 9.5 once the next round commenced) refuses it.
func TestEnterCardsOfADisputedRound(t *testing.T) {
	cases := []struct {
		name, profile string
		cards         string // typed in the review box
		round         string // typed in the round field
		log           string // last in the log strip
		roads         string // after
	}{
		{"entered", "vic-baccarat-2002", "2C 9D 3H KS", "", "enter the cards of round 1: 2C 9D 3H KS", "BB"},
		{"entered, round typed", "vic-baccarat-2002", "2C 9D 3H KS", "1", "enter the cards of round 1: 2C 9D 3H KS", "BB"},
		{"not a coup", "vic-baccarat-2002", "2C 9D 3H", "", "REFUSED: enter cards of round 1: 3 cards given; the table of play wants B2 next (13.10)", "B"},
		{"not under review", "vic-baccarat-2002", "2C 9D 3H KS", "2", "round 2 is not under review: put it under review first (!dispute 2) (13.10)", "B"},
		{"next round commenced", "act-mini-baccarat-2012", "2C 9D 3H KS", "", "the next round has commenced, so round 1 is deemed void (void 1); later rounds stand as played (9.5)", "B"},
		{"bad card", "vic-baccarat-2002", "2C 9D 3H ZZ", "", "ZZ", "B"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lt := newLiveTable(t, c.profile)
			r := newRig(t, lt, Options{})
			r.signIn("4", supervisorPIN)
			r.twoRounds()
			r.tab("Corrections")
			r.sc.reason.SetText("player disputes")
			r.sc.fix.roundN.SetText("1")
			r.tap("Dispute round")
			if d := lt.Snapshot().Game.Disputed; !slices.Equal(d, []int{1}) {
				t.Fatalf("disputed %v; log %q", d, r.sc.log.Text)
			}
			r.sc.reason.SetText("surveillance checked")
			r.sc.fix.roundN.SetText(c.round)
			r.sc.fix.review.cards.SetText(c.cards)
			r.tap("Enter cards")
			if log := r.s.Log(); !strings.Contains(log[len(log)-1], c.log) {
				t.Errorf("log %q, want %q last", log, c.log)
			}
			if got := lt.roads(); got != c.roads {
				t.Errorf("roads %v, want %v", got, c.roads)
			}
			under := lt.Snapshot().Game.Disputed
			if entered := c.roads == "BB"; entered != (len(under) == 0) || entered == r.sc.fix.review.box.Visible() {
				t.Errorf("under review %v, box shown %v", under, r.sc.fix.review.box.Visible())
			}
		})
	}
}

// Dispute round in each language: the button and the log's frame from the catalogue, the
// engine's reason worded in the language too (the journal keeps it in English).
func TestDisputeRoundInEachLanguage(t *testing.T) {
	for _, lang := range i18n.Langs() {
		t.Run(string(lang), func(t *testing.T) {
			w, _ := i18n.New(lang)
			lt := newLiveTable(t, "vic-baccarat-2002")
			r := newRig(t, lt, Options{Language: lang})
			r.signIn("4", supervisorPIN)
			r.tab(w.T(i18n.OpTabShoe))
			r.tap(w.T(i18n.OpNewShoe))
			r.tab(w.T(i18n.OpTabEntry))
			test.Type(r.sc, "9\n"+playerNatural)
			r.tab(w.T(i18n.OpTabCorrections))
			r.sc.fix.roundN.SetText("")
			r.tap(w.T(i18n.OpDisputeRound))
			if want := w.T(i18n.LogTypeDisputeRound); !strings.Contains(r.sc.log.Text, want) {
				t.Errorf("log %q: want %q", r.sc.log.Text, want)
			}
			r.sc.reason.SetText(w.T(i18n.ReasonPlayers))
			r.sc.fix.roundN.SetText("1")
			r.tap(w.T(i18n.OpDisputeRound))
			if want := w.T(i18n.LogReview, 1, w.Reason(engine.DisputedBySupervisor, "")); !strings.Contains(r.sc.log.Text, want) {
				t.Errorf("log %q: want %q", r.sc.log.Text, want)
			}
			if want := w.T(i18n.RevDisputed, 1); !strings.Contains(r.sc.fix.review.what.Text, want) {
				t.Errorf("review box %q: want %q", r.sc.fix.review.what.Text, want)
			}
			if ds := lt.disputes(); len(ds) != 1 || ds[0].Reason != (i18n.Catalogue{}).T(i18n.ReasonPlayers) {
				t.Errorf("dispute records %+v: want the reason in English", ds)
			}
		})
	}
}

// At a Red Dog table the supervisor disputes a finished round too (faults 003 10.10): the
// Corrections tab offers Dispute round with the same round field; the round is under review
// (the Red Dog review box names it, its outcome pending) until Confirm cards as read.
func TestDisputeRoundAtRedDog(t *testing.T) {
	lt := newLiveRedDog(t)
	r := newRigOn(t, lt, lt.clock.Now, Options{})
	r.signIn("4", supervisorPIN)
	lt.shoe(t, rdScript(t, "shoe QC 3H 9S 5D")...)
	r.tab("Corrections")
	if !r.sc.fix.dispute.Visible() || !r.sc.fix.roundN.Visible() {
		t.Fatalf("at Red Dog: Dispute round shown %v, the round field %v", r.sc.fix.dispute.Visible(), r.sc.fix.roundN.Visible())
	}
	r.sc.reason.SetText("player disputes")
	r.sc.fix.roundN.SetText("1")
	r.tap("Dispute round")
	snap := lt.Snapshot()
	if d := snap.Game.Disputed; len(d) != 1 || d[0] != 1 {
		t.Fatalf("rounds under review %v; log %q", d, r.sc.log.Text)
	}
	if r.sc.fix.roundN.Text != "" {
		t.Errorf("round field %q after the dispute was recorded", r.sc.fix.roundN.Text)
	}
	if h := snap.RedDog.History; len(h) != 1 || !h[0].Review {
		t.Errorf("round 1 disputed: %+v", h)
	}
	what := r.sc.fix.review.what.Text
	for _, want := range []string{"Round 1 is under review after it was shown", "right 3H, left 9S, centre 5D"} {
		if !strings.Contains(what, want) {
			t.Errorf("review box %q: want %q", what, want)
		}
	}
	r.sc.reason.SetText("checked")
	r.tap("Confirm cards as read")
	snap = lt.Snapshot()
	if len(snap.Game.Disputed) != 0 {
		t.Fatalf("after confirm: under review %v; log %q", snap.Game.Disputed, r.sc.log.Text)
	}
	if h := snap.RedDog.History; len(h) != 1 || h[0].Review || h[0].Resolution != engine.ResolvedConfirmed {
		t.Errorf("round 1 after confirm: %+v", h)
	}
	if r.sc.fix.review.box.Visible() {
		t.Errorf("review box shown after confirm: %q", r.sc.fix.review.what.Text)
	}
}
