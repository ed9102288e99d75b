package desk

import (
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
)

// TestEarliest: the earliest time a pit may offer is the table board's own answer: a raised
// minimum waits for its notice (000 7.7), a lowered one is for now, and a closed table's
// change is measured from the closing.
func TestEarliest(t *testing.T) {
	now := time.Date(2026, 11, 26, 21, 0, 0, 0, time.UTC)
	notices := engine.NoticesVicBaccarat2002(20)
	w := func(min, max int64) engine.WagerLimit { return engine.WagerLimit{Min: min, Max: max} }
	sign := engine.Sign{Player: w(2500, 500000), Banker: w(2500, 500000), Tie: w(500, 50000)}
	raise, lower := sign, sign
	raise.Player, raise.Banker = w(5000, 500000), w(5000, 500000)
	lower.Player, lower.Banker = w(1000, 500000), w(1000, 500000)
	for _, tc := range []struct {
		name   string
		closes time.Time
		change engine.Change
		want   time.Time
		rule   string
	}{
		{"a raised minimum", time.Time{}, engine.Change{Sign: raise}, now.Add(20 * time.Minute), "000 7.7"},
		{"a lowered minimum", time.Time{}, engine.Change{Sign: lower}, now, ""},
		{"a closing", time.Time{}, engine.Change{Close: true}, now.Add(20 * time.Minute), "000 13.7"},
	} {
		at, rule, err := Earliest(notices, sign, tc.closes, tc.change, now)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !at.Equal(tc.want) || !strings.HasPrefix(rule, tc.rule) {
			t.Errorf("%s: earliest %s rule %q, want %s %q", tc.name, at.Format("15:04:05"), rule, tc.want.Format("15:04:05"), tc.rule)
		}
	}
}
