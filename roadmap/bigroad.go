package roadmap

import (
	"sort"

	"github.com/coupboard/coupboard/engine"
)

// Cell is one cell of the big road: a Banker or Player hand and the ties that followed it.
type Cell struct {
	// Ties is the number of ties after this cell's hand (before the next B/P hand); the first cell also
	// carries the ties dealt before it (spec §2). Drawn as a green slash, with the number when above 1.
	Ties int
	// Round is the index of the hand that made the cell, as counted by Roads.Append (-1 for the
	// placeholder).
	Round int
	// Winner is Banker or Player; Tie only for the placeholder shown while the shoe has had ties only.
	Winner engine.Winner
	// BankerPair and PlayerPair are the pairs of the hand that made the cell (a tie's pairs are shown on
	// the bead plate only).
	BankerPair, PlayerPair bool
}

// BigRoad is the big road: logical columns of runs of one winner, ties ignored, and their drawn layout.
type BigRoad struct {
	cells       []Cell
	starts      []int32 // index in cells of each logical column's first cell
	lens        []int32 // length of each logical column
	placeholder bool    // cells[0] is the leading-tie placeholder
	grid        grid
}

func newBigRoad(cells []Cell, starts, lens []int32, drawn []DrawnColumn) BigRoad {
	return BigRoad{cells: cells[:0], starts: starts[:0], lens: lens[:0], grid: newGrid(drawn)}
}

func (b *BigRoad) reset() {
	b.cells = b.cells[:0]
	b.starts = b.starts[:0]
	b.lens = b.lens[:0]
	b.placeholder = false
	b.grid.reset()
}

// NumColumns is the number of logical columns.
func (b *BigRoad) NumColumns() int { return len(b.starts) }

// ColumnLen is the length of logical column c (0 when out of range).
func (b *BigRoad) ColumnLen(c int) int {
	if c < 0 || c >= len(b.lens) {
		return 0
	}
	return int(b.lens[c])
}

// Column is logical column c, top to bottom (nil when out of range). It shares the road's memory: read only.
func (b *BigRoad) Column(c int) []Cell {
	if c < 0 || c >= len(b.starts) {
		return nil
	}
	s, e := int(b.starts[c]), int(b.starts[c]+b.lens[c])
	return b.cells[s:e:e]
}

// Columns is every logical column, left to right (a new outer slice over the road's cells).
func (b *BigRoad) Columns() [][]Cell {
	out := make([][]Cell, len(b.starts))
	for c := range out {
		out[c] = b.Column(c)
	}
	return out
}

// CellAt is cell number n (as in DrawnColumn: the cells in the order they were added), and whether it
// exists.
func (b *BigRoad) CellAt(n int32) (Cell, bool) {
	if n < 0 || int(n) >= len(b.cells) {
		return Cell{}, false
	}
	return b.cells[n], true
}

// Locate is the logical column of cell number n and its index within the column; ok is false when there
// is no such cell.
func (b *BigRoad) Locate(n int32) (column, index int, ok bool) {
	return locate(b.starts, len(b.cells), n)
}

// locate finds flat element n in columns starting at starts, of total elements in all.
func locate(starts []int32, total int, n int32) (column, index int, ok bool) {
	if n < 0 || int(n) >= total {
		return 0, 0, false
	}
	c := sort.Search(len(starts), func(i int) bool { return starts[i] > n }) - 1
	return c, int(n - starts[c]), true
}

// Placeholder reports whether the road holds only the placeholder cell of leading ties.
func (b *BigRoad) Placeholder() bool { return b.placeholder }

// Grid is the drawn road, left to right, each column 6 places top to bottom. It shares the road's
// memory: read only.
func (b *BigRoad) Grid() []DrawnColumn { return b.grid.cols }

// Window is the last n drawn columns and the newest cell (see Window).
func (b *BigRoad) Window(n int) Window { return b.grid.window(n) }

// last is the newest B/P cell's logical column and row; c is -1 when there is none.
func (b *BigRoad) last() (c, r int) {
	if len(b.starts) == 0 || b.placeholder {
		return -1, -1
	}
	c = len(b.starts) - 1
	return c, len(b.cells) - 1 - int(b.starts[c])
}

// addTie records a tie hand.
func (b *BigRoad) addTie() {
	if len(b.cells) > 0 {
		b.cells[len(b.cells)-1].Ties++
		return
	}
	b.cells = append(b.cells, Cell{Winner: engine.Tie, Ties: 1, Round: -1})
	b.starts = append(b.starts, 0)
	b.lens = append(b.lens, 1)
	b.placeholder = true
	b.grid.place(0, true)
}

// add records a Banker or Player hand and returns the logical column and row of its cell.
func (b *BigRoad) add(h Hand, round int) (c, r int) {
	cell := Cell{Winner: h.Winner, BankerPair: h.BankerPair, PlayerPair: h.PlayerPair, Round: round}
	if b.placeholder {
		cell.Ties = b.cells[0].Ties
		b.cells[0] = cell
		b.placeholder = false
		return 0, 0
	}
	n := len(b.cells)
	if n > 0 && b.cells[n-1].Winner == h.Winner {
		c = len(b.starts) - 1
		r = n - int(b.starts[c])
		b.cells = append(b.cells, cell)
		b.lens[c]++
		b.grid.place(int32(n), false)
		return c, r
	}
	c = len(b.starts)
	b.starts = append(b.starts, int32(n))
	b.lens = append(b.lens, 1)
	b.cells = append(b.cells, cell)
	b.grid.place(int32(n), true)
	return c, 0
}
