package display

import (
	"bytes"
	"image/color"
	"image/png"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
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

// TestAdoptReportsWhatChanged checks what a widget's repaint refreshes on the canvas: only the
// reused objects whose fields changed (so the driver keeps the textures of unchanged texts), or
// the whole widget when an object is new or of another kind.
func TestAdoptReportsWhatChanged(t *testing.T) {
	test.NewTempApp(t)
	paintWith := func(texts ...string) func(fyne.Size) []fyne.CanvasObject {
		return func(fyne.Size) []fyne.CanvasObject {
			var sc scene
			sc.rect(0, 0, 100, 20, color.White, nil, 0, 0)
			for i, s := range texts {
				sc.text(s, 0, float32(20*i), 100, 20, 12, color.Black, false, fyne.TextAlignLeading)
			}
			return sc.objects()
		}
	}
	r := newPaintRenderer(canvas.NewRectangle(color.White), paintWith("K", "Q"), func() fyne.Size { return fyne.Size{} })
	if changed, whole := r.adopt(r.paint(fyne.Size{})); !whole || len(changed) != 0 {
		t.Fatalf("first paint: changed %d whole %v, want the whole widget", len(changed), whole)
	}
	first := append([]fyne.CanvasObject(nil), r.objs...)
	tests := []struct {
		name        string
		texts       []string
		wantChanged []int // indices into the objects
		wantWhole   bool
	}{
		{"nothing changed", []string{"K", "Q"}, nil, false},
		{"one text changed", []string{"K", "J"}, []int{2}, false},
		{"a text added", []string{"K", "J", "9"}, nil, true},
		{"a text removed", []string{"K"}, nil, true},
	}
	for _, tt := range tests {
		r.paint = paintWith(tt.texts...)
		changed, whole := r.adopt(r.paint(fyne.Size{}))
		if whole != tt.wantWhole {
			t.Errorf("%s: whole %v, want %v", tt.name, whole, tt.wantWhole)
		}
		if !whole {
			if len(changed) != len(tt.wantChanged) {
				t.Errorf("%s: %d objects changed, want %d", tt.name, len(changed), len(tt.wantChanged))
			}
			for i, idx := range tt.wantChanged {
				if i < len(changed) && changed[i] != r.objs[idx] {
					t.Errorf("%s: changed object %d is not object %d", tt.name, i, idx)
				}
			}
		}
		for i := range min(len(first), len(r.objs)) {
			if r.objs[i] != first[i] {
				t.Errorf("%s: object %d was replaced, not reused", tt.name, i)
			}
		}
		if got := r.objs[len(r.objs)-1].(*canvas.Text).Text; got != tt.texts[len(tt.texts)-1] {
			t.Errorf("%s: last text %q, want %q", tt.name, got, tt.texts[len(tt.texts)-1])
		}
	}
}
