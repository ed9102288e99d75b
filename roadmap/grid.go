package roadmap

// Rows is the height of every road: six rows, row 0 at the top.
const Rows = 6

// NoCell is the entry of an empty place in a DrawnColumn.
const NoCell = -1

// DrawnColumn is one drawn column of a road, top to bottom. Each entry is the number of the cell (big
// road) or mark (derived road) drawn there, counting from 0 in the order they were added, or NoCell.
// BigRoad.CellAt, BigRoad.Locate and DerivedRoad.MarkAt turn the number into what to draw.
type DrawnColumn [Rows]int32

// emptyColumn is a drawn column with nothing drawn.
func emptyColumn() DrawnColumn {
	return DrawnColumn{NoCell, NoCell, NoCell, NoCell, NoCell, NoCell}
}

// Window is the part of a drawn road a screen shows: at most N drawn columns, and where the newest mark is.
type Window struct {
	// First is the index, in the whole drawn road, of Columns[0].
	First int
	// Columns are the drawn columns shown, left to right. The slice shares the road's memory: read it
	// before the next change of the roads, and do not modify it.
	Columns []DrawnColumn
	// NewestX and NewestY locate the newest mark within Columns (column, row); both are -1 when the road
	// is empty.
	NewestX, NewestY int
}

// grid lays out the cells of a road with the gravity dragon tail of spec/roadmap.md §2: a column's first
// cell goes to row 0 one drawn column right of where the previous column started (further right while
// that cell is taken); each next cell goes down when the cell below exists and is free, otherwise right.
type grid struct {
	cols   []DrawnColumn
	startX int // drawn column where the current logical column started
	x, y   int // drawn position of the newest cell; x is -1 when the grid is empty
}

func newGrid(cols []DrawnColumn) grid {
	return grid{cols: cols[:0], x: -1, y: -1}
}

func (g *grid) reset() {
	g.cols = g.cols[:0]
	g.startX, g.x, g.y = 0, -1, -1
}

func (g *grid) taken(x, y int) bool {
	return x < len(g.cols) && g.cols[x][y] != NoCell
}

// place draws cell number n, the next one; newColumn says whether it starts a logical column.
func (g *grid) place(n int32, newColumn bool) {
	switch {
	case g.x < 0:
		g.startX, g.x, g.y = 0, 0, 0
	case newColumn:
		x := g.startX + 1
		for g.taken(x, 0) {
			x++
		}
		g.startX, g.x, g.y = x, x, 0
	case g.y+1 < Rows && !g.taken(g.x, g.y+1):
		g.y++
	default:
		x := g.x + 1
		for g.taken(x, g.y) {
			x++
		}
		g.x = x
	}
	for len(g.cols) <= g.x {
		g.cols = append(g.cols, emptyColumn())
	}
	g.cols[g.x][g.y] = n
}

// window is the last n drawn columns, moved left when needed so that the newest cell is shown.
func (g *grid) window(n int) Window {
	if n <= 0 || g.x < 0 {
		return Window{NewestX: -1, NewestY: -1}
	}
	first := len(g.cols) - n
	if first > g.x {
		first = g.x
	}
	if first < 0 {
		first = 0
	}
	last := first + n
	if last > len(g.cols) {
		last = len(g.cols)
	}
	return Window{First: first, Columns: g.cols[first:last], NewestX: g.x - first, NewestY: g.y}
}
