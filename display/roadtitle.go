package display

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// A road's name goes above its grid, in a band of its own. When the roads are short of the
// floor players read their marks at (cellFloor) with every other part of the screen at its
// least, the big road's name goes beside its grid instead, one word to a line at the screen's
// smallest text, in a column at the grid's left: the big road, as wide as the screen's centre,
// has columns to spare, and the band's height goes to its cells (issue 23). The screen's
// layout decides (screenRenderer.roads).

// titleLines is the road's name as it stands beside its grid: a word to a line (a Chinese
// name, with no spaces, on one line).
func (w *RoadGrid) titleLines() []string { return strings.Fields(w.style.Words.T(w.kind.title())) }

// sideWidth is the width of the column beside the grid that holds the road's name, a word to
// a line at the screen's smallest text, with its margins; 0 for a road on its own.
func (w *RoadGrid) sideWidth() float32 {
	m := w.style.minText()
	if m <= 0 {
		return 0
	}
	var widest float32
	for _, l := range w.titleLines() {
		widest = max(widest, fyne.MeasureText(l, m, fyne.TextStyle{Bold: true}).Width)
	}
	return widest/0.97 + 13 // scene.text's margin for overhanging glyphs, and 6 px either side
}

// setTitleBeside puts the road's name beside its grid (on) or above it, and reports whether
// that changed. The screen sets it before it sizes the road, so the road is painted once.
func (w *RoadGrid) setTitleBeside(on bool) (changed bool) {
	changed, w.beside = w.beside != on, on
	return changed
}

// paintTitleBeside paints the road's name in the column at the grid's left, from its top, a
// word to a line, and returns the column's width.
func (w *RoadGrid) paintTitleBeside(sc *scene) float32 {
	st, p := w.style, w.style.palette()
	side, m := w.sideWidth(), st.minText()
	for i, l := range w.titleLines() {
		sc.text(l, 6, 2+float32(i)*m*1.3, side-12, m*1.3, m, p.TextMuted, true, fyne.TextAlignLeading)
	}
	return side
}

// refreshTitle repaints the road after its name moved (setTitleBeside) when a resize did not
// repaint it (its size is the same): its grid lies elsewhere, and so its image.
func (w *RoadGrid) refreshTitle(resized bool) {
	if !resized {
		w.Refresh()
	}
	canvas.Refresh(w.raster)
}
