package operator

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/coupboard/coupboard/display/i18n"
)

// The PIN pad: the operator id and PIN typed on a numeric pad before the tabs.

func (sc *Screen) buildPIN() {
	sc.pinIDLabel = widget.NewLabel("")
	sc.pinCodeLabel = widget.NewLabel("")
	sc.pinMsg = widget.NewLabel("")
	sc.pinMsg.Wrapping = fyne.TextWrapWord
	sc.pinMsg.Importance = widget.DangerImportance
	pad := digitPad(func(r rune) { sc.pinKey(r); sc.focus() }, nil, "⌫", sc.t(i18n.OpOK))
	title := widget.NewLabelWithStyle(sc.t(i18n.OpSignInTitle), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	back := widget.NewButton(sc.t(i18n.OpBackToTable), sc.back)
	form := container.NewVBox(title,
		container.NewGridWithColumns(2, widget.NewLabel(sc.t(i18n.OpOperatorID)), sc.pinIDLabel),
		container.NewGridWithColumns(2, widget.NewLabel(sc.t(i18n.OpPIN)), sc.pinCodeLabel),
		sc.pinMsg, back)
	sc.pinView = container.NewGridWithColumns(2, container.NewPadded(form), pad)
}

// digitPad is a numeric keypad laid out like a calculator's (7 8 9 on top): each key calls
// key with its rune; undo and enter are the labels of '.' and Enter.
func digitPad(key func(rune), long func(), undo, enter string) *fyne.Container {
	k := func(label string, r rune) fyne.CanvasObject {
		return newKey(label, func() { key(r) }, long)
	}
	ok := newKey(enter, func() { key('\n') }, nil)
	ok.Importance = widget.HighImportance
	return container.NewGridWithColumns(3,
		k("7", '7'), k("8", '8'), k("9", '9'),
		k("4", '4'), k("5", '5'), k("6", '6'),
		k("1", '1'), k("2", '2'), k("3", '3'),
		k(undo, '.'), k("0", '0'), ok)
}

func (sc *Screen) pinKey(r rune) {
	field := &sc.pinID
	if sc.pinOnCode {
		field = &sc.pinCode
	}
	switch {
	case r >= '0' && r <= '9':
		if len(*field) < 12 {
			*field += string(r)
		}
	case r == '.' || r == '\b':
		if *field != "" {
			*field = (*field)[:len(*field)-1]
		} else if sc.pinOnCode {
			sc.pinOnCode = false
		}
	case r == '\n' || r == '\r':
		switch {
		case !sc.pinOnCode && sc.pinID != "":
			sc.pinOnCode = true
		case sc.pinOnCode:
			sc.signIn()
			return
		}
	}
	sc.updatePIN()
}

func (sc *Screen) signIn() {
	refusal, ok := sc.c.Enter(sc.pinID, sc.pinCode)
	sc.pinID, sc.pinCode, sc.pinOnCode = "", "", false // every attempt starts afresh
	if !ok {
		sc.pinMsg.SetText(refusal.In(sc.words, sc.currency))
		sc.updatePIN()
		return
	}
	sc.pinMsg.SetText("")
	// The operator's own language, if the operator chose one, else the table's.
	lang, chosen := sc.c.Language()
	if !chosen {
		lang = sc.opt.Language
	}
	sc.setLanguage(catalogue(lang).Lang())
	sc.show()
	sc.focus()
}

func (sc *Screen) updatePIN() {
	id, code := sc.pinID, strings.Repeat("●", len(sc.pinCode))
	if !sc.pinOnCode {
		id += "_"
	} else {
		code += "_"
	}
	sc.pinIDLabel.SetText(id)
	sc.pinCodeLabel.SetText(code)
}
