package pitboard

import (
	"github.com/coupboard/coupboard/engine"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// sprite is one mark of the roads, painted once per cell size (antialiased) and then copied
// into tiles: copies of small images batch into one draw call, antialiased paths do not.
type sprite uint8

const (
	bigBanker  sprite = iota // big road Banker: a ring
	bigPlayer                // big road Player: a disc
	bigTie                   // big road placeholder of leading ties: a green ring
	tieSlash                 // a tie on a big road cell: a green slash
	bankerDot                // banker pair: a red dot top-left
	playerDot                // player pair: a blue dot bottom-right
	beadBanker               // bead plate: a disc with the letter
	beadPlayer
	beadTie
	beadNoBetBanker // bead plate, no-bet round: a ring with the letter
	beadNoBetPlayer
	beadNoBetTie
	numSprites
)

type spriteKey struct {
	s    sprite
	size int
}

// bead is the bead sprite of winner w, no-bet or not.
func bead(w engine.Winner, noBet bool) sprite {
	s := beadBanker
	switch w {
	case engine.Player:
		s = beadPlayer
	case engine.Tie:
		s = beadTie
	}
	if noBet {
		s += beadNoBetBanker - beadBanker
	}
	return s
}

// sprite is sprite s for cells of size pixels.
func (b *Board) sprite(s sprite, size int) *ebiten.Image {
	k := spriteKey{s, size}
	if img, ok := b.sprites[k]; ok {
		return img
	}
	pal := b.theme.Palette
	img := ebiten.NewImage(size, size)
	c := float32(size) / 2
	rad := float32(size) * 0.4
	stroke := max(1.5, float32(size)*0.14)
	dot := max(1.5, float32(size)*0.12)
	o := float32(size) * 0.3
	letter := func(w engine.Winner, clr any) {
		if size >= 11 {
			col := pal.OnAccent
			if clr != nil {
				col = b.theme.Winner(w)
			}
			// The bead's letter as the table screen writes it (B, or 庄 in Chinese).
			drawText(img, b.opts.Words.Letter(w.String()), b.theme.Face(float64(size)*0.6, true), float64(c), float64(c), col, text.AlignCenter, text.AlignCenter)
		}
	}
	switch s {
	case bigBanker:
		vector.StrokeCircle(img, c, c, rad-stroke/2, stroke, pal.Banker, true)
	case bigPlayer:
		vector.DrawFilledCircle(img, c, c, rad, pal.Player, true)
	case bigTie:
		vector.StrokeCircle(img, c, c, rad-stroke/2, stroke, pal.Tie, true)
	case tieSlash:
		d := float32(size) * 0.35
		vector.StrokeLine(img, c-d, c+d, c+d, c-d, stroke, pal.Tie, true)
	case bankerDot:
		vector.DrawFilledCircle(img, c-o, c-o, dot, pal.Banker, true)
	case playerDot:
		vector.DrawFilledCircle(img, c+o, c+o, dot, pal.Player, true)
	case beadBanker, beadPlayer, beadTie:
		w := engine.Banker + engine.Winner(s-beadBanker)
		vector.DrawFilledCircle(img, c, c, float32(size)*0.44, b.theme.Winner(w), true)
		letter(w, nil)
	case beadNoBetBanker, beadNoBetPlayer, beadNoBetTie:
		w := engine.Banker + engine.Winner(s-beadNoBetBanker)
		vector.StrokeCircle(img, c, c, float32(size)*0.44-1, 2, b.theme.Winner(w), true)
		letter(w, true)
	}
	b.sprites[k] = img
	return img
}

// stamp copies sprite s of the given size with its top-left corner at x, y.
func (b *Board) stamp(dst *ebiten.Image, s sprite, size int, x, y float64) {
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x, y)
	dst.DrawImage(b.sprite(s, size), op)
}
