package pitboard

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/engine"

	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// A Red Dog table's tile (003) has no roads: below the name, game and limits it shows the last
// round (a box in the outcome's colour, the cards by box, the spread and the payout), the
// session's wins, losses and pushes, and a strip of the last rounds, newest right, each with
// its spread, in its outcome's colour — the colours of the table screen (display/reddog.go).

// redDogColour is an outcome's fill and the colour of the text on it.
func (b *Board) redDogColour(r pitwire.RedDogRound) (fill, on color.NRGBA) {
	p := b.theme.Palette
	switch {
	case r.Kind == engine.KindCancelled:
		return p.Panel, p.TextMuted
	case r.Outcome == "win" && r.Spread == "pair":
		return p.Highlight, p.Background // three of a kind (8.1.1)
	case r.Outcome == "win":
		return p.OK, p.OnAccent
	case r.Outcome == "lose":
		return p.Error, p.OnAccent
	}
	return p.Panel, p.Text // a push
}

// redDogLetter is an outcome in one letter: W, L, P (push), X (cancelled).
func redDogLetter(r pitwire.RedDogRound) string {
	switch {
	case r.Kind == engine.KindCancelled:
		return "X"
	case r.Outcome == "win":
		return "W"
	case r.Outcome == "lose":
		return "L"
	}
	return "P"
}

// redDogSpread is the spread as a strip cell shows it: the number, "C" (consecutive), "=" (a pair).
func redDogSpread(s string) string {
	switch s {
	case "consecutive":
		return "C"
	case "pair":
		return "="
	}
	return s
}

// redDogLast is the last round in words, the outcome first so that a narrow tile keeps it:
// "Round 7 · win 1:1 · spread 5 · 3H 9S 5D".
func redDogLast(w i18n.Catalogue, r pitwire.RedDogRound) string {
	if r.Kind == engine.KindCancelled {
		return w.T(i18n.PitRdCancelled, r.N)
	}
	outcome := map[string]i18n.Key{"win": i18n.RdWinWord, "lose": i18n.RdLoseWord, "push": i18n.RdPushWord}[r.Outcome]
	s := w.T(i18n.PitRdRound, r.N, w.T(outcome))
	if outcome == "" {
		s = w.T(i18n.PitRdRound, r.N, r.Outcome)
	}
	if r.Pays != "" {
		s += " " + r.Pays
	}
	switch r.Spread {
	case "consecutive":
		s += " · " + w.T(i18n.PitRdNoSpread)
	case "pair":
		s += " · " + w.T(i18n.RdAPair)
	default:
		s += " · " + w.T(i18n.RdSpreadN, r.Spread)
	}
	return s + " · " + strings.Join(r.Cards, " ")
}

// paintRedDog draws the Red Dog part of table t's tile from y down.
func (b *Board) paintRedDog(dst *ebiten.Image, t *pitmodel.Table, m metrics, y float64) {
	pal := b.theme.Palette
	w, h := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	box := h * 0.25
	bodyFace := b.theme.Face(m.body, false)
	boldBody := b.theme.Face(m.body, true)
	smallFace := b.theme.Face(m.small, false)
	var last *pitwire.RedDogRound
	if n := len(t.RedDog); n > 0 {
		last = &t.RedDog[n-1]
	}
	if last != nil {
		fill, on := b.redDogColour(*last)
		b.resultBox(dst, m.pad, y, box, redDogLetter(*last), fill, on)
		vector.StrokeRect(dst, float32(m.pad), float32(y), float32(box), float32(box), 1, pal.Grid, false) // a push is panel-coloured
	} else {
		b.resultBox(dst, m.pad, y, box, "", pal.Panel, pal.TextMuted)
	}
	x := m.pad*2 + box
	tw := w - x - m.pad
	line := box / 3
	// Line 1: the last round in words.
	words, clr := b.opts.Words.T(i18n.PitRdNone), pal.TextMuted
	if last != nil {
		words, clr = redDogLast(b.opts.Words, *last), pal.Text
	}
	drawText(dst, fit(words, boldBody, tw), boldBody, x, y+line*0.5, clr, text.AlignStart, text.AlignCenter)
	// Line 2: wins, losses and pushes of the rounds shown, each in its colour.
	var win, lose, push int
	for _, r := range t.RedDog {
		switch redDogLetter(r) {
		case "W":
			win++
		case "L":
			lose++
		case "P":
			push++
		}
	}
	cx := x
	for _, c := range []struct {
		s   string
		clr color.NRGBA
	}{{fmt.Sprintf("W %d", win), pal.OK}, {fmt.Sprintf("L %d", lose), pal.Error}, {fmt.Sprintf("P %d", push), pal.Text}} {
		drawText(dst, c.s, bodyFace, cx, y+line*1.5, c.clr, text.AlignStart, text.AlignCenter)
		sw, _ := text.Measure(c.s+"  ", bodyFace, 0)
		cx += sw
	}
	drawText(dst, fit(b.opts.Words.T(i18n.PitRdCounts, len(t.RedDog), t.Shoe), smallFace, w-cx-m.pad), smallFace, cx, y+line*1.5, pal.TextMuted, text.AlignStart, text.AlignCenter)
	// Line 3: Red Dog has no roads.
	drawText(dst, fit(b.opts.Words.T(i18n.PitRdNoRoads), smallFace, tw), smallFace, x, y+line*2.5, pal.TextMuted, text.AlignStart, text.AlignCenter)

	// The strip of the last rounds: one cell each, newest right, with its spread.
	y += box + m.pad*0.8
	cell := math.Floor(min((h-y-m.pad)/2, (w-2*m.pad)/pitmodel.RedDogRounds))
	if cell < 3 || len(t.RedDog) == 0 {
		return
	}
	cols := int((w - 2*m.pad) / cell)
	rounds := t.RedDog
	if len(rounds) > cols {
		rounds = rounds[len(rounds)-cols:]
	}
	face := b.theme.Face(cell*0.55, true)
	for i, r := range rounds {
		cx := m.pad + float64(i)*cell
		fill, on := b.redDogColour(r)
		vector.DrawFilledRect(dst, float32(cx+1), float32(y+1), float32(cell-2), float32(cell-2), fill, false)
		label := redDogLetter(r)
		if r.Kind != engine.KindCancelled {
			label = redDogSpread(r.Spread)
		}
		vector.StrokeRect(dst, float32(cx+1), float32(y+1), float32(cell-2), float32(cell-2), 1, pal.Grid, false)
		drawText(dst, label, face, cx+cell/2, y+cell/2, on, text.AlignCenter, text.AlignCenter)
		lc := fill // the outcome's letter below, in its colour (a push or a cancelled round has none)
		if r.Kind == engine.KindCancelled || r.Outcome == "push" {
			lc = on
		}
		drawText(dst, redDogLetter(r), b.theme.Face(cell*0.45, false), cx+cell/2, y+cell*1.5, lc, text.AlignCenter, text.AlignCenter)
	}
}
