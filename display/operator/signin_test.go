package operator

import (
	"errors"
	"strings"
	"testing"
	"time"

	opctl "github.com/coupboard/coupboard/app/operator"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/journal"
)

// accessRecords are the journal's sign-in and sign-out records, decoded.
func (lt *liveTable) accessRecords() ([]journal.Record, []access.Entry) {
	var recs []journal.Record
	var entries []access.Entry
	for _, r := range lt.records() {
		if r.Kind != journal.KindAccess {
			continue
		}
		e, err := access.DecodeEntry(r.Payload)
		if err != nil {
			lt.t.Fatalf("record %d: %v", r.Seq, err)
		}
		recs, entries = append(recs, r), append(entries, e)
	}
	return recs, entries
}

// TestEverySignInAttemptJournalled signs in on the real screen over a real loop and journal:
// wrong PINs, the lockout, a refused attempt, a granted one, an idle sign-out and a sign-out
// by the button are each a journal record with the operator id, the role when one was
// granted, the outcome and the time, and no record holds a PIN. A restarted table (a new
// guard restored from the journal) is still locked. Before issue 21 nothing of it was
// journalled and a restart cleared the lockout.
func TestEverySignInAttemptJournalled(t *testing.T) {
	lt := newLiveTable(t, "vic-baccarat-2002")
	r := newRig(t, lt, Options{SignOutAfter: 2 * time.Minute})
	t0 := lt.clock.Now()
	for i := 0; i < 5; i++ {
		r.signIn("31", "13579")
	}
	if r.s.Role() != access.NoRole || !strings.Contains(r.sc.pinMsg.Text, "locked") {
		t.Fatalf("after 5 wrong PINs: role %s, message %q", r.s.Role(), r.sc.pinMsg.Text)
	}
	r.signIn("4", supervisorPIN) // refused unseen: locked

	// A restarted table: a new guard and session over the same journal.
	g := guard(t)
	if err := g.Restore(lt.j); err != nil {
		t.Fatal(err)
	}
	restarted, err := opctl.NewSession(g, lt, lt.setup.Currency, lt.clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := restarted.SignIn("4", supervisorPIN); !errors.Is(err, access.ErrLocked) {
		t.Fatalf("the supervisor's PIN after a restart during the lockout: %v, want ErrLocked", err)
	}
	if until := g.LockedUntil(lt.clock.Now()); !until.Equal(t0.Add(5 * time.Minute)) {
		t.Errorf("restarted lockout ends %v, want %v", until, t0.Add(5*time.Minute))
	}

	lt.clock.Add(5 * time.Minute)
	r.signIn("4", supervisorPIN)
	if r.s.Role() != access.Supervisor {
		t.Fatalf("after the lockout the supervisor is not signed in: %q", r.sc.pinMsg.Text)
	}
	lt.clock.Add(3 * time.Minute)
	if !r.sc.Tick() {
		t.Fatal("no idle sign-out after 3 minutes")
	}
	r.signIn("17", dealerPIN)
	r.tap("Sign out")

	recs, entries := lt.accessRecords()
	type row struct {
		id, role, event string
		outcome         access.Outcome
		reason          string
	}
	want := []row{
		{"31", "", access.EventSignIn, access.WrongPIN, "sign-in"},
		{"31", "", access.EventSignIn, access.WrongPIN, "sign-in"},
		{"31", "", access.EventSignIn, access.WrongPIN, "sign-in"},
		{"31", "", access.EventSignIn, access.WrongPIN, "sign-in"},
		{"31", "", access.EventSignIn, access.LockedOut, "sign-in"},
		{"4", "", access.EventSignIn, access.Refused, "sign-in"},
		{"4", "", access.EventSignIn, access.Refused, "sign-in"}, // the restarted table's
		{"4", "supervisor", access.EventSignIn, access.Granted, "sign-in"},
		{"4", "supervisor", access.EventSignOut, "", "idle"},
		{"17", "dealer", access.EventSignIn, access.Granted, "sign-in"},
		{"17", "dealer", access.EventSignOut, "", "signed out"},
	}
	if len(recs) != len(want) {
		for i, r := range recs {
			t.Logf("%d: %s %+v %s %+v", i, r.Time, r.Actor, r.Reason, entries[i])
		}
		t.Fatalf("%d access records, want %d", len(recs), len(want))
	}
	for i, w := range want {
		got := row{recs[i].Actor.ID, recs[i].Actor.Role, entries[i].Event, entries[i].Outcome, recs[i].Reason}
		if got != w {
			t.Errorf("access record %d: %+v, want %+v", i, got, w)
		}
		if recs[i].Time.IsZero() || recs[i].Source != journal.SourceOperator {
			t.Errorf("access record %d: time %v source %q", i, recs[i].Time, recs[i].Source)
		}
	}
	if entries[3].Wrong != 4 || !entries[4].LockedUntil.Equal(t0.Add(5*time.Minute)) {
		t.Errorf("the count and the lockout are not recorded: %+v %+v", entries[3], entries[4])
	}
	if entries[8].Idle != "3m0s" {
		t.Errorf("idle sign-out records idle %q, want 3m0s", entries[8].Idle)
	}
	for _, rec := range lt.records() {
		for _, pin := range []string{"13579", supervisorPIN, dealerPIN} {
			if strings.Contains(string(rec.Payload), pin) || strings.Contains(rec.Reason, pin) || strings.Contains(rec.Actor.ID, pin) {
				t.Fatalf("record %d (%s) holds a PIN", rec.Seq, rec.Kind)
			}
		}
	}
	// Sign-ins are not table inputs: the game replays the same without them.
	if n := len(lt.inputs()); n != 0 {
		t.Errorf("%d table inputs written by signing in and out", n)
	}
}

// TestSignInRefusesOverlongID: an id the journal could not hold is refused before the PIN.
func TestSignInRefusesOverlongID(t *testing.T) {
	lt := newLiveTable(t, "vic-baccarat-2002")
	s, err := opctl.NewSession(guard(t), lt, lt.setup.Currency, lt.clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SignIn(strings.Repeat("9", opctl.MaxOperatorID+1), supervisorPIN); err == nil || s.Role() != access.NoRole {
		t.Fatalf("overlong id signed in: %v", err)
	}
	if recs, _ := lt.accessRecords(); len(recs) != 0 {
		t.Fatalf("%d records for an id refused before its PIN", len(recs))
	}
}

// TestEndRefusesLaterSignIn: a table that stops signs out the operator still signed in
// ("shutdown" in the journal) and takes no sign-in after that. A PIN whose Enter is handled
// after the stop signal (the window's key events outlive the signal) used to sign in with no
// sign-out ever recorded.
func TestEndRefusesLaterSignIn(t *testing.T) {
	lt := newLiveTable(t, "vic-baccarat-2002")
	r := newRig(t, lt, Options{})
	r.signIn("4", supervisorPIN)
	if r.s.Role() != access.Supervisor {
		t.Fatalf("role after sign-in %v, want supervisor", r.s.Role())
	}
	r.s.End("shutdown")
	if r.s.Role() != access.NoRole {
		t.Fatalf("role after End %v, want none", r.s.Role())
	}
	if _, err := r.s.SignIn("17", dealerPIN); !errors.Is(err, opctl.ErrEnded) {
		t.Fatalf("sign-in after End: %v, want opctl.ErrEnded", err)
	}
	r.s.End("shutdown") // a second stop (window closed after SIGTERM) records nothing more
	_, entries := lt.accessRecords()
	recs, _ := lt.accessRecords()
	if len(entries) != 2 || entries[0].Event != access.EventSignIn || entries[1].Event != access.EventSignOut || recs[1].Reason != "shutdown" {
		t.Fatalf("access records %+v (%+v), want the sign-in and one sign-out at shutdown", entries, recs)
	}
}
