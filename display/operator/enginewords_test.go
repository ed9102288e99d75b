package operator

import (
	"errors"
	"strings"
	"testing"

	opctl "github.com/coupboard/coupboard/app/operator"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// twoRoundsIn is rig.twoRounds on a screen in any language: a new shoe, the burn, then round 1
// (Player 9 against 7) and round 2 (Banker 8 against 6).
func twoRoundsIn(r *rig) {
	r.t.Helper()
	r.tab(r.sc.t(i18n.OpTabShoe))
	r.tap(r.sc.t(i18n.OpNewShoe))
	r.tab(r.sc.t(i18n.OpTabEntry))
	test.Type(r.sc, "9\n"+playerNatural+"2345\n")
	if got := r.lt.roads(); got != "PB" {
		r.t.Fatalf("roads: %v", got)
	}
}

// disputeLog is the log strip of a Simplified Chinese screen after two rounds and the
// supervisor's dispute of round n.
func disputeLog(t *testing.T, n int) string {
	lt := newLiveTable(t, "vic-baccarat-2002")
	r := newRig(t, lt, Options{Language: i18n.SimplifiedChinese})
	r.signIn("4", supervisorPIN)
	twoRoundsIn(r)
	if _, err := r.s.Do(opctl.DisputeAction(n, "player disputes")); err != nil {
		t.Fatal(err)
	}
	r.sc.Update()
	return r.sc.log.Text
}

// refusalReason is the desk's reason in a refusal of a command.
func refusalReason(err error) string {
	var r desk.Refusal
	if !errors.As(err, &r) {
		return err.Error()
	}
	return r.Reason
}

// zhReason is an engine reason (given in its English) as the Simplified Chinese screen words
// it; the test fails when the catalogue has no words for it, so that a check for it is one.
func zhReason(t *testing.T, english string) string {
	t.Helper()
	w, _ := i18n.New(i18n.SimplifiedChinese)
	zh := w.Reason(english, "")
	if zh == english {
		t.Fatalf("the catalogue has no Simplified Chinese for %q", english)
	}
	return zh
}

// The engine's reasons, which the journal keeps in English, are drawn in the operator's
// language (zh-Hans here), one case per place the screen shows them: the Under review box's
// held reasons and reasons, the Red Dog review box, an alert, the log's refused command,
// refused input and review lines.
func TestEngineReasonsInTheOperatorsLanguage(t *testing.T) {
	zh := Options{Language: i18n.SimplifiedChinese}
	cases := []struct {
		name string
		run  func(t *testing.T) (shown string, english string)
	}{
		{"held reasons", func(t *testing.T) (string, string) {
			lt := newLiveTable(t, "vic-baccarat-2002")
			r := newRig(t, lt, zh)
			r.signIn("4", supervisorPIN)
			r.tab(r.sc.t(i18n.OpTabShoe))
			r.tap(r.sc.t(i18n.OpNewShoe))
			lt.shoe(t, cardsIn(t, "2C 3D")...)
			lt.shoe(t, engine.DoubtInput(engine.DoubtLost, "1 frame(s): SEQ 0012 follows 0010"))
			r.tab(r.sc.t(i18n.OpTabCorrections))
			return r.sc.fix.review.what.Text, "shoe data lost (1 frame(s): SEQ 0012 follows 0010)"
		}},
		{"reasons of a disputed round", func(t *testing.T) (string, string) {
			lt := newLiveTable(t, "vic-baccarat-2002")
			r := newRig(t, lt, zh)
			r.signIn("4", supervisorPIN)
			twoRoundsIn(r)
			if _, err := r.s.Do(opctl.DisputeAction(1, "player disputes")); err != nil {
				t.Fatal(err)
			}
			r.tab(r.sc.t(i18n.OpTabCorrections))
			return r.sc.fix.review.what.Text, engine.DisputedBySupervisor
		}},
		{"Red Dog review box", func(t *testing.T) (string, string) {
			lt := newLiveRedDog(t)
			r := newRigOn(t, lt, lt.clock.Now, zh)
			r.signIn("4", supervisorPIN)
			lt.shoe(t, rdScript(t, "shoe QC 3H")...)
			lt.shoe(t, engine.DoubtInput(engine.DoubtLost, "1 frame(s): SEQ 0012 follows 0010"))
			r.tab(r.sc.t(i18n.OpTabCorrections))
			return r.sc.fix.review.what.Text, "shoe data lost (1 frame(s): SEQ 0012 follows 0010)"
		}},
		{"alert", func(t *testing.T) (string, string) {
			lt := newLiveTable(t, "nz-baccarat-1998")
			// An alert in the engine's English (the link raises the engine's reasons as alerts).
			const text = "shoe data lost (1 frame(s): SEQ 0012 follows 0010)"
			if res := lt.Do(table.Msg{Input: table.Input{Alert: &table.Alert{Text: text}}, Source: journal.SourceShoe}); res.Err != nil {
				t.Fatal(res.Err)
			}
			r := newRig(t, lt, zh)
			r.signIn("4", supervisorPIN)
			r.tab(r.sc.t(i18n.OpTabCorrections))
			var shown []string
			walk(r.sc.fix.alerts, func(o fyne.CanvasObject) {
				if l, ok := o.(*widget.Label); ok {
					shown = append(shown, l.Text)
				}
			})
			return strings.Join(shown, "\n"), text
		}},
		{"refused command", func(t *testing.T) (string, string) {
			lt := newLiveRedDog(t)
			r := newRigOn(t, lt, lt.clock.Now, zh)
			r.signIn("4", supervisorPIN)
			lt.shoe(t, rdScript(t, "shoe QC 3H 9S 5D")...)
			res, err := r.s.Do(opctl.ReconstructRoundAction(1, nil, "checked"))
			if err != nil || res.Refused == nil {
				t.Fatalf("reconstruct at Red Dog: %v, refused %v", err, res.Refused)
			}
			r.sc.Update()
			return r.sc.log.Text, refusalReason(res.Refused)
		}},
		{"refused input", func(t *testing.T) (string, string) {
			return disputeLog(t, 9), "dispute 9: no such finished round in this shoe"
		}},
		{"review", func(t *testing.T) (string, string) {
			return disputeLog(t, 1), engine.DisputedBySupervisor
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			shown, english := c.run(t)
			if want := zhReason(t, english); !strings.Contains(shown, want) || strings.Contains(shown, english) {
				t.Errorf("shown %q: want %q, not the English %q", shown, want, english)
			}
		})
	}
}
