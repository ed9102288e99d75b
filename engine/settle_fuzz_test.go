package engine

import (
	"strings"
	"testing"
)

// fuzzRules picks one book's rules from a byte, with fuzzed table amounts.
func fuzzRules(sel uint8, chip, dmin, dmax int64) SettlementRules {
	var r SettlementRules
	switch sel % 7 {
	case 0:
		r, _ = SettlementVic2002("traditional", false, true)
	case 1:
		r, _ = SettlementVic2002("crown", true, true)
	case 2:
		r, _ = SettlementACT2012("A")
	case 3:
		r, _ = SettlementACT2012("B")
	case 4:
		r = SettlementNZ1998()
	case 5:
		r = SettlementNZ(false)
	default:
		r = SettlementNZ(true)
	}
	r.SmallestChip, r.DifferentialMin, r.DifferentialMax = chip, dmin, dmax
	return r
}

// FuzzSettle: Settle never panics, and whatever it accepts conserves money: the wager is
// returned or lost, a win is paid or taken in commission, nothing is paid on a loss, and the
// valid part never exceeds the wager.
func FuzzSettle(f *testing.F) {
	f.Add(uint8(0), uint8(2), int64(2500), int64(100), int64(0), int64(0), int64(0), int64(0), int64(0), int64(0), uint8(3), uint8(7), uint8(7), uint8(3), 1, false)
	f.Add(uint8(1), uint8(4), int64(5000), int64(100), int64(0), int64(0), int64(0), int64(0), int64(0), int64(10000), uint8(2), uint8(6), uint8(6), uint8(3), 0, false)
	f.Add(uint8(4), uint8(2), int64(2500), int64(100), int64(0), int64(1000), int64(1000), int64(100000), int64(500), int64(0), uint8(1), uint8(7), uint8(7), uint8(2), 2, false)
	f.Add(uint8(0), uint8(1), int64(400000), int64(100), int64(100000), int64(300000), int64(2500), int64(500000), int64(500), int64(0), uint8(8), uint8(5), uint8(5), uint8(2), 3, true)
	f.Add(uint8(6), uint8(2), int64(2500), int64(100), int64(0), int64(0), int64(0), int64(0), int64(0), int64(0), uint8(5), uint8(6), uint8(6), uint8(2), 0, false)
	f.Fuzz(func(t *testing.T, sel, kind uint8, amount, chip, dmin, dmax, min, max, mult, covers int64, pt, bt, bf2, pc uint8, seat int, deferC bool) {
		rules := fuzzRules(sel, chip, dmin, dmax)
		w := Wager{Seat: seat, Kind: WagerKind(kind % 6), Amount: amount, Limit: WagerLimit{Min: min, Max: max, Multiple: mult}, Covers: covers, DeferCommission: deferC}
		o := Outcome{PlayerTotal: int(pt % 11), BankerTotal: int(bt % 11), BankerFirstTwo: int(bf2 % 10), PlayerCards: 2 + int(pc%2)}
		o.Winner = Decide(o.PlayerTotal, o.BankerTotal)
		if pc%7 == 0 {
			o.Winner = WinnerNone
		}
		s, err := Settle(w, o, rules)
		if err != nil {
			return
		}
		if s.Valid < 0 || s.Valid > w.Amount || s.Valid+s.Void != w.Amount {
			t.Fatalf("valid %d void %d of %d", s.Valid, s.Void, w.Amount)
		}
		if w.Amount != s.Returned+s.Lost || s.Net != s.Paid-s.Lost {
			t.Fatalf("money not conserved: %+v", s)
		}
		if s.Won != s.Paid+s.Commission && !(s.DeferredCommission > 0 && s.Won == s.Paid) {
			t.Fatalf("win not conserved: %+v", s)
		}
		if s.Paid < 0 || s.Commission < 0 || s.DeferredCommission < 0 || s.Lost < 0 {
			t.Fatalf("negative amount: %+v", s)
		}
		if s.Result != ResultWin && (s.Paid != 0 || s.Won != 0) {
			t.Fatalf("paid on a %s: %+v", s.Result, s)
		}
		if s.Result == ResultWin && s.Paid == 0 && s.DeferredCommission == 0 {
			t.Fatalf("a win paid nothing: %+v", s)
		}
		if rules.Inexact == InexactPayUp && s.Result == ResultWin && s.DeferredCommission == 0 && s.Paid%rules.SmallestChip != 0 {
			t.Fatalf("vic payout %d not in chips of %d (000 7.3.3)", s.Paid, rules.SmallestChip)
		}
		if rules.Inexact == InexactBankerValidPart && rules.Banker == BankerCommission && w.Kind == WagerBanker && s.Result == ResultWin && s.Paid%rules.SmallestChip != 0 {
			t.Fatalf("nz Banker payout %d not in chips of %d (002 5.8)", s.Paid, rules.SmallestChip)
		}
		if ChipExact(w, rules) && s.Result == ResultWin && s.Valid == w.Amount && hasText(s.Notes, "cannot be paid exactly") {
			t.Fatalf("a chip-exact wager was rounded: %+v", s)
		}
		if rules.Inexact == InexactBankerValidPart && rules.Banker == BankerCommission && w.Kind == WagerBanker && w.Limit == (WagerLimit{}) && s.Valid != PayablePart(w, rules) {
			t.Fatalf("nz valid part %d, PayablePart %d", s.Valid, PayablePart(w, rules))
		}
		if w.Limit.Max > 0 && s.Valid > w.Limit.Max {
			t.Fatalf("valid %d over the maximum %d", s.Valid, w.Limit.Max)
		}
	})
}

// FuzzReduceForDifferential: the reduction never panics, never raises a wager, keeps every
// reduced wager in chips, and leaves the differential (nz) or each hand's total (vic) within the limit.
func FuzzReduceForDifferential(f *testing.F) {
	f.Add(uint8(4), int64(100), int64(0), int64(1000), []byte{1, 30, 1, 10, 0, 10, 2, 50})
	f.Add(uint8(0), int64(100), int64(5000), int64(0), []byte{0, 40, 0, 40, 1, 30})
	f.Fuzz(func(t *testing.T, sel uint8, chip, dmin, dmax int64, spec []byte) {
		rules := fuzzRules(sel, chip, dmin, dmax)
		if chip < 1 || chip > 1_000_000 {
			return
		}
		var ws []Wager // wagers are in chips, as Settle requires (000 6.1)
		for i := 0; i+1 < len(spec) && len(ws) < 64; i += 2 {
			ws = append(ws, Wager{Kind: WagerKind(1 + spec[i]%3), Amount: int64(spec[i+1]) * chip})
		}
		p0, b0, _ := handTotals(ws)
		d, err := ReduceForDifferential(ws, rules)
		if err != nil {
			return
		}
		var p, b int64
		for i, rw := range d.Wagers {
			if rw.Wager.Amount < 0 || rw.Wager.Amount > ws[i].Amount || rw.Wager.Amount+rw.Void != ws[i].Amount {
				t.Fatalf("wager %d: %+v from %+v", i, rw, ws[i])
			}
			if rw.Void > 0 && rw.Wager.Amount%rules.SmallestChip != 0 {
				t.Fatalf("reduced wager %d not in chips of %d", rw.Wager.Amount, rules.SmallestChip)
			}
			switch rw.Wager.Kind {
			case WagerPlayer:
				p += rw.Wager.Amount
			case WagerBanker:
				b += rw.Wager.Amount
			}
		}
		if p != d.Player || b != d.Banker {
			t.Fatalf("totals %d/%d, reported %d/%d", p, b, d.Player, d.Banker)
		}
		// within reports whether a reduced total is at most target and within one chip of it,
		// or untouched when it was already within.
		within := func(before, after, target int64) bool {
			if before <= target {
				return after == before
			}
			return after <= target && after > target-rules.SmallestChip
		}
		switch rules.Reduction {
		case ReductionProRataHand:
			if lim := rules.DifferentialMax; lim > 0 {
				if !within(b0, b, p0+lim) && !within(p0, p, b0+lim) {
					t.Fatalf("nz: %d/%d reduced to %d/%d with maximum differential %d, chip %d", p0, b0, p, b, lim, rules.SmallestChip)
				}
			}
		case ReductionProRataAll:
			if lim := rules.DifferentialMin; lim > 0 && (!within(p0, p, lim) || !within(b0, b, lim)) {
				t.Fatalf("vic: %d/%d reduced to %d/%d with minimum differential %d, chip %d", p0, b0, p, b, lim, rules.SmallestChip)
			}
		}
	})
}

func hasText(notes []Note, text string) bool {
	for _, n := range notes {
		if strings.Contains(n.Text, text) {
			return true
		}
	}
	return false
}
