package operator

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/display/i18n"
)

// The operator flows in each language of the table screen: with display.language set to it,
// the PIN pad, the tabs, the buttons, a coup entered by keypad, a change of the sign with its
// confirmation and the kiosk exit's confirmation all speak it, in the table screen's words
// (BANKER WINS, 庄赢 …); the Entry tab after the coup is a golden image per language (look at
// it: Chinese in glyphs, never boxes).
func TestOperatorFlowsInEachLanguage(t *testing.T) {
	for _, lang := range i18n.Langs() {
		t.Run(string(lang), func(t *testing.T) {
			w, err := i18n.New(lang)
			if err != nil {
				t.Fatal(err)
			}
			lt := newLiveTable(t, "nz-baccarat-1998")
			r := newRig(t, lt, Options{Language: lang})
			if !r.shows(w.T(i18n.OpSignInTitle)) || !r.shows(w.T(i18n.OpOperatorID)) {
				t.Fatalf("the PIN pad is not in %s", lang)
			}
			r.signIn("4", supervisorPIN)
			if r.sc.Language() != lang {
				t.Fatalf("signed in, the screen speaks %s", r.sc.Language())
			}
			for _, k := range []i18n.Key{i18n.OpTabEntry, i18n.OpTabShoe, i18n.OpTabCorrections, i18n.OpTabLimits, i18n.OpTabRuns, i18n.OpTabRecall} {
				if !r.hasTab(w.T(k)) {
					t.Fatalf("no tab %q", w.T(k))
				}
			}
			// A coup by keypad: new shoe, a burn of 3 (three face down), then 2 K 5 4 3: a tie at 7.
			r.tab(w.T(i18n.OpTabShoe))
			r.tap(w.T(i18n.OpNewShoe))
			r.tab(w.T(i18n.OpTabEntry))
			test.Type(r.sc, "3999\n")
			r.tap("2")
			r.tap("K")
			test.Type(r.sc, "543")
			r.tap(w.T(i18n.OpEnter))
			if want := w.T(i18n.OpRoundResult, 1, w.T(i18n.ResultTie, 7)); r.sc.entry.result.Text != want {
				t.Fatalf("result %q, want %q; log %q", r.sc.entry.result.Text, want, r.sc.log.Text)
			}
			if want := w.T(i18n.ShoeNo, 1) + " · " + w.T(i18n.CoupNo, 1); !strings.Contains(r.sc.header.Text, want) || !strings.Contains(r.sc.header.Text, w.T(i18n.OpSupervisor)) {
				t.Fatalf("header %q", r.sc.header.Text)
			}
			r.capture("entry_" + string(lang) + ".png")
			// Change now asks first, in the language; the sign changes only on the yes.
			r.tab(w.T(i18n.OpTabLimits))
			r.sc.reason.SetText("management")
			r.sc.limits.pbMax.SetText("2500")
			r.tap(w.T(i18n.OpChangeNow))
			if !r.sc.asking || !r.shows(w.T(i18n.OpAskChangeNow, "$25", "$2500", "$5", "$500")) {
				t.Fatal("change now did not ask, in the language")
			}
			r.tap(w.T(i18n.OpChangeSignNow))
			if got := lt.Snapshot().Sign.Sign.Player.Max; got != 250000 {
				t.Fatalf("the sign's maximum after the confirmation: %d; log %q", got, r.sc.log.Text)
			}
			// Exit kiosk asks, in the language, and Cancel keeps the kiosk.
			r.tap(w.T(i18n.OpExitKiosk))
			if !r.shows(w.T(i18n.OpAskExit)) {
				t.Fatal("exit kiosk did not ask, in the language")
			}
			r.tap(w.T(i18n.OpCancel))
			r.tap(w.T(i18n.OpSignOut))
			if len(r.out) != 0 || !r.shows(w.T(i18n.OpSignInTitle)) {
				t.Fatalf("calls %v after cancel and sign out", r.out)
			}
		})
	}
}

// Each operator may switch the screen to another language; the choice holds for that operator's
// next sign-ins (while the program runs), and the PIN pad and every other operator keep the
// table's language.
func TestLanguageIsPerOperator(t *testing.T) {
	lt := newLiveTable(t, "nz-baccarat-1998")
	r := newRig(t, lt, Options{Language: i18n.SimplifiedChinese})
	hans, _ := i18n.New(i18n.SimplifiedChinese)
	hant, _ := i18n.New(i18n.TraditionalChinese)
	en := i18n.Catalogue{}
	r.signIn("17", dealerPIN)
	if r.sc.Language() != i18n.SimplifiedChinese || !r.hasTab(hans.T(i18n.OpTabEntry)) {
		t.Fatalf("dealer 17 first sign-in: %s", r.sc.Language())
	}
	r.tab(hans.T(i18n.OpTabShoe))
	r.tap(hans.T(i18n.OpLangName)) // the button names the language on screen; a tap moves to the next
	if r.sc.Language() != i18n.TraditionalChinese || !r.hasTab(hant.T(i18n.OpTabEntry)) || r.sc.tabs.Selected().Text != hant.T(i18n.OpTabShoe) {
		t.Fatalf("after one tap: %s, tab %q", r.sc.Language(), r.sc.tabs.Selected().Text)
	}
	r.tap(hant.T(i18n.OpSignOut))
	if !r.shows(hans.T(i18n.OpSignInTitle)) {
		t.Fatal("the PIN pad left the table's language")
	}
	r.signIn("4", supervisorPIN)
	if r.sc.Language() != i18n.SimplifiedChinese {
		t.Fatalf("supervisor 4 got %s, want the table's language", r.sc.Language())
	}
	r.tap(hans.T(i18n.OpLangName))
	r.tap(hant.T(i18n.OpLangName))
	if r.sc.Language() != i18n.English || !r.hasTab(en.T(i18n.OpTabLimits)) {
		t.Fatalf("two taps on from zh-Hans: %s", r.sc.Language())
	}
	r.tap(en.T(i18n.OpSignOut))
	r.signIn("17", dealerPIN)
	if r.sc.Language() != i18n.TraditionalChinese {
		t.Fatalf("dealer 17 signed in again: %s, want the zh-Hant chosen before; op %q map %v", r.sc.Language(), r.s.Operator(), r.sc.langOf)
	}
	if n := len(lt.inputs()); n != 0 {
		t.Fatalf("switching languages wrote %d inputs", n)
	}
}
