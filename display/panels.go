package display

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

// Header is the top line: logo and casino name, table name, game and version in words, the
// clock, shoe number and coup number.
type Header struct {
	widget.BaseWidget
	style  Style
	header view.Header
	now    time.Time
	logo   *canvas.Image // the theme's logo, read once; nil for none
}

// NewHeader is a header widget.
func NewHeader(st Style) *Header {
	w := &Header{style: st}
	if path := st.Theme.Branding.LogoPath; path != "" {
		w.logo = canvas.NewImageFromFile(path)
		w.logo.FillMode = canvas.ImageFillContain
	}
	w.ExtendBaseWidget(w)
	return w
}

// Set shows the header at the time now.
func (w *Header) Set(h view.Header, now time.Time) { w.header, w.now = h, now; w.Refresh() }

// CreateRenderer is Fyne's hook to draw the widget.
func (w *Header) CreateRenderer() fyne.WidgetRenderer {
	return newPaintRenderer(w, w.paint, func() fyne.Size { return fyne.NewSize(400, 40) })
}

// gameWords is the game and version in words.
func gameWords(words i18n.Catalogue, g view.Game) string {
	switch g {
	case view.BaccaratSixHalf:
		return words.T(i18n.GameSixHalf)
	case view.RedDog:
		return words.T(i18n.GameRedDog)
	}
	return words.T(i18n.GameCommission)
}

func (w *Header) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	st, p := w.style, w.style.palette()
	h := w.header
	sc.panel(0, 0, s.Width, s.Height, p.Panel, nil, 0)
	sc.line(0, s.Height-1, s.Width, s.Height-1, p.Highlight, 2)
	x := s.Height * 0.25
	if w.logo != nil {
		sc.add(w.logo, x, s.Height*0.1, s.Height*0.8, s.Height*0.8)
		x += s.Height
	}
	casino := h.Casino
	if casino == "" {
		casino = st.Theme.Branding.CasinoName
	}
	var right []string
	if h.Shoe > 0 {
		right = append(right, st.Words.T(i18n.ShoeNo, h.Shoe))
	}
	if h.Coup > 0 {
		right = append(right, st.Words.T(i18n.CoupNo, h.Coup))
	}
	game := gameWords(st.Words, h.Game)
	if s.Width < s.Height*14 { // portrait: two rows, the game in words on the second
		row := s.Height / 2
		clockW := row * 2.8
		if casino != "" {
			sc.text(casino+"  ·  "+h.Table, x, 0, s.Width-x-clockW-row*0.4, row, row*0.62, p.Text, true, fyne.TextAlignLeading)
		} else {
			sc.text(h.Table, x, 0, s.Width-x-clockW-row*0.4, row, row*0.62, p.Text, true, fyne.TextAlignLeading)
		}
		if !w.now.IsZero() {
			sc.text(clock(w.now), s.Width-clockW-row*0.2, 0, clockW, row, row*0.8, p.Text, true, fyne.TextAlignTrailing)
		}
		used := float32(0)
		if len(right) > 0 {
			used = sc.text(strings.Join(right, " · "), s.Width*0.6, row, s.Width*0.4-row*0.2, row, row*0.5, p.TextMuted, false, fyne.TextAlignTrailing)
		}
		sc.text(game, row*0.25, row, s.Width-used-row*0.9, row, row*0.55, p.Text, true, fyne.TextAlignLeading)
		return sc.objects()
	}
	third := s.Width / 3
	if casino != "" {
		sc.text(casino, x, 0, third-x, s.Height*0.6, s.Height*0.42, p.Text, true, fyne.TextAlignLeading)
		sc.text(h.Table, x, s.Height*0.55, third-x, s.Height*0.42, s.Height*0.3, p.TextMuted, true, fyne.TextAlignLeading)
	} else {
		sc.text(h.Table, x, 0, third-x, s.Height, s.Height*0.5, p.Text, true, fyne.TextAlignLeading)
	}
	sc.text(game, third, 0, third, s.Height, s.Height*0.4, p.Text, true, fyne.TextAlignCenter)
	clockW := s.Height * 2.6
	sc.text(strings.Join(right, " · "), 2*third, 0, third-clockW-s.Height*0.3, s.Height, s.Height*0.36, p.TextMuted, false, fyne.TextAlignTrailing)
	if !w.now.IsZero() {
		sc.text(clock(w.now), s.Width-clockW-s.Height*0.2, 0, clockW, s.Height, s.Height*0.62, p.Text, true, fyne.TextAlignTrailing)
	}
	return sc.objects()
}

// LimitSign is the table's limit sign: minimum and maximum per wager, multiples, the table
// differential, the settlement method and personal-limit markers.
type LimitSign struct {
	widget.BaseWidget
	style Style
	sign  view.Sign
	// compact puts the title and the column heads on one line, where the roads need the
	// height (the screen's layout sets it: setCompact).
	compact bool
}

// NewLimitSign is a limit sign widget.
func NewLimitSign(st Style) *LimitSign {
	w := &LimitSign{style: st}
	w.ExtendBaseWidget(w)
	return w
}

// Set shows the sign.
func (w *LimitSign) Set(s view.Sign) { w.sign = s; w.Refresh() }

// CreateRenderer is Fyne's hook to draw the widget.
func (w *LimitSign) CreateRenderer() fyne.WidgetRenderer {
	return newPaintRenderer(w, w.paint, func() fyne.Size { return fyne.NewSize(200, 160) })
}

// wagerKey is the name of a wager on the sign.
func wagerKey(wg view.Wager) i18n.Key {
	switch wg {
	case view.WagerPlayer:
		return i18n.WagerPlayer
	case view.WagerBanker:
		return i18n.WagerBanker
	case view.WagerTie:
		return i18n.WagerTie
	case view.WagerInsurance:
		return i18n.WagerInsurance
	case view.WagerRuns:
		return i18n.WagerRuns
	case view.WagerRedDog:
		return i18n.WagerRedDog
	}
	return i18n.WagerPB
}

// signLine is one line of the limit sign.
type signLine struct {
	cells  [3]string
	kind   int // 0 title, 1 heads, 2 amounts, 3 note, 4 marker, 5 settlement sign, 6 wager name, 7 name and amounts, 8 title and heads
	weight float32
}

// lines is what the sign says, line by line, for a sign of the given width: the notes broken
// into lines that fit at the screen's smallest text.
func (w *LimitSign) lines(width float32) []signLine { return w.linesAs(width, w.compact) }

// linesAs is lines, compact or not: a compact sign of a width that has each wager's name
// and amounts on one line (wide) has its title in the wagers' names' column and the column
// heads over the amounts, on one line of an amount's height.
func (w *LimitSign) linesAs(width float32, compact bool) []signLine {
	sg, words := w.sign, w.style.Words
	lines := []signLine{{cells: [3]string{words.T(i18n.LimitsTitle)}, kind: 0, weight: 1.3},
		{cells: [3]string{"", words.T(i18n.LimitMin), words.T(i18n.LimitMax)}, kind: 1, weight: 0.8}}
	if compact && w.wide(width) && w.titleFitsNames(width) {
		lines = []signLine{{cells: [3]string{words.T(i18n.LimitsTitle), words.T(i18n.LimitMin), words.T(i18n.LimitMax)}, kind: 8, weight: 1}}
	}
	inner := width - 2*w.pad(fyne.NewSize(width, width))
	note := func(text string, kind int, bold bool) {
		size := w.style.minText()
		if size <= 0 {
			lines = append(lines, signLine{cells: [3]string{text}, kind: kind, weight: 0.8})
			return
		}
		for _, l := range wrap(text, inner, size, bold) {
			lines = append(lines, signLine{cells: [3]string{l}, kind: kind, weight: 0.8})
		}
	}
	wide := w.wide(width)
	for _, l := range sg.Limits {
		if wide {
			lines = append(lines, signLine{cells: [3]string{words.T(wagerKey(l.Wager)), money(sg.Currency, l.Min), money(sg.Currency, l.Max)}, kind: 7, weight: 1})
		} else {
			lines = append(lines, signLine{cells: [3]string{words.T(wagerKey(l.Wager))}, kind: 6, weight: 0.8},
				signLine{cells: [3]string{"", money(sg.Currency, l.Min), money(sg.Currency, l.Max)}, kind: 2, weight: 1})
		}
		if l.Multiple > 0 {
			note(words.T(i18n.Multiples, money(sg.Currency, l.Multiple)), 3, false)
		}
	}
	if sg.DifferentialMin > 0 || sg.DifferentialMax > 0 {
		var parts []string
		if sg.DifferentialMin > 0 {
			parts = append(parts, words.T(i18n.DiffMin, money(sg.Currency, sg.DifferentialMin)))
		}
		if sg.DifferentialMax > 0 {
			parts = append(parts, words.T(i18n.DiffMax, money(sg.Currency, sg.DifferentialMax)))
		}
		note(words.T(i18n.Differential)+": "+strings.Join(parts, " · "), 3, false)
	}
	switch sg.Settlement {
	case view.SettleCommission:
		note(words.T(i18n.SettleComm), 3, false)
	case view.SettleSixHalf:
		note("◆ "+words.T(i18n.SettleSixHalf), 5, true)
	}
	for _, m := range sg.Markers {
		k := i18n.PersonalLimit
		if m.Higher {
			k = i18n.HigherLimit
		}
		note("★ "+words.T(k, m.Seat, money(sg.Currency, m.Max)), 4, false)
	}
	return lines
}

// wide reports whether a sign of the width has room for each wager's name and amounts on one
// line (the name in its first 44%), at the screen's smallest text and the amounts a fifth larger.
func (w *LimitSign) wide(width float32) bool {
	m := w.style.minText()
	if m <= 0 {
		return false
	}
	inner := width - 2*w.pad(fyne.NewSize(width, width))
	for _, l := range w.sign.Limits {
		if fyne.MeasureText(w.style.Words.T(wagerKey(l.Wager)), m, fyne.TextStyle{Bold: true}).Width > inner*0.44*0.97 {
			return false
		}
		for _, a := range []view.Money{l.Min, l.Max} {
			if fyne.MeasureText(money(w.sign.Currency, a), m*1.2, fyne.TextStyle{Bold: true}).Width > inner*0.28*0.97 {
				return false
			}
		}
	}
	return true
}

// titleFitsNames reports whether the sign's title fits the wagers' names' column of a wide sign
// of the width at the screen's smallest text (a compact sign's title line).
func (w *LimitSign) titleFitsNames(width float32) bool {
	inner := width - 2*w.pad(fyne.NewSize(width, width))
	m := w.style.minText()
	return fyne.MeasureText(w.style.Words.T(i18n.LimitsTitle), m, fyne.TextStyle{Bold: true}).Width <= inner*0.44*0.97*0.97
}

// pad is the sign's margin at size s.
func (w *LimitSign) pad(s fyne.Size) float32 { return min(s.Width, s.Height) * 0.04 }

// lineUnit is the height of a line of weight 1 at which the lightest lines (0.8) are the
// screen's smallest text; 0 for a sign on its own.
func (w *LimitSign) lineUnit() float32 { return w.style.minText() / (0.72 * 0.8) }

// needHeight is the height the sign needs at the width for all its lines at the screen's
// smallest text or larger; compactHeight is the same for the sign compact (setCompact).
func (w *LimitSign) needHeight(width float32) float32 { return w.needHeightAs(width, false) }

func (w *LimitSign) compactHeight(width float32) float32 { return w.needHeightAs(width, true) }

func (w *LimitSign) needHeightAs(width float32, compact bool) float32 {
	var total float32
	for _, l := range w.linesAs(width, compact) {
		total += l.weight
	}
	return total*w.lineUnit() + 2*w.pad(fyne.NewSize(width, width))
}

// setCompact makes the sign compact (on) or not, and reports whether that changed. The screen
// sets it before it sizes the sign, so the sign is painted once.
func (w *LimitSign) setCompact(on bool) (changed bool) {
	changed, w.compact = w.compact != on, on
	return changed
}

func (w *LimitSign) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	st, p := w.style, w.style.palette()
	sc.panel(0, 0, s.Width, s.Height, p.Panel, p.Highlight, 2)
	lines := w.lines(s.Width)
	var total float32
	for _, l := range lines {
		total += l.weight
	}
	pad := w.pad(s)
	unit := min((s.Height-2*pad)/total, max(s.Width*0.11, w.lineUnit())) // a short sign does not grow huge
	y := pad + (s.Height-2*pad-unit*total)/2
	inner := s.Width - 2*pad
	// One size for every amount and one for every wager name: the largest at which all fit.
	numX, numW, nameW := pad, inner/2, inner
	if w.wide(s.Width) {
		numX, numW, nameW = pad+inner*0.44, inner*0.28, inner*0.44
	}
	var names, amounts []string
	for _, l := range lines {
		switch l.kind {
		case 2, 7:
			amounts = append(amounts, l.cells[1], l.cells[2])
		}
		if l.kind == 6 || l.kind == 7 {
			names = append(names, l.cells[0])
		}
	}
	limitTS := fitSize(amounts, numW-unit*0.3, unit*0.8, true)
	nameTS := fitSize(names, nameW, st.atLeast(unit*0.8*0.72), true)
	for _, l := range lines {
		h := unit * l.weight
		ts := st.atLeast(h * 0.72)
		switch l.kind {
		case 0:
			sc.text(l.cells[0], pad, y, s.Width-2*pad, h, ts, p.Highlight, true, fyne.TextAlignCenter)
		case 1:
			sc.text(l.cells[1], numX, y, numW, h, ts, p.TextMuted, true, fyne.TextAlignTrailing)
			sc.text(l.cells[2], numX+numW, y, numW, h, ts, p.TextMuted, true, fyne.TextAlignTrailing)
		case 8: // the title as large as fits the names' column, the heads as the heads line's
			sc.text(l.cells[0], pad, y, nameW, h, fitSize(l.cells[:1], nameW*0.97, ts, true), p.Highlight, true, fyne.TextAlignLeading)
			heads := st.atLeast(unit * 0.8 * 0.72)
			sc.text(l.cells[1], numX, y, numW, h, heads, p.TextMuted, true, fyne.TextAlignTrailing)
			sc.text(l.cells[2], numX+numW, y, numW, h, heads, p.TextMuted, true, fyne.TextAlignTrailing)
		case 7:
			sc.line(pad, y, s.Width-pad, y, fade(p.Grid, 0.6), 1)
			sc.text(l.cells[0], pad, y, nameW, h, nameTS, p.TextMuted, true, fyne.TextAlignLeading)
			sc.text(l.cells[1], numX, y, numW, h, limitTS, p.Text, true, fyne.TextAlignTrailing)
			sc.text(l.cells[2], numX+numW, y, numW, h, limitTS, p.Text, true, fyne.TextAlignTrailing)
		case 6:
			sc.line(pad, y, s.Width-pad, y, fade(p.Grid, 0.6), 1)
			sc.text(l.cells[0], pad, y, inner, h, nameTS, p.TextMuted, true, fyne.TextAlignLeading)
		case 2:
			sc.text(l.cells[1], pad, y, numW, h, limitTS, p.Text, true, fyne.TextAlignTrailing)
			sc.text(l.cells[2], pad+numW, y, numW, h, limitTS, p.Text, true, fyne.TextAlignTrailing)
		case 4:
			sc.text(l.cells[0], pad, y, s.Width-2*pad, h, ts, p.Highlight, false, fyne.TextAlignLeading)
		case 5:
			sc.rect(pad, y+h*0.05, s.Width-2*pad, h*0.9, p.Notice, nil, 0, h*0.2)
			sc.text(l.cells[0], pad, y, s.Width-2*pad, h, ts, p.Background, true, fyne.TextAlignCenter)
		default:
			sc.text(l.cells[0], pad, y, s.Width-2*pad, h, ts, p.TextMuted, false, fyne.TextAlignLeading)
		}
		y += h
	}
	return sc.objects()
}

// Notices is the notice board: each notice with, where it has a time, a live countdown
// drawn from the clock.
type Notices struct {
	widget.BaseWidget
	style    Style
	currency string
	notices  []view.Notice
	now      time.Time
	cols     int // notices side by side in a row (the screen's layout sets it); 0 is 1
	// fitted are the answers of fits for the notices shown, by geometry and language: a
	// layout asks up to three times, and the words are measured once per change of the
	// notices, the size or the language (Set forgets them when the notices change).
	fitted   []noticeFit
	measured int // how many times fits measured the words (for the tests)
}

// noticeFit is one answer of Notices.fits: whether the notices fit cols to a row of the
// width at the text size, in the language.
type noticeFit struct {
	cols        int
	width, text float32
	lang        i18n.Lang
	fits        bool
}

// maxFitted bounds the answers kept: the layouts of one screen size ask at most three.
const maxFitted = 8

// setColumns lays the notices out n to a row, in reading order.
func (w *Notices) setColumns(n int) { w.cols = max(n, 1) }

// rows is how many rows n notices take.
func (w *Notices) rows(n int) int {
	c := max(w.cols, 1)
	return (n + c - 1) / c
}

// NewNotices is a notice board widget.
func NewNotices(st Style) *Notices {
	w := &Notices{style: st}
	w.ExtendBaseWidget(w)
	return w
}

// Set shows the notices at the time now; currency formats their amounts.
func (w *Notices) Set(ns []view.Notice, currency string, now time.Time) {
	if currency != w.currency || !slices.EqualFunc(ns, w.notices, sameNotice) {
		w.fitted = w.fitted[:0]
	}
	w.notices, w.currency, w.now = append([]view.Notice(nil), ns...), currency, now
	w.Refresh()
}

// sameNotice reports whether two notices say the same.
func sameNotice(a, b view.Notice) bool {
	return a.Kind == b.Kind && a.Wager == b.Wager && a.Amount == b.Amount && a.At.Equal(b.At)
}

// SetNow moves the countdowns to the time now.
func (w *Notices) SetNow(now time.Time) { w.now = now; w.Refresh() }

// countdownsMove reports whether a countdown reads differently at now than at the time the
// notices show: only then does a new time need a repaint (a countdown reads whole seconds, and
// every screen the table hands over, a card's too, carries a new time).
func (w *Notices) countdownsMove(now time.Time) bool {
	for _, n := range w.notices {
		if !n.At.IsZero() && countdown(w.now, n.At) != countdown(now, n.At) {
			return true
		}
	}
	return false
}

// CreateRenderer is Fyne's hook to draw the widget.
func (w *Notices) CreateRenderer() fyne.WidgetRenderer {
	return newPaintRenderer(w, w.paint, func() fyne.Size { return fyne.NewSize(200, 30) })
}

// noticeWords is a notice in words.
func noticeWords(words i18n.Catalogue, currency string, n view.Notice) string {
	at := clock(n.At)
	switch n.Kind {
	case view.NoticeMinimum: // naming the wager whose minimum changes (s66(2), 001 3.1)
		return words.T(i18n.NoticeMinimum, money(currency, n.Amount), at, words.T(wagerKey(n.Wager)))
	case view.NoticeMaximum:
		return words.T(i18n.NoticeMaximum, money(currency, n.Amount), at, words.T(wagerKey(n.Wager)))
	case view.NoticeLimits:
		return words.T(i18n.NoticeLimits, at)
	case view.NoticeDifferential:
		return words.T(i18n.NoticeDiff, at)
	case view.NoticeSettlement:
		return words.T(i18n.NoticeSettle, at)
	case view.NoticeClosing:
		return words.T(i18n.NoticeClosing, at)
	case view.NoticeReopening:
		return words.T(i18n.NoticeReopening, at)
	case view.NoticeLastCoup:
		return words.T(i18n.NoticeLastCoup)
	case view.NoticeNoBets:
		return words.T(i18n.NoticeNoBets)
	case view.NoticeDummy:
		return words.T(i18n.NoticeDummy)
	}
	return words.T(i18n.NoticeShoe)
}

// fits reports whether every notice's words fit at the readable size with cols notices to a
// row of width wide and rowH tall (paint's geometry): otherwise a notice would be drawn
// smaller than players can read, and the notices go one to a row.
func (w *Notices) fits(cols int, width, rowH float32) bool {
	st := w.style
	key := noticeFit{cols: cols, width: width, text: st.atLeast(rowH * 0.55), lang: st.Words.Lang()}
	for _, f := range w.fitted {
		if f.cols == key.cols && f.width == key.width && f.text == key.text && f.lang == key.lang {
			return f.fits
		}
	}
	if len(w.fitted) >= maxFitted {
		w.fitted = w.fitted[:0]
	}
	key.fits = w.measureFits(cols, width, rowH)
	w.measured++
	w.fitted = append(w.fitted, key)
	return key.fits
}

// measureFits is fits measured: every notice's words at the size paint draws them.
func (w *Notices) measureFits(cols int, width, rowH float32) bool {
	st := w.style
	gap := rowH * 0.15
	nw := (width - gap*float32(cols-1)) / float32(cols)
	for _, n := range w.notices[:min(len(w.notices), maxNotices)] {
		cdW := float32(0)
		if !n.At.IsZero() {
			cdW = w.countdownWidth(nw, rowH)
		}
		text := "▲ " + noticeWords(st.Words, w.currency, n)
		if fyne.MeasureText(text, st.atLeast(rowH*0.55), fyne.TextStyle{Bold: true}).Width > (nw-cdW-rowH*0.8)*0.97 {
			return false
		}
	}
	return true
}

// countdownWidth is the width of a notice's countdown box: as wide as its longest text (the
// words, then "9:59:59"), at most 30% of the notice's width nw.
func (w *Notices) countdownWidth(nw, h float32) float32 {
	long := w.style.Words.T(i18n.CountdownIn, "9:59:59")
	return min(nw*0.3, h*5, fyne.MeasureText(long, w.style.atLeast(h*0.5), fyne.TextStyle{Bold: true}).Width+h*0.5)
}

func (w *Notices) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	st, p := w.style, w.style.palette()
	if len(w.notices) == 0 {
		return nil
	}
	cols := max(w.cols, 1)
	h := s.Height / float32(w.rows(len(w.notices)))
	gap := h * 0.15
	nw := (s.Width - gap*float32(cols-1)) / float32(cols) // a notice's width
	for i, n := range w.notices {
		x, y := float32(i%cols)*(nw+gap), float32(i/cols)*h
		sc.rect(x, y+h*0.06, nw, h*0.88, p.Notice, nil, 0, h*0.15)
		cdW := float32(0)
		if !n.At.IsZero() {
			cd := st.Words.T(i18n.CountdownNow)
			if left := countdown(w.now, n.At); left != "" {
				cd = st.Words.T(i18n.CountdownIn, left)
			}
			cdW = w.countdownWidth(nw, h) // the notice's words the rest
			// The box holds its text: at the text's floor (a short row) it grows up to the
			// notice's own band, h*0.88, rather than let the digits touch its edges.
			size := st.atLeast(h * 0.5)
			bh := min(max(h*0.68, fyne.MeasureText(cd, size, fyne.TextStyle{Bold: true}).Height*1.08), h*0.88)
			sc.rect(x+nw-cdW-h*0.15, y+(h-bh)/2, cdW, bh, p.Background, nil, 0, h*0.12)
			sc.text(cd, x+nw-cdW-h*0.15, y+(h-bh)/2, cdW, bh, size, p.Notice, true, fyne.TextAlignCenter)
		}
		sc.text("▲ "+noticeWords(st.Words, w.currency, n), x+h*0.3, y, nw-cdW-h*0.8, h, st.atLeast(h*0.55), p.Background, true, fyne.TextAlignLeading)
	}
	return sc.objects()
}

// Stats is the statistics panel: hands, B / P / T counts and percentages, pairs, naturals,
// the current and longest streaks, cards left.
type Stats struct {
	widget.BaseWidget
	style Style
	stats view.Stats
}

// NewStats is a statistics widget.
func NewStats(st Style) *Stats {
	w := &Stats{style: st}
	w.ExtendBaseWidget(w)
	return w
}

// Set shows the statistics.
func (w *Stats) Set(s view.Stats) { w.stats = s; w.Refresh() }

// CreateRenderer is Fyne's hook to draw the widget.
func (w *Stats) CreateRenderer() fyne.WidgetRenderer {
	return newPaintRenderer(w, w.paint, func() fyne.Size { return fyne.NewSize(160, 160) })
}

func percent(n, of int) string {
	if of == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(of))
}

// statRow is one figure of the statistics.
type statRow struct {
	label, value string
	mark         view.Mark // a coloured letter before the label; MarkNone for none
}

// rows are the figures, in order.
func (w *Stats) rows() []statRow {
	st, v := w.style, w.stats
	words := st.Words
	streak := "–"
	if v.Streak != engine.WinnerNone && v.StreakLength > 0 {
		streak = fmt.Sprintf("%s %d", st.letter(winnerMark(v.Streak)), v.StreakLength)
	}
	rows := []statRow{
		{words.T(i18n.StatHands), fmt.Sprint(v.Hands), view.MarkNone},
		{words.T(i18n.WagerBanker), fmt.Sprintf("%d · %s", v.Banker, percent(v.Banker, v.Hands)), view.MarkBanker},
		{words.T(i18n.WagerPlayer), fmt.Sprintf("%d · %s", v.Player, percent(v.Player, v.Hands)), view.MarkPlayer},
		{words.T(i18n.WagerTie), fmt.Sprintf("%d · %s", v.Tie, percent(v.Tie, v.Hands)), view.MarkTie},
		{words.T(i18n.StatPairs), fmt.Sprintf("%s %d · %s %d", st.letter(view.MarkBanker), v.BankerPairs, st.letter(view.MarkPlayer), v.PlayerPairs), view.MarkNone},
		{words.T(i18n.StatNaturals), fmt.Sprint(v.Naturals), view.MarkNone},
		{words.T(i18n.StatStreak), streak, view.MarkNone},
		{words.T(i18n.StatLongest), fmt.Sprintf("%s %d · %s %d", st.letter(view.MarkBanker), v.LongestBanker, st.letter(view.MarkPlayer), v.LongestPlayer), view.MarkNone},
	}
	if v.CardsKnown {
		rows = append(rows, statRow{words.T(i18n.StatCardsLeft), fmt.Sprint(v.CardsLeft), view.MarkNone})
	}
	return rows
}

// columns is how many columns of figures a panel of the width holds: two when every label and
// value fit side by side in half of it at the screen's smallest text (the longest a value gets:
// "B 88 · P 88", "888 · 100%").
func (w *Stats) columns(width float32) int {
	m := w.style.minText()
	if m <= 0 {
		return 1
	}
	half := (width-width*0.08)/2 - m*0.6
	bold := fyne.TextStyle{Bold: true}
	valueW := max(fyne.MeasureText("888 · 100%", m, bold).Width, fyne.MeasureText(w.style.letter(view.MarkBanker)+" 88 · "+w.style.letter(view.MarkPlayer)+" 88", m, bold).Width)
	for _, r := range w.rows() {
		labelW := fyne.MeasureText(r.label, m, bold).Width
		if r.mark != view.MarkNone {
			labelW += m * 1.6
		}
		if labelW+valueW+m*0.8 > half {
			return 1
		}
	}
	return 2
}

func (w *Stats) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	st, p := w.style, w.style.palette()
	sc.panel(0, 0, s.Width, s.Height, p.Panel, p.Grid, 1)
	pad := min(s.Width, s.Height) * 0.04
	rows := w.rows()
	cols := w.columns(s.Width)
	perCol := (len(rows) + cols - 1) / cols
	h := (s.Height - 2*pad) / float32(perCol+1)
	ts := st.atLeast(h * 0.62)
	sc.text(st.Words.T(i18n.StatsTitle), pad, pad, s.Width-2*pad, h, ts*1.1, p.Highlight, true, fyne.TextAlignCenter)
	gap := st.minText() * 0.6
	colW := (s.Width - 2*pad - gap*float32(cols-1)) / float32(cols)
	for i, r := range rows {
		x0 := pad + float32(i/perCol)*(colW+gap)
		y := pad + h*float32(1+i%perCol)
		x := x0
		if r.mark != view.MarkNone {
			rad := h * 0.45
			sc.circle(x+rad, y+h/2, rad, st.markColour(r.mark), nil, 0)
			sc.text(st.letter(r.mark), x, y+h/2-rad, 2*rad, 2*rad, st.atLeast(rad*1.2), p.OnAccent, true, fyne.TextAlignCenter)
			x += 2*rad + h*0.2
		}
		sc.text(r.label, x, y, colW*0.45-(x-x0), h, ts, p.TextMuted, true, fyne.TextAlignLeading)
		sc.text(r.value, x0+colW*0.45, y, colW*0.55, h, ts, p.Text, true, fyne.TextAlignTrailing)
	}
	return sc.objects()
}

// needHeight is the height the statistics need at the width for every row at the screen's
// smallest text: the title and the rows of figures at 1.6 times its size, and the margins.
func (w *Stats) needHeight(width float32) float32 {
	rows := len(w.rows())
	cols := w.columns(width)
	return float32(1+(rows+cols-1)/cols)*w.style.minText()/0.62 + width*0.08
}

// winnerMark is the road mark of a winner.
func winnerMark(w engine.Winner) view.Mark {
	switch w {
	case engine.Banker:
		return view.MarkBanker
	case engine.Player:
		return view.MarkPlayer
	case engine.Tie:
		return view.MarkTie
	}
	return view.MarkNone
}
