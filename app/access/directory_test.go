package access

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/internal/testpin"
)

// directory is a pit directory of three: dealer 17 (PIN 4821), supervisor 4 (PIN 90210),
// and dealer 8, deactivated (PIN 1111). The hashes are cheap ones, made for the test.
func directory(t *testing.T) *people.Directory {
	t.Helper()
	d := &people.Directory{Schema: people.Schema, Version: 3, People: []people.Person{
		{ID: "17", Name: "Ana Lima", Role: people.RoleDealer, PINHash: testpin.Hash(t, "4821"), Active: true},
		{ID: "4", Name: "Wei Chen", Role: people.RoleSupervisor, PINHash: testpin.Hash(t, "90210"), Active: true},
		{ID: "8", Name: "Old Hand", Role: people.RoleDealer, PINHash: testpin.Hash(t, "1111"), Active: false},
	}}
	if err := d.Check(); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestTryPerson: with a directory, the id and that person's PIN are checked; the role PINs no
// longer open anything; each id has its own lockout.
func TestTryPerson(t *testing.T) {
	g, err := NewGuard(testpin.Hash(t, "1111"), testpin.Hash(t, "9999"), 3, 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	g.SetDirectory(directory(t))
	t0 := time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	for i, tc := range []struct {
		id, pin string
		at      time.Time
		outcome Outcome
		role    Role
		err     error
	}{
		{"17", "4821", at(0), Granted, Dealer, nil},
		{"4", "90210", at(1), Granted, Supervisor, nil},
		{"17", "90210", at(2), WrongPIN, NoRole, ErrWrongPIN}, // another person's PIN
		{"17", "9999", at(3), WrongPIN, NoRole, ErrWrongPIN},  // the role PIN: not with a directory
		{"99", "4821", at(4), UnknownID, NoRole, ErrUnknownID},
		{"99", "4821", at(5), UnknownID, NoRole, ErrUnknownID}, // unknown ids count towards nothing
		{"8", "1111", at(6), Inactive, NoRole, ErrInactive},
		{"17", "0000", at(7), LockedOut, NoRole, ErrLocked}, // third wrong PIN in a row for 17
		{"17", "4821", at(8), Refused, NoRole, ErrLocked},   // locked: the right PIN is not read
		{"4", "90210", at(9), Granted, Supervisor, nil},     // the supervisor is not locked out
		{"4", "0000", at(10), WrongPIN, NoRole, ErrWrongPIN},
		{"4", "90210", at(11), Granted, Supervisor, nil},  // a right PIN resets the count
		{"17", "4821", at(7 + 300), Granted, Dealer, nil}, // after the 5 minutes
	} {
		a, err := g.TryPerson(tc.id, tc.pin, tc.at)
		if a.Outcome != tc.outcome || a.Role != tc.role || !errors.Is(err, tc.err) || a.Directory != 3 {
			t.Fatalf("attempt %d (%s): %+v %v; want %s %s %v", i, tc.id, a, err, tc.outcome, tc.role, tc.err)
		}
		if a.Outcome == Granted && a.Name == "" {
			t.Fatalf("attempt %d: granted without the person's name", i)
		}
	}
	// Without a directory, the role PINs again (and the table-wide lockout).
	g.SetDirectory(nil)
	if a, err := g.TryPerson("anyone", "9999", at(400)); err != nil || a.Role != Supervisor || a.Directory != 0 {
		t.Fatalf("role PIN without a directory: %+v %v", a, err)
	}
}

// goldenRecords reads a file of journalled sign-in records (actor, time, payload) as the
// journal holds them.
func goldenRecords(t *testing.T, path string) []journal.Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []journal.Record
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var l struct {
			Actor   journal.Actor   `json:"actor"`
			Time    time.Time       `json:"time"`
			Payload json.RawMessage `json:"payload"`
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		out = append(out, journal.Record{Kind: journal.KindAccess, Actor: l.Actor, Time: l.Time, Payload: l.Payload, Reason: "sign-in"})
	}
	return out
}

// TestOldRecordsStillRead: sign-in records written before the directory (testdata
// access_records_v0.jsonl, as the journal of 2026-11-20 holds them) decode as they did and
// replay into the table-wide lockout; records with a directory version replay into their id's.
func TestOldRecordsStillRead(t *testing.T) {
	v0 := goldenRecords(t, "testdata/access_records_v0.jsonl")
	want := []Outcome{WrongPIN, WrongPIN, LockedOut, Refused, Granted, ""}
	for i, r := range v0 {
		e, err := DecodeEntry(r.Payload)
		if err != nil || e.Outcome != want[i] || e.Directory != 0 {
			t.Fatalf("v0 record %d: %+v %v", i, e, err)
		}
	}
	g, _ := NewGuard(testpin.Hash(t, "1111"), "", 3, 5*time.Minute)
	for _, r := range v0[:4] {
		g.Replay(r)
	}
	if u := g.LockedUntil(v0[3].Time); !u.Equal(time.Date(2026, 11, 20, 21, 5, 20, 0, time.UTC)) {
		t.Fatalf("v0 lockout replayed until %v", u)
	}

	v1 := goldenRecords(t, "testdata/access_records_v1.jsonl")
	g, _ = NewGuard(testpin.Hash(t, "1111"), "", 3, 5*time.Minute)
	for _, r := range v1 {
		if _, err := DecodeEntry(r.Payload); err != nil {
			t.Fatal(err)
		}
		g.Replay(r)
	}
	g.SetDirectory(directory(t))
	now := time.Date(2026, 11, 26, 7, 3, 0, 0, time.UTC)
	if !g.LockedUntil(now).IsZero() {
		t.Fatal("directory attempts locked the role PINs")
	}
	if u := g.LockedUntilFor("17", now); !u.Equal(time.Date(2026, 11, 26, 7, 5, 9, 0, time.UTC)) {
		t.Fatalf("17's lockout replayed until %v", u)
	}
	if a, err := g.TryPerson("17", "4821", now); a.Outcome != Refused || !errors.Is(err, ErrLocked) {
		t.Fatalf("17 after a restart: %+v %v", a, err)
	}
	if a, err := g.TryPerson("4", "90210", now); err != nil || a.Role != Supervisor {
		t.Fatalf("4 after a restart: %+v %v", a, err)
	}
	// A directory outcome with no directory version is not a record this code writes.
	if _, err := DecodeEntry([]byte(`{"event":"sign_in","outcome":"unknown_id"}`)); err == nil {
		t.Fatal("unknown_id without a directory version decoded")
	}
}

// TestPersonLockoutSurvivesRestart: journalled directory attempts, replayed by a new guard
// from a real journal, lock the same id and only it.
func TestPersonLockoutSurvivesRestart(t *testing.T) {
	j := openJournal(t)
	g, _ := NewGuard("", testpin.Hash(t, "9999"), 2, 5*time.Minute)
	d := directory(t)
	g.SetDirectory(d)
	t0 := time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)
	for i, pin := range []string{"1", "2"} {
		a, _ := g.TryPerson("17", pin, t0.Add(time.Duration(i)*time.Second))
		payload, err := Entry{Event: EventSignIn, Outcome: a.Outcome, Directory: a.Directory, Wrong: a.Wrong, LockedUntil: a.LockedUntil}.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := j.AppendBatch(journal.Record{Time: t0.Add(time.Duration(i) * time.Second), Kind: journal.KindAccess, Source: journal.SourceOperator,
			Actor: journal.Actor{ID: "17"}, Reason: "sign-in", Payload: payload}); err != nil {
			t.Fatal(err)
		}
	}
	restarted, _ := NewGuard("", testpin.Hash(t, "9999"), 2, 5*time.Minute)
	if err := restarted.Restore(j); err != nil {
		t.Fatal(err)
	}
	restarted.SetDirectory(d)
	now := t0.Add(time.Minute)
	if a, err := restarted.TryPerson("17", "4821", now); a.Outcome != Refused || !errors.Is(err, ErrLocked) {
		t.Fatalf("17 after a restart: %+v %v", a, err)
	}
	if a, err := restarted.TryPerson("4", "90210", now); err != nil || a.Role != Supervisor {
		t.Fatalf("4 after a restart: %+v %v", a, err)
	}
}

// TestWrongPINsSpreadOverManyIDs: wrong PINs a few at a time over many ids, each below its own
// lockout, lock the keypad for every id once TableWrongFactor times the per-id limit are typed
// within TableWindow; the lockout is journalled (table: true) and rebuilt from the journal
// after a restart; wrong PINs older than the window do not count.
func TestWrongPINsSpreadOverManyIDs(t *testing.T) {
	hash := testpin.Hash(t, "1234")
	d := &people.Directory{Schema: people.Schema, Version: 5}
	for i := 1; i <= 6; i++ {
		d.People = append(d.People, people.Person{ID: string(rune('0' + i)), Name: "P", Role: people.RoleDealer, PINHash: hash, Active: true})
	}
	newGuard := func() *Guard {
		g, err := NewGuard("", "", 3, 5*time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		g.SetDirectory(d)
		return g
	}
	t0 := time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)
	j := openJournal(t)
	g := newGuard()
	try := func(id, pin string, at time.Time) Attempt {
		t.Helper()
		a, _ := g.TryPerson(id, pin, at)
		payload, err := Entry{Event: EventSignIn, Outcome: a.Outcome, Directory: a.Directory, Wrong: a.Wrong, LockedUntil: a.LockedUntil, Table: a.Table}.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := j.AppendBatch(journal.Record{Time: at, Kind: journal.KindAccess, Source: journal.SourceOperator,
			Actor: journal.Actor{ID: id}, Reason: "sign-in", Payload: payload}); err != nil {
			t.Fatal(err)
		}
		return a
	}
	at := t0
	for _, id := range []string{"1", "2", "3", "4"} { // 2 wrong PINs each: 8, none locked out
		for range 2 {
			at = at.Add(10 * time.Second)
			if a := try(id, "0000", at); a.Outcome != WrongPIN || a.Table {
				t.Fatalf("id %s at %s: %+v", id, at.Format("15:04:05"), a)
			}
		}
	}
	at = at.Add(10 * time.Second)
	a := try("5", "0000", at) // the 9th (3 × 3) within 15 minutes
	if a.Outcome != LockedOut || !a.Table || !a.LockedUntil.Equal(at.Add(5*time.Minute)) {
		t.Fatalf("the 9th wrong PIN: %+v", a)
	}
	if a, err := g.TryPerson("6", "1234", at.Add(time.Second)); a.Outcome != Refused || !a.Table || !errors.Is(err, ErrLocked) ||
		!g.LockedUntilFor("6", at.Add(time.Second)).Equal(at.Add(5*time.Minute)) {
		t.Fatalf("another id with its right PIN, while the table is locked: %+v %v", a, err)
	}
	var last journal.Record
	for r, err := range j.Records(0) {
		if err != nil {
			t.Fatal(err)
		}
		last = r
	}
	if !strings.Contains(string(last.Payload), `"outcome":"lockout"`) || !strings.Contains(string(last.Payload), `"table":true`) {
		t.Fatalf("the lockout's record: %s", last.Payload)
	}

	restarted := newGuard()
	if err := restarted.Restore(j); err != nil {
		t.Fatal(err)
	}
	if a, _ := restarted.TryPerson("6", "1234", at.Add(time.Minute)); a.Outcome != Refused || !a.Table {
		t.Fatalf("after a restart: %+v", a)
	}
	if a, _ := restarted.TryPerson("6", "1234", at.Add(5*time.Minute)); a.Outcome != Granted {
		t.Fatalf("after the lockout: %+v", a)
	}

	// Outside the window: 8 wrong PINs, then one 16 minutes after the first.
	g = newGuard()
	for i, id := range []string{"1", "1", "2", "2", "3", "3", "4", "4"} {
		g.TryPerson(id, "0000", t0.Add(time.Duration(i)*time.Second))
	}
	if a, _ := g.TryPerson("5", "0000", t0.Add(16*time.Minute)); a.Outcome != WrongPIN || a.Table {
		t.Fatalf("a wrong PIN after the window: %+v", a)
	}
}
