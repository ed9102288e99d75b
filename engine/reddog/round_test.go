package reddog

import "testing"

// TestSettle settles with and without the raise in integer cents (5.4, 7.2, 8.1.1, 10.4).
func TestSettle(t *testing.T) {
	round := func(s Spread, o Outcome, pays Pays, raise bool) Round {
		r := Round{N: 1, Spread: s, Outcome: o, Pays: pays, Kind: KindNormal}
		if raise {
			r.RaisePercent = 100
		}
		return r
	}
	cancelled := round(5, Push, Pays{}, true)
	cancelled.Kind = KindCancelled
	for _, tc := range []struct {
		name          string
		wager, raise  int64
		r             Round
		won, lost, rt int64
	}{
		{"1-card spread 5:1", 1000, 0, round(1, Win, Pays{5, 1}, true), 5000, 0, 1000},
		{"1-card spread 5:1 raised", 1000, 1000, round(1, Win, Pays{5, 1}, true), 10000, 0, 2000},
		{"2-card spread 4:1 half raise", 1000, 500, round(2, Win, Pays{4, 1}, true), 6000, 0, 1500},
		{"3-card spread 2:1", 2500, 0, round(3, Win, Pays{2, 1}, true), 5000, 0, 2500},
		{"7-card spread 1:1 raised", 2500, 2500, round(7, Win, Pays{1, 1}, true), 5000, 0, 5000},
		{"lose", 1000, 0, round(7, Lose, Pays{}, true), 0, 1000, 0},
		{"lose raised", 1000, 1000, round(8, Lose, Pays{}, true), 0, 2000, 0},
		{"no spread", 1000, 0, round(Consecutive, Push, Pays{}, false), 0, 0, 1000},
		{"pair, trips 11:1", 1000, 0, round(Pair, Win, Pays{11, 1}, false), 11000, 0, 1000},
		{"pair, no trips", 1000, 0, round(Pair, Push, Pays{}, false), 0, 0, 1000},
		{"cancelled, raised", 1000, 700, cancelled, 0, 0, 1700},
		{"largest", maxCents, maxCents, round(1, Win, Pays{5, 1}, true), 10 * maxCents, 0, 2 * maxCents},
	} {
		s, err := Settle(tc.wager, tc.raise, tc.r)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if s.Won != tc.won || s.Lost != tc.lost || s.Returned != tc.rt || s.Net != tc.won-tc.lost {
			t.Errorf("%s: won %d lost %d returned %d net %d; want %d %d %d", tc.name, s.Won, s.Lost, s.Returned, s.Net, tc.won, tc.lost, tc.rt)
		}
		if s.Wager+s.Raise != s.Returned+s.Lost {
			t.Errorf("%s: money not conserved: %+v", tc.name, s)
		}
	}
	for _, tc := range []struct {
		name         string
		wager, raise int64
		r            Round
	}{
		{"raise over the wager (5.4)", 1000, 1001, round(5, Win, Pays{1, 1}, true)},
		{"raise on no spread (7.2.2.1)", 1000, 100, round(Consecutive, Push, Pays{}, false)},
		{"raise on a pair (7.2.3.1)", 1000, 100, round(Pair, Win, Pays{11, 1}, false)},
		{"zero wager", 0, 0, round(5, Win, Pays{1, 1}, true)},
		{"negative wager", -100, 0, round(5, Win, Pays{1, 1}, true)},
		{"negative raise", 1000, -1, round(5, Win, Pays{1, 1}, true)},
		{"too large", maxCents + 1, 0, round(5, Win, Pays{1, 1}, true)},
		{"not settled", 1000, 0, round(5, OutcomeNone, Pays{}, true)},
		{"bad pays", 1000, 0, round(5, Win, Pays{1, 0}, true)},
	} {
		if s, err := Settle(tc.wager, tc.raise, tc.r); err == nil {
			t.Errorf("%s: no error, %+v", tc.name, s)
		}
	}
}
