package operator

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

// The Shoe tab: the shoe-script words, the supervisor's below the dealer's.

func (sc *Screen) buildShoe() *fyne.Container {
	word := func(label string, k engine.TokenKind) *widget.Button {
		b := widget.NewButton(label, func() { _ = sc.do(view.Request{Kind: view.RequestWord, Word: k}) })
		return b
	}
	newShoe := word(sc.t(i18n.OpNewShoe), engine.TokShoe)
	newShoe.Importance = widget.HighImportance
	dealer := container.NewGridWithColumns(2, newShoe, word(sc.t(i18n.OpCutCard), engine.TokCut))
	sup := container.NewGridWithColumns(2,
		word(sc.t(i18n.OpFaceBurn), engine.TokFaceBurn), word(sc.t(i18n.OpBurn), engine.TokBurn),
		word(sc.t(i18n.OpNoBurn), engine.TokNoBurn), word(sc.t(i18n.OpShoeEmpty), engine.TokEmpty))
	sc.shoeSup = container.NewVBox(widget.NewSeparator(), widget.NewLabel(sc.t(i18n.OpSupervisorOnly)), sup)
	box := container.NewVBox(dealer, sc.shoeSup)
	return box
}
