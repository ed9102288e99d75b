package operator

import (
	"strings"
	"testing"
	"time"

	opctl "github.com/coupboard/coupboard/app/operator"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/engine"
)

// pitDirectory is a directory of the pit: dealer 17 (PIN 4821), supervisor 4 (PIN 90210),
// dealer 8 deactivated.
func pitDirectory(t *testing.T) *people.Directory {
	t.Helper()
	var d *people.Directory
	var err error
	at := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	for _, c := range []people.Change{
		{ID: "17", Name: "Ana Lima", Role: people.RoleDealer, PIN: "4821"},
		{ID: "4", Name: "Wei Chen", Role: people.RoleSupervisor, PIN: "90210"},
		{ID: "8", Name: "Old Hand", Role: people.RoleDealer, PIN: "1357"},
	} {
		if d, err = d.Add(c, at, "installer"); err != nil {
			t.Fatal(err)
		}
	}
	if d, err = d.Deactivate("8", at, "installer"); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestSignInByPerson: with the pit's directory, the pad takes the id then the PIN; each
// refusal says why on the pad; the lockout is the id's; the attempts are journalled with the
// person's id and the directory's version, and so are the person's commands.
func TestSignInByPerson(t *testing.T) {
	lt := newLiveTable(t, "nz-baccarat-1998")
	r := newRig(t, lt, Options{})
	r.s.Guard().SetDirectory(pitDirectory(t))

	for _, tc := range []struct {
		id, pin string
		says    string
	}{
		{"99", "4821", "Operator id 99 is not in the operator directory"},
		{"8", "1357", "Operator 8 is deactivated"},
		{"17", supervisorPIN, "Operator 17: wrong PIN (1 of 5 before lockout)"}, // a role PIN opens nothing now
		{"17", "90210", "Operator 17: wrong PIN (2 of 5 before lockout)"},       // nor another person's PIN
		{"17", "0", "(3 of 5"},
		{"17", "0", "(4 of 5"},
		{"17", "0", "Operator 17 is locked until 21:05:00 (too many wrong PINs)"},
		{"17", "4821", "Operator 17 is locked until 21:05:00"},
	} {
		r.signIn(tc.id, tc.pin)
		if r.s.Role() != access.NoRole || !strings.Contains(r.sc.pinMsg.Text, tc.says) {
			t.Fatalf("%s/%s: role %s, the pad says %q; want %q", tc.id, tc.pin, r.s.Role(), r.sc.pinMsg.Text, tc.says)
		}
	}
	r.capture("pin_person_locked.png")

	// 17 is locked out, 4 is not.
	r.signIn("4", "90210")
	if r.s.Role() != access.Supervisor || r.s.Operator() != "4" || !strings.Contains(r.sc.header.Text, "supervisor 4 Wei Chen") {
		t.Fatalf("supervisor 4: role %s, header %q", r.s.Role(), r.sc.header.Text)
	}
	if _, err := r.s.Do(opctl.WordAction(engine.TokShoe, 0, "")); err != nil {
		t.Fatal(err)
	}
	r.tap("Sign out")
	lt.clock.Add(5 * time.Minute)
	r.signIn("17", "4821")
	if r.s.Role() != access.Dealer || r.s.OperatorName() != "Ana Lima" {
		t.Fatalf("17 after the lockout: %s %q", r.s.Role(), r.s.OperatorName())
	}

	// The record: every attempt with the id typed and directory version 4, the command with
	// the person who gave it.
	var attempts []string
	var shoeBy journal.Actor
	for _, rec := range lt.records() {
		switch rec.Kind {
		case journal.KindAccess:
			e, err := access.DecodeEntry(rec.Payload)
			if err != nil {
				t.Fatal(err)
			}
			if e.Event == access.EventSignIn {
				if e.Directory != 4 {
					t.Fatalf("sign-in record without the directory version: %+v", e)
				}
				attempts = append(attempts, rec.Actor.ID+":"+string(e.Outcome))
			}
		case journal.KindOperator:
			shoeBy = rec.Actor
		}
	}
	want := "99:unknown_id 8:inactive 17:wrong_pin 17:wrong_pin 17:wrong_pin 17:wrong_pin 17:lockout 17:locked 4:granted 17:granted"
	if got := strings.Join(attempts, " "); got != want {
		t.Fatalf("journalled attempts:\n %s\nwant\n %s", got, want)
	}
	if shoeBy != (journal.Actor{Role: "supervisor", ID: "4"}) {
		t.Fatalf("the new shoe was journalled as given by %+v", shoeBy)
	}
}

// TestSignInRefusalsInEveryLanguage: the pad's reasons come from the catalogue.
func TestSignInRefusalsInEveryLanguage(t *testing.T) {
	lt := newLiveTable(t, "nz-baccarat-1998")
	r := newRig(t, lt, Options{Language: "zh-Hant"})
	r.s.Guard().SetDirectory(pitDirectory(t))
	for _, tc := range []struct{ id, pin, says string }{
		{"99", "1", "操作員編號 99 未登記"},
		{"8", "1357", "操作員 8 已停用"},
		{"17", "1", "操作員 17：密碼不對（1 / 5 後鎖定）"},
	} {
		r.signIn(tc.id, tc.pin)
		if !strings.Contains(r.sc.pinMsg.Text, tc.says) {
			t.Fatalf("%s: the pad says %q, want %q", tc.id, r.sc.pinMsg.Text, tc.says)
		}
	}
}

// TestDeactivatedWhileSignedIn: a dealer the pit deactivates while signed in is signed out as
// soon as the table has the new directory (Screen.Recheck, which the app calls on each new
// version): the PIN pad says why, the sign-out is journalled with the reason "deactivated",
// and the dealer's PIN opens nothing any more. A supervisor still active stays signed in.
func TestDeactivatedWhileSignedIn(t *testing.T) {
	lt := newLiveTable(t, "nz-baccarat-1998")
	r := newRig(t, lt, Options{})
	dir := pitDirectory(t)
	r.s.Guard().SetDirectory(dir)
	at := time.Date(2026, 11, 22, 20, 30, 0, 0, time.UTC)

	r.signIn("4", "90210")
	if r.sc.Recheck() || r.s.Role() != access.Supervisor {
		t.Fatalf("supervisor 4, active: Recheck signed out (role %s)", r.s.Role())
	}
	r.tap("Sign out")

	r.signIn("17", "4821")
	if r.s.Role() != access.Dealer {
		t.Fatalf("dealer 17 not signed in: %q", r.sc.pinMsg.Text)
	}
	without17, err := dir.Deactivate("17", at, "pit")
	if err != nil {
		t.Fatal(err)
	}
	r.s.Guard().SetDirectory(without17)
	if !r.sc.Recheck() {
		t.Fatal("Recheck left deactivated dealer 17 signed in")
	}
	if r.s.Role() != access.NoRole || !r.shows("Operator 17 is deactivated: see a supervisor") {
		t.Fatalf("after the deactivation: role %s, the pad says %q", r.s.Role(), r.sc.pinMsg.Text)
	}
	if r.sc.Recheck() {
		t.Fatal("a second Recheck signed out again")
	}
	recs, entries := lt.accessRecords()
	last := len(entries) - 1
	if entries[last].Event != access.EventSignOut || recs[last].Reason != opctl.Deactivated || recs[last].Actor.ID != "17" {
		t.Fatalf("the last access record is %+v %q by %+v; want 17's sign-out, deactivated", entries[last], recs[last].Reason, recs[last].Actor)
	}
	r.signIn("17", "4821")
	if r.s.Role() != access.NoRole || !strings.Contains(r.sc.pinMsg.Text, "Operator 17 is deactivated") {
		t.Fatalf("17 signed in again after the deactivation: role %s, pad %q", r.s.Role(), r.sc.pinMsg.Text)
	}
}
