package pitboard

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/coupboard/coupboard/roadmap"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// metrics are a tile's proportions, from its size.
type metrics struct {
	pad, title, small, body float64
}

func tileMetrics(w, h float64) metrics {
	u := min(h, w/1.7)
	return metrics{pad: u * 0.045, title: u * 0.105, small: u * 0.068, body: u * 0.082}
}

func (b *Board) winner(s string) color.NRGBA {
	switch s {
	case "B":
		return b.theme.Winner(engine.Banker)
	case "P":
		return b.theme.Winner(engine.Player)
	case "T":
		return b.theme.Winner(engine.Tie)
	}
	return b.theme.Palette.TextMuted
}

// limitText is the main wager's limits: "AUD 25–5,000".
func limitText(w i18n.Catalogue, l pitwire.Limits) string {
	if len(l.Bets) == 0 {
		return w.T(i18n.PitNoLimits)
	}
	main := l.Bets[0]
	return strings.TrimSpace(fmt.Sprintf("%s %s–%s", l.Currency, money(main.Min), money(main.Max)))
}

// paintTile draws the cached part of table t's tile: everything but the status badge and
// the liveness marking.
func (b *Board) paintTile(dst *ebiten.Image, t *pitmodel.Table) {
	pal, words := b.theme.Palette, b.opts.Words
	w, h := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	m := tileMetrics(w, h)
	dst.Fill(pal.Panel)
	hot := b.model.Hot(t)
	if hot {
		vector.StrokeRect(dst, 1.5, 1.5, float32(w-3), float32(h-3), 3, pal.Highlight, false)
	} else {
		vector.StrokeRect(dst, 0.5, 0.5, float32(w-1), float32(h-1), 1, pal.Grid, false)
	}

	// Name, then game and limits.
	name := t.Name
	if name == "" {
		name = t.ID
	}
	titleFace := b.theme.Face(m.title, true)
	name = fit(name, titleFace, w*0.55)
	drawText(dst, name, titleFace, m.pad, m.pad+m.title*0.55, pal.Text, text.AlignStart, text.AlignCenter)
	smallFace := b.theme.Face(m.small, false)
	if t.HandsPerHour > 0 {
		// The table's pace beside its name, in the room the status badge leaves (it takes at
		// most the right 40 % of the tile).
		nw, _ := text.Measure(name, titleFace, 0)
		if room := w*0.6 - nw - 2*m.pad; room > 0 {
			drawText(dst, fit(words.T(i18n.PitPace, t.HandsPerHour), smallFace, room), smallFace, m.pad*2+nw, m.pad+m.title*0.62, pal.TextMuted, text.AlignStart, text.AlignCenter)
		}
	}
	y := m.pad + m.title*1.1 + m.small*0.7
	game := t.Game
	if game == "" {
		game = words.T(i18n.PitNoGame)
	}
	gameW := w - 2*m.pad
	if sw := softwareText(t); sw != "" {
		// The build the table runs, right-aligned, when it leaves the game and limits room.
		if vw, _ := text.Measure(sw, smallFace, 0); vw < gameW*0.5 {
			drawText(dst, sw, smallFace, w-m.pad, y, pal.TextMuted, text.AlignEnd, text.AlignCenter)
			gameW -= vw + m.pad
		}
	}
	drawText(dst, fit(game+" · "+limitText(words, t.Limits), smallFace, gameW), smallFace, m.pad, y, pal.TextMuted, text.AlignStart, text.AlignCenter)

	// The last result: a box in the winner's colour with the winner's letter.
	y += m.small * 0.9
	if t.RedDog != nil { // a Red Dog table: its own rounds, no roads (reddog.go)
		b.paintRedDog(dst, t, m, y)
		return
	}
	box := h * 0.25
	bodyFace := b.theme.Face(m.body, false)
	boldBody := b.theme.Face(m.body, true)
	if t.Last != nil {
		b.resultBox(dst, m.pad, y, box, words.Letter(t.Last.Winner), b.winner(t.Last.Winner), pal.OnAccent)
	} else {
		b.resultBox(dst, m.pad, y, box, "", pal.Panel, pal.TextMuted)
	}
	x := m.pad*2 + box
	tw := w - x - m.pad
	line := box / 3
	st := t.Stats()
	// Line 1: the last result in words.
	last := words.T(i18n.PitNoCoup)
	if t.Last != nil {
		last = fmt.Sprintf("%s %d – %d", words.Winner(t.Last.Winner), t.Last.PlayerTotal, t.Last.BankerTotal)
		switch {
		case t.Last.ResultOnly: // entered by hand without cards: no totals to show
			last = words.T(i18n.PitByHand, words.Winner(t.Last.Winner))
		case t.Last.Winner == "B":
			last = fmt.Sprintf("%s %d – %d", words.Winner("B"), t.Last.BankerTotal, t.Last.PlayerTotal)
		}
		var marks []string
		if t.Last.Natural {
			marks = append(marks, words.T(i18n.PitNatural))
		}
		if t.Last.BankerPair {
			marks = append(marks, words.T(i18n.PairBanker))
		}
		if t.Last.PlayerPair {
			marks = append(marks, words.T(i18n.PairPlayer))
		}
		if len(marks) > 0 {
			last += " · " + strings.Join(marks, ", ")
		}
	}
	drawText(dst, fit(last, boldBody, tw), boldBody, x, y+line*0.5, b.winner(lastWinner(t)), text.AlignStart, text.AlignCenter)
	// Line 2: counts, each letter in its colour.
	cx := x
	for _, c := range []struct {
		w string
		n int
	}{{"B", st.Banker}, {"P", st.Player}, {"T", st.Tie}} {
		s := fmt.Sprintf("%s %d", words.Letter(c.w), c.n)
		drawText(dst, s, bodyFace, cx, y+line*1.5, b.winner(c.w), text.AlignStart, text.AlignCenter)
		sw, _ := text.Measure(s+"  ", bodyFace, 0)
		cx += sw
	}
	drawText(dst, fit(fmt.Sprintf("· %s %d · %s", words.T(i18n.StatHands), st.Hands, words.T(i18n.ShoeNo, t.Shoe)), smallFace, w-cx-m.pad), smallFace, cx, y+line*1.5, pal.TextMuted, text.AlignStart, text.AlignCenter)
	// Line 3: the current streak, or what is wrong with the data.
	switch {
	case t.Missing > 0:
		drawText(dst, fit(words.T(i18n.PitIncomplete, t.Missing), boldBody, tw), boldBody, x, y+line*2.5, pal.Warning, text.AlignStart, text.AlignCenter)
	case t.ShoeOver:
		drawText(dst, words.T(i18n.PitShoeEnded), boldBody, x, y+line*2.5, pal.TextMuted, text.AlignStart, text.AlignCenter)
	case st.Streak.Winner != engine.WinnerNone:
		s := fmt.Sprintf("%s %s × %d", words.T(i18n.StatStreak), words.Winner(st.Streak.Winner.String()), st.Streak.Length)
		clr := pal.TextMuted
		if hot {
			s, clr = words.T(i18n.PitHot)+" · "+s, pal.Highlight
		}
		drawText(dst, fit(s, boldBody, tw), boldBody, x, y+line*2.5, clr, text.AlignStart, text.AlignCenter)
	}

	// The roads: big road and bead plate, six rows each.
	y += box + m.pad*0.8
	cell := math.Floor((h - y - m.pad) / roadmap.Rows)
	if cell < 3 {
		return
	}
	roadW := w - 2*m.pad
	bigCols := int(roadW * 0.6 / cell)
	beadCols := int((roadW - float64(bigCols)*cell - m.pad) / cell)
	b.paintBigRoad(dst, t.Roads, m.pad, y, cell, bigCols)
	b.paintBeads(dst, t.Roads, m.pad+float64(bigCols)*cell+m.pad, y, cell, beadCols)
}

// resultBox is the last result's box at x, y: filled with fill and letter on it in on, or
// (letter "") an empty frame with a dash.
func (b *Board) resultBox(dst *ebiten.Image, x, y, box float64, letter string, fill, on color.NRGBA) {
	if letter == "" {
		vector.StrokeRect(dst, float32(x), float32(y), float32(box), float32(box), 1, b.theme.Palette.Grid, false)
		drawText(dst, "–", b.theme.Face(box*0.6, true), x+box/2, y+box/2, on, text.AlignCenter, text.AlignCenter)
		return
	}
	vector.DrawFilledRect(dst, float32(x), float32(y), float32(box), float32(box), fill, false)
	drawText(dst, letter, b.theme.Face(box*0.75, true), x+box/2, y+box/2, on, text.AlignCenter, text.AlignCenter)
}

// softwareText is the build a table's heartbeats name, without the program name:
// "coupboard 0.9.0+3f2a9c1" shows as "v0.9.0+3f2a9c1".
func softwareText(t *pitmodel.Table) string {
	s := strings.TrimPrefix(t.Software, "coupboard ")
	if s == "" || s[0] < '0' || s[0] > '9' {
		return s
	}
	return "v" + s
}

func lastWinner(t *pitmodel.Table) string {
	if t.Last == nil {
		return ""
	}
	return t.Last.Winner
}

// paintGrid draws the background and lines of a road of cols × 6 cells.
func (b *Board) paintGrid(dst *ebiten.Image, x, y, cell float64, cols int) {
	pal := b.theme.Palette
	vector.DrawFilledRect(dst, float32(x), float32(y), float32(cell*float64(cols)), float32(cell*roadmap.Rows), pal.Background, false)
	for c := 0; c <= cols; c++ {
		lx := float32(x + float64(c)*cell)
		vector.StrokeLine(dst, lx, float32(y), lx, float32(y+cell*roadmap.Rows), 1, pal.Grid, false)
	}
	for r := 0; r <= roadmap.Rows; r++ {
		ly := float32(y + float64(r)*cell)
		vector.StrokeLine(dst, float32(x), ly, float32(x+cell*float64(cols)), ly, 1, pal.Grid, false)
	}
}

// pairDots stamps the pair marks of the cell at x, y: banker pair top-left in Banker red,
// player pair bottom-right in Player blue (spec/roadmap.md §1).
func (b *Board) pairDots(dst *ebiten.Image, x, y float64, size int, bp, pp bool) {
	if bp {
		b.stamp(dst, bankerDot, size, x, y)
	}
	if pp {
		b.stamp(dst, playerDot, size, x, y)
	}
}

// paintBigRoad draws the newest cols drawn columns of the big road: Banker a ring, Player a
// disc (shape as well as colour), ties a green slash, pairs as dots, the newest cell framed.
func (b *Board) paintBigRoad(dst *ebiten.Image, roads *roadmap.Roads, x, y, cell float64, cols int) {
	if cols < 1 {
		return
	}
	pal := b.theme.Palette
	b.paintGrid(dst, x, y, cell, cols)
	big := roads.BigRoad()
	win := big.Window(cols)
	size := int(cell)
	for ci, col := range win.Columns {
		for r, p := range col {
			if p == roadmap.NoCell {
				continue
			}
			c, ok := big.CellAt(p)
			if !ok {
				continue
			}
			px, py := x+float64(ci)*cell, y+float64(r)*cell
			switch c.Winner {
			case engine.Player:
				b.stamp(dst, bigPlayer, size, px, py)
			case engine.Banker:
				b.stamp(dst, bigBanker, size, px, py)
			default:
				b.stamp(dst, bigTie, size, px, py)
			}
			if c.Ties > 0 {
				b.stamp(dst, tieSlash, size, px, py)
				if c.Ties > 1 && cell >= 14 {
					drawText(dst, fmt.Sprint(c.Ties), b.theme.Face(cell*0.5, true), px+cell/2, py+cell/2, pal.Text, text.AlignCenter, text.AlignCenter)
				}
			}
			b.pairDots(dst, px, py, size, c.BankerPair, c.PlayerPair)
			if ci == win.NewestX && r == win.NewestY {
				vector.StrokeRect(dst, float32(px)+1, float32(py)+1, float32(cell)-2, float32(cell)-2, 2, pal.Highlight, false)
			}
		}
	}
}

// paintBeads draws the newest cols columns of the bead plate: a disc in the winner's colour
// with its letter; a no-bet round as a ring; pairs as dots.
func (b *Board) paintBeads(dst *ebiten.Image, roads *roadmap.Roads, x, y, cell float64, cols int) {
	if cols < 1 {
		return
	}
	pal := b.theme.Palette
	b.paintGrid(dst, x, y, cell, cols)
	win := roads.BeadWindow(cols)
	size := int(cell)
	for i, bd := range win.Beads {
		px, py := x+float64(i/roadmap.Rows)*cell, y+float64(i%roadmap.Rows)*cell
		b.stamp(dst, bead(bd.Winner, bd.Kind == engine.KindNoBet), size, px, py)
		b.pairDots(dst, px, py, size, bd.BankerPair, bd.PlayerPair)
		if i == win.Newest {
			vector.StrokeRect(dst, float32(px)+1, float32(py)+1, float32(cell)-2, float32(cell)-2, 2, pal.Highlight, false)
		}
	}
}

// money writes an amount of cents as whole currency units with thousands separators, and the
// cents only when there are any ("25", "2.50", "5,000"): engine.FormatMoney with no symbol.
func money(cents int64) string { return engine.FormatMoney(cents, "") }
