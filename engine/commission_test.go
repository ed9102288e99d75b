package engine

import "testing"

func TestCommissionLedger(t *testing.T) {
	var l CommissionLedger
	if err := l.ReadyForNextShoe(Dollars); err != nil {
		t.Fatal(err)
	}
	for _, d := range []struct {
		seat int
		c    int64
	}{{3, 125}, {1, 500}, {3, 500}, {7, 25}} {
		if err := l.Defer(d.seat, d.c); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Defer(0, 100); err == nil {
		t.Error("standing player deferral accepted")
	}
	if err := l.Defer(2, -1); err == nil {
		t.Error("negative deferral accepted")
	}
	m := l.Markers()
	if len(m) != 3 || m[0] != (CommissionMarker{1, 500}) || m[1] != (CommissionMarker{3, 625}) || m[2] != (CommissionMarker{7, 25}) {
		t.Fatalf("markers %v", m)
	}
	if l.ReadyForNextShoe(Dollars) == nil {
		t.Error("next shoe allowed with commission owed (000 10.2.1(a))")
	}
	c, err := l.Collect(7, CollectLeaving)
	if err != nil || c.Amount != 25 || l.Owed(7) != 0 {
		t.Fatalf("collect leaving: %+v %v", c, err)
	}
	if _, err := l.Collect(7, CollectOnRequest); err == nil {
		t.Error("second collection accepted")
	}
	if _, err := l.Collect(3, CollectEndOfShoe); err == nil {
		t.Error("Collect with end of shoe accepted")
	}
	end := l.EndOfShoe()
	if len(end) != 2 || end[0].Seat != 1 || end[1].Amount != 625 || end[1].Reason != CollectEndOfShoe || l.Total() != 0 {
		t.Fatalf("end of shoe %+v", end)
	}
	if err := l.ReadyForNextShoe(Dollars); err != nil {
		t.Fatal(err)
	}
}
