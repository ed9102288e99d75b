// Package ebitentheme adapts package themes to Ebiten for the pit board: the theme's palette
// as it is, and the bundled Coupboard Sans fonts as Ebiten text faces. It is the only theme
// package that links Ebiten (Fyne and Ebiten cannot share a binary).
package ebitentheme

import (
	"bytes"
	"fmt"
	"image/color"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/themes"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Theme is a theme with its fonts loaded for Ebiten. It is safe to share; faces are made on
// demand and cached by size.
type Theme struct {
	themes.Theme
	regular, bold *text.GoTextFaceSource
	faces         map[faceKey]*text.GoTextFace
}

type faceKey struct {
	size float64
	bold bool
}

// New loads the bundled fonts for t.
func New(t themes.Theme) (*Theme, error) {
	reg, err := text.NewGoTextFaceSource(bytes.NewReader(themes.Font(themes.Regular)))
	if err != nil {
		return nil, fmt.Errorf("load font %s: %w", themes.FontName(themes.Regular), err)
	}
	bold, err := text.NewGoTextFaceSource(bytes.NewReader(themes.Font(themes.Bold)))
	if err != nil {
		return nil, fmt.Errorf("load font %s: %w", themes.FontName(themes.Bold), err)
	}
	return &Theme{Theme: t, regular: reg, bold: bold, faces: make(map[faceKey]*text.GoTextFace)}, nil
}

// Face is the theme's font at size pixels, bold or regular. Sizes are rounded to half a
// pixel so that the cache stays small. Not safe for concurrent use (call it from the game loop).
func (t *Theme) Face(size float64, bold bool) *text.GoTextFace {
	k := faceKey{float64(int(size*2+0.5)) / 2, bold}
	if k.size < 1 {
		k.size = 1
	}
	if f, ok := t.faces[k]; ok {
		return f
	}
	src := t.regular
	if bold {
		src = t.bold
	}
	f := &text.GoTextFace{Source: src, Size: k.size}
	t.faces[k] = f
	return f
}

// Winner is the trade colour of a winner: Banker red, Player blue, Tie green (TextMuted for
// none). It always goes with a letter on screen.
func (t *Theme) Winner(w engine.Winner) color.NRGBA {
	switch w {
	case engine.Banker:
		return t.Palette.Banker
	case engine.Player:
		return t.Palette.Player
	case engine.Tie:
		return t.Palette.Tie
	}
	return t.Palette.TextMuted
}
