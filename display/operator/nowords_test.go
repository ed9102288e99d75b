package operator

import (
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/i18n"
)

// englishWord is an English word on a Chinese screen: three ASCII letters or more. Amounts,
// card codes (KD, 9H), ids and rule numbers (000 7.7, s66(2)) have fewer.
var englishWord = regexp.MustCompile(`[A-Za-z]{3,}`)

// englishLeft is the English words in text, the table's own data aside: its name, its rule
// profile's id and its currency's code, which the casino configures (header, sign).
func englishLeft(text string, data ...string) []string {
	for _, d := range data {
		text = strings.ReplaceAll(text, d, "")
	}
	return englishWord.FindAllString(text, -1)
}

// The operator screen in Simplified and Traditional Chinese walked through its states: a coup
// entered, a run registered and decided, Insurance/No 6 refused, deferred commission, a raise
// of the minimum refused for want of notice then posted, the closing posted, a void refused,
// a dispute and its review box, the program's own alerts (shoe jammed, the recovery banner with
// and without the journal's damage, a coup in progress at a restart), the recall of the shoe. At each, every label and button on
// screen, the log strip included, is in the language: no English word is left but the table's
// own name and profile id (issue 23 item 3).
func TestNoEnglishLeftOnTheChineseScreen(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.SimplifiedChinese, i18n.TraditionalChinese} {
		t.Run(string(lang), func(t *testing.T) {
			w, err := i18n.New(lang)
			if err != nil {
				t.Fatal(err)
			}
			s := setupFor(t, "vic-baccarat-2002", "runs=true")
			s.Currency = "MOP$"
			lt := newLiveTableOf(t, s)
			r := newRig(t, lt, Options{Language: lang})
			// Where the journal's damaged files were copied: a path, data as it is.
			quarantine := "/var/lib/coupboard/journal.damaged-1"
			data := []string{s.Name, string(s.Profile.ID), "MOP", "Enter", quarantine} // Enter: the keypad's key, as printed on it
			check := func(state string) {
				t.Helper()
				r.sc.Update()
				if left := englishLeft(r.screenTexts(), data...); len(left) > 0 {
					t.Errorf("%s: English left %q on screen:\n%s", state, left, r.screenTexts())
				}
			}
			r.signIn("4", supervisorPIN)
			r.sc.reason.SetText(Reasons(w)[0])
			check("signed in")
			twoRoundsIn(r)
			check("two coups entered")

			r.tab(w.T(i18n.OpTabRuns))
			r.sc.runs.seat.SetText("3")
			r.sc.runs.amount.SetText("10")
			r.tap(w.T(i18n.OpRegisterRun))
			r.sc.runs.seat.SetText("4")
			r.sc.runs.amount.SetText("12.50")
			r.tap(w.T(i18n.OpRegisterRun))
			check("runs registered and refused")
			r.tab(w.T(i18n.OpTabEntry))
			test.Type(r.sc, playerNatural)
			test.Type(r.sc, bankerNatural)
			r.tab(w.T(i18n.OpTabRuns))
			check("a run decided")
			r.sc.runs.comSeat.SetText("2")
			r.sc.runs.comAm.SetText("12.50")
			r.tap(w.T(i18n.OpDefer))
			check("commission deferred")

			r.tab(w.T(i18n.OpTabLimits))
			check("limits")
			r.sc.reason.SetText(Reasons(w)[0])
			r.sc.limits.pbMin.SetText("50")
			r.sc.limits.at.SetText("21:10")
			r.tap(w.T(i18n.OpPostAt))
			check("a raise refused for want of notice")
			r.tap(w.T(i18n.OpPostAt))
			check("the raise posted")
			r.sc.reason.SetText(Reasons(w)[0])
			r.sc.limits.closeAt.SetText("2330")
			r.tap(w.T(i18n.OpCloseAtButton))
			r.tap(w.T(i18n.OpCloseTable))
			check("the closing posted")

			r.tab(w.T(i18n.OpTabCorrections))
			r.sc.reason.SetText(Reasons(w)[0])
			r.sc.fix.roundN.SetText("1")
			r.tap(w.T(i18n.OpVoidRound))
			check("a void refused")
			r.sc.reason.SetText(Reasons(w)[0])
			r.sc.fix.roundN.SetText("2")
			r.tap(w.T(i18n.OpDisputeRound))
			check("a round disputed")
			// The table program's own alerts, worded whole (an error's text inside one stays as
			// it is, and is not raised here).
			for _, text := range []string{
				"shoe jammed — clear it; enter cards by hand meanwhile",
				"Recovered at 21:58 — 12 coups restored",
				"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 40; files copied to " + quarantine + ")",
				"coup 3 was in progress when the display stopped: check the cards on the table and accept or void it",
			} {
				if res := lt.Do(table.Msg{Input: table.Input{Alert: &table.Alert{Text: text}}, Source: journal.SourceConfig}); res.Err != nil {
					t.Fatal(res.Err)
				}
			}
			check("the program's alerts")

			r.tab(w.T(i18n.OpTabRecall))
			check("recall")
		})
	}
}
