package engine

import "testing"

// TestMethodACT2012 reads back the method SettlementACT2012 was given (001 8.1, 8.6, 8.7), and
// names none for a payout that is no method.
func TestMethodACT2012(t *testing.T) {
	for _, method := range []string{"A", "B"} {
		r, err := SettlementACT2012(method)
		if err != nil {
			t.Fatal(err)
		}
		if got := MethodACT2012(r.Banker); got != method {
			t.Errorf("method %s: payout %v reads back as %q", method, r.Banker, got)
		}
	}
	if got := MethodACT2012(0); got != "" {
		t.Errorf("no payout: %q, want none", got)
	}
}
