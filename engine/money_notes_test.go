package engine

import (
	"strings"
	"testing"
	"time"
)

// TestNotesInTheTablesCurrency: every amount the core writes in a settlement's notes, a
// differential reduction's notes, a settlement's and a limit's refusals, a sign's notices and
// the commission ledger's refusal is in the table's currency (SettlementRules.Currency,
// NoticeRules.Currency), and a table whose currency is not the dollar writes no "$".
func TestNotesInTheTablesCurrency(t *testing.T) {
	trad := mustVic(t, "traditional", false)
	diff := trad
	diff.DifferentialMin, diff.DifferentialMax = 100000, 300000
	crown := mustVic(t, "crown", true)
	nz := SettlementNZ(false)
	nz.DifferentialMax = 1000
	act := mustACT(t, "A")
	vicDiff := trad
	vicDiff.DifferentialMin = 5000
	type texts func(rules SettlementRules) ([]string, error)
	settle := func(w Wager, o Outcome) texts {
		return func(r SettlementRules) ([]string, error) {
			s, err := Settle(w, o, r)
			var out []string
			for _, n := range s.Notes {
				out = append(out, n.String())
			}
			return out, err
		}
	}
	with := func(r SettlementRules, f texts) texts {
		return func(c SettlementRules) ([]string, error) {
			r.Currency = c.Currency
			return f(r)
		}
	}
	reduce := func(ws ...Wager) texts {
		return func(r SettlementRules) ([]string, error) {
			d, err := ReduceForDifferential(ws, r)
			var out []string
			for _, n := range d.Notes {
				out = append(out, n.String())
			}
			return out, err
		}
	}
	for _, tc := range []struct {
		name   string
		texts  texts
		amount []int64 // cents the texts name, each in the table's currency
		err    bool    // the texts are the error's
	}{
		{"over the maximum", with(trad, settle(Wager{Kind: WagerPlayer, Amount: 150000, Limit: WagerLimit{Max: 100000}}, pWins)), []int64{100000, 50000}, false},
		{"under the minimum", with(trad, settle(Wager{Kind: WagerPlayer, Amount: 1000, Limit: WagerLimit{Min: 2500}}, pWins)), []int64{2500}, false},
		{"under the minimum after a warning", with(act, settle(Wager{Kind: WagerPlayer, Amount: 1000, Limit: WagerLimit{Min: 2500}, MinimumWarned: true}, pWins)), []int64{2500}, false},
		{"off the multiple", with(trad, settle(Wager{Kind: WagerPlayer, Amount: 2700, Limit: WagerLimit{Min: 2500, Multiple: 500}}, pWins)), []int64{500}, false},
		{"paid up to a chip", with(trad, settle(Wager{Kind: WagerBanker, Amount: 2500}, bWins7)), []int64{2375, 2400}, false},
		{"paid exactly", with(act, settle(Wager{Kind: WagerBanker, Amount: 2500}, bWins7)), []int64{2375, 100}, false},
		{"payable part", with(nz, settle(Wager{Kind: WagerBanker, Amount: 2500}, bWins7)), []int64{100, 2000, 500}, false},
		{"extra commission over the minimum differential", with(diff, settle(Wager{Kind: WagerBanker, Amount: 200000}, bWins7)), []int64{100000}, false},
		{"over the maximum differential", with(diff, settle(Wager{Kind: WagerPlayer, Amount: 400000}, pWins)), []int64{300000, 100000}, false},
		{"deferred commission", with(trad, settle(Wager{Seat: 3, Kind: WagerBanker, Amount: 2500, DeferCommission: true}, bWins7)), []int64{125}, false},
		{"insurance over the covered wager", with(crown, settle(Wager{Kind: WagerInsurance, Amount: 15000, Covers: 10000}, pWinsI)), []int64{10000, 5000}, false},
		{"differential pro rata all", with(vicDiff, reduce(Wager{Kind: WagerPlayer, Amount: 4000}, Wager{Kind: WagerPlayer, Amount: 4000}, Wager{Kind: WagerBanker, Amount: 3000})), []int64{8000, 5000}, false},
		{"differential pro rata hand", with(nz, reduce(Wager{Kind: WagerBanker, Amount: 3000}, Wager{Kind: WagerPlayer, Amount: 1000})), []int64{2000, 1000, 3000}, false},
		{"refused: not a chip amount", with(trad, settle(Wager{Kind: WagerPlayer, Amount: 2550}, pWins)), []int64{2550, 100}, true},
		{"refused: minimum above maximum", with(trad, settle(Wager{Kind: WagerPlayer, Amount: 100, Limit: WagerLimit{Min: 500, Max: 100}}, pWins)), []int64{500, 100}, true},
	} {
		for _, cur := range testCurrencies {
			got, err := tc.texts(SettlementRules{Currency: cur})
			if tc.err {
				if err == nil {
					t.Errorf("%s (%q): accepted", tc.name, cur)
					continue
				}
				got = []string{err.Error()}
			} else if err != nil || len(got) == 0 {
				t.Errorf("%s (%q): notes %q, error %v", tc.name, cur, got, err)
				continue
			}
			checkAmounts(t, tc.name, cur, strings.Join(got, "; "), tc.amount)
		}
	}
}

// checkAmounts checks that text names each of the amounts in the currency cur, and no dollar
// unless the currency has one.
func checkAmounts(t *testing.T, name string, cur Currency, text string, amounts []int64) {
	t.Helper()
	for _, a := range amounts {
		if !strings.Contains(text, cur.Amount(a)) {
			t.Errorf("%s (%q): %q does not name %s", name, cur, text, cur.Amount(a))
		}
	}
	if !strings.Contains(string(cur), "$") && strings.Contains(text, "$") {
		t.Errorf("%s (%q): %q writes a dollar at a table of another currency", name, cur, text)
	}
}

// TestNoticesInTheTablesCurrency: a sign's notices and the commission ledger write their
// amounts in the table's currency.
func TestNoticesInTheTablesCurrency(t *testing.T) {
	next := baseSign()
	next.Player = WagerLimit{Min: 5000, Max: 600000, Multiple: 1000}
	next.DifferentialMax = 250000
	for _, cur := range testCurrencies {
		r := NoticesVicBaccarat2002(20)
		r.Currency = cur
		b, err := NewBoard(r, baseSign())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Schedule(Change{At: t0.Add(30 * time.Minute), Sign: next}, t0); err != nil {
			t.Fatal(err)
		}
		var texts []string
		for _, n := range b.SignAt(t0.Add(time.Minute)).Notices {
			texts = append(texts, n.Text)
		}
		checkAmounts(t, "notices", cur, strings.Join(texts, "; "), []int64{5000, 600000, 1000, 250000})

		var l CommissionLedger
		if err := l.Defer(2, 1250); err != nil {
			t.Fatal(err)
		}
		if err := l.ReadyForNextShoe(cur); err == nil {
			t.Errorf("%q: a ledger with commission owed is ready for the next shoe", cur)
		} else {
			checkAmounts(t, "commission owed", cur, err.Error(), []int64{1250})
		}
	}
}
