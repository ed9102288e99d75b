package display

import (
	"reflect"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/themes"
	"github.com/coupboard/coupboard/themes/fynetheme"
)

// UseTheme makes th the Fyne theme of the app, so the table screen's text uses the bundled
// fonts and the window background is the theme's. Call it before showing the screen, with
// the theme the screen's Style holds.
func UseTheme(a fyne.App, th themes.Theme) { a.Settings().SetTheme(fynetheme.New(th)) }

// TableScreen is the players' table screen (spec/display.md §1): header, limit sign,
// notices, the coup, the roads and the ask road, statistics, the run board, the status
// strip; the attract view when idle and "Closed" when closed. It lays itself out for
// landscape (1920×1080) or portrait (1080×1920) by its shape and scales to any size from
// 1280×720 up. Apply and SetNow must be called on the Fyne goroutine (fyne.Do).
type TableScreen struct {
	widget.BaseWidget
	style   Style
	screen  view.Screen
	applied bool // Apply has been called: screen is what the widgets show
	rest    view.Screen
	restDue bool // ApplyCoup showed rest's coup; ApplyRest shows the rest of it

	header    *Header
	sign      *LimitSign
	notices   *Notices
	player    *Hand
	banker    *Hand
	result    *Result
	bead      *RoadGrid
	big       *RoadGrid
	bigEye    *RoadGrid
	small     *RoadGrid
	cockroach *RoadGrid
	ask       *AskRoad
	stats     *Stats
	runs      *RunBoard
	status    *StatusStrip
	banner    *Banner
	redDog    *RedDog
	redDogPay *RedDogPays
	redDogLog *RedDogHistory
}

// NewTableScreen is a table screen drawn with the style, showing an empty table until the
// first Apply.
func NewTableScreen(st Style) *TableScreen {
	st.metrics = &metrics{unit: 1080}
	t := &TableScreen{
		style: st, header: NewHeader(st), sign: NewLimitSign(st), notices: NewNotices(st),
		player: NewHand(st, false), banker: NewHand(st, true), result: NewResult(st),
		bead: NewRoadGrid(st, BeadPlate), big: NewRoadGrid(st, BigRoad), bigEye: NewRoadGrid(st, BigEyeBoy),
		small: NewRoadGrid(st, SmallRoad), cockroach: NewRoadGrid(st, CockroachPig), ask: NewAskRoad(st),
		stats: NewStats(st), runs: NewRunBoard(st), status: NewStatusStrip(st), banner: NewBanner(st),
		redDog: NewRedDog(st), redDogPay: NewRedDogPays(st), redDogLog: NewRedDogHistory(st),
	}
	// The road grids draw the same letters: one glyph cache, the fonts parsed once.
	if glyphs, err := newGlyphCache(); err == nil {
		for _, g := range []*RoadGrid{t.bead, t.big, t.bigEye, t.small, t.cockroach} {
			g.glyphs = glyphs
		}
	}
	t.ExtendBaseWidget(t)
	return t
}

// ApplyCoup shows the coup of s (the cards, the totals and the result) in its mode (a card
// ends the idle view) and leaves the rest of the screen as it was; ApplyRest (or Apply(s))
// afterwards shows the rest. The app hands a new screen over in these two steps so that the
// frame that shows a dealt card draws only the coup: the roads and statistics a coup's last
// card changes are painted a frame later (1/60 s), and do not delay the card
// (docs/performance.md, §5 and §20). It reports whether there is a rest to show. It is Apply,
// and there is none, before the first Apply, when the mode and the coup are as shown (the
// clock's screen each second, a heartbeat), and when the roads have no new coup (a card within
// a coup: the rest is a few texts, cheaper in the card's frame than in a frame of their own).
func (t *TableScreen) ApplyCoup(s view.Screen) (rest bool) {
	if !t.applied || s.Mode == t.screen.Mode && reflect.DeepEqual(s.Coup, t.screen.Coup) ||
		coupsOn(s.Roads.Bead) == coupsOn(t.screen.Roads.Bead) {
		t.Apply(s)
		return false
	}
	part := t.screen
	part.Mode, part.Coup = s.Mode, s.Coup
	t.apply(part, true)
	t.rest, t.restDue = s, true
	return true
}

// ApplyRest shows the whole of the last screen ApplyCoup was given, unless Apply has shown a
// screen since; it does nothing when there is nothing left to show. The app calls it a frame
// after ApplyCoup: the newest screen is shown even when screens came faster than frames, so a
// late call never brings back an older coup.
func (t *TableScreen) ApplyRest() {
	if t.restDue {
		t.Apply(t.rest)
	}
}

// Apply shows a new state of the table. Only the widgets whose part of the view model changed
// are painted again, and the screen is laid out again only when its mode or its set of panels
// changes: the app applies a screen at least once a second (the clock and the countdowns), and
// repainting every road each second would cost CPU and texture memory for nothing.
func (t *TableScreen) Apply(s view.Screen) { t.apply(s, false) }

// apply is Apply; with coupOnly, s differs from the screen shown in its mode and coup alone
// (ApplyCoup), and the rest is not compared: a dealt card's step does not walk the roads.
func (t *TableScreen) apply(s view.Screen, coupOnly bool) {
	prev, first := t.screen, !t.applied
	t.screen, t.applied = s, true
	t.rest, t.restDue = view.Screen{}, false
	changed := func(a, b any) bool { return first || !reflect.DeepEqual(a, b) }
	if !coupOnly {
		t.applyAround(s, prev, changed)
	}
	if changed(s.Coup.Player, prev.Coup.Player) {
		t.player.Set(s.Coup.Player)
	}
	if changed(s.Coup.Banker, prev.Coup.Banker) {
		t.banker.Set(s.Coup.Banker)
	}
	if changed(s.Coup, prev.Coup) {
		t.result.Set(s.Coup)
	}
	if s.Coup.RedDog != nil && changed(s.Coup.RedDog, prev.Coup.RedDog) {
		t.redDog.Set(*s.Coup.RedDog)
	}
	if s.RedDog != nil && (changed(s.RedDog, prev.RedDog) || changed(s.Coup.RedDog, prev.Coup.RedDog)) {
		var c view.RedDogCoup
		if s.Coup.RedDog != nil {
			c = *s.Coup.RedDog
		}
		t.redDogPay.Set(s.RedDog.Pays, c)
		t.redDogLog.Set(s.RedDog.History)
	}
	if !coupOnly {
		t.applyBelow(s, prev, changed)
	}
	if lines := t.bannerLines(s); changed(lines, t.bannerLines(prev)) {
		t.banner.Set(lines)
	}
	// The layout depends on the mode, the game and which panels there are (screenRenderer.Layout).
	if first || s.Mode != prev.Mode || s.Header.Game != prev.Header.Game || (s.Runs == nil) != (prev.Runs == nil) ||
		min(len(s.Notices), maxNotices) != min(len(prev.Notices), maxNotices) ||
		(s.RedDog == nil) != (prev.RedDog == nil) || (s.Coup.RedDog == nil) != (prev.Coup.RedDog == nil) ||
		coupShrunk(s) != coupShrunk(prev) {
		t.Refresh()
	}
}

// applyAround shows what of s is above the coup, where it changed from prev: the header, the
// limit sign and the notices.
func (t *TableScreen) applyAround(s, prev view.Screen, changed func(a, b any) bool) {
	h, ph := s.Header, prev.Header
	if s.Mode == view.Closed { // a closed table has no shoe or coup in play
		h.Shoe, h.Coup = 0, 0
	}
	if prev.Mode == view.Closed {
		ph.Shoe, ph.Coup = 0, 0
	}
	if changed(h, ph) || clock(s.Now) != clock(prev.Now) {
		t.header.Set(h, s.Now)
	}
	if changed(s.Sign, prev.Sign) {
		t.sign.Set(s.Sign)
	}
	if changed(s.Notices, prev.Notices) || s.Sign.Currency != prev.Sign.Currency || t.notices.countdownsMove(s.Now) {
		t.notices.Set(s.Notices, s.Sign.Currency, s.Now)
	}
}

// applyBelow shows what of s follows from the coups, where it changed from prev: the roads,
// the ask road, the statistics, the run board and the status strip.
func (t *TableScreen) applyBelow(s, prev view.Screen, changed func(a, b any) bool) {
	for _, r := range []struct {
		w         *RoadGrid
		now, prev view.Road
	}{
		{t.bead, s.Roads.Bead, prev.Roads.Bead}, {t.big, s.Roads.Big, prev.Roads.Big},
		{t.bigEye, s.Roads.BigEye, prev.Roads.BigEye}, {t.small, s.Roads.Small, prev.Roads.Small},
		{t.cockroach, s.Roads.Cockroach, prev.Roads.Cockroach},
	} {
		if changed(r.now, r.prev) {
			r.w.Set(r.now)
		}
	}
	if changed(s.Roads.Ask, prev.Roads.Ask) {
		t.ask.Set(s.Roads.Ask)
	}
	if changed(s.Stats, prev.Stats) {
		t.stats.Set(s.Stats)
	}
	if s.Runs != nil && changed(s.Runs, prev.Runs) {
		t.runs.Set(*s.Runs)
	}
	if changed(s.Status, prev.Status) {
		t.status.Set(s.Status)
	}
}

// SetNow moves the clock and the countdowns to now, without a new view model.
func (t *TableScreen) SetNow(now time.Time) {
	t.screen.Now = now
	t.header.now = now
	t.header.Refresh()
	if t.notices.countdownsMove(now) {
		t.notices.SetNow(now)
	}
}

// bannerLines is what the banner says in the idle and closed modes.
func (t *TableScreen) bannerLines(s view.Screen) []string {
	w := t.style.Words
	switch s.Mode {
	case view.Closed:
		if s.Reopens.IsZero() {
			return []string{w.T(i18n.Closed)}
		}
		return []string{w.T(i18n.Closed), w.T(i18n.Reopens, clock(s.Reopens))}
	case view.Idle:
		return []string{w.T(i18n.Welcome), w.T(i18n.PlaceBets)}
	}
	return nil
}

// coupsOn is how many coups a bead plate holds: one mark each. A coup's end adds one; the app
// hands the roads' new coup over a frame after the card that ended it (ApplyCoup).
func coupsOn(bead view.Road) int {
	n := 0
	for _, c := range bead.Columns {
		for _, cell := range c {
			if cell.Mark != view.MarkNone {
				n++
			}
		}
	}
	return n
}

// coupEmpty reports whether a baccarat coup has nothing to show: no card and no result (a
// shoe before its first card, a coup cancelled or held for review).
func coupEmpty(c view.Coup) bool {
	return len(c.Player) == 0 && len(c.Banker) == 0 && c.Result == nil && c.RedDog == nil
}

// coupShrunk reports whether the coup's boxes shrink to their titles and the roads take the
// room: a table before its first shoe (Header.Shoe 0: none in its journal yet), whose coup
// has nothing to show. From the first shoe's start the coup keeps the size it has with cards,
// empty or not, so the screen does not move when a shoe's first card is dealt (the players
// are watching it; laying the whole screen out again in the frame that shows it took 23-47 ms
// under a software renderer, against about 10 ms for a coup's first card: docs/performance.md
// §24, §28), nor when a coup is cancelled or held for review. The layout changes once, at
// the first shoe's start, seconds before its first card.
func coupShrunk(s view.Screen) bool { return s.Header.Shoe == 0 && coupEmpty(s.Coup) }

// maxNotices is how many notices the screen shows at once (the soonest).
const maxNotices = 3

// coupFloor is the least height of a coup with cards, per unit of the screen's short side:
// the landscape screen's coup (29% of its body), whose cards are 103 px tall at full HD, their
// letters 19 px cap height. The portrait coup, taller, gives the roads what they lack down to it.
const coupFloor = 0.25

// CreateRenderer is Fyne's hook to draw the widget.
func (t *TableScreen) CreateRenderer() fyne.WidgetRenderer {
	return &screenRenderer{t: t}
}

// screenRenderer lays out the table screen's widgets for its mode and shape.
type screenRenderer struct {
	t     *TableScreen
	objs  []fyne.CanvasObject
	boxes []rect // where each of objs goes, as the layout being planned has it
	size  fyne.Size
	short float32 // what the roads lack of roadsNeed, as last laid out
	plans int     // how many plans the layouts made (for the tests)
	// mayBeside lets the plan put the big road's name beside its grid when the roads are short
	// (roads), and in portrait make the limit sign compact and lay the roads in two rows
	// (roadsPaired); bigBeside, signCompact and paired are whether the plan being made does.
	mayBeside, bigBeside, signCompact, paired bool
}

// rect is a box of the layout.
type rect struct{ x, y, w, h float32 }

// place plans o in the box; Layout moves and sizes the objects once the plan is final.
func (r *screenRenderer) place(o fyne.CanvasObject, b rect) {
	r.objs = append(r.objs, o)
	r.boxes = append(r.boxes, b)
}

// Layout plans the screen with notices of their full height, and, when that leaves the roads
// under the floors players read them at (roadsNeed), again with the notices' rows shorter by
// what the roads lack, down to their text's floor: so that with notices on screen the roads,
// the big road first of all, keep their readable size (issue 23). Shorter rows may let the
// notices go two to a row over the coup where they went across the screen: then the roads are
// measured again, once more (three plans). When the roads are short still, with the notices at
// their least, the big road's name goes beside its grid and its band's height to the cells
// (roads), and in portrait the limit sign puts its title and column heads on one line, and,
// short even then (800×1280 with the run board), the roads go in two rows (roadsPaired), in a
// last plan (four at most). Only the last plan moves and sizes the widgets: each
// widget is laid out and painted once, at its final size (docs/performance.md, §20).
func (r *screenRenderer) Layout(size fyne.Size) {
	noticeH := min(size.Width, size.Height) * 0.055
	r.mayBeside = false
	short, rows := r.layout(size, noticeH)
	for i := 0; i < 2 && short > 0 && rows > 0; i++ {
		floor := r.t.style.minText() * 1.5
		if noticeH <= floor {
			break
		}
		noticeH = max(noticeH-short/float32(rows), floor)
		short, rows = r.layout(size, noticeH)
	}
	if short > 0 {
		r.mayBeside = true
		r.layout(size, noticeH)
	}
	big, bigSize, sign, signSize := r.t.big, r.t.big.Size(), r.t.sign, r.t.sign.Size()
	bead, beadSize := r.t.bead, r.t.bead.Size()
	moved, compacted := big.setTitleBeside(r.bigBeside), sign.setCompact(r.signCompact)
	beadMoved := bead.setTitleBeside(r.bigBeside && r.paired) // beside the big road, in its row
	for i, o := range r.objs {
		b := r.boxes[i]
		o.Move(fyne.NewPos(b.x, b.y))
		o.Resize(fyne.NewSize(max(b.w, 0), max(b.h, 0)))
	}
	if moved {
		big.refreshTitle(big.Size() != bigSize)
	}
	if beadMoved {
		bead.refreshTitle(bead.Size() != beadSize)
	}
	if compacted && sign.Size() == signSize { // a resize repainted it
		sign.Refresh()
	}
}

// layout lays the screen out with notice rows noticeH tall. short is how much the roads lack
// of roadsNeed (0 when they have it or there are none), rows how many rows the notices take.
func (r *screenRenderer) layout(size fyne.Size, noticeH float32) (short float32, rows int) {
	r.size = size
	r.plans++
	r.objs, r.boxes = r.objs[:0], r.boxes[:0]
	r.short, r.bigBeside, r.signCompact, r.paired = 0, false, false, false
	t := r.t
	s := t.screen
	W, H := size.Width, size.Height
	portrait := H > W
	unit := min(W, H) // 1080 on a full-HD screen in either orientation
	t.style.metrics.unit = unit
	pad := unit * 0.008
	headerH := unit * 0.075
	if portrait {
		headerH = unit * 0.12 // two rows
	}
	statusH := unit * 0.045
	defer func() { short, rows = r.short, t.notices.rows(min(len(s.Notices), maxNotices)) }()
	r.place(t.header, rect{0, 0, W, headerH})
	r.place(t.status, rect{0, H - statusH, W, statusH})
	y := headerH + pad
	// The notices go across the screen; in the landscape baccarat screen across the coup and
	// the roads only, so that the limit sign and the statistics keep their height.
	// A closed table shows the notices of its reopening (what the sign will change) over the
	// banner that says when it reopens.
	nNotices := min(len(s.Notices), maxNotices)
	beside := !portrait && s.Mode == view.Play && s.Header.Game != view.RedDog
	t.notices.setColumns(1)
	// Two to a row, so that the roads keep their height (Layout), when their words are still
	// readable in half the width (across the coup and the roads: the limit sign's column is 27%).
	// Three that do not go two to a row there would stack three rows over the coup, and the
	// roads would fall under their floor: they go two to a row across the whole screen instead
	// (over the limit sign too), when they fit there at their text's floor, so that the coup
	// and the roads lose two rows, as for two notices.
	switch {
	case !beside || len(s.Notices) < 2:
	case t.notices.fits(2, (W-2*pad)*0.73-pad, noticeH):
		t.notices.setColumns(2)
	case nNotices > 2 && t.notices.fits(2, W-2*pad, t.style.minText()*1.5):
		t.notices.setColumns(2)
		beside = false
	}
	if nNotices > 0 && !beside {
		nh := noticeH * float32(t.notices.rows(nNotices))
		r.place(t.notices, rect{pad, y, W - 2*pad, nh})
		y += nh + pad
	}
	body := rect{pad, y, W - 2*pad, H - statusH - pad - y}
	switch s.Mode {
	case view.Closed:
		r.place(t.banner, rect{body.x, body.y + body.h*0.15, body.w, body.h * 0.55})
		return
	case view.Idle:
		if portrait {
			r.place(t.banner, rect{body.x, body.y, body.w, body.h * 0.1})
			r.roads(rect{body.x, body.y + body.h*0.11, body.w, body.h * 0.55}, pad)
			r.place(t.sign, rect{body.x + body.w*0.1, body.y + body.h*0.68, body.w * 0.8, body.h * 0.32})
		} else {
			r.roads(rect{body.x, body.y, body.w * 0.7, body.h}, pad)
			side := rect{body.x + body.w*0.7 + pad, body.y, body.w*0.3 - pad, body.h}
			r.place(t.banner, rect{side.x, side.y, side.w, side.h * 0.2})
			r.place(t.sign, rect{side.x, side.y + side.h*0.2 + pad, side.w, side.h*0.8 - pad})
		}
		return
	}
	if s.Header.Game == view.RedDog && s.RedDog != nil { // the boxes, the history, the sign and the pay table
		r.redDog(body, pad, portrait)
		return
	}
	if s.Header.Game == view.RedDog { // no roads at Red Dog: the sign and the three boxes
		if portrait {
			r.coup(rect{body.x, body.y, body.w, body.h * 0.45}, pad)
			r.place(t.sign, rect{body.x + body.w*0.1, body.y + body.h*0.48, body.w * 0.8, body.h * 0.52})
		} else {
			r.place(t.sign, rect{body.x, body.y, body.w * 0.26, body.h})
			r.coup(rect{body.x + body.w*0.26 + pad, body.y + body.h*0.1, body.w*0.74 - pad, body.h * 0.75}, pad)
		}
		return
	}
	// The coup takes what its cards need, and only a band for its titles when it has none.
	coupH := body.h * 0.29
	if portrait {
		coupH = body.h * 0.17
	}
	coupH = max(coupH, coupFloor*unit) // notices across the screen take from the body, not the cards
	if coupShrunk(s) {
		coupH = t.style.minText() * 4.4
	}
	if portrait {
		signW, statsW := body.w*0.56-pad/2, body.w*0.44-pad/2
		low := max(t.sign.needHeight(signW), t.stats.needHeight(statsW)) // the sign and the statistics
		runsH := float32(0)
		if s.Runs != nil { // and the run board under them
			runsH = t.runs.needHeight(body.w)
			low += runsH + pad
		}
		// Notices over the coup and the run board under the roads leave the roads short: the
		// coup gives them what they lack, down to the landscape screen's coup (coupFloor),
		// whose cards' letters players still read at 3-5 m. Three notices over the coup and the
		// run board leave them short still: the run board gives the margins its height has over
		// its lines; in the last plan the big road's name goes beside its grid (roads) and the
		// limit sign, when it is the taller of the sign and the statistics, puts its title and
		// column heads on one line (LimitSign.setCompact); and the coup gives what it has over its
		// cards' letters at the screen's smallest text (coupLeast), so that the road marks keep
		// their floor (issue 23). A panel wider than 9:16 (800×1280) with the run board is short
		// still: there the roads go in two rows (roadsPaired: the bead plate beside the big road,
		// the derived roads and the ask road side by side under them), which saves a row of
		// cells and its name's band; what that leaves over goes back to the coup, the run board
		// and the sign, and what the road cells cannot use beyond pairedCellCap to the coup's
		// cards, which may then grow past the height they had. Any portrait layout whose roads
		// are still short comes here (tested: 800×1280 and 768×1366 with the run board).
		beside, paired := false, false
		lack := func() float32 { return r.roadsNeedAs(pad, beside, paired) - (body.h - coupH - pad - low - pad) }
		if l := lack(); l > 0 {
			coupFull, runsFull, signGive := coupH, runsH, float32(0)
			coupH = max(coupH-l, min(coupH, coupFloor*unit))
			if l := lack(); l > 0 && s.Runs != nil {
				give := min(l, max(runsH-t.runs.leastHeight(body.w), 0))
				runsH -= give
				low -= give
			}
			beside = r.mayBeside && lack() > 0
			if lack() > 0 && r.mayBeside {
				statsH := t.stats.needHeight(statsW)
				if signGive = max(t.sign.needHeight(signW), statsH) - max(t.sign.compactHeight(signW), statsH); signGive > 0 {
					low -= signGive
					r.signCompact = true
				}
			}
			if l := lack(); l > 0 {
				coupH = max(coupH-l, min(coupH, r.coupLeast(pad)))
			}
			if lack() > 0 && r.mayBeside {
				// What the two rows leave over goes back to the coup, the run board and the sign,
				// in that order, as they were before; the roads' cells grow into the rest only up
				// to pairedCellCap (larger cells would leave them fewer columns), the coup takes
				// what is left after that.
				paired, beside = true, false
				beside = lack() > 0 // the names of the bead plate and the big road beside their grids
				coupH = min(coupH-min(lack(), 0), coupFull)
				give := min(max(-lack(), 0), runsFull-runsH)
				runsH += give
				low += give
				if r.signCompact && -lack() >= signGive {
					low += signGive
					r.signCompact = false
				}
				coupH += max(-lack()-12*(r.pairedCellCap(body.w, pad, beside)-t.style.cellFloor()), 0)
			}
		}
		r.paired = paired
		coup := rect{body.x, body.y, body.w, coupH}
		r.coup(coup, pad)
		y := coup.y + coup.h + pad
		rest := body.y + body.h - y
		r.roads(rect{body.x, y, body.w, rest - low - pad}, pad)
		y += rest - low
		if s.Runs != nil {
			r.place(t.runs, rect{body.x, body.y + body.h - runsH, body.w, runsH})
			low -= runsH + pad
		}
		r.place(t.sign, rect{body.x, y, signW, low})
		r.place(t.stats, rect{body.x + body.w*0.56 + pad/2, y, statsW, low})
		return
	}
	// The limit sign and the statistics share the left column as they need.
	left := rect{body.x, body.y, body.w * 0.27, body.h}
	signH := max(left.h*0.56-pad/2, min(t.sign.needHeight(left.w), left.h-t.stats.needHeight(left.w)-pad))
	r.place(t.sign, rect{left.x, left.y, left.w, signH})
	r.place(t.stats, rect{left.x, left.y + signH + pad, left.w, left.h - signH - pad})
	centre := rect{left.x + left.w + pad, body.y, body.w - left.w - pad, body.h}
	if nNotices > 0 && beside {
		nh := noticeH * float32(t.notices.rows(nNotices)) // two to a row
		r.place(t.notices, rect{centre.x, centre.y, centre.w, nh})
		centre.y += nh + pad
		centre.h -= nh + pad
	}
	if s.Runs != nil {
		rw := body.w * 0.22
		centre.w -= rw + pad
		r.place(t.runs, rect{centre.x + centre.w + pad, centre.y, rw, min(centre.h, max(centre.h*0.5, t.runs.needHeight(rw)))})
	}
	coup := rect{centre.x, centre.y, centre.w, coupH}
	r.coup(coup, pad)
	r.roads(rect{centre.x, coup.y + coup.h + pad, centre.w, centre.h - coup.h - pad}, pad)
	return
}

// coupLeast is the least height of a baccarat coup with cards (coup): the hands whose cards'
// letters are the screen's smallest text (Hand.leastHeight), and the result under them.
func (r *screenRenderer) coupLeast(pad float32) float32 {
	return r.t.player.leastHeight() + r.t.style.minText()*4.2 + pad
}

// coup lays out the two hands side by side and the result banner under them.
func (r *screenRenderer) coup(b rect, pad float32) {
	handH := b.h * 0.66
	if r.t.screen.Coup.RedDog != nil || r.t.screen.Header.Game == view.RedDog {
		r.place(r.t.redDog, rect{b.x, b.y, b.w, handH})
		r.place(r.t.result, rect{b.x, b.y + handH + pad, b.w, b.h - handH - pad})
		return
	}
	switch {
	case coupShrunk(r.t.screen): // the hands' titles over "Place your bets"
		handH = b.h * 0.45
	default: // the result in words, and a row for pairs and "pays half"
		handH = b.h - r.t.style.minText()*4.2 - pad
	}
	r.place(r.t.player, rect{b.x, b.y, b.w/2 - pad/2, handH})
	r.place(r.t.banker, rect{b.x + b.w/2 + pad/2, b.y, b.w/2 - pad/2, handH})
	r.place(r.t.result, rect{b.x, b.y + handH + pad, b.w, b.h - handH - pad})
}

// redDog lays out a Red Dog table: the three boxes and the result with the history under
// them, and the limit sign with the pay table beside them (under them in portrait).
func (r *screenRenderer) redDog(b rect, pad float32, portrait bool) {
	t := r.t
	if portrait {
		r.coup(rect{b.x, b.y, b.w, b.h * 0.4}, pad)
		r.place(t.redDogLog, rect{b.x, b.y + b.h*0.4 + pad, b.w, b.h*0.2 - pad})
		low := rect{b.x, b.y + b.h*0.6 + pad, b.w, b.h*0.4 - pad}
		r.place(t.sign, rect{low.x, low.y, low.w*0.5 - pad/2, low.h})
		r.place(t.redDogPay, rect{low.x + low.w*0.5 + pad/2, low.y, low.w*0.5 - pad/2, low.h})
		return
	}
	left := rect{b.x, b.y, b.w * 0.26, b.h}
	r.place(t.sign, rect{left.x, left.y, left.w, left.h*0.52 - pad/2})
	r.place(t.redDogPay, rect{left.x, left.y + left.h*0.52 + pad/2, left.w, left.h*0.48 - pad/2})
	right := rect{left.x + left.w + pad, b.y, b.w - left.w - pad, b.h}
	r.coup(rect{right.x, right.y, right.w, right.h * 0.68}, pad)
	r.place(t.redDogLog, rect{right.x, right.y + right.h*0.68 + pad, right.w, right.h*0.32 - pad})
}

// roads lays out the roads in the box: the big road across the top; under it the bead plate
// and the big eye boy; under them the small road, the cockroach pig and the ask road. Every
// road's name is the screen's smallest text. The derived roads' cells are the smallest whose
// marks players read at 3-5 m (cellFloor); the big road takes the height left, up to cells
// so large that 30 columns (most of a shoe) still fit; what is left after that goes back to
// the derived roads, whose cells never outgrow the big road's (nor the big road's theirs, when
// the box is too short for both). The bead plate shows 14 columns
// (a shoe's coups), the big eye boy the rest of its row. When the box is short of roadsNeed,
// and the plan may (mayBeside: the rest of the screen is at its least), the big road's name
// goes beside its grid, and the height of its band to the cells (roadtitle.go).
func (r *screenRenderer) roads(b rect, pad float32) {
	t := r.t
	if r.paired {
		r.roadsPaired(b, pad)
		return
	}
	r.bigBeside = r.mayBeside && r.roadsNeed(pad, false) > b.h
	r.short = max(r.roadsNeed(pad, r.bigBeside)-b.h, 0)
	chrome := r.roadChrome(b.h)
	avail := b.h - 3*chrome - 2*pad
	bigChrome, bigW := chrome, b.w
	if r.bigBeside { // the big road's band, less its grid's margins, goes to the cells
		bigChrome, bigW = 4, b.w-t.big.sideWidth()
		avail += chrome - 4
	}
	floor := t.style.cellFloor()
	bigCell := max(min((avail-12*floor)/6, bigW/30), avail/18)
	cell := min((avail-6*bigCell)/12, bigCell)
	bigH := bigChrome + 6*bigCell
	r.place(t.big, rect{b.x, b.y, b.w, bigH})
	rowH := chrome + 6*cell
	y := b.y + bigH + pad
	beadW := min(14*cell+4, b.w*0.4)
	r.place(t.bead, rect{b.x, y, beadW, rowH})
	r.place(t.bigEye, rect{b.x + beadW + pad, y, b.w - beadW - pad, rowH})
	y += rowH + pad
	aw := t.ask.needWidth(cell)
	dw := (b.w - aw - 2*pad) / 2
	r.place(t.small, rect{b.x, y, dw, rowH})
	r.place(t.cockroach, rect{b.x + dw + pad, y, dw, rowH})
	r.place(t.ask, rect{b.x + b.w - aw, y, aw, rowH})
}

// pairedBeadColumns is how many columns the bead plate shows beside the big road
// (roadsPaired): 60 coups, most of the shoe's last half.
const pairedBeadColumns = 10

// roadsPaired lays out the roads in the box in two rows, for a portrait screen whose roads are
// short of roadsNeed in three rows with the rest of the screen at its least (a panel wider
// than 9:16 with the run board): the bead plate (pairedBeadColumns) and the big road across
// the top, the big eye boy, the small road, the cockroach pig and the ask road side by side
// under them. Every road keeps its name and its six rows; the derived roads show fewer
// columns (the newest), the big road what its width holds. When the box is short even so, the
// names of the bead plate and the big road go beside their grids (roadtitle.go), and their
// band's height goes to the cells. The cells are as in roads (the derived roads' at the floor,
// the big road's up to cells at which 30 of its columns fit, none smaller than theirs), but grow
// with the box only up to pairedCellCap.
func (r *screenRenderer) roadsPaired(b rect, pad float32) {
	t := r.t
	r.bigBeside = r.roadsNeedAs(pad, false, true) > b.h
	r.short = max(r.roadsNeedAs(pad, r.bigBeside, true)-b.h, 0)
	chrome := r.roadChrome(b.h)
	topChrome, sides := chrome, float32(0)
	if r.bigBeside {
		topChrome, sides = 4, t.bead.sideWidth()+t.big.sideWidth()
	}
	avail := b.h - topChrome - chrome - pad
	floor := t.style.cellFloor()
	// 30 columns of the big road and the bead plate's beside it, in the row's width.
	wide := (b.w - pad - sides - 8) / (30 + pairedBeadColumns)
	bigCell := max(min((avail-6*floor)/6, wide), min(avail/12, r.pairedCellCap(b.w, pad, r.bigBeside)))
	cell := min((avail-6*bigCell)/6, bigCell)
	topH := topChrome + 6*bigCell
	beadW := pairedBeadColumns*bigCell + 4.5 // and half a pixel, that the last column is whole
	if r.bigBeside {
		beadW += t.bead.sideWidth()
	}
	r.place(t.bead, rect{b.x, b.y, beadW, topH})
	r.place(t.big, rect{b.x + beadW + pad, b.y, b.w - beadW - pad, topH})
	y := b.y + topH + pad
	rowH := chrome + 6*cell
	aw := t.ask.needWidth(cell)
	dw := (b.w - aw - 3*pad) / 3
	for i, g := range []*RoadGrid{t.bigEye, t.small, t.cockroach} {
		r.place(g, rect{b.x + float32(i)*(dw+pad), y, dw, rowH})
	}
	r.place(t.ask, rect{b.x + b.w - aw, y, aw, rowH})
}

// pairedCellCap is the largest cell of the roads in two rows (roadsPaired) in a box of the
// width: the cell at which the big road shows 26 columns beside the bead plate's (the derived
// roads, a third of the width less the ask road's each, then show 8 or more at 800×1280:
// TestNoticesKeepTheBigRoad); the floor when that is less. The screen's plan gives the coup
// what the roads' box has over cells of this size.
func (r *screenRenderer) pairedCellCap(w, pad float32, beside bool) float32 {
	sides := float32(0)
	if beside {
		sides = r.t.bead.sideWidth() + r.t.big.sideWidth()
	}
	return max(r.t.style.cellFloor(), (w-pad-sides-10)/(26+pairedBeadColumns)) // and a pixel for each grid
}

// roadChrome is a road's name and its grid's margins, in a roads box of height h.
func (r *screenRenderer) roadChrome(h float32) float32 { return r.t.big.titleHeight(h) + 4 }

// roadsNeed is the least height the roads take with every cell, the big road's too, at the
// floor players read marks at (roads: three rows of six cells under their names, or, with
// the big road's name beside its grid, two rows under their names and the big road).
func (r *screenRenderer) roadsNeed(pad float32, bigBeside bool) float32 {
	return r.roadsNeedAs(pad, bigBeside, false)
}

// roadsNeedAs is roadsNeed for the roads in three rows or, paired, in two (roadsPaired: two
// rows of six cells under their names, or, with the names of the first row beside their
// grids, under one name's band).
func (r *screenRenderer) roadsNeedAs(pad float32, bigBeside, paired bool) float32 {
	switch {
	case paired && bigBeside:
		return r.roadChrome(0) + 4 + pad + 12*r.t.style.cellFloor()
	case paired:
		return 2*r.roadChrome(0) + pad + 12*r.t.style.cellFloor()
	case bigBeside:
		return 2*r.roadChrome(0) + 4 + 2*pad + 18*r.t.style.cellFloor()
	}
	return 3*r.roadChrome(0) + 2*pad + 18*r.t.style.cellFloor()
}

func (r *screenRenderer) MinSize() fyne.Size { return fyne.NewSize(640, 360) }

func (r *screenRenderer) Refresh() {
	r.Layout(r.size)
	for _, o := range r.objs {
		o.Refresh()
	}
}

func (r *screenRenderer) Objects() []fyne.CanvasObject { return r.objs }

func (r *screenRenderer) Destroy() {}

// Banner is big centred text: "Closed" and the reopening time, or the attract view's
// welcome.
type Banner struct {
	widget.BaseWidget
	style Style
	lines []string
}

// NewBanner is an empty banner.
func NewBanner(st Style) *Banner {
	w := &Banner{style: st}
	w.ExtendBaseWidget(w)
	return w
}

// Set shows the lines, the first one largest.
func (w *Banner) Set(lines []string) { w.lines = append([]string(nil), lines...); w.Refresh() }

// CreateRenderer is Fyne's hook to draw the widget.
func (w *Banner) CreateRenderer() fyne.WidgetRenderer {
	return newPaintRenderer(w, w.paint, func() fyne.Size { return fyne.NewSize(200, 60) })
}

func (w *Banner) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	p := w.style.palette()
	if len(w.lines) == 0 {
		return nil
	}
	sc.panel(0, 0, s.Width, s.Height, p.Panel, p.Highlight, 3)
	weights := []float32{1.6}
	total := float32(1.6)
	for range w.lines[1:] {
		weights = append(weights, 1)
		total++
	}
	y := s.Height * 0.08
	inner := s.Height * 0.84
	for i, l := range w.lines {
		h := inner * weights[i] / total
		col := p.Text
		if i == 0 {
			col = p.Highlight
		}
		sc.text(l, s.Width*0.04, y, s.Width*0.92, h, h*0.7, col, true, fyne.TextAlignCenter)
		y += h
	}
	return sc.objects()
}
