package reddog

import (
	"encoding/json"
	"math/big"
	"slices"
	"strings"
	"testing"
)

// TestAnalyzePublished: with 8 decks the published house edge of Red Dog is 2.75% per initial
// wager when the player raises on spreads of 7 or more. The exact figure is
// 30721/1116765 = 2.750892...%: it matches the published 2.75% to within 0.001 percentage
// points (the difference is 0.00089), well inside the published figure's rounding of 0.005.
func TestAnalyzePublished(t *testing.T) {
	a, err := Analyze(8)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.RaiseSpreads, []int{7, 8, 9, 10, 11}) || a.RaiseFrom() != 7 {
		t.Errorf("raise on spreads %v; want 7 to 11", a.RaiseSpreads)
	}
	edge := a.HouseEdgeRaising.Rat()
	diff := new(big.Rat).Sub(edge, big.NewRat(275, 10000))
	if diff.Abs(diff).Cmp(big.NewRat(1, 100000)) >= 0 {
		t.Errorf("house edge raising on 7+ = %s (%s); want 2.75%% within 0.001 percentage points", a.HouseEdgeRaising.Percent(6), a.HouseEdgeRaising.Exact)
	}
	if a.HouseEdgeRaising.Exact != "30721/1116765" || a.HouseEdgeRaising.Percent(4) != "2.7509%" {
		t.Errorf("house edge raising = %s = %s; want 30721/1116765 = 2.7509%%", a.HouseEdgeRaising.Exact, a.HouseEdgeRaising.Percent(4))
	}
	if a.HouseEdge.Cmp(a.HouseEdgeRaising) <= 0 {
		t.Errorf("raising does not lower the edge: %s vs %s", a.HouseEdge.Exact, a.HouseEdgeRaising.Exact)
	}
	table := a.Table()
	t.Log("\n" + table)
	for _, want := range []string{"2.7509%", "spreads 7-11", "spread 11", "consecutive", "pair", "11:1"} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %q:\n%s", want, table)
		}
	}
	b, err := json.Marshal(a)
	if err != nil || !strings.Contains(string(b), `"house_edge_raising":{"exact":"30721/1116765"`) {
		t.Errorf("json %s, %v", b, err)
	}
}

// Cmp compares two fractions exactly.
func (f Fraction) Cmp(g Fraction) int { return f.Rat().Cmp(g.Rat()) }

// TestAnalyzeClosedForm checks every probability against the closed forms for n = 4d cards of a
// rank in N = 52d: P(spread s) = 2(12-s)n²/(N(N-1)); P(no spread) = 24n²/(N(N-1));
// P(pair) = 13n(n-1)/(N(N-1)); P(win | spread s) = sn/(N-2); P(trips | pair) = (n-2)/(N-2).
func TestAnalyzeClosedForm(t *testing.T) {
	for d := int64(1); d <= 8; d++ {
		a, err := Analyze(int(d))
		if err != nil {
			t.Fatal(err)
		}
		n, N := 4*d, 52*d
		two := N * (N - 1)
		sum := new(big.Rat)
		for _, l := range a.Spreads {
			var p, w *big.Rat
			switch s := int64(l.Spread); {
			case l.Spread == Pair:
				p, w = big.NewRat(13*n*(n-1), two), big.NewRat(n-2, N-2)
			case l.Spread == Consecutive:
				p, w = big.NewRat(24*n*n, two), new(big.Rat)
			default:
				p, w = big.NewRat(2*(12-s)*n*n, two), big.NewRat(s*n, N-2)
			}
			if l.Probability.Rat().Cmp(p) != 0 || l.Win.Rat().Cmp(w) != 0 {
				t.Errorf("%d decks, %s: P %s win %s; want %s %s", d, l.Spread, l.Probability.Exact, l.Win.Exact, p.RatString(), w.RatString())
			}
			sum.Add(sum, l.Probability.Rat())
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%d decks: probabilities sum to %s", d, sum.RatString())
		}
		trips := big.NewRat(13*n*(n-1)*(n-2), N*(N-1)*(N-2))
		if a.Trips.Rat().Cmp(trips) != 0 {
			t.Errorf("%d decks: trips %s, want %s", d, a.Trips.Exact, trips.RatString())
		}
	}
}

// TestAnalyzeBruteForce deals every ordered sequence of three physical cards of a one-deck shoe
// (52·51·50) under the rules written out plainly here, and compares both house edges exactly.
func TestAnalyzeBruteForce(t *testing.T) {
	value := func(i int) int { return i%13 + 2 } // 2..14, ace high
	pays := func(spread int) int64 {
		switch spread {
		case 1:
			return 5
		case 2:
			return 4
		case 3:
			return 2
		}
		return 1
	}
	var net [12]int64 // by spread; index 0 unused (no spread is 0 net)
	var pairNet int64
	var count int64
	for i := 0; i < 52; i++ {
		for j := 0; j < 52; j++ {
			if j == i {
				continue
			}
			for k := 0; k < 52; k++ {
				if k == i || k == j {
					continue
				}
				count++
				a, b, c := value(i), value(j), value(k)
				switch {
				case a == b:
					if c == a {
						pairNet += 11
					}
				case a-b == 1 || b-a == 1:
				default:
					s := max(a, b) - min(a, b) - 1
					if c > min(a, b) && c < max(a, b) {
						net[s] += pays(s)
					} else {
						net[s]--
					}
				}
			}
		}
	}
	plain, raising := pairNet, pairNet
	for s := 1; s <= 11; s++ {
		plain += net[s]
		if net[s] > 0 {
			raising += 2 * net[s]
		} else {
			raising += net[s]
		}
	}
	a, err := Analyze(1)
	if err != nil {
		t.Fatal(err)
	}
	if want := big.NewRat(-plain, count); a.HouseEdge.Rat().Cmp(want) != 0 {
		t.Errorf("1 deck, no raise: %s, brute force %s", a.HouseEdge.Exact, want.RatString())
	}
	if want := big.NewRat(-raising, count); a.HouseEdgeRaising.Rat().Cmp(want) != 0 {
		t.Errorf("1 deck, raising: %s, brute force %s", a.HouseEdgeRaising.Exact, want.RatString())
	}
}

func TestAnalyzeDecks(t *testing.T) {
	for _, d := range []int{0, -1, maxDecks + 1} {
		if _, err := Analyze(d); err == nil {
			t.Errorf("Analyze(%d): no error", d)
		}
	}
	// More decks, lower edge with the optimal raise (1 deck 3.16%, 8 decks 2.75%).
	prev := big.NewRat(1, 1)
	for _, d := range []int{1, 2, 4, 6, 8} {
		a, err := Analyze(d)
		if err != nil {
			t.Fatal(err)
		}
		if a.HouseEdgeRaising.Rat().Cmp(prev) >= 0 {
			t.Errorf("%d decks: edge %s not below the smaller shoe's", d, a.HouseEdgeRaising.Percent(4))
		}
		prev = a.HouseEdgeRaising.Rat()
	}
}
