package themes

import (
	"fmt"
	"image/color"
	"sort"
)

// Palette is the colours of a theme as plain values, usable by Fyne, Ebiten or an image.
// The trade colours (Banker red, Player blue, Tie green) always come with a letter or a
// glyph on screen: nothing is told by colour alone (spec/display.md).
type Palette struct {
	Background color.NRGBA // the screen behind everything
	Panel      color.NRGBA // panels: the limit sign, the roads, the statistics
	Grid       color.NRGBA // road grid lines and panel borders
	Text       color.NRGBA // ordinary text
	TextMuted  color.NRGBA // labels and secondary text
	OnAccent   color.NRGBA // text drawn on a Banker, Player or Tie fill
	Banker     color.NRGBA // Banker (庄): red by the trade
	Player     color.NRGBA // Player (闲): blue by the trade
	Tie        color.NRGBA // Tie (和): green by the trade
	Repeat     color.NRGBA // derived roads' "red" mark (repeating), roadmap.md §3.4
	Choppy     color.NRGBA // derived roads' "blue" mark (choppy), roadmap.md §3.4
	Highlight  color.NRGBA // the newest mark on a road, focus rings
	Notice     color.NRGBA // notice banners (limit changes, closing, last coup)
	OK         color.NRGBA // shoe connected
	Warning    color.NRGBA // shoe silent, coup under review
	Error      color.NRGBA // shoe disconnected, errors a supervisor must clear
	CardFace   color.NRGBA // the face of a playing card
	CardBack   color.NRGBA // the back of a face-down card
	CardRed    color.NRGBA // hearts and diamonds
	CardBlack  color.NRGBA // spades and clubs
}

// Branding is what a casino puts on its screens.
type Branding struct {
	CasinoName string // shown in the header; empty shows no name
	LogoPath   string // a PNG or SVG file shown in the header; empty shows no logo
}

// Theme is one complete look: a palette, whether it is dark, and the branding.
type Theme struct {
	ID       string // stable identifier used in config files: "classic", "night", "contrast", or a theme file's id
	Name     string // a name for people
	Dark     bool   // light text on a dark background
	Palette  Palette
	Branding Branding
}

// The identifiers of the built-in themes.
const (
	ClassicID  = "classic"  // classic light
	NightID    = "night"    // night dark
	ContrastID = "contrast" // high contrast
)

func rgb(hex uint32) color.NRGBA {
	return color.NRGBA{R: uint8(hex >> 16), G: uint8(hex >> 8), B: uint8(hex), A: 0xff}
}

// Classic is the built-in classic light theme: dark text on cream, the trade colours.
func Classic() Theme {
	return Theme{ID: ClassicID, Name: "Classic light", Palette: Palette{
		Background: rgb(0xF3EFE6), Panel: rgb(0xFFFFFF), Grid: rgb(0xC9C0AE),
		Text: rgb(0x1A1A1A), TextMuted: rgb(0x5C5C5C), OnAccent: rgb(0xFFFFFF),
		Banker: rgb(0xC62828), Player: rgb(0x1565C0), Tie: rgb(0x2E7D32),
		Repeat: rgb(0xC62828), Choppy: rgb(0x1565C0), Highlight: rgb(0xA66A00),
		Notice: rgb(0xB26A00), OK: rgb(0x2E7D32), Warning: rgb(0xB26A00), Error: rgb(0xB71C1C),
		CardFace: rgb(0xFFFFFF), CardBack: rgb(0x7B1F2B), CardRed: rgb(0xC62828), CardBlack: rgb(0x111111),
	}}
}

// Night is the built-in night dark theme: light text on near-black, brightened trade colours.
func Night() Theme {
	return Theme{ID: NightID, Name: "Night dark", Dark: true, Palette: Palette{
		Background: rgb(0x0B0F14), Panel: rgb(0x161C24), Grid: rgb(0x2E3846),
		Text: rgb(0xE8EAED), TextMuted: rgb(0x9AA4B0), OnAccent: rgb(0xFFFFFF),
		Banker: rgb(0xE53935), Player: rgb(0x1E88E5), Tie: rgb(0x43A047),
		Repeat: rgb(0xEF5350), Choppy: rgb(0x42A5F5), Highlight: rgb(0xFFD54F),
		Notice: rgb(0xFFB300), OK: rgb(0x66BB6A), Warning: rgb(0xFFA726), Error: rgb(0xFF5252),
		CardFace: rgb(0xF5F5F5), CardBack: rgb(0x6D1B26), CardRed: rgb(0xC62828), CardBlack: rgb(0x111111),
	}}
}

// Contrast is the built-in high-contrast theme: white and saturated colours on black,
// with black text on coloured fills.
func Contrast() Theme {
	return Theme{ID: ContrastID, Name: "High contrast", Dark: true, Palette: Palette{
		Background: rgb(0x000000), Panel: rgb(0x000000), Grid: rgb(0x6E6E6E),
		Text: rgb(0xFFFFFF), TextMuted: rgb(0xFFFF66), OnAccent: rgb(0x000000),
		Banker: rgb(0xFF4D4D), Player: rgb(0x4DB8FF), Tie: rgb(0x33FF66),
		Repeat: rgb(0xFF4D4D), Choppy: rgb(0x4DB8FF), Highlight: rgb(0xFFFF00),
		Notice: rgb(0xFFFF00), OK: rgb(0x33FF66), Warning: rgb(0xFFFF00), Error: rgb(0xFF4D4D),
		CardFace: rgb(0xFFFFFF), CardBack: rgb(0x0033CC), CardRed: rgb(0xCC0000), CardBlack: rgb(0x000000),
	}}
}

// BuiltinIDs lists the identifiers of the built-in themes, sorted.
func BuiltinIDs() []string {
	ids := []string{ClassicID, NightID, ContrastID}
	sort.Strings(ids)
	return ids
}

// Builtin returns the built-in theme with the given identifier, or an error naming the
// identifiers there are.
func Builtin(id string) (Theme, error) {
	switch id {
	case ClassicID:
		return Classic(), nil
	case NightID:
		return Night(), nil
	case ContrastID:
		return Contrast(), nil
	}
	return Theme{}, fmt.Errorf("theme %q: not a built-in theme (want one of %v)", id, BuiltinIDs())
}
