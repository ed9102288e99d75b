package display

import (
	"math"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/themes"
)

// TestNoticesFitMeasuredOnce: the layout asks whether the notices fit up to three times per
// layout, and every second the countdowns move; the words are measured again only when the
// notices, the geometry or the language change, and the answer is the measured one.
func TestNoticesFitMeasuredOnce(t *testing.T) {
	test.NewTempApp(t)
	at := time.Date(2026, 11, 22, 21, 30, 0, 0, time.UTC)
	short := []view.Notice{{Kind: view.NoticeLastCoup}, {Kind: view.NoticeNoBets}}
	long := []view.Notice{{Kind: view.NoticeMinimum, Wager: view.WagerInsurance, Amount: 1234567, At: at}, {Kind: view.NoticeClosing, At: at}}
	for _, lang := range i18n.Langs() {
		w := NewNotices(style(t, themes.ClassicID, lang))
		w.Set(short, "$", at)
		for range 3 {
			if !w.fits(2, 1300, 50) {
				t.Fatalf("%s: two short notices do not fit side by side in 1300 px", lang)
			}
		}
		if w.measured != 1 {
			t.Errorf("%s: three asks of one geometry measured %d times, want 1", lang, w.measured)
		}
		w.fits(2, 1300, 40)
		w.fits(2, 1300, 40)
		if w.measured != 2 {
			t.Errorf("%s: a second geometry measured %d times in all, want 2", lang, w.measured)
		}
		w.Set(short, "$", at.Add(time.Second)) // the countdowns move: the words do not
		w.fits(2, 1300, 50)
		if w.measured != 2 {
			t.Errorf("%s: the clock's tick measured again (%d)", lang, w.measured)
		}
		w.Set(long, "$", at)
		fresh := NewNotices(style(t, themes.ClassicID, lang))
		fresh.Set(long, "$", at)
		if got, want := w.fits(2, 300, 50), fresh.measureFits(2, 300, 50); got != want || got {
			t.Errorf("%s: long notices in 300 px: fits %v, measured %v; want both false", lang, got, want)
		}
		if w.measured != 3 {
			t.Errorf("%s: new notices measured %d times in all, want 3", lang, w.measured)
		}
	}
}

func BenchmarkNoticesFits(b *testing.B) {
	test.NewTempApp(b)
	th, err := themes.Builtin(themes.ClassicID)
	if err != nil {
		b.Fatal(err)
	}
	st := Style{Theme: th}
	ns := []view.Notice{{Kind: view.NoticeMinimum, Wager: view.WagerTie, Amount: 5000, At: time.Now()}, {Kind: view.NoticeClosing, At: time.Now()}}
	for _, tt := range []struct {
		name   string
		cached bool
	}{{"measured", false}, {"cached", true}} {
		b.Run(tt.name, func(b *testing.B) {
			w := NewNotices(st)
			w.Set(ns, "$", time.Now())
			for b.Loop() {
				if !tt.cached {
					w.fitted = w.fitted[:0]
				}
				// A layout's three asks.
				w.fits(2, 1300, 50)
				w.fits(1, 1300, 50)
				w.fits(2, 1300, 50)
			}
		})
	}
}

// TestCountdownInItsBox: a notice's countdown sits in the middle of its box with room above and
// below its digits in every language, also in rows at their floor (the screen's smallest text
// and a half: the layout shrinks the rows no further), where the digits touched the box's
// bottom edge in the three notices of an 800×1280 panel. The room asked for: a box at least
// 1.25 times the text's size tall (digits stand ~0.7 of the size high).
func TestCountdownInItsBox(t *testing.T) {
	test.NewTempApp(t)
	at := time.Date(2026, 11, 22, 21, 30, 0, 0, time.UTC)
	ns := []view.Notice{{Kind: view.NoticeClosing, At: at}}
	for _, lang := range i18n.Langs() {
		st := style(t, themes.ClassicID, lang)
		st.metrics = &metrics{unit: 1080} // the floor: 25 px of text
		for _, h := range []float32{st.minText() * 1.5, 40, 44, 60, 90} {
			w := NewNotices(st)
			w.Set(ns, "$", at.Add(-5*time.Hour))
			var box *canvas.Rectangle
			found := false
			for _, o := range w.paint(fyne.NewSize(900, h)) {
				switch o := o.(type) {
				case *canvas.Rectangle:
					box = o
				case *canvas.Text:
					if !strings.Contains(o.Text, "5:00:00") {
						continue
					}
					found = true
					mid := o.Position().Y + o.Size().Height/2
					if box == nil || box.Size().Height < o.TextSize*1.25 ||
						math.Abs(float64(mid-(box.Position().Y+box.Size().Height/2))) > 0.5 {
						t.Errorf("%s, row %v px: countdown %q (size %v, middle %v) not in the middle of a box 1.25 times its size: %v",
							lang, h, o.Text, o.TextSize, mid, box)
					}
				}
			}
			if !found {
				t.Fatalf("%s, row %v px: no countdown painted", lang, h)
			}
		}
	}
}
