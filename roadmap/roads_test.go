package roadmap

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

// TestWorkedExamples is the table of spec/roadmap.md §6, row by row.
func TestWorkedExamples(t *testing.T) {
	tests := []struct {
		hands            string
		columns          string
		beb, sr, cp      string
		askBanker, askPl string
	}{
		{"BBPPPBPBB", "BB PPP B P BB", "RBBBRB", "BBB", "BR", "RRR", "BBB"},
		{"BPPP", "B PPP", "BR", "", "", "B--", "R--"},
		{"TTBP", "B/2 P", "", "", "", "R--", "B--"},
		{"BPBPBP", "B P B P B P", "RRRR", "RRR", "RR", "RRR", "BBB"},
	}
	for _, tt := range tests {
		t.Run(tt.hands, func(t *testing.T) {
			hands := mustParse(t, tt.hands)
			for name, r := range map[string]*Roads{
				"append": appendAll(t, hands, DefaultOptions()),
				"build":  mustBuild(t, hands, DefaultOptions()),
			} {
				if got := colsString(r.BigRoad()); got != tt.columns {
					t.Errorf("%s: big road %q, want %q", name, got, tt.columns)
				}
				for d, want := range []string{tt.beb, tt.sr, tt.cp} {
					if got := marksString(r.Derived(Derived(d)).Marks()); got != want {
						t.Errorf("%s: %v %q, want %q", name, Derived(d), got, want)
					}
				}
				ask := r.Ask()
				if got := askString(ask.Banker); got != tt.askBanker {
					t.Errorf("%s: ask banker %q, want %q", name, got, tt.askBanker)
				}
				if got := askString(ask.Player); got != tt.askPl {
					t.Errorf("%s: ask player %q, want %q", name, got, tt.askPl)
				}
			}
		})
	}
}

// TestDrawnDragonTail is the drawn big road of B×10 P×9 B×8 P×7 in spec §6, character for character.
func TestDrawnDragonTail(t *testing.T) {
	const want = "" +
		"BPBP....\n" +
		"BPBP....\n" +
		"BPBPPPPP\n" +
		"BPBBBBB.\n" +
		"BPPPPP..\n" +
		"BBBBB...\n"
	hands := mustParse(t, strings.Repeat("B", 10)+strings.Repeat("P", 9)+strings.Repeat("B", 8)+strings.Repeat("P", 7))
	for name, r := range map[string]*Roads{
		"append": appendAll(t, hands, DefaultOptions()),
		"build":  mustBuild(t, hands, DefaultOptions()),
	} {
		if len(r.BigRoad().Grid()) != 8 {
			t.Errorf("%s: %d drawn columns, want 8", name, len(r.BigRoad().Grid()))
		}
		if got := drawBig(r, 8); got != want {
			t.Errorf("%s: drawn big road\n%s\nwant\n%s", name, got, want)
		}
		checkInvariants(t, r)
	}
}

// TestDrawnShapes are hand-drawn layouts: streaks, the gravity drop-back, chops and a column whose first
// place is taken.
func TestDrawnShapes(t *testing.T) {
	tests := []struct {
		name, hands string
		width       int
		want        string // rows top to bottom
	}{
		{"streak of 6", "BBBBBB", 1, "B|B|B|B|B|B"},
		{"streak of 7", "BBBBBBB", 2, "B.|B.|B.|B.|B.|BB"},
		{"streak of 12", strings.Repeat("P", 12), 7,
			"P......|P......|P......|P......|P......|PPPPPPP"},
		{"chop", "BPBPBPBP", 8, "BPBPBPBP|........|........|........|........|........"},
		// The P tail turns right under the B tail, then drops back down once the cell below is free.
		{"gravity drop-back", "BBBBBBB PPPPPPP", 3, "BP.|BP.|BP.|BP.|BPP|BBP"},
		// Nested tails three deep, then a column that starts one right of the previous start.
		{"nested", "BBBBBBBBB PPPPPPPP BBBBBBB PPPPPP B", 7,
			"BPBPB..|BPBP...|BPBPPPP|BPBBBB.|BPPPP..|BBBB..."},
		// Nested, and the innermost tail drops back down under the one above it.
		{"nested drop-back", "BBBBBBBBB PPPPPPPP BBBBBBB PPPPPPP B", 7,
			"BPBPB..|BPBP...|BPBPPPP|BPBBBBP|BPPPP..|BBBB..."},
		// Ties never draw a cell.
		{"ties", "TBTTBTPT", 2, "BP|B.|..|..|..|.."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := appendAll(t, mustParse(t, tt.hands), DefaultOptions())
			want := strings.ReplaceAll(tt.want, "|", "\n") + "\n"
			if got := drawBig(r, tt.width); got != want {
				t.Errorf("drawn big road\n%s\nwant\n%s", got, want)
			}
			if len(r.BigRoad().Grid()) != tt.width {
				t.Errorf("%d drawn columns, want %d", len(r.BigRoad().Grid()), tt.width)
			}
			checkInvariants(t, r)
			checkAgainstRef(t, r, mustParse(t, tt.hands))
		})
	}
}

// TestStreakOf40 is one column of 40: six down, then 34 along the bottom row.
func TestStreakOf40(t *testing.T) {
	r := appendAll(t, mustParse(t, strings.Repeat("B", 40)), DefaultOptions())
	g := r.BigRoad().Grid()
	if len(g) != 35 {
		t.Fatalf("%d drawn columns, want 35", len(g))
	}
	for y := 0; y < Rows; y++ {
		if n := g[0][y]; int(n) != y {
			t.Errorf("column 0 row %d: %d", y, n)
		}
	}
	for x := 1; x < 35; x++ {
		for y := 0; y < Rows; y++ {
			n := g[x][y]
			if y < Rows-1 && n != NoCell {
				t.Errorf("drawn %d,%d is set", x, y)
			}
			if y == Rows-1 && int(n) != 5+x {
				t.Errorf("drawn %d,5: %d, want cell %d", x, n, 5+x)
			}
		}
	}
	s := r.Stats()
	if s.Streak != (Streak{Winner: engine.Banker, Length: 40}) || s.LongestBanker != 40 || s.LongestPlayer != 0 {
		t.Errorf("stats %+v", s)
	}
	for d := range NumDerived {
		if n := len(r.Derived(Derived(d)).Marks()); n != 0 {
			t.Errorf("%v has %d marks in a one-column shoe", Derived(d), n)
		}
	}
	// A player hand now starts at drawn column 1, left of the tail: the window must still show it.
	if err := r.Append(Hand{Winner: engine.Player}); err != nil {
		t.Fatal(err)
	}
	w := r.BigRoad().Window(10)
	if w.NewestX < 0 || w.NewestX >= len(w.Columns) || w.First+w.NewestX != 1 || w.NewestY != 0 {
		t.Errorf("window %+v does not show the newest cell at drawn 1,0", w)
	}
	if c, ok := r.BigRoad().CellAt(w.Columns[w.NewestX][w.NewestY]); !ok || c.Winner != engine.Player {
		t.Errorf("newest cell %+v", c)
	}
}

// TestTies covers leading ties, all-tie shoes, ties on every cell and pairs on ties.
func TestTies(t *testing.T) {
	t.Run("all ties", func(t *testing.T) {
		r := appendAll(t, mustParse(t, "TTTTT"), DefaultOptions())
		b := r.BigRoad()
		if !b.Placeholder() || b.NumColumns() != 1 || b.ColumnLen(0) != 1 {
			t.Fatalf("placeholder: %v, %d columns", b.Placeholder(), b.NumColumns())
		}
		if c := b.Column(0)[0]; c.Winner != engine.Tie || c.Ties != 5 {
			t.Errorf("placeholder cell %+v, want T with 5 ties", c)
		}
		if len(b.Grid()) != 1 || b.Grid()[0][0] != 0 {
			t.Errorf("placeholder not drawn at 0,0: %+v", b.Grid())
		}
		if ask := r.Ask(); ask != (Ask{}) {
			t.Errorf("ask road %+v, want none", ask)
		}
		s := r.Stats()
		if s.Hands != 5 || s.Tie != 5 || s.Percent(engine.Tie) != 100 || s.Streak != (Streak{}) {
			t.Errorf("stats %+v", s)
		}
		checkInvariants(t, r)
	})
	t.Run("leading ties join the first cell", func(t *testing.T) {
		r := appendAll(t, mustParse(t, "TTT"), DefaultOptions())
		if err := r.Append(Hand{Winner: engine.Player, PlayerPair: true}); err != nil {
			t.Fatal(err)
		}
		b := r.BigRoad()
		if b.Placeholder() || b.NumColumns() != 1 {
			t.Fatalf("placeholder still there")
		}
		if c := b.Column(0)[0]; c != (Cell{Winner: engine.Player, Ties: 3, PlayerPair: true, Round: 3}) {
			t.Errorf("first cell %+v", c)
		}
		if len(b.Grid()) != 1 || b.Grid()[0][0] != 0 || b.Grid()[0][1] != NoCell {
			t.Errorf("grid %+v", b.Grid())
		}
		if w := b.Window(5); w.NewestX != 0 || w.NewestY != 0 {
			t.Errorf("newest %d,%d", w.NewestX, w.NewestY)
		}
	})
	t.Run("ties on every cell", func(t *testing.T) {
		hands := mustParse(t, "BTPTTBTTTBTP T")
		r := appendAll(t, hands, DefaultOptions())
		if got, want := colsString(r.BigRoad()), "B/1 P/2 B/3B/1 P/1"; got != want {
			t.Errorf("big road %q, want %q", got, want)
		}
		if got, want := colsString(mustBuild(t, hands, DefaultOptions()).BigRoad()), "B/1 P/2 B/3B/1 P/1"; got != want {
			t.Errorf("build: big road %q, want %q", got, want)
		}
		if len(r.Beads()) != len(hands) {
			t.Errorf("%d beads for %d hands", len(r.Beads()), len(hands))
		}
		// Ties add no derived mark: the same as the shoe without them.
		plain := appendAll(t, mustParse(t, "BPBBP"), DefaultOptions())
		for d := range NumDerived {
			if a, b := marksString(r.Derived(Derived(d)).Marks()), marksString(plain.Derived(Derived(d)).Marks()); a != b {
				t.Errorf("%v: %s with ties, %s without", Derived(d), a, b)
			}
		}
		checkAgainstRef(t, r, hands)
	})
	t.Run("pairs on ties", func(t *testing.T) {
		r := appendAll(t, mustParse(t, "BTbpTpPb"), DefaultOptions())
		beads := r.Beads()
		if len(beads) != 4 || !beads[1].BankerPair || !beads[1].PlayerPair || !beads[2].PlayerPair || beads[2].BankerPair {
			t.Fatalf("beads %+v", beads)
		}
		b := r.BigRoad()
		if c := b.Column(0)[0]; c.BankerPair || c.PlayerPair || c.Ties != 2 {
			t.Errorf("B cell %+v carries the pairs of the ties", c)
		}
		if c := b.Column(1)[0]; !c.BankerPair || c.PlayerPair {
			t.Errorf("P cell %+v", c)
		}
		if s := r.Stats(); s.BankerPairs != 2 || s.PlayerPairs != 2 {
			t.Errorf("pairs counted %d banker, %d player; want 2 and 2", s.BankerPairs, s.PlayerPairs)
		}
	})
}

// TestChop is a long chop: every column one cell, every derived mark red, drawn one column each.
func TestChop(t *testing.T) {
	hands := mustParse(t, strings.Repeat("BP", 15))
	r := appendAll(t, hands, DefaultOptions())
	if n := len(r.BigRoad().Grid()); n != 30 {
		t.Errorf("%d drawn columns, want 30", n)
	}
	for d := range NumDerived {
		k := Derived(d).K()
		dr := r.Derived(Derived(d))
		if got, want := marksString(dr.Marks()), strings.Repeat("R", 29-k); got != want {
			t.Errorf("%v marks %s, want %s", Derived(d), got, want)
		}
		// Marks from the cell at column k+1: one red column of 29-k marks, its tail along the bottom row.
		if dr.NumColumns() != 1 || len(dr.Grid()) != 29-k-5 {
			t.Errorf("%v: %d columns, %d drawn", Derived(d), dr.NumColumns(), len(dr.Grid()))
		}
	}
	s := r.Stats()
	if s.LongestBanker != 1 || s.LongestPlayer != 1 || s.Streak != (Streak{engine.Player, 1}) {
		t.Errorf("stats %+v", s)
	}
	// Double chop: BBPPBBPP... all red on every road too (equal lengths, straight repeats).
	r2 := appendAll(t, mustParse(t, strings.Repeat("BBPP", 6)), DefaultOptions())
	for d := range NumDerived {
		for _, m := range r2.Derived(Derived(d)).Marks() {
			if m != Red {
				t.Fatalf("%v in a double chop: %s", Derived(d), marksString(r2.Derived(Derived(d)).Marks()))
			}
		}
	}
}

// TestNonBetting covers the roads_include_non_betting setting.
func TestNonBetting(t *testing.T) {
	hands := mustParse(t, "BBPBPP")
	hands[2].Kind = engine.KindNoBet
	hands[3].Kind = engine.KindNoBet
	for _, include := range []bool{true, false} {
		t.Run(fmt.Sprint(include), func(t *testing.T) {
			opts := DefaultOptions()
			opts.IncludeNonBetting = include
			r := appendAll(t, hands, opts)
			if len(r.Beads()) != 6 || r.Beads()[2].Kind != engine.KindNoBet || r.Beads()[2].Round != 2 {
				t.Fatalf("beads %+v", r.Beads())
			}
			want, hands := "BB P B PP", 6
			if !include {
				want, hands = "BB PP", 4
			}
			if got := colsString(r.BigRoad()); got != want {
				t.Errorf("big road %q, want %q", got, want)
			}
			s := r.Stats()
			if s.Hands != hands || s.NonBetting != 2 {
				t.Errorf("stats %+v", s)
			}
			if rep := r.Report(); rep.BeadPlate[0][2] != "Pn" {
				t.Errorf("bead plate %v: a nobet bead is not marked", rep.BeadPlate)
			}
			checkAgainstRef(t, r, r.rounds)
			if b := mustBuild(t, r.rounds, opts); colsString(b.BigRoad()) != want {
				t.Errorf("build: big road %q", colsString(b.BigRoad()))
			}
		})
	}
}

// TestCancel cancels past rounds and checks every road against a shoe that never had them.
func TestCancel(t *testing.T) {
	hands := mustParse(t, "BBPPPBPBBTPPB")
	r := appendAll(t, hands, DefaultOptions())
	if err := r.Cancel(2); err != nil {
		t.Fatal(err)
	}
	if err := r.Cancel(9); err != nil {
		t.Fatal(err)
	}
	without := append(append(append([]Hand{}, hands[:2]...), hands[3:9]...), hands[10:]...)
	want := appendAll(t, without, DefaultOptions())
	if a, b := colsString(r.BigRoad()), colsString(want.BigRoad()); a != b {
		t.Errorf("after cancel: %q, want %q", a, b)
	}
	for d := range NumDerived {
		if a, b := marksString(r.Derived(Derived(d)).Marks()), marksString(want.Derived(Derived(d)).Marks()); a != b {
			t.Errorf("%v after cancel: %s, want %s", Derived(d), a, b)
		}
	}
	if a, b := r.Stats(), want.Stats(); a != b {
		t.Errorf("stats after cancel %+v, want %+v", a, b)
	}
	if r.Rounds() != len(hands) || len(r.Beads()) != len(hands)-2 {
		t.Errorf("%d rounds, %d beads", r.Rounds(), len(r.Beads()))
	}
	if r.Beads()[2].Round != 3 {
		t.Errorf("bead 2 is round %d, want 3 (rounds keep their numbers)", r.Beads()[2].Round)
	}
	for _, bad := range []int{-1, 2, len(hands)} {
		before := reportJSON(t, r)
		if err := r.Cancel(bad); err == nil {
			t.Errorf("cancel %d: no error", bad)
		}
		if before != reportJSON(t, r) {
			t.Errorf("a refused cancel changed the roads")
		}
	}
	// Appending after a cancel continues from the recomputed state.
	if err := r.Append(Hand{Winner: engine.Banker}); err != nil {
		t.Fatal(err)
	}
	checkAgainstRef(t, r, r.rounds)
}

// TestBadHands: invalid hands are errors that change nothing.
func TestBadHands(t *testing.T) {
	bad := []Hand{
		{},
		{Winner: engine.Winner(9)},
		{Winner: engine.Banker, Kind: engine.RoundKind(7)},
		{Winner: engine.Player, TotalKnown: true, Total: 10},
		{Winner: engine.Tie, TotalKnown: true, Total: -1},
		{Kind: engine.KindNoBet},
	}
	r := appendAll(t, mustParse(t, "BPT"), DefaultOptions())
	before := reportJSON(t, r)
	for _, h := range bad {
		if err := r.Append(h); err == nil {
			t.Errorf("append %+v: no error", h)
		}
		if _, err := Build([]Hand{{Winner: engine.Banker}, h}, DefaultOptions()); err == nil || !strings.Contains(err.Error(), "round 1") {
			t.Errorf("build with %+v: error %v does not name round 1", h, err)
		}
	}
	if reportJSON(t, r) != before || r.Rounds() != 3 {
		t.Errorf("a refused hand changed the roads")
	}
	if err := r.Append(Hand{Kind: engine.KindCancelled}); err != nil {
		t.Errorf("a cancelled round without a winner: %v", err)
	}
	if err := r.SetCards(-1, 3); err == nil {
		t.Errorf("negative cards accepted")
	}
	// An absurd capacity is bounded, not allocated (and does not panic).
	huge := New(Options{Capacity: 1 << 40})
	if cap(huge.rounds) != maxCapacity {
		t.Errorf("capacity %d, want %d", cap(huge.rounds), maxCapacity)
	}
	if _, err := Build(mustParse(t, "BPT"), Options{Capacity: 1 << 40}); err != nil {
		t.Errorf("build with a huge capacity: %v", err)
	}
}

// TestStats checks the statistics of a small shoe counted by hand, and cards in and out.
func TestStats(t *testing.T) {
	hands := mustParse(t, "BbBPpTPPPBTbpBP")
	hands[0].Natural = true
	hands[4].Natural = true
	r := appendAll(t, hands, DefaultOptions())
	if err := r.SetCards(70, 346); err != nil {
		t.Fatal(err)
	}
	want := Stats{
		Hands: 11, Banker: 4, Player: 5, Tie: 2, BankerPairs: 2, PlayerPairs: 2, Naturals: 2,
		Streak:        Streak{Winner: engine.Player, Length: 1},
		LongestBanker: 2, LongestPlayer: 4,
		Cards: Cards{Known: true, Dealt: 70, Left: 346},
	}
	if got := r.Stats(); got != want {
		t.Errorf("stats\n got %+v\nwant %+v", got, want)
	}
	s := r.Stats()
	for _, c := range []struct {
		w    engine.Winner
		want float64
	}{{engine.Banker, 400.0 / 11}, {engine.Player, 500.0 / 11}, {engine.Tie, 200.0 / 11}} {
		if got := s.Percent(c.w); got != c.want {
			t.Errorf("percent %v = %v, want %v", c.w, got, c.want)
		}
	}
	rep := r.Report().Stats
	if rep.BankerPct != 36.4 || rep.PlayerPct != 45.5 || rep.TiePct != 18.2 || *rep.CardsLeft != 346 || *rep.Streak.W != "P" {
		t.Errorf("report stats %+v", rep)
	}
	r.Reset()
	if s := r.Stats(); s != (Stats{}) {
		t.Errorf("stats after reset %+v", s)
	}
}

// TestFullShoe is a 90-hand shoe: every road against the reference model, after every hand.
func TestFullShoe(t *testing.T) {
	const shoe = "BPPBT BBBPP PBPTB P BBBBP PPBTP BPBPB TPPPP PPBBP BTBPb " +
		"PBBPBp PTPBB BBBBB BBPPT BPBPT PPBBPb BPTTB PPPPB BPPBP"
	hands := mustParse(t, shoe)
	if len(hands) != 90 {
		t.Fatalf("shoe has %d hands", len(hands))
	}
	r := New(DefaultOptions())
	for i, h := range hands {
		if err := r.Append(h); err != nil {
			t.Fatal(err)
		}
		checkAgainstRef(t, r, hands[:i+1])
		checkInvariants(t, r)
	}
	b := mustBuild(t, hands, DefaultOptions())
	if reportJSON(t, b) != reportJSON(t, r) {
		t.Errorf("build and append differ on the full shoe")
	}
	if len(r.Beads()) != 90 || len(r.Report().BeadPlate) != 15 {
		t.Errorf("bead plate: %d beads, %d columns", len(r.Beads()), len(r.Report().BeadPlate))
	}
	s := r.Stats()
	if s.Banker+s.Player+s.Tie != 90 || s.Hands != 90 {
		t.Errorf("stats %+v", s)
	}
}

// startRuleCount is the number of marks derived road k must have by its start rule (spec §3.1): one for
// every B/P cell at column c > k, or c == k and row ≥ 1.
func startRuleCount(b *BigRoad, k int) int {
	if b.Placeholder() {
		return 0
	}
	n := 0
	for c := k; c < b.NumColumns(); c++ {
		n += b.ColumnLen(c)
		if c == k {
			n--
		}
	}
	return n
}

// TestProperties: on random shoes, appending equals building, equals the reference model, the invariants
// hold, the mark counts follow the start rule, and cancelling equals never having had the round.
func TestProperties(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for iter := 0; iter < 300; iter++ {
		n := rng.Intn(120)
		hands := randomHands(rng, n, iter%2 == 1)
		opts := DefaultOptions()
		opts.IncludeNonBetting = rng.Intn(3) != 0
		opts.Capacity = rng.Intn(40) // growth past the capacity is exercised too
		r := New(opts)
		for i, h := range hands {
			if err := r.Append(h); err != nil {
				t.Fatal(err)
			}
			if i%7 == 0 || i == len(hands)-1 {
				b := mustBuild(t, hands[:i+1], opts)
				if reportJSON(t, b) != reportJSON(t, r) || b.Stats() != r.Stats() {
					t.Fatalf("shoe %d after %d hands: build and append differ", iter, i+1)
				}
			}
		}
		checkAgainstRef(t, r, hands)
		checkInvariants(t, r)
		for d := range NumDerived {
			if got, want := len(r.Derived(Derived(d)).Marks()), startRuleCount(r.BigRoad(), Derived(d).K()); got != want {
				t.Fatalf("shoe %d: %v has %d marks, start rule says %d", iter, Derived(d), got, want)
			}
		}
		if n > 0 {
			i := rng.Intn(n)
			if hands[i].Kind != engine.KindCancelled {
				if err := r.Cancel(i); err != nil {
					t.Fatal(err)
				}
				cut := append(append([]Hand{}, hands[:i]...), hands[i+1:]...)
				if reportJSON(t, appendAll(t, cut, opts)) != reportJSON(t, r) {
					t.Fatalf("shoe %d: cancelling round %d differs from a shoe without it", iter, i)
				}
			}
		}
	}
}

// TestWindows checks the window views of the roads and the bead plate.
func TestWindows(t *testing.T) {
	r := New(DefaultOptions())
	if w := r.BigRoad().Window(5); w.NewestX != -1 || len(w.Columns) != 0 {
		t.Errorf("empty window %+v", w)
	}
	if w := r.BeadWindow(3); w.Newest != -1 || len(w.Beads) != 0 {
		t.Errorf("empty bead window %+v", w)
	}
	hands := mustParse(t, strings.Repeat("BPPBBBPT", 5))
	for _, h := range hands {
		if err := r.Append(h); err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{1, 4, 100} {
			w := r.BigRoad().Window(n)
			g := r.BigRoad().Grid()
			if len(w.Columns) > n || w.First+len(w.Columns) > len(g) {
				t.Fatalf("window %d: %d columns from %d of %d", n, len(w.Columns), w.First, len(g))
			}
			if w.NewestX < 0 || w.NewestX >= len(w.Columns) {
				t.Fatalf("window %d: newest %d outside", n, w.NewestX)
			}
			c, r0 := r.BigRoad().last()
			if col, i, _ := r.BigRoad().Locate(w.Columns[w.NewestX][w.NewestY]); col != c || i != r0 {
				t.Fatalf("window %d: newest %d,%d, want cell %d,%d", n, col, i, c, r0)
			}
			for d := range NumDerived {
				dr := r.Derived(Derived(d))
				dw := dr.Window(n)
				if len(dr.Marks()) == 0 {
					continue
				}
				if m := dw.Columns[dw.NewestX][dw.NewestY]; int(m) != len(dr.Marks())-1 {
					t.Fatalf("%v window: newest %d is not the last mark", Derived(d), m)
				}
			}
			bw := r.BeadWindow(n)
			if bw.First%Rows != 0 || len(bw.Beads) > n*Rows || bw.Beads[bw.Newest] != r.Beads()[len(r.Beads())-1] {
				t.Fatalf("bead window %d: %+v", n, bw)
			}
		}
	}
}

// TestFromOutcomeResultOnly: a result entered without cards has no total on the roads, and
// keeps its winner, pairs and natural.
func TestFromOutcomeResultOnly(t *testing.T) {
	for _, w := range []engine.Winner{engine.Banker, engine.Player, engine.Tie} {
		h := FromOutcome(engine.Outcome{Winner: w, PlayerPair: true, Natural: true, TotalsUnknown: true}, engine.KindNormal)
		if h.TotalKnown || h.Total != 0 || h.Winner != w || !h.PlayerPair || h.BankerPair || !h.Natural || h.Validate() != nil {
			t.Errorf("%s: %+v", w, h)
		}
	}
	if h := FromOutcome(engine.Outcome{Winner: engine.Tie, PlayerTotal: 4, BankerTotal: 4}, engine.KindNormal); !h.TotalKnown || h.Total != 4 {
		t.Errorf("known totals: %+v", h)
	}
}

// TestFromOutcome maps an engine outcome to a hand.
func TestFromOutcome(t *testing.T) {
	h := FromOutcome(engine.Outcome{Winner: engine.Player, PlayerTotal: 8, BankerTotal: 3, Natural: true, BankerPair: true}, engine.KindNoBet)
	if h != (Hand{Winner: engine.Player, Total: 8, TotalKnown: true, Natural: true, BankerPair: true, Kind: engine.KindNoBet}) {
		t.Errorf("hand %+v", h)
	}
	h = FromOutcome(engine.Outcome{Winner: engine.Tie, PlayerTotal: 6, BankerTotal: 6}, engine.KindNormal)
	if h.Total != 6 || h.Winner != engine.Tie {
		t.Errorf("tie hand %+v", h)
	}
}

// TestAccessors covers the read-only accessors, including out-of-range arguments.
func TestAccessors(t *testing.T) {
	hands := mustParse(t, "BBPPPBPBB")
	hands[3].Kind = engine.KindNoBet
	r := appendAll(t, hands, DefaultOptions())
	if err := r.Cancel(4); err != nil {
		t.Fatal(err)
	}
	if h, ok := r.Round(4); !ok || h.Kind != engine.KindCancelled || h.Winner != engine.Player {
		t.Errorf("round 4: %+v %v", h, ok)
	}
	if _, ok := r.Round(9); ok {
		t.Errorf("round 9 exists")
	}
	beb := r.Derived(BigEyeBoy)
	for c := 0; c < beb.NumColumns(); c++ {
		if got, want := beb.ColumnColor(c), beb.Marks()[beb.starts[c]]; got != want {
			t.Errorf("column %d colour %v, want %v", c, got, want)
		}
	}
	if beb.ColumnColor(-1) != NoColor || beb.ColumnColor(99) != NoColor || beb.MarkAt(99) != NoColor {
		t.Errorf("out-of-range marks are not NoColor")
	}
	big := r.BigRoad()
	if big.Column(-1) != nil || big.Column(99) != nil || big.ColumnLen(99) != 0 {
		t.Errorf("out-of-range columns exist")
	}
	if _, ok := big.CellAt(NoCell); ok {
		t.Errorf("NoCell names a cell")
	}
	if _, _, ok := big.Locate(99); ok {
		t.Errorf("cell 99 located")
	}
	if r.Derived(Derived(3)) != nil || Derived(3).String() != "Derived(3)" {
		t.Errorf("a fourth derived road exists")
	}
	if Red.Opposite() != Blue || Blue.Opposite() != Red || NoColor.Opposite() != NoColor {
		t.Errorf("opposites wrong")
	}
}
