package display

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/sample"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/themes"
)

// TestGoldenResultOnly draws a coup whose result was entered by hand without its cards (issue
// 10): the banner says who won, with no totals and no cards, and the card counts are unknown.
func TestGoldenResultOnly(t *testing.T) {
	test.NewTempApp(t)
	s, err := sample.State("manual")
	if err != nil {
		t.Fatal(err)
	}
	r := view.ResultFrom(engine.Outcome{Winner: engine.Banker, BankerPair: true, TotalsUnknown: true}, view.SettleCommission)
	s.Coup = view.Coup{Result: &r}
	if got := resultWords(style(t, themes.ClassicID, i18n.English).Words, r); got != "BANKER WINS" {
		t.Fatalf("banner %q, want BANKER WINS", got)
	}
	test.AssertImageMatches(t, "result_only.png", Render(style(t, themes.ClassicID, i18n.English), s, landscape))
}
