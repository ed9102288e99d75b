package operator

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/opwords"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

// The Runs tab: Run wagers, Insurance/No 6, deferred commission.

type runsTab struct {
	box            fyne.CanvasObject
	sc             *Screen
	seat, amount   *widget.Entry
	kind           *widget.RadioGroup
	length         *widget.Select
	open           *fyne.Container
	runForm        *fyne.Container
	comSeat, comAm *widget.Entry
	owed           *widget.Label

	// Insurance/No 6 (000 1.1): shown while it is open, or while wagers on the coup wait
	insBox                       *fyne.Container
	insForm                      *fyne.Container
	insTitle, insPlaced          *widget.Label
	insSeat, insAmount, insCover *widget.Entry
}

func newRunsTab(sc *Screen) runsTab {
	t := runsTab{sc: sc}
	t.seat, t.amount = widget.NewEntry(), widget.NewEntry()
	t.seat.SetPlaceHolder(sc.t(i18n.OpSeat))
	t.amount.SetPlaceHolder(sc.t(i18n.OpAmount))
	labels := make([]string, len(opwords.RunKinds()))
	for i, k := range opwords.RunKinds() {
		labels[i] = sc.t(k.Label)
	}
	t.kind = widget.NewRadioGroup(labels, nil)
	t.kind.Horizontal = true
	t.kind.SetSelected(labels[0])
	t.length = widget.NewSelect([]string{"2", "3", "4", "5", "6"}, nil)
	t.length.SetSelected("2")
	place := widget.NewButton(sc.t(i18n.OpRegisterRun), t.place)
	place.Importance = widget.HighImportance
	t.runForm = container.NewVBox(widget.NewLabel(sc.t(i18n.OpRunWager)), t.kind,
		container.NewGridWithColumns(4, t.seat, t.length, t.amount, place))
	t.open = container.NewVBox()
	t.comSeat, t.comAm = widget.NewEntry(), widget.NewEntry()
	t.comSeat.SetPlaceHolder(sc.t(i18n.OpSeat))
	t.comAm.SetPlaceHolder(sc.t(i18n.OpCommissionAmount))
	t.owed = widget.NewLabel("")
	deferB := widget.NewButton(sc.t(i18n.OpDefer), func() {
		seat, err1 := strconv.Atoi(strings.TrimSpace(t.comSeat.Text))
		c, err2 := sc.parseMoney(t.comAm.Text)
		if err1 != nil || err2 != nil {
			sc.c.Say(opwords.M(i18n.LogCommissionSeatAmount))
			sc.Update()
			return
		}
		_ = sc.do(view.Request{Kind: view.RequestDefer, Seat: seat, Amount: c})
	})
	collect := widget.NewButton(sc.t(i18n.OpCollect), func() {
		seat, err := strconv.Atoi(strings.TrimSpace(t.comSeat.Text))
		if err != nil {
			sc.c.Say(opwords.M(i18n.LogCommissionSeat))
			sc.Update()
			return
		}
		_ = sc.do(view.Request{Kind: view.RequestCollect, Seat: seat})
	})
	com := container.NewVBox(widget.NewLabel(sc.t(i18n.OpDeferred)),
		container.NewGridWithColumns(4, t.comSeat, t.comAm, deferB, collect), t.owed)
	t.insTitle = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.insPlaced = widget.NewLabel("")
	t.insSeat, t.insAmount, t.insCover = widget.NewEntry(), widget.NewEntry(), widget.NewEntry()
	t.insSeat.SetPlaceHolder(sc.t(i18n.OpSeat))
	t.insAmount.SetPlaceHolder(sc.t(i18n.OpInsAmount))
	t.insCover.SetPlaceHolder(sc.t(i18n.OpInsCover))
	insure := widget.NewButton(sc.t(i18n.OpPlaceInsurance), t.insure)
	insure.Importance = widget.HighImportance
	t.insForm = container.NewGridWithColumns(4, t.insSeat, t.insAmount, t.insCover, insure)
	t.insBox = container.NewVBox(t.insTitle, t.insForm, t.insPlaced, widget.NewSeparator())
	t.insBox.Hide()
	t.box = container.NewVScroll(container.NewVBox(t.insBox, t.runForm, t.open, widget.NewSeparator(), com))
	return t
}

// insure places the Insurance/No 6 wager typed in the form (000 1.1).
func (t *runsTab) insure() {
	sc := t.sc
	seat, err := strconv.Atoi(strings.TrimSpace(t.insSeat.Text))
	if err != nil || seat < 0 {
		sc.c.Say(opwords.M(i18n.LogInsuranceSeat))
		sc.Update()
		return
	}
	c, err := sc.parseMoney(t.insAmount.Text)
	if err != nil {
		sc.c.Say(opwords.M(i18n.LogInsuranceErr, err.Error()))
		sc.Update()
		return
	}
	var covers int64
	if strings.TrimSpace(t.insCover.Text) != "" {
		if covers, err = sc.parseMoney(t.insCover.Text); err != nil {
			sc.c.Say(opwords.M(i18n.LogInsuranceCoverErr, err.Error()))
			sc.Update()
			return
		}
	}
	out, err := sc.c.Send(view.Request{Kind: view.RequestInsurance, Seat: seat, Amount: c, Covers: covers}, "")
	if err == nil && out.Refused == nil {
		t.insSeat.SetText("")
		t.insAmount.SetText("")
		t.insCover.SetText("")
	}
	sc.Update()
}

func (t *runsTab) place() {
	sc := t.sc
	seat, err := strconv.Atoi(strings.TrimSpace(t.seat.Text))
	if err != nil || seat < 1 {
		sc.c.Say(opwords.M(i18n.LogRunSeat))
		sc.Update()
		return
	}
	c, err := sc.parseMoney(t.amount.Text)
	if err != nil {
		sc.c.Say(opwords.M(i18n.LogRunErr, err.Error()))
		sc.Update()
		return
	}
	length, _ := strconv.Atoi(t.length.Selected)
	kind := engine.RunPlayer
	for _, k := range opwords.RunKinds() {
		if sc.t(k.Label) == t.kind.Selected {
			kind = k.Kind
		}
	}
	out, err := sc.c.Send(view.Request{Kind: view.RequestRun, Seat: seat, Run: kind, Length: length, Amount: c}, "")
	if err == nil && out.Refused == nil {
		t.seat.SetText("")
		t.amount.SetText("")
	}
	sc.Update()
}

func (t *runsTab) update(snap view.Operator) {
	t.updateInsurance(snap)
	if !snap.Settle.Runs {
		t.runForm.Hide()
	} else {
		t.runForm.Show()
	}
	var rows []fyne.CanvasObject
	for _, w := range snap.OpenRuns {
		w := w
		text := t.sc.t(i18n.OpRunRow, w.ID, w.Seat, t.sc.runName(w.Kind), w.Length, money(snap.Currency, w.Amount), w.Wins)
		if w.Kind != engine.RunCombination {
			rows = append(rows, widget.NewLabel(text))
			continue
		}
		if w.Pending != engine.WinnerNone {
			text += t.sc.t(i18n.OpRunNext, t.sc.words.Letter(w.Pending.String()))
		}
		nom := func(h engine.Winner, label string) *widget.Button {
			return widget.NewButton(label, func() { _ = t.sc.do(view.Request{Kind: view.RequestNominate, RunID: w.ID, Winner: h}) })
		}
		rows = append(rows, container.NewBorder(nil, nil, nil,
			container.NewHBox(nom(engine.Player, t.sc.t(i18n.OpNextPlayer)), nom(engine.Banker, t.sc.t(i18n.OpNextBanker))), widget.NewLabel(text)))
	}
	if len(rows) == 0 && snap.Settle.Runs {
		rows = append(rows, widget.NewLabel(t.sc.t(i18n.OpNoOpenRuns)))
	}
	if snap.RunBoard != nil {
		names := map[view.RunKind]i18n.Key{view.RunPlayer: i18n.WagerPlayer, view.RunBanker: i18n.WagerBanker, view.RunCombination: i18n.RunCombination, view.RunTie: i18n.WagerTie}
		for _, w := range snap.RunBoard.Wagers {
			if w.State == view.RunAlive {
				continue
			}
			state := strings.ToUpper(t.sc.t(i18n.RunWon))
			if w.State == view.RunLost {
				state = strings.ToUpper(t.sc.t(i18n.RunLost))
			}
			rows = append(rows, widget.NewLabel(t.sc.t(i18n.OpDecided, w.Seat, t.sc.t(names[w.Kind]), w.Length, state)))
		}
	}
	t.open.Objects = rows
	t.sc.restyle() // the new rows in the enlarged theme; lays the whole tab out again
	var owed []string
	for _, m := range snap.Owed {
		owed = append(owed, t.sc.t(i18n.OpOwes, m.Seat, money(snap.Currency, m.Amount)))
	}
	if len(owed) == 0 {
		owed = append(owed, t.sc.t(i18n.OpNoCommission))
	}
	t.owed.SetText(strings.Join(owed, " · "))
}

// updateInsurance shows the Insurance/No 6 panel while the wager is open (the form) or while
// wagers placed on the coup wait for its result (the list).
func (t *runsTab) updateInsurance(snap view.Operator) {
	open := snap.Game.InsuranceOpen && snap.Settle.InsuranceNo6
	if !open && len(snap.Insurance) == 0 {
		t.insBox.Hide()
		return
	}
	if open {
		t.insTitle.SetText(t.sc.t(i18n.OpInsOpen, snap.Game.Coup, snap.Settle.InsuranceOdds))
		t.insForm.Show()
	} else {
		t.insTitle.SetText(t.sc.t(i18n.OpInsClosed, snap.Game.Coup))
		t.insForm.Hide()
	}
	var placed []string
	for _, w := range snap.Insurance {
		placed = append(placed, fmt.Sprintf("%s %s", seatLabel(t.sc.words, w.Seat), money(snap.Currency, w.Amount)))
	}
	if len(placed) == 0 {
		placed = append(placed, t.sc.t(i18n.OpNonePlaced))
	}
	t.insPlaced.SetText(t.sc.t(i18n.OpPlaced, strings.Join(placed, " · ")))
	t.insBox.Show()
}

func seatLabel(w i18n.Catalogue, seat int) string {
	if seat == 0 {
		return w.T(i18n.OpStanding)
	}
	return w.T(i18n.OpSeatN, seat)
}

// runName is a Run wager's kind in the screen's words, as the registration form names it.
func (sc *Screen) runName(k engine.RunKind) string {
	for _, c := range opwords.RunKinds() {
		if c.Kind == k {
			return sc.t(c.Label)
		}
	}
	return k.String()
}
