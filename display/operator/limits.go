package operator

import (
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

// The Limits tab (a supervisor's): the limit sign's changes, the closing, the settlement method.

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
	closingRow *fyne.Container // the waiver or the method (whichever is shown), the closing time and Close the table at
	closeRow   *fyne.Container // the closing time with its label
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
	t.waiverRow = container.NewBorder(nil, nil, t.waived, nil, t.waivedBy)
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
	t.method.PlaceHolder = "A / B" // the least width: the closing row gives the choice half its width, where the whole words fit (TestLimitsFitWithoutScrolling)
	t.methodRow = container.NewBorder(nil, nil, nil, widget.NewButton(sc.t(i18n.OpPostMethod), t.postMethod), t.method)
	// The new limits at the left, the time they take effect and the three ways to post them
	// at the right; under them, at the left the players' waiver (vic) or the settlement method
	// (act), whichever the book has, and at the right the closing time with its button. Three
	// rows of controls under the sign's lines, so that the whole tab fits a 1280×720 panel
	// without scrolling with two changes posted and the act's notice rule on two lines
	// (TestLimitsFitWithoutScrolling, TestLimitsWithPostedChangesFit); the scroll stays for a
	// smaller window.
	mins := container.New(layout.NewFormLayout(), widget.NewLabel(sc.t(i18n.OpPBMin)), t.pbMin, widget.NewLabel(sc.t(i18n.OpTieMin)), t.tieMin)
	maxes := container.New(layout.NewFormLayout(), widget.NewLabel(sc.t(i18n.OpMax)), t.pbMax, widget.NewLabel(sc.t(i18n.OpMax)), t.tieMax)
	when := container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel(sc.t(i18n.OpTakesEffect)), nil, t.atField.box),
		container.NewGridWithColumns(3, t.earliestBtn, at, now))
	form := container.NewGridWithColumns(2, container.NewGridWithColumns(2, mins, maxes), when)
	t.closeRow = container.NewBorder(nil, nil, widget.NewLabel(sc.t(i18n.OpCloseAt)), nil, t.closeField.box)
	closeWith := container.NewBorder(nil, nil, nil, t.closeBtn, t.closeRow)
	t.closingRow = container.NewGridWithColumns(2, container.NewStack(t.waiverRow, t.methodRow), closeWith)
	t.scroll = container.NewVScroll(container.NewVBox(t.sign, form, t.closingRow))
	t.box = t.scroll
	return t
}

// money writes cents in the table's currency symbol (view.Operator's Currency), as the table
// screen's sign does: "$1,000", "MOP$12.50"; with no symbol, as a limits field holds an amount
// to edit ("1,000"; parseMoney reads it back).
func money(currency string, c int64) string { return engine.FormatMoney(c, currency) }

// parseMoney reads an amount the operator typed, bare or in the table's own currency symbol
// (engine.Currency.Parse: another currency's symbol is refused, the reason naming it).
func (sc *Screen) parseMoney(s string) (int64, error) {
	return engine.Currency(sc.c.Snapshot().Currency).Parse(s)
}

// prefill puts the sign in effect into the form and the earliest times the book allows.
func (t *limitsTab) prefill(snap view.Operator) {
	s := snap.Sign.Sign
	t.pbMin.SetText(money("", s.Player.Min))
	t.pbMax.SetText(money("", s.Player.Max))
	t.tieMin.SetText(money("", s.Tie.Min))
	t.tieMax.SetText(money("", s.Tie.Max))
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
	s, w, cur := snap.Sign.Sign, t.sc.words, snap.Currency
	lines := []string{
		w.T(i18n.OpSignNow, money(cur, s.Player.Min), money(cur, s.Player.Max),
			money(cur, s.Banker.Min), money(cur, s.Banker.Max), money(cur, s.Tie.Min), money(cur, s.Tie.Max)),
		w.T(i18n.OpNoticeRule, snap.Notices.Minutes, changeKindWords(w, snap.Notices.NeedsNotice), snap.Notices.Rule,
			Earliest(snap.Notices, snap.Now).Format("15:04")),
	}
	if snap.Sign.Closed {
		lines = append(lines, strings.ToUpper(w.T(i18n.Closed)))
	}
	lines = append(lines, postedLines(w, cur, snap.Sign.Notices, snap.RedDog != nil)...)
	lines = append(lines, snap.Sign.Waivers...)
	t.sign.SetText(strings.Join(lines, "\n"))
	// The settlement method is posted where the table's rules have the setting (001 8.1-8.2).
	if snap.Profile.UsesKey("settlement") {
		t.methodRow.Show()
	} else {
		t.methodRow.Hide()
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
		v, err := sc.parseMoney(f.e.Text)
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
			money(snap.Currency, sign.Player.Min), money(snap.Currency, sign.Player.Max), money(snap.Currency, sign.Tie.Min), money(snap.Currency, sign.Tie.Max))
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
	earliest, ok := engine.Earliest(refused) // the earliest time the board allows, from its refusal
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

// postedLines words the changes posted to the sign and still to come, one line per change
// (a change of the Player and Banker minimum is one line, as the sign shows it), in w's
// language with its amounts in the table's currency: "Posted: Player / Banker minimum $50,
// Tie maximum $1,000 at 21:30 (in 19:42)". The engine's Notice.Text stays the journal's and
// the bus's English.
func postedLines(w i18n.Catalogue, currency string, ns []engine.Notice, redDog bool) []string {
	var out []string
	for i := 0; i < len(ns); {
		j := i + 1
		for j < len(ns) && ns[j].ChangeID == ns[i].ChangeID {
			j++
		}
		out = append(out, w.T(i18n.OpPosted, strings.Join(noticeItems(w, currency, ns[i:j], redDog), ", "),
			ns[i].At.Format("15:04"), ns[i].Countdown))
		i = j
	}
	return out
}

// noticeItems words the items of one change: what each changes to, the Player and Banker
// wagers named together when their item changes alike.
func noticeItems(w i18n.Catalogue, currency string, items []engine.Notice, redDog bool) []string {
	var out []string
	done := make([]bool, len(items))
	for i, n := range items {
		if done[i] {
			continue
		}
		wager := wagerWord(w, n.Wager, redDog)
		if n.Wager == engine.WagerPlayer.String() || n.Wager == engine.WagerBanker.String() {
			for k := i + 1; k < len(items); k++ {
				m := items[k]
				if m.Item == n.Item && m.Amount == n.Amount && m.Wager != n.Wager &&
					(m.Wager == engine.WagerPlayer.String() || m.Wager == engine.WagerBanker.String()) {
					done[k], wager = true, w.T(i18n.WagerPB)
				}
			}
		}
		amount := money(currency, n.Amount)
		switch n.Item {
		case engine.NoticeMinimum:
			out = append(out, w.T(i18n.OpNoticeMin, wager, amount))
		case engine.NoticeMaximum:
			out = append(out, w.T(i18n.OpNoticeMax, wager, amount))
		case engine.NoticeMultiple:
			out = append(out, w.T(i18n.OpNoticeMultiple, wager, amount))
		case engine.NoticeDifferentialMin:
			out = append(out, differentialWords(w, i18n.OpNoticeDiffMin, i18n.OpNoticeNoDiffMin, n.Amount, amount))
		case engine.NoticeDifferentialMax:
			out = append(out, differentialWords(w, i18n.OpNoticeDiffMax, i18n.OpNoticeNoDiffMax, n.Amount, amount))
		case engine.NoticeSettlement:
			out = append(out, w.T(i18n.OpNoticeSettle, methods[methodIndex(n.Settlement)].value))
		case engine.NoticeClose:
			out = append(out, w.T(i18n.OpNoticeClose))
		case engine.NoticeOpen:
			out = append(out, w.T(i18n.OpNoticeOpen))
		default:
			out = append(out, w.Reason(n.Text, currency)) // an item this screen has no words of: the engine's, worded
		}
	}
	return out
}

// differentialWords is a table differential changing to amount, or removed (cents 0).
func differentialWords(w i18n.Catalogue, to, removed i18n.Key, cents int64, amount string) string {
	if cents == 0 {
		return w.T(removed)
	}
	return w.T(to, amount)
}

// wagerWord is the engine's name of a wager on the sign (engine.Notice.Wager) in w's words;
// a Red Dog table's one wager is the sign's Player limit.
func wagerWord(w i18n.Catalogue, name string, redDog bool) string {
	switch name {
	case engine.WagerPlayer.String():
		if redDog {
			return w.T(i18n.WagerRedDog)
		}
		return w.T(i18n.WagerPlayer)
	case engine.WagerBanker.String():
		return w.T(i18n.WagerBanker)
	case engine.WagerTie.String():
		return w.T(i18n.WagerTie)
	case engine.WagerInsurance.String():
		return w.T(i18n.WagerInsurance)
	case engine.NoticeWagerRun:
		return w.T(i18n.WagerRuns)
	}
	return name
}

// changeKinds are the kinds of change to the sign in the order the engine names them, with
// their words.
var changeKinds = []struct {
	kind engine.ChangeKind
	key  i18n.Key
}{
	{engine.ChangeRaiseMinimum, i18n.OpKindRaiseMin}, {engine.ChangeLowerMinimum, i18n.OpKindLowerMin},
	{engine.ChangeMaximum, i18n.OpKindMaximum}, {engine.ChangeMultiples, i18n.OpKindMultiples},
	{engine.ChangeDifferential, i18n.OpKindDifferential}, {engine.ChangeSettlement, i18n.OpKindSettlement},
	{engine.ChangeClose, i18n.OpKindClose}, {engine.ChangeOpen, i18n.OpKindOpen},
}

// changeKindWords is a set of kinds of change in w's words: "a higher minimum; closing", or
// "every change of the sign and the closing" (the act's rule: 001 3.1, 3.7, 8.2, 10.2), which
// keeps the Limits tab's notice line to one line.
func changeKindWords(w i18n.Catalogue, k engine.ChangeKind) string {
	every := engine.ChangeRaiseMinimum | engine.ChangeLowerMinimum | engine.ChangeMaximum | engine.ChangeMultiples |
		engine.ChangeDifferential | engine.ChangeSettlement | engine.ChangeClose
	if k&every == every {
		return w.T(i18n.OpKindEvery)
	}
	var parts []string
	for _, c := range changeKinds {
		if k&c.kind != 0 {
			parts = append(parts, w.T(c.key))
		}
	}
	if len(parts) == 0 {
		return w.T(i18n.OpKindNone)
	}
	return strings.Join(parts, w.T(i18n.ReasonJoin))
}
