package desk

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// earliestRig is what the Earliest tests share: the Victorian baccarat and Red Dog configs with a
// sign of 25-5,000 (tie 5-500), and a parser of one command line.
func earliestRig(t *testing.T) (baccarat, redDog Config, cmd func(string) Command) {
	t.Helper()
	w := func(min, max int64) engine.WagerLimit { return engine.WagerLimit{Min: min, Max: max} }
	sign := engine.Sign{Player: w(2500, 500000), Banker: w(2500, 500000), Tie: w(500, 50000)}
	vic, err := engine.LookupProfile(engine.ProfileVic2002)
	if err != nil {
		t.Fatal(err)
	}
	rd := reddog.VicRedDog1997()
	cmd = func(line string) Command {
		items, err := ParseLine(1, line)
		if err != nil {
			t.Fatal(err)
		}
		return *items[0].Command
	}
	return Config{Profile: vic, Settings: engine.DefaultSettings(&vic), Sign: sign}, Config{RedDog: &rd, Sign: sign}, cmd
}

// TestEarliest: the earliest time a pit may offer for a command is the table's own answer: a
// raised minimum waits for its notice (000 7.7; Red Dog 003 6.4), a lowered one is for now, a
// closing waits for its notice (000 13.7), a table closed longer than the notice period reopens
// with a higher minimum at once, and a command the table does not have is refused with the
// book's rule whatever its time. A Red Dog sign is its one wager's limit, whatever the pit says
// of the others (003 6.1).
func TestEarliest(t *testing.T) {
	now := time.Date(2026, 11, 26, 21, 0, 0, 0, time.UTC)
	baccarat, redDog, cmd := earliestRig(t)
	for _, tc := range []struct {
		name   string
		cfg    Config
		closes time.Time
		c      Command
		want   time.Time
		rule   string
	}{
		{"a raised minimum", baccarat, time.Time{}, cmd("!limits player=50-5000 banker=50-5000"), now.Add(20 * time.Minute), "000 7.7"},
		{"a lowered minimum", baccarat, time.Time{}, cmd("!limits player=10-5000 banker=10-5000"), now, ""},
		{"a closing", baccarat, time.Time{}, Command{Verb: VerbClose}, now.Add(20 * time.Minute), "000 13.7"},
		{"a reopening after an hour closed", baccarat, now.Add(-time.Hour), cmd("!limits player=50-5000 banker=50-5000"), now, ""},
		{"a raised Red Dog minimum", redDog, time.Time{}, cmd("!limits bet=50-5000"), now.Add(20 * time.Minute), "003 6.4"},
	} {
		at, rule, err := Earliest(tc.cfg, tc.closes, tc.c, now)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !at.Equal(tc.want) || !strings.HasPrefix(rule, tc.rule) {
			t.Errorf("%s: earliest %s rule %q, want %s %q", tc.name, at.Format("15:04:05"), rule, tc.want.Format("15:04:05"), tc.rule)
		}
	}
	for _, tc := range []struct {
		name string
		cfg  Config
		c    Command
		rule string
	}{
		{"a Red Dog differential", redDog, cmd("!differential max=100"), "003"},
		{"a Red Dog settlement method", redDog, cmd("!setting settlement=B"), "003"},
		{"a Player limit at Red Dog", redDog, cmd("!limits player=50-5000"), ""},
	} {
		_, _, err := Earliest(tc.cfg, time.Time{}, tc.c, now)
		var r Refusal
		if !errors.As(err, &r) || r.Rule != tc.rule {
			t.Errorf("%s: %v, want a refusal citing %q", tc.name, err, tc.rule)
		}
	}
}

// TestTableEarliest: a table's own Earliest is desk.Earliest for the config it was made with and
// the sign in force at the time asked, open: after a lowered minimum has taken effect, raising it
// again needs notice (000 7.7; Red Dog 003 6.4) though the same limits are no raise over the
// sign the table started with; and asking does not change the table.
func TestTableEarliest(t *testing.T) {
	start := time.Date(2026, 11, 26, 21, 0, 0, 0, time.UTC)
	now := start.Add(time.Hour)
	baccarat, redDog, cmd := earliestRig(t)
	act, err := engine.LookupProfile(engine.ProfileACT2012)
	if err != nil {
		t.Fatal(err)
	}
	actB := Config{Profile: act, Settings: engine.DefaultSettings(&act), Sign: baccarat.Sign}
	for _, tc := range []struct {
		name    string
		cfg     Config
		posted  []string // commands applied at start, before asking
		ask     Command
		want    time.Time
		rule    string
		refused bool
	}{
		{"baccarat, sign as started", baccarat, nil,
			cmd("!limits player=50-5000 banker=50-5000"), now.Add(20 * time.Minute), "000 7.7", false},
		{"baccarat, minimum lowered first", baccarat,
			[]string{"!limits player=10-5000 banker=10-5000"},
			cmd("!limits player=20-5000 banker=20-5000"), now.Add(20 * time.Minute), "000 7.7", false},
		{"baccarat, a closing", baccarat, nil,
			Command{Verb: VerbClose}, now.Add(20 * time.Minute), "000 13.7", false},
		{"Red Dog, minimum lowered first", redDog, []string{"!limits bet=10-5000"},
			cmd("!limits bet=20-5000"), now.Add(20 * time.Minute), "003 6.4", false},
		{"Red Dog, a differential", redDog, nil,
			cmd("!differential max=100"), time.Time{}, "003", true},
		// The method posted is in force at now: going back to A is a change that needs notice
		// (001 8.2), asked of method B, not of the A the table started with.
		{"act, method B in force, back to A", actB, []string{"!setting at=21:30 settlement=B"},
			cmd("!setting settlement=A"), now.Add(20 * time.Minute), "001 8.2", false},
	} {
		tb, err := New(tc.cfg, start)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for _, line := range tc.posted {
			c := cmd(line)
			out, err := tb.Apply(Input{Command: &c}, start)
			if err != nil || len(out.Refused) > 0 {
				t.Fatalf("%s: %s: %v %v", tc.name, line, err, out.Refused)
			}
		}
		before := tb.SignAt(now).Sign
		at, rule, err := tb.Earliest(tc.ask, now)

		cfg := tc.cfg.WithSign(before)
		wantAt, wantRule, wantErr := Earliest(cfg, time.Time{}, tc.ask, now)
		if !at.Equal(wantAt) || rule != wantRule || (err == nil) != (wantErr == nil) ||
			(err != nil && err.Error() != wantErr.Error()) {
			t.Errorf("%s: table %s %q %v, desk.Earliest %s %q %v", tc.name, at, rule, err, wantAt, wantRule, wantErr)
		}
		if tc.refused {
			var r Refusal
			if !errors.As(err, &r) || r.Rule != tc.rule {
				t.Errorf("%s: %v, want a refusal citing %q", tc.name, err, tc.rule)
			}
		} else if err != nil || !at.Equal(tc.want) || !strings.HasPrefix(rule, tc.rule) {
			t.Errorf("%s: earliest %s rule %q %v, want %s %q", tc.name, at.Format("15:04:05"), rule, err, tc.want.Format("15:04:05"), tc.rule)
		}
		if after := tb.SignAt(now).Sign; !reflect.DeepEqual(after, before) || len(tb.Scheduled()) != len(tc.posted) {
			t.Errorf("%s: asking changed the table: sign %+v then %+v, %d changes posted", tc.name, before, after, len(tb.Scheduled()))
		}
	}
}
