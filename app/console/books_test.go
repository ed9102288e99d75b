package console

import (
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
)

// TestEarliestSettlementFromTheSignInForce: the earliest time for a change of the settlement
// method is measured from the method in force at the table (its limits message), not the
// book's: at an ACT table (001 8.2: notice of a change of the method) that runs Method B, a
// change to A needs the notice and a "change" to B changes nothing; a table that publishes no
// method has the book's (A).
func TestEarliestSettlementFromTheSignInForce(t *testing.T) {
	bk, err := loadBook(engine.ProfileACT2012, nil)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 26, 9, 0, 30, 0, time.UTC)
	for _, tc := range []struct {
		inForce, to string
		notice      bool // the change needs the book's notice (001 8.2)
	}{
		{pitwire.SettleCommission, "B", true},
		{pitwire.SettleCommission, "A", false},
		{pitwire.SettleSixPaysHalf, "A", true},
		{pitwire.SettleSixPaysHalf, "B", false},
		{"", "B", true},
		{"", "A", false},
	} {
		l := pitwire.Limits{Currency: "AUD", Bets: []pitwire.Limit{{Bet: pitwire.BetPlayerBanker, Min: 2500, Max: 500000}}, Settlement: tc.inForce}
		at, rule, err := bk.earliest(change{Kind: KindSettlement, Settlement: tc.to}, bk.signOf(l), currencyOf(l.Currency), time.Time{}, now)
		notice := err == nil && rule != "" && at.After(now.Add(time.Minute))
		if notice != tc.notice {
			t.Errorf("method %q in force, to %s: earliest %v, rule %q, %v; want notice %v", tc.inForce, tc.to, at, rule, err, tc.notice)
		}
	}
}
