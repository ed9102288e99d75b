// Package pitboard draws the pit board with Ebiten: one tile per table (spec/display.md §3)
// with its name, game and limits, status (open, closing in N min, closed, stale, offline),
// last result, a compact big road and bead plate, counts and current streak, hot streaks
// highlighted; as many tiles as fit, and pages that rotate when there are more tables.
//
// The board's state is a pitmodel.Board; this package only draws it. Each table's tile
// (roads included) is cached as an image and repainted only when the table changes; on top of
// it go the status badge and the stale/offline marking, which change with time. The screen
// keeps the previous frame, and a frame draws only the tiles and header that changed.
package pitboard

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/coupboard/coupboard/themes/ebitentheme"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Options configure the board's drawing.
type Options struct {
	// Words are the board's language: the table screen's catalogue (display/i18n), so the
	// board says Banker, Player, Tie, Closed and the rest as the tables do. Zero is English.
	Words     i18n.Catalogue
	Title     string           // shown in the header; default "Pit board" in Words' language
	PageEvery time.Duration    // how long each page shows; default 12s
	MinTileW  int              // smallest tile width before paging; default 300
	MinTileH  int              // smallest tile height before paging; default 190
	Now       func() time.Time // the clock; default time.Now
	// MaxPerUpdate is how many messages one Update applies at most (the rest wait for the
	// next tick); default 20000.
	MaxPerUpdate int
	// RedrawAlways draws every frame. By default a frame is drawn only when a table changed,
	// the clock's second or the page changed, or the window was resized, and the previous
	// frame stays on screen otherwise (the caller must then turn off
	// ebiten.SetScreenClearedEveryFrame).
	RedrawAlways bool
	// Warning is shown under the header in the error colour on every page, e.g. that the bus
	// has no credentials. Messages refused as forged are added to it.
	Warning string
	// Bus, when set, says what the board's connection knows of the pit bus's nodes: a node
	// down (or the bus unreachable) is shown on the alert line. Update asks it at its first
	// call and then each time BusChanged has a value (bus.Subscriber.NodesChanged), not every
	// frame; without BusChanged, at every Update.
	Bus        func() pitmodel.Bus
	BusChanged <-chan struct{}
}

// Stats are the board's frame measurements.
type Stats struct {
	Frames   int             // frames drawn in full (frames with nothing new are not drawn again)
	Draw     []time.Duration // CPU time of each Draw call (the last 4096)
	Interval []time.Duration // time between the starts of consecutive frames (the last 4096)
	Redrawn  int             // tile images redrawn (cache misses)
	Tiles    int             // tiles drawn onto the screen (a full frame draws every tile of its page)
	Applied  int             // messages applied
	Errors   int             // messages rejected by the model
}

const statWindow = 4096

// Board is the pit board as an ebiten.Game.
type Board struct {
	model *pitmodel.Board
	feed  <-chan pitwire.Message
	theme *ebitentheme.Theme
	opts  Options
	start time.Time
	tiles map[string]*tileCache
	// sprites are the road marks by size (sprite.go).
	sprites map[spriteKey]*ebiten.Image
	stats   Stats
	last    time.Time // start of the previous frame
	err     error     // the last error applying a message
	// drawn is what the frame on screen shows; a frame with the same key is not drawn again.
	drawn       frameKey
	screen      *ebiten.Image // the image drawn last
	drawnTables int           // tables on the board when the layout on screen was drawn
	header      [2]string     // the header's counts and clock on screen
	changes     int           // messages applied that change a table (heartbeats excluded)
	busRead     bool          // Options.Bus was asked once (Update)
}

// frameKey is what a drawn frame depends on besides the tables.
type frameKey struct {
	changes, page, w, h int
	second              int64
	alert               string // the alert line (see alert): a change moves the tiles
}

// New is a board drawing model, fed by feed, in theme th.
func New(model *pitmodel.Board, feed <-chan pitwire.Message, th *ebitentheme.Theme, opts Options) *Board {
	if opts.Title == "" {
		opts.Title = opts.Words.T(i18n.PitTitle)
	}
	if opts.PageEvery <= 0 {
		opts.PageEvery = 12 * time.Second
	}
	if opts.MinTileW <= 0 {
		opts.MinTileW = 300
	}
	if opts.MinTileH <= 0 {
		opts.MinTileH = 190
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.MaxPerUpdate <= 0 {
		opts.MaxPerUpdate = 20000
	}
	return &Board{model: model, feed: feed, theme: th, opts: opts, start: opts.Now(), tiles: make(map[string]*tileCache), sprites: make(map[spriteKey]*ebiten.Image)}
}

// Stats are the frame measurements so far (copies).
func (b *Board) Stats() Stats {
	s := b.stats
	s.Draw, s.Interval = slices.Clone(s.Draw), slices.Clone(s.Interval)
	return s
}

// Model is the board's state.
func (b *Board) Model() *pitmodel.Board { return b.model }

// Update applies the messages waiting on the feed (ebiten.Game).
func (b *Board) Update() error {
	now := b.opts.Now()
	if b.opts.Bus != nil && b.busChanged() {
		b.model.SetBus(b.opts.Bus())
	}
	for range b.opts.MaxPerUpdate {
		select {
		case m, ok := <-b.feed:
			if !ok {
				return nil
			}
			r, err := b.model.Apply(m, now)
			if err != nil {
				b.err = err
				b.stats.Errors++
				b.changes++ // the header counts refusals
				continue
			}
			b.stats.Applied++
			if r == pitmodel.Applied {
				b.changes++
			}
		default:
			return nil
		}
	}
	return nil
}

// busChanged reports whether Options.Bus is to be asked now: the first time, and then when
// Options.BusChanged has a value (always without it).
func (b *Board) busChanged() bool {
	if !b.busRead || b.opts.BusChanged == nil {
		b.busRead = true
		return true
	}
	select {
	case <-b.opts.BusChanged:
		return true
	default:
		return false
	}
}

// Layout uses the window's size in pixels (ebiten.Game).
func (b *Board) Layout(outsideW, outsideH int) (int, int) { return outsideW, outsideH }

func record(s []time.Duration, d time.Duration) []time.Duration {
	if len(s) >= statWindow {
		copy(s, s[1:])
		s = s[:len(s)-1]
	}
	return append(s, d)
}

// Draw draws the board (ebiten.Game). The screen is expected to keep the previous frame
// (ebiten.SetScreenClearedEveryFrame(false)): a frame redraws only what changed since it — the
// header when its clock, counts or refusals changed, and each tile whose table, hot streak or
// status badge changed — and a frame with nothing new draws nothing, so Ebiten presents
// nothing. The whole screen is drawn again when the layout changes (size, page, number of
// tables, the alert line), on the first frame, on a new screen image, and with RedrawAlways.
func (b *Board) Draw(screen *ebiten.Image) {
	t0 := time.Now()
	if !b.last.IsZero() {
		b.stats.Interval = record(b.stats.Interval, t0.Sub(b.last))
	}
	b.last = t0
	now := b.opts.Now()
	key := frameKey{
		changes: b.changes, page: int(now.Sub(b.start) / b.opts.PageEvery),
		w: screen.Bounds().Dx(), h: screen.Bounds().Dy(), second: now.Unix(), alert: b.alert(),
	}
	if !b.opts.RedrawAlways && key == b.drawn && screen == b.screen && b.stats.Frames > 0 {
		return
	}
	full := b.opts.RedrawAlways || b.stats.Frames == 0 || screen != b.screen ||
		key.w != b.drawn.w || key.h != b.drawn.h || key.page != b.drawn.page || key.alert != b.drawn.alert ||
		b.model.Len() != b.drawnTables
	b.drawn, b.screen, b.drawnTables = key, screen, b.model.Len()
	if !b.draw(screen, now, full) {
		return
	}
	b.stats.Frames++
	b.stats.Draw = record(b.stats.Draw, time.Since(t0))
}

// draw draws the whole board when full, otherwise only the header and tiles that differ from
// what is on screen; it reports whether it drew anything.
func (b *Board) draw(screen *ebiten.Image, now time.Time, full bool) bool {
	pal := b.theme.Palette
	sw, sh := screen.Bounds().Dx(), screen.Bounds().Dy()
	header := max(28, sh/28)
	if full {
		screen.Fill(pal.Background)
	}
	// The alert line is part of the frame key: it changes only in a whole frame.
	top := header + b.drawAlert(screen, header, full)
	ids := b.model.IDs()
	g := Fit(len(ids), sw, sh-top, b.opts.MinTileW, b.opts.MinTileH, 1.7)
	page := int(now.Sub(b.start) / b.opts.PageEvery)
	from, to := g.Page(page, len(ids))
	drew := b.drawHeader(screen, now, header, g, page, len(ids), full)
	if len(ids) == 0 {
		if full {
			face := b.theme.Face(float64(header), false)
			drawText(screen, b.opts.Words.T(i18n.PitWaiting), face, float64(sw)/2, float64(sh)/2, pal.TextMuted, text.AlignCenter, text.AlignCenter)
		}
		return drew || full
	}
	for i, id := range ids[from:to] {
		t, _ := b.model.Table(id)
		x, y := g.Cell(i, 0, top)
		if b.drawTile(screen, t, x, y, g.TileW, g.TileH, now, full) {
			drew = true
		}
	}
	return drew || full
}

// drawHeader draws the header: title, counts, legend and clock. Unless full it draws only
// when the text differs from the header on screen; it reports whether it drew.
func (b *Board) drawHeader(dst *ebiten.Image, now time.Time, h int, g Grid, page, n int, full bool) bool {
	pal := b.theme.Palette
	var live, stale, offline int
	for _, t := range b.model.Tables() {
		switch b.model.Liveness(t, now) {
		case pitmodel.Live:
			live++
		case pitmodel.Stale:
			stale++
		default:
			offline++
		}
	}
	w := b.opts.Words
	info := w.T(i18n.PitCounts, n, live, stale, offline)
	if g.Pages > 1 {
		info += " · " + w.T(i18n.PitPage, page%g.Pages+1, g.Pages)
	}
	if b.stats.Errors > 0 {
		info += " · " + w.T(i18n.PitRefused, b.stats.Errors)
	}
	clock := now.Format("15:04:05")
	if shown := [2]string{info, clock}; full || shown != b.header {
		b.header = shown
	} else {
		return false
	}
	vector.DrawFilledRect(dst, 0, 0, float32(dst.Bounds().Dx()), float32(h), pal.Panel, false)
	face := b.theme.Face(float64(h)*0.6, true)
	small := b.theme.Face(float64(h)*0.5, false)
	mid := float64(h) / 2
	pad := float64(h) / 2
	drawText(dst, b.opts.Title, face, pad, mid, pal.Text, text.AlignStart, text.AlignCenter)
	tw, _ := text.Measure(b.opts.Title, face, 0)
	drawText(dst, info, small, pad*2+tw, mid, pal.TextMuted, text.AlignStart, text.AlignCenter)
	right := float64(dst.Bounds().Dx()) - pad
	drawText(dst, clock, face, right, mid, pal.Text, text.AlignEnd, text.AlignCenter)
	cw, _ := text.Measure(clock, face, 0)
	legend := w.T(i18n.PitLegend)
	drawText(dst, legend, small, right-cw-pad, mid, pal.TextMuted, text.AlignEnd, text.AlignCenter)
	return true
}

// alert is the alert line: Options.Warning and the messages refused as forged (a table
// speaking for another), "" when there is nothing to say.
func (b *Board) alert() string {
	var parts []string
	if b.opts.Warning != "" {
		parts = append(parts, b.opts.Warning)
	}
	if s := busAlert(b.opts.Words, b.model.Bus()); s != "" {
		parts = append(parts, s)
	}
	if n, last := b.model.Forged(); n > 0 {
		parts = append(parts, b.opts.Words.T(i18n.PitForged, n, last))
	}
	return strings.Join(parts, "  ·  ")
}

// busAlert is what the alert line says of the pit bus: a node down (and the node the board
// reads from), or the bus unreachable; "" when all is well or nobody watches.
func busAlert(w i18n.Catalogue, x pitmodel.Bus) string {
	switch {
	case !x.Watched:
		return ""
	case !x.Connected:
		return w.T(i18n.PitBusLost)
	case len(x.Down) > 0:
		return w.T(i18n.PitNodeDown, strings.Join(x.Down, ", "), x.Node)
	}
	return ""
}

// drawAlert returns the height of the alert line at y (0 when there is no alert) and, when
// draw, draws it across the board in the error colour.
func (b *Board) drawAlert(dst *ebiten.Image, y int, draw bool) int {
	s := b.alert()
	if s == "" {
		return 0
	}
	pal := b.theme.Palette
	h, w := y*4/5, float64(dst.Bounds().Dx())
	if !draw {
		return h
	}
	vector.DrawFilledRect(dst, 0, float32(y), float32(w), float32(h), pal.Error, false)
	face := b.theme.Face(float64(h)*0.6, true)
	pad := float64(y) / 2
	drawText(dst, fit(s, face, w-2*pad), face, pad, float64(y)+float64(h)/2, pal.OnAccent, text.AlignStart, text.AlignCenter)
	return h
}

// drawTile draws table t's tile in the cell at x, y of w×h pixels (gaps included): the cached
// content, then the live parts. Unless full it draws only when the tile differs from the one
// on screen (its table, hot streak or badge changed), first clearing the cell; it reports
// whether it drew.
func (b *Board) drawTile(dst *ebiten.Image, t *pitmodel.Table, x, y, w, h int, now time.Time, full bool) bool {
	gap := max(3, w/80)
	iw, ih := w-gap, h-gap
	c := b.tiles[t.ID]
	if c == nil {
		c = &tileCache{}
		b.tiles[t.ID] = c
	}
	hot := b.model.Hot(t)
	bd := b.badge(t, now)
	shown := tileShown{version: t.Version, hot: hot, x: x, y: y, w: iw, h: ih, badge: bd}
	if !full && c.shown == shown {
		return false
	}
	c.shown = shown
	if c.img == nil || c.version != t.Version || c.w != iw || c.h != ih || c.hot != hot {
		if c.img == nil || c.w != iw || c.h != ih {
			if c.img != nil {
				c.img.Deallocate()
			}
			c.img = ebiten.NewImage(iw, ih)
		}
		c.version, c.w, c.h, c.hot = t.Version, iw, ih, hot
		c.img.Clear()
		b.paintTile(c.img, t)
		b.stats.Redrawn++
	}
	if !full {
		// The veil of a stale or offline tile is translucent: start from the bare background.
		dst.SubImage(image.Rect(x, y, x+w, y+h)).(*ebiten.Image).Fill(b.theme.Palette.Background)
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(x), float64(y))
	dst.DrawImage(c.img, op)
	b.stats.Tiles++
	b.drawLive(dst, bd, float64(x), float64(y), float64(iw), float64(ih))
	return true
}

// tileCache is a table's tile as last painted, and what its cell on screen shows.
type tileCache struct {
	img     *ebiten.Image
	version uint64
	w, h    int
	hot     bool
	shown   tileShown
}

// tileShown is what a tile drawn on screen depends on.
type tileShown struct {
	version    uint64
	hot        bool
	x, y, w, h int
	badge      badge
}

// badge is a tile's status badge: its words, colour, and whether the table is live.
type badge struct {
	label string
	fill  color.NRGBA
	live  pitmodel.Liveness
}

// badge is table t's status badge at now.
func (b *Board) badge(t *pitmodel.Table, now time.Time) badge {
	pal, w := b.theme.Palette, b.opts.Words
	l := b.model.Liveness(t, now)
	bd := badge{live: l}
	// Closed and Reopens are the table screen's own words; the badges are capitals in English.
	switch {
	case l == pitmodel.Offline:
		bd.label, bd.fill = w.T(i18n.PitOffline), pal.Error
	case l == pitmodel.Stale:
		bd.label, bd.fill = w.T(i18n.PitStale), pal.Warning
	case held(t):
		// Doubt stops the coup: the table waits for a supervisor (pitwire.TypeReview).
		h, _ := t.UnderReview()
		bd.label, bd.fill = w.T(i18n.PitReview, h.N), pal.Warning
	case t.State == pitwire.StateClosing:
		mins := int(math.Ceil(t.ClosesAt.Sub(now).Minutes()))
		bd.label, bd.fill = w.T(i18n.PitClosingIn, max(mins, 0)), pal.Notice
	case t.State == pitwire.StateClosed && !t.OpensAt.IsZero():
		bd.label, bd.fill = strings.ToUpper(w.T(i18n.Closed)+" · "+w.T(i18n.Reopens, t.OpensAt.Local().Format("15:04"))), pal.TextMuted
	case t.State == pitwire.StateClosed:
		bd.label, bd.fill = strings.ToUpper(w.T(i18n.Closed)), pal.TextMuted
	case t.State == pitwire.StateOpen:
		bd.label, bd.fill = w.T(i18n.PitOpen), pal.OK
	default:
		bd.label, bd.fill = w.T(i18n.PitNoStatus), pal.TextMuted
	}
	return bd
}

// drawLive draws what changes with time: the status badge, and the stale or offline marking.
func (b *Board) drawLive(dst *ebiten.Image, bd badge, x, y, w, h float64) {
	pal := b.theme.Palette
	if bd.live != pitmodel.Live {
		// Never shown as if live: the whole tile is veiled and says so.
		veil := pal.Background
		veil.A = 0xb0
		vector.DrawFilledRect(dst, float32(x), float32(y), float32(w), float32(h), veil, false)
		face := b.theme.Face(h*0.13, true)
		drawText(dst, bd.label, face, x+w/2, y+h*0.55, bd.fill, text.AlignCenter, text.AlignCenter)
	}
	m := tileMetrics(w, h)
	face := b.theme.Face(m.small, true)
	bw, _ := text.Measure(bd.label, face, 0)
	bx := x + w - m.pad - bw - m.pad
	vector.DrawFilledRect(dst, float32(bx), float32(y+m.pad*0.6), float32(bw+m.pad*1.2), float32(m.small*1.5), bd.fill, false)
	drawText(dst, bd.label, face, bx+m.pad*0.6, y+m.pad*0.6+m.small*0.75, pal.OnAccent, text.AlignStart, text.AlignCenter)
}

// drawText draws s with its anchor (by the alignments) at x, y.
func drawText(dst *ebiten.Image, s string, face text.Face, x, y float64, clr color.Color, ha, va text.Align) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(clr)
	op.PrimaryAlign, op.SecondaryAlign = ha, va
	text.Draw(dst, s, face, op)
}

// fit shortens s with an ellipsis until it is at most maxW wide.
func fit(s string, face text.Face, maxW float64) string {
	if w, _ := text.Measure(s, face, 0); w <= maxW {
		return s
	}
	r := []rune(s)
	for len(r) > 0 {
		r = r[:len(r)-1]
		c := strings.TrimSpace(string(r)) + "…"
		if w, _ := text.Measure(c, face, 0); w <= maxW {
			return c
		}
	}
	return ""
}

// held reports whether table t holds a coup for review.
func held(t *pitmodel.Table) bool {
	_, ok := t.UnderReview()
	return ok
}
