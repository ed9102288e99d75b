package console

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestConsoleKeepsTheTablesLockout: the console signs in under the tables' policy, by the same
// code (people.Lockouts): each id locked after its wrong PINs in a row, every id after the
// table-wide number of wrong PINs of any ids within its window; unknown and inactive ids, and
// ids that break the directory's rule, count towards nothing (and are refused alike).
func TestConsoleKeepsTheTablesLockout(t *testing.T) {
	clk := newClock()
	pf, err := LoadPeople(peopleFile(t), Lockout{Attempts: 2, Lock: time.Minute}, clk.now) // every id after 3 × 2
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var locked *LockedError
	for i, tc := range []struct {
		id, pin string
		want    string // ok, bad, locked
	}{
		{"555", "2468", "bad"}, {"555", "2468", "bad"}, {"555", "2468", "bad"}, // unknown: counts for nothing
		{"109", "0000", "bad"}, {"109", "0000", "bad"}, {"109", "0000", "bad"}, // inactive: nothing
		{"S-1", "2468", "bad"}, {"S-1", "2468", "bad"}, {"", "", "bad"}, // not an operator id: nothing
		{"101", "0000", "bad"}, {"101", "2468", "ok"}, // 1 wrong of every id's 6
		{"101", "0000", "bad"}, {"101", "2468", "ok"}, // 2
		{"207", "0000", "bad"}, {"207", "1357", "ok"}, // 3
		{"207", "0000", "bad"}, {"207", "1357", "ok"}, // 4
		{"101", "0000", "bad"}, {"101", "2468", "ok"}, // 5
		{"207", "0000", "locked"}, // 6: every id locked
		{"101", "2468", "locked"}, // the right PIN is not read
	} {
		clk.add(time.Second)
		p, err := pf.Authenticate(ctx, tc.id, tc.pin)
		got := "ok"
		switch {
		case errors.As(err, &locked):
			got = "locked"
		case errors.Is(err, ErrBadCredentials):
			got = "bad"
		case err != nil:
			t.Fatalf("attempt %d: %v", i, err)
		}
		if got != tc.want || (got == "ok" && p.ID != tc.id) {
			t.Fatalf("attempt %d (%q): %s %+v %v, want %s", i, tc.id, got, p, err, tc.want)
		}
	}
	clk.add(time.Minute)
	if _, err := pf.Authenticate(ctx, "101", "2468"); err != nil {
		t.Fatalf("after the lockout: %v", err)
	}
}
