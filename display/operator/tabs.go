package operator

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/opwords"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

// ParseClock reads a time of day typed by an operator as the next such moment at or after now,
// in now's location (a closing at 02:00 typed at 23:30 is tomorrow's). It takes "HH:MM", "H:MM"
// and, for a numeric keypad that has no colon, the digits alone ("2130" or "930") or the
// keypad's point ("21.30").
func ParseClock(s string, now time.Time) (time.Time, error) {
	hh, mm, ok := clockOf(s)
	if !ok {
		return time.Time{}, fmt.Errorf("time %q: type 2130 or 21:30 (24-hour)", s)
	}
	t := time.Date(now.Year(), now.Month(), now.Day(), hh, mm, 0, 0, now.Location())
	if t.Before(now.Truncate(time.Minute)) {
		t = t.AddDate(0, 0, 1)
	}
	if t.Before(now) {
		t = now
	}
	return t, nil
}

// clockOf reads the hour and minute of a time of day as ParseClock takes it.
func clockOf(s string) (hh, mm int, ok bool) {
	s = strings.TrimSpace(s)
	h, m, sep := strings.Cut(strings.ReplaceAll(s, ".", ":"), ":")
	if !sep {
		if len(s) < 3 || len(s) > 4 {
			return 0, 0, false
		}
		h, m = s[:len(s)-2], s[len(s)-2:]
	}
	if len(h) < 1 || len(h) > 2 || len(m) != 2 || strings.Trim(h+m, "0123456789") != "" {
		return 0, 0, false
	}
	hh, _ = strconv.Atoi(h)
	mm, _ = strconv.Atoi(m)
	return hh, mm, hh <= 23 && mm <= 59
}

// StepClock moves a time of day typed as ParseClock takes it by steps quarters of an hour,
// to the next (or, stepping back, the previous) quarter: 21:07 +1 is 21:15, 21:07 -1 is 21:00,
// 23:45 +1 is 00:00. A time that cannot be read starts from from.
func StepClock(s string, steps int, from time.Time) string {
	hh, mm, ok := clockOf(s)
	if !ok {
		hh, mm = from.Hour(), from.Minute()
	}
	m := hh*60 + mm
	switch {
	case steps > 0:
		m = (m/15 + steps) * 15
	case steps < 0:
		m = ((m+14)/15 + steps) * 15
	}
	m = ((m % 1440) + 1440) % 1440
	return fmt.Sprintf("%02d:%02d", m/60, m%60)
}

// clockField is a time of day on the operator screen: typed on the numeric keypad (2130) or
// set with the −15 and +15 min buttons, for a touch screen with no keyboard.
type clockField struct {
	entry *widget.Entry
	box   fyne.CanvasObject
}

func newClockField(sc *Screen) clockField {
	f := clockField{entry: widget.NewEntry()}
	f.entry.SetPlaceHolder("2130")
	step := func(n int) func() {
		return func() { f.entry.SetText(StepClock(f.entry.Text, n, sc.c.Now())) }
	}
	f.box = container.NewBorder(nil, nil, widget.NewButton(sc.t(i18n.OpMinus15), step(-1)), widget.NewButton(sc.t(i18n.OpPlus15), step(1)), f.entry)
	return f
}

// parse reads the field and writes the time back as HH:MM.
func (f clockField) parse(now time.Time) (time.Time, error) {
	t, err := ParseClock(f.entry.Text, now)
	if err == nil {
		f.entry.SetText(t.Format("15:04"))
	}
	return t, err
}

// Earliest is the earliest time a change posted at now may take effect when it needs the
// book's notice, rounded up to the minute so it can be typed as HH:MM.
func Earliest(n engine.NoticeRules, now time.Time) time.Time {
	t := now.Add(n.Period())
	if r := t.Truncate(time.Minute); r.Before(t) {
		t = r.Add(time.Minute)
	}
	return t
}

// ---- Limits ----

type limitsTab struct {
	box                   fyne.CanvasObject
	sc                    *Screen
	sign                  *widget.Label
	pbMin, pbMax          *widget.Entry
	tieMin, tieMax        *widget.Entry
	at, closeAt           *widget.Entry // the time fields' entries
	atField, closeField   clockField
	waived                *widget.Check
	waivedBy              *widget.Entry
	waiverRow             *fyne.Container
	earliestBtn, closeBtn *widget.Button
	scroll                *container.Scroll
	// method is the settlement method to post (A or B: 001 8.1), on a row shown only at a
	// table whose rules have the setting (act-mini-baccarat-2012).
	method     *widget.Select
	methodRow  *fyne.Container
	closingRow *fyne.Container // the method (when shown), the closing time and Close the table at
}

func newLimitsTab(sc *Screen) limitsTab {
	t := limitsTab{sc: sc}
	t.sign = widget.NewLabel("")
	t.sign.Wrapping = fyne.TextWrapWord
	t.pbMin, t.pbMax, t.tieMin, t.tieMax = widget.NewEntry(), widget.NewEntry(), widget.NewEntry(), widget.NewEntry()
	t.atField, t.closeField = newClockField(sc), newClockField(sc)
	t.at, t.closeAt = t.atField.entry, t.closeField.entry
	t.waived = widget.NewCheck(sc.t(i18n.OpWaiver), nil)
	t.waivedBy = widget.NewEntry()
	t.waivedBy.SetPlaceHolder(sc.t(i18n.OpWaivedBy))
	t.waiverRow = container.NewGridWithColumns(2, t.waived, t.waivedBy)
	now := widget.NewButton(sc.t(i18n.OpChangeNow), func() { t.post(false) })
	at := widget.NewButton(sc.t(i18n.OpPostAt), func() { t.post(true) })
	at.Importance = widget.HighImportance
	t.earliestBtn = widget.NewButton(sc.t(i18n.OpEarliest), func() {
		snap := sc.c.Snapshot()
		t.at.SetText(Earliest(snap.Notices, sc.c.Now()).Format("15:04"))
	})
	t.closeBtn = widget.NewButton(sc.t(i18n.OpCloseAtButton), t.close)
	t.closeBtn.Importance = widget.DangerImportance
	t.method = widget.NewSelect([]string{sc.t(i18n.OpMethodA), sc.t(i18n.OpMethodB)}, nil)
	t.method.PlaceHolder = "A / B" // its width is the select's least: the chosen method's words are cut to fit
	t.methodRow = container.NewBorder(nil, nil, nil, widget.NewButton(sc.t(i18n.OpPostMethod), t.postMethod), t.method)
	// The new limits at the left, the time they take effect and the three ways to post them
	// at the right, so that the whole tab fits a 1280×720 panel without scrolling
	// (TestLimitsFitWithoutScrolling); the scroll stays for a smaller window.
	mins := container.New(layout.NewFormLayout(), widget.NewLabel(sc.t(i18n.OpPBMin)), t.pbMin, widget.NewLabel(sc.t(i18n.OpTieMin)), t.tieMin)
	maxes := container.New(layout.NewFormLayout(), widget.NewLabel(sc.t(i18n.OpMax)), t.pbMax, widget.NewLabel(sc.t(i18n.OpMax)), t.tieMax)
	when := container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel(sc.t(i18n.OpTakesEffect)), nil, t.atField.box),
		container.NewGridWithColumns(3, t.earliestBtn, at, now))
	form := container.NewGridWithColumns(2, container.NewGridWithColumns(2, mins, maxes), when)
	// The settlement method (act) shares the closing's row, in its first third, so that the tab
	// still fits 1280×720 where the book's notice rule takes two lines (update sets the columns).
	t.closingRow = container.NewGridWithColumns(2, t.methodRow, container.NewBorder(nil, nil, widget.NewLabel(sc.t(i18n.OpCloseAt)), nil, t.closeField.box), t.closeBtn)
	t.scroll = container.NewVScroll(container.NewVBox(t.sign, form, t.waiverRow, t.closingRow))
	t.box = t.scroll
	return t
}

func money(c int64) string { return strings.TrimPrefix(engine.FormatCents(c), "$") }

// prefill puts the sign in effect into the form and the earliest times the book allows.
func (t *limitsTab) prefill(snap view.Operator) {
	s := snap.Sign.Sign
	t.pbMin.SetText(money(s.Player.Min))
	t.pbMax.SetText(money(s.Player.Max))
	t.tieMin.SetText(money(s.Tie.Min))
	t.tieMax.SetText(money(s.Tie.Max))
	e := Earliest(snap.Notices, t.sc.c.Now()).Format("15:04")
	t.at.SetText(e)
	t.closeAt.SetText(e)
	t.waived.SetChecked(false)
	t.waivedBy.SetText("")
	t.method.SetSelectedIndex(methodIndex(snap.Sign.Sign.Settlement))
}

// methods are the settlement methods the method row offers, in its order (001 8.1): A, the
// commission (8.6), and B, Banker wins on 6 pay 1 to 2 (8.7).
var methods = []struct {
	value  string // the setting's value
	payout engine.BankerPayout
}{{"A", engine.BankerCommission}, {"B", engine.BankerSixPaysHalf}}

// methodIndex is the method row's entry for the sign's settlement method.
func methodIndex(p engine.BankerPayout) int {
	for i, m := range methods {
		if m.payout == p {
			return i
		}
	}
	return 0
}

func (t *limitsTab) update(snap view.Operator) {
	s, w := snap.Sign.Sign, t.sc.words
	lines := []string{
		w.T(i18n.OpSignNow, engine.FormatCents(s.Player.Min), engine.FormatCents(s.Player.Max),
			engine.FormatCents(s.Banker.Min), engine.FormatCents(s.Banker.Max), engine.FormatCents(s.Tie.Min), engine.FormatCents(s.Tie.Max)),
		w.T(i18n.OpNoticeRule, snap.Notices.Minutes, snap.Notices.NeedsNotice, snap.Notices.Rule,
			Earliest(snap.Notices, snap.Now).Format("15:04")),
	}
	if snap.Sign.Closed {
		lines = append(lines, strings.ToUpper(w.T(i18n.Closed)))
	}
	for _, n := range snap.Sign.Notices {
		lines = append(lines, w.T(i18n.OpPosted, n.Text, n.Countdown))
	}
	lines = append(lines, snap.Sign.Waivers...)
	t.sign.SetText(strings.Join(lines, "\n"))
	// The settlement method is posted where the table's rules have the setting (001 8.1-8.2).
	if snap.Profile.UsesKey("settlement") {
		t.methodRow.Show()
		t.closingRow.Layout = layout.NewGridLayoutWithColumns(3)
	} else {
		t.methodRow.Hide()
		t.closingRow.Layout = layout.NewGridLayoutWithColumns(2)
	}
	// The waiver is offered only where the book lets the players waive the notice of a higher minimum.
	if snap.Notices.Waivable&engine.ChangeRaiseMinimum != 0 {
		t.waiverRow.Show()
	} else {
		t.waiverRow.Hide()
	}
}

// post schedules the sign in the form, now or at the typed time.
func (t *limitsTab) post(atTime bool) {
	sc := t.sc
	snap := sc.c.Snapshot()
	sign := snap.Sign.Sign
	sign.Markers = append([]engine.Marker(nil), sign.Markers...)
	fields := []struct {
		e   *widget.Entry
		dst *int64
	}{{t.pbMin, &sign.Player.Min}, {t.pbMax, &sign.Player.Max}, {t.tieMin, &sign.Tie.Min}, {t.tieMax, &sign.Tie.Max}}
	for _, f := range fields {
		v, err := engine.ParseMoney(f.e.Text)
		if err != nil {
			sc.c.Say(opwords.M(i18n.LogLimitsErr, err.Error()))
			sc.Update()
			return
		}
		*f.dst = v
	}
	sign.Banker.Min, sign.Banker.Max = sign.Player.Min, sign.Player.Max
	c := engine.Change{Sign: sign, Waived: t.waived.Checked, WaivedBy: strings.TrimSpace(t.waivedBy.Text)}
	if !atTime {
		// A change now takes the sign players bet on off the table at once: asked first.
		q := sc.t(i18n.OpAskChangeNow,
			engine.FormatCents(sign.Player.Min), engine.FormatCents(sign.Player.Max), engine.FormatCents(sign.Tie.Min), engine.FormatCents(sign.Tie.Max))
		sc.ask(q, sc.t(i18n.OpChangeSignNow), func() {
			c.At = sc.c.Now()
			t.send(c, t.at)
		})
		return
	}
	var err error
	if c.At, err = t.atField.parse(sc.c.Now()); err != nil {
		sc.c.Say(opwords.M(i18n.LogLimitsErr, err.Error()))
		sc.Update()
		return
	}
	t.send(c, t.at)
}

func (t *limitsTab) close() {
	sc := t.sc
	at, err := t.closeField.parse(sc.c.Now())
	if err != nil {
		sc.c.Say(opwords.M(i18n.LogClosingErr, err.Error()))
		sc.Update()
		return
	}
	sc.ask(sc.t(i18n.OpAskClose, at.Format("15:04")), sc.t(i18n.OpCloseTable), func() { t.send(engine.Change{At: at, Close: true}, t.closeAt) })
}

// send posts a change; when the book refuses it for want of notice, the earliest allowed
// time goes into the time field, so one more tap posts it.
func (t *limitsTab) send(c engine.Change, timeField *widget.Entry) {
	sc := t.sc
	out, err := sc.c.Send(view.Request{Kind: view.RequestSchedule, Change: c}, sc.reasonText())
	if err == nil && out.Refused == nil {
		sc.reason.SetText("")
		t.waived.SetChecked(false)
	}
	t.offerEarliest(out.Refused, timeField, i18n.OpPostAt)
	sc.Update()
}

// postMethod posts the settlement method chosen for the time in the time field, through the
// table's rules: refused without the book's notice (001 8.2), when the earliest allowed time
// goes into the time field as for a change of the limits.
func (t *limitsTab) postMethod() {
	sc := t.sc
	i := t.method.SelectedIndex()
	if i < 0 || i >= len(methods) {
		i = methodIndex(sc.c.Snapshot().Sign.Sign.Settlement)
		t.method.SetSelectedIndex(i)
	}
	at, err := t.atField.parse(sc.c.Now())
	if err != nil {
		sc.c.Say(opwords.M(i18n.LogSettlementErr, err.Error()))
		sc.Update()
		return
	}
	out, err := sc.c.Send(view.Request{Kind: view.RequestSettlement, Method: methods[i].value, At: at}, sc.reason.Text)
	if err == nil && out.Refused == nil {
		sc.reason.SetText("")
	}
	t.offerEarliest(out.Refused, t.at, i18n.OpPostMethod)
	sc.Update()
}

// offerEarliest puts the earliest time the rules allow into the time field when refused is a
// refusal for want of notice (or a time past), rounded up to the minute, and says which
// button posts it.
func (t *limitsTab) offerEarliest(refused error, timeField *widget.Entry, button i18n.Key) {
	earliest, ok := earliestOf(refused)
	if !ok {
		return
	}
	earliest = earliest.In(t.sc.c.Now().Location())
	if r := earliest.Truncate(time.Minute); r.Before(earliest) {
		earliest = r.Add(time.Minute)
	}
	timeField.SetText(earliest.Format("15:04"))
	t.sc.c.Say(opwords.M(i18n.LogEarliest, timeField.Text, opwords.M(button)))
}

// ---- Runs and commission ----

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
		c, err2 := engine.ParseMoney(t.comAm.Text)
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
	c, err := engine.ParseMoney(t.insAmount.Text)
	if err != nil {
		sc.c.Say(opwords.M(i18n.LogInsuranceErr, err.Error()))
		sc.Update()
		return
	}
	var covers int64
	if strings.TrimSpace(t.insCover.Text) != "" {
		if covers, err = engine.ParseMoney(t.insCover.Text); err != nil {
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
	c, err := engine.ParseMoney(t.amount.Text)
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
		text := t.sc.t(i18n.OpRunRow, w.ID, w.Seat, t.sc.runName(w.Kind), w.Length, engine.FormatCents(w.Amount), w.Wins)
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
		owed = append(owed, t.sc.t(i18n.OpOwes, m.Seat, engine.FormatCents(m.Amount)))
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
		placed = append(placed, fmt.Sprintf("%s %s", seatLabel(t.sc.words, w.Seat), engine.FormatCents(w.Amount)))
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

// ---- Recall ----

type recallTab struct {
	box   fyne.CanvasObject
	sc    *Screen
	shoe  *widget.Entry
	title *widget.Label
	list  *widget.Label
	other int64 // the earlier shoe shown, 0 for the current one
}

func newRecallTab(sc *Screen) recallTab {
	t := recallTab{sc: sc}
	t.shoe = widget.NewEntry()
	t.shoe.SetPlaceHolder(sc.t(i18n.OpShoeNoHint))
	t.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.list = widget.NewLabel("")
	t.list.Wrapping = fyne.TextWrapWord
	show := widget.NewButton(sc.t(i18n.OpShowShoe), nil)
	current := widget.NewButton(sc.t(i18n.OpThisShoe), nil)
	bar := container.NewGridWithColumns(3, current, t.shoe, show)
	if sc.opt.Recall == nil {
		bar = container.NewGridWithColumns(1, widget.NewLabel(sc.t(i18n.OpNoRecall)))
	}
	scroll := container.NewVScroll(t.list)
	t.box = container.NewBorder(container.NewVBox(bar, t.title), nil, nil, nil, scroll)
	show.OnTapped = func() { sc.recallShoe(t.shoe.Text) }
	current.OnTapped = func() { sc.recallShoe("") }
	return t
}

func (sc *Screen) recallShoe(s string) {
	s = strings.TrimSpace(s)
	if s == "" {
		sc.recall.other = 0
		sc.Update()
		return
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 {
		sc.c.Say(opwords.M(i18n.LogRecallShoe))
		sc.Update()
		return
	}
	sc.recall.other = n
	sc.Update()
}

func (t *recallTab) update(snap view.Operator) {
	if snap.RedDog != nil && (t.other == 0 || t.sc.opt.Recall == nil) {
		t.updateRedDog(snap, t.sc.words) // reddog_views.go
		return
	}
	if t.other == 0 || t.sc.opt.Recall == nil {
		t.title.SetText(t.sc.t(i18n.OpRecallTitle, snap.Game.Shoe, len(snap.Rounds)))
		lines := make([]string, 0, len(snap.Rounds))
		for i := len(snap.Rounds) - 1; i >= 0; i-- {
			lines = append(lines, opwords.RoundLine(snap.Rounds[i]).In(t.sc.words))
		}
		t.list.SetText(strings.Join(lines, "\n"))
		return
	}
	recs, err := t.sc.opt.Recall.Lines(t.other, t.sc.words, t.sc.c.Now().Location())
	if err != nil {
		t.title.SetText(t.sc.t(i18n.OpRecallError, t.other))
		t.list.SetText(err.Error())
		return
	}
	t.title.SetText(t.sc.t(i18n.OpRecallJournal, t.other, len(recs)))
	lines := make([]string, 0, len(recs))
	for i := len(recs) - 1; i >= 0; i-- {
		lines = append(lines, recs[i])
	}
	t.list.SetText(strings.Join(lines, "\n"))
}

// ---- Diagnostics ----

type diagTab struct {
	box      fyne.CanvasObject
	sc       *Screen
	status   *widget.Label
	frames   *widget.Label
	port     *widget.SelectEntry
	protocol *widget.Select
}

func newDiagTab(sc *Screen) diagTab {
	t := diagTab{sc: sc}
	d := sc.opt.Diagnostics
	t.status = widget.NewLabel("")
	t.status.Wrapping = fyne.TextWrapWord
	t.frames = widget.NewLabel("")
	t.frames.TextStyle.Monospace = true
	if d == nil {
		t.box = widget.NewLabel(sc.t(i18n.OpNoLink))
		return t
	}
	t.port = widget.NewSelectEntry(nil)
	t.port.SetPlaceHolder(sc.t(i18n.OpPort))
	t.protocol = widget.NewSelect(d.Protocols(), nil)
	reconnect := widget.NewButton(sc.t(i18n.OpReconnect), func() {
		if err := d.Reconnect(); err != nil {
			sc.c.Say(opwords.M(i18n.LogReconnectErr, err.Error()))
		} else {
			sc.c.Say(opwords.M(i18n.LogReconnecting))
		}
		sc.Update()
	})
	use := widget.NewButton(sc.t(i18n.OpUsePort), func() {
		if !(sc.role() == view.OperatorSupervisor) {
			sc.c.Say(opwords.M(i18n.LogNeeds, opwords.M(i18n.LogChangePort), opwords.M(i18n.OpSupervisor)))
		} else if err := d.Use(strings.TrimSpace(t.port.Text), t.protocol.Selected); err != nil {
			sc.c.Say(opwords.M(i18n.LogPortErr, opwords.M(i18n.LogChangePort), err.Error()))
		} else {
			sc.c.Say(opwords.M(i18n.LogShoePort, t.port.Text, t.protocol.Selected))
		}
		sc.Update()
	})
	scan := widget.NewButton(sc.t(i18n.OpFindPorts), func() { t.scan() })
	t.box = container.NewBorder(
		container.NewVBox(t.status, container.NewGridWithColumns(5, t.port, t.protocol, scan, reconnect, use)),
		nil, nil, nil, container.NewVScroll(t.frames))
	t.scan()
	return t
}

func (t *diagTab) scan() {
	ports, err := t.sc.opt.Diagnostics.Ports()
	if err != nil {
		t.sc.c.Say(opwords.M(i18n.LogPortsErr, err.Error()))
		return
	}
	t.port.SetOptions(ports)
	if t.port.Text == "" && len(ports) > 0 {
		t.port.SetText(ports[0])
	}
}

func (t *diagTab) update() {
	d := t.sc.opt.Diagnostics
	if d == nil {
		return
	}
	st := d.Status()
	line := t.sc.t(i18n.DiagLink, strings.ToUpper(st.State.String()), st.Port, st.Since.In(t.sc.c.Now().Location()).Format("15:04:05"))
	if words, ok := ShoeLinkWords(st); ok {
		line += " — " + t.sc.words.Say(words)
	}
	counts := t.sc.t(i18n.DiagCounts,
		st.Connects, st.Frames, st.Cards, st.NoiseBytes, st.Corrupt, st.Duplicates, st.Conflicts, st.Gaps, st.Lost, st.Stale, st.Misreads)
	t.status.SetText(line + "\n" + counts)
	if t.protocol.Selected == "" && len(d.Protocols()) > 0 {
		t.protocol.SetSelected(d.Protocols()[0])
	}
	log := d.Log()
	if n := len(log); n > 200 {
		log = log[n-200:]
	}
	t.frames.SetText(strings.Join(log, "\n"))
}
