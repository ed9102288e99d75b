package themes

import (
	"fmt"
	"image/color"
	"sort"
	"strconv"
	"strings"
)

// Overrides is what a theme file says: the built-in theme it starts from and what it
// changes. Package themes/themefile reads it from TOML; Apply turns it into a Theme.
type Overrides struct {
	Base       string            // built-in theme to start from; empty means "classic"
	ID         string            // identifier of the resulting theme; empty keeps the base's
	Name       string            // name for people; empty keeps the base's
	Dark       *bool             // nil keeps the base's
	Colours    map[string]string // palette key (see ColourKeys) to "#RRGGBB" or "#RRGGBBAA"
	CasinoName string            // header casino name
	LogoPath   string            // header logo file, as given (themefile makes it absolute)
}

// ColourKeys lists the palette keys a theme file may set, sorted.
func ColourKeys() []string {
	var p Palette
	keys := make([]string, 0, 20)
	for k := range p.fields() {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// fields maps each palette key to its field.
func (p *Palette) fields() map[string]*color.NRGBA {
	return map[string]*color.NRGBA{
		"background": &p.Background, "panel": &p.Panel, "grid": &p.Grid,
		"text": &p.Text, "text_muted": &p.TextMuted, "on_accent": &p.OnAccent,
		"banker": &p.Banker, "player": &p.Player, "tie": &p.Tie,
		"repeat": &p.Repeat, "choppy": &p.Choppy, "highlight": &p.Highlight,
		"notice": &p.Notice, "ok": &p.OK, "warning": &p.Warning, "error": &p.Error,
		"card_face": &p.CardFace, "card_back": &p.CardBack, "card_red": &p.CardRed, "card_black": &p.CardBlack,
	}
}

// Apply builds the theme: the base theme with the overrides applied. An unknown base,
// an unknown colour key or a malformed colour is an error that names it.
func (o Overrides) Apply() (Theme, error) {
	base := o.Base
	if base == "" {
		base = ClassicID
	}
	t, err := Builtin(base)
	if err != nil {
		return Theme{}, fmt.Errorf("base: %w", err)
	}
	if o.ID != "" {
		t.ID = o.ID
	}
	if o.Name != "" {
		t.Name = o.Name
	}
	if o.Dark != nil {
		t.Dark = *o.Dark
	}
	fields := t.Palette.fields()
	keys := make([]string, 0, len(o.Colours))
	for k := range o.Colours {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f, ok := fields[k]
		if !ok {
			return Theme{}, fmt.Errorf("colour %q: unknown key (want one of %s)", k, strings.Join(ColourKeys(), ", "))
		}
		c, err := ParseColour(o.Colours[k])
		if err != nil {
			return Theme{}, fmt.Errorf("colour %q: %w", k, err)
		}
		*f = c
	}
	t.Branding = Branding{CasinoName: o.CasinoName, LogoPath: o.LogoPath}
	return t, nil
}

// ParseColour reads "#RRGGBB" or "#RRGGBBAA" (hex digits, either case).
func ParseColour(s string) (color.NRGBA, error) {
	h, ok := strings.CutPrefix(s, "#")
	if !ok || (len(h) != 6 && len(h) != 8) {
		return color.NRGBA{}, fmt.Errorf("%q: want #RRGGBB or #RRGGBBAA", s)
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return color.NRGBA{}, fmt.Errorf("%q: want hex digits after #", s)
	}
	if len(h) == 6 {
		v = v<<8 | 0xff
	}
	return color.NRGBA{R: uint8(v >> 24), G: uint8(v >> 16), B: uint8(v >> 8), A: uint8(v)}, nil
}

// Hex is the colour as "#RRGGBB", or "#RRGGBBAA" when it is not opaque.
func Hex(c color.NRGBA) string {
	if c.A == 0xff {
		return fmt.Sprintf("#%02X%02X%02X", c.R, c.G, c.B)
	}
	return fmt.Sprintf("#%02X%02X%02X%02X", c.R, c.G, c.B, c.A)
}
