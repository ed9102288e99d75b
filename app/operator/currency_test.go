package operator

import (
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
)

// inCurrency is a Table of a currency that keeps what the session sends.
type inCurrency struct {
	recording
	symbol string
}

func (r *inCurrency) Snapshot() view.Operator { return view.Operator{Currency: r.symbol} }

// TestActionReasonInTheTablesCurrency: an action sent with no reason of the operator's is
// journalled with its name as the reason, its amounts in the table's currency as the engine's
// words are ("CNY 12.50", never "$12.50" at a yuan table).
func TestActionReasonInTheTablesCurrency(t *testing.T) {
	dealer, super := rolePINs(t)
	at := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	for _, tc := range []struct{ symbol, want string }{
		{"CNY ", "CNY 12.50"}, {"MOP$", "MOP$12.50"}, {"$", "$12.50"}, {"", "12.50"},
	} {
		g, err := access.NewGuard(dealer, super, 5, 5*time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		tbl := &inCurrency{symbol: tc.symbol}
		s, err := NewSession(g, tbl, func() time.Time { return at })
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.SignIn("1", "2468"); err != nil {
			t.Fatal(err)
		}
		// The actions of this package give their reasons; an action with none (as a new one may
		// be) is journalled with its name.
		for _, a := range []Action{DeferAction(3, 1250), InsuranceAction(3, 1250, 2500)} {
			a.Reason = ""
			if _, err := s.Do(a); err != nil {
				t.Fatal(err)
			}
			var last table.Msg
			if n := len(tbl.msgs); n > 0 {
				last = tbl.msgs[n-1]
			}
			if !strings.Contains(last.Reason, tc.want) || !strings.Contains(tc.symbol, "$") && strings.Contains(last.Reason, "$") {
				t.Errorf("%q table: %s journalled with the reason %q, want %s in it", tc.symbol, a.Name, last.Reason, tc.want)
			}
		}
	}
}
