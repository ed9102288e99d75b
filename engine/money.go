package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxCents is the largest amount of money the engine handles, in cents ($10,000,000,000):
// limits, wagers and commission above it are refused.
const MaxCents = maxCents

// ParseMoney reads an amount of money written by a person, in a configuration or on the
// operator keypad, as cents: digits for the dollars, optionally grouped by thousands with
// commas ("1,000"), optionally followed by a point and one or two digits for the cents, and
// optionally preceded by "$"; spaces around it are ignored. Nothing else is an amount: no
// sign, no exponent, no other separator, no more than MaxCents. It is the one money parser
// of coupboard; FormatCents writes what it reads.
func ParseMoney(s string) (int64, error) {
	t := strings.TrimPrefix(strings.TrimSpace(s), "$")
	bad := func(why string) (int64, error) {
		return 0, fmt.Errorf("amount %q: %s", s, why)
	}
	if t == "" {
		return bad("no amount (write dollars and at most two decimals, e.g. 25 or 2.50)")
	}
	whole, frac, dot := strings.Cut(t, ".")
	if dot && (len(frac) < 1 || len(frac) > 2) {
		return bad("write at most two decimals after the point (e.g. 2.50)")
	}
	if strings.Contains(whole, ",") {
		groups := strings.Split(whole, ",")
		if len(groups[0]) < 1 || len(groups[0]) > 3 {
			return bad("commas group the dollars by thousands (e.g. 1,000)")
		}
		for _, g := range groups[1:] {
			if len(g) != 3 {
				return bad("commas group the dollars by thousands (e.g. 1,000)")
			}
		}
		whole = strings.Join(groups, "")
	}
	if whole == "" {
		return bad("no dollars before the point (write 0.50)")
	}
	var cents int64
	for _, r := range whole {
		if r < '0' || r > '9' {
			return bad("not an amount: dollars in digits 0-9, at most two decimals, no sign")
		}
		cents = cents*10 + int64(r-'0')*100
		if cents > MaxCents {
			return bad(fmt.Sprintf("more than the largest amount, %s", FormatCents(MaxCents)))
		}
	}
	if dot {
		if len(frac) == 1 {
			frac += "0"
		}
		for _, r := range frac {
			if r < '0' || r > '9' {
				return bad("not an amount: dollars in digits 0-9, at most two decimals, no sign")
			}
		}
		cents += int64(frac[0]-'0')*10 + int64(frac[1]-'0')
		if cents > MaxCents {
			return bad(fmt.Sprintf("more than the largest amount, %s", FormatCents(MaxCents)))
		}
	}
	return cents, nil
}

// FormatCents writes an amount as the rules' notes and reasons do: "$50", "$12.50",
// "-$3.05", "$1000" (no thousands separators). ParseMoney reads it back.
func FormatCents(c int64) string {
	sign := ""
	u := uint64(c)
	if c < 0 {
		sign, u = "-", uint64(-c)
	}
	if u%100 == 0 {
		return fmt.Sprintf("%s$%d", sign, u/100)
	}
	return fmt.Sprintf("%s$%d.%02d", sign, u/100, u%100)
}

// FormatMoney writes an amount as a sign and the pit board show it, in the table's currency
// symbol (Setup.Currency; "" for none): "$1,000", "$2.50", "-$5", "25,000". ParseMoney reads
// back what FormatMoney writes with "$" or no symbol.
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
