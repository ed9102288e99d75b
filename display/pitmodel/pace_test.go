package pitmodel

import (
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
)

// TestHandsPerHourLeavesVoidedRounds: a table's hands per hour is its last round's pace, less
// each round the board received within that hour and voided (or, at Red Dog, cancelled) since;
// a void of a round the board did not count, of a round older than the hour, or of a round
// that never had a result changes nothing, and the table's next pace is taken as it says.
func TestHandsPerHourLeavesVoidedRounds(t *testing.T) {
	type step struct {
		m    pitwire.Message
		want int // HandsPerHour after it
	}
	var seq uint64
	at := func(min int) time.Time { return t0.Add(time.Duration(min) * time.Minute) }
	paced := func(min, n, hands int) pitwire.Message {
		seq++
		m := round("T1", seq, 1, n, "B", "")
		m.Time, m.Pace = at(min), &pitwire.Pace{HandsPerHour: hands}
		return m
	}
	void := func(min, n int) pitwire.Message {
		seq++
		m := rec("T1", seq, pitwire.TypeRound, 1)
		m.Time, m.Round = at(min), &pitwire.Round{N: n, Kind: engine.KindCancelled}
		return m
	}
	rd := func(min, n, hands int, cancelled bool) pitwire.Message {
		seq++
		r := pitwire.RedDogRound{N: n, Kind: engine.KindNormal, Cards: []string{"3H", "9S", "5D"}, Spread: "5", Outcome: "win", Pays: "1:1"}
		if cancelled {
			r = pitwire.RedDogRound{N: n, Kind: engine.KindCancelled}
		}
		m := rdMsg(seq, 1, r)
		m.Table, m.Time = "T1", at(min)
		if hands > 0 {
			m.Pace = &pitwire.Pace{HandsPerHour: hands}
		}
		return m
	}
	for _, tc := range []struct {
		name  string
		steps func() []step
	}{
		{"the last round voided", func() []step {
			return []step{{started("T1", 1, 1), 0}, {paced(0, 1, 40), 40}, {paced(2, 2, 41), 41}, {void(3, 2), 40}}
		}},
		{"an earlier round of the hour voided, then the table's next pace", func() []step {
			return []step{{started("T1", 1, 1), 0}, {paced(0, 1, 40), 40}, {paced(2, 2, 41), 41}, {paced(4, 3, 42), 42},
				{void(5, 1), 41}, {paced(6, 4, 42), 42}}
		}},
		{"a round older than the hour voided", func() []step {
			return []step{{started("T1", 1, 1), 0}, {paced(0, 1, 40), 40}, {paced(70, 2, 12), 12}, {void(71, 1), 12}}
		}},
		{"a round the board did not count (no pace) voided", func() []step {
			r := round("T1", 2, 1, 1, "B", "")
			return []step{{started("T1", 1, 1), 0}, {r, 0}, func() step { seq = 2; return step{paced(2, 2, 30), 30} }(), {void(3, 1), 30}}
		}},
		{"red dog: a settled round cancelled, and cancelled again (counted out once)", func() []step {
			seq = 0
			return []step{{rd(0, 1, 20, false), 20}, {rd(3, 2, 21, false), 21}, {rd(4, 1, 0, true), 20}, {rd(5, 1, 0, true), 20}, {rd(6, 3, 21, false), 21}}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seq = 1
			b := New(Config{})
			for i, s := range tc.steps() {
				mustApply(t, b, s.m, s.m.Time)
				tb, _ := b.Table("T1")
				if tb.HandsPerHour != s.want {
					t.Fatalf("step %d (%s seq %d): %d hands per hour, want %d", i, s.m.Type, s.m.Seq, tb.HandsPerHour, s.want)
				}
			}
		})
	}
}
