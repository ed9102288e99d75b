package display

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/sample"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/themes"
)

// TestStatusStripWordsTheLink: the strip words each state of the shoe's link in the screen's
// language, and a stream whose frames are dropped as unproven after the link came back is not
// shown as a connected shoe.
func TestStatusStripWordsTheLink(t *testing.T) {
	test.NewTempApp(t)
	for _, tc := range []struct {
		link  view.Link
		glyph string
		key   i18n.Key
	}{
		{view.LinkConnected, "●", i18n.ShoeConnected},
		{view.LinkSilent, "◆", i18n.ShoeSilent},
		{view.LinkDisconnected, "■", i18n.ShoeOffline},
		{view.LinkManual, "▲", i18n.ManualEntry},
		{view.LinkUnproven, "■", i18n.ShoeUnproven},
	} {
		for _, lang := range i18n.Langs() {
			st := style(t, themes.ClassicID, lang)
			s, err := sample.State("midshoe")
			if err != nil {
				t.Fatal(err)
			}
			s.Status = view.Status{Link: tc.link}
			scr := layOut(st, s, fyne.NewSize(1920, 1080))
			var texts []string
			walkTexts(scr.status, "status", func(_ string, tx *canvas.Text) { texts = append(texts, tx.Text) })
			all := strings.Join(texts, " | ")
			if want := tc.glyph + " " + st.Words.T(tc.key); !strings.Contains(all, want) {
				t.Errorf("link %d in %s: the strip shows %q, without %q", tc.link, lang, all, want)
			}
			if connected := st.Words.T(i18n.ShoeConnected); tc.key != i18n.ShoeConnected && strings.Contains(all, connected) {
				t.Errorf("link %d in %s: the strip shows %q, with %q", tc.link, lang, all, connected)
			}
		}
	}
}
