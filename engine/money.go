package engine

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxCents is the largest amount of money the engine handles, in cents (10,000,000,000 in the
// table's currency): limits, wagers and commission above it are refused.
const MaxCents = maxCents

// Currency is how a table writes its money: the symbol of the table's currency that goes
// before an amount ("$", "MOP$", "¥", "CNY "), or "" for none. It is table data, like the
// smallest chip: the app derives it from the table's ISO 4217 code (CurrencyOf) and builds the
// core with it (SettlementRules.Currency, NoticeRules.Currency, desk.Config.Currency), so that
// every amount the core writes in a note, a notice or a reason (Amount), and so the journal's
// words, is in the table's own currency. Currency.Parse is the one money parser and reads
// back what Amount and FormatMoney write.
type Currency string

// Dollars is the dollar sign of the dollar tables (AUD, NZD and the others of CurrencyOf), and
// what the table script and replay write when no currency is given.
const Dollars Currency = "$"

// CurrencyOf is the symbol of a currency code, as the sign shows it: "$" for the dollars of
// the jurisdictions coupboard serves (AUD, NZD, USD, SGD, HKD, CAD), "MOP$" for the pataca,
// else the code itself and a space ("CNY 25"); "" for no code.
func CurrencyOf(code string) Currency {
	switch code {
	case "":
		return ""
	case "AUD", "NZD", "USD", "SGD", "HKD", "CAD":
		return Dollars
	case "MOP":
		return "MOP$"
	}
	return Currency(code + " ")
}

// Amount writes cents as the rules' notes, notices and reasons do, in the currency: "$50",
// "MOP$12.50", "-¥3.05", "CNY 1000", "1000" with no symbol; no thousands separators (the sign's
// form, with them, is FormatMoney). Parse reads it back.
func (c Currency) Amount(cents int64) string {
	sign := ""
	u := uint64(cents)
	if cents < 0 {
		sign, u = "-", uint64(-cents)
	}
	if u%100 == 0 {
		return fmt.Sprintf("%s%s%d", sign, c, u/100)
	}
	return fmt.Sprintf("%s%s%d.%02d", sign, c, u/100, u%100)
}

// Parse reads an amount of money written by a person (in a configuration, on the operator's
// keypad, on the pit console) or by the core (Amount, FormatMoney), as cents: digits for the
// whole units, optionally grouped by thousands with commas ("1,000"), optionally followed by a
// point and one or two digits for the cents; optionally preceded by the currency's own symbol
// ("MOP$1,000" at a MOP table; "CNY 25" or "CNY25" at a CNY table); spaces around it are
// ignored. Another currency's symbol is refused with a reason that names it ("$25" at a MOP
// table: a person who writes another currency has the wrong table or the wrong sheet). Nothing
// else is an amount: no sign, no exponent, no other separator, no more than MaxCents.
func (c Currency) Parse(s string) (int64, error) {
	t := strings.TrimSpace(s)
	bad := func(why string) (int64, error) {
		return 0, fmt.Errorf("amount %q: %s", s, why)
	}
	if sym := strings.TrimSpace(string(c)); sym != "" && strings.HasPrefix(t, sym) {
		t = strings.TrimSpace(t[len(sym):])
	} else if lead := symbolBefore(t); lead != "" {
		if c == "" {
			return bad(fmt.Sprintf("%q is not the table's currency: its amounts have no symbol (write 25)", lead))
		}
		return bad(fmt.Sprintf("%q is not the table's currency %q (write 25 or %s)", lead, strings.TrimSpace(string(c)), c.Amount(2500)))
	}
	if t == "" {
		return bad("no amount (write whole units and at most two decimals, e.g. 25 or 2.50)")
	}
	whole, frac, dot := strings.Cut(t, ".")
	if dot && (len(frac) < 1 || len(frac) > 2) {
		return bad("write at most two decimals after the point (e.g. 2.50)")
	}
	if strings.Contains(whole, ",") {
		groups := strings.Split(whole, ",")
		if len(groups[0]) < 1 || len(groups[0]) > 3 {
			return bad("commas group the whole units by thousands (e.g. 1,000)")
		}
		for _, g := range groups[1:] {
			if len(g) != 3 {
				return bad("commas group the whole units by thousands (e.g. 1,000)")
			}
		}
		whole = strings.Join(groups, "")
	}
	if whole == "" {
		return bad("no whole units before the point (write 0.50)")
	}
	var cents int64
	for _, r := range whole {
		if r < '0' || r > '9' {
			return bad("not an amount: whole units in digits 0-9, at most two decimals, no sign")
		}
		cents = cents*10 + int64(r-'0')*100
		if cents > MaxCents {
			return bad(fmt.Sprintf("more than the largest amount, %s", c.Amount(MaxCents)))
		}
	}
	if dot {
		if len(frac) == 1 {
			frac += "0"
		}
		for _, r := range frac {
			if r < '0' || r > '9' {
				return bad("not an amount: whole units in digits 0-9, at most two decimals, no sign")
			}
		}
		cents += int64(frac[0]-'0')*10 + int64(frac[1]-'0')
		if cents > MaxCents {
			return bad(fmt.Sprintf("more than the largest amount, %s", c.Amount(MaxCents)))
		}
	}
	return cents, nil
}

// symbolBefore is the currency symbol s is written with, if any: the letters and symbols
// ("$", "MOP$", "¥", "CNY") before the first digit, perhaps with spaces between; "" when s
// does not begin so ("abc", "-5", "NaN").
func symbolBefore(s string) string {
	end := 0
	for end < len(s) {
		r, n := utf8.DecodeRuneInString(s[end:])
		if !unicode.IsLetter(r) && !unicode.IsSymbol(r) {
			break
		}
		end += n
	}
	if end == 0 {
		return ""
	}
	if rest := strings.TrimLeft(s[end:], " "); rest == "" || rest[0] < '0' || rest[0] > '9' {
		return ""
	}
	return s[:end]
}

// FormatMoney writes an amount as a sign and the pit board show it, in the table's currency
// symbol ("" for none): "$1,000", "$2.50", "-$5", "25,000". Currency(symbol).Parse reads it back.
func FormatMoney(cents int64, symbol string) string {
	neg := cents < 0
	u := uint64(cents)
	if neg {
		u = uint64(-cents)
	}
	digits := strconv.FormatUint(u/100, 10)
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	b.WriteString(symbol)
	for i := range len(digits) {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(digits[i])
	}
	if c := u % 100; c != 0 {
		fmt.Fprintf(&b, ".%02d", c)
	}
	return b.String()
}
