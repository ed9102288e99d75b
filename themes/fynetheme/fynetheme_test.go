package fynetheme

import (
	"bytes"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/coupboard/coupboard/themes"
)

func TestColours(t *testing.T) {
	test.NewTempApp(t)
	for _, id := range themes.BuiltinIDs() {
		src, err := themes.Builtin(id)
		if err != nil {
			t.Fatal(err)
		}
		th := New(src)
		p := src.Palette
		tests := []struct {
			name fyne.ThemeColorName
			want any
		}{
			{ColorBanker, p.Banker}, {ColorPlayer, p.Player}, {ColorTie, p.Tie},
			{ColorRepeat, p.Repeat}, {ColorChoppy, p.Choppy}, {ColorHighlight, p.Highlight},
			{theme.ColorNameBackground, p.Background}, {theme.ColorNameForeground, p.Text},
			{theme.ColorNameError, p.Error}, {ColorCardBack, p.CardBack},
		}
		for _, tt := range tests {
			if got := th.Color(tt.name, theme.VariantLight); got != tt.want {
				t.Errorf("%s: Color(%s) = %v, want %v", id, tt.name, got, tt.want)
			}
		}
		if th.Color(theme.ColorNameShadow, theme.VariantLight) == nil {
			t.Errorf("%s: no colour for a standard name the palette does not set", id)
		}
	}
}

func TestFonts(t *testing.T) {
	test.NewTempApp(t)
	th := New(themes.Night())
	if got := th.Font(fyne.TextStyle{}); !bytes.Equal(got.Content(), themes.Font(themes.Regular)) {
		t.Error("the regular font is not the bundled Coupboard Sans Regular")
	}
	if got := th.Font(fyne.TextStyle{Bold: true}); !bytes.Equal(got.Content(), themes.Font(themes.Bold)) {
		t.Error("the bold font is not the bundled Coupboard Sans Bold")
	}
	if got := th.Font(fyne.TextStyle{Monospace: true}); bytes.Equal(got.Content(), themes.Font(themes.Regular)) {
		t.Error("monospace text uses the proportional bundled font")
	}
	if th.Size(theme.SizeNameText) <= 0 || th.Icon(theme.IconNameHome) == nil {
		t.Error("sizes and icons must come from Fyne's default theme")
	}
}
