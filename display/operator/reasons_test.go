package operator

import (
	"reflect"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/display/i18n"
)

// The supervisor's pick-list of reasons is offered in the operator's language (issue 23), and
// a reason picked from it is journalled in English, the record's language; a reason typed is
// journalled as typed.
func TestReasonPickListInEachLanguage(t *testing.T) {
	en := i18n.Catalogue{}
	for _, lang := range i18n.Langs() {
		w, err := i18n.New(lang)
		if err != nil {
			t.Fatal(err)
		}
		lt := newLiveTable(t, "vic-baccarat-2002")
		r := newRig(t, lt, Options{Language: lang})
		r.signIn("4", supervisorPIN)
		// Open the pick-list as a supervisor does: its items are the reasons in this language.
		test.Tap(r.sc.reason.ActionItem.(fyne.Tappable))
		menu := r.w.Canvas().Overlays().Top()
		if menu == nil {
			t.Fatalf("%s: the pick-list did not open", lang)
		}
		var got []string
		items := map[string]fyne.Tappable{}
		walk(menu, func(o fyne.CanvasObject) {
			if tx, ok := o.(*canvas.Text); ok && tx.Text != "" {
				got = append(got, tx.Text)
			}
			if wd, ok := o.(fyne.Widget); ok {
				if tp, ok := o.(fyne.Tappable); ok {
					walk(wd, func(c fyne.CanvasObject) {
						if tx, ok := c.(*canvas.Text); ok && tx.Text != "" {
							items[tx.Text] = tp
						}
					})
				}
			}
		})
		if want := Reasons(w); !reflect.DeepEqual(got, want) || len(got) != len(reasonKeys) {
			t.Fatalf("%s: the pick-list shows %q, want %q", lang, got, want)
		}
		if lang != i18n.English {
			for i, o := range got {
				if o == en.T(reasonKeys[i]) {
					t.Errorf("%s: %q is offered in English", lang, o)
				}
			}
		}
		pick, ok := items[w.T(i18n.ReasonPlayers)]
		if !ok {
			t.Fatalf("%s: no item to tap for %q", lang, w.T(i18n.ReasonPlayers))
		}
		test.Tap(pick)
		if r.sc.reason.Text != w.T(i18n.ReasonPlayers) {
			t.Fatalf("%s: picked %q, the reason reads %q", lang, w.T(i18n.ReasonPlayers), r.sc.reason.Text)
		}
		post := func(reason string) journal.Record {
			t.Helper()
			before := len(lt.inputs())
			r.sc.reason.SetText(reason)
			r.tab(w.T(i18n.OpTabLimits))
			r.sc.limits.pbMin.SetText("50")
			r.tap(w.T(i18n.OpPostAt))
			in := lt.inputs()
			if len(in) != before+1 {
				t.Fatalf("%s: posting with reason %q wrote %d inputs; log %q", lang, reason, len(in)-before, r.sc.log.Text)
			}
			return in[len(in)-1]
		}
		if rec := post(w.T(i18n.ReasonPlayers)); rec.Reason != "players' request" || rec.Actor.Role != "supervisor" {
			t.Errorf("%s: picked %q, journalled %q by %+v, want \"players' request\"", lang, w.T(i18n.ReasonPlayers), rec.Reason, rec.Actor)
		}
		if got := RecordedReason(w, "busy night"); got != "busy night" {
			t.Errorf("%s: a typed reason is journalled as %q", lang, got)
		}
	}
}
