package roadmap

import "fmt"

// Color is the colour of a derived-road mark: Red means "repeating", Blue means "choppy"
// (spec §3.4); they do not mean Banker and Player.
type Color uint8

// The colours. NoColor is the absence of a mark (an ask-road prediction that makes none).
const (
	NoColor Color = iota
	Red
	Blue
)

// String is "R", "B", or "" for NoColor.
func (c Color) String() string {
	switch c {
	case Red:
		return "R"
	case Blue:
		return "B"
	}
	return ""
}

// Opposite is Blue for Red, Red for Blue, and NoColor for NoColor.
func (c Color) Opposite() Color {
	switch c {
	case Red:
		return Blue
	case Blue:
		return Red
	}
	return NoColor
}

// Derived names one of the three derived roads.
type Derived uint8

// The derived roads, in the order they are drawn.
const (
	BigEyeBoy Derived = iota
	SmallRoad
	CockroachPig
)

// NumDerived is the number of derived roads.
const NumDerived = 3

// K is the road's offset k (spec §3): 1, 2 or 3.
func (d Derived) K() int { return int(d) + 1 }

// String is the road's name in the JSON of `coupboard roads`: big_eye_boy, small_road, cockroach_pig.
func (d Derived) String() string {
	switch d {
	case BigEyeBoy:
		return "big_eye_boy"
	case SmallRoad:
		return "small_road"
	case CockroachPig:
		return "cockroach_pig"
	}
	return fmt.Sprintf("Derived(%d)", uint8(d))
}

// markColor is the mark derived road k makes for a big-road cell at logical column c, row r, given the
// lengths of the big road's logical columns (spec §3.1-3.3), or NoColor before the road starts. Only
// columns before c are read, and they are complete; c is at most len(lens).
func markColor(k, c, r int, lens []int32) Color {
	if c < k || (c == k && r == 0) {
		return NoColor
	}
	if r == 0 {
		if lens[c-1] == lens[c-1-k] {
			return Red
		}
		return Blue
	}
	p := int(lens[c-k])
	if r == p {
		return Blue
	}
	return Red
}

// DerivedRoad is a big eye boy, small road or cockroach pig: its marks in order, their logical columns
// (a new column on each change of colour) and their drawn layout (the big road's dragon tail).
type DerivedRoad struct {
	marks  []Color
	starts []int32 // index in marks of each logical column's first mark
	grid   grid
}

func newDerivedRoad(marks []Color, starts []int32, drawn []DrawnColumn) DerivedRoad {
	return DerivedRoad{marks: marks[:0], starts: starts[:0], grid: newGrid(drawn)}
}

func (d *DerivedRoad) reset() {
	d.marks = d.marks[:0]
	d.starts = d.starts[:0]
	d.grid.reset()
}

func (d *DerivedRoad) add(m Color) {
	n := len(d.marks)
	if n > 0 && d.marks[n-1] == m {
		d.marks = append(d.marks, m)
		d.grid.place(int32(n), false)
		return
	}
	d.starts = append(d.starts, int32(n))
	d.marks = append(d.marks, m)
	d.grid.place(int32(n), true)
}

// Marks is every mark in order. It shares the road's memory: read only.
func (d *DerivedRoad) Marks() []Color { return d.marks }

// NumColumns is the number of logical columns.
func (d *DerivedRoad) NumColumns() int { return len(d.starts) }

// ColumnLen is the length of logical column c (0 when out of range).
func (d *DerivedRoad) ColumnLen(c int) int {
	if c < 0 || c >= len(d.starts) {
		return 0
	}
	end := len(d.marks)
	if c+1 < len(d.starts) {
		end = int(d.starts[c+1])
	}
	return end - int(d.starts[c])
}

// ColumnColor is the colour of logical column c (NoColor when out of range).
func (d *DerivedRoad) ColumnColor(c int) Color {
	if c < 0 || c >= len(d.starts) {
		return NoColor
	}
	return d.marks[d.starts[c]]
}

// MarkAt is mark number n (as in DrawnColumn: the marks in order), or NoColor when there is none.
func (d *DerivedRoad) MarkAt(n int32) Color {
	if n < 0 || int(n) >= len(d.marks) {
		return NoColor
	}
	return d.marks[n]
}

// Locate is the logical column of mark number n and its index within the column; ok is false when there
// is no such mark.
func (d *DerivedRoad) Locate(n int32) (column, index int, ok bool) {
	return locate(d.starts, len(d.marks), n)
}

// Grid is the drawn road, left to right, each column 6 places top to bottom. It shares the road's
// memory: read only.
func (d *DerivedRoad) Grid() []DrawnColumn { return d.grid.cols }

// Window is the last n drawn columns and the newest mark (see Window).
func (d *DerivedRoad) Window(n int) Window { return d.grid.window(n) }
