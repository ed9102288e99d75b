package pitwire

import (
	"reflect"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

// TestLimitsOfAndSign: the board's limits of a sign read back as the sign (what the board is
// told of it), for a baccarat sign with Player and Banker alike or apart and for Red Dog's.
func TestLimitsOfAndSign(t *testing.T) {
	w := func(min, max int64) engine.WagerLimit { return engine.WagerLimit{Min: min, Max: max} }
	for _, tc := range []struct {
		wager string
		sign  engine.Sign
		bets  []string
	}{
		{"", engine.Sign{Player: w(2500, 500000), Banker: w(2500, 500000), Tie: w(500, 50000), Run: w(500, 10000)}, []string{BetPlayerBanker, BetTie, BetRuns}},
		{"", engine.Sign{Player: w(1000, 500000), Banker: w(2500, 400000), Insurance: w(500, 20000)}, []string{BetPlayer, BetBanker, BetInsurance}},
		{BetRedDog, engine.Sign{Player: w(1000, 100000)}, []string{BetRedDog}},
	} {
		l := LimitsOf("AUD", tc.wager, tc.sign)
		var bets []string
		for _, b := range l.Bets {
			bets = append(bets, b.Bet)
		}
		if l.Currency != "AUD" || !reflect.DeepEqual(bets, tc.bets) {
			t.Errorf("LimitsOf(%+v) = %+v, want bets %v", tc.sign, l, tc.bets)
		}
		if back := l.Sign(); !reflect.DeepEqual(back, tc.sign) {
			t.Errorf("LimitsOf(%+v).Sign() = %+v", tc.sign, back)
		}
	}
}
