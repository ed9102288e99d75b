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
	"github.com/coupboard/coupboard/themes"
)

// RoadKind says which road a RoadGrid draws, and so which glyphs it uses.
type RoadKind uint8

// The roads.
const (
	BeadPlate    RoadKind = iota // filled beads with B/P/T (庄/闲/和), pair dots, non-betting rounds hollow
	BigRoad                      // hollow rings with the winner's letter, green tie slashes with counts, pair dots
	BigEyeBoy                    // hollow marks: red ○, blue □
	SmallRoad                    // solid marks: red ●, blue ■
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
	beside bool           // the road's name beside its grid, not above it (setTitleBeside)
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
	sc.panel(0, 0, s.Width, s.Height, p.Panel, p.Grid, 1)
	titleH, sideW := w.titleHeight(s.Height), float32(0)
	if w.beside {
		titleH, sideW = 0, w.paintTitleBeside(&sc)
	} else {
		sc.text(st.Words.T(w.kind.title()), 6, 0, s.Width-12, titleH, titleH*0.78, p.TextMuted, true, fyne.TextAlignLeading)
	}
	cell := (s.Height - titleH - 4) / view.Rows
	if cell <= 0 {
		return sc.objects()
	}
	w.grid = gridPlace{width: s.Width, height: cell*view.Rows + 2, left: sideW + 2, top: titleH, cell: cell, n: columnsThatFit(s.Width-sideW-4, cell)}
	sc.add(w.raster, 0, w.grid.top, w.grid.width, w.grid.height)
	return sc.objects()
}

// titleHeight is the height of the road's name above its grid: the screen's smallest text with
// room round it, or a tenth of a road drawn on its own.
func (w *RoadGrid) titleHeight(h float32) float32 {
	if m := w.style.minText(); m > 0 {
		return m * 1.3
	}
	return min(h*0.11, 32)
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
	gridCol := gridLine(p)
	for i := 0; i <= n; i++ {
		x := gx + float32(i)*cell
		pn.line(x, gy, x, gy+cell*view.Rows, gridCol, 1)
	}
	for j := 0; j <= view.Rows; j++ {
		y := gy + float32(j)*cell
		pn.line(gx, y, gx+float32(n)*cell, y, gridCol, 1)
	}
	eachMark(road, g, func(m markCell) {
		if m.cell.Newest {
			pn.rect(m.x+1, m.y+1, m.size-2, m.size-2, fade(p.Highlight, 0.18), p.Highlight, max(2, m.size*0.08), m.size*0.15)
		}
		paintMark(pn, st, kind, m.cell, m.x, m.y, m.size)
	})
}

// gridLine is the colour of a road's grid lines: the theme's grid colour, faded so that the
// grid stays quieter than the marks on it.
func gridLine(p themes.Palette) color.NRGBA { return fade(p.Grid, 0.6) }

// markCell is a road's cell with a mark, where the grid puts it: its top-left corner and size.
type markCell struct {
	cell       view.Cell
	x, y, size float32
}

// eachMark calls f with every mark of the newest columns of the road that fit in the grid.
func eachMark(road view.Road, g gridPlace, f func(markCell)) {
	cols := road.Columns
	if len(cols) > g.n {
		cols = cols[len(cols)-g.n:]
	}
	for x, col := range cols {
		for y, c := range col {
			if c.Mark != view.MarkNone {
				f(markCell{c, g.left + float32(x)*g.cell, g.top + float32(y)*g.cell, g.cell})
			}
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
		paintDerived(sc, kind, c.Mark, col, x, y, cell)
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
// as well as colour, so that they are told apart without colour and from across the floor:
// red (repeating) is round, blue (choppy) is square, and the cockroach pig's slashes lean
// opposite ways. Each fills most of its cell.
func paintDerived(sc pen, kind RoadKind, m view.Mark, col color.Color, x, y, cell float32) {
	cx, cy := x+cell/2, y+cell/2
	r := cell * 0.4
	blue := m == view.MarkBlue
	switch kind {
	case BigEyeBoy: // hollow: red ○, blue □
		sw := cell * 0.14
		if blue {
			q := r * 0.88
			sc.rect(cx-q, cy-q, 2*q, 2*q, nil, col, sw, 0)
		} else {
			sc.circle(cx, cy, r, nil, col, sw)
		}
	case SmallRoad: // solid: red ●, blue ■
		if blue {
			q := r * 0.92
			sc.rect(cx-q, cy-q, 2*q, 2*q, col, nil, 0, 0)
		} else {
			sc.circle(cx, cy, r, col, nil, 0)
		}
	case CockroachPig: // slashes: red ╱, blue ╲
		sw := max(2, cell*0.17)
		if blue {
			sc.line(x+cell*0.18, y+cell*0.18, x+cell*0.82, y+cell*0.82, col, sw)
		} else {
			sc.line(x+cell*0.18, y+cell*0.82, x+cell*0.82, y+cell*0.18, col, sw)
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

// askGlyph is one glyph of the ask road: the mark a derived road would add, and its cell.
type askGlyph struct {
	kind       RoadKind
	mark       view.Mark
	x, y, cell float32
}

// askLayout is where the ask road's parts lie at a size: the label column's width, the
// height of the "B?"/"P?" row and of each road's row, and the width of each side's column.
type askLayout struct {
	labelW, headH, rowH, colW, pad float32
}

// labelSize is the size of the roads' names: the screen's smallest text, for which the screen
// makes room.
func (w *AskRoad) labelSize(s fyne.Size) float32 {
	if m := w.style.minText(); m > 0 {
		return m
	}
	return s.Height * 0.09
}

func (w *AskRoad) layout(s fyne.Size) askLayout {
	pad := w.pad(s)
	labelW := w.labelWidth(s)
	headH := max(s.Height*0.2, w.labelSize(s)*1.4)
	return askLayout{labelW: labelW, headH: headH, rowH: (s.Height - headH - pad) / 3, colW: (s.Width - labelW - 2*pad) / 2, pad: pad}
}

// pad is the ask road's margin.
func (w *AskRoad) pad(s fyne.Size) float32 {
	if m := w.style.minText(); m > 0 {
		return m * 0.3
	}
	return min(s.Width, s.Height) * 0.04
}

// labelWidth is the width of the column of the roads' names.
func (w *AskRoad) labelWidth(s fyne.Size) float32 {
	ts := w.labelSize(s)
	var labelW float32
	for k := BigEyeBoy; k <= CockroachPig; k++ {
		labelW = max(labelW, fyne.MeasureText(w.style.Words.T(k.title()), ts, fyne.TextStyle{Bold: true}).Width)
	}
	labelW += w.pad(s)
	if w.style.minText() <= 0 {
		labelW = min(labelW, s.Width*0.55)
	}
	return labelW
}

// needWidth is the width the ask road needs to show its glyphs in cells of the size given
// and its words at the screen's smallest text.
func (w *AskRoad) needWidth(cell float32) float32 {
	s := fyne.NewSize(cell*10, cell*6) // a typical shape: only the margins depend on it
	ts := w.labelSize(s)
	col := cell * 1.3
	for _, k := range []i18n.Key{i18n.AskBanker, i18n.AskPlayer} {
		col = max(col, (fyne.MeasureText(w.style.Words.T(k), ts, fyne.TextStyle{Bold: true}).Width+w.pad(s))/0.88)
	}
	return w.labelWidth(s) + 2*col + 2*w.pad(s)
}

// glyphs is every glyph the ask road shows at size s, where it shows it.
func (w *AskRoad) glyphs(s fyne.Size) []askGlyph {
	l := w.layout(s)
	cell := min(l.colW*0.8, l.rowH*0.9)
	var out []askGlyph
	for i, marks := range [][3]view.Mark{w.ask.Banker, w.ask.Player} {
		x := l.pad + l.labelW + float32(i)*l.colW + (l.colW-cell)/2
		for d, m := range marks {
			if m == view.MarkNone {
				continue
			}
			y := l.headH + float32(d)*l.rowH + (l.rowH-cell)/2
			out = append(out, askGlyph{BigEyeBoy + RoadKind(d), m, x, y, cell})
		}
	}
	return out
}

// paint draws the ask road as a small table: "B?" and "P?" over two columns, and a row for
// each derived road, named, with the mark it would add.
func (w *AskRoad) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	st, p := w.style, w.style.palette()
	sc.panel(0, 0, s.Width, s.Height, p.Panel, p.Grid, 1)
	l := w.layout(s)
	ts := w.labelSize(s)
	for i, side := range []struct {
		key  i18n.Key
		mark view.Mark
	}{{i18n.AskBanker, view.MarkBanker}, {i18n.AskPlayer, view.MarkPlayer}} {
		x := l.pad + l.labelW + float32(i)*l.colW
		sc.rect(x+l.colW*0.06, l.headH*0.12, l.colW*0.88, l.headH*0.76, st.markColour(side.mark), nil, 0, l.headH*0.2)
		sc.text(st.Words.T(side.key), x+l.colW*0.06, l.headH*0.12, l.colW*0.88, l.headH*0.76, ts, p.OnAccent, true, fyne.TextAlignCenter)
	}
	for d := 0; d < 3; d++ {
		y := l.headH + float32(d)*l.rowH
		if d > 0 {
			sc.line(l.pad, y, s.Width-l.pad, y, fade(p.Grid, 0.6), 1)
		}
		sc.text(st.Words.T((BigEyeBoy + RoadKind(d)).title()), l.pad, y, l.labelW, l.rowH, ts, p.TextMuted, true, fyne.TextAlignLeading)
		for i, marks := range [][3]view.Mark{w.ask.Banker, w.ask.Player} {
			if marks[d] == view.MarkNone {
				sc.text("–", l.pad+l.labelW+float32(i)*l.colW, y, l.colW, l.rowH, ts, p.TextMuted, false, fyne.TextAlignCenter)
			}
		}
	}
	for _, g := range w.glyphs(s) {
		paintDerived(&sc, g.kind, g.mark, st.markColour(g.mark), g.x, g.y, g.cell)
	}
	return sc.objects()
}
