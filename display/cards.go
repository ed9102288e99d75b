package display

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

// rankText is a rank as printed on a card face.
func rankText(r engine.Rank) string {
	switch r {
	case engine.Ace:
		return "A"
	case engine.Ten:
		return "10"
	case engine.Jack:
		return "J"
	case engine.Queen:
		return "Q"
	case engine.King:
		return "K"
	}
	if r >= 2 && r <= 9 {
		return string(rune('0' + r))
	}
	return ""
}

// suitText is a suit's symbol; "" when the shoe did not read the suit.
func suitText(s engine.Suit) string {
	switch s {
	case engine.Spades:
		return "♠"
	case engine.Hearts:
		return "♥"
	case engine.Diamonds:
		return "♦"
	case engine.Clubs:
		return "♣"
	}
	return ""
}

// paintCard draws one card in the box: its face when turned, else a plain back with
// nothing to read on it.
func paintCard(sc *scene, st Style, c view.Card, x, y, w, h float32) {
	p := st.palette()
	r := w * 0.08
	f, up := c.Face()
	if !up {
		sc.rect(x, y, w, h, p.CardBack, p.Grid, w*0.02, r)
		in := w * 0.1
		sc.rect(x+in, y+in, w-2*in, h-2*in, nil, fade(p.CardFace, 0.55), w*0.03, r*0.6)
		sc.line(x+in, y+in, x+w-in, y+h-in, fade(p.CardFace, 0.35), w*0.02)
		sc.line(x+w-in, y+in, x+in, y+h-in, fade(p.CardFace, 0.35), w*0.02)
		return
	}
	sc.rect(x, y, w, h, p.CardFace, p.Grid, w*0.02, r)
	ink := p.CardBlack
	if f.Suit == engine.Hearts || f.Suit == engine.Diamonds {
		ink = p.CardRed
	}
	sc.text(rankText(f.Rank), x+w*0.08, y+h*0.03, w*0.6, h*0.3, h*0.26, ink, true, fyne.TextAlignLeading)
	if s := suitText(f.Suit); s != "" {
		sc.text(s, x, y+h*0.35, w, h*0.6, h*0.45, ink, false, fyne.TextAlignCenter)
	} else {
		sc.text(rankText(f.Rank), x, y+h*0.35, w, h*0.6, h*0.45, ink, true, fyne.TextAlignCenter)
	}
}

// Card is one playing card: its face once turned, or a back. A face-down card shows
// nothing derived from it (architecture.md invariant 4).
type Card struct {
	widget.BaseWidget
	style Style
	card  view.Card
}

// NewCard is a card widget showing c.
func NewCard(st Style, c view.Card) *Card {
	w := &Card{style: st, card: c}
	w.ExtendBaseWidget(w)
	return w
}

// Set shows another card.
func (w *Card) Set(c view.Card) { w.card = c; w.Refresh() }

// CreateRenderer is Fyne's hook to draw the widget.
func (w *Card) CreateRenderer() fyne.WidgetRenderer {
	return newPaintRenderer(w, func(s fyne.Size) []fyne.CanvasObject {
		var sc scene
		cw := min(s.Width, s.Height*5/7)
		ch := cw * 7 / 5
		paintCard(&sc, w.style, w.card, (s.Width-cw)/2, (s.Height-ch)/2, cw, ch)
		return sc.objects()
	}, func() fyne.Size { return fyne.NewSize(50, 70) })
}

// Hand is the Player or Banker hand: its name in its colour with its letter, the cards as
// they are turned, and the total once every card is face up.
type Hand struct {
	widget.BaseWidget
	style  Style
	banker bool
	cards  []view.Card
}

// NewHand is the Banker hand widget when banker is set, otherwise the Player's.
func NewHand(st Style, banker bool) *Hand {
	w := &Hand{style: st, banker: banker}
	w.ExtendBaseWidget(w)
	return w
}

// Set shows the hand's cards.
func (w *Hand) Set(cards []view.Card) { w.cards = append([]view.Card(nil), cards...); w.Refresh() }

// CreateRenderer is Fyne's hook to draw the widget.
func (w *Hand) CreateRenderer() fyne.WidgetRenderer {
	return newPaintRenderer(w, w.paint, func() fyne.Size { return fyne.NewSize(160, 120) })
}

// leastHeight is the least height of a hand whose cards' letters (their rank, 0.26 of a card's
// height) are the screen's smallest text, in a hand as wide as three cards and its total need
// (paint's proportions: the title bar, the margins, the cards the height of the rest).
func (w *Hand) leastHeight() float32 {
	m := w.style.minText()
	card := m / 0.26
	if h := (card + m*1.5) / 0.9; h*0.2 <= m*1.5 { // the title bar at its least, 1.5 times the text
		return h
	}
	return card / 0.7 // the title bar a fifth of the hand
}

func (w *Hand) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	st, p := w.style, w.style.palette()
	mark, title := view.MarkPlayer, st.Words.T(i18n.HandPlayer)
	if w.banker {
		mark, title = view.MarkBanker, st.Words.T(i18n.HandBanker)
	}
	col := st.markColour(mark)
	barH := min(max(s.Height*0.2, st.minText()*1.5), s.Height)
	sc.panel(0, 0, s.Width, s.Height, p.Panel, col, max(2, s.Height*0.015))
	sc.panel(0, 0, s.Width, barH, col, nil, 0)
	label := title
	if l := st.letter(mark); l != title {
		label = l + "  " + title
	}
	sc.text(label, 0, 0, s.Width, barH, barH*0.7, p.OnAccent, true, fyne.TextAlignCenter)

	// Cards, up to three, left to right; the total in a circle on the right.
	areaY, areaH := barH+s.Height*0.05, s.Height-barH-s.Height*0.1
	totalW := areaH * 0.8
	ch := areaH
	cw := ch * 5 / 7
	gap := cw * 0.08
	avail := s.Width - totalW - gap*4
	if need := 3*cw + 2*gap; need > avail {
		cw = avail / 3.2
		ch = cw * 7 / 5
		gap = cw * 0.08
	}
	x := gap * 2
	for _, c := range w.cards {
		paintCard(&sc, st, c, x, areaY+(areaH-ch)/2, cw, ch)
		x += cw + gap
	}
	if total, ok := view.HandTotal(w.cards); ok {
		cx, cy, r := s.Width-gap*2-totalW/2, areaY+areaH/2, totalW*0.45
		sc.circle(cx, cy, r, col, p.OnAccent, r*0.06)
		sc.text(string(rune('0'+total)), cx-r, cy-r, 2*r, 2*r, r*1.3, p.OnAccent, true, fyne.TextAlignCenter)
	}
	return sc.objects()
}

// Result is the result banner: the result in words and big type ("BANKER WINS 7 TO 5"),
// pair marks, "Banker wins on 6 — pays half" and "Insurance/No 6 open"; "Place your bets"
// while no coup is under way. A result is drawn only when no card of the coup is face down.
type Result struct {
	widget.BaseWidget
	style Style
	coup  view.Coup
}

// NewResult is a result banner for the coup.
func NewResult(st Style) *Result {
	w := &Result{style: st}
	w.ExtendBaseWidget(w)
	return w
}

// Set shows the coup's result.
func (w *Result) Set(c view.Coup) { w.coup = c; w.Refresh() }

// CreateRenderer is Fyne's hook to draw the widget.
func (w *Result) CreateRenderer() fyne.WidgetRenderer {
	return newPaintRenderer(w, w.paint, func() fyne.Size { return fyne.NewSize(300, 60) })
}

// allFaceUp reports whether every card of the coup has been turned.
func allFaceUp(c view.Coup) bool {
	for _, cs := range [][]view.Card{c.Player, c.Banker} {
		for _, card := range cs {
			if !card.FaceUp() {
				return false
			}
		}
	}
	return true
}

// resultWords is the result in words, as the catalogue says it.
func resultWords(words i18n.Catalogue, r view.Result) string {
	if !r.TotalsKnown {
		switch r.Winner {
		case engine.Banker:
			return words.T(i18n.ResultBankerWin)
		case engine.Player:
			return words.T(i18n.ResultPlayerWin)
		}
		return words.T(i18n.ResultTieOnly)
	}
	switch r.Winner {
	case engine.Banker:
		if r.Natural && r.BankerTotal >= 8 {
			return words.T(i18n.ResultBNatural, r.BankerTotal)
		}
		return words.T(i18n.ResultBanker, r.BankerTotal, r.PlayerTotal)
	case engine.Player:
		if r.Natural && r.PlayerTotal >= 8 {
			return words.T(i18n.ResultPNatural, r.PlayerTotal)
		}
		return words.T(i18n.ResultPlayer, r.PlayerTotal, r.BankerTotal)
	}
	return words.T(i18n.ResultTie, r.PlayerTotal)
}

func (w *Result) paint(s fyne.Size) []fyne.CanvasObject {
	var sc scene
	st, p := w.style, w.style.palette()
	c := w.coup
	// The result in words fills the banner; pair marks, "pays half" and "Insurance/No 6 open"
	// take a row under it, never smaller than the screen's smallest text.
	hasSub := c.InsuranceOpen && (c.Result == nil || !allFaceUp(c))
	if r := c.Result; r != nil && allFaceUp(c) {
		hasSub = r.SixPaysHalf || r.BankerPair || r.PlayerPair
	}
	if c.RedDog != nil {
		_, sub, _, _ := redDogWords(st, *c.RedDog)
		hasSub = sub != ""
	}
	mainH := s.Height
	if hasSub {
		mainH = min(s.Height*0.62, s.Height-st.minText()*1.8)
	}
	subY, subH := mainH, s.Height-mainH
	subTS := st.atLeast(subH * 0.45)
	if c.RedDog != nil {
		main, sub, fill, ink := redDogWords(st, *c.RedDog)
		if main == "" {
			main = st.Words.T(i18n.PlaceBets)
		}
		sc.panel(0, 0, s.Width, mainH, fill, p.Grid, 2)
		sc.text(main, s.Width*0.02, 0, s.Width*0.96, mainH, mainH*0.62, ink, true, fyne.TextAlignCenter)
		if sub != "" {
			sc.rect(s.Width*0.3, subY+subH*0.1, s.Width*0.4, subH*0.8, p.Notice, nil, 0, subH*0.2)
			sc.text("▲ "+sub, s.Width*0.3, subY+subH*0.1, s.Width*0.4, subH*0.8, st.atLeast(subH*0.5), p.Background, true, fyne.TextAlignCenter)
		}
		return sc.objects()
	}
	switch {
	case c.Result != nil && allFaceUp(c):
		r := *c.Result
		col := st.winnerColour(r.Winner)
		sc.panel(0, 0, s.Width, mainH, col, nil, 0)
		sc.text(resultWords(st.Words, r), s.Width*0.02, 0, s.Width*0.96, mainH, mainH*0.62, p.OnAccent, true, fyne.TextAlignCenter)
		var parts []fyne.CanvasObject
		x := s.Width * 0.02
		pill := func(text string, fill, ink, border color.Color) {
			tw := fyne.MeasureText(text, subTS, fyne.TextStyle{Bold: true}).Width + subH*0.6
			if x+tw > s.Width {
				return
			}
			var sub scene
			sub.rect(x, subY+subH*0.12, tw, subH*0.76, fill, border, 2, subH*0.2)
			sub.text(text, x, subY+subH*0.12, tw, subH*0.76, subTS, ink, true, fyne.TextAlignCenter)
			parts = append(parts, sub.objects()...)
			x += tw + subH*0.3
		}
		if r.SixPaysHalf {
			pill(st.Words.T(i18n.SixPaysHalf), p.Notice, p.Background, p.Notice)
		}
		if r.BankerPair {
			pill("● "+st.Words.T(i18n.PairBanker), p.Panel, p.Banker, p.Banker)
		}
		if r.PlayerPair {
			pill("● "+st.Words.T(i18n.PairPlayer), p.Panel, p.Player, p.Player)
		}
		sc.objs = append(sc.objs, parts...)
	case len(c.Player)+len(c.Banker) > 0:
		sc.panel(0, 0, s.Width, mainH, p.Panel, p.Grid, 2)
		sc.text(st.Words.T(i18n.Dealing), 0, 0, s.Width, mainH, mainH*0.5, p.TextMuted, true, fyne.TextAlignCenter)
	default:
		sc.panel(0, 0, s.Width, mainH, p.Panel, p.Grid, 2)
		sc.text(st.Words.T(i18n.PlaceBets), 0, 0, s.Width, mainH, mainH*0.5, p.Text, true, fyne.TextAlignCenter)
	}
	if c.InsuranceOpen && (c.Result == nil || !allFaceUp(c)) {
		sc.rect(s.Width*0.15, subY+subH*0.1, s.Width*0.7, subH*0.8, p.Notice, nil, 0, subH*0.2)
		sc.text("◆ "+st.Words.T(i18n.InsuranceOpen)+" ◆", s.Width*0.15, subY+subH*0.1, s.Width*0.7, subH*0.8, st.atLeast(subH*0.5), p.Background, true, fyne.TextAlignCenter)
	}
	return sc.objects()
}
