package app

import (
	"testing"

	"github.com/coupboard/coupboard/app/config"
)

// TestSetupInTheTablesCurrency: a configuration's limits are read bare or in the table's own
// symbol, and the table is built with its currency (the sign's symbol, the core's words).
func TestSetupInTheTablesCurrency(t *testing.T) {
	for _, tc := range []struct {
		code, min, max, symbol string
		redDog                 bool
	}{
		{"MOP", "MOP$25", "MOP$1,000", "MOP$", false},
		{"CNY", "CNY 25", "1000", "CNY ", false},
		{"AUD", "$25", "$1,000.00", "$", false},
		{"MOP", "25", "MOP$1,000", "MOP$", true},
	} {
		wager, profile := "player", ""
		if tc.redDog {
			wager, profile = "bet", "[game]\nprofile = \"vic-red-dog-1997\"\n"
		}
		c, err := config.Parse("[table]\ncurrency = \"" + tc.code + "\"\n" + profile + "[limits." + wager + "]\nmin = \"" + tc.min + "\"\nmax = \"" + tc.max + "\"\n")
		if err != nil {
			t.Fatalf("%s %s-%s: %v", tc.code, tc.min, tc.max, err)
		}
		if tc.redDog {
			s, err := RedDogSetupFrom(c)
			if err != nil || s.Bet.Min != 2500 || s.Bet.Max != 100000 || s.Currency != tc.symbol || s.CurrencyCode != tc.code {
				t.Errorf("%s Red Dog: bet %+v, currency %q %q, %v", tc.code, s.Bet, s.Currency, s.CurrencyCode, err)
			}
			continue
		}
		s, err := SetupFrom(c)
		if err != nil || s.Sign.Player.Min != 2500 || s.Sign.Player.Max != 100000 || s.Currency != tc.symbol || s.CurrencyCode != tc.code {
			t.Errorf("%s: player %+v, currency %q %q, %v", tc.code, s.Sign.Player, s.Currency, s.CurrencyCode, err)
		}
	}
}
