package pitmodel

import (
	"testing"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
)

// TestPaceAndSignInsReachTheTable: the hands per hour of a table's last round with a result
// and its last sign-in or sign-out are on its Table; a round voided after the fact leaves the
// count (TestHandsPerHourLeavesVoidedRounds).
func TestPaceAndSignInsReachTheTable(t *testing.T) {
	b := New(Config{})
	mustApply(t, b, started("T1", 1, 1), t0)
	r := round("T1", 2, 1, 1, "B", "")
	r.Pace = &pitwire.Pace{HandsPerHour: 58}
	mustApply(t, b, r, t0)
	in := rec("T1", 3, pitwire.TypeAccess, 1)
	in.Access = &pitwire.Access{Event: pitwire.AccessSignIn, Outcome: pitwire.OutcomeGranted, Role: pitwire.RoleDealer, Person: "D1234"}
	mustApply(t, b, in, t0)
	void := rec("T1", 4, pitwire.TypeRound, 1)
	void.Round = &pitwire.Round{N: 1, Kind: engine.KindCancelled}
	mustApply(t, b, void, t0)
	tb, _ := b.Table("T1")
	if tb.HandsPerHour != 57 || tb.Signed == nil || tb.Signed.Person != "D1234" || tb.Signed.Role != pitwire.RoleDealer {
		t.Fatalf("table %+v, signed %+v", tb, tb.Signed)
	}
	out := rec("T1", 5, pitwire.TypeAccess, 1)
	out.Access = &pitwire.Access{Event: pitwire.AccessSignOut, Role: pitwire.RoleDealer, Person: "D1234", Reason: "idle"}
	r = round("T1", 6, 1, 2, "P", "")
	r.Pace = &pitwire.Pace{HandsPerHour: 61}
	mustApply(t, b, out, t0)
	mustApply(t, b, r, t0)
	if tb.HandsPerHour != 61 || tb.Signed.Event != pitwire.AccessSignOut {
		t.Fatalf("after the sign-out and another round: %d hands per hour, signed %+v", tb.HandsPerHour, tb.Signed)
	}
}
