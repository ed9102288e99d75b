package pitwire

import (
	"errors"
	"reflect"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

// TestLimitsOfAndSign: the board's limits of a sign read back as the sign (what the board is
// told of it: the wagers, the table differentials and the settlement method), for a baccarat
// sign with Player and Banker alike or apart, of either settlement method, and for Red Dog's.
func TestLimitsOfAndSign(t *testing.T) {
	w := func(min, max int64) engine.WagerLimit { return engine.WagerLimit{Min: min, Max: max} }
	for _, tc := range []struct {
		wager      string
		sign       engine.Sign
		bets       []string
		settlement string
	}{
		{"", engine.Sign{Player: w(2500, 500000), Banker: w(2500, 500000), Tie: w(500, 50000), Run: w(500, 10000), Settlement: engine.BankerCommission},
			[]string{BetPlayerBanker, BetTie, BetRuns}, SettleCommission},
		{"", engine.Sign{Player: w(1000, 500000), Banker: w(2500, 400000), Insurance: w(500, 20000), Settlement: engine.BankerSixPaysHalf},
			[]string{BetPlayer, BetBanker, BetInsurance}, SettleSixPaysHalf},
		{"", engine.Sign{Player: w(2500, 500000), Banker: w(2500, 500000), DifferentialMin: 500000, DifferentialMax: 2000000, Settlement: engine.BankerCommission},
			[]string{BetPlayerBanker}, SettleCommission},
		{"", engine.Sign{Player: w(2500, 500000), Banker: w(2500, 500000), DifferentialMax: 100000, Settlement: engine.BankerSixPaysHalf},
			[]string{BetPlayerBanker}, SettleSixPaysHalf},
		{BetRedDog, engine.Sign{Player: w(1000, 100000)}, []string{BetRedDog}, ""},
	} {
		l := LimitsOf("AUD", tc.wager, tc.sign)
		var bets []string
		for _, b := range l.Bets {
			bets = append(bets, b.Bet)
		}
		if l.Currency != "AUD" || !reflect.DeepEqual(bets, tc.bets) || l.Settlement != tc.settlement ||
			l.DifferentialMin != tc.sign.DifferentialMin || l.DifferentialMax != tc.sign.DifferentialMax {
			t.Errorf("LimitsOf(%+v) = %+v, want bets %v, settlement %q and the sign's differentials", tc.sign, l, tc.bets, tc.settlement)
		}
		if back := l.Sign(); !reflect.DeepEqual(back, tc.sign) {
			t.Errorf("LimitsOf(%+v).Sign() = %+v", tc.sign, back)
		}
		m := Message{V: Version, Table: "T1", Seq: 1, Type: TypeLimits, Limits: &l}
		if err := m.Validate(); err != nil {
			t.Errorf("LimitsOf(%+v): %v", tc.sign, err)
		}
	}
}

// TestLimitsValidate: the table differentials are cents, 0 (none) or more, the minimum not
// above the maximum when both are set; the settlement method is one of the feed's two.
func TestLimitsValidate(t *testing.T) {
	bets := []Limit{{Bet: BetPlayerBanker, Min: 2500, Max: 500000}}
	for _, tc := range []struct {
		name string
		l    Limits
		ok   bool
	}{
		{"none", Limits{Currency: "AUD", Bets: bets}, true},
		{"both differentials", Limits{Currency: "AUD", Bets: bets, DifferentialMin: 500000, DifferentialMax: 2000000}, true},
		{"equal differentials", Limits{Currency: "AUD", Bets: bets, DifferentialMin: 500000, DifferentialMax: 500000}, true},
		{"a minimum differential only", Limits{Currency: "AUD", Bets: bets, DifferentialMin: 500000}, true},
		{"a maximum differential only", Limits{Currency: "AUD", Bets: bets, DifferentialMax: 100000}, true},
		{"commission", Limits{Currency: "AUD", Bets: bets, Settlement: SettleCommission}, true},
		{"six pays half", Limits{Currency: "AUD", Bets: bets, Settlement: SettleSixPaysHalf}, true},
		{"minimum above maximum", Limits{Currency: "AUD", Bets: bets, DifferentialMin: 2000001, DifferentialMax: 2000000}, false},
		{"negative minimum", Limits{Currency: "AUD", Bets: bets, DifferentialMin: -1}, false},
		{"negative maximum", Limits{Currency: "AUD", Bets: bets, DifferentialMax: -1}, false},
		{"unknown method", Limits{Currency: "AUD", Bets: bets, Settlement: "crown"}, false},
		{"the method's words", Limits{Currency: "AUD", Bets: bets, Settlement: engine.BankerCommission.String()}, false},
	} {
		for _, typ := range []Type{TypeLimits, TypeShoeStarted} {
			l := tc.l
			m := Message{V: Version, Table: "T1", Seq: 1, Type: typ, Limits: &l}
			err := m.Validate()
			if (err == nil) != tc.ok || err != nil && !errors.Is(err, ErrInvalid) {
				t.Errorf("%s in %s: %v, want ok %v", tc.name, typ, err, tc.ok)
			}
		}
	}
}
