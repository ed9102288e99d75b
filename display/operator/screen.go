package operator

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/opwords"
	"github.com/coupboard/coupboard/display/view"
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
	words i18n.Catalogue
	// currency is the table's currency symbol as the last snapshot had it (view.Operator's
	// Currency): the log's amounts are written in it.
	currency string
	langBtn  *widget.Button
	over     *container.ThemeOverride // the enlarged theme over root (restyle re-applies it)

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

// Recheck signs the operator out at once when the pit's directory no longer has them active
// (deactivated while signed in), shows the PIN pad with why, and reports whether it did. The
// app calls it on the Fyne goroutine each time the table's copy of the directory changes.
func (sc *Screen) Recheck() bool {
	why, out := sc.c.Recheck()
	if !out {
		return false
	}
	sc.Reset()
	sc.pinMsg.SetText(why.In(sc.words, sc.currency))
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

// The signed-in frame: the bar, the reason row, the tabs and the log strip.

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
	sc.currency = snap.Currency
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
		lines[i] = l.In(sc.words, sc.currency)
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
