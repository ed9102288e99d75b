package engine

import (
	"math/big"
	"testing"
)

// fallingFactorial is n·(n−1)·…·(n−k+1) in big integers, to check the uint64 counts.
func fallingFactorial(n, k int64) *big.Int {
	r := big.NewInt(1)
	for i := int64(0); i < k; i++ {
		r.Mul(r, big.NewInt(n-i))
	}
	return r
}

func edgeOf(t *testing.T, edges []WagerEdge, wager string) *big.Rat {
	t.Helper()
	for _, e := range edges {
		if e.Wager == wager {
			return e.Edge
		}
	}
	t.Fatalf("no edge for %s in %+v", wager, edges)
	return nil
}

// within reports whether r, as a percentage, rounds to want at the given decimals.
func roundsTo(r *big.Rat, decimals int, want string) bool {
	return new(big.Rat).Mul(r, big.NewRat(100, 1)).FloatString(decimals) == want
}

// TestAnalyzePublished: 8 decks must match the published figures (Banker 1.0579%, Player
// 1.2351%, Tie 14.36%); 6 decks are checked against its published figures too
// (Banker 1.0558%, Player 1.2374%, Tie 14.44%).
func TestAnalyzePublished(t *testing.T) {
	trad, _ := SettlementVic2002("traditional", false, false)
	tests := []struct {
		decks                int
		banker, player, tie  string // house edge, percent
		bankerDec, playerDec int
	}{
		{8, "1.0579", "1.2351", "14.36", 4, 4},
		{6, "1.0558", "1.2374", "14.44", 4, 4},
	}
	for _, tt := range tests {
		a, err := Analyze(tt.decks)
		if err != nil {
			t.Fatal(err)
		}
		e := a.Edges(trad)
		if b := edgeOf(t, e, "Banker"); !roundsTo(b, tt.bankerDec, tt.banker) {
			t.Errorf("%d decks: Banker edge %s%%, want %s%%", tt.decks, new(big.Rat).Mul(b, big.NewRat(100, 1)).FloatString(6), tt.banker)
		}
		if p := edgeOf(t, e, "Player"); !roundsTo(p, tt.playerDec, tt.player) {
			t.Errorf("%d decks: Player edge %s%%, want %s%%", tt.decks, new(big.Rat).Mul(p, big.NewRat(100, 1)).FloatString(6), tt.player)
		}
		if ti := edgeOf(t, e, "Tie"); !roundsTo(ti, 2, tt.tie) {
			t.Errorf("%d decks: Tie edge %s%%, want %s%%", tt.decks, new(big.Rat).Mul(ti, big.NewRat(100, 1)).FloatString(6), tt.tie)
		}
	}
}

// TestAnalyzeExactCounts checks, for every shoe size the books allow (4-8) and 1, that the
// uint64 counts did not overflow: the outcomes partition the sequences, which equal
// N!/(N−6)! computed in big integers.
func TestAnalyzeExactCounts(t *testing.T) {
	for _, d := range []int{1, 4, 5, 6, 7, 8} {
		a, err := Analyze(d)
		if err != nil {
			t.Fatal(err)
		}
		want := fallingFactorial(int64(52*d), 6)
		if new(big.Int).SetUint64(a.Sequences).Cmp(want) != 0 {
			t.Errorf("%d decks: sequences %d, want %s", d, a.Sequences, want)
		}
		sum := new(big.Int).Add(bi(a.Banker), bi(a.Player))
		sum.Add(sum, bi(a.Tie))
		if sum.Cmp(want) != 0 {
			t.Errorf("%d decks: B+P+T = %s, want %s", d, sum, want)
		}
		if a.BankerWinsOn6 >= a.Banker || a.InsuranceLoses > a.InsuranceOffered || a.InsuranceLoses > a.BankerWinsOn6 || a.Natural >= a.Sequences {
			t.Errorf("%d decks: inconsistent %+v", d, a)
		}
	}
	if _, err := Analyze(0); err == nil {
		t.Error("0 decks accepted")
	}
	if _, err := Analyze(MaxAnalyzeDecks + 1); err == nil {
		t.Error("9 decks accepted")
	}
}

// TestAnalyzeNatural checks P(natural) by an independent count over the first four cards:
// a natural depends only on them.
func TestAnalyzeNatural(t *testing.T) {
	a, _ := Analyze(8)
	var cnt [10]int64
	cnt[0] = 128
	for v := 1; v < 10; v++ {
		cnt[v] = 32
	}
	nat, all := big.NewInt(0), big.NewInt(0)
	for p1 := 0; p1 < 10; p1++ {
		for b1 := 0; b1 < 10; b1++ {
			for p2 := 0; p2 < 10; p2++ {
				for b2 := 0; b2 < 10; b2++ {
					c := cnt
					w := int64(1)
					for _, v := range []int{p1, b1, p2, b2} {
						w *= c[v]
						c[v]--
					}
					all.Add(all, big.NewInt(w))
					if (p1+p2)%10 >= 8 || (b1+b2)%10 >= 8 {
						nat.Add(nat, big.NewInt(w))
					}
				}
			}
		}
	}
	want := new(big.Rat).SetFrac(nat, all)
	if a.Probability(a.Natural).Cmp(want) != 0 {
		t.Errorf("P(natural) = %s, want %s", a.Probability(a.Natural).FloatString(8), want.FloatString(8))
	}
}

func TestAnalyzeEdgesByRules(t *testing.T) {
	a, _ := Analyze(8)
	crown, _ := SettlementVic2002("crown", true, false)
	e := a.Edges(crown)
	if len(e) != 4 {
		t.Fatalf("crown with insurance: %d wagers", len(e))
	}
	// Banker 6 pays half: 1.4581% for 8 decks (published 1.46%).
	if b := edgeOf(t, e, "Banker"); !roundsTo(b, 2, "1.46") {
		t.Errorf("6-pays-half Banker edge %s", b.FloatString(6))
	}
	// As worded (000 1.1), Insurance/No 6 favours the player: a negative edge.
	if ins := edgeOf(t, e, "Insurance/No 6"); ins.Sign() >= 0 {
		t.Errorf("Insurance/No 6 edge %s, want negative", ins.FloatString(6))
	}
	if n := len(a.Edges(SettlementNZ1998())); n != 3 {
		t.Errorf("nz: %d wagers, want 3 (no insurance)", n)
	}
}

func BenchmarkAnalyze8(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Analyze(8); err != nil {
			b.Fatal(err)
		}
	}
}
