package themes

import (
	"embed"
	"fmt"
)

// fontFiles holds the bundled fonts and their licence. An embed.FS cannot be changed.
//
//go:embed fonts/CoupboardSans-Regular.otf fonts/CoupboardSans-Bold.otf fonts/OFL.txt
var fontFiles embed.FS

// Weight is a bundled font's weight.
type Weight uint8

// The bundled weights.
const (
	Regular Weight = iota
	Bold
)

// FontName is the file name of the bundled font of weight w ("CoupboardSans-Regular.otf").
func FontName(w Weight) string {
	if w == Bold {
		return "CoupboardSans-Bold.otf"
	}
	return "CoupboardSans-Regular.otf"
}

// Font is the bundled OpenType (CFF) font of weight w: Coupboard Sans, a subset of Noto
// Sans CJK SC covering Latin, Latin-1, common punctuation and currency signs, the road
// glyphs and every character of the table screen's English, Simplified and Traditional
// Chinese catalogue (庄 闲 和 among them). Each call returns a fresh copy.
func Font(w Weight) []byte {
	b, err := fontFiles.ReadFile("fonts/" + FontName(w))
	if err != nil { // cannot happen: the file is embedded at build time
		panic(fmt.Sprintf("themes: embedded font %s: %v", FontName(w), err))
	}
	return b
}

// FontLicence is the licence of the bundled fonts (SIL Open Font License 1.1), to be
// shipped with any binary that includes them.
func FontLicence() string {
	b, err := fontFiles.ReadFile("fonts/OFL.txt")
	if err != nil { // cannot happen: the file is embedded at build time
		panic(fmt.Sprintf("themes: embedded font licence: %v", err))
	}
	return string(b)
}
