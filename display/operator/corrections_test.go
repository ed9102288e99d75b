package operator

import (
	"errors"
	"strings"
	"testing"
	"time"

	opctl "github.com/coupboard/coupboard/app/operator"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
)

// dealShoe loads a new shoe and burns its first card face down (vic-baccarat-2002, 000 4.3.1(a)).
func (r *rig) dealShoe() {
	r.t.Helper()
	r.tab("Shoe")
	r.tap("New shoe")
	r.tab("Entry")
	test.Type(r.sc, "9\n")
}

// playerNatural is a coup Player wins with a natural 9 against 7: P 9, B T, P T, B 7.
const playerNatural = "90 07\n"

func TestVoidNowAndAfterTheFact(t *testing.T) {
	lt := newLiveTable(t, "vic-baccarat-2002")
	r := newRig(t, lt, Options{})
	r.signIn("4", supervisorPIN)
	r.dealShoe()
	test.Type(r.sc, playerNatural)
	test.Type(r.sc, "23\n") // coup 2 under way
	if snap := lt.Snapshot(); !snap.Game.InCoup || snap.Game.Coup != 2 {
		t.Fatalf("coup 2 not in progress: %+v", snap.Game)
	}
	r.tab("Corrections")
	before := len(lt.records())
	r.tap("Void round in progress") // no reason yet
	if len(lt.records()) != before || !strings.Contains(r.sc.log.Text, "choose or type a reason") {
		t.Fatalf("a void without a reason was sent, or not explained: log %q", r.sc.log.Text)
	}
	r.sc.reason.SetText("misdeal")
	r.tap("Void round in progress")
	snap := lt.Snapshot()
	if snap.Game.InCoup || len(snap.Rounds) != 2 || snap.Rounds[1].Kind != engine.KindCancelled {
		t.Fatalf("after void: in coup %v rounds %+v", snap.Game.InCoup, snap.Rounds)
	}
	if !strings.Contains(r.sc.log.Text, "round 2: CANCELLED") {
		t.Fatalf("log %q", r.sc.log.Text)
	}
	if r.sc.reason.Text != "" {
		t.Fatal("the reason was kept for the next action")
	}
	r.capture("corrections.png")

	// Round 1 after the fact (000 13.3), then again: the engine refuses, and the screen says so.
	r.sc.reason.SetText("game disrupted")
	r.sc.fix.roundN.SetText("1")
	r.tap("Void round")
	snap = lt.Snapshot()
	if snap.Rounds[0].Kind != engine.KindCancelled {
		t.Fatalf("round 1 after void 1: %+v", snap.Rounds[0])
	}
	r.sc.reason.SetText("game disrupted")
	r.sc.fix.roundN.SetText("1")
	r.tap("Void round")
	if !strings.Contains(r.sc.log.Text, "REFUSED: void 1: round 1 is already cancelled") {
		t.Fatalf("the engine's refusal is not shown: %q", r.sc.log.Text)
	}

	// Each void is journalled as the supervisor's, with the reason given.
	var voids []journal.Record
	for _, rec := range lt.inputs() {
		in, err := table.DecodeInput(rec.Payload)
		if err != nil {
			t.Fatal(err)
		}
		if in.Game != nil && in.Game.Token.Kind == engine.TokVoid {
			voids = append(voids, rec)
		}
	}
	if len(voids) != 3 || voids[0].Reason != "misdeal" || voids[1].Reason != "game disrupted" {
		t.Fatalf("void records %+v", voids)
	}
	for _, v := range voids {
		if v.Kind != journal.KindOperator || v.Actor.Role != "supervisor" || v.Actor.ID != "4" {
			t.Fatalf("void record %+v", v)
		}
	}
}

func TestMinimumRaiseRefusedTooEarlyThenPostedAtTwentyMinutes(t *testing.T) {
	lt := newLiveTable(t, "vic-baccarat-2002")
	r := newRig(t, lt, Options{})
	r.signIn("4", supervisorPIN)
	r.tab("Limits")
	if got := r.sc.limits.at.Text; got != "21:20" {
		t.Fatalf("the earliest time offered is %q, want 21:20 (20 minutes, 000 7.7)", got)
	}
	r.sc.reason.SetText("busy night")
	r.sc.limits.pbMin.SetText("50")
	r.sc.limits.at.SetText("21:10")
	r.tap("Post for the time")
	if !strings.Contains(r.sc.log.Text, "needs 20 minutes' notice (000 7.7, s66(2))") || r.sc.limits.at.Text != "21:20" {
		t.Fatalf("too early: log %q, time offered %q", r.sc.log.Text, r.sc.limits.at.Text)
	}
	if n := len(lt.Snapshot().Scheduled); n != 0 {
		t.Fatalf("a refused raise was scheduled (%d)", n)
	}
	r.capture("limits_refused.png")
	r.tap("Post for the time")
	snap := lt.Snapshot()
	if len(snap.Scheduled) != 1 || len(snap.Sign.Notices) != 2 || snap.Sign.Notices[0].Text != "Minimum Player changes to $50 at 21:20" ||
		snap.Sign.Notices[1].Text != "Minimum Banker changes to $50 at 21:20" {
		t.Fatalf("scheduled %+v notices %+v", snap.Scheduled, snap.Sign.Notices)
	}
	if snap.Sign.Sign.Player.Min != 2500 {
		t.Fatalf("the minimum changed before its time: %+v", snap.Sign.Sign.Player)
	}
	// Ten minutes on, a further raise at 21:20 needs notice until 21:30, unless the players asked
	// for it (000 7.7.1): the waiver is recorded with who asked.
	lt.clock.Add(10 * time.Minute)
	r.tab("Limits")
	r.sc.reason.SetText("players asked")
	r.sc.limits.pbMin.SetText("100")
	r.sc.limits.at.SetText("21:20")
	r.tap("Post for the time")
	if n := len(lt.Snapshot().Scheduled); n != 1 {
		t.Fatalf("a raise 10 minutes ahead was accepted without the waiver (%d scheduled)", n)
	}
	r.sc.limits.at.SetText("21:20")
	r.sc.limits.waived.SetChecked(true)
	r.sc.limits.waivedBy.SetText("seats 2 and 5")
	r.tap("Post for the time")
	snap = lt.Snapshot()
	if len(snap.Scheduled) != 2 || !snap.Scheduled[1].Waived || snap.Scheduled[1].WaivedBy != "seats 2 and 5" {
		t.Fatalf("waived raise: %+v", snap.Scheduled)
	}
	lt.clock.Add(10 * time.Minute)
	snap = lt.Snapshot()
	if snap.Sign.Sign.Player.Min != 10000 || len(snap.Sign.Waivers) != 1 {
		t.Fatalf("at 21:20 the sign is %+v, waivers %v", snap.Sign.Sign.Player, snap.Sign.Waivers)
	}
	var refused, accepted int
	for _, rec := range lt.inputs() {
		if rec.Kind != journal.KindOperator || rec.Actor.Role != "supervisor" || rec.Reason == "" {
			t.Fatalf("limit record without actor or reason: %+v", rec)
		}
		in, _ := table.DecodeInput(rec.Payload)
		if in.Op != nil && in.Op.Kind == table.OpSchedule {
			if in.Op.Change.Waived {
				accepted++
			} else {
				refused++
			}
		}
	}
	if accepted != 1 || refused != 3 {
		t.Fatalf("schedule records: %d waived, %d not (every attempt is journalled)", accepted, refused)
	}
}

// onLimits is a supervisor on the Limits tab of a vic-baccarat-2002 table, the reason typed.
func onLimits(t *testing.T, reason string) (*liveTable, *rig) {
	t.Helper()
	lt := newLiveTable(t, "vic-baccarat-2002")
	r := newRig(t, lt, Options{})
	r.signIn("4", supervisorPIN)
	r.tab("Limits")
	r.sc.reason.SetText(reason)
	return lt, r
}

func TestClosingNotice(t *testing.T) {
	lt, r := onLimits(t, "end of session")
	r.sc.limits.closeAt.SetText("2105") // as a numeric keypad types it
	r.tap("Close the table at")
	r.tap("Close the table")
	if !strings.Contains(r.sc.log.Text, "(000 13.7)") || r.sc.limits.closeAt.Text != "21:20" {
		t.Fatalf("early closing: log %q, offered %q", r.sc.log.Text, r.sc.limits.closeAt.Text)
	}
	r.tap("Close the table at")
	if len(lt.Snapshot().Sign.Notices) != 0 {
		t.Fatal("the table closes before the supervisor confirmed")
	}
	r.tap("Close the table")
	snap := lt.Snapshot()
	if len(snap.Sign.Notices) != 1 || snap.Sign.Notices[0].Text != "Table closes at 21:20" || snap.Sign.Closed {
		t.Fatalf("closing notice %+v closed %v", snap.Sign.Notices, snap.Sign.Closed)
	}
	if !strings.Contains(r.sc.limits.sign.Text, "Posted: the table closes at 21:20 (in 20:00)") {
		t.Fatalf("the limits tab shows %q", r.sc.limits.sign.Text)
	}
	lt.clock.Add(20 * time.Minute)
	if !lt.Snapshot().Sign.Closed {
		t.Fatal("the table is not closed at 21:20")
	}
}

func TestWrongOrMissingPINChangesNothingAndEveryChangeIsJournalled(t *testing.T) {
	lt := newLiveTable(t, "vic-baccarat-2002")
	r := newRig(t, lt, Options{})
	// Sign-in attempts are journalled (TestEverySignInAttemptJournalled); actions are counted here.
	// Only inputs count: the loop's own derived events (the opening sign and status) are written
	// when it starts, which may be after start was taken.
	head := func() int { return len(lt.inputs()) }
	start := head()

	// Signed out: keys go to the PIN pad, and no action reaches the table.
	test.Type(r.sc, "1234567")
	if r.s.Keypad().String() != "—" {
		t.Fatal("keys typed on the PIN pad reached the card keypad")
	}
	for _, a := range []opctl.Action{opctl.WordAction(engine.TokShoe, 0, ""), opctl.CardAction(engine.Card{Rank: 9}),
		opctl.WordAction(engine.TokVoid, 0, "misdeal"), opctl.ScheduleAction(engine.Change{At: lt.clock.Now(), Close: true}, "x")} {
		if _, err := r.s.Do(a); !errors.Is(err, opctl.ErrSignedOut) {
			t.Fatalf("%s while signed out: %v", a.Name, err)
		}
	}
	// A wrong PIN signs nobody in.
	test.Type(r.sc, "\n") // finish the id typed above
	test.Type(r.sc, "0000\n")
	if _, err := r.s.Do(opctl.WordAction(engine.TokShoe, 0, "")); !errors.Is(err, opctl.ErrSignedOut) {
		t.Fatalf("after a wrong PIN: %v", err)
	}
	// A dealer cannot do a supervisor's corrections, limits or closing.
	r.signIn("17", dealerPIN)
	for _, a := range []opctl.Action{opctl.WordAction(engine.TokVoid, 0, "misdeal"), opctl.WordAction(engine.TokVoid, 3, "misdeal"),
		opctl.WordAction(engine.TokDummy, 0, "x"), opctl.WordAction(engine.TokEmpty, 0, "x"), opctl.AcceptReviewAction("ok"),
		opctl.ScheduleAction(engine.Change{At: lt.clock.Now().Add(time.Hour), Close: true}, "x"), opctl.ClearAlertAction(1, "x")} {
		if _, err := r.s.Do(a); !errors.Is(err, opctl.ErrNotAllowed) {
			t.Fatalf("dealer %s: %v", a.Name, err)
		}
	}
	if head() != start {
		t.Fatalf("%d records written without a PIN or the role", head()-start)
	}
	// A supervisor's action without a reason is refused before it is sent.
	r.tap("Sign out")
	r.signIn("4", supervisorPIN)
	if _, err := r.s.Do(opctl.WordAction(engine.TokDummy, 0, "  ")); !errors.Is(err, opctl.ErrNoReason) {
		t.Fatalf("supervisor without a reason: %v", err)
	}
	if head() != start {
		t.Fatal("a supervisor action without a reason was written")
	}

	// Now real work: every input in the journal names the role, the operator and a reason.
	r.dealShoe()
	test.Type(r.sc, playerNatural)
	r.tab("Corrections")
	r.sc.reason.SetText("supervisor's direction")
	r.tap("Dummy coup next")
	r.tab("Shoe")
	r.tap("Cutting card out")
	ins := lt.inputs()
	if len(ins) < 8 {
		t.Fatalf("only %d inputs journalled", len(ins))
	}
	for _, rec := range ins {
		if rec.Actor.Role != "supervisor" || rec.Actor.ID != "4" || rec.Reason == "" {
			t.Fatalf("input record without role, operator or reason: %+v", rec)
		}
	}
	if v, err := lt.j.Verify(); err != nil || !v.OK() {
		t.Fatalf("journal chain: %+v %v", v, err)
	}
}

func TestSupervisorClearsAnAlert(t *testing.T) {
	lt := newLiveTable(t, "nz-baccarat-1998")
	// The shoe link raises an alert (as the app does for "shoe sent conflicting data").
	if res := lt.Do(table.Msg{Input: table.Input{Alert: &table.Alert{Text: "shoe sent conflicting data"}}, Source: journal.SourceShoe}); res.Err != nil {
		t.Fatal(res.Err)
	}
	r := newRig(t, lt, Options{})
	r.signIn("4", supervisorPIN)
	r.tab("Corrections")
	if !r.shows("21:00 shoe sent conflicting data") {
		t.Fatal("the alert is not listed")
	}
	r.tap("Clear") // no reason: refused before it is sent
	if n := len(lt.Snapshot().Alerts); n != 1 {
		t.Fatalf("alert cleared without a reason (%d left)", n)
	}
	r.sc.reason.SetText("shoe restarted and checked")
	r.tap("Clear")
	if n := len(lt.Snapshot().Alerts); n != 0 || !r.shows("none") {
		t.Fatalf("%d alerts after clearing", n)
	}
	ins := lt.inputs()
	last := ins[len(ins)-1]
	in, err := table.DecodeInput(last.Payload)
	if err != nil || in.Op == nil || in.Op.Kind != table.OpClearAlert || last.Reason != "shoe restarted and checked" || last.Actor.ID != "4" {
		t.Fatalf("clear record %+v (%v)", last, err)
	}
}

// A lower maximum needs no notice under nz-baccarat-1998 (only a higher minimum and closing
// do): "Change now" changes the sign at once.
func TestChangeNow(t *testing.T) {
	lt := newLiveTable(t, "nz-baccarat-1998")
	r := newRig(t, lt, Options{})
	r.signIn("4", supervisorPIN)
	r.tab("Limits")
	if r.sc.limits.waiverRow.Visible() {
		t.Fatal("the players' waiver is offered under a book without it (000 7.7.1 is Victoria's)")
	}
	r.sc.reason.SetText("management")
	r.sc.limits.pbMax.SetText("2,500")
	r.tap("Change now")
	if lt.Snapshot().Sign.Sign.Player.Max != 500000 || !r.shows("Change the limit sign now, with no notice?\nPlayer/Banker $25–$2,500, Tie $5–$500") {
		t.Fatal("change now did not ask first")
	}
	r.tap("Cancel")
	if lt.Snapshot().Sign.Sign.Player.Max != 500000 {
		t.Fatal("a cancelled change now changed the sign")
	}
	r.tap("Change now")
	r.tap("Change the sign now")
	snap := lt.Snapshot()
	if snap.Sign.Sign.Player.Max != 250000 || snap.Sign.Sign.Banker.Max != 250000 || len(snap.Sign.Notices) != 0 {
		t.Fatalf("sign after a change now: %+v notices %+v; log %q", snap.Sign.Sign, snap.Sign.Notices, r.sc.log.Text)
	}
	r.sc.reason.SetText("management")
	r.sc.limits.pbMin.SetText("fifty")
	r.tap("Change now")
	if !strings.Contains(r.sc.log.Text, `limits: amount "fifty"`) {
		t.Fatalf("a bad amount: log %q", r.sc.log.Text)
	}
}

// A time is typed on the numeric keypad as digits (2145 is 21:45: a keypad has no colon) or
// set with the ±15 min stepper, on a touch screen with no keyboard.
func TestLimitTimeByKeypadAndStepper(t *testing.T) {
	lt, r := onLimits(t, "busy night")
	r.sc.limits.pbMin.SetText("50")
	at := r.sc.limits.at
	at.SetText("")
	test.Type(at, "2145")
	r.tap("Post for the time")
	snap := lt.Snapshot()
	if len(snap.Scheduled) != 1 || snap.Scheduled[0].At.Format("15:04") != "21:45" || at.Text != "21:45" {
		t.Fatalf("typed 2145: scheduled %+v, field %q, log %q", snap.Scheduled, at.Text, r.sc.log.Text)
	}
	stepper := func(f clockField, label string) {
		t.Helper()
		var b *widget.Button
		walk(f.box, func(o fyne.CanvasObject) {
			if x, ok := o.(*widget.Button); ok && x.Text == label {
				b = x
			}
		})
		if b == nil {
			t.Fatalf("no %q beside the time", label)
		}
		test.Tap(b)
	}
	at.SetText("21:45")
	stepper(r.sc.limits.atField, "+15 min")
	stepper(r.sc.limits.atField, "+15 min")
	stepper(r.sc.limits.atField, "−15 min")
	if at.Text != "22:00" {
		t.Fatalf("21:45 +15 +15 −15 = %q", at.Text)
	}
	r.sc.reason.SetText("end of session")
	r.sc.limits.closeAt.SetText("")
	for range 4 {
		stepper(r.sc.limits.closeField, "+15 min") // from now, 21:00: the next quarters
	}
	if r.sc.limits.closeAt.Text != "22:00" {
		t.Fatalf("closing time from an empty field, four times +15 = %q", r.sc.limits.closeAt.Text)
	}
	r.tap("Close the table at")
	r.tap("Close the table")
	if n := lt.Snapshot().Sign.Notices; len(n) == 0 || n[len(n)-1].Text != "Table closes at 22:00" {
		t.Fatalf("closing notices %+v; log %q", n, r.sc.log.Text)
	}
}
