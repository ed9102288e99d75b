package engine

import (
	"fmt"
	"math/big"
)

// Analysis is the exact distribution of baccarat coups dealt from the top of a full shoe of
// Decks decks. Every count is a number of ordered sequences of the first six cards of the shoe
// (the cards a coup may use, 000 8.2-8.3), so they share the denominator Sequences =
// N·(N−1)·…·(N−5) with N = 52·Decks; a coup that uses fewer cards counts every way the unused
// cards can fall. For up to 8 decks Sequences < 5.3·10^15, far inside a uint64: nothing overflows.
type Analysis struct {
	Decks     int    // decks in the shoe
	Sequences uint64 // the denominator
	Banker    uint64 // Banker wins
	Player    uint64 // Player wins
	Tie       uint64 // Ties
	Natural   uint64 // either hand has a two-card 8 or 9 (000 9.1)
	// BankerWinsOn6 counts Banker wins with a total of 6 (paid 1:2 under Banker-6-pays-half).
	BankerWinsOn6 uint64
	// InsuranceOffered counts coups where Insurance/No 6 is offered: Banker's first two total 6
	// and Player must draw (000 1.1); InsuranceLoses those the Banker then wins with 6.
	InsuranceOffered, InsuranceLoses uint64
}

// MaxAnalyzeDecks is the largest shoe Analyze accepts; every count then fits in a uint64.
const MaxAnalyzeDecks = 8

// Analyze computes the exact Analysis of a shoe of decks decks (1 to MaxAnalyzeDecks). It runs
// over card point values 0-9 with their multiplicities (16 zeros and 4 of each other value per
// deck), not over cards, and applies the tableau of PlayerDraws and BankerDraws.
func Analyze(decks int) (Analysis, error) {
	if decks < 1 || decks > MaxAnalyzeDecks {
		return Analysis{}, fmt.Errorf("analyze %d decks: want 1 to %d", decks, MaxAnalyzeDecks)
	}
	var cnt [10]uint64
	cnt[0] = uint64(16 * decks)
	for v := 1; v < 10; v++ {
		cnt[v] = uint64(4 * decks)
	}
	n := uint64(52 * decks)
	a := Analysis{Decks: decks}
	// tail[k] is the number of orderings of the cards after the k-th: (N−k)·…·(N−5).
	var tail [7]uint64
	tail[6] = 1
	for k := 5; k >= 0; k-- {
		tail[k] = tail[k+1] * (n - uint64(k))
	}
	a.Sequences = tail[0]
	for p1 := 0; p1 < 10; p1++ {
		w1 := cnt[p1]
		cnt[p1]--
		for b1 := 0; b1 < 10; b1++ {
			w2 := w1 * cnt[b1]
			if w2 == 0 {
				continue
			}
			cnt[b1]--
			for p2 := 0; p2 < 10; p2++ {
				w3 := w2 * cnt[p2]
				if w3 == 0 {
					continue
				}
				cnt[p2]--
				for b2 := 0; b2 < 10; b2++ {
					w4 := w3 * cnt[b2]
					if w4 == 0 {
						continue
					}
					cnt[b2]--
					a.afterDeal((p1+p2)%10, (b1+b2)%10, w4, &cnt, &tail)
					cnt[b2]++
				}
				cnt[p2]++
			}
			cnt[b1]++
		}
		cnt[p1]++
	}
	return a, nil
}

// afterDeal finishes a coup after the initial four cards (weight w4 sequences of four cards).
func (a *Analysis) afterDeal(pt, bt int, w4 uint64, cnt *[10]uint64, tail *[7]uint64) {
	if IsNatural(pt) || IsNatural(bt) {
		a.Natural += w4 * tail[4]
		a.record(pt, bt, w4*tail[4], false)
		return
	}
	if !PlayerDraws(pt) {
		if !BankerDraws(bt, false, Card{}) {
			a.record(pt, bt, w4*tail[4], false)
			return
		}
		for b3 := 0; b3 < 10; b3++ {
			if cnt[b3] == 0 {
				continue
			}
			a.record(pt, (bt+b3)%10, w4*cnt[b3]*tail[5], false)
		}
		return
	}
	offered := bt == 6 // and Player draws: Insurance/No 6 is open (000 1.1)
	for p3 := 0; p3 < 10; p3++ {
		w5 := w4 * cnt[p3]
		if w5 == 0 {
			continue
		}
		cnt[p3]--
		np := (pt + p3) % 10
		if !BankerDraws(bt, true, pointCard(p3)) {
			a.record(np, bt, w5*tail[5], offered)
		} else {
			for b3 := 0; b3 < 10; b3++ {
				if cnt[b3] == 0 {
					continue
				}
				a.record(np, (bt+b3)%10, w5*cnt[b3], offered)
			}
		}
		cnt[p3]++
	}
}

// pointCard is a card of point value v, for the tableau (a 0 is a ten).
func pointCard(v int) Card {
	if v == 0 {
		return Card{Rank: Ten}
	}
	return Card{Rank: Rank(v)}
}

func (a *Analysis) record(pt, bt int, w uint64, offered bool) {
	switch Decide(pt, bt) {
	case Banker:
		a.Banker += w
		if bt == 6 {
			a.BankerWinsOn6 += w
			if offered {
				a.InsuranceLoses += w
			}
		}
	case Player:
		a.Player += w
	default:
		a.Tie += w
	}
	if offered {
		a.InsuranceOffered += w
	}
}

// Probability is a count over the Analysis denominator as an exact fraction.
func (a Analysis) Probability(count uint64) *big.Rat {
	if a.Sequences == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(new(big.Int).SetUint64(count), new(big.Int).SetUint64(a.Sequences))
}

// WagerEdge is the house edge of one wager: the casino's expected gain per unit wagered,
// counting a push as a wager returned.
type WagerEdge struct {
	Wager string   // "Banker", "Player", "Tie", "Insurance/No 6"
	Pays  string   // the payout as the book words it
	Rule  string   // the rule numbers
	Edge  *big.Rat // exact; negative when the wager favours the player
}

// Edges is the house edge of every wager the rules offer: Player, Banker (as the rules pay
// it), Tie, and Insurance/No 6 where offered (per insurance wager placed, i.e. given that it was
// offered). The table differential's extra commission (000 7.5) is not included.
func (a Analysis) Edges(rules SettlementRules) []WagerEdge {
	tot := bi(a.Sequences)
	ev := func(num *big.Int, den *big.Int) *big.Rat { // edge = −EV
		return new(big.Rat).SetFrac(new(big.Int).Neg(num), den)
	}
	b, p, t := bi(a.Banker), bi(a.Player), bi(a.Tie)
	var out []WagerEdge
	out = append(out, WagerEdge{Wager: "Player", Pays: "1:1", Rule: "000 10.1, 001 8.6(a), 002 5.7(a), 004 5.10(a)",
		Edge: ev(new(big.Int).Sub(p, b), tot)})
	if rules.Banker == BankerSixPaysHalf {
		// 2·EV·total = 2·(B − B6) + B6 − 2·P
		b6 := bi(a.BankerWinsOn6)
		num := new(big.Int).Sub(new(big.Int).Mul(big.NewInt(2), b), b6)
		num.Sub(num, new(big.Int).Mul(big.NewInt(2), p))
		out = append(out, WagerEdge{Wager: "Banker", Pays: "1:1, a win on 6 pays 1:2", Rule: "000 1.1, 001 8.7(b), 004 5.11",
			Edge: ev(num, new(big.Int).Mul(big.NewInt(2), tot))})
	} else {
		c := big.NewInt(int64(rules.Commission))
		num := new(big.Int).Mul(b, new(big.Int).Sub(big.NewInt(10000), c))
		num.Sub(num, new(big.Int).Mul(p, big.NewInt(10000)))
		out = append(out, WagerEdge{Wager: "Banker", Pays: "1:1 less " + formatBP(rules.Commission) + " commission", Rule: "000 10.1, 001 8.6(b), 002 5.7(b), 004 5.10(b)",
			Edge: ev(num, new(big.Int).Mul(big.NewInt(10000), tot))})
	}
	odds := big.NewInt(rules.TieOdds)
	num := new(big.Int).Mul(t, odds)
	num.Sub(num, new(big.Int).Add(b, p))
	out = append(out, WagerEdge{Wager: "Tie", Pays: fmt.Sprintf("%d:1", rules.TieOdds), Rule: "000 10.1, 001 8.6(c), 002 5.7(c), 004 5.10(c)", Edge: ev(num, tot)})
	if rules.InsuranceNo6 && a.InsuranceOffered > 0 {
		lose := bi(a.InsuranceLoses)
		win := new(big.Int).Sub(bi(a.InsuranceOffered), lose)
		num := new(big.Int).Mul(win, big.NewInt(rules.InsuranceOdds))
		num.Sub(num, lose)
		out = append(out, WagerEdge{Wager: "Insurance/No 6", Pays: fmt.Sprintf("%d:1", rules.InsuranceOdds), Rule: "000 1.1, 10.1",
			Edge: ev(num, bi(a.InsuranceOffered))})
	}
	return out
}

func bi(u uint64) *big.Int { return new(big.Int).SetUint64(u) }
