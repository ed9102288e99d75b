package operator

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/opwords"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

// The Entry tab: cards by keypad, result only, reveal.

type entryTab struct {
	box            fyne.CanvasObject
	player, banker *widget.Label
	rowA, rowB     *widget.Label // the rows' names: Player and Banker, or Red Dog's boxes (reddog_views.go)
	result         *widget.Label
	pending        *widget.Label
	status         *widget.Label
	turnP, turnB   *widget.Button
	// turnFirst is the supervisor's authorised Banker-first turn, where the book asks for the
	// authorisation (004 8.17): shown to a supervisor only.
	turnFirst  *widget.Button
	supervisor func() bool
	typed      func() opwords.Line // what the card keypad holds (the controller's)

	// result only: a coup whose cards are unknown (issue 10)
	resultOnly                 *fyne.Container // hidden at a table that is not baccarat (Red Dog)
	resWinner                  *widget.RadioGroup
	resBPair, resPPair, resNat *widget.Check
}

// resultWinners are the winners the result-only panel offers, with the words it labels them by.
var resultWinners = []struct {
	label i18n.Key
	w     engine.Winner
}{{i18n.WagerBanker, engine.Banker}, {i18n.WagerPlayer, engine.Player}, {i18n.WagerTie, engine.Tie}}

func newEntryTab(sc *Screen) entryTab {
	t := entryTab{typed: sc.c.Typed}
	press := func(r rune) { sc.c.Press(r); sc.Update(); sc.focus() }
	undo := func() { press('.') }
	t.player = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.banker = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.pending = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.player.SizeName, t.banker.SizeName, t.pending.SizeName = theme.SizeNameSubHeadingText, theme.SizeNameSubHeadingText, theme.SizeNameSubHeadingText
	t.result = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.result.SizeName = theme.SizeNameHeadingText
	t.status = widget.NewLabel("")
	t.status.Wrapping = fyne.TextWrapWord
	t.turnP = widget.NewButton(sc.t(i18n.OpTurnPlayer), func() { _ = sc.do(view.Request{Kind: view.RequestTurn, Hand: engine.HandPlayer}) })
	t.turnB = widget.NewButton(sc.t(i18n.OpTurnBanker), func() { _ = sc.do(view.Request{Kind: view.RequestTurn, Hand: engine.HandBanker}) })
	t.turnP.Importance, t.turnB.Importance = widget.HighImportance, widget.DangerImportance
	t.turnFirst = widget.NewButton(sc.t(i18n.OpTurnBankerFirst), func() { _ = sc.do(view.Request{Kind: view.RequestBankerFirst}) })
	t.supervisor = func() bool { return sc.role() == view.OperatorSupervisor }
	labels := make([]string, len(resultWinners))
	for i, w := range resultWinners {
		labels[i] = sc.t(w.label)
	}
	t.resWinner = widget.NewRadioGroup(labels, nil)
	t.resWinner.Horizontal = true
	t.resBPair, t.resPPair, t.resNat = widget.NewCheck(sc.t(i18n.PairBanker), nil), widget.NewCheck(sc.t(i18n.PairPlayer), nil), widget.NewCheck(sc.t(i18n.OpNatural), nil)
	confirm := widget.NewButton(sc.t(i18n.OpConfirmResult), func() { t.confirmResult(sc) })
	help := widget.NewLabel(sc.t(i18n.OpResultHelp))
	help.Wrapping = fyne.TextWrapWord
	t.resultOnly = container.NewVBox(
		widget.NewSeparator(),
		help,
		container.NewBorder(nil, nil, nil, confirm, t.resWinner),
		container.NewGridWithColumns(3, t.resBPair, t.resPPair, t.resNat),
	)
	t.rowA, t.rowB = widget.NewLabel(sc.t(i18n.WagerPlayer)), widget.NewLabel(sc.t(i18n.WagerBanker))
	left := container.NewVBox(
		container.NewGridWithColumns(2, t.rowA, t.player),
		container.NewGridWithColumns(2, t.rowB, t.banker),
		t.result,
		widget.NewSeparator(),
		container.NewGridWithColumns(2, widget.NewLabel(sc.t(i18n.OpTyped)), t.pending),
		container.NewGridWithColumns(2, t.turnP, t.turnB),
		t.turnFirst,
		t.status,
		t.resultOnly,
	)
	pad := digitPad(press, undo, sc.t(i18n.OpUndo), sc.t(i18n.OpEnter))
	relabel(pad, map[string]string{"1": "1 = A", "0": "0 = T"})
	k := func(label string, r rune) fyne.CanvasObject { return newKey(label, func() { press(r) }, undo) }
	extra := container.NewGridWithColumns(7,
		k("J", 'j'), k("Q", 'q'), k("K", 'k'),
		k("♠", 's'), k("♥", 'h'), k("♦", 'd'), k("♣", 'c'))
	// The left half scrolls, so the screen fits a 1280×720 panel whatever the coup shows.
	t.box = container.NewGridWithColumns(2, container.NewVScroll(container.NewPadded(left)), container.NewBorder(nil, extra, nil, nil, pad))
	return t
}

// confirmResult sends the result chosen on the result-only panel; the panel is cleared once
// the table has taken it.
func (t *entryTab) confirmResult(sc *Screen) {
	var mr engine.ManualResult
	for _, w := range resultWinners {
		if sc.t(w.label) == t.resWinner.Selected {
			mr.Winner = w.w
		}
	}
	if mr.Winner == engine.WinnerNone {
		sc.c.Say(opwords.M(i18n.LogResultChooseTouch))
		sc.Update()
		return
	}
	mr.BankerPair, mr.PlayerPair, mr.Natural = t.resBPair.Checked, t.resPPair.Checked, t.resNat.Checked
	out, err := sc.c.Send(view.Request{Kind: view.RequestResult, Result: mr}, "")
	if err == nil && !out.Flagged {
		t.resWinner.SetSelected("")
		t.resBPair.SetChecked(false)
		t.resPPair.SetChecked(false)
		t.resNat.SetChecked(false)
	}
	sc.Update()
	sc.focus()
}

// relabel renames keys of a pad (the card keypad shows what 1 and 0 mean).
func relabel(pad *fyne.Container, names map[string]string) {
	for _, o := range pad.Objects {
		if b, ok := o.(*keyButton); ok {
			if n, ok := names[b.Text]; ok {
				b.Text = n
			}
		}
	}
}

func (t *entryTab) update(snap view.Operator, w i18n.Catalogue) {
	if snap.RedDog != nil {
		t.updateRedDog(snap, w)
		return
	}
	t.pending.SetText(t.typed().In(w, snap.Currency))
	g := snap.Game
	hand := func(up []engine.Card, down int, total int, shown bool) string {
		var parts []string
		if len(up) > 0 {
			parts = append(parts, opwords.CardList(up))
		}
		if down > 0 {
			parts = append(parts, w.T(i18n.OpFaceDown, down))
		}
		s := strings.Join(parts, " + ")
		if shown {
			s += fmt.Sprintf("   = %d", total)
		}
		if s == "" {
			s = "—"
		}
		return s
	}
	var status []string
	t.result.SetText("")
	if g.InCoup {
		t.player.SetText(hand(g.Player, g.PlayerFaceDown, g.PlayerTotal, g.PlayerTotalShown))
		t.banker.SetText(hand(g.Banker, g.BankerFaceDown, g.BankerTotal, g.BankerTotalShown))
		status = append(status, w.T(i18n.OpCoupInProgress, g.Coup))
	} else if n := len(snap.Rounds); n > 0 {
		// Between coups: the last round's cards and result, as the table screen shows them.
		last := snap.Rounds[n-1]
		t.player.SetText(hand(last.Player.List(), 0, last.Outcome.PlayerTotal, last.Player.N > 0))
		t.banker.SetText(hand(last.Banker.List(), 0, last.Outcome.BankerTotal, last.Banker.N > 0))
		t.result.SetText(w.T(i18n.OpRoundResult, last.N, opwords.ResultWords(w, last)))
		if len(last.Notes) > 0 {
			status = append(status, w.T(i18n.OpRulesApplied, strings.Join(last.Notes, ", ")))
		}
	} else {
		t.player.SetText("—")
		t.banker.SetText("—")
	}
	switch {
	case g.Shoe == 0:
		status = append(status, w.T(i18n.OpLoadShoe))
	case g.ShoeEnded:
		status = append(status, w.T(i18n.OpShoeOver))
	case g.LastCoup:
		status = append(status, w.T(i18n.OpLastCoup))
	}
	if g.InsuranceOpen {
		status = append(status, w.T(i18n.InsuranceOpen))
	}
	if g.Review {
		status = append(status, w.T(i18n.OpUnderReview, strings.Join(g.Reasons, "; ")))
	}
	t.status.SetText(strings.Join(status, "\n"))
	if _, err := engine.LookupProfile(snap.Profile.ID); err == nil {
		t.resultOnly.Show()
	} else {
		t.resultOnly.Hide() // Red Dog: a result without cards is a baccarat input
	}
	faceDown := snap.Settings.Style != engine.StyleA
	if faceDown {
		t.turnP.Show()
		t.turnB.Show()
	} else {
		t.turnP.Hide()
		t.turnB.Hide()
	}
	if faceDown && snap.Profile.BankerFirstAuthorised != "" && t.supervisor() {
		t.turnFirst.Show()
	} else {
		t.turnFirst.Hide()
	}
}
