package display

import (
	"image"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/display/sample"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/themes"
)

// inked counts the pixels of r in img that are not transparent.
func inked(img *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y).A > 0 {
				n++
			}
		}
	}
	return n
}

func TestPixmapShapes(t *testing.T) {
	red := color.NRGBA{R: 200, A: 255}
	newPixmap := func() *pixmap {
		g, err := newGlyphCache()
		if err != nil {
			t.Fatal(err)
		}
		// 2 pixels per unit, the image's corner at unit (10, 5)
		return &pixmap{img: image.NewRGBA(image.Rect(0, 0, 100, 60)), scale: 2, ox: 10, oy: 5, glyphs: g}
	}
	t.Run("filled circle", func(t *testing.T) {
		m := newPixmap()
		m.circle(30, 20, 10, red, nil, 0) // centre at pixel (40, 30), radius 20 pixels
		if c := m.img.RGBAAt(40, 30); c != (color.RGBA{R: 200, A: 255}) {
			t.Errorf("centre = %v, want the fill", c)
		}
		if c := m.img.RGBAAt(40+15, 30); c.A != 255 {
			t.Errorf("inside the edge = %v, want opaque", c)
		}
		if n := inked(m.img, image.Rect(0, 0, 19, 60)); n != 0 {
			t.Errorf("%d pixels inked left of the circle", n)
		}
		partial := 0 // pixels on the edge, partly covered
		for y := 10; y < 50; y++ {
			for x := 20; x < 60; x++ {
				if a := m.img.RGBAAt(x, y).A; a > 0 && a < 255 {
					partial++
				}
			}
		}
		if partial < 40 {
			t.Errorf("%d partly covered pixels on the edge, want it anti-aliased", partial)
		}
	})
	t.Run("ring has a hole", func(t *testing.T) {
		m := newPixmap()
		m.circle(30, 20, 10, nil, red, 2)
		if a := m.img.RGBAAt(40, 30).A; a != 0 {
			t.Errorf("centre alpha = %d, want the hole", a)
		}
		if a := m.img.RGBAAt(60, 30).A; a != 255 { // the stroke is centred on the radius
			t.Errorf("on the ring alpha = %d, want opaque", a)
		}
	})
	t.Run("grid line stays sharp", func(t *testing.T) {
		m := newPixmap()
		m.line(20, 5, 20, 35, red, 1) // pixel column 20, two pixels wide at this scale
		for x := 18; x <= 22; x++ {
			want := uint8(0)
			if x == 19 || x == 20 {
				want = 255
			}
			if a := m.img.RGBAAt(x, 30).A; a != want {
				t.Errorf("column %d alpha = %d, want %d", x, a, want)
			}
		}
	})
	t.Run("diagonal line", func(t *testing.T) {
		m := newPixmap()
		m.line(10, 5, 40, 35, red, 2)
		if a := m.img.RGBAAt(30, 30).A; a != 255 {
			t.Errorf("on the line alpha = %d, want opaque", a)
		}
		if a := m.img.RGBAAt(50, 10).A; a != 0 {
			t.Errorf("off the line alpha = %d, want 0", a)
		}
	})
	t.Run("text inks its box, centred", func(t *testing.T) {
		m := newPixmap()
		w := m.text("B", 20, 10, 20, 20, 12, red, true, fyne.TextAlignCenter) // pixels (20,10)-(60,50)
		if w <= 0 || w > 20 {
			t.Fatalf("width = %v units", w)
		}
		box := image.Rect(20, 10, 60, 50)
		if n := inked(m.img, box); n < 50 {
			t.Errorf("%d pixels inked in the box, want the letter", n)
		}
		if n := inked(m.img, m.img.Rect) - inked(m.img, box); n != 0 {
			t.Errorf("%d pixels inked outside the box", n)
		}
		left, right := inked(m.img, image.Rect(20, 10, 40, 50)), inked(m.img, image.Rect(40, 10, 60, 50))
		if left == 0 || right == 0 || left > 2*right || right > 2*left {
			t.Errorf("ink left %d, right %d: not centred", left, right)
		}
	})
	t.Run("text too wide shrinks", func(t *testing.T) {
		m := newPixmap()
		if w := m.text("BANKER BANKER", 10, 5, 20, 20, 12, red, false, fyne.TextAlignLeading); w > 20 {
			t.Errorf("width = %v units, want at most the box's 20", w)
		}
	})
	t.Run("CJK glyphs", func(t *testing.T) {
		m := newPixmap()
		m.text("庄", 10, 5, 20, 20, 14, red, true, fyne.TextAlignCenter)
		if n := inked(m.img, m.img.Rect); n < 50 {
			t.Errorf("%d pixels inked for 庄", n)
		}
	})
}

// TestRoadGridImageFollowsRoad checks that the grid's image is drawn from the road it was last
// given, at the pixel size asked.
func TestRoadGridImageFollowsRoad(t *testing.T) {
	test.NewTempApp(t)
	g := NewRoadGrid(Style{Theme: themes.Classic()}, BigRoad)
	w := test.NewTempWindow(t, g)
	w.Resize(fyne.NewSize(600, 200))
	g.Resize(fyne.NewSize(600, 200))
	test.WidgetRenderer(g).Layout(g.Size())
	// snapshot is a copy of the grid's image at 2 pixels per unit (the grid reuses its buffer).
	snapshot := func() *image.RGBA {
		img := g.image(1200, int(2*g.grid.height)).(*image.RGBA)
		out := image.NewRGBA(img.Rect)
		copy(out.Pix, img.Pix)
		return out
	}
	empty := snapshot()
	if empty.Rect.Dx() != 1200 {
		t.Fatalf("image width %d, want the 1200 pixels asked", empty.Rect.Dx())
	}
	if inked(empty, empty.Rect) == 0 {
		t.Fatal("no grid lines drawn")
	}
	var col view.Column
	col[0] = view.Cell{Mark: view.MarkBanker}
	col[1] = view.Cell{Mark: view.MarkBanker, Newest: true}
	g.Set(view.Road{Columns: []view.Column{col}})
	marked := snapshot()
	cell := int(2 * g.grid.cell)
	first := image.Rect(4, 0, 4+cell, 2*cell+2) // the first column's top two cells
	if n := inked(marked, first) - inked(empty, first); n < cell*cell/2 {
		t.Errorf("the first column gained %d inked pixels, want two marks", n)
	}
	later := image.Rect(4+2*cell, 0, 4+3*cell, 2*cell+2) // the third column: still empty
	if inked(marked, later) != inked(empty, later) {
		t.Error("a mark was drawn in an empty column")
	}
	g.Set(view.Road{})
	if n := inked(snapshot(), first); n != inked(empty, first) {
		t.Errorf("after the road is emptied the first column has %d inked pixels, want the grid's %d", n, inked(empty, first))
	}
}

// BenchmarkRoadImages measures what a coup's end costs the road grids: drawing the images of
// the five roads of a mid-shoe screen at their 1280x720 sizes (the texture upload is the
// driver's, not here).
func BenchmarkRoadImages(b *testing.B) {
	test.NewTempApp(b)
	s, err := sample.State("midshoe")
	if err != nil {
		b.Fatal(err)
	}
	scr := NewTableScreen(Style{Theme: themes.Classic()})
	w := test.NewTempWindow(b, scr)
	w.Resize(fyne.NewSize(1280, 720))
	scr.Apply(s)
	w.Canvas().Refresh(scr)
	grids := []*RoadGrid{scr.bead, scr.big, scr.bigEye, scr.small, scr.cockroach}
	for b.Loop() {
		for _, g := range grids {
			size := g.raster.Size()
			g.image(int(size.Width), int(size.Height))
		}
	}
}
