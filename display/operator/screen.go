package operator

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/opwords"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

// Options are what the operator screen is given besides its session.
type Options struct {
	// Theme is the table's Fyne theme; the screen enlarges its text for touch. Nil uses the app's.
	Theme fyne.Theme
	// Recall reads earlier shoes' rounds from the journal; nil hides earlier shoes.
	Recall Recall
	// Diagnostics drives the shoe link; nil hides the diagnostics tab.
	Diagnostics Diagnostics
	// Close returns to the table screen (the operator is signed out first).
	Close func()
	// ExitKiosk leaves kiosk mode; offered to a supervisor only.
	ExitKiosk func()
	// Language is the table's language (display.language): the PIN pad's, and each operator's
	// until the operator picks another on the screen. Zero is English.
	Language i18n.Lang
	// SignOutAfter signs the operator out after this long without a key or a tap (checked by
	// Tick); 0 means DefaultSignOutAfter, a negative value never.
	SignOutAfter time.Duration
}

// DefaultSignOutAfter is how long a signed-in operator screen may stand unused.
const DefaultSignOutAfter = 2 * time.Minute

// Screen is the operator screen: the PIN pad until an operator signs in, then the tabs of
// what the role may do. Keys typed while it has focus go to the PIN pad or the card keypad.
// Use it on the Fyne goroutine.
type Screen struct {
	widget.BaseWidget
	c    Controller
	opt  Options
	root *fyne.Container

	// words are the screen's language: the table's on the PIN pad, the operator's own once
	// signed in (chosen with langBtn; the controller keeps it while the program runs).
	words   i18n.Catalogue
	langBtn *widget.Button
	over    *container.ThemeOverride // the enlarged theme over root (restyle re-applies it)

	// PIN pad
	pinID, pinCode string
	pinOnCode      bool
	pinIDLabel     *widget.Label
	pinCodeLabel   *widget.Label
	pinMsg         *widget.Label
	pinView        fyne.CanvasObject

	// signed in
	main      fyne.CanvasObject
	header    *widget.Label
	lockBtn   *widget.Button
	exitBtn   *widget.Button
	reason    *widget.SelectEntry
	reasonRow *fyne.Container
	tabs      *container.AppTabs
	log       *widget.Label
	asking    bool // a confirmation is on screen instead of the tabs (ask)

	entry   entryTab
	shoe    *fyne.Container
	shoeSup *fyne.Container
	fix     fixTab
	limits  limitsTab
	runs    runsTab
	recall  recallTab
	diag    diagTab
}

// NewScreen builds the operator screen over its controller (app/operator's Session).
func NewScreen(c Controller, opt Options) *Screen {
	sc := &Screen{c: c, opt: opt}
	sc.words = catalogue(opt.Language)
	sc.buildPIN()
	sc.buildMain()
	sc.root = container.NewStack(sc.pinView)
	sc.ExtendBaseWidget(sc)
	sc.show()
	return sc
}

// CreateRenderer draws the PIN pad or the signed-in tabs, in the enlarged theme.
func (sc *Screen) CreateRenderer() fyne.WidgetRenderer {
	th := sc.opt.Theme
	if th == nil {
		th = fyne.CurrentApp().Settings().Theme()
	}
	sc.over = container.NewThemeOverride(sc.root, bigTheme{th})
	return widget.NewSimpleRenderer(sc.over)
}

// restyle applies the enlarged theme to what was put on screen since it was last applied (a
// ThemeOverride styles the objects it holds when it is made or refreshed, not ones added later:
// without this the signed-in screen, a newly selected tab or rebuilt rows fell back to the
// table's small theme, 36 px buttons).
func (sc *Screen) restyle() {
	if sc.over != nil {
		sc.over.Refresh()
	}
}

// catalogue is the catalogue of lang, English for a language there is none of.
func catalogue(lang i18n.Lang) i18n.Catalogue {
	c, err := i18n.New(lang)
	if err != nil {
		return i18n.Catalogue{}
	}
	return c
}

// t is the screen's word for key in its language.
func (sc *Screen) t(key i18n.Key, args ...any) string { return sc.words.T(key, args...) }

// Language is the language the screen shows now.
func (sc *Screen) Language() i18n.Lang { return sc.words.Lang() }

// setLanguage redraws the signed-in screen in lang (the PIN pad keeps the table's language).
func (sc *Screen) setLanguage(lang i18n.Lang) {
	if lang == sc.words.Lang() {
		return
	}
	sc.words = catalogue(lang)
	sc.buildMain()
}

// nextLanguage switches the signed-in operator to the next language, and remembers it for
// the operator's next sign-in; the tab on screen stays.
func (sc *Screen) nextLanguage() {
	langs := i18n.Langs()
	next := langs[0]
	for i, l := range langs {
		if l == sc.words.Lang() {
			next = langs[(i+1)%len(langs)]
		}
	}
	sc.c.SetLanguage(next)
	tab := sc.tabs.SelectedIndex()
	sc.setLanguage(next)
	sc.show()
	sc.tabs.SelectIndex(tab)
	sc.focus()
}

// role is who is signed in at the screen now.
func (sc *Screen) role() view.OperatorRole {
	r, _, _ := sc.c.Signed()
	return r
}

// FocusGained is part of fyne.Focusable.
func (sc *Screen) FocusGained() {}

// FocusLost is part of fyne.Focusable.
func (sc *Screen) FocusLost() {}

// TypedRune routes a typed character: to the PIN pad when signed out, else to the card keypad.
func (sc *Screen) TypedRune(r rune) {
	if sc.role() == view.OperatorNone {
		sc.pinKey(r)
		return
	}
	sc.c.Press(r)
	sc.Update()
}

// TypedKey maps Enter, Backspace and Escape to the keypad's Enter, undo and back to the table.
func (sc *Screen) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyEnter, fyne.KeyReturn:
		sc.TypedRune('\n')
	case fyne.KeyBackspace, fyne.KeyDelete:
		sc.TypedRune('.')
	case fyne.KeyEscape:
		if sc.asking {
			sc.endAsk() // Escape answers a confirmation "no"
			return
		}
		sc.back()
	}
}

func (sc *Screen) focus() {
	if c := fyne.CurrentApp().Driver().CanvasForObject(sc); c != nil {
		c.Focus(sc)
	}
}

// Tick signs the operator out when the screen has stood unused for Options.SignOutAfter and
// reports whether it did (the app calls it every few seconds, on the Fyne goroutine), so a
// supervisor's session is not left open at the table.
func (sc *Screen) Tick() bool {
	after := sc.opt.SignOutAfter
	if after == 0 {
		after = DefaultSignOutAfter
	}
	if after < 0 || sc.role() == view.OperatorNone || sc.c.Idle() < after {
		return false
	}
	sc.c.SignOutBecause("idle")
	sc.Reset()
	sc.pinMsg.SetText(sc.t(i18n.LogIdleSignOut, after.String()))
	return true
}

// Reset signs the operator out and shows the PIN pad (call it when the screen is opened).
func (sc *Screen) Reset() {
	sc.c.SignOutBecause("signed out")
	sc.setLanguage(catalogue(sc.opt.Language).Lang())
	sc.pinID, sc.pinCode, sc.pinOnCode = "", "", false
	sc.pinMsg.SetText("")
	sc.show()
	sc.focus()
}

func (sc *Screen) back() {
	sc.Reset()
	if sc.opt.Close != nil {
		sc.opt.Close()
	}
}

// show puts the PIN pad or the tabs on screen for the current role.
func (sc *Screen) show() {
	sc.asking = false
	if sc.role() == view.OperatorNone {
		sc.updatePIN()
		sc.root.Objects = []fyne.CanvasObject{sc.pinView}
	} else {
		sc.arrangeTabs()
		sc.Update()
		sc.root.Objects = []fyne.CanvasObject{sc.main}
	}
	sc.root.Refresh()
	sc.restyle()
}

// ---- PIN pad ----

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
		sc.pinMsg.SetText(refusal.In(sc.words))
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

// ---- signed in ----

func (sc *Screen) buildMain() {
	sc.header = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	sc.header.Truncation = fyne.TextTruncateEllipsis
	sc.lockBtn = widget.NewButton(sc.t(i18n.OpSignOut), func() { sc.Reset(); sc.focus() })
	back := widget.NewButton(sc.t(i18n.OpTable), sc.back)
	sc.exitBtn = widget.NewButton(sc.t(i18n.OpExitKiosk), sc.exitKiosk)
	sc.exitBtn.Importance = widget.DangerImportance
	sc.langBtn = widget.NewButton(sc.t(i18n.OpLangName), sc.nextLanguage)
	// Exit kiosk sits at the other end of the bar from Sign out and Table, and asks first.
	top := container.NewBorder(nil, nil, sc.exitBtn, container.NewHBox(sc.langBtn, back, sc.lockBtn), sc.header)

	sc.reason = widget.NewSelectEntry(Reasons(sc.words))
	sc.reason.SetPlaceHolder(sc.t(i18n.OpReasonHint))
	sc.reasonRow = container.NewBorder(nil, nil, widget.NewLabel(sc.t(i18n.OpReason)), nil, sc.reason)

	sc.log = widget.NewLabel("")
	sc.log.Truncation = fyne.TextTruncateEllipsis

	sc.entry = newEntryTab(sc)
	sc.shoe = sc.buildShoe()
	sc.fix = newFixTab(sc)
	sc.limits = newLimitsTab(sc)
	sc.runs = newRunsTab(sc)
	sc.recall = newRecallTab(sc)
	sc.diag = newDiagTab(sc)
	sc.tabs = container.NewAppTabs()
	sc.tabs.OnSelected = func(*container.TabItem) { sc.Update(); sc.restyle() }

	logBox := container.NewVBox(widget.NewSeparator(), sc.log)
	sc.main = container.NewBorder(container.NewVBox(top, sc.reasonRow), logBox, nil, nil, sc.tabs)
}

// arrangeTabs offers the tabs the signed-in role may use.
func (sc *Screen) arrangeTabs() {
	sup := sc.role() == view.OperatorSupervisor
	items := []*container.TabItem{
		container.NewTabItem(sc.t(i18n.OpTabEntry), sc.entry.box),
		container.NewTabItem(sc.t(i18n.OpTabShoe), sc.shoe),
	}
	if sup {
		items = append(items, container.NewTabItem(sc.t(i18n.OpTabCorrections), sc.fix.box), container.NewTabItem(sc.t(i18n.OpTabLimits), sc.limits.box))
	}
	items = append(items, container.NewTabItem(sc.t(i18n.OpTabRuns), sc.runs.box), container.NewTabItem(sc.t(i18n.OpTabRecall), sc.recall.box))
	if sc.opt.Diagnostics != nil {
		items = append(items, container.NewTabItem(sc.t(i18n.OpTabDiag), sc.diag.box))
	}
	sc.tabs.SetItems(items)
	sc.tabs.SelectIndex(0)
	for _, o := range []fyne.CanvasObject{sc.reasonRow, sc.exitBtn, sc.shoeSup} {
		if sup {
			o.Show()
		} else {
			o.Hide()
		}
	}
	if sc.opt.ExitKiosk == nil {
		sc.exitBtn.Hide()
	}
	sc.limits.prefill(sc.c.Snapshot())
}

func (sc *Screen) exitKiosk() {
	if !(sc.role() == view.OperatorSupervisor) || sc.opt.ExitKiosk == nil {
		sc.c.Say(opwords.M(i18n.LogNeeds, opwords.M(i18n.OpExitKiosk), opwords.M(i18n.OpSupervisor)))
		sc.Update()
		return
	}
	sc.ask(sc.t(i18n.OpAskExit), sc.t(i18n.OpExitKiosk), func() {
		if sc.role() == view.OperatorSupervisor {
			sc.opt.ExitKiosk()
		}
	})
}

// ask puts a question in place of the tabs, with a Cancel button and one that does yes: the
// confirmation before an action that cannot be taken back at the table (Exit kiosk, Change
// now, Close the table). Cancel, Escape and a sign-out (idle or not) answer no.
func (sc *Screen) ask(question, yes string, do func()) {
	q := widget.NewLabelWithStyle(question, fyne.TextAlignCenter, fyne.TextStyle{Bold: true}) // lines broken by hand
	q.SizeName = theme.SizeNameSubHeadingText
	no := widget.NewButton(sc.t(i18n.OpCancel), func() { sc.endAsk(); sc.focus() })
	ok := widget.NewButton(yes, func() {
		sc.endAsk()
		do()
		sc.Update()
		sc.focus()
	})
	ok.Importance = widget.DangerImportance
	buttons := container.NewGridWithColumns(2, no, ok)
	sc.asking = true
	sc.root.Objects = []fyne.CanvasObject{container.NewPadded(container.NewBorder(nil, buttons, nil, nil, container.NewCenter(q)))}
	sc.root.Refresh()
	sc.restyle()
}

// endAsk takes a confirmation off screen and puts back the tab it was asked from.
func (sc *Screen) endAsk() {
	if !sc.asking {
		return
	}
	sc.asking = false
	sc.root.Objects = []fyne.CanvasObject{sc.main}
	sc.root.Refresh()
	sc.restyle()
}

// reasonText is the reason given on screen, as the journal keeps it (RecordedReason).
func (sc *Screen) reasonText() string { return RecordedReason(sc.words, sc.reason.Text) }

// do sends a request with the reason chosen on screen (a supervisor's request takes it) and
// redraws.
func (sc *Screen) do(r view.Request) error {
	out, err := sc.c.Send(r, sc.reasonText())
	if err == nil && out.Reasoned {
		sc.reason.SetText("")
	}
	sc.Update()
	return err
}

// Update redraws from a fresh snapshot of the table.
func (sc *Screen) Update() {
	if sc.role() == view.OperatorNone {
		return
	}
	snap := sc.c.Snapshot()
	g := snap.Game
	where := sc.t(i18n.ShoeNo, g.Shoe) + " · " + sc.t(i18n.CoupNo, g.Coup)
	if g.Shoe == 0 {
		where = sc.t(i18n.OpNoShoe)
	}
	signed, who, name := sc.c.Signed()
	role := sc.t(i18n.OpDealer)
	if signed == view.OperatorSupervisor {
		role = sc.t(i18n.OpSupervisor)
	}
	if name != "" {
		who += " " + name
	}
	sc.header.SetText(fmt.Sprintf("%s · %s · %s · %s %s", snap.Name, snap.Game.Profile, where, role, who))
	// Only the tab on screen is redrawn; the others are redrawn when selected.
	if sel := sc.tabs.Selected(); sel != nil {
		switch sel.Content {
		case sc.entry.box:
			sc.entry.update(snap, sc.words)
		case sc.fix.box:
			sc.fix.update(snap)
		case sc.limits.box:
			sc.limits.update(snap)
		case sc.runs.box:
			sc.runs.update(snap)
		case sc.recall.box:
			sc.recall.update(snap)
		case sc.diag.box:
			sc.diag.update()
		}
		sel.Content.Refresh() // texts changed height: lay the tab out again
	}
	logged := sc.c.Lines()
	lines := make([]string, len(logged))
	for i, l := range logged {
		lines[i] = l.In(sc.words)
	}
	if n := len(lines); n > logLines {
		lines = lines[n-logLines:]
	}
	for len(lines) < logLines {
		lines = append(lines, "")
	}
	sc.log.SetText(strings.Join(lines, "\n"))
}

// logLines is how many of the latest log lines the strip under the tabs shows: an action's
// refusal and what to do about it, with room for one more, and the rest of the height for
// the tabs.
const logLines = 3

// ---- Entry: cards by keypad, reveal ----

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
	t.pending.SetText(t.typed().In(w))
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

// ---- Shoe ----

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

// ---- Corrections ----

type fixTab struct {
	box fyne.CanvasObject
	// roundN is the number of a finished round of the shoe, for Void round and Dispute round.
	roundN  *widget.Entry
	dispute *widget.Button // Dispute round: at a baccarat table only (Red Dog's core has no dispute)
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
	if snap.RedDog != nil {
		t.dispute.Hide() // the desk refuses "!dispute" at Red Dog: not offered
	} else {
		t.dispute.Show()
	}
	var rows []fyne.CanvasObject
	for _, a := range snap.Alerts {
		id := a.ID
		l := widget.NewLabel(a.Raised.Format("15:04") + " " + a.Text)
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

// earliestOf finds in a refusal of a change's time (too soon for the book's notice, in the
// past, or before a change already posted) the earliest time the board allows.
func earliestOf(err error) (time.Time, bool) { return engine.Earliest(err) }
