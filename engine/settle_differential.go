package engine

import (
	"fmt"
	"math/bits"
	"sort"
)

// ReducedWager is one wager after a differential reduction: the wager with its new amount,
// and the amount that was void and returned.
type ReducedWager struct {
	Wager Wager // the wager with its reduced amount
	Void  int64 // cents returned to the player
}

// DifferentialReduction is the result of ReduceForDifferential over the wagers of a coup.
type DifferentialReduction struct {
	Wagers  []ReducedWager // in the order given; Wager.Amount is the reduced amount
	Player  int64          // total on Player after the reduction
	Banker  int64          // total on Banker after the reduction
	Reduced bool           // whether any wager was reduced
	Notes   []Note         // the rule applied, with its number
}

// Differential is |total on Banker − total on Player| over the wagers of a coup (000 7.2).
func Differential(wagers []Wager) (int64, error) {
	p, b, err := handTotals(wagers)
	if err != nil {
		return 0, err
	}
	if b > p {
		return b - p, nil
	}
	return p - b, nil
}

func handTotals(wagers []Wager) (p, b int64, err error) {
	for i, w := range wagers {
		if w.Amount < 0 || w.Amount > maxCents {
			return 0, 0, fmt.Errorf("wager %d: amount %d out of range", i, w.Amount)
		}
		switch w.Kind {
		case WagerPlayer:
			p += w.Amount
		case WagerBanker:
			b += w.Amount
		}
		if p > 1<<62 || b > 1<<62 {
			return 0, 0, fmt.Errorf("wager totals out of range")
		}
	}
	return p, b, nil
}

// ReduceForDifferential applies the book's pro rata reduction, which the dealer may choose to
// apply to all the wagers of a coup before settlement:
//
//   - ReductionProRataAll (vic 000 7.4): each hand whose total exceeds DifferentialMin has all
//     its wagers reduced pro rata so that its total does not exceed DifferentialMin;
//   - ReductionProRataHand (nz 002 5.14, 004 5.18): when |Banker − Player| exceeds
//     DifferentialMax, the wagers on the heavier hand are reduced pro rata so that it does not;
//   - ReductionNone (act): an error, the book has no reduction rule.
//
// Each reduced wager is rounded down to the smallest chip, so the limit is never exceeded; the
// difference is void and returned. Tie and Insurance wagers are not touched. Wagers with a
// differential within the limit are returned unchanged.
func ReduceForDifferential(wagers []Wager, rules SettlementRules) (DifferentialReduction, error) {
	if err := rules.Validate(); err != nil {
		return DifferentialReduction{}, err
	}
	p, b, err := handTotals(wagers)
	if err != nil {
		return DifferentialReduction{}, fmt.Errorf("reduce for differential: %w", err)
	}
	out := DifferentialReduction{Player: p, Banker: b}
	for _, w := range wagers {
		out.Wagers = append(out.Wagers, ReducedWager{Wager: w})
	}
	switch rules.Reduction {
	case ReductionNone:
		return DifferentialReduction{}, fmt.Errorf("reduce for differential: this book has no reduction rule (001 3.6-3.7)")
	case ReductionProRataAll:
		lim := rules.DifferentialMin
		if lim == 0 {
			return out, nil
		}
		for _, k := range []WagerKind{WagerPlayer, WagerBanker} {
			total := p
			if k == WagerBanker {
				total = b
			}
			if total > lim {
				nt := out.scale(k, total, lim, rules.SmallestChip)
				out.note("000 7.4", fmt.Sprintf("%s total %s exceeds the minimum table differential %s: all %s wagers reduced pro rata to %s",
					k, rules.Currency.Amount(total), rules.Currency.Amount(lim), k, rules.Currency.Amount(nt)))
			}
		}
	case ReductionProRataHand:
		lim := rules.DifferentialMax
		if lim == 0 {
			return out, nil
		}
		heavy, total, light := WagerBanker, b, p
		if p > b {
			heavy, total, light = WagerPlayer, p, b
		}
		if total-light > lim {
			nt := out.scale(heavy, total, light+lim, rules.SmallestChip)
			out.note("002 5.14, 004 5.18", fmt.Sprintf("differential %s exceeds the maximum %s: %s wagers reduced pro rata from %s to %s",
				rules.Currency.Amount(total-light), rules.Currency.Amount(lim), heavy, rules.Currency.Amount(total), rules.Currency.Amount(nt)))
		}
	}
	return out, nil
}

// scale reduces every wager of kind k from a hand total to at most target: each wager is
// rounded down to the chip, then the chips lost to rounding are handed back one at a time, to
// the wagers with the largest remainders first (in order on equal remainders), while the total
// stays within target and no wager exceeds what was placed. It returns the new total.
func (d *DifferentialReduction) scale(k WagerKind, total, target, chip int64) int64 {
	type share struct {
		i   int
		rem uint64
	}
	var shares []share
	var nt int64
	for i := range d.Wagers {
		w := &d.Wagers[i]
		if w.Wager.Kind != k || w.Wager.Amount == 0 {
			continue
		}
		// amount·target/total without overflow: amount ≤ total, so the quotient fits.
		hi, lo := bits.Mul64(uint64(w.Wager.Amount), uint64(target))
		q, r := bits.Div64(hi, lo, uint64(total))
		n := int64(q) / chip * chip
		// the remainder in units of 1/total cent, for ordering the handed-back chips
		hi2, lo2 := bits.Mul64(uint64(int64(q)-n), uint64(total))
		rem, carry := bits.Add64(lo2, r, 0)
		if hi2 != 0 || carry != 0 {
			rem = ^uint64(0)
		}
		shares = append(shares, share{i, rem})
		w.Void = w.Wager.Amount - n
		w.Wager.Amount = n
		nt += n
	}
	sort.SliceStable(shares, func(a, b int) bool { return shares[a].rem > shares[b].rem })
	for _, sh := range shares {
		w := &d.Wagers[sh.i]
		if nt+chip > target || w.Void < chip {
			continue
		}
		w.Wager.Amount += chip
		w.Void -= chip
		nt += chip
	}
	for _, sh := range shares {
		if d.Wagers[sh.i].Void > 0 {
			d.Reduced = true
		}
	}
	if k == WagerPlayer {
		d.Player = nt
	} else {
		d.Banker = nt
	}
	return nt
}

func (d *DifferentialReduction) note(rule, text string) {
	d.Notes = append(d.Notes, Note{Rule: rule, Text: text})
}
