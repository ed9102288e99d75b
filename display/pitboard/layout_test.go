package pitboard

import "testing"

func TestFit(t *testing.T) {
	tests := []struct {
		name             string
		n, w, h          int
		cols, rows, page int
		pages            int
	}{
		{"one table fills the screen", 1, 1920, 1050, 1, 1, 1, 1},
		{"four tables", 4, 1920, 1050, 2, 2, 4, 1},
		{"24 tables", 24, 1920, 1050, 5, 5, 25, 1},
		{"36 tables page", 36, 1920, 1050, 6, 5, 30, 2},
		{"30 tables fit", 30, 1920, 1050, 6, 5, 30, 1},
		{"200 tables page", 200, 1920, 1050, 6, 5, 30, 7},
		{"portrait", 6, 1080, 1890, 2, 3, 6, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := Fit(tc.n, tc.w, tc.h, 300, 190, 1.7)
			if g.Cols != tc.cols || g.Rows != tc.rows || g.PerPage != tc.page || g.Pages != tc.pages {
				t.Fatalf("Fit = %+v, want %d×%d, %d per page, %d pages", g, tc.cols, tc.rows, tc.page, tc.pages)
			}
			if g.Cols*g.TileW > tc.w || g.Rows*g.TileH > tc.h {
				t.Fatalf("tiles %d×%d of %d×%d overflow %d×%d", g.Cols, g.Rows, g.TileW, g.TileH, tc.w, tc.h)
			}
			if g.Pages > 1 && (g.TileW < 300 || g.TileH < 190) {
				t.Fatalf("paged tiles %d×%d below the minimum", g.TileW, g.TileH)
			}
		})
	}
}

func TestPagesCoverEveryTable(t *testing.T) {
	for _, n := range []int{1, 7, 30, 31, 200, 257} {
		g := Fit(n, 1920, 1050, 300, 190, 1.7)
		seen := make([]int, n)
		for p := range g.Pages {
			from, to := g.Page(p, n)
			if to-from > g.PerPage || from >= to {
				t.Fatalf("n=%d page %d: [%d,%d)", n, p, from, to)
			}
			for i := from; i < to; i++ {
				seen[i]++
			}
		}
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("n=%d: table %d on %d pages", n, i, c)
			}
		}
		if from, _ := g.Page(g.Pages, n); from != 0 {
			t.Fatalf("n=%d: page %d does not rotate back to the first", n, g.Pages)
		}
	}
}

func TestThousandsAndCells(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 25000: "25,000", 1234567: "1,234,567", -5000: "-5,000"} {
		if got := money(100 * n); got != want {
			t.Errorf("money(%d) = %q, want %q", 100*n, got, want)
		}
	}
	g := Grid{Cols: 3, Rows: 2, TileW: 100, TileH: 50}
	if x, y := g.Cell(4, 10, 20); x != 110 || y != 70 {
		t.Fatalf("Cell(4) = %d,%d", x, y)
	}
}
