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
)

// The Recall tab: this shoe's rounds, or an earlier shoe's from the journal.

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
			lines = append(lines, opwords.RoundLine(snap.Rounds[i]).In(t.sc.words, snap.Currency))
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
