package display

import (
	"fmt"
	"image"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/view"
)

// RoadKind says which road a RoadGrid draws, and so which glyphs it uses.
type RoadKind uint8

// The roads.
const (
	BeadPlate    RoadKind = iota // filled beads with B/P/T (庄/闲/和), pair dots, non-betting rounds hollow
	BigRoad                      // hollow rings with the winner's letter, green tie slashes with counts, pair dots
	BigEyeBoy                    // hollow circles: red ○, blue ⊙
	SmallRoad                    // solid dots: red ●, blue ◉
	CockroachPig                 // slashes: red ╱, blue ╲
)

// title is the road's name.
func (k RoadKind) title() i18n.Key {
	switch k {
	case BeadPlate:
		return i18n.RoadBead
	case BigRoad:
		return i18n.RoadBig
	case BigEyeBoy:
		return i18n.RoadBigEye
	case SmallRoad:
		return i18n.RoadSmall
	}
	return i18n.RoadCockroach
}

// RoadGrid draws one road from its view model: a 6-row grid of the newest columns that
// fit, scrolling by whole columns, with the newest mark highlighted. It has no road logic:
// every mark is where the roadmap put it. The grid and its marks are one image (pixmap), made
// again only when the road or the size changes.
type RoadGrid struct {
	widget.BaseWidget
	style Style
	kind  RoadKind
	road  view.Road

	grid   gridPlace      // where the grid lies, as last painted
	raster *canvas.Raster // the grid and its marks
	img    *image.RGBA    // the raster's last image, reused when the size is the same
	glyphs *glyphCache    // shared by the table screen's grids; made at the first image when nil
}

// gridPlace is the geometry of a road's grid, in the widget's units: the image covers
// (0, top) to (width, top+height); the grid starts at (left, top) with n columns of cell.
type gridPlace struct {
	width, height, left, top, cell float32
	n                              int
}

// NewRoadGrid is a grid for the road of the given kind.
func NewRoadGrid(st Style, kind RoadKind) *RoadGrid {
	w := &RoadGrid{style: st, kind: kind}
	w.raster = canvas.NewRaster(w.image)
	// The image is made at the size it is drawn: nearest-pixel sampling shows it exactly and,
	// under a software renderer, costs less per frame than the default smooth (linear) filter.
	w.raster.ScaleMode = canvas.ImageScalePixels
	w.ExtendBaseWidget(w)
	return w
}

// Set shows the road.
func (w *RoadGrid) Set(r view.Road) {
	w.road = r
	w.Refresh()
	canvas.Refresh(w.raster) // its image is out of date; the same object, so adopt sees no change
}

// CreateRenderer is Fyne's hook to draw the widget.
func (w *RoadGrid) CreateRenderer() fyne.WidgetRenderer {
	return newPaintRenderer(w, w.paint, func() fyne.Size { return fyne.NewSize(120, 60) })
}

// Columns is how many columns of cell size fit in a width: the window the road shows.
func columnsThatFit(width, cell float32) int {
	if cell <= 0 {
		return 0
	}
	return int(width / cell)
}

func (w *RoadGrid) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	st, p := w.style, w.style.palette()
	titleH := min(s.Height*0.11, 32)
	sc.panel(0, 0, s.Width, s.Height, p.Panel, p.Grid, 1)
	sc.text(st.Words.T(w.kind.title()), 6, 0, s.Width-12, titleH, titleH*0.75, p.TextMuted, true, fyne.TextAlignLeading)
	cell := (s.Height - titleH - 4) / view.Rows
	if cell <= 0 {
		return sc.objects()
	}
	w.grid = gridPlace{width: s.Width, height: cell*view.Rows + 2, left: 2, top: titleH, cell: cell, n: columnsThatFit(s.Width-4, cell)}
	sc.add(w.raster, 0, w.grid.top, w.grid.width, w.grid.height)
	return sc.objects()
}

// image is the raster's generator: the grid and its marks at wpx × hpx pixels.
func (w *RoadGrid) image(wpx, hpx int) image.Image {
	if w.img == nil || w.img.Rect.Dx() != wpx || w.img.Rect.Dy() != hpx {
		w.img = image.NewRGBA(image.Rect(0, 0, wpx, hpx))
	} else {
		clear(w.img.Pix)
	}
	g := w.grid
	if g.width <= 0 || wpx <= 0 {
		return w.img
	}
	if w.glyphs == nil {
		w.glyphs, _ = newGlyphCache() // the fonts are embedded: parsing them does not fail
	}
	pm := &pixmap{img: w.img, scale: float32(wpx) / g.width, oy: g.top, glyphs: w.glyphs}
	drawGrid(pm, w.style, w.kind, w.road, g)
	return w.img
}

// drawGrid draws the grid lines and the newest columns of the road that fit.
func drawGrid(pn pen, st Style, kind RoadKind, road view.Road, g gridPlace) {
	p := st.palette()
	gx, gy, cell, n := g.left, g.top, g.cell, g.n
	for i := 0; i <= n; i++ {
		x := gx + float32(i)*cell
		pn.line(x, gy, x, gy+cell*view.Rows, fade(p.Grid, 0.6), 1)
	}
	for j := 0; j <= view.Rows; j++ {
		y := gy + float32(j)*cell
		pn.line(gx, y, gx+float32(n)*cell, y, fade(p.Grid, 0.6), 1)
	}
	cols := road.Columns
	if len(cols) > n {
		cols = cols[len(cols)-n:]
	}
	for x, col := range cols {
		for y, c := range col {
			if c.Mark == view.MarkNone {
				continue
			}
			cx, cy := gx+float32(x)*cell, gy+float32(y)*cell
			if c.Newest {
				pn.rect(cx+1, cy+1, cell-2, cell-2, fade(p.Highlight, 0.18), p.Highlight, max(2, cell*0.08), cell*0.15)
			}
			paintMark(pn, st, kind, c, cx, cy, cell)
		}
	}
}

// paintMark draws one road cell's mark in the cell at (x, y) of size cell.
func paintMark(sc pen, st Style, kind RoadKind, c view.Cell, x, y, cell float32) {
	p := st.palette()
	col := st.markColour(c.Mark)
	cx, cy := x+cell/2, y+cell/2
	switch kind {
	case BeadPlate:
		r := cell * 0.42
		if c.NoBet { // a non-betting round: hollow, so it is marked without colour alone
			sc.circle(cx, cy, r, p.Panel, col, cell*0.1)
			sc.text(st.letter(c.Mark), cx-r, cy-r, 2*r, 2*r, r*1.15, col, true, fyne.TextAlignCenter)
		} else {
			sc.circle(cx, cy, r, col, nil, 0)
			sc.text(st.letter(c.Mark), cx-r, cy-r, 2*r, 2*r, r*1.15, p.OnAccent, true, fyne.TextAlignCenter)
		}
		pairDots(sc, p.Banker, p.Player, p.Panel, c, x, y, cell)
	case BigRoad:
		r := cell * 0.38
		if c.Mark != view.MarkTie {
			sc.circle(cx, cy, r, nil, col, cell*0.11)
			sc.text(st.letter(c.Mark), cx-r, cy-r, 2*r, 2*r, r*1.0, col, true, fyne.TextAlignCenter)
		}
		if c.Ties > 0 {
			sc.line(x+cell*0.18, y+cell*0.82, x+cell*0.82, y+cell*0.18, p.Tie, max(2, cell*0.1))
			if c.Ties > 1 || c.Mark == view.MarkTie {
				sc.text(fmt.Sprint(c.Ties), x+cell*0.5, y, cell*0.5, cell*0.45, cell*0.4, p.Tie, true, fyne.TextAlignTrailing)
			}
		}
		pairDots(sc, p.Banker, p.Player, p.Panel, c, x, y, cell)
	default:
		paintDerived(sc, p.Panel, kind, c.Mark, col, x, y, cell)
	}
}

// pairDots draws the pair dots: Banker pair top-left, Player pair bottom-right (roadmap.md §1).
func pairDots(sc pen, banker, player, ring color.Color, c view.Cell, x, y, cell float32) {
	r := cell * 0.16
	if c.BankerPair {
		sc.circle(x+cell*0.17, y+cell*0.17, r, banker, ring, r*0.35)
	}
	if c.PlayerPair {
		sc.circle(x+cell*0.83, y+cell*0.83, r, player, ring, r*0.35)
	}
}

// paintDerived draws a derived-road mark or an ask-road glyph. Red and blue differ in shape
// as well as colour: blue (choppy) has a centre dot or a hole, or slants the other way.
func paintDerived(sc pen, hole color.Color, kind RoadKind, m view.Mark, col color.Color, x, y, cell float32) {
	cx, cy := x+cell/2, y+cell/2
	r := cell * 0.36
	blue := m == view.MarkBlue
	switch kind {
	case BigEyeBoy:
		sc.circle(cx, cy, r, nil, col, cell*0.13)
		if blue {
			sc.circle(cx, cy, r*0.3, col, nil, 0)
		}
	case SmallRoad:
		sc.circle(cx, cy, r, col, nil, 0)
		if blue {
			sc.circle(cx, cy, r*0.35, hole, nil, 0)
		}
	case CockroachPig:
		if blue {
			sc.line(x+cell*0.2, y+cell*0.2, x+cell*0.8, y+cell*0.8, col, max(2, cell*0.16))
		} else {
			sc.line(x+cell*0.2, y+cell*0.8, x+cell*0.8, y+cell*0.2, col, max(2, cell*0.16))
		}
	}
}

// AskRoad is the ask road: under "B?" and "P?", the mark each derived road would add
// (big eye boy, small road, cockroach pig), drawn with the roads' own glyphs.
type AskRoad struct {
	widget.BaseWidget
	style Style
	ask   view.Ask
}

// NewAskRoad is an ask road widget.
func NewAskRoad(st Style) *AskRoad {
	w := &AskRoad{style: st}
	w.ExtendBaseWidget(w)
	return w
}

// Set shows the predictions.
func (w *AskRoad) Set(a view.Ask) { w.ask = a; w.Refresh() }

// CreateRenderer is Fyne's hook to draw the widget.
func (w *AskRoad) CreateRenderer() fyne.WidgetRenderer {
	return newPaintRenderer(w, w.paint, func() fyne.Size { return fyne.NewSize(80, 120) })
}

func (w *AskRoad) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	st, p := w.style, w.style.palette()
	sc.panel(0, 0, s.Width, s.Height, p.Panel, p.Grid, 1)
	colW := s.Width / 2
	labelH := s.Height * 0.2
	cell := min(colW*0.7, (s.Height-labelH)/3.3)
	for i, side := range []struct {
		key   i18n.Key
		mark  view.Mark
		marks [3]view.Mark
	}{{i18n.AskBanker, view.MarkBanker, w.ask.Banker}, {i18n.AskPlayer, view.MarkPlayer, w.ask.Player}} {
		x := float32(i) * colW
		col := st.markColour(side.mark)
		sc.rect(x+colW*0.08, labelH*0.1, colW*0.84, labelH*0.8, col, nil, 0, labelH*0.2)
		sc.text(st.Words.T(side.key), x+colW*0.08, labelH*0.1, colW*0.84, labelH*0.8, labelH*0.55, p.OnAccent, true, fyne.TextAlignCenter)
		for d, m := range side.marks {
			cy := labelH + float32(d)*(s.Height-labelH)/3
			cx := x + (colW-cell)/2
			if m == view.MarkNone {
				sc.text("–", cx, cy, cell, cell, cell*0.6, p.TextMuted, false, fyne.TextAlignCenter)
				continue
			}
			paintDerived(&sc, p.Panel, BigEyeBoy+RoadKind(d), m, st.markColour(m), cx, cy, cell)
		}
	}
	return sc.objects()
}
