package display

import (
	"bytes"
	"image/png"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/sample"
	"github.com/coupboard/coupboard/themes"
	"github.com/coupboard/coupboard/themes/fynetheme"
)

// TestApplyIncrementallyDrawsWhatAFreshScreenDraws applies one state and then another to the
// same screen, as the live app does, and checks that the picture is exactly the one a fresh
// screen draws for the second state: Apply repaints only what changed, and must never leave a
// stale part behind.
func TestApplyIncrementallyDrawsWhatAFreshScreenDraws(t *testing.T) {
	test.NewTempApp(t)
	st := style(t, themes.ClassicID, i18n.English)
	size := fyne.NewSize(1280, 720)
	pairs := [][2]string{
		{"empty", "midshoe"}, {"midshoe", "natural"}, {"natural", "tie"}, {"facedown", "natural"},
		{"midshoe", "notice"}, {"notice", "lastcoup"}, {"midshoe", "closed"}, {"closed", "idle"},
		{"idle", "insurance"}, {"insurance", "midshoe"}, {"review", "midshoe"}, {"midshoe", "reddog"},
		{"reddog", "midshoe"}, {"sixhalf", "dummy"},
	}
	png1 := func(c fyne.Canvas) []byte {
		var b bytes.Buffer
		if err := png.Encode(&b, c.Capture()); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	for _, p := range pairs {
		a, err := sample.State(p[0])
		if err != nil {
			t.Fatal(err)
		}
		b, err := sample.State(p[1])
		if err != nil {
			t.Fatal(err)
		}
		fyne.CurrentApp().Settings().SetTheme(fynetheme.New(st.Theme))
		live := NewTableScreen(st)
		lc := software.NewCanvas()
		lc.SetPadded(false)
		lc.SetContent(live)
		lc.Resize(size)
		live.Apply(a)
		lc.Capture()
		b.Now = b.Now.Add(61 * time.Second) // a later minute: the clock and the countdowns move too
		live.Apply(b)

		fresh := NewTableScreen(st)
		fc := software.NewCanvas()
		fc.SetPadded(false)
		fc.SetContent(fresh)
		fc.Resize(size)
		fresh.Apply(b)
		if !bytes.Equal(png1(lc), png1(fc)) {
			t.Errorf("%s then %s: the live screen differs from a fresh one", p[0], p[1])
		}
	}
}
