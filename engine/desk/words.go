package desk

import (
	"fmt"
	"strings"

	"github.com/coupboard/coupboard/engine"
)

// The operator's words for what the table decided: one line per settlement, run and commission,
// each with the rule behind it, as the operator screen's log shows them. The rule numbers are the
// book's (Rules), so that nothing outside the core words a rule.

// SeatName is "seat 3", or "standing player" for seat 0.
func SeatName(seat int) string {
	if seat == 0 {
		return "standing player"
	}
	return fmt.Sprintf("seat %d", seat)
}

// money writes cents as the table's notes and reasons do, in its currency (Config.Currency):
// "$50", "MOP$12.50".
func (t *Table) money(cents int64) string { return t.cfg.Currency.Amount(cents) }

// SettledText words a settled wager: "seat 3 insurance wins $20 (000 10.1)", "seat 3 insurance
// loses $10: Banker won with 6 (000 1.1)", "seat 2 banker returned $50: coup 4 has no result …
// (000 13.4)", each followed by the settlement's notes.
func (t *Table) SettledText(s Settled) string {
	head := SeatName(s.Seat) + " " + string(s.Wager)
	var b strings.Builder
	switch s.Result {
	case engine.ResultWin:
		fmt.Fprintf(&b, "%s wins %s", head, t.money(s.Paid))
		if s.Wager == WagerInsurance && t.book.InsurancePays != "" && len(s.Notes) == 0 {
			fmt.Fprintf(&b, " (%s)", t.book.InsurancePays)
		}
		if s.Commission > 0 {
			fmt.Fprintf(&b, ", commission %s", t.money(s.Commission))
		}
	case engine.ResultLose:
		fmt.Fprintf(&b, "%s loses %s", head, t.money(s.Lost))
		if s.Wager == WagerInsurance && t.book.InsuranceLoses != "" && len(s.Notes) == 0 {
			fmt.Fprintf(&b, ": Banker won with 6 (%s)", t.book.InsuranceLoses)
		}
	case engine.ResultPush:
		fmt.Fprintf(&b, "%s stands off, %s returned", head, t.money(s.Returned))
	default:
		fmt.Fprintf(&b, "%s %s returned", head, t.money(s.Returned))
		if s.Reverses != 0 {
			fmt.Fprintf(&b, " (its %s undone)", s.Reverses)
		}
	}
	for _, n := range s.Notes {
		b.WriteString("; " + n.String())
	}
	return b.String()
}

// CommissionText words deferred commission owed or collected: "seat 2 owes $12.50 deferred
// commission (000 10.2.1)", "seat 2: collect deferred commission $12.50 (000 10.2.1(a))".
func (t *Table) CommissionText(c Commission) string {
	if c.Collected != 0 {
		return fmt.Sprintf("%s: collect deferred commission %s (%s)", SeatName(c.Seat), t.money(c.Collected), c.Rule)
	}
	return fmt.Sprintf("%s owes %s deferred commission (%s)", SeatName(c.Seat), t.money(c.Owed), c.Rule)
}
