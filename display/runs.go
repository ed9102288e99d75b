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

func (w *RunBoard) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	st, p, b := w.style, w.style.palette(), w.board
	sc.panel(0, 0, s.Width, s.Height, p.Panel, p.Grid, 1)
	pad := min(s.Width, s.Height) * 0.04
	// Diagram D: one row per kind present in Pays, one column per length 2..max.
	var kinds []view.RunKind
	maxLen := 0
	for _, pay := range b.Pays {
		found := false
		for _, k := range kinds {
			found = found || k == pay.Kind
		}
		if !found {
			kinds = append(kinds, pay.Kind)
		}
		maxLen = max(maxLen, pay.Length)
	}
	lines := 1 + 1 + len(kinds) + len(b.Wagers)
	h := (s.Height - 2*pad) / float32(max(lines, 6))
	ts := h * 0.6
	y := pad
	sc.text(st.Words.T(i18n.RunsTitle), pad, y, s.Width-2*pad, h, ts*1.1, p.Highlight, true, fyne.TextAlignCenter)
	y += h
	nameW := (s.Width - 2*pad) * 0.3
	colW := float32(0)
	if maxLen >= 2 {
		colW = (s.Width - 2*pad - nameW) / float32(maxLen-1)
	}
	for l := 2; l <= maxLen; l++ {
		sc.text(fmt.Sprintf("× %d", l), pad+nameW+float32(l-2)*colW, y, colW, h, ts, p.TextMuted, true, fyne.TextAlignCenter)
	}
	y += h
	for _, k := range kinds {
		mark := runMark(k)
		sc.text(w.runName(k), pad, y, nameW, h, ts, st.markColour(mark), true, fyne.TextAlignLeading)
		for _, pay := range b.Pays {
			if pay.Kind != k || pay.Length < 2 {
				continue
			}
			x := pad + nameW + float32(pay.Length-2)*colW
			active := 0
			for _, wg := range b.Wagers {
				if wg.State == view.RunAlive && wg.Length == pay.Length && (wg.Kind == k || wg.Kind == view.RunCombination && k != view.RunTie) {
					active++
				}
			}
			var fill color.Color = p.Background
			if active > 0 {
				fill = fade(p.Highlight, 0.3)
			}
			sc.rect(x+1, y+1, colW-2, h-2, fill, p.Grid, 1, 3)
			sc.text(st.Words.T(i18n.RunPays, pay.Pays), x+colW*0.08, y, colW*0.84, h, ts*0.9, p.Text, true, fyne.TextAlignCenter)
			if active > 0 {
				sc.text(fmt.Sprintf("●%d", active), x+colW*0.6, y, colW*0.4, h*0.5, h*0.4, p.Highlight, true, fyne.TextAlignTrailing)
			}
		}
		y += h
	}
	// The wagers: seat, kind × length, then one glyph per coup: the backed hand's letter,
	// filled when that coup went the run's way, crossed when it broke the run, hollow when
	// still to come.
	for _, wg := range b.Wagers {
		inner := s.Width - 2*pad
		labelW, stateW := inner*0.44, inner*0.16
		label := st.Words.T(i18n.RunSeat, wg.Seat) + " · " + w.runName(wg.Kind) + fmt.Sprintf(" × %d", wg.Length)
		sc.text(label, pad, y, labelW, h, ts*0.85, p.Text, false, fyne.TextAlignLeading)
		gx := pad + labelW + h*0.1
		cell := min(h*0.9, (inner-labelW-stateW-h*0.2)/float32(max(wg.Length, 1)))
		for i := 0; i < wg.Length; i++ {
			cx, cy, r := gx+float32(i)*cell+cell/2, y+h/2, cell*0.4
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
				sc.text(letter, cx-r, cy-r, 2*r, 2*r, r*1.2, p.OnAccent, true, fyne.TextAlignCenter)
			case i < len(wg.Won):
				sc.circle(cx, cy, r, nil, col, r*0.2)
				sc.line(cx-r, cy+r, cx+r, cy-r, p.Error, r*0.3)
				sc.line(cx-r, cy-r, cx+r, cy+r, p.Error, r*0.3)
			default:
				sc.circle(cx, cy, r, nil, col, r*0.2)
				sc.text(letter, cx-r, cy-r, 2*r, 2*r, r*1.1, col, true, fyne.TextAlignCenter)
			}
		}
		state, col := st.Words.T(i18n.RunAlive), p.Text
		switch wg.State {
		case view.RunWon:
			state, col = st.Words.T(i18n.RunWon), p.OK
		case view.RunLost:
			state, col = st.Words.T(i18n.RunLost), p.Error
		}
		sc.text(state, s.Width-pad-stateW, y, stateW, h, ts*0.85, col, true, fyne.TextAlignTrailing)
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
	for _, e := range v.Errors {
		t := "■ " + st.Words.T(i18n.ClearError, e)
		tw := min(fyne.MeasureText(t, ts, fyne.TextStyle{Bold: true}).Width+s.Height*0.6, s.Width-x)
		if tw <= s.Height {
			break
		}
		sc.rect(x, s.Height*0.1, tw, s.Height*0.8, p.Error, nil, 0, s.Height*0.2)
		sc.text(t, x, 0, tw, s.Height, ts, p.OnAccent, true, fyne.TextAlignCenter)
		x += tw + s.Height*0.5
	}
	return sc.objects()
}
