package engine

import (
	"strings"
	"testing"
)

// The currencies the money tests write and read: a dollar table, Macau's pataca, the yuan
// with its sign, the yuan as CurrencyOf writes it (its code), and no symbol.
var testCurrencies = []Currency{Dollars, "MOP$", "¥", CurrencyOf("CNY"), ""}

func TestParseMoney(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"50", 5000, true}, {"$50", 5000, true}, {" 1,000 ", 100000, true}, {"2.5", 250, true}, {"2.50", 250, true},
		{"0.05", 5, true}, {"0", 0, true}, {"25", 2500, true}, {"1000", 100000, true}, {"5000.50", 500050, true},
		{"1,234,567.89", 123456789, true}, {"10000000000", MaxCents, true}, {"$10,000,000,000.00", MaxCents, true},
		// What issue 21 found accepted: a sign before the decimals.
		{"+5.+1", 0, false}, {"5.+1", 0, false}, {"5.-1", 0, false}, {"+5", 0, false}, {"-5", 0, false},
		{"", 0, false}, {"$", 0, false}, {"2.", 0, false}, {".5", 0, false}, {"2.555", 0, false},
		{"5e3", 0, false}, {"1e3", 0, false}, {"1.2.3", 0, false}, {"٣", 0, false}, {"abc", 0, false},
		{"10000000000.01", 0, false}, {"12345678901", 0, false}, {"99999999999999999999", 0, false},
		{"1,00", 0, false}, {",100", 0, false}, {"1,,000", 0, false}, {"1000,000", 0, false}, {"1 000", 0, false},
		{"0x10", 0, false}, {"$-5", 0, false}, {"5$", 0, false}, {"2.5 0", 0, false}, {"NaN", 0, false}, {"Inf", 0, false},
		{"$$5", 0, false}, {"MOP$5", 0, false}, {"¥5", 0, false},
	} {
		got, err := Dollars.Parse(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("Dollars.Parse(%q) = %d, %v; want %d ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "amount") {
			t.Errorf("Dollars.Parse(%q) error %q does not say it is an amount", tc.in, err)
		}
	}
}

// TestParseMoneySymbol: an amount is read bare or with the table's own symbol; another
// currency's symbol is refused, and the reason names it and the table's.
func TestParseMoneySymbol(t *testing.T) {
	for _, tc := range []struct {
		cur  Currency
		in   string
		want int64
		bad  []string // what the refusal names; nil when accepted
	}{
		{Dollars, "$25", 2500, nil},
		{Dollars, "25", 2500, nil},
		{Dollars, "MOP$25", 0, []string{`"MOP$"`, `"$"`}},
		{Dollars, "¥25", 0, []string{`"¥"`, `"$"`}},
		{"MOP$", "MOP$1,250.50", 125050, nil},
		{"MOP$", " MOP$ 25 ", 2500, nil},
		{"MOP$", "25", 2500, nil},
		{"MOP$", "$25", 0, []string{`"$"`, `"MOP$"`, "MOP$25"}},
		{"MOP$", "HK$25", 0, []string{`"HK$"`, `"MOP$"`}},
		{"¥", "¥25", 2500, nil},
		{"¥", "$25", 0, []string{`"$"`, `"¥"`}},
		{"¥", "¥", 0, []string{"no amount"}},
		{"¥", "¥-5", 0, []string{"not an amount"}},
		{"CNY ", "CNY 25", 2500, nil},
		{"CNY ", "CNY25", 2500, nil},
		{"CNY ", "¥25", 0, []string{`"¥"`, `"CNY"`}},
		{"", "25", 2500, nil},
		{"", "$25", 0, []string{`"$"`, "no symbol"}},
		{"", "abc", 0, []string{"not an amount"}},
	} {
		got, err := tc.cur.Parse(tc.in)
		if tc.bad == nil {
			if err != nil || got != tc.want {
				t.Errorf("Currency(%q).Parse(%q) = %d, %v; want %d", tc.cur, tc.in, got, err, tc.want)
			}
			continue
		}
		if err == nil {
			t.Errorf("Currency(%q).Parse(%q) = %d, accepted; want refused", tc.cur, tc.in, got)
			continue
		}
		for _, w := range tc.bad {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("Currency(%q).Parse(%q): %q does not say %s", tc.cur, tc.in, err, w)
			}
		}
	}
}

// FuzzParseMoney checks that an accepted amount is in range, is written only with what an
// amount may hold (digits, commas, a point and the table's symbol), and reads back the same
// after Amount and FormatMoney in every currency.
func FuzzParseMoney(f *testing.F) {
	for _, s := range []string{"50", "$1,000.50", "2.", ".5", "-1", "+5.+1", "99999999999", "0.05", "1e9", "", "10000000000",
		"MOP$25", "¥1,000", "CNY 25", "CNY 25.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, cur := range testCurrencies {
			c, err := cur.Parse(s)
			if err != nil {
				continue
			}
			if c < 0 || c > MaxCents {
				t.Fatalf("Currency(%q).Parse(%q) = %d: out of range", cur, s, c)
			}
			rest := strings.TrimSpace(s)
			if sym := strings.TrimSpace(string(cur)); sym != "" {
				rest = strings.TrimSpace(strings.TrimPrefix(rest, sym))
			}
			if strings.Trim(rest, "0123456789,.") != "" {
				t.Fatalf("Currency(%q).Parse(%q) = %d: accepted a character an amount does not have", cur, s, c)
			}
			for _, other := range testCurrencies {
				if again, err := other.Parse(other.Amount(c)); err != nil || again != c {
					t.Fatalf("Currency(%q).Parse(%q) = %d; Amount %q reads back as %d, %v", cur, s, c, other.Amount(c), again, err)
				}
				if again, err := other.Parse(FormatMoney(c, string(other))); err != nil || again != c {
					t.Fatalf("Currency(%q).Parse(%q) = %d; FormatMoney %q reads back as %d, %v", cur, s, c, FormatMoney(c, string(other)), again, err)
				}
			}
		}
	})
}

// TestCurrencyAmount: the notes' and reasons' amounts, in each currency, with no thousands
// separators and cents only when there are any; each reads back.
func TestCurrencyAmount(t *testing.T) {
	for _, tc := range []struct {
		cur   Currency
		cents int64
		want  string
	}{
		{Dollars, 0, "$0"}, {Dollars, 5000, "$50"}, {Dollars, 1250, "$12.50"}, {Dollars, -305, "-$3.05"}, {Dollars, 7, "$0.07"},
		{Dollars, 100000, "$1000"}, {"MOP$", 125050, "MOP$1250.50"}, {"MOP$", -500, "-MOP$5"}, {"¥", 2500, "¥25"},
		{"CNY ", 2500, "CNY 25"}, {"", 100000, "1000"}, {"", 7, "0.07"}, {Dollars, MaxCents, "$10000000000"},
	} {
		got := tc.cur.Amount(tc.cents)
		if got != tc.want {
			t.Errorf("Currency(%q).Amount(%d) = %q, want %q", tc.cur, tc.cents, got, tc.want)
		}
		if tc.cents >= 0 {
			if back, err := tc.cur.Parse(got); err != nil || back != tc.cents {
				t.Errorf("Currency(%q).Parse(%q) = %d, %v; want %d", tc.cur, got, back, err, tc.cents)
			}
		}
	}
}

// TestCurrencyOf: the symbol of each currency code the tables use.
func TestCurrencyOf(t *testing.T) {
	for code, want := range map[string]Currency{"AUD": "$", "NZD": "$", "USD": "$", "MOP": "MOP$", "CNY": "CNY ", "EUR": "EUR ", "": ""} {
		if got := CurrencyOf(code); got != want {
			t.Errorf("CurrencyOf(%q) = %q, want %q", code, got, want)
		}
	}
}

// TestFormatMoney: the sign's and the board's amounts in the table's currency, grouped by
// thousands, with cents only when there are any; each reads back in its currency.
func TestFormatMoney(t *testing.T) {
	for _, tc := range []struct {
		cents int64
		sym   string
		want  string
	}{
		{0, "$", "$0"}, {250, "$", "$2.50"}, {100000, "$", "$1,000"}, {2500000, "", "25,000"},
		{123456789, "€", "€1,234,567.89"}, {-500, "$", "-$5"}, {-150, "", "-1.50"}, {MaxCents, "$", "$10,000,000,000"},
		{125000, "MOP$", "MOP$1,250"}, {2500000, "CNY ", "CNY 25,000"},
	} {
		got := FormatMoney(tc.cents, tc.sym)
		if got != tc.want {
			t.Errorf("FormatMoney(%d, %q) = %q, want %q", tc.cents, tc.sym, got, tc.want)
		}
		if tc.cents >= 0 {
			if back, err := Currency(tc.sym).Parse(got); err != nil || back != tc.cents {
				t.Errorf("Currency(%q).Parse(%q) = %d, %v; want %d", tc.sym, got, back, err, tc.cents)
			}
		}
	}
}
