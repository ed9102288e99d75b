package display

import (
	"fmt"
	"image/color"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/themes"
)

// Style is what every widget of the table screen draws with: the theme's palette and
// branding and the catalogue of the screen's language. The app's Fyne theme must be
// fynetheme.New of the same theme (UseTheme does both), so text uses the bundled fonts.
type Style struct {
	Theme themes.Theme
	Words i18n.Catalogue

	// metrics is the screen's measure, shared by the widgets of one table screen (the screen
	// sets it as it lays them out); nil for a widget on its own.
	metrics *metrics
}

// metrics is what a table screen tells its widgets about itself before it lays them out.
type metrics struct {
	unit float32 // the screen's shorter side: 1080 at full HD, either way up
}

// minText is the smallest text size a widget of the screen may use: at full HD 25 px, whose
// capitals stand 18 px tall in the bundled font, above the 16 px players need at 3-5 metres
// (issue 23; display.md). Scaled with the screen; 0 for a widget on its own.
func (s Style) minText() float32 {
	if s.metrics == nil {
		return 0
	}
	return s.metrics.unit * 25 / 1080
}

// cellFloor is the smallest road cell the screen may draw: at full HD 26 px, whose derived
// marks are 20 px across, above the 18 px players need at 3-5 metres. 0 for a widget on its own.
func (s Style) cellFloor() float32 {
	if s.metrics == nil {
		return 0
	}
	return s.metrics.unit * 26 / 1080
}

// atLeast is size, raised to the smallest text size the screen allows.
func (s Style) atLeast(size float32) float32 { return max(size, s.minText()) }

// palette is a shorthand for the style's colours.
func (s Style) palette() themes.Palette { return s.Theme.Palette }

// markColour is the fill of a road mark or hand.
func (s Style) markColour(m view.Mark) color.NRGBA {
	p := s.palette()
	switch m {
	case view.MarkBanker:
		return p.Banker
	case view.MarkPlayer:
		return p.Player
	case view.MarkTie:
		return p.Tie
	case view.MarkRed:
		return p.Repeat
	case view.MarkBlue:
		return p.Choppy
	}
	return p.TextMuted
}

// winnerColour is the trade colour of a winner.
func (s Style) winnerColour(w engine.Winner) color.NRGBA {
	switch w {
	case engine.Banker:
		return s.palette().Banker
	case engine.Player:
		return s.palette().Player
	case engine.Tie:
		return s.palette().Tie
	}
	return s.palette().TextMuted
}

// letter is the letter or character that goes with a winner's colour: B/P/T or 庄/闲/和.
func (s Style) letter(m view.Mark) string {
	switch m {
	case view.MarkBanker:
		return s.Words.T(i18n.LetterBanker)
	case view.MarkPlayer:
		return s.Words.T(i18n.LetterPlayer)
	case view.MarkTie:
		return s.Words.T(i18n.LetterTie)
	}
	return ""
}

// money formats cents as the sign shows them: "$1,000", "$2.50" (engine.FormatMoney).
func money(currency string, m view.Money) string { return engine.FormatMoney(int64(m), currency) }

// clock is the time of day as the screen shows it, in the time's own location: "21:30".
func clock(t time.Time) string { return t.Format("15:04") }

// countdown is the time left until at, from now: "19:42", "1:05:00"; "" when it has come.
func countdown(now, at time.Time) string {
	d := at.Sub(now)
	if d <= 0 {
		return ""
	}
	secs := int64((d + time.Second - 1) / time.Second) // round up: never show 0:00 before the time
	h, m, sec := secs/3600, secs/60%60, secs%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, sec)
	}
	return fmt.Sprintf("%d:%02d", m, sec)
}

// paintRenderer is the renderer every table-screen widget uses: the widget paints its
// canvas objects for a size, and they are painted again on every layout and refresh.
type paintRenderer struct {
	owner  fyne.CanvasObject // the widget: refreshed on the canvas after a repaint
	paint  func(size fyne.Size) []fyne.CanvasObject
	min    func() fyne.Size
	size   fyne.Size
	objs   []fyne.CanvasObject
	paints int // how many times it painted (for the tests)
}

func newPaintRenderer(owner fyne.CanvasObject, paint func(fyne.Size) []fyne.CanvasObject, min func() fyne.Size) *paintRenderer {
	return &paintRenderer{owner: owner, paint: paint, min: min}
}

func (r *paintRenderer) Layout(size fyne.Size) {
	r.size = size
	r.paints++
	r.refresh(r.adopt(r.paint(size)))
}

func (r *paintRenderer) MinSize() fyne.Size { return r.min() }

// Refresh paints anew and refreshes on the canvas what changed. The new objects are on no canvas
// yet, so refreshing them cannot make the window repaint; refreshing the reused objects, or the
// widget itself, does (a live screen, not only goldens).
func (r *paintRenderer) Refresh() {
	r.paints++
	r.refresh(r.adopt(r.paint(r.size)))
}

// refresh refreshes on the canvas what adopt found: the objects that changed or left, or, when
// no object was reused, the whole widget. When objects were added or left, the first reused
// object (the widget's background) is refreshed too, which makes the window paint (an object
// that left may be unknown to the canvas already, a new one is not known yet): the painter
// draws the objects a widget has at each frame, and the frame (third_party/fyne, patch 0001)
// finds the new ones by comparing it with the last. Refreshing the widget instead would free
// the texture of every text it has, and the frame would draw them all again: a card added to
// a hand, or a coup's first card clearing both, redrew every letter of the hands and the result
// (docs/performance.md §23).
func (r *paintRenderer) refresh(a adopted) {
	if a.whole {
		canvas.Refresh(r.owner)
		return
	}
	for _, o := range a.refresh {
		canvas.Refresh(o)
	}
	if a.added || a.gone {
		canvas.Refresh(a.kept)
	}
}

// adopted is what adopt found: the objects to refresh on the canvas (reused objects whose fields
// changed, and the objects the widget no longer has, whose textures the driver may free now),
// whether objects were added or left, an object reused (the first without a texture, when there
// is one: refreshing it frees nothing), and whether none was (whole: refresh the widget).
type adopted struct {
	refresh            []fyne.CanvasObject
	added, gone, whole bool
	kept               fyne.CanvasObject
}

// adopt makes fresh the widget's objects, reusing the previous object of the same kind at the
// same place (its fields copied over): the driver caches a texture per object, so a text that
// did not change keeps its texture (a card dealt does not make the driver draw every letter of
// the hand again, which costs the frame time under software GL). The objects that left are
// refreshed, so the driver frees their textures (objects replaced by new ones would otherwise
// leave their textures behind until the cache expires, and a screen repainted every second
// would grow).
func (r *paintRenderer) adopt(fresh []fyne.CanvasObject) (a adopted) {
	for i, o := range fresh {
		if i >= len(r.objs) {
			a.added = true
			continue
		}
		same, ok := copyInto(r.objs[i], o)
		if !ok {
			a.added, a.gone = true, true
			a.refresh = append(a.refresh, r.objs[i]) // replaced: it leaves the widget
			continue
		}
		if a.kept == nil || hasTexture(a.kept) && !hasTexture(r.objs[i]) {
			a.kept = r.objs[i]
		}
		fresh[i] = r.objs[i]
		if !same {
			a.refresh = append(a.refresh, fresh[i])
		}
	}
	if len(r.objs) > len(fresh) {
		a.gone = true
		a.refresh = append(a.refresh, r.objs[len(fresh):]...)
	}
	// The whole widget when nothing was reused (its first paint): nothing of it is drawn yet.
	a.whole = a.kept == nil
	r.objs = fresh
	return a
}

// hasTexture reports whether the driver draws o from a texture it makes (a text, a raster),
// which refreshing o frees.
func hasTexture(o fyne.CanvasObject) bool {
	switch o.(type) {
	case *canvas.Text, *canvas.Raster:
		return true
	}
	return false
}

// copyInto copies the drawing object from into into when both are of the same plain kind
// (rectangle, circle, line, text), and reports whether it did (ok) and whether into was equal
// to from already (same). A raster is only ever the same object again.
func copyInto(into, from fyne.CanvasObject) (same, ok bool) {
	switch f := from.(type) {
	case *canvas.Rectangle:
		return copyAs(into, f)
	case *canvas.Circle:
		return copyAs(into, f)
	case *canvas.Line:
		return copyAs(into, f)
	case *canvas.Text:
		return copyAs(into, f)
	case *canvas.Raster: // kept by its widget, which refreshes it when its image changes
		return into == fyne.CanvasObject(f), into == fyne.CanvasObject(f)
	}
	return false, false
}

// copyAs is copyInto for one kind of object.
func copyAs[T comparable, P interface {
	*T
	fyne.CanvasObject
}](into fyne.CanvasObject, from P) (same, ok bool) {
	t, ok := into.(P)
	if !ok {
		return false, false
	}
	same = *t == *from
	*t = *from
	return same, true
}

func (r *paintRenderer) Objects() []fyne.CanvasObject { return r.objs }

func (r *paintRenderer) Destroy() {}

// scene collects the canvas objects a widget paints.
type scene struct {
	objs []fyne.CanvasObject
}

func (sc *scene) add(o fyne.CanvasObject, x, y, w, h float32) {
	o.Move(fyne.NewPos(x, y))
	o.Resize(fyne.NewSize(w, h))
	sc.objs = append(sc.objs, o)
}

// rect is a rectangle with an optional stroke (zero width for none) and corner radius.
func (sc *scene) rect(x, y, w, h float32, fill, stroke color.Color, strokeW, radius float32) {
	r := canvas.NewRectangle(fill)
	if fill == nil {
		r.FillColor = color.Transparent
	}
	if strokeW > 0 {
		r.StrokeColor, r.StrokeWidth = stroke, strokeW
	}
	r.CornerRadius = radius
	sc.add(r, x, y, w, h)
}

// panel is a square-cornered box: a fill and, when borderW > 0, a border drawn as four thin
// rectangles inside it. Panels cover most of the screen, and the GL driver shades a rounded or
// stroked rectangle by computing an edge distance for every pixel it covers: under software GL
// (llvmpipe, as under Xvfb) rounded stroked panels cost about 2 ms of every frame, a tenth of
// the card-to-screen latency budget (docs/performance.md, §5).
func (sc *scene) panel(x, y, w, h float32, fill, border color.Color, borderW float32) {
	sc.rect(x, y, w, h, fill, nil, 0, 0)
	if borderW <= 0 || border == nil {
		return
	}
	borderW = min(borderW, w/2, h/2)
	sc.rect(x, y, w, borderW, border, nil, 0, 0)
	sc.rect(x, y+h-borderW, w, borderW, border, nil, 0, 0)
	sc.rect(x, y+borderW, borderW, h-2*borderW, border, nil, 0, 0)
	sc.rect(x+w-borderW, y+borderW, borderW, h-2*borderW, border, nil, 0, 0)
}

// circle is a circle centred on (cx, cy).
func (sc *scene) circle(cx, cy, rad float32, fill, stroke color.Color, strokeW float32) {
	c := canvas.NewCircle(fill)
	if fill == nil {
		c.FillColor = color.Transparent
	}
	if strokeW > 0 {
		c.StrokeColor, c.StrokeWidth = stroke, strokeW
	}
	sc.add(c, cx-rad, cy-rad, 2*rad, 2*rad)
}

// line is a straight line from (x1, y1) to (x2, y2).
func (sc *scene) line(x1, y1, x2, y2 float32, col color.Color, width float32) {
	l := canvas.NewLine(col)
	l.StrokeWidth = width
	l.Position1 = fyne.NewPos(x1, y1)
	l.Position2 = fyne.NewPos(x2, y2)
	sc.objs = append(sc.objs, l)
}

// text draws s in the box (x, y, w, h), vertically centred, at size (shrunk until it fits
// the width), aligned as given. It returns the width the text takes.
func (sc *scene) text(s string, x, y, w, h, size float32, col color.Color, bold bool, align fyne.TextAlign) float32 {
	if s == "" || w <= 0 || size < 1 {
		return 0
	}
	st := fyne.TextStyle{Bold: bold}
	m := fyne.MeasureText(s, size, st)
	if fit := w * 0.97; m.Width > fit { // a little margin: glyphs may overhang their advance
		size *= fit / m.Width
		m = fyne.MeasureText(s, size, st)
	}
	t := canvas.NewText(s, col)
	t.TextSize = size
	t.TextStyle = st
	t.Alignment = align
	sc.add(t, x, y+(h-m.Height)/2, w, m.Height)
	return m.Width
}

// fitSize is the largest size up to size at which every text fits the width.
func fitSize(texts []string, width, size float32, bold bool) float32 {
	st := fyne.TextStyle{Bold: bold}
	for _, t := range texts {
		if t == "" {
			continue
		}
		if w := fyne.MeasureText(t, size, st).Width; w > width && w > 0 {
			size *= width / w
		}
	}
	return size
}

// wrap breaks s into lines that each fit the width at size: between its " · " parts first,
// then at spaces, or between any two characters of a word longer than the width (Chinese has
// no spaces).
func wrap(s string, width, size float32, bold bool) []string {
	st := fyne.TextStyle{Bold: bold}
	fits := func(t string) bool { return fyne.MeasureText(t, size, st).Width <= width*0.97 }
	if fits(s) {
		return []string{s}
	}
	if parts := strings.Split(s, " · "); len(parts) > 1 {
		var lines []string
		line := ""
		for _, part := range parts {
			switch {
			case line == "":
				line = part
			case fits(line + " · " + part):
				line += " · " + part
			default:
				lines = append(lines, wrap(line, width, size, bold)...)
				line = part
			}
		}
		return append(lines, wrap(line, width, size, bold)...)
	}
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if fits(try) {
			line = try
			continue
		}
		if line != "" {
			lines = append(lines, line)
		}
		line = ""
		for _, r := range word { // a word wider than the line: break it where it overflows
			if line != "" && !fits(line+string(r)) {
				lines = append(lines, line)
				line = ""
			}
			line += string(r)
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// cut is s, shortened with "…" until it fits the width at size; "" when not even "…" fits.
func cut(s string, width, size float32, bold bool) string {
	st := fyne.TextStyle{Bold: bold}
	if fyne.MeasureText(s, size, st).Width <= width*0.97 {
		return s
	}
	rs := []rune(s)
	for n := len(rs) - 1; n > 0; n-- {
		if t := string(rs[:n]) + "…"; fyne.MeasureText(t, size, st).Width <= width*0.97 {
			return t
		}
	}
	return ""
}

// objects is what was painted.
func (sc *scene) objects() []fyne.CanvasObject { return sc.objs }

// fade is c with its alpha scaled by a (0..1).
func fade(c color.NRGBA, a float32) color.NRGBA {
	c.A = uint8(float32(c.A) * a)
	return c
}
