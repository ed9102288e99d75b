package display

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

// RunBoard is the Run board (000 Diagram D): Player and Banker runs of 2 to 6 and Tie runs of
// 2 to 4 with what they pay, the cells with active wagers marked, and each active run wager
// with the hand it backs on each coup and its progress.
type RunBoard struct {
	widget.BaseWidget
	style Style
	board view.RunBoard
}

// NewRunBoard is a run board widget.
func NewRunBoard(st Style) *RunBoard {
	w := &RunBoard{style: st}
	w.ExtendBaseWidget(w)
	return w
}

// Set shows the board.
func (w *RunBoard) Set(b view.RunBoard) { w.board = b; w.Refresh() }

// CreateRenderer is Fyne's hook to draw the widget.
func (w *RunBoard) CreateRenderer() fyne.WidgetRenderer {
	return newPaintRenderer(w, w.paint, func() fyne.Size { return fyne.NewSize(200, 150) })
}

func runMark(k view.RunKind) view.Mark {
	switch k {
	case view.RunPlayer:
		return view.MarkPlayer
	case view.RunBanker:
		return view.MarkBanker
	case view.RunTie:
		return view.MarkTie
	}
	return view.MarkNone
}

func (w *RunBoard) runName(k view.RunKind) string {
	switch k {
	case view.RunPlayer:
		return w.style.Words.T(i18n.WagerPlayer)
	case view.RunBanker:
		return w.style.Words.T(i18n.WagerBanker)
	case view.RunTie:
		return w.style.Words.T(i18n.WagerTie)
	}
	return w.style.Words.T(i18n.RunCombination)
}

// runKinds are the kinds of run the board pays, in the order of its pay table, and the
// longest run it pays.
func (w *RunBoard) runKinds() (kinds []view.RunKind, maxLen int) {
	for _, pay := range w.board.Pays {
		found := false
		for _, k := range kinds {
			found = found || k == pay.Kind
		}
		if !found {
			kinds = append(kinds, pay.Kind)
		}
		maxLen = max(maxLen, pay.Length)
	}
	return kinds, maxLen
}

// runLines is how many lines of text the board has: the title, the kinds, one per length
// (the pay table, Diagram D turned so that every figure has room) and two per wager; side
// by side (a wide board) the table and the wagers each have their own column.
func (w *RunBoard) runLines(width, height float32) (table, wagers int, sideBySide bool) {
	_, maxLen := w.runKinds()
	table, wagers = 2+max(maxLen-1, 0), 2*len(w.board.Wagers)
	return table, wagers, width > height*1.6
}

// rowHeight is the height of a line of the board at the screen's smallest text.
func (w *RunBoard) rowHeight() float32 { return w.style.minText() / 0.62 }

// needHeight is the height the board needs at the width for every line at the screen's
// smallest text.
func (w *RunBoard) needHeight(width float32) float32 {
	table, wagers, side := w.runLines(width, w.rowHeight()*6)
	n := table + wagers
	if side {
		n = max(table, wagers+1)
	}
	return float32(n)*w.rowHeight() + width*0.04
}

// leastHeight is the least height of a board of the width whose lines are each rowHeight (at
// least six, as paint divides it) within paint's margins (2% of its shorter side each): less
// than needHeight when the board is wider than tall, whose margins needHeight takes of its width.
func (w *RunBoard) leastHeight(width float32) float32 {
	table, wagers, side := w.runLines(width, w.rowHeight()*6)
	n := table + wagers
	if side {
		n = max(table, wagers+1)
	}
	lines := float32(max(n, 6)) * w.rowHeight()
	if h := lines / 0.96; h <= width {
		return h
	}
	return lines + width*0.04
}

func (w *RunBoard) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	st, p, b := w.style, w.style.palette(), w.board
	sc.panel(0, 0, s.Width, s.Height, p.Panel, p.Grid, 1)
	pad := min(s.Width, s.Height) * 0.02
	kinds, maxLen := w.runKinds()
	table, wagers, side := w.runLines(s.Width, s.Height)
	lines := table + wagers
	if side {
		lines = max(table, wagers+1)
	}
	h := (s.Height - 2*pad) / float32(max(lines, 6))
	ts := st.atLeast(h * 0.62)
	y := pad
	tableW, wagerX := s.Width-2*pad, pad
	if side {
		tableW = (s.Width - 3*pad) * 0.45
		wagerX = 2*pad + tableW
	}
	sc.text(st.Words.T(i18n.RunsTitle), pad, y, tableW, h, ts*1.1, p.Highlight, true, fyne.TextAlignCenter)
	y += h
	// The pay table: a column per kind, a row per length; a cell with a live wager on it is
	// filled and framed in the highlight.
	lenW := fyne.MeasureText("× 6", ts, fyne.TextStyle{Bold: true}).Width + pad
	colW := (tableW - lenW) / float32(max(len(kinds), 1))
	for i, k := range kinds {
		sc.text(w.runName(k), pad+lenW+float32(i)*colW, y, colW, h, ts, st.markColour(runMark(k)), true, fyne.TextAlignCenter)
	}
	y += h
	for l := 2; l <= maxLen; l++ {
		sc.text(fmt.Sprintf("× %d", l), pad, y, lenW, h, ts, p.TextMuted, true, fyne.TextAlignLeading)
		for i, k := range kinds {
			for _, pay := range b.Pays {
				if pay.Kind != k || pay.Length != l {
					continue
				}
				x := pad + lenW + float32(i)*colW
				active := false
				for _, wg := range b.Wagers {
					active = active || wg.State == view.RunAlive && wg.Length == l && (wg.Kind == k || wg.Kind == view.RunCombination && k != view.RunTie)
				}
				var fill, border color.Color = p.Background, p.Grid
				bw := float32(1)
				if active {
					fill, border, bw = fade(p.Highlight, 0.3), p.Highlight, max(2, h*0.08)
				}
				sc.rect(x+2, y+2, colW-4, h-4, fill, border, bw, 3)
				sc.text(st.Words.T(i18n.RunPays, pay.Pays), x+colW*0.04, y, colW*0.92, h, ts, p.Text, true, fyne.TextAlignCenter)
			}
		}
		y += h
	}
	// The wagers, two lines each: seat, kind × length; then one glyph per coup: the backed
	// hand's letter, filled when that coup went the run's way, crossed when it broke the run,
	// hollow when still to come, and the wager's state.
	inner := s.Width - wagerX - pad
	if side {
		y = pad + h
	}
	for _, wg := range b.Wagers {
		label := st.Words.T(i18n.RunSeat, wg.Seat) + " · " + w.runName(wg.Kind) + fmt.Sprintf(" × %d", wg.Length)
		sc.text(label, wagerX, y, inner, h, ts, p.Text, true, fyne.TextAlignLeading)
		y += h
		state, col := st.Words.T(i18n.RunAlive), p.Text
		switch wg.State {
		case view.RunWon:
			state, col = st.Words.T(i18n.RunWon), p.OK
		case view.RunLost:
			state, col = st.Words.T(i18n.RunLost), p.Error
		}
		stateW := fyne.MeasureText(state, ts, fyne.TextStyle{Bold: true}).Width + pad
		sc.text(state, s.Width-pad-stateW, y, stateW, h, ts, col, true, fyne.TextAlignTrailing)
		cell := min(h*0.98, (inner-stateW-pad)/float32(max(wg.Length, 1)))
		for i := 0; i < wg.Length; i++ {
			cx, cy, r := wagerX+float32(i)*cell+cell/2, y+h/2, cell*0.46
			var backs engine.Winner
			if i < len(wg.Backs) {
				backs = wg.Backs[i]
			} else if k := runMark(wg.Kind); k != view.MarkNone {
				backs = runWinner(wg.Kind)
			}
			col := st.winnerColour(backs)
			letter := st.letter(winnerMark(backs))
			switch {
			case i < len(wg.Won) && wg.Won[i]:
				sc.circle(cx, cy, r, col, nil, 0)
				sc.text(letter, cx-r, cy-r, 2*r, 2*r, st.atLeast(r*1.2), p.OnAccent, true, fyne.TextAlignCenter)
			case i < len(wg.Won):
				sc.circle(cx, cy, r, nil, col, r*0.2)
				sc.line(cx-r, cy+r, cx+r, cy-r, p.Error, r*0.3)
				sc.line(cx-r, cy-r, cx+r, cy+r, p.Error, r*0.3)
			default:
				sc.circle(cx, cy, r, nil, col, r*0.2)
				sc.text(letter, cx-r, cy-r, 2*r, 2*r, st.atLeast(r*1.1), col, true, fyne.TextAlignCenter)
			}
		}
		y += h
	}
	return sc.objects()
}

// runWinner is the hand a Player, Banker or Tie run backs on every coup.
func runWinner(k view.RunKind) engine.Winner {
	switch k {
	case view.RunPlayer:
		return engine.Player
	case view.RunBanker:
		return engine.Banker
	case view.RunTie:
		return engine.Tie
	}
	return engine.WinnerNone
}

// StatusStrip is the status strip: the shoe's link, a coup under review, and errors a
// supervisor must clear.
type StatusStrip struct {
	widget.BaseWidget
	style  Style
	status view.Status
}

// NewStatusStrip is a status strip widget.
func NewStatusStrip(st Style) *StatusStrip {
	w := &StatusStrip{style: st}
	w.ExtendBaseWidget(w)
	return w
}

// Set shows the status.
func (w *StatusStrip) Set(s view.Status) { w.status = s; w.Refresh() }

// CreateRenderer is Fyne's hook to draw the widget.
func (w *StatusStrip) CreateRenderer() fyne.WidgetRenderer {
	return newPaintRenderer(w, w.paint, func() fyne.Size { return fyne.NewSize(300, 24) })
}

func (w *StatusStrip) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	st, p, v := w.style, w.style.palette(), w.status
	sc.panel(0, 0, s.Width, s.Height, p.Panel, nil, 0)
	sc.line(0, 0, s.Width, 0, p.Grid, 1)
	ts := s.Height * 0.55
	x := s.Height * 0.3
	var glyph, words string
	var col color.Color
	switch v.Link {
	case view.LinkSilent:
		glyph, words, col = "◆", st.Words.T(i18n.ShoeSilent), p.Warning
	case view.LinkDisconnected:
		glyph, words, col = "■", st.Words.T(i18n.ShoeOffline), p.Error
	case view.LinkManual:
		glyph, words, col = "▲", st.Words.T(i18n.ManualEntry), p.Warning
	case view.LinkUnproven:
		glyph, words, col = "■", st.Words.T(i18n.ShoeUnproven), p.Error
	default:
		glyph, words, col = "●", st.Words.T(i18n.ShoeConnected), p.OK
	}
	x += sc.text(glyph+" "+words, x, 0, s.Width*0.3, s.Height, ts, col, true, fyne.TextAlignLeading) + s.Height
	if v.Review > 0 {
		t := "◆ " + st.Words.T(i18n.UnderReview, v.Review)
		tw := fyne.MeasureText(t, ts, fyne.TextStyle{Bold: true}).Width + s.Height*0.6
		sc.rect(x, s.Height*0.1, tw, s.Height*0.8, p.Warning, nil, 0, s.Height*0.2)
		sc.text(t, x, 0, tw, s.Height, ts, p.Background, true, fyne.TextAlignCenter)
		x += tw + s.Height*0.5
	}
	for i, e := range v.Errors {
		if i < len(v.ErrorWords) && v.ErrorWords[i].Key != "" {
			e = st.Words.Say(v.ErrorWords[i])
		} else {
			e = st.Words.Reason(e, "") // the engine's reasons and the alerts come in its English
		}
		t := "■ " + st.Words.T(i18n.ClearError, e)
		// Cut, not shrunk, to the room there is: the operator screen has the whole text.
		t = cut(t, s.Width-x-s.Height*0.6, ts, true)
		tw := min(fyne.MeasureText(t, ts, fyne.TextStyle{Bold: true}).Width+s.Height*0.6, s.Width-x)
		if tw <= s.Height || t == "" {
			break
		}
		sc.rect(x, s.Height*0.1, tw, s.Height*0.8, p.Error, nil, 0, s.Height*0.2)
		sc.text(t, x, 0, tw, s.Height, ts, p.OnAccent, true, fyne.TextAlignCenter)
		x += tw + s.Height*0.5
	}
	for i, e := range v.Warnings {
		// The machine's conditions, after the errors: in the warning colour, cut to the room left.
		if len(v.WarningWords) == len(v.Warnings) {
			e = st.Words.Say(v.WarningWords[i])
		}
		t := cut("▲ "+e, s.Width-x-s.Height*0.6, ts, true)
		tw := min(fyne.MeasureText(t, ts, fyne.TextStyle{Bold: true}).Width+s.Height*0.6, s.Width-x)
		if tw <= s.Height || t == "" {
			break
		}
		sc.rect(x, s.Height*0.1, tw, s.Height*0.8, p.Warning, nil, 0, s.Height*0.2)
		sc.text(t, x, 0, tw, s.Height, ts, p.Background, true, fyne.TextAlignCenter)
		x += tw + s.Height*0.5
	}
	return sc.objects()
}
