package ebitentheme

import (
	"testing"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/themes"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

func TestTheme(t *testing.T) {
	for _, id := range themes.BuiltinIDs() {
		base, err := themes.Builtin(id)
		if err != nil {
			t.Fatal(err)
		}
		th, err := New(base)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		for w, want := range map[engine.Winner]any{engine.Banker: base.Palette.Banker, engine.Player: base.Palette.Player, engine.Tie: base.Palette.Tie, engine.WinnerNone: base.Palette.TextMuted} {
			if got := th.Winner(w); got != want {
				t.Errorf("%s: Winner(%v) = %v, want %v", id, w, got, want)
			}
		}
		f := th.Face(20.2, true)
		if th.Face(20.1, true) != f || th.Face(20.2, false) == f {
			t.Errorf("%s: faces not cached by size and weight", id)
		}
		// The bundled font has the glyphs the board writes: letters, digits, the road legend.
		for _, s := range []string{"Baccarat 07 · AUD 25–5,000", "○ Banker ● Player", "庄闲和"} {
			if w, _ := text.Measure(s, f, 0); w <= float64(len([]rune(s))) {
				t.Errorf("%s: %q measures %.1f px wide: glyphs missing?", id, s, w)
			}
		}
	}
}
