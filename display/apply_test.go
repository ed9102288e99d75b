package display

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"slices"
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
		{"reddog", "midshoe"}, {"sixhalf", "dummy"}, {"noshoe", "empty"}, {"empty", "noshoe"},
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
// reused objects whose fields changed (so the driver keeps the textures of unchanged texts) and
// the objects that left (so it frees theirs), with the first reused object when objects came
// or went (the window must paint); the whole widget only when no object could be reused.
func TestAdoptReportsWhatChanged(t *testing.T) {
	test.NewTempApp(t)
	paintWith := func(texts ...string) func(fyne.Size) []fyne.CanvasObject {
		return func(fyne.Size) []fyne.CanvasObject {
			var sc scene
			sc.rect(0, 0, 100, 20, color.White, nil, 0, 0)
			for i, s := range texts {
				if s == "■" { // a rectangle in the text's place
					sc.rect(0, float32(20*i), 20, 20, color.Black, nil, 0, 0)
					continue
				}
				sc.text(s, 0, float32(20*i), 100, 20, 12, color.Black, false, fyne.TextAlignLeading)
			}
			return sc.objects()
		}
	}
	r := newPaintRenderer(canvas.NewRectangle(color.White), paintWith("K", "Q"), func() fyne.Size { return fyne.Size{} })
	if a := r.adopt(r.paint(fyne.Size{})); !a.whole || len(a.refresh) != 0 {
		t.Fatalf("first paint: %+v, want the whole widget", a)
	}
	first := append([]fyne.CanvasObject(nil), r.objs...)
	tests := []struct {
		name        string
		texts       []string
		wantRefresh []string // the objects refreshed, by their text ("■" a rectangle)
		added, gone bool
	}{
		{"nothing changed", []string{"K", "Q"}, nil, false, false},
		{"one text changed", []string{"K", "J"}, []string{"J"}, false, false},
		{"a text added", []string{"K", "J", "9"}, nil, true, false},
		{"a text removed", []string{"K"}, []string{"J", "9"}, false, true},
		{"texts added and changed", []string{"A", "2", "3"}, []string{"A"}, true, false},
		{"a text made a rectangle", []string{"A", "■", "3"}, []string{"2"}, true, true},
		{"nothing changed again", []string{"A", "■", "3"}, nil, false, false},
	}
	name := func(o fyne.CanvasObject) string {
		if tx, ok := o.(*canvas.Text); ok {
			return tx.Text
		}
		return "■"
	}
	for _, tt := range tests {
		before := append([]fyne.CanvasObject(nil), r.objs...)
		r.paint = paintWith(tt.texts...)
		a := r.adopt(r.paint(fyne.Size{}))
		if a.whole || a.added != tt.added || a.gone != tt.gone {
			t.Errorf("%s: whole %v added %v gone %v, want false %v %v", tt.name, a.whole, a.added, a.gone, tt.added, tt.gone)
		}
		if a.kept != first[0] {
			t.Errorf("%s: the first object kept is not the background", tt.name)
		}
		var got []string
		for _, o := range a.refresh {
			got = append(got, name(o))
			if !slices.Contains(before, o) {
				t.Errorf("%s: refreshed %q, an object the canvas has not seen", tt.name, name(o))
			}
		}
		if !slices.Equal(got, tt.wantRefresh) {
			t.Errorf("%s: refreshed %q, want %q", tt.name, got, tt.wantRefresh)
		}
		for i := range min(len(before), len(r.objs)) {
			if r.objs[i] != before[i] && fmt.Sprintf("%T", r.objs[i]) == fmt.Sprintf("%T", before[i]) {
				t.Errorf("%s: object %d was replaced, not reused", tt.name, i)
			}
		}
		if got := name(r.objs[len(r.objs)-1]); got != tt.texts[len(tt.texts)-1] {
			t.Errorf("%s: last object %q, want %q", tt.name, got, tt.texts[len(tt.texts)-1])
		}
	}
}
