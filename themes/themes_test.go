package themes

import (
	"image/color"
	"strings"
	"testing"

	"golang.org/x/image/font/sfnt"

	"github.com/coupboard/coupboard/display/i18n"
)

func TestBuiltin(t *testing.T) {
	for _, id := range BuiltinIDs() {
		th, err := Builtin(id)
		if err != nil {
			t.Fatalf("Builtin(%q): %v", id, err)
		}
		if th.ID != id {
			t.Errorf("Builtin(%q).ID = %q", id, th.ID)
		}
		for k, c := range th.Palette.fields() {
			if c.A != 0xff {
				t.Errorf("%s: colour %s is not opaque", id, k)
			}
		}
		p := th.Palette
		if p.Banker == p.Player || p.Player == p.Tie || p.Banker == p.Tie {
			t.Errorf("%s: Banker, Player and Tie must differ", id)
		}
		if p.Text == p.Background {
			t.Errorf("%s: text is the background colour", id)
		}
	}
	if _, err := Builtin("sepia"); err == nil || !strings.Contains(err.Error(), "sepia") {
		t.Errorf("Builtin(sepia) error = %v, want one naming it", err)
	}
}

func TestParseColour(t *testing.T) {
	tests := []struct {
		in   string
		want color.NRGBA
		ok   bool
	}{
		{"#C62828", color.NRGBA{0xC6, 0x28, 0x28, 0xFF}, true},
		{"#c6282880", color.NRGBA{0xC6, 0x28, 0x28, 0x80}, true},
		{"#000000", color.NRGBA{0, 0, 0, 0xFF}, true},
		{"C62828", color.NRGBA{}, false},
		{"#C6282", color.NRGBA{}, false},
		{"#GG2828", color.NRGBA{}, false},
		{"#+12345", color.NRGBA{}, false},
		{"", color.NRGBA{}, false},
	}
	for _, tt := range tests {
		got, err := ParseColour(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseColour(%q) = %v, %v; want %v, ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func FuzzParseColour(f *testing.F) {
	for _, s := range []string{"#C62828", "#c6282880", "#", "#xyz", "#-1234567"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseColour(s)
		if err != nil {
			return
		}
		back, err := ParseColour(Hex(c))
		if err != nil || back != c {
			t.Fatalf("ParseColour(%q) = %v; Hex round trip gives %v, %v", s, c, back, err)
		}
	})
}

func TestOverridesApply(t *testing.T) {
	dark := false
	th, err := Overrides{Base: NightID, ID: "riverside", Dark: &dark, CasinoName: "Riverside",
		Colours: map[string]string{"banker": "#112233", "highlight": "#445566"}}.Apply()
	if err != nil {
		t.Fatal(err)
	}
	night := Night()
	if th.ID != "riverside" || th.Name != night.Name || th.Dark || th.Branding.CasinoName != "Riverside" {
		t.Errorf("Apply = %+v", th)
	}
	if th.Palette.Banker != (color.NRGBA{0x11, 0x22, 0x33, 0xff}) || th.Palette.Highlight != (color.NRGBA{0x44, 0x55, 0x66, 0xff}) {
		t.Errorf("colours not applied: %+v", th.Palette)
	}
	if th.Palette.Player != night.Palette.Player {
		t.Errorf("Player changed to %v, want the base's %v", th.Palette.Player, night.Palette.Player)
	}
	def, err := Overrides{}.Apply()
	if err != nil || def.ID != ClassicID {
		t.Errorf("empty overrides = %v, %v; want classic", def.ID, err)
	}
	for _, bad := range []Overrides{
		{Base: "sepia"},
		{Colours: map[string]string{"bankr": "#112233"}},
		{Colours: map[string]string{"banker": "red"}},
	} {
		if _, err := bad.Apply(); err == nil {
			t.Errorf("Apply(%+v) succeeded, want an error", bad)
		}
	}
}

// TestFontCoversCatalogue checks that both bundled weights have a glyph for every character
// of every translation, so no string of the table screen falls back to a system font.
func TestFontCoversCatalogue(t *testing.T) {
	chars := i18n.Chars() + "庄闲和$0123456789:—○●□■╱╲♠♥♦♣▲▼◆★·×–"
	for _, w := range []Weight{Regular, Bold} {
		f, err := sfnt.Parse(Font(w))
		if err != nil {
			t.Fatalf("%s: %v", FontName(w), err)
		}
		var buf sfnt.Buffer
		for _, r := range chars {
			if r == ' ' {
				continue
			}
			gi, err := f.GlyphIndex(&buf, r)
			if err != nil || gi == 0 {
				t.Errorf("%s has no glyph for %q (U+%04X)", FontName(w), r, r)
			}
		}
	}
	if !strings.Contains(FontLicence(), "SIL OPEN FONT LICENSE Version 1.1") {
		t.Error("the font licence is not the OFL 1.1")
	}
}
