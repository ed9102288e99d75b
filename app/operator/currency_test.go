package operator

import (
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
)

// snapshotCounter is a Table that keeps what the session sends and counts the snapshots taken
// of it (each a whole table's state, read on the loop's goroutine); its snapshot names no
// currency, as one taken of a table that did not answer does.
type snapshotCounter struct {
	recording
	snapshots int
}

func (r *snapshotCounter) Snapshot() view.Operator { r.snapshots++; return view.Operator{} }

// TestActionReasonInTheTablesCurrency: an action sent with no reason of the operator's is
// journalled with its name as the reason, its amounts in the table's currency as the engine's
// words are ("CNY 12.50", never "$12.50" at a yuan table): the currency the session was given
// at its start, from the table's setup, with no snapshot of the table taken for it.
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
		tbl := &snapshotCounter{}
		s, err := NewSession(g, tbl, tc.symbol, func() time.Time { return at })
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
		if tbl.snapshots != 0 {
			t.Errorf("%q table: %d snapshots of the table taken for the reasons' currency, want none", tc.symbol, tbl.snapshots)
		}
	}
}
