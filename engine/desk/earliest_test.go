package desk

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// TestEarliest: the earliest time a pit may offer for a command is the table's own answer: a
// raised minimum waits for its notice (000 7.7; Red Dog 003 6.4), a lowered one is for now, a
// closing waits for its notice (000 13.7), a table closed longer than the notice period reopens
// with a higher minimum at once, and a command the table does not have is refused with the
// book's rule whatever its time. A Red Dog sign is its one wager's limit, whatever the pit says
// of the others (003 6.1).
func TestEarliest(t *testing.T) {
	now := time.Date(2026, 11, 26, 21, 0, 0, 0, time.UTC)
	w := func(min, max int64) engine.WagerLimit { return engine.WagerLimit{Min: min, Max: max} }
	sign := engine.Sign{Player: w(2500, 500000), Banker: w(2500, 500000), Tie: w(500, 50000)}
	vic, err := engine.LookupProfile(engine.ProfileVic2002)
	if err != nil {
		t.Fatal(err)
	}
	baccarat := Config{Profile: vic, Settings: engine.DefaultSettings(&vic), Sign: sign}
	rd := reddog.VicRedDog1997()
	redDog := Config{RedDog: &rd, Sign: sign}
	cmd := func(line string) Command {
		items, err := ParseLine(1, line)
		if err != nil {
			t.Fatal(err)
		}
		return *items[0].Command
	}
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
