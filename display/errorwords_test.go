package display

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/sample"
	"github.com/coupboard/coupboard/themes"
)

// TestStatusStripWordsErrors: an error on the status strip given as a catalogue message (the
// open pit bus) is worded in the screen's language; one given only in words is shown as it is.
func TestStatusStripWordsErrors(t *testing.T) {
	test.NewTempApp(t)
	open := i18n.Message{Key: i18n.WarnOpenBus}
	for _, lang := range i18n.Langs() {
		st := style(t, themes.ClassicID, lang)
		s, err := sample.State("midshoe")
		if err != nil {
			t.Fatal(err)
		}
		s.Status.Errors = []string{"7H read twice", i18n.Catalogue{}.Say(open)}
		s.Status.ErrorWords = []i18n.Message{{}, open}
		scr := layOut(st, s, fyne.NewSize(1920, 1080))
		var texts []string
		walkTexts(scr.status, "status", func(_ string, tx *canvas.Text) { texts = append(texts, tx.Text) })
		all := strings.Join(texts, " | ")
		if want := st.Words.Say(open); !strings.Contains(all, want) {
			t.Errorf("%s: the strip shows %q, without %q", lang, all, want)
		}
		if !strings.Contains(all, "7H read twice") {
			t.Errorf("%s: the strip shows %q, without the error given in words", lang, all)
		}
		if lang != i18n.English && strings.Contains(all, "OPEN") {
			t.Errorf("%s: the open bus is in English on the strip: %q", lang, all)
		}
	}
}
