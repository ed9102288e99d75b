package operator

import (
	"strings"
	"testing"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
)

// TestSettlementMethodPostedWithNotice: at an ACT table the supervisor posts a change of the
// settlement method from the Limits tab, through the table's rules: posted for now it is refused
// with the rule (001 8.2: prior notice) and the earliest time goes into the time field; one more
// tap posts it, the sign announces it, and it takes effect at its time. The command is journalled
// as the supervisor's "!setting at=… settlement=B", with the refusal before it. A table whose
// rules have no such setting shows no method row.
func TestSettlementMethodPostedWithNotice(t *testing.T) {
	vic := newRig(t, newLiveTable(t, "vic-baccarat-2002"), Options{})
	vic.signIn("4", supervisorPIN)
	vic.tab("Limits")
	if vic.sc.limits.methodRow.Visible() {
		t.Fatal("vic-baccarat-2002 has no settlement method setting: the method row is shown")
	}

	lt := newLiveTable(t, "act-mini-baccarat-2012")
	r := newRig(t, lt, Options{})
	r.signIn("4", supervisorPIN)
	r.tab("Limits")
	if !r.sc.limits.methodRow.Visible() || r.sc.limits.method.Selected != "A: 5% commission on Banker wins" {
		t.Fatalf("the method row: shown %v, method %q; want shown with method A in force", r.sc.limits.methodRow.Visible(), r.sc.limits.method.Selected)
	}
	earliest := r.sc.limits.at.Text
	r.sc.limits.method.SetSelected("B: Banker wins on 6 pay 1 to 2")
	r.sc.reason.SetText("supervisor's direction")
	r.sc.limits.at.SetText("21:00")
	r.tap("Post method (001 8.2)")
	if !strings.Contains(r.sc.log.Text, "(001 8.2)") || r.sc.limits.at.Text != earliest || earliest == "21:00" {
		t.Fatalf("posted for now: log %q, time offered %q (want the earliest %s)", r.sc.log.Text, r.sc.limits.at.Text, earliest)
	}
	if n := len(lt.Snapshot().Scheduled); n != 0 {
		t.Fatalf("a method without notice was posted (%d scheduled)", n)
	}
	r.sc.reason.SetText("supervisor's direction")
	r.tap("Post method (001 8.2)")
	snap := lt.Snapshot()
	at, err := ParseClock(earliest, snap.Now)
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Scheduled) != 1 || snap.Scheduled[0].Sign.Settlement != engine.BankerSixPaysHalf || !snap.Scheduled[0].At.Equal(at) ||
		len(snap.Sign.Notices) != 1 || snap.Sign.Notices[0].Item != engine.NoticeSettlement {
		t.Fatalf("scheduled %+v, notices %+v", snap.Scheduled, snap.Sign.Notices)
	}
	if snap.Sign.Sign.Settlement != engine.BankerCommission {
		t.Fatal("the method changed before its time")
	}
	r.capture("limits_settlement.png")
	lt.clock.Add(at.Sub(snap.Now))
	if got := lt.Snapshot().Sign.Sign.Settlement; got != engine.BankerSixPaysHalf {
		t.Fatalf("at %s the sign's settlement is %v, want method B", earliest, got)
	}

	// The journal: the refused attempt with its refusal, then the posting, each the supervisor's.
	var lines []string
	for _, rec := range lt.records() {
		if rec.Kind == journal.KindEvent && strings.Contains(string(rec.Payload), table.EventCommandRefused) {
			lines = append(lines, "refused")
			continue
		}
		if rec.Kind != journal.KindOperator {
			continue
		}
		in, err := table.DecodeInput(rec.Payload)
		if err != nil {
			t.Fatal(err)
		}
		if in.Command == nil || rec.Actor.Role != "supervisor" || rec.Reason != "supervisor's direction" {
			t.Fatalf("record %+v", rec)
		}
		lines = append(lines, in.Command.String())
	}
	want := []string{"!setting at=2026-11-22T21:00:00 settlement=B", "refused",
		"!setting at=" + at.UTC().Format("2006-01-02T15:04:05") + " settlement=B"}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Fatalf("journal:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

// TestBankerFirstNeedsTheSupervisor: at nz-baccarat the Banker hand goes before the Player hand
// only with the casino supervisor's authorisation (004 8.17). The dealer's Turn Banker is refused
// with the rule and no authorisation is offered to the dealer; the supervisor's "Banker first"
// turns it, with a reason, journalled as the supervisor's "!turn banker authorised".
func TestBankerFirstNeedsTheSupervisor(t *testing.T) {
	lt := newLiveTable(t, engine.ProfileNZ, "style=C")
	lt.shoe(t, engine.WordInput(engine.TokShoe, 0), engine.WordInput(engine.TokNoBurn, 0))
	lt.shoe(t, cardsIn(t, "9H 2C TD 3C")...) // Player 9H TD = 9, Banker 2C 3C = 5, all face down
	r := newRig(t, lt, Options{})
	r.signIn("17", dealerPIN)
	r.tab("Entry")
	if r.sc.entry.turnFirst.Visible() {
		t.Fatal("the supervisor's Banker first is offered to a dealer")
	}
	r.tap("Turn Banker")
	if !strings.Contains(r.sc.log.Text, "8.17") || r.sc.entry.banker.Text != "2 face down" {
		t.Fatalf("the dealer's Banker first: log %q, Banker %q", r.sc.log.Text, r.sc.entry.banker.Text)
	}
	r.tap("Sign out")
	r.signIn("4", supervisorPIN)
	r.tab("Entry")
	r.tap("Supervisor: Banker first (004 8.17)") // no reason: refused before it reaches the table
	if r.sc.entry.banker.Text != "2 face down" {
		t.Fatalf("turned without a reason: Banker %q", r.sc.entry.banker.Text)
	}
	r.sc.reason.SetText("supervisor's direction")
	r.tap("Supervisor: Banker first (004 8.17)")
	if p, b := r.sc.entry.player.Text, r.sc.entry.banker.Text; p != "2 face down" || b != "2C 3C   = 5" {
		t.Fatalf("after the authorised turn: Player %q, Banker %q (log %q)", p, b, r.sc.log.Text)
	}
	r.capture("entry_banker_first.png")
	var turns []string
	for _, rec := range lt.inputs() {
		in, err := table.DecodeInput(rec.Payload)
		if err != nil || in.Game == nil || in.Game.Kind != engine.InTurn {
			continue
		}
		turns = append(turns, rec.Actor.Role+" "+rec.Reason+" authorised="+map[bool]string{true: "yes", false: "no"}[in.Game.Authorised])
	}
	if want := "dealer reveal authorised=no\nsupervisor supervisor's direction authorised=yes"; strings.Join(turns, "\n") != want {
		t.Fatalf("turn records:\n%s\nwant:\n%s", strings.Join(turns, "\n"), want)
	}
}
