package people

import (
	"strings"
	"testing"
	"time"
)

// TestLockouts: the one lockout policy of sign-ins by id (the tables' and the pit console's):
// each id locked after Attempts wrong PINs in a row, every id after TableFactor × Attempts of
// any ids within TableWindow; a right PIN forgets an id's count; a locked id's attempts count
// for nothing.
func TestLockouts(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	l, err := NewLockouts(Policy{Attempts: 3, LockFor: time.Minute, TableFactor: 2, TableWindow: 10 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	for i, tc := range []struct {
		op      string // wrong, right
		id      string
		at      time.Time
		inRow   int
		until   time.Time
		everyID bool
	}{
		{"wrong", "17", at(0), 1, time.Time{}, false},
		{"wrong", "17", at(1), 2, time.Time{}, false},
		{"right", "17", at(2), 0, time.Time{}, false},
		{"wrong", "17", at(3), 1, time.Time{}, false}, // counted again from one
		{"wrong", "17", at(4), 2, time.Time{}, false},
		{"wrong", "17", at(5), 0, at(65), false},      // the third in a row: 17 locked
		{"wrong", "17", at(6), 0, time.Time{}, false}, // locked: counts for nothing
		{"wrong", "4", at(7), 0, at(67), true},        // the sixth wrong PIN within the window: every id locked
		{"wrong", "8", at(8), 0, time.Time{}, false},  // locked: nothing
	} {
		var w Wrong
		if tc.op == "right" {
			l.Granted(tc.id)
		} else {
			w = l.Wrong(tc.id, tc.at)
		}
		if w.InRow != tc.inRow || !w.Until.Equal(tc.until) || w.EveryID != tc.everyID {
			t.Fatalf("step %d (%s %s): %+v", i, tc.op, tc.id, w)
		}
	}
	if u, every := l.Locked("4", at(10)); !u.Equal(at(67)) || !every {
		t.Fatalf("every id locked: %v %v", u, every)
	}
	if u, _ := l.Locked("4", at(67)); !u.IsZero() {
		t.Fatalf("after the lockout: %v", u)
	}
	if l.Size() != 2 { // 17 (locked until 65, over) and 4: the count is kept until a right PIN
		t.Fatalf("ids counted: %d", l.Size())
	}
	for _, tc := range []struct {
		p    Policy
		want string
	}{
		{Policy{Attempts: 0, LockFor: time.Minute, TableFactor: 3, TableWindow: time.Minute}, "lockout attempts 0"},
		{Policy{Attempts: 5, LockFor: 0, TableFactor: 3, TableWindow: time.Minute}, "lockout time 0s"},
		{Policy{Attempts: 5, LockFor: time.Minute, TableFactor: 0, TableWindow: time.Minute}, "table-wide lockout factor 0"},
		{Policy{Attempts: 5, LockFor: time.Minute, TableFactor: 3, TableWindow: -1}, "table-wide lockout window -1ns"},
	} {
		if _, err := NewLockouts(tc.p); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.p, err, tc.want)
		}
	}
}

// TestLockoutsRestored: lockouts restored from what State gave (as across a restart) refuse and
// count exactly as the ones they were taken from; a damaged state is refused, naming why.
func TestLockoutsRestored(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	p := Policy{Attempts: 3, LockFor: time.Minute, TableFactor: 2, TableWindow: 10 * time.Minute}
	orig, err := NewLockouts(p)
	if err != nil {
		t.Fatal(err)
	}
	orig.Wrong("17", at(0))
	orig.Wrong("17", at(1))
	orig.Wrong("17", at(2)) // 17 locked until 62
	orig.Wrong("4", at(3))  // 4: one in a row; four of any ids within the window
	restored, err := NewLockouts(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := restored.Restore(orig.State()); err != nil {
		t.Fatal(err)
	}
	for i, tc := range []struct {
		op string // locked, wrong
		id string
		at time.Time
	}{
		{"locked", "17", at(10)}, {"locked", "4", at(10)},
		{"wrong", "4", at(11)},   // 4: two in a row; five of any ids
		{"locked", "4", at(12)},  // not yet
		{"wrong", "9", at(13)},   // six of any ids: every id locked until 73
		{"locked", "8", at(20)},  // every id
		{"locked", "17", at(80)}, // all over
	} {
		var a, b any
		switch tc.op {
		case "wrong":
			a, b = orig.Wrong(tc.id, tc.at), restored.Wrong(tc.id, tc.at)
		default:
			u1, e1 := orig.Locked(tc.id, tc.at)
			u2, e2 := restored.Locked(tc.id, tc.at)
			a, b = [2]any{u1, e1}, [2]any{u2, e2}
		}
		if a != b {
			t.Fatalf("step %d (%s %s): restored %v, the original %v", i, tc.op, tc.id, b, a)
		}
	}
	if u, every := restored.Locked("8", at(20)); !u.Equal(at(73)) || !every {
		t.Fatalf("restored, every id: %v %v", u, every)
	}
	for _, tc := range []struct {
		name string
		s    LockoutState
		want string
	}{
		{"bad id", LockoutState{IDs: map[string]IDLockout{"S-1": {Wrong: 1}}}, `operator id "S-1"`},
		{"negative", LockoutState{IDs: map[string]IDLockout{"17": {Wrong: -1}}}, "operator 17: -1 wrong PINs"},
		{"too many times", LockoutState{Spread: make([]time.Time, 7)}, "7 wrong PINs towards every id's lockout, at most 6"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, _ := NewLockouts(p)
			if err := l.Restore(tc.s); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("%v, want %q", err, tc.want)
			}
		})
	}
}
