package engine

import (
	"strings"
	"testing"
)

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
	} {
		got, err := ParseMoney(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseMoney(%q) = %d, %v; want %d ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "amount") {
			t.Errorf("ParseMoney(%q) error %q does not say it is an amount", tc.in, err)
		}
	}
}

// FuzzParseMoney checks that an accepted amount is in range, is written only with what an
// amount may hold, and reads back the same after FormatCents.
func FuzzParseMoney(f *testing.F) {
	for _, s := range []string{"50", "$1,000.50", "2.", ".5", "-1", "+5.+1", "99999999999", "0.05", "1e9", "", "10000000000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseMoney(s)
		if err != nil {
			return
		}
		if c < 0 || c > MaxCents {
			t.Fatalf("ParseMoney(%q) = %d: out of range", s, c)
		}
		if strings.Trim(strings.TrimSpace(s), "$0123456789,.") != "" {
			t.Fatalf("ParseMoney(%q) = %d: accepted a character an amount does not have", s, c)
		}
		again, err := ParseMoney(FormatCents(c))
		if err != nil || again != c {
			t.Fatalf("ParseMoney(%q) = %d; FormatCents %q reads back as %d, %v", s, c, FormatCents(c), again, err)
		}
		for _, sym := range []string{"$", ""} {
			if again, err := ParseMoney(FormatMoney(c, sym)); err != nil || again != c {
				t.Fatalf("ParseMoney(%q) = %d; FormatMoney %q reads back as %d, %v", s, c, FormatMoney(c, sym), again, err)
			}
		}
	})
}

// TestFormatMoney: the sign's and the board's amounts in the table's currency, grouped by
// thousands, with cents only when there are any; each reads back (ParseMoney, with "$").
func TestFormatMoney(t *testing.T) {
	for _, tc := range []struct {
		cents int64
		sym   string
		want  string
	}{
		{0, "$", "$0"}, {250, "$", "$2.50"}, {100000, "$", "$1,000"}, {2500000, "", "25,000"},
		{123456789, "€", "€1,234,567.89"}, {-500, "$", "-$5"}, {-150, "", "-1.50"}, {MaxCents, "$", "$10,000,000,000"},
	} {
		got := FormatMoney(tc.cents, tc.sym)
		if got != tc.want {
			t.Errorf("FormatMoney(%d, %q) = %q, want %q", tc.cents, tc.sym, got, tc.want)
		}
		if tc.cents >= 0 && tc.sym != "€" {
			if back, err := ParseMoney(got); err != nil || back != tc.cents {
				t.Errorf("ParseMoney(%q) = %d, %v; want %d", got, back, err, tc.cents)
			}
		}
	}
	if FormatCents(100000) != "$1000" || FormatCents(-305) != "-$3.05" {
		t.Errorf("FormatCents: %q %q", FormatCents(100000), FormatCents(-305))
	}
}
