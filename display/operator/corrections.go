package operator

import (
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

// The Corrections tab (a supervisor's): void, dispute, accept review, the next coup's words, alerts.

type fixTab struct {
	box fyne.CanvasObject
	// roundN is the number of a finished round of the shoe, for Void round and Dispute round.
	roundN  *widget.Entry
	dispute *widget.Button // Dispute round: baccarat and Red Dog (faults 003 10.10)
	alerts  *fyne.Container
	review  *reviewPanel // a coup under review: confirm, enter or cancel (review.go)
	sc      *Screen
}

func newFixTab(sc *Screen) fixTab {
	t := fixTab{sc: sc}
	word := func(label string, k engine.TokenKind) *widget.Button {
		return widget.NewButton(label, func() { _ = sc.do(view.Request{Kind: view.RequestWord, Word: k}) })
	}
	void := word(sc.t(i18n.OpVoidNow), engine.TokVoid)
	void.Importance = widget.DangerImportance
	t.roundN = widget.NewEntry()
	t.roundN.SetPlaceHolder(sc.t(i18n.OpRoundNo))
	voidN := widget.NewButton(sc.t(i18n.OpVoidRound), func() {
		t.onRound(i18n.LogTypeRound, func(n int) view.Request { return view.Request{Kind: view.RequestWord, Word: engine.TokVoid, Round: n} })
	})
	voidN.Importance = widget.DangerImportance
	// A round already shown and counted, put under review (a player's or surveillance's
	// dispute): its result leaves the screen and the roads until confirmed or voided. Not red:
	// Confirm cards as read undoes it.
	t.dispute = widget.NewButton(sc.t(i18n.OpDisputeRound), func() {
		t.onRound(i18n.LogTypeDisputeRound, func(n int) view.Request { return view.Request{Kind: view.RequestDispute, Round: n} })
	})
	accept := widget.NewButton(sc.t(i18n.OpAcceptReview), func() { _ = sc.do(view.Request{Kind: view.RequestAcceptReview}) })
	// The round in progress and the next card or coup above; a finished round, by its number,
	// on the last row: the number, then what to do with it.
	grid := container.NewGridWithColumns(3,
		void, accept, word(sc.t(i18n.OpDummyNext), engine.TokDummy),
		word(sc.t(i18n.OpNoBetNext), engine.TokNoBet), word(sc.t(i18n.OpExposed), engine.TokExposed), word(sc.t(i18n.OpFaceUp), engine.TokFaceUp),
		t.roundN, voidN, t.dispute)
	t.alerts = container.NewVBox()
	t.review = newReviewPanel(sc)
	t.box = container.NewVScroll(container.NewVBox(t.review.box, grid, widget.NewSeparator(), widget.NewLabel(sc.t(i18n.OpAlerts)), t.alerts))
	return t
}

// onRound sends the action for the finished round typed in the round field (the supervisor's
// reason with it), and empties the field once the table has recorded it; with no round typed,
// nothing is sent and the log says what to type (empty).
func (t *fixTab) onRound(empty i18n.Key, action func(n int) view.Request) {
	sc := t.sc
	n, err := strconv.Atoi(strings.TrimSpace(t.roundN.Text))
	if err != nil || n < 1 {
		sc.c.Say(opwords.M(empty))
		sc.Update()
		return
	}
	if sc.do(action(n)) == nil {
		t.roundN.SetText("")
	}
}

func (t *fixTab) update(snap view.Operator) {
	t.review.update(snap)
	var rows []fyne.CanvasObject
	for _, a := range snap.Alerts {
		id := a.ID
		l := widget.NewLabel(a.Raised.Format("15:04") + " " + t.sc.words.Reason(a.Text, snap.Currency)) // the engine's English, worded, its amounts in the table's currency
		l.Wrapping = fyne.TextWrapWord
		rows = append(rows, container.NewBorder(nil, nil, nil,
			widget.NewButton(t.sc.t(i18n.OpClear), func() { _ = t.sc.do(view.Request{Kind: view.RequestClearAlert, Alert: id}) }), l))
	}
	if len(rows) == 0 {
		rows = append(rows, widget.NewLabel(t.sc.t(i18n.OpNone)))
	}
	t.alerts.Objects = rows
	t.sc.restyle() // the new rows in the enlarged theme; lays the whole tab out again
}
