// Package fynetheme adapts a themes.Theme to Fyne: its palette as Fyne colours (the
// standard names plus the table's own, such as ColorBanker) and the bundled Coupboard Sans
// fonts, so 庄 闲 和 render the same on every machine.
package fynetheme

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/coupboard/coupboard/themes"
)

// The table's own colour names, answered by Theme.Color beside Fyne's standard ones.
const (
	ColorBanker    fyne.ThemeColorName = "coupboard.banker"
	ColorPlayer    fyne.ThemeColorName = "coupboard.player"
	ColorTie       fyne.ThemeColorName = "coupboard.tie"
	ColorRepeat    fyne.ThemeColorName = "coupboard.repeat"
	ColorChoppy    fyne.ThemeColorName = "coupboard.choppy"
	ColorHighlight fyne.ThemeColorName = "coupboard.highlight"
	ColorNotice    fyne.ThemeColorName = "coupboard.notice"
	ColorOK        fyne.ThemeColorName = "coupboard.ok"
	ColorPanel     fyne.ThemeColorName = "coupboard.panel"
	ColorGrid      fyne.ThemeColorName = "coupboard.grid"
	ColorMuted     fyne.ThemeColorName = "coupboard.muted"
	ColorOnAccent  fyne.ThemeColorName = "coupboard.on_accent"
	ColorCardFace  fyne.ThemeColorName = "coupboard.card_face"
	ColorCardBack  fyne.ThemeColorName = "coupboard.card_back"
	ColorCardRed   fyne.ThemeColorName = "coupboard.card_red"
	ColorCardBlack fyne.ThemeColorName = "coupboard.card_black"
)

// Theme is a fyne.Theme drawn from a themes.Theme. It ignores the system's light/dark
// variant: a table's look is chosen by configuration.
type Theme struct {
	src     themes.Theme
	regular fyne.Resource
	bold    fyne.Resource
}

// New adapts t to Fyne.
func New(t themes.Theme) *Theme {
	return &Theme{
		src:     t,
		regular: fyne.NewStaticResource(themes.FontName(themes.Regular), themes.Font(themes.Regular)),
		bold:    fyne.NewStaticResource(themes.FontName(themes.Bold), themes.Font(themes.Bold)),
	}
}

// Source is the theme this adapter draws from.
func (t *Theme) Source() themes.Theme { return t.src }

// Color answers Fyne's standard colour names from the palette, and the table's own names.
func (t *Theme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	p := t.src.Palette
	switch n {
	case ColorBanker:
		return p.Banker
	case ColorPlayer:
		return p.Player
	case ColorTie:
		return p.Tie
	case ColorRepeat:
		return p.Repeat
	case ColorChoppy:
		return p.Choppy
	case ColorHighlight, theme.ColorNameFocus, theme.ColorNamePrimary:
		return p.Highlight
	case ColorNotice, theme.ColorNameWarning:
		return p.Notice
	case ColorOK, theme.ColorNameSuccess:
		return p.OK
	case ColorPanel, theme.ColorNameInputBackground, theme.ColorNameMenuBackground, theme.ColorNameOverlayBackground, theme.ColorNameHeaderBackground:
		return p.Panel
	case ColorGrid, theme.ColorNameSeparator, theme.ColorNameInputBorder:
		return p.Grid
	case ColorMuted, theme.ColorNamePlaceHolder, theme.ColorNameDisabled:
		return p.TextMuted
	case ColorOnAccent, theme.ColorNameForegroundOnPrimary:
		return p.OnAccent
	case ColorCardFace:
		return p.CardFace
	case ColorCardBack:
		return p.CardBack
	case ColorCardRed:
		return p.CardRed
	case ColorCardBlack:
		return p.CardBlack
	case theme.ColorNameBackground:
		return p.Background
	case theme.ColorNameForeground:
		return p.Text
	case theme.ColorNameError:
		return p.Error
	}
	v := theme.VariantLight
	if t.src.Dark {
		v = theme.VariantDark
	}
	return theme.DefaultTheme().Color(n, v)
}

// Font is Coupboard Sans (bold for bold styles); monospace and symbols come from Fyne.
func (t *Theme) Font(s fyne.TextStyle) fyne.Resource {
	switch {
	case s.Monospace, s.Symbol:
		return theme.DefaultTheme().Font(s)
	case s.Bold:
		return t.bold
	}
	return t.regular
}

// Icon is Fyne's default icon.
func (t *Theme) Icon(n fyne.ThemeIconName) fyne.Resource { return theme.DefaultTheme().Icon(n) }

// Size is Fyne's default size.
func (t *Theme) Size(n fyne.ThemeSizeName) float32 { return theme.DefaultTheme().Size(n) }
