package i18n

import (
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

// TestReasonInTheTablesCurrency: the engine writes a reason's amounts in the table's currency
// (engine.Currency.Amount), and a journal written before it did holds them in dollars; both
// are worded alike, the amounts as the sign writes them in the table's currency, the rule kept.
func TestReasonInTheTablesCurrency(t *testing.T) {
	reason := func(cur engine.Currency) string {
		return "over the maximum " + cur.Amount(500000) + ": settled to the maximum, " + cur.Amount(-25050) + " void (000 7.3.2, 001 3.5)"
	}
	for _, cur := range []engine.Currency{"MOP$", "CNY ", "¥", engine.Dollars} {
		for _, lang := range Langs() {
			c, err := New(lang)
			if err != nil {
				t.Fatal(err)
			}
			now, then := c.Reason(reason(cur), string(cur)), c.Reason(reason(engine.Dollars), string(cur))
			if now != then {
				t.Errorf("%s at a %q table: %q worded %q, the old journal's %q worded %q", lang, cur, reason(cur), now, reason(engine.Dollars), then)
			}
			for _, w := range []string{engine.FormatMoney(500000, string(cur)), engine.FormatMoney(-25050, string(cur)), "(000 7.3.2, 001 3.5)"} {
				if !strings.Contains(now, w) {
					t.Errorf("%s at a %q table: %q worded %q: no %q", lang, cur, reason(cur), now, w)
				}
			}
			if cur != "MOP$" && cur != engine.Dollars && strings.Contains(now, "$") {
				t.Errorf("%s at a %q table: %q worded %q with a dollar", lang, cur, reason(cur), now)
			}
		}
	}
}
