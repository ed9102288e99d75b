package display

import (
	"fmt"
	"image/color"
	"math"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/test"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/sample"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/themes"
)

// The floors of issue 23 at 1920×1080 (and 1080×1920): the cap height of any text a player
// reads, and the size of a road mark, in pixels (≈ 8 mm and 9 mm on a 43″ panel).
const (
	capFloor  = 16
	markFloor = 18
)

// capRatio is the cap height of the bundled font of the weight, per pixel of text size: the
// ink height of "H" measured from the font at 100 px.
func capRatio(t *testing.T, bold bool) float32 {
	t.Helper()
	w := themes.Regular
	if bold {
		w = themes.Bold
	}
	f, err := opentype.Parse(themes.Font(w))
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 100, DPI: 72})
	if err != nil {
		t.Fatal(err)
	}
	ink, _ := font.BoundString(face, "H")
	return float32((ink.Max.Y - ink.Min.Y).Round()) / 100
}

// markRecorder is a pen that draws nothing and keeps the box of everything drawn with it.
type markRecorder struct{ x0, y0, x1, y1 float32 }

func (r *markRecorder) grow(x0, y0, x1, y1 float32) {
	if r.x1 <= r.x0 { // empty
		r.x0, r.y0, r.x1, r.y1 = x0, y0, x1, y1
		return
	}
	r.x0, r.y0, r.x1, r.y1 = min(r.x0, x0), min(r.y0, y0), max(r.x1, x1), max(r.y1, y1)
}

func (r *markRecorder) rect(x, y, w, h float32, _, _ color.Color, sw, _ float32) {
	r.grow(x-sw/2, y-sw/2, x+w+sw/2, y+h+sw/2)
}

func (r *markRecorder) circle(cx, cy, rad float32, _, _ color.Color, sw float32) {
	r.grow(cx-rad-sw/2, cy-rad-sw/2, cx+rad+sw/2, cy+rad+sw/2)
}

func (r *markRecorder) line(x1, y1, x2, y2 float32, _ color.Color, w float32) {
	r.grow(min(x1, x2)-w/2, min(y1, y2)-w/2, max(x1, x2)+w/2, max(y1, y2)+w/2)
}

func (r *markRecorder) text(string, float32, float32, float32, float32, float32, color.Color, bool, fyne.TextAlign) float32 {
	return 0 // a letter inside a mark is part of the mark: the mark's shapes give its size
}

// size is the smaller side of the box recorded: a mark is as legible as its narrow side.
func (r *markRecorder) size() float32 { return min(r.x1-r.x0, r.y1-r.y0) }

// layoutScreen lays the table screen out for the sample state at size, as the window and the
// goldens do, without painting it.
func layoutScreen(t *testing.T, st Style, state string, size fyne.Size) *TableScreen {
	t.Helper()
	s, err := sample.State(state)
	if err != nil {
		t.Fatal(err)
	}
	return layOut(st, s, size)
}

// layOut lays the table screen out for s at size, as the window and the goldens do.
func layOut(st Style, s view.Screen, size fyne.Size) *TableScreen {
	scr := NewTableScreen(st)
	scr.Apply(s)
	c := software.NewCanvas()
	c.SetPadded(false)
	c.SetContent(scr)
	c.Resize(size)
	return scr
}

// walkTexts calls f with every text object under o, with the path of widgets to it.
func walkTexts(o fyne.CanvasObject, path string, f func(path string, t *canvas.Text)) {
	switch v := o.(type) {
	case *canvas.Text:
		f(path, v)
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(v).Objects() {
			walkTexts(c, path+"/"+fmt.Sprintf("%T", c), f)
		}
	case *fyne.Container:
		for _, c := range v.Objects {
			walkTexts(c, path, f)
		}
	}
}

// overlaps lists the texts of the screen's panels that leave their panel or overlap another
// text of it: a text too large for the room it was given (each text object is as tall as its
// line of type, and its letters stand in the middle of it). A text drawn across another's
// width on purpose (a letter in a mark) is not counted.
func overlaps(scr *TableScreen) []string {
	var out []string
	for _, o := range test.WidgetRenderer(scr).Objects() {
		w, ok := o.(fyne.Widget)
		if !ok {
			continue
		}
		size := w.Size()
		var boxes []*canvas.Text
		for _, c := range test.WidgetRenderer(w).Objects() {
			if tx, ok := c.(*canvas.Text); ok && tx.Text != "" {
				boxes = append(boxes, tx)
			}
		}
		const slack = 1.5 // px: rounding, and the half-pixel a line of type may reach
		for i, a := range boxes {
			ap, as := a.Position(), a.Size()
			aw := fyne.MeasureText(a.Text, a.TextSize, a.TextStyle).Width
			ax0, ax1 := inkX(ap.X, as.Width, aw, a.Alignment)
			ay0, ay1 := inkY(a)
			if ay0 < -slack || ay1 > size.Height+slack || ax0 < -slack || ax1 > size.Width+slack {
				out = append(out, fmt.Sprintf("%T: %q (%.0f-%.0f × %.0f-%.0f) leaves its panel (%.0f×%.0f)", w, a.Text, ax0, ax1, ay0, ay1, size.Width, size.Height))
			}
			for _, b := range boxes[i+1:] {
				bp, bs := b.Position(), b.Size()
				bw := fyne.MeasureText(b.Text, b.TextSize, b.TextStyle).Width
				bx0, bx1 := inkX(bp.X, bs.Width, bw, b.Alignment)
				by0, by1 := inkY(b)
				if ax0 >= bx1-slack || bx0 >= ax1-slack || ay0 >= by1-slack || by0 >= ay1-slack {
					continue // apart
				}
				if inside(ax0, ax1, bx0, bx1) || inside(bx0, bx1, ax0, ax1) {
					continue // one drawn within the other on purpose
				}
				out = append(out, fmt.Sprintf("%T: %q and %q overlap", w, a.Text, b.Text))
			}
		}
	}
	return out
}

// inkX is where a text of width tw lies across its box (x, w) with its alignment.
func inkX(x, w, tw float32, a fyne.TextAlign) (float32, float32) {
	switch a {
	case fyne.TextAlignCenter:
		return x + (w-tw)/2, x + (w+tw)/2
	case fyne.TextAlignTrailing:
		return x + w - tw, x + w
	}
	return x, x + tw
}

// inkY is where the ink of a text lies down its box: its line of type is taller than its
// letters, which stand about the middle of the line, at most 0.8 of its size tall (a Chinese
// character; a capital is 0.72).
func inkY(t *canvas.Text) (float32, float32) {
	mid := t.Position().Y + t.Size().Height/2
	return mid - t.TextSize*0.4, mid + t.TextSize*0.4
}

// inside reports whether the first text lies across the second's width (a letter in a mark).
func inside(ax0, ax1, bx0, bx1 float32) bool {
	return ax0 >= bx0-1 && ax1 <= bx1+1
}

// TestReadableFromTheFloor measures, on the laid-out table screen of every sample state in
// every theme, language and orientation at full HD, the cap height of every text and the size
// of every road and ask-road mark, and fails below the floors players need at 3-5 m.
func TestReadableFromTheFloor(t *testing.T) {
	test.NewTempApp(t)
	capOf := map[bool]float32{false: capRatio(t, false), true: capRatio(t, true)}
	for _, themeID := range themes.BuiltinIDs() {
		for _, lang := range []i18n.Lang{i18n.English, i18n.SimplifiedChinese, i18n.TraditionalChinese} {
			st := style(t, themeID, lang)
			for _, size := range []fyne.Size{fyne.NewSize(1920, 1080), fyne.NewSize(1080, 1920)} {
				for _, state := range sample.States() {
					name := fmt.Sprintf("%s/%s/%vx%v/%s", themeID, lang, size.Width, size.Height, state)
					scr := layoutScreen(t, st, state, size)
					var smallestText, smallestMark float32 = math.MaxFloat32, math.MaxFloat32
					walkTexts(scr, "screen", func(path string, tx *canvas.Text) {
						if tx.Text == "" || !tx.Visible() {
							return
						}
						ch := tx.TextSize * capOf[tx.TextStyle.Bold]
						smallestText = min(smallestText, ch)
						if ch < capFloor {
							t.Errorf("%s: %q in %s: cap height %.1f px, want ≥ %d", name, tx.Text, path, ch, capFloor)
						}
					})
					for _, o := range overlaps(scr) {
						t.Errorf("%s: %s", name, o)
					}
					// The big road is the largest road (spec/display.md §1), notices or none.
					if big, eye := scr.big.grid.cell, scr.bigEye.grid.cell; scr.big.Visible() && big > 0 && big < eye-0.5 {
						t.Errorf("%s: big road cells %.1f px, smaller than the big eye boy's %.1f", name, big, eye)
					}
					for _, m := range scr.marks() {
						smallestMark = min(smallestMark, m.size)
						if m.size < markFloor {
							t.Errorf("%s: %s mark %d: %.1f px, want ≥ %d", name, m.where, m.index, m.size, markFloor)
							break
						}
					}
					if testing.Verbose() {
						t.Logf("%s: smallest cap height %.1f px, smallest mark %.1f px", name, smallestText, smallestMark)
					}
				}
			}
		}
	}
}

// measuredMark is one road or ask-road mark as laid out.
type measuredMark struct {
	where string
	index int
	size  float32
}

// marks measures every mark the screen's roads and ask road show, where they are laid out now.
func (t *TableScreen) marks() []measuredMark {
	var out []measuredMark
	for _, g := range []*RoadGrid{t.bead, t.big, t.bigEye, t.small, t.cockroach} {
		if !g.Visible() || g.Size().Width <= 0 {
			continue
		}
		test.WidgetRenderer(g) // painted: g.grid is where the grid lies
		i := 0
		eachMark(g.road, g.grid, func(c markCell) {
			var r markRecorder
			paintMark(&r, g.style, g.kind, c.cell, c.x, c.y, c.size)
			out = append(out, measuredMark{g.style.Words.T(g.kind.title()), i, r.size()})
			i++
		})
	}
	if t.ask.Size().Width > 0 {
		test.WidgetRenderer(t.ask)
		for i, c := range t.ask.glyphs(t.ask.Size()) {
			var r markRecorder
			paintDerived(&r, c.kind, c.mark, nil, c.x, c.y, c.cell)
			out = append(out, measuredMark{"ask road", i, r.size()})
		}
	}
	return out
}

// TestGridQuieterThanMarks checks every built-in theme's road grid against its marks: the
// grid lines, over the panel, differ from the panel less than any mark colour does, so the
// marks, not the grid, catch the eye (issue 23: in contrast the grid outshone the marks).
func TestGridQuieterThanMarks(t *testing.T) {
	lum := func(c color.NRGBA) float64 { // relative luminance, WCAG 2
		ch := func(v uint8) float64 {
			x := float64(v) / 255
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
	}
	ratio := func(a, b color.NRGBA) float64 {
		la, lb := lum(a), lum(b)
		return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
	}
	over := func(c, bg color.NRGBA) color.NRGBA { // c drawn over an opaque bg
		a := float64(c.A) / 255
		mix := func(x, y uint8) uint8 { return uint8(float64(x)*a + float64(y)*(1-a) + 0.5) }
		return color.NRGBA{mix(c.R, bg.R), mix(c.G, bg.G), mix(c.B, bg.B), 0xff}
	}
	for _, id := range themes.BuiltinIDs() {
		th, err := themes.Builtin(id)
		if err != nil {
			t.Fatal(err)
		}
		p := th.Palette
		grid := ratio(over(gridLine(p), p.Panel), p.Panel)
		for name, mark := range map[string]color.NRGBA{"banker": p.Banker, "player": p.Player, "tie": p.Tie, "repeat": p.Repeat, "choppy": p.Choppy} {
			if m := ratio(mark, p.Panel); m <= grid*1.5 {
				t.Errorf("%s: %s marks contrast %.2f:1 with the panel, the grid %.2f:1: want the marks well above the grid", id, name, m, grid)
			}
		}
	}
}

// TestNoticesKeepTheBigRoad: with none to three notices over a coup in play (with and without
// the run board), in every language, both orientations at full HD and at 1280×720, and the
// landscape 1280×800, the big road keeps cells no smaller than the floor of every road (cellFloor: marks players read at 3-5 m) nor than the derived roads', every mark stays
// above the floor, and the notices are on screen. In landscape two go side by side over the
// coup and the roads, three two to a row across the whole screen when they do not fit there;
// in portrait the coup gives the roads what they lack, and with three notices and the run
// board the run board its spare margins. What the roads lack still, with the rest at its
// least (two rows of notices in landscape), the big road's name gives: it goes beside the
// grid, and its band's height to the cells; in portrait then the limit sign, when it is the
// taller of the sign and the statistics, puts its title and column heads on one line. No text
// falls under the floor, leaves its panel or overlaps another.
func TestNoticesKeepTheBigRoad(t *testing.T) {
	test.NewTempApp(t)
	capOf := map[bool]float32{false: capRatio(t, false), true: capRatio(t, true)}
	all := sampleNotices()
	for _, lang := range i18n.Langs() {
		st := style(t, themes.ClassicID, lang)
		for _, size := range []fyne.Size{fyne.NewSize(1920, 1080), fyne.NewSize(1080, 1920), fyne.NewSize(1280, 720),
			fyne.NewSize(720, 1280), fyne.NewSize(1280, 800), fyne.NewSize(800, 1280), fyne.NewSize(768, 1366)} {
			for _, state := range []string{"midshoe", "insurance"} {
				for n := 0; n <= len(all); n++ {
					s, err := sample.State(state)
					if err != nil {
						t.Fatal(err)
					}
					s.Notices = all[:n]
					scr := layOut(st, s, size)
					test.WidgetRenderer(scr.big)
					test.WidgetRenderer(scr.bigEye)
					name := fmt.Sprintf("%s/%vx%v/%s/%d notices", lang, size.Width, size.Height, state, n)
					// The screen's own floor (the style alone has no screen metrics: its floor is 0).
					floor := scr.style.cellFloor()
					if big := scr.big.grid.cell; big < floor-0.05 || big < scr.bigEye.grid.cell-0.5 {
						t.Errorf("%s: big road cells %.2f px, want ≥ the floor %.2f and ≥ the big eye boy's %.1f", name, big, floor, scr.bigEye.grid.cell)
					}
					// Its name beside it takes about three of its columns, of the more than 30 it has;
					// in two rows (portrait 800×1280 with the run board), beside the bead plate, it
					// keeps 20 or more, the bead plate its 10 and each derived road 8 or more.
					paired := scr.bead.Position().Y == scr.big.Position().Y
					wantCols := 29
					if paired {
						wantCols = 20
						if g := scr.bead.grid; g.n < pairedBeadColumns {
							t.Errorf("%s: the bead plate beside the big road shows %d columns, want %d", name, g.n, pairedBeadColumns)
						}
						for _, d := range []*RoadGrid{scr.bigEye, scr.small, scr.cockroach} {
							test.WidgetRenderer(d)
							if d.grid.n < 8 || d.Position().Y != scr.bigEye.Position().Y {
								t.Errorf("%s: %s shows %d columns at y %.0f, want ≥ 8 in the big eye boy's row (%.0f)", name, d.kind.title(), d.grid.n, d.Position().Y, scr.bigEye.Position().Y)
							}
						}
					}
					if g := scr.big.grid; (scr.big.beside || paired) && (g.left-2 > 3.5*g.cell || g.n < wantCols) {
						t.Errorf("%s: the big road's name beside it (%v) takes %.0f px (%.1f cells) and leaves %d columns, want ≤ 3.5 cells and ≥ %d columns", name, scr.big.beside, g.left-2, (g.left-2)/g.cell, g.n, wantCols)
					}
					if cell := scr.bigEye.grid.cell; cell < floor-0.05 {
						t.Errorf("%s: derived road cells %.2f px, want ≥ the floor %.2f", name, cell, floor)
					}
					if n > 0 && !scr.notices.Visible() || n > 0 && scr.notices.Size().Height <= 0 {
						t.Errorf("%s: the notices are not on screen", name)
					}
					// The floors are full HD's, scaled with the screen as everything on it is.
					markMin := markFloor * min(size.Width, size.Height) / 1080
					capMin := capFloor * min(size.Width, size.Height) / 1080
					walkTexts(scr, "screen", func(path string, tx *canvas.Text) {
						if ch := tx.TextSize * capOf[tx.TextStyle.Bold]; tx.Text != "" && tx.Visible() && ch < capMin-0.05 {
							t.Errorf("%s: %q in %s: cap height %.1f px, want ≥ %.1f", name, tx.Text, path, ch, capMin)
						}
					})
					for _, o := range overlaps(scr) { // the big road's name beside it, the sign compact
						t.Errorf("%s: %s", name, o)
					}
					for _, m := range scr.marks() {
						if m.size < markMin {
							t.Errorf("%s: %s mark %d: %.1f px, want ≥ %.1f", name, m.where, m.index, m.size, markMin)
							break
						}
					}
					if testing.Verbose() {
						t.Logf("%s: big road cells %.1f px, %d columns (its name beside it: %v; two rows: %v), big eye boy's %.1f, %d columns, notices %.0f px tall", name, scr.big.grid.cell, scr.big.grid.n, scr.big.beside, paired, scr.bigEye.grid.cell, scr.bigEye.grid.n, scr.notices.Size().Height)
					}
				}
			}
		}
	}
}

// sampleNotices are three notices, the soonest first: a minimum's change, the closing, the last coup.
func sampleNotices() []view.Notice {
	return []view.Notice{
		{Kind: view.NoticeMinimum, Amount: 5000, At: sample.Now().Add(20 * time.Minute)},
		{Kind: view.NoticeClosing, At: sample.Now().Add(5 * time.Hour)},
		{Kind: view.NoticeLastCoup},
	}
}

// insuranceWithNotices is the sample state "insurance" (a coup in play, the run board) with the
// first n of sampleNotices.
func insuranceWithNotices(t *testing.T, n int) view.Screen {
	t.Helper()
	s, err := sample.State("insurance")
	if err != nil {
		t.Fatal(err)
	}
	s.Notices = sampleNotices()[:n]
	return s
}

// TestGoldenNoticesOverACoup is the landscape screen at full HD with two notices over a coup
// in play and the run board (TestNoticesKeepTheBigRoad measures it): the notices side by side.
func TestGoldenNoticesOverACoup(t *testing.T) {
	test.NewTempApp(t)
	s := insuranceWithNotices(t, 2)
	test.AssertImageMatches(t, "fullhd_notices_coup.png", Render(style(t, themes.ClassicID, i18n.English), s, fyne.NewSize(1920, 1080)))
}

// TestGoldenNoticesAcross is the landscape screen with three notices over a coup in play, two
// to a row across the whole screen (sample notices3), and the portrait screen with two notices
// over a coup and the run board, the coup giving the roads their floor (sample notices-runs).
func TestGoldenNoticesAcross(t *testing.T) {
	test.NewTempApp(t)
	for _, tt := range []struct {
		state, golden string
		size          fyne.Size
	}{
		{"notices3", "fullhd_notices3.png", fyne.NewSize(1920, 1080)},
		{"notices-runs", "portrait_notices_runs.png", fyne.NewSize(1080, 1920)},
	} {
		s, err := sample.State(tt.state)
		if err != nil {
			t.Fatal(err)
		}
		test.AssertImageMatches(t, tt.golden, Render(style(t, themes.ClassicID, i18n.English), s, tt.size))
	}
}

// TestGoldenNoticesCompactSign is the portrait screen at 1280×720's size with three notices over
// a coup and the run board (TestNoticesKeepTheBigRoad measures it): the big road's name beside
// its grid, and the limit sign's title and column heads on one line.
func TestGoldenNoticesCompactSign(t *testing.T) {
	test.NewTempApp(t)
	s := insuranceWithNotices(t, 3)
	scr := layOut(style(t, themes.ClassicID, i18n.English), s, fyne.NewSize(720, 1280))
	if !scr.big.beside || !scr.sign.compact {
		t.Errorf("the big road's name beside it %v, the sign compact %v: want both", scr.big.beside, scr.sign.compact)
	}
	test.AssertImageMatches(t, "portrait_notices3_compact.png", Render(style(t, themes.ClassicID, i18n.English), s, fyne.NewSize(720, 1280)))
}

// TestGoldenNoticesTwoRows is the portrait screen of a panel wider than 9:16 (800×1280) with
// three notices over a coup and the run board (TestNoticesKeepTheBigRoad measures it): the roads
// in two rows, the bead plate beside the big road and the derived roads and the ask road side by
// side under them, the names of the first row beside their grids, the limit sign compact.
func TestGoldenNoticesTwoRows(t *testing.T) {
	test.NewTempApp(t)
	s := insuranceWithNotices(t, 3)
	size := fyne.NewSize(800, 1280)
	scr := layOut(style(t, themes.ClassicID, i18n.English), s, size)
	if scr.bead.Position().Y != scr.big.Position().Y || !scr.big.beside || !scr.bead.beside || !scr.sign.compact {
		t.Errorf("the bead plate beside the big road %v, their names beside their grids %v and %v, the sign compact %v: want all",
			scr.bead.Position().Y == scr.big.Position().Y, scr.bead.beside, scr.big.beside, scr.sign.compact)
	}
	test.AssertImageMatches(t, "portrait_800_notices3_runs.png", Render(style(t, themes.ClassicID, i18n.English), s, size))
}

// TestLeastHeights: a hand at its least height draws its cards' ranks at the screen's smallest
// text, and a little shorter under it; a run board at its least height has every line at least
// rowHeight tall (its pay table's cells), and a little shorter not. Three notices over a coup
// and the run board in portrait take the coup and the board down to these heights.
func TestLeastHeights(t *testing.T) {
	test.NewTempApp(t)
	s, err := sample.State("insurance")
	if err != nil {
		t.Fatal(err)
	}
	for _, unit := range []float32{1080, 720} {
		st := style(t, themes.ClassicID, i18n.English)
		st.metrics = &metrics{unit: unit}
		m := st.minText()
		hand := NewHand(st, false)
		hand.Set(s.Coup.Player)
		board := NewRunBoard(st)
		board.Set(*s.Runs)
		for _, tt := range []struct {
			scale float32
			want  bool
		}{{1, true}, {0.95, false}} {
			h := hand.leastHeight() * tt.scale
			rank := float32(0)
			for _, o := range hand.paint(fyne.NewSize(unit/2, h)) {
				if x, ok := o.(*canvas.Text); ok && x.Text == rankOf(t, s.Coup.Player[0]) && x.TextStyle.Bold {
					rank = x.TextSize // the first card's corner (the total, drawn last, may read the same)
					break
				}
			}
			if got := rank >= m-0.01; got != tt.want {
				t.Errorf("unit %v: a hand %.1f px tall (%.2f of its least) draws ranks at %.1f px: at the %.1f px floor %v, want %v", unit, h, tt.scale, rank, m, got, tt.want)
			}
			w := unit - 2*unit*0.008
			bh := board.leastHeight(w) * tt.scale
			row := float32(0)
			for _, o := range board.paint(fyne.NewSize(w, bh)) {
				if x, ok := o.(*canvas.Rectangle); ok && x.CornerRadius == 3 { // a cell of the pay table
					row = x.Size().Height + 4
				}
			}
			if got := row >= board.rowHeight()-0.01; got != tt.want {
				t.Errorf("unit %v: a run board %.1f px tall (%.2f of its least) has lines %.1f px: at least %.1f %v, want %v", unit, bh, tt.scale, row, board.rowHeight(), got, tt.want)
			}
		}
	}
}

// rankOf is the rank a face-up card shows.
func rankOf(t *testing.T, c view.Card) string {
	t.Helper()
	f, up := c.Face()
	if !up {
		t.Fatal("the sample's first Player card is face down")
	}
	return rankText(f.Rank)
}
