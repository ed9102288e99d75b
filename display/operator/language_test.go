package operator

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
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
			if !r.sc.asking || !r.shows(w.T(i18n.OpAskChangeNow, "$25", "$2,500", "$5", "$500")) {
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
		t.Fatalf("dealer 17 signed in again: %s, want the zh-Hant chosen before; operator %q", r.sc.Language(), r.s.Operator())
	}
	if n := len(lt.inputs()); n != 0 {
		t.Fatalf("switching languages wrote %d inputs", n)
	}
}

// The log strip, the coup under review, the diagnostics tab and Red Dog's words speak the
// operator's language (issue 23): the frame around the engine's reasons (REFUSED, 被拒绝 …)
// comes from the catalogue, the reasons themselves with their rule numbers stay as the journal
// has them, and no English frame is left in Chinese.
func TestLogReviewAndDiagnosticsInEachLanguage(t *testing.T) {
	for _, lang := range i18n.Langs() {
		t.Run(string(lang), func(t *testing.T) {
			w, _ := i18n.New(lang)
			lt := newLiveTable(t, "nz-baccarat-1998")
			link := &shoeLink{}
			r := newRig(t, lt, Options{Language: lang, Diagnostics: link})
			r.signIn("4", supervisorPIN)
			r.tab(w.T(i18n.OpTabShoe))
			r.tap(w.T(i18n.OpNewShoe))
			r.tab(w.T(i18n.OpTabEntry))
			test.Type(r.sc, "3999\n2K543\n")
			for _, want := range []string{w.T(i18n.LogShoeLoaded, 1), w.T(i18n.LogRound, 1, w.T(i18n.ResultTie, 7), "2 5", "K 4 3")} {
				if !strings.Contains(r.sc.log.Text, want) {
					t.Errorf("log %q: want %q", r.sc.log.Text, want)
				}
			}
			// A supervisor action without a reason is not sent, and the strip says why.
			r.tab(w.T(i18n.OpTabCorrections))
			r.sc.reason.SetText("")
			r.sc.fix.roundN.SetText("1")
			r.tap(w.T(i18n.OpVoidRound))
			if want := w.T(i18n.LogNoReason, w.T(i18n.ActVoidRound, 1)); !strings.Contains(r.sc.log.Text, want) {
				t.Errorf("log %q: want %q", r.sc.log.Text, want)
			}
			// The engine's refusal in the frame of the language, its reason worded in it too.
			r.sc.reason.SetText("recount")
			r.sc.fix.roundN.SetText("1")
			r.tap(w.T(i18n.OpVoidRound))
			if want := w.T(i18n.LogRefused, w.Reason("void 1: this book has no rule to cancel a finished round", ""), ""); !strings.Contains(r.sc.log.Text, want) {
				t.Errorf("log %q: want %q", r.sc.log.Text, want)
			}
			if lang != i18n.English {
				for _, english := range []string{"REFUSED", "round 1:", "shoe 1 loaded", "choose or type"} {
					if strings.Contains(r.sc.log.Text, english) {
						t.Errorf("log %q: English %q left in %s", r.sc.log.Text, english, lang)
					}
				}
			}
			// Diagnostics: the link's state (in the language: SILENT in English) and counters.
			r.tab(w.T(i18n.OpTabDiag))
			st := link.Status()
			want := w.T(i18n.DiagLink, w.T(i18n.DiagStateSilent), st.Port, st.Since.In(r.s.Now().Location()).Format("15:04:05"))
			if !strings.HasPrefix(r.sc.diag.status.Text, want) {
				t.Errorf("diagnostics %q: want %q first", r.sc.diag.status.Text, want)
			}
			// The frames dropped after a reconnect as not proven the table's shoe's (serialin
			// Status.Unproven, 6 in the test link), worded beside the other counters.
			unproven := map[i18n.Lang]string{i18n.English: "· unproven 6 ·", i18n.SimplifiedChinese: "· 未证明 6 ·", i18n.TraditionalChinese: "· 未證明 6 ·"}[lang]
			if unproven == "" || !strings.Contains(r.sc.diag.status.Text, unproven) {
				t.Errorf("diagnostics %q: want %q", r.sc.diag.status.Text, unproven)
			}
		})
	}
}

// The coup under review and Red Dog's stages, in each language.
func TestReviewAndRedDogWordsInEachLanguage(t *testing.T) {
	for _, lang := range i18n.Langs() {
		w, _ := i18n.New(lang)
		snap := view.Operator{}
		snap.Game.InCoup, snap.Game.Held, snap.Game.Coup = true, true, 3
		snap.Game.Player, snap.Game.Banker = []engine.Card{{Rank: 9, Suit: engine.Hearts}}, []engine.Card{{Rank: engine.King, Suit: engine.Diamonds}}
		snap.Game.HeldWhy = []string{"shoe data lost (1 frame(s): SEQ 0012 follows 0010)"}
		lines := reviewLines(w, snap)
		if want := w.T(i18n.RevHeld, 3, w.T(i18n.RevHands, "9H", "KD")); len(lines) != 2 || lines[0] != want || !strings.Contains(lines[1], w.Reason(snap.Game.HeldWhy[0], "")) {
			t.Errorf("%s: review %q, want %q and the reason", lang, lines, want)
		}
		if got := redDogStage(w, reddog.View{Stage: reddog.StageBurn}); got != w.T(i18n.RdBurn) || got == "" {
			t.Errorf("%s: stage %q", lang, got)
		}
		if got := redDogBoxes(w, []engine.Card{{Rank: 3, Suit: engine.Hearts}, {Rank: 9, Suit: engine.Spades}}); got != w.T(i18n.RdBoxRight)+" 3H, "+w.T(i18n.RdBoxLeft)+" 9S" {
			t.Errorf("%s: boxes %q", lang, got)
		}
	}
}
