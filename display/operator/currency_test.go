package operator

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/coupboard/coupboard/display/i18n"
)

// screenTexts is every text on screen: the labels (the tab's lines and the log strip) and
// the buttons.
func (r *rig) screenTexts() string {
	var b strings.Builder
	walk(r.w.Content(), func(o fyne.CanvasObject) {
		switch v := o.(type) {
		case *widget.Label:
			b.WriteString(v.Text + "\n")
		case *widget.Button:
			b.WriteString(v.Text + "\n")
		}
	})
	return b.String()
}

// Every amount on the operator screen is written in the table's currency ([table] currency,
// its symbol as the table screen's sign writes it: issue 24): the sign on the Limits tab, an
// open Run wager, the log's word for the action and the engine's refusal with its amounts
// (worded by the catalogue's reasons), in the operator's language. No "$" is left at a table
// whose currency has none.
func TestAmountsInTheTablesCurrency(t *testing.T) {
	tests := []struct {
		name, symbol string
		lang         i18n.Lang
	}{
		{"AUD", "$", i18n.English},
		{"MOP", "MOP$", i18n.TraditionalChinese},
		{"CNY", "CNY ", i18n.SimplifiedChinese},
		{"CNY in English", "CNY ", i18n.English},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := i18n.New(tt.lang)
			if err != nil {
				t.Fatal(err)
			}
			s := setupFor(t, "vic-baccarat-2002", "runs=true")
			s.Currency = tt.symbol
			lt := newLiveTableOf(t, s)
			r := newRig(t, lt, Options{Language: tt.lang})
			r.signIn("4", supervisorPIN)
			r.tab(w.T(i18n.OpTabShoe))
			r.tap(w.T(i18n.OpNewShoe))
			r.tab(w.T(i18n.OpTabEntry))
			test.Type(r.sc, "9\n")

			r.tab(w.T(i18n.OpTabLimits))
			sym := tt.symbol
			sign := w.T(i18n.OpSignNow, sym+"25", sym+"5,000", sym+"25", sym+"5,000", sym+"5", sym+"500")
			if !strings.Contains(r.sc.limits.sign.Text, sign) {
				t.Errorf("Limits tab %q: want %q", r.sc.limits.sign.Text, sign)
			}
			if got := r.sc.limits.pbMax.Text; got != "5,000" {
				t.Errorf("the maximum to edit is %q, want 5,000 (no symbol)", got)
			}
			checkNoDollar := func(where string) {
				t.Helper()
				if !strings.Contains(sym, "$") {
					if txt := r.screenTexts(); strings.Contains(txt, "$") {
						t.Errorf("%s: a $ at a %s table: %q", where, tt.name, txt)
					}
				}
			}
			checkNoDollar("Limits tab")

			// A Run wager of 75: the open run's row and the log's word for it.
			r.tab(w.T(i18n.OpTabRuns))
			r.sc.runs.seat.SetText("3")
			r.sc.runs.amount.SetText("75")
			r.tap(w.T(i18n.OpRegisterRun))
			if n := len(lt.Snapshot().OpenRuns); n != 1 {
				t.Fatalf("%d open runs, want 1; log %q", n, r.sc.log.Text)
			}
			if row := w.T(i18n.OpRunRow, 1, 3, w.T(i18n.WagerPlayer), 2, sym+"75", 0); !r.shows(row) {
				t.Errorf("no open run row %q on screen: %q", row, r.screenTexts())
			}
			if act := w.T(i18n.ActRun, 3, w.T(i18n.WagerPlayer), 2, sym+"75"); !strings.Contains(r.sc.log.Text, act) {
				t.Errorf("log %q: want %q", r.sc.log.Text, act)
			}
			// A wager of 12.50, not in chips: refused by the engine, its amounts in the currency.
			r.sc.runs.seat.SetText("4")
			r.sc.runs.amount.SetText("12.50")
			r.tap(w.T(i18n.OpRegisterRun))
			if !strings.Contains(r.sc.log.Text, sym+"12.50") {
				t.Errorf("log %q: want the refused %s12.50", r.sc.log.Text, sym)
			}
			if sym != "$" && strings.Contains(strings.ReplaceAll(r.sc.log.Text, sym, ""), "$") {
				t.Errorf("log %q: an amount in $ at a %s table", r.sc.log.Text, tt.name)
			}
			checkNoDollar("Runs tab")
			// The journal keeps the engine's English: the action's name with its amount in "$".
			if got := r.s.Log(); !strings.Contains(strings.Join(got, "\n"), "run: seat 3 Player × 2 $75") {
				t.Errorf("the session's English log %q: want the journal's words", got)
			}
		})
	}
}
