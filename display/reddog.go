package display

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

// RedDog is a Red Dog round's three boxes, laid out as on the table: the left box, the
// centre, the right box (003 7.1.2-7.1.3: the first card goes to the right box).
type RedDog struct {
	widget.BaseWidget
	style Style
	coup  view.RedDogCoup
}

// NewRedDog is a Red Dog boxes widget.
func NewRedDog(st Style) *RedDog {
	w := &RedDog{style: st}
	w.ExtendBaseWidget(w)
	return w
}

// Set shows the round.
func (w *RedDog) Set(c view.RedDogCoup) { w.coup = c; w.Refresh() }

// CreateRenderer is Fyne's hook to draw the widget.
func (w *RedDog) CreateRenderer() fyne.WidgetRenderer {
	return newPaintRenderer(w, w.paint, func() fyne.Size { return fyne.NewSize(300, 120) })
}

func (w *RedDog) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	st, p, c := w.style, w.style.palette(), w.coup
	boxW := s.Width / 3
	barH := s.Height * 0.18
	for i, box := range []struct {
		key   i18n.Key
		cards []view.Card
	}{{i18n.BoxLeft, c.Left}, {i18n.BoxCentre, c.Centre}, {i18n.BoxRight, c.Right}} {
		x := float32(i)*boxW + s.Height*0.02
		bw := boxW - s.Height*0.04
		sc.panel(x, 0, bw, s.Height, p.Panel, p.Grid, max(2, s.Height*0.012))
		sc.panel(x, 0, bw, barH, p.Grid, nil, 0)
		sc.text(st.Words.T(box.key), x, 0, bw, barH, barH*0.7, inkOn(p.Grid, p.Text, p.Background), true, fyne.TextAlignCenter)
		ch := s.Height - barH - s.Height*0.1
		cw := min(ch*5/7, bw*0.8)
		ch = cw * 7 / 5
		cx, cy := x+(bw-cw)/2, barH+(s.Height-barH-ch)/2
		if len(box.cards) == 0 {
			sc.rect(cx, cy, cw, ch, nil, fade(p.Grid, 0.8), max(2, cw*0.02), cw*0.08)
			continue
		}
		paintCard(&sc, st, box.cards[0], cx, cy, cw, ch)
	}
	return sc.objects()
}

// inkOn is whichever of a and b stands out more on fill (the box titles' bar is the theme's
// grid colour, light in the high-contrast theme and dark in the night theme).
func inkOn(fill, a, b color.NRGBA) color.NRGBA {
	lum := func(c color.NRGBA) int { return 299*int(c.R) + 587*int(c.G) + 114*int(c.B) }
	d := func(c color.NRGBA) int {
		x := lum(c) - lum(fill)
		if x < 0 {
			return -x
		}
		return x
	}
	if d(b) > d(a) {
		return b
	}
	return a
}

// redDogFaceUp reports whether every card dealt to the round is face up.
func redDogFaceUp(c view.RedDogCoup) bool {
	for _, cs := range [][]view.Card{c.Right, c.Left, c.Centre} {
		for _, card := range cs {
			if !card.FaceUp() {
				return false
			}
		}
	}
	return true
}

// redDogWords is the round's result or state in words, a second line, and the banner's
// fill and ink; "" while there is nothing to say (or a card is face down).
func redDogWords(st Style, c view.RedDogCoup) (main, sub string, fill, ink color.NRGBA) {
	p, words := st.palette(), st.Words
	if !redDogFaceUp(c) {
		return "", "", p.Panel, p.Text
	}
	switch c.Outcome {
	case view.RedDogWin:
		return words.T(i18n.RedDogWin, c.Spread, c.Pays), "", p.OK, p.OnAccent
	case view.RedDogLose:
		return words.T(i18n.RedDogLose), "", p.Error, p.OnAccent
	case view.RedDogPush:
		return words.T(i18n.RedDogPush), "", p.Panel, p.Text
	case view.RedDogTrips:
		return words.T(i18n.RedDogTrips, c.Pays), "", p.Highlight, p.Background
	}
	switch c.Kind {
	case view.RedDogSpread:
		return words.T(i18n.RedDogSpread, c.Spread, c.Pays), words.T(i18n.RedDogRaise), p.Notice, p.Background
	case view.RedDogConsecutive:
		return words.T(i18n.RedDogNoSpread), "", p.Panel, p.Text
	case view.RedDogPair:
		return words.T(i18n.RedDogPair), words.T(i18n.RedDogTripsPays, c.Pays), p.Notice, p.Background
	}
	return "", "", p.Panel, p.Text
}

// RedDogPays is the Red Dog pay table (003 8.1.1): what a win pays for each spread, and three
// of a kind after a pair. The line of the spread on the table now is highlighted.
type RedDogPays struct {
	widget.BaseWidget
	style Style
	pays  []view.RedDogPay
	coup  view.RedDogCoup
}

// NewRedDogPays is an empty pay table.
func NewRedDogPays(st Style) *RedDogPays {
	w := &RedDogPays{style: st}
	w.ExtendBaseWidget(w)
	return w
}

// Set shows the pay table, with the line that applies to the round c highlighted.
func (w *RedDogPays) Set(pays []view.RedDogPay, c view.RedDogCoup) {
	w.pays, w.coup = append([]view.RedDogPay(nil), pays...), c
	w.Refresh()
}

// CreateRenderer is Fyne's hook to draw the widget.
func (w *RedDogPays) CreateRenderer() fyne.WidgetRenderer {
	return newPaintRenderer(w, w.paint, func() fyne.Size { return fyne.NewSize(200, 120) })
}

// payLineApplies reports whether the pay line pays the round c: its spread (or a larger one on
// the "or more" line), or three of a kind when the first two cards are a pair.
func payLineApplies(l view.RedDogPay, c view.RedDogCoup) bool {
	switch {
	case l.Trips:
		return c.Kind == view.RedDogPair
	case c.Kind != view.RedDogSpread:
		return false
	case l.OrMore:
		return c.Spread >= l.Spread
	}
	return c.Spread == l.Spread
}

func (w *RedDogPays) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	p, words := w.style.palette(), w.style.Words
	sc.panel(0, 0, s.Width, s.Height, p.Panel, p.Highlight, 2)
	if len(w.pays) == 0 {
		return sc.objects()
	}
	titleH := s.Height / float32(len(w.pays)+1) * 1.1
	sc.text(words.T(i18n.RedDogPaysTitle), 0, 0, s.Width, titleH, titleH*0.6, p.Highlight, true, fyne.TextAlignCenter)
	lineH := (s.Height - titleH - s.Height*0.04) / float32(len(w.pays))
	labels := make([]string, len(w.pays))
	odds := make([]string, len(w.pays))
	for i, l := range w.pays {
		switch {
		case l.Trips:
			labels[i] = words.T(i18n.RedDogPayTrips)
		case l.OrMore:
			labels[i] = words.T(i18n.RedDogPayMore, l.Spread)
		default:
			labels[i] = words.T(i18n.RedDogPayRow, l.Spread)
		}
		odds[i] = words.T(i18n.RedDogPaysTo, l.Pays)
	}
	pad := s.Width * 0.05
	labelW, oddsW := s.Width*0.62-pad, s.Width*0.38-pad
	size := min(fitSize(labels, labelW, lineH*0.5, false), fitSize(odds, oddsW, lineH*0.5, true))
	for i, l := range w.pays {
		y := titleH + float32(i)*lineH
		ink := p.Text
		if payLineApplies(l, w.coup) && w.coup.Outcome != view.RedDogLose && w.coup.Outcome != view.RedDogPush {
			sc.rect(pad/2, y+lineH*0.06, s.Width-pad, lineH*0.88, p.Notice, nil, 0, lineH*0.2)
			ink = p.Background
		}
		sc.text(labels[i], pad, y, labelW, lineH, size, ink, false, fyne.TextAlignLeading)
		sc.text(odds[i], s.Width*0.62, y, oddsW, lineH, size, ink, true, fyne.TextAlignTrailing)
	}
	return sc.objects()
}

// RedDogHistory is the history of rounds, newest on the right: for each round its number, its
// cards (right, left, centre), its spread and its outcome.
type RedDogHistory struct {
	widget.BaseWidget
	style  Style
	rounds []view.RedDogRound
}

// NewRedDogHistory is an empty history.
func NewRedDogHistory(st Style) *RedDogHistory {
	w := &RedDogHistory{style: st}
	w.ExtendBaseWidget(w)
	return w
}

// Set shows the rounds, oldest first.
func (w *RedDogHistory) Set(rounds []view.RedDogRound) {
	w.rounds = append([]view.RedDogRound(nil), rounds...)
	w.Refresh()
}

// CreateRenderer is Fyne's hook to draw the widget.
func (w *RedDogHistory) CreateRenderer() fyne.WidgetRenderer {
	return newPaintRenderer(w, w.paint, func() fyne.Size { return fyne.NewSize(300, 80) })
}

// historySpread is a round's spread in the history: the number, "–" for no spread and "="
// for a pair; "" before two cards.
func historySpread(c view.RedDogCoup) string {
	switch c.Kind {
	case view.RedDogSpread:
		return strconv.Itoa(c.Spread)
	case view.RedDogConsecutive:
		return "–"
	case view.RedDogPair:
		return "="
	}
	return ""
}

// historyOutcome is a round's outcome in the history, its fill and its ink.
func historyOutcome(st Style, r view.RedDogRound) (string, color.NRGBA, color.NRGBA) {
	p, words := st.palette(), st.Words
	if r.Cancelled {
		return words.T(i18n.RedDogCancelled), p.Warning, p.Background
	}
	switch r.Coup.Outcome {
	case view.RedDogWin:
		return words.T(i18n.RedDogPaysTo, r.Coup.Pays), p.OK, p.OnAccent
	case view.RedDogTrips:
		return words.T(i18n.RedDogPaysTo, r.Coup.Pays), p.Highlight, p.Background
	case view.RedDogLose:
		return words.T(i18n.RedDogLose), p.Error, p.OnAccent
	}
	return words.T(i18n.RedDogPush), p.Grid, p.Text
}

func (w *RedDogHistory) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	st, p := w.style, w.style.palette()
	sc.panel(0, 0, s.Width, s.Height, p.Panel, p.Grid, 2)
	titleH := s.Height * 0.2
	sc.text(st.Words.T(i18n.RedDogHistory), s.Width*0.01, 0, s.Width*0.5, titleH, titleH*0.7, p.TextMuted, true, fyne.TextAlignLeading)
	pad := s.Height * 0.04
	cellH := s.Height - titleH - pad
	cellW := cellH * 0.62
	if cellW < 1 {
		return sc.objects() // not laid out yet
	}
	n := max(0, int((s.Width-pad)/(cellW+pad)))
	rounds := w.rounds
	if len(rounds) > n {
		rounds = rounds[len(rounds)-n:]
	}
	for i, r := range rounds {
		x := pad + float32(i)*(cellW+pad)
		y := titleH
		newest := i == len(rounds)-1
		border := p.Grid
		if newest {
			border = p.Highlight
		}
		sc.rect(x, y, cellW, cellH, p.Background, border, max(1, cellH*0.015), cellW*0.08)
		rowH := cellH / 6
		sc.text(strconv.Itoa(r.N), x, y, cellW, rowH, rowH*0.6, p.TextMuted, false, fyne.TextAlignCenter)
		for j, box := range [][]view.Card{r.Coup.Right, r.Coup.Left, r.Coup.Centre} {
			cy := y + rowH*float32(j+1)
			if len(box) == 0 {
				continue
			}
			f, up := box[0].Face()
			if !up {
				continue
			}
			ink := p.Text
			if f.Suit == engine.Hearts || f.Suit == engine.Diamonds {
				ink = p.CardRed
			}
			sc.text(rankText(f.Rank)+suitText(f.Suit), x, cy, cellW, rowH, rowH*0.72, ink, true, fyne.TextAlignCenter)
		}
		sc.text(historySpread(r.Coup), x, y+rowH*4, cellW, rowH, rowH*0.66, p.Notice, true, fyne.TextAlignCenter)
		word, fill, ink := historyOutcome(st, r)
		sc.rect(x+cellW*0.06, y+rowH*5, cellW*0.88, rowH*0.9, fill, nil, 0, rowH*0.2)
		sc.text(word, x+cellW*0.06, y+rowH*5, cellW*0.88, rowH*0.9, rowH*0.55, ink, true, fyne.TextAlignCenter)
	}
	return sc.objects()
}
