package roadmap

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

// This file holds a reference model of the roads, written straight from the words of spec/roadmap.md
// with no attention to speed (maps, recomputation), and the helpers the tests share.

type refCell struct {
	w      engine.Winner
	ties   int
	bp, pp bool
}

type refPos struct{ x, y int }

// refModel is every road of a list of hands, computed naively.
type refModel struct {
	beads   []Hand
	cols    [][]refCell
	derived [NumDerived][]Color
	askB    [NumDerived]Color
	askP    [NumDerived]Color
}

func refBuild(hands []Hand, includeNoBet bool) refModel {
	var m refModel
	var road []Hand // B/P/T hands on the roads
	for _, h := range hands {
		if h.Kind == engine.KindCancelled {
			continue
		}
		m.beads = append(m.beads, h)
		if h.Kind == engine.KindNoBet && !includeNoBet {
			continue
		}
		road = append(road, h)
	}
	m.cols = refColumns(road)
	hasBP := false
	for _, h := range road {
		if h.Winner != engine.Tie {
			hasBP = true
		}
	}
	if !hasBP {
		return m
	}
	// Derived marks: replay the B/P cells in order, each seeing only the columns so far.
	for k := 1; k <= NumDerived; k++ {
		for c := range m.cols {
			for r := range m.cols[c] {
				if mk := refMark(m.cols[:c+1], c, r, k); mk != NoColor {
					m.derived[k-1] = append(m.derived[k-1], mk)
				}
			}
		}
	}
	for _, w := range []engine.Winner{engine.Banker, engine.Player} {
		next := append([]Hand(nil), road...)
		next = append(next, Hand{Winner: w})
		cols := refColumns(next)
		c := len(cols) - 1
		r := len(cols[c]) - 1
		for k := 1; k <= NumDerived; k++ {
			mk := refMark(cols, c, r, k)
			if w == engine.Banker {
				m.askB[k-1] = mk
			} else {
				m.askP[k-1] = mk
			}
		}
	}
	return m
}

// refColumns groups hands into big road columns (spec §2), with the leading-tie placeholder.
func refColumns(road []Hand) [][]refCell {
	var cols [][]refCell
	lead := 0
	for _, h := range road {
		if h.Winner == engine.Tie {
			if len(cols) == 0 {
				lead++
			} else {
				col := cols[len(cols)-1]
				col[len(col)-1].ties++
			}
			continue
		}
		cell := refCell{w: h.Winner, bp: h.BankerPair, pp: h.PlayerPair}
		if len(cols) == 0 {
			cell.ties = lead
			cols = append(cols, []refCell{cell})
			continue
		}
		last := cols[len(cols)-1]
		if last[0].w == h.Winner {
			cols[len(cols)-1] = append(last, cell)
		} else {
			cols = append(cols, []refCell{cell})
		}
	}
	if len(cols) == 0 && lead > 0 {
		cols = append(cols, []refCell{{w: engine.Tie, ties: lead}})
	}
	return cols
}

// refMark is the mark of road k for the cell at (c, r), phrased the traditional way: a new column
// compares the lengths of the two columns before it k apart; a continuing cell looks at column c-k:
// a cell beside it there is red, an empty place there after an empty place above is red (the straight
// fall), and the first empty place is blue.
func refMark(cols [][]refCell, c, r, k int) Color {
	if c < k || (c == k && r == 0) {
		return NoColor
	}
	if r == 0 {
		if len(cols[c-1]) == len(cols[c-1-k]) {
			return Red
		}
		return Blue
	}
	has := func(row int) bool { return row < len(cols[c-k]) }
	switch {
	case has(r):
		return Red
	case !has(r - 1):
		return Red
	}
	return Blue
}

// refLayout draws runs (each run a column length) with the dragon tail, using a map of taken places.
func refLayout(lengths []int) map[refPos][2]int {
	taken := map[refPos][2]int{}
	start := -1
	for c, n := range lengths {
		x := start + 1
		for {
			if _, ok := taken[refPos{x, 0}]; !ok {
				break
			}
			x++
		}
		start = x
		p := refPos{x, 0}
		taken[p] = [2]int{c, 0}
		for i := 1; i < n; i++ {
			below := refPos{p.x, p.y + 1}
			if _, ok := taken[below]; p.y+1 < Rows && !ok {
				p = below
			} else {
				p = refPos{p.x + 1, p.y}
			}
			if _, ok := taken[p]; ok {
				panic(fmt.Sprintf("reference layout: %v taken", p))
			}
			taken[p] = [2]int{c, i}
		}
	}
	return taken
}

// gridMap is a drawn grid as a map from place to [column, index].
func gridMap(g []DrawnColumn, locate func(int32) (int, int, bool)) map[refPos][2]int {
	out := map[refPos][2]int{}
	for x, col := range g {
		for y, n := range col {
			if c, i, ok := locate(n); ok {
				out[refPos{x, y}] = [2]int{c, i}
			}
		}
	}
	return out
}

func mustParse(t testing.TB, s string) []Hand {
	t.Helper()
	hs, err := ParseHands(s)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return hs
}

func mustBuild(t testing.TB, hands []Hand, opts Options) *Roads {
	t.Helper()
	r, err := Build(hands, opts)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return r
}

func appendAll(t testing.TB, hands []Hand, opts Options) *Roads {
	t.Helper()
	r := New(opts)
	for i, h := range hands {
		if err := r.Append(h); err != nil {
			t.Fatalf("append %d: %v", i, err)
		}
	}
	return r
}

// colsString is the big road's logical columns: winners per column, a cell's ties as "/n", columns
// separated by spaces.
func colsString(b *BigRoad) string {
	var parts []string
	for _, col := range b.Columns() {
		var sb strings.Builder
		for _, c := range col {
			sb.WriteString(c.Winner.String())
			if c.Ties > 0 {
				fmt.Fprintf(&sb, "/%d", c.Ties)
			}
		}
		parts = append(parts, sb.String())
	}
	return strings.Join(parts, " ")
}

func marksString(ms []Color) string {
	var sb strings.Builder
	for _, m := range ms {
		sb.WriteString(m.String())
	}
	return sb.String()
}

// askString is the predictions as "RRR", with "-" for none.
func askString(p [NumDerived]Color) string {
	var sb strings.Builder
	for _, m := range p {
		if m == NoColor {
			sb.WriteByte('-')
		} else {
			sb.WriteString(m.String())
		}
	}
	return sb.String()
}

// drawBig renders the drawn big road as rows of B, P, T and '.', width columns wide.
func drawBig(r *Roads, width int) string {
	rows := make([][]byte, Rows)
	for y := range rows {
		rows[y] = []byte(strings.Repeat(".", width))
	}
	for x, col := range r.BigRoad().Grid() {
		for y, p := range col {
			if c, ok := r.BigRoad().CellAt(p); ok && x < width {
				rows[y][x] = c.Winner.String()[0]
			}
		}
	}
	var sb strings.Builder
	for _, row := range rows {
		sb.Write(row)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// randomHands is n random hands: winners weighted like baccarat, sometimes long streaks, pairs, naturals,
// and (when kinds) nobet and cancelled rounds.
func randomHands(rng *rand.Rand, n int, kinds bool) []Hand {
	hs := make([]Hand, 0, n)
	for len(hs) < n {
		var w engine.Winner
		switch x := rng.Intn(100); {
		case x < 45:
			w = engine.Banker
		case x < 90:
			w = engine.Player
		default:
			w = engine.Tie
		}
		repeat := 1
		if rng.Intn(10) == 0 {
			repeat = 1 + rng.Intn(15)
		}
		for i := 0; i < repeat && len(hs) < n; i++ {
			h := Hand{Winner: w, BankerPair: rng.Intn(12) == 0, PlayerPair: rng.Intn(12) == 0,
				Natural: rng.Intn(3) == 0}
			if rng.Intn(2) == 0 {
				h.Total, h.TotalKnown = rng.Intn(10), true
			}
			if kinds {
				switch rng.Intn(20) {
				case 0:
					h.Kind = engine.KindNoBet
				case 1:
					h.Kind = engine.KindCancelled
				}
			}
			hs = append(hs, h)
		}
	}
	return hs
}

// checkAgainstRef compares every road of r with the reference model of hands.
func checkAgainstRef(t testing.TB, r *Roads, hands []Hand) {
	t.Helper()
	m := refBuild(hands, r.Options().IncludeNonBetting)
	if len(m.beads) != len(r.Beads()) {
		t.Fatalf("beads: got %d, reference %d", len(r.Beads()), len(m.beads))
	}
	for i, b := range r.Beads() {
		if b.Hand != m.beads[i] {
			t.Fatalf("bead %d: got %+v, reference %+v", i, b.Hand, m.beads[i])
		}
	}
	big := r.BigRoad()
	if big.NumColumns() != len(m.cols) {
		t.Fatalf("big road: %d columns, reference %d", big.NumColumns(), len(m.cols))
	}
	lengths := make([]int, len(m.cols))
	for c, col := range m.cols {
		got := big.Column(c)
		if len(got) != len(col) {
			t.Fatalf("big road column %d: length %d, reference %d", c, len(got), len(col))
		}
		for i, rc := range col {
			g := got[i]
			if g.Winner != rc.w || g.Ties != rc.ties || g.BankerPair != rc.bp || g.PlayerPair != rc.pp {
				t.Fatalf("big road cell %d,%d: got %+v, reference %+v", c, i, g, rc)
			}
		}
		lengths[c] = len(col)
	}
	if want, got := refLayout(lengths), gridMap(big.Grid(), big.Locate); !equalMaps(want, got) {
		t.Fatalf("big road grid differs from the reference layout:\n got %v\nwant %v", got, want)
	}
	for d := range NumDerived {
		dr := r.Derived(Derived(d))
		if got, want := marksString(dr.Marks()), marksString(m.derived[d]); got != want {
			t.Fatalf("%v marks: got %s, reference %s", Derived(d), got, want)
		}
		var runs []int
		for c := 0; c < dr.NumColumns(); c++ {
			runs = append(runs, dr.ColumnLen(c))
		}
		if want, got := refLayout(runs), gridMap(dr.Grid(), dr.Locate); !equalMaps(want, got) {
			t.Fatalf("%v grid differs from the reference layout", Derived(d))
		}
	}
	ask := r.Ask()
	if ask.Banker != m.askB || ask.Player != m.askP {
		t.Fatalf("ask road: got B %s P %s, reference B %s P %s",
			askString(ask.Banker), askString(ask.Player), askString(m.askB), askString(m.askP))
	}
}

func reportJSON(t testing.TB, r *Roads) string {
	t.Helper()
	b, err := json.Marshal(r.Report())
	if err != nil {
		t.Fatalf("marshal report: %v", err)
	}
	return string(b)
}

func equalMaps(a, b map[refPos][2]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// checkInvariants checks what holds for every shoe: 6 rows (by type), every logical cell drawn exactly
// once, no drawn column empty, and the ask road rule of spec §4.
func checkInvariants(t testing.TB, r *Roads) {
	t.Helper()
	big := r.BigRoad()
	checkDrawn(t, "big road", big.Grid(), big.NumColumns(), big.ColumnLen, big.Locate)
	for d := range NumDerived {
		dr := r.Derived(Derived(d))
		checkDrawn(t, Derived(d).String(), dr.Grid(), dr.NumColumns(), dr.ColumnLen, dr.Locate)
	}
	ask := r.Ask()
	for d := range NumDerived {
		b, p := ask.Banker[d], ask.Player[d]
		if (b == NoColor) != (p == NoColor) || (b != NoColor && b != p.Opposite()) {
			t.Fatalf("ask road %v: banker %v player %v are not both absent or opposite", Derived(d), b, p)
		}
	}
}

func checkDrawn(t testing.TB, name string, g []DrawnColumn, ncols int, colLen func(int) int,
	locate func(int32) (int, int, bool)) {
	t.Helper()
	seen := map[[2]int]int{}
	for x, col := range g {
		empty := true
		for _, n := range col {
			if n == NoCell {
				continue
			}
			empty = false
			c, i, ok := locate(n)
			if !ok || c < 0 || c >= ncols || i < 0 || i >= colLen(c) {
				t.Fatalf("%s: drawn column %d names cell %d,%d that does not exist", name, x, c, i)
			}
			seen[[2]int{c, i}]++
		}
		if empty {
			t.Fatalf("%s: drawn column %d is empty", name, x)
		}
	}
	total := 0
	for c := 0; c < ncols; c++ {
		for i := 0; i < colLen(c); i++ {
			if seen[[2]int{c, i}] != 1 {
				t.Fatalf("%s: logical cell %d,%d drawn %d times", name, c, i, seen[[2]int{c, i}])
			}
			total++
		}
	}
	if total != len(seen) {
		t.Fatalf("%s: %d places drawn for %d cells", name, len(seen), total)
	}
}
