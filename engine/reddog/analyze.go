package reddog

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/coupboard/coupboard/engine"
)

// Fraction is an exact probability or expectation with its decimal value for reading.
// It marshals to JSON as {"exact":"num/den","value":0.0275}.
type Fraction struct {
	Exact string  `json:"exact"` // num/den in lowest terms
	Value float64 `json:"value"` // the nearest float64
	rat   *big.Rat
}

func fraction(r *big.Rat) Fraction {
	f, _ := r.Float64()
	return Fraction{Exact: r.RatString(), Value: f, rat: new(big.Rat).Set(r)}
}

// Rat is the exact value (a copy).
func (f Fraction) Rat() *big.Rat {
	if f.rat == nil {
		return new(big.Rat)
	}
	return new(big.Rat).Set(f.rat)
}

// Percent is the value in percent with the given number of decimals ("2.7509%").
func (f Fraction) Percent(decimals int) string {
	return new(big.Rat).Mul(f.Rat(), big.NewRat(100, 1)).FloatString(decimals) + "%"
}

// SpreadLine is the exact odds of one kind of first two cards.
type SpreadLine struct {
	Spread Spread `json:"spread"` // 1 to 11, "consecutive" or "pair"
	// Probability is the probability that the first two cards of a round have this spread.
	Probability Fraction `json:"probability"`
	// Win is the probability, given this spread, that the third card wins (strictly between, or
	// three of a kind after a pair); zero when no third card is drawn.
	Win  Fraction `json:"win"`
	Pays *Pays    `json:"pays"` // the payout of a win (8.1.1); null when nothing can win
	// Expectation is the player's expected result per unit of the original wager, given this
	// spread, without raising.
	Expectation Fraction `json:"expectation"`
	// Raise is whether raising the full amount allowed has a positive expectation here; it is
	// never true where the book allows no raise (7.2.2.1, 7.2.3.1).
	Raise bool `json:"raise"`
}

// Analysis is the exact odds of Red Dog under a profile, for a round dealt from a full shoe of
// Decks decks (the burn card, unseen, does not change them). Every figure is a ratio of integer
// counts of ordered card sequences.
type Analysis struct {
	Profile string `json:"profile"`
	Decks   int    `json:"decks"`
	Cards   int    `json:"cards"` // cards in the shoe
	// Spreads are the spreads 1 to 11, then consecutive, then pair.
	Spreads []SpreadLine `json:"spreads"`
	// Trips is the probability that a round is a pair followed by three of a kind.
	Trips Fraction `json:"trips"`
	// RaiseSpreads are the spreads at which the optimal player raises.
	RaiseSpreads []int `json:"raise_spreads"`
	// HouseEdge is the house's expected win per unit of the original wager, never raising.
	HouseEdge Fraction `json:"house_edge"`
	// HouseEdgeRaising is the house's expected win per unit of the original wager when the player
	// raises the full amount allowed (5.4) exactly when that has a positive expectation.
	HouseEdgeRaising Fraction `json:"house_edge_raising"`
	// AverageWager is the expected total wager (original plus raise) per unit of original wager
	// when raising that way.
	AverageWager Fraction `json:"average_wager"`
}

// Analyze is the exact odds of vic-red-dog-1997 dealt from a shoe of decks decks (1 to 64; the
// book's shoe has 8, 3.1). With 8 decks the house edge per original wager is 2.7509% when the
// player raises on spreads of 7 or more.
func Analyze(decks int) (Analysis, error) {
	p := VicRedDog1997()
	p.Decks = decks
	return AnalyzeProfile(p)
}

// AnalyzeProfile is Analyze for any Red Dog profile; it follows the profile's rules through
// Profile.Resolve, the same code that settles rounds at the table.
func AnalyzeProfile(p Profile) (Analysis, error) {
	if err := p.Validate(); err != nil {
		return Analysis{}, fmt.Errorf("analyze: %w", err)
	}
	per := int64(4 * p.Decks)
	total := 52 * int64(p.Decks)
	rep := func(r engine.Rank) engine.Card { return engine.Card{Rank: r} }

	// Spread index: 1..11 for spreads, 0 for consecutive, 12 for a pair.
	const nIdx = 13
	idx := func(s Spread) int {
		if s == Pair {
			return 12
		}
		return int(s)
	}
	var two [nIdx]int64 // ordered first-two-card sequences with this spread
	var won [nIdx]int64 // ... times third cards that win
	ev := make([]*big.Rat, nIdx)
	for i := range ev {
		ev[i] = new(big.Rat) // sum over sequences of three of the net result per unit
	}
	var trips int64
	for r1 := engine.Ace; r1 <= engine.King; r1++ {
		for r2 := engine.Ace; r2 <= engine.King; r2++ {
			w2 := per * per
			if r1 == r2 {
				w2 = per * (per - 1)
			}
			s := p.SpreadOf(rep(r1), rep(r2))
			if s > 11 || s < Pair {
				return Analysis{}, fmt.Errorf("analyze %s: spread %d out of range", p.ID, s)
			}
			i := idx(s)
			two[i] += w2
			if !p.DrawsThird(s) {
				_, o, pays, done, err := p.Resolve([]engine.Card{rep(r1), rep(r2)})
				if err != nil || !done {
					return Analysis{}, fmt.Errorf("analyze %s: %s %s not decided: %v", p.ID, rep(r1), rep(r2), err)
				}
				ev[i].Add(ev[i], netTimes(o, pays, w2*(total-2)))
				continue
			}
			for r3 := engine.Ace; r3 <= engine.King; r3++ {
				left := per
				if r3 == r1 {
					left--
				}
				if r3 == r2 {
					left--
				}
				w3 := w2 * left
				if w3 == 0 {
					continue
				}
				_, o, pays, done, err := p.Resolve([]engine.Card{rep(r1), rep(r2), rep(r3)})
				if err != nil || !done {
					return Analysis{}, fmt.Errorf("analyze %s: %s %s %s not decided: %v", p.ID, rep(r1), rep(r2), rep(r3), err)
				}
				if o == Win {
					won[i] += w3
					if s == Pair {
						trips += w3
					}
				}
				ev[i].Add(ev[i], netTimes(o, pays, w3))
			}
		}
	}

	a := Analysis{Profile: p.ID, Decks: p.Decks, Cards: int(total)}
	seq3 := big.NewRat(total*(total-1)*(total-2), 1)
	seq2 := big.NewRat(total*(total-1), 1)
	edge, edgeRaise, wager := new(big.Rat), new(big.Rat), big.NewRat(1, 1)
	raiseFactor := big.NewRat(100+p.RaisePercent, 100)
	order := []Spread{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, Consecutive, Pair}
	for _, s := range order {
		i := idx(s)
		line := SpreadLine{Spread: s, Probability: fraction(new(big.Rat).Quo(big.NewRat(two[i], 1), seq2))}
		thirds := two[i] * (total - 2)
		if thirds > 0 {
			line.Win = fraction(big.NewRat(won[i], thirds))
			line.Expectation = fraction(new(big.Rat).Quo(ev[i], big.NewRat(thirds, 1)))
		} else {
			line.Win, line.Expectation = fraction(new(big.Rat)), fraction(new(big.Rat))
		}
		if pays := p.SpreadPays(s); s >= 1 && !pays.IsZero() {
			line.Pays = &pays
		} else if s == Pair {
			line.Pays = &p.PaysTrips
		}
		if s == Consecutive && !p.DrawsThird(s) {
			line.Pays = nil
		}
		line.Raise = p.RaiseAllowed(s) && p.RaisePercent > 0 && ev[i].Sign() > 0
		edge.Sub(edge, ev[i])
		if line.Raise {
			a.RaiseSpreads = append(a.RaiseSpreads, int(s))
			edgeRaise.Sub(edgeRaise, new(big.Rat).Mul(ev[i], raiseFactor))
			extra := new(big.Rat).Mul(big.NewRat(p.RaisePercent, 100), new(big.Rat).Quo(big.NewRat(two[i], 1), seq2))
			wager.Add(wager, extra)
		} else {
			edgeRaise.Sub(edgeRaise, ev[i])
		}
		a.Spreads = append(a.Spreads, line)
	}
	a.Trips = fraction(new(big.Rat).Quo(big.NewRat(trips, 1), seq3))
	a.HouseEdge = fraction(edge.Quo(edge, seq3))
	a.HouseEdgeRaising = fraction(edgeRaise.Quo(edgeRaise, seq3))
	a.AverageWager = fraction(wager)
	return a, nil
}

// netTimes is the player's net result per unit wagered on outcome o, times the weight w.
func netTimes(o Outcome, pays Pays, w int64) *big.Rat {
	switch o {
	case Win:
		return big.NewRat(pays.Win*w, pays.Stake)
	case Lose:
		return big.NewRat(-w, 1)
	}
	return new(big.Rat)
}

// RaiseFrom is the smallest spread at which the optimal player raises, or 0 when never.
func (a Analysis) RaiseFrom() int {
	if len(a.RaiseSpreads) == 0 {
		return 0
	}
	return a.RaiseSpreads[0]
}

// Table is the analysis as a table for people to read.
func (a Analysis) Table() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Red Dog %s, %d decks (%d cards): exact odds of a round\n\n", a.Profile, a.Decks, a.Cards)
	fmt.Fprintf(&b, "%-13s %12s %12s %6s %13s  %s\n", "first two", "probability", "third wins", "pays", "player EV/1", "raise")
	for _, l := range a.Spreads {
		name := "spread " + l.Spread.String()
		if l.Spread <= 0 {
			name = l.Spread.String()
		}
		pays := "-"
		if l.Pays != nil {
			pays = l.Pays.String()
		}
		raise := "no"
		if l.Raise {
			raise = "yes"
		}
		fmt.Fprintf(&b, "%-13s %12.8f %12.8f %6s %+13.8f  %s\n", name, l.Probability.Value, l.Win.Value, pays, l.Expectation.Value, raise)
	}
	fmt.Fprintf(&b, "\nthree of a kind (a pair, then trips): %.8f (exact %s)\n", a.Trips.Value, a.Trips.Exact)
	fmt.Fprintf(&b, "house edge per original wager, never raising: %s (exact %s)\n", a.HouseEdge.Percent(4), a.HouseEdge.Exact)
	fmt.Fprintf(&b, "house edge per original wager, raising on spreads %s: %s (exact %s)\n", spreadList(a.RaiseSpreads), a.HouseEdgeRaising.Percent(4), a.HouseEdgeRaising.Exact)
	fmt.Fprintf(&b, "average total wager per original wager when raising so: %.6f\n", a.AverageWager.Value)
	return b.String()
}

// spreadList writes spreads as "7-11", "2, 7-11" or "none".
func spreadList(s []int) string {
	if len(s) == 0 {
		return "none"
	}
	var parts []string
	for i := 0; i < len(s); {
		j := i
		for j+1 < len(s) && s[j+1] == s[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", s[i], s[j]))
		} else {
			parts = append(parts, fmt.Sprint(s[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
