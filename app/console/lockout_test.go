package console

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestConsoleKeepsTheTablesLockout: the console signs in under the tables' policy, by the same
// code (people.Lockouts): each id locked after its wrong PINs in a row, every id after the
// table-wide number of wrong PINs of any ids within its window; unknown and inactive ids, and
// ids that break the directory's rule, count towards nothing (and are refused alike).
func TestConsoleKeepsTheTablesLockout(t *testing.T) {
	clk := newClock()
	pf, err := LoadPeople(peopleFile(t), Lockout{Attempts: 2, Lock: time.Minute}, clk.Now) // every id after 3 × 2
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
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
		clk.Add(time.Second)
		p, err := pf.Authenticate(ctx, tc.id, tc.pin)
		got := outcome(t, i, err)
		if got != tc.want || (got == "ok" && p.ID != tc.id) {
			t.Fatalf("attempt %d (%q): %s %+v %v, want %s", i, tc.id, got, p, err, tc.want)
		}
	}
	clk.Add(time.Minute)
	if _, err := pf.Authenticate(ctx, "101", "2468"); err != nil {
		t.Fatalf("after the lockout: %v", err)
	}
}

// TestLockoutConfig: the [console] lockout keys, as the tables' [operator] ones: defaults when
// not given, the values given, and a value out of bounds refused naming the key.
func TestLockoutConfig(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
		want Lockout
		err  string
	}{
		{"defaults", Config{}, Lockout{Attempts: 5, Lock: 5 * time.Minute, TableFactor: 3, TableWindow: 15 * time.Minute, File: "f"}, ""},
		{"given", Config{LockoutAttempts: 3, LockoutMinutes: 30, TableLockoutFactor: 4, TableLockoutWindowMinutes: 60},
			Lockout{Attempts: 3, Lock: 30 * time.Minute, TableFactor: 4, TableWindow: time.Hour, File: "f"}, ""},
		{"attempts", Config{LockoutAttempts: 101}, Lockout{}, "console.lockout_attempts 101: want 1 to 100"},
		{"negative attempts", Config{LockoutAttempts: -1}, Lockout{}, "console.lockout_attempts -1: want 1 to 100"},
		{"minutes", Config{LockoutMinutes: 1441}, Lockout{}, "console.lockout_minutes 1441: want 1 to 1440"},
		{"factor", Config{TableLockoutFactor: -3}, Lockout{}, "console.table_lockout_factor -3: want 1 to 100"},
		{"window", Config{TableLockoutWindowMinutes: 100000}, Lockout{}, "console.table_lockout_window_minutes 100000: want 1 to 1440"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.cfg.Lockout("f")
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("%v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("%+v %v, want %+v", got, err, tc.want)
			}
		})
	}
}

// TestLockoutKeptAcrossRestart: the console's lockouts are in its file before each answer, so
// that a restart of the pit server (a new PeopleFile over the same file) keeps an id locked,
// keeps its wrong PINs counted and every id's lockout; a right PIN's clearing is kept too. A
// damaged file stops the start naming it; lockouts that cannot be kept refuse the sign-in.
func TestLockoutKeptAcrossRestart(t *testing.T) {
	clk := newClock()
	ctx := context.Background()
	path := peopleFile(t)
	file := filepath.Join(t.TempDir(), "console-lockouts.json")
	lockout := Lockout{Attempts: 2, Lock: time.Minute, TableFactor: 3, TableWindow: time.Hour, File: file}
	start := func() *PeopleFile {
		t.Helper()
		pf, err := LoadPeople(path, lockout, clk.Now)
		if err != nil {
			t.Fatal(err)
		}
		return pf
	}
	pf := start()
	for i, tc := range []struct {
		restart bool
		id, pin string
		want    string // ok, bad, locked
	}{
		{false, "101", "0000", "bad"},
		{true, "101", "0000", "locked"}, // the count survived: the second in a row locks
		{true, "101", "2468", "locked"}, // and the lockout did
		{false, "207", "0000", "bad"},
		{true, "207", "1357", "ok"},     // after a restart; the count is cleared…
		{true, "207", "0000", "bad"},    // …and stays cleared: one in a row again
		{false, "207", "1357", "ok"},    // (four wrong PINs of any ids so far)
		{true, "207", "0000", "bad"},    // five
		{true, "207", "1357", "ok"},     //
		{true, "207", "0000", "locked"}, // six of any ids within the hour: every id locked
		{true, "207", "1357", "locked"},
	} {
		clk.Add(time.Second)
		if tc.restart {
			pf = start()
		}
		p, err := pf.Authenticate(ctx, tc.id, tc.pin)
		got := outcome(t, i, err)
		if got != tc.want || (got == "ok" && p.ID != tc.id) {
			t.Fatalf("attempt %d (%q, restarted %v): %s %v, want %s", i, tc.id, tc.restart, got, err, tc.want)
		}
	}
	clk.Add(time.Minute)
	if _, err := start().Authenticate(ctx, "101", "2468"); err != nil {
		t.Fatalf("after the lockout, restarted: %v", err)
	}
	b, err := os.ReadFile(file)
	if err != nil || strings.Contains(string(b), "2468") || strings.Contains(string(b), "1357") {
		t.Fatalf("the file holds a PIN, or cannot be read: %v\n%s", err, b)
	}

	// Damaged: the start is refused, naming the file and why.
	for _, tc := range []struct{ name, data, want string }{
		{"not JSON", "{", "unexpected EOF"},
		{"schema", `{"schema":2,"lockouts":{}}`, "schema 2, want 1"},
		{"unknown key", `{"schema":1,"lockouts":{},"x":1}`, `unknown field "x"`},
		{"bad id", `{"schema":1,"lockouts":{"ids":{"S-1":{"wrong":1}}}}`, `operator id "S-1"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := filepath.Join(t.TempDir(), "console-lockouts.json")
			if err := os.WriteFile(bad, []byte(tc.data), 0o600); err != nil {
				t.Fatal(err)
			}
			l := lockout
			l.File = bad
			_, err := LoadPeople(path, l, clk.Now)
			if err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("%v, want the file and %q", err, tc.want)
			}
		})
	}
	// Lockouts that cannot be kept (their directory is gone): the sign-in is refused, saying
	// why, rather than counted in memory only.
	l := lockout
	l.File = filepath.Join(t.TempDir(), "gone", "console-lockouts.json")
	pf, err = LoadPeople(path, l, clk.Now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pf.Authenticate(ctx, "207", "0000"); err == nil || errors.Is(err, ErrBadCredentials) || !strings.Contains(err.Error(), "keep them across a restart") {
		t.Fatalf("unkept lockout: %v", err)
	}
}

// outcome is what sign-in attempt i came to: ok, bad (ErrBadCredentials) or locked
// (*LockedError); any other error fails the test.
func outcome(t *testing.T, i int, err error) string {
	t.Helper()
	var locked *LockedError
	switch {
	case errors.As(err, &locked):
		return "locked"
	case errors.Is(err, ErrBadCredentials):
		return "bad"
	case err != nil:
		t.Fatalf("attempt %d: %v", i, err)
	}
	return "ok"
}
