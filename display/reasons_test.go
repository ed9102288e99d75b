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

// TestStatusStripWordsEngineReasons: the engine's reasons (why a coup is under review) and the
// alerts reach the strip in the engine's English; the strip words them in the screen's language.
func TestStatusStripWordsEngineReasons(t *testing.T) {
	test.NewTempApp(t)
	want := map[i18n.Lang][]string{
		i18n.English:            {"coup 24: shoe data lost", "22:04 the shoe restarted"},
		i18n.SimplifiedChinese:  {"第 24 局：牌靴数据丢失", "22:04 牌靴已重新启动"},
		i18n.TraditionalChinese: {"第 24 局：牌靴數據遺失", "22:04 牌靴已重新啟動"},
	}
	for _, lang := range i18n.Langs() {
		st := style(t, themes.ClassicID, lang)
		s, err := sample.State("midshoe")
		if err != nil {
			t.Fatal(err)
		}
		s.Status.Errors = []string{"coup 24: shoe data lost", "22:04 the shoe restarted"}
		scr := layOut(st, s, fyne.NewSize(1920, 1080))
		var texts []string
		walkTexts(scr.status, "status", func(_ string, tx *canvas.Text) { texts = append(texts, tx.Text) })
		all := strings.Join(texts, " | ")
		for _, w := range want[lang] {
			if !strings.Contains(all, w) {
				t.Errorf("%s: the strip shows %q, without %q", lang, all, w)
			}
		}
		if lang != i18n.English && strings.Contains(all, "shoe") {
			t.Errorf("%s: an engine reason is in English on the strip: %q", lang, all)
		}
	}
}
