package pitboard

// Grid is how the tiles of a page are laid out on the screen.
type Grid struct {
	Cols, Rows   int // tiles across and down a page
	PerPage      int // Cols × Rows
	Pages        int // pages needed for every table (at least 1)
	TileW, TileH int // tile size in pixels, gaps included
}

// Fit lays out n tables in a w×h area: the grid whose tiles are largest while keeping about
// the aspect ratio aspect (width/height); when that would make tiles smaller than minW×minH,
// as many tiles of at least that size as fit on a page, and pages (spec/display.md §3).
func Fit(n, w, h, minW, minH int, aspect float64) Grid {
	if n < 1 {
		n = 1
	}
	w, h = max(w, 1), max(h, 1)
	minW, minH = max(minW, 1), max(minH, 1)
	best, bestScore := Grid{}, -1.0
	for cols := 1; cols <= n; cols++ {
		rows := (n + cols - 1) / cols
		tw, th := w/cols, h/rows
		// The usable tile is the largest one of the wanted aspect inside tw×th.
		uw := min(float64(tw), float64(th)*aspect)
		if uw > bestScore {
			best, bestScore = Grid{Cols: cols, Rows: rows, TileW: tw, TileH: th}, uw
		}
	}
	if best.TileW < minW || best.TileH < minH {
		cols, rows := max(1, w/minW), max(1, h/minH)
		best = Grid{Cols: cols, Rows: rows, TileW: w / cols, TileH: h / rows}
	}
	best.PerPage = best.Cols * best.Rows
	best.Pages = (n + best.PerPage - 1) / best.PerPage
	return best
}

// Page is the range [from, to) of table indices shown on page p (taken modulo the pages).
func (g Grid) Page(p, n int) (from, to int) {
	if g.Pages <= 0 || g.PerPage <= 0 {
		return 0, 0
	}
	p %= g.Pages
	if p < 0 {
		p += g.Pages
	}
	from = p * g.PerPage
	return from, min(n, from+g.PerPage)
}

// Cell is the pixel origin of the i-th tile of a page, laid out row by row from (x0, y0).
func (g Grid) Cell(i, x0, y0 int) (x, y int) {
	return x0 + (i%g.Cols)*g.TileW, y0 + (i/g.Cols)*g.TileH
}
