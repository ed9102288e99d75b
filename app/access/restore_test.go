package access

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/internal/testpin"
)

// journalAttempts makes the attempts on g at the given times and journals each as the
// operator screen does, returning the journal.
func journalAttempts(t *testing.T, g *Guard, j *journal.Journal, pins []string, at []time.Time) []Attempt {
	t.Helper()
	var out []Attempt
	for i, pin := range pins {
		a, _ := g.Try(pin, at[i])
		out = append(out, a)
		payload, err := Entry{Event: EventSignIn, Outcome: a.Outcome, Wrong: a.Wrong, LockedUntil: a.LockedUntil}.Encode()
		if err != nil {
			t.Fatal(err)
		}
		rec := journal.Record{Time: at[i], Kind: journal.KindAccess, Source: journal.SourceOperator, Actor: journal.Actor{ID: "7"}, Reason: "sign-in", Payload: payload}
		if _, err := j.AppendBatch(rec); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func openJournal(t *testing.T) *journal.Journal {
	t.Helper()
	j, err := journal.Open(filepath.Join(t.TempDir(), "t.db"), journal.Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	return j
}

// TestLockoutSurvivesRestart: a lockout, and wrong PINs counted towards one, are rebuilt from
// the journalled attempts by a new guard (a restarted table). Before issue 21 they lived only
// in the memory of the guard that counted them.
func TestLockoutSurvivesRestart(t *testing.T) {
	dealer, super := testpin.Hash(t, "1111"), testpin.Hash(t, "9999")
	t0 := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	min := func(m float64) time.Time { return t0.Add(time.Duration(m * float64(time.Minute))) }
	for _, tt := range []struct {
		name  string
		pins  []string
		at    []time.Time
		check time.Time // when the restarted guard is tried with the right PIN
		want  error     // nil: the right PIN signs in
		until time.Time // the lockout the restarted guard reports at check
	}{
		{"locked, restarted during the lockout", []string{"0", "0", "0"}, []time.Time{t0, min(1), min(2)}, min(4), ErrLocked, min(7)},
		{"locked, restarted after it", []string{"0", "0", "0"}, []time.Time{t0, min(1), min(2)}, min(7), nil, time.Time{}},
		{"refused attempts do not extend it", []string{"0", "0", "0", "1111", "0"}, []time.Time{t0, t0, t0, min(1), min(2)}, min(4.9), ErrLocked, min(5)},
		{"a right PIN resets the count", []string{"0", "0", "9999", "0", "0"}, []time.Time{t0, t0, t0, t0, t0}, min(1), nil, time.Time{}},
		{"two lockouts", []string{"0", "0", "0", "0", "0", "0"}, []time.Time{t0, t0, t0, min(6), min(6), min(6)}, min(10), ErrLocked, min(11)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			j := openJournal(t)
			live, _ := NewGuard(dealer, super, 3, 5*time.Minute)
			journalAttempts(t, live, j, tt.pins, tt.at)
			restarted, _ := NewGuard(dealer, super, 3, 5*time.Minute)
			if err := restarted.Restore(j); err != nil {
				t.Fatal(err)
			}
			if got, want := restarted.LockedUntil(tt.check), live.LockedUntil(tt.check); !got.Equal(want) || !got.Equal(tt.until) {
				t.Fatalf("restarted guard locked until %v, the live one %v; want %v", got, want, tt.until)
			}
			if restarted.wrong != live.wrong {
				t.Errorf("restarted guard counts %d wrong PINs, the live one %d", restarted.wrong, live.wrong)
			}
			_, err := restarted.Check("9999", tt.check)
			if !errors.Is(err, tt.want) && (err != nil || tt.want != nil) {
				t.Fatalf("right PIN after the restart: %v, want %v", err, tt.want)
			}
		})
	}
}

// TestWrongPINsCountAcrossRestart: attempts-1 wrong PINs, a restart, and one more wrong PIN
// lock entry (a restart does not hand out a fresh set of guesses).
func TestWrongPINsCountAcrossRestart(t *testing.T) {
	dealer := testpin.Hash(t, "1111")
	t0 := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	j := openJournal(t)
	g, _ := NewGuard(dealer, "", 3, 5*time.Minute)
	journalAttempts(t, g, j, []string{"0", "0"}, []time.Time{t0, t0})
	g2, _ := NewGuard(dealer, "", 3, 5*time.Minute)
	if err := g2.Restore(j); err != nil {
		t.Fatal(err)
	}
	a, err := g2.Try("0", t0.Add(time.Second))
	if !errors.Is(err, ErrLocked) || a.Outcome != LockedOut {
		t.Fatalf("third wrong PIN after a restart: %+v %v, want a lockout", a, err)
	}
}

// TestTryOutcomes checks the outcome Try reports for each kind of attempt.
func TestTryOutcomes(t *testing.T) {
	g, _ := NewGuard(testpin.Hash(t, "1111"), testpin.Hash(t, "9999"), 2, time.Minute)
	t0 := time.Unix(1_800_000_000, 0)
	for i, tt := range []struct {
		pin   string
		at    time.Time
		want  Outcome
		role  Role
		wrong int
	}{
		{"1111", t0, Granted, Dealer, 0},
		{"9999", t0, Granted, Supervisor, 0},
		{"0", t0, WrongPIN, NoRole, 1},
		{"0", t0, LockedOut, NoRole, 0},
		{"9999", t0.Add(59 * time.Second), Refused, NoRole, 0},
		{"9999", t0.Add(time.Minute), Granted, Supervisor, 0},
	} {
		a, _ := g.Try(tt.pin, tt.at)
		if a.Outcome != tt.want || a.Role != tt.role || a.Wrong != tt.wrong {
			t.Errorf("attempt %d: %+v, want %s %s wrong %d", i, a, tt.want, tt.role, tt.wrong)
		}
		if (a.Outcome == LockedOut || a.Outcome == Refused) != !a.LockedUntil.IsZero() {
			t.Errorf("attempt %d: %+v: locked-until set wrongly", i, a)
		}
	}
}

// TestReplayUnreadableCountsAsWrong: an access record that cannot be read counts as a wrong
// PIN, and records of other kinds change nothing.
func TestReplayUnreadableCountsAsWrong(t *testing.T) {
	g, _ := NewGuard(testpin.Hash(t, "1111"), "", 2, time.Minute)
	t0 := time.Unix(1_800_000_000, 0)
	for _, r := range []journal.Record{
		{Kind: journal.KindAccess, Time: t0, Payload: []byte(`{"event":"sign_in","outcome":"granted?"}`)},
		{Kind: journal.KindRound, Time: t0, Payload: []byte(`{"event":"sign_in","outcome":"wrong_pin"}`)},
		{Kind: journal.KindAccess, Time: t0, Payload: []byte(`not json`)},
	} {
		if err := g.Replay(r); err != nil {
			t.Fatal(err)
		}
	}
	if g.LockedUntil(t0).IsZero() {
		t.Fatal("two unreadable access records did not lock a guard of 2 attempts")
	}
}

// TestEntryNeverHoldsThePIN checks the payload of every outcome names no PIN.
func TestEntryNeverHoldsThePIN(t *testing.T) {
	g, _ := NewGuard(testpin.Hash(t, "1111"), "", 2, time.Minute)
	t0 := time.Unix(1_800_000_000, 0)
	for _, pin := range []string{"1111", "424242", "424242", "1111"} {
		a, _ := g.Try(pin, t0)
		b, err := Entry{Event: EventSignIn, Outcome: a.Outcome, Wrong: a.Wrong, LockedUntil: a.LockedUntil}.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), pin) {
			t.Fatalf("entry %s holds the PIN %s", b, pin)
		}
		if _, err := DecodeEntry(b); err != nil {
			t.Fatalf("entry %s does not read back: %v", b, err)
		}
	}
}

// FuzzDecodeEntry checks that any access payload either is refused or reads back the same
// after encoding, and that replaying it never opens a locked guard.
func FuzzDecodeEntry(f *testing.F) {
	for _, s := range []string{`{"event":"sign_in","outcome":"granted"}`, `{"event":"sign_in","outcome":"lockout","locked_until":"2026-11-22T21:05:00Z"}`,
		`{"event":"sign_out","idle":"2m0s"}`, `{"event":"sign_in"}`, `null`, `{"event":"sign_in","outcome":"wrong_pin","wrong":-3}`} {
		f.Add([]byte(s))
	}
	hash := testpin.Hash(f, "1111")
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := DecodeEntry(b)
		if err == nil {
			again, err := e.Encode()
			if err != nil {
				t.Fatal(err)
			}
			e2, err := DecodeEntry(again)
			if err != nil || e2.Event != e.Event || e2.Outcome != e.Outcome || e2.Wrong != e.Wrong || !e2.LockedUntil.Equal(e.LockedUntil) || e2.Idle != e.Idle {
				t.Fatalf("%s reads back as %+v, %v; was %+v", again, e2, err, e)
			}
		}
		g, _ := NewGuard(hash, "", 1, time.Minute)
		t0 := time.Unix(1_800_000_000, 0)
		g.note(WrongPIN, t0) // locked until t0+1m
		if err := g.Replay(journal.Record{Kind: journal.KindAccess, Time: t0.Add(time.Second), Payload: b}); err != nil {
			t.Fatal(err)
		}
		if g.LockedUntil(t0.Add(time.Second)).IsZero() {
			t.Fatalf("replaying %q opened a locked guard", b)
		}
	})
}
