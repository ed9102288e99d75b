package operator

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	opctl "github.com/coupboard/coupboard/app/operator"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/coupboard/coupboard/display/i18n"
)

// Touch targets on the kiosk's operator panel: a 10-inch 1280×800 screen is
// sqrt(1280²+800²) = 1509.4 px over 254 mm, 5.94 px a millimetre, so a 9 mm target (the
// guidance for a finger) is 53.5 px: 54 px at Fyne scale 1, which the kiosk runs at.
const (
	panelPxPerMM = 1509.4 / 254.0
	minTargetMM  = 9.0
)

// minTargetPx is the smallest side a touch target may have, in pixels of the 10" panel.
var minTargetPx = float32(math.Ceil(minTargetMM * panelPxPerMM))

func TestMinTargetIs54Pixels(t *testing.T) {
	if minTargetPx != 54 {
		t.Fatalf("9 mm on a 10\" 1280×800 panel: %v px", minTargetPx)
	}
}

// target is one thing a finger can tap or type into, as found on the rendered screen.
type target struct {
	what string
	size fyne.Size
}

// targets lists every visible tappable or focusable object under o, through widget renderers
// (the tab bar's buttons, the radio items and the select's drop-down button included).
func targets(o fyne.CanvasObject) []target {
	var out []target
	var visit func(fyne.CanvasObject)
	visit = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		if strings.HasSuffix(reflect.TypeOf(o).String(), ".scrollBarArea") {
			return // a scroll bar is not a finger's target: a finger drags the list itself
		}
		_, tap := o.(fyne.Tappable)
		_, foc := o.(fyne.Focusable)
		if (tap || foc) && o != fyne.CanvasObject(nil) {
			if _, screen := o.(*Screen); !screen {
				out = append(out, target{what: describe(o), size: o.Size()})
			}
		}
		switch v := o.(type) {
		case *fyne.Container:
			for _, c := range v.Objects {
				visit(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(v).Objects() {
				visit(c)
			}
		}
	}
	visit(o)
	return out
}

func describe(o fyne.CanvasObject) string {
	name := reflect.TypeOf(o).String()
	if v := reflect.ValueOf(o); v.Kind() == reflect.Pointer && v.Elem().Kind() == reflect.Struct {
		for _, f := range []string{"Text", "PlaceHolder", "Label"} {
			if fv := v.Elem().FieldByName(f); fv.IsValid() && fv.Kind() == reflect.String && fv.String() != "" {
				return fmt.Sprintf("%s %q", name, fv.String())
			}
		}
	}
	return name
}

// small lists the targets under o smaller than minTargetPx either way.
func small(o fyne.CanvasObject) (bad []string, n int) {
	for _, tg := range targets(o) {
		n++
		if tg.size.Width < minTargetPx || tg.size.Height < minTargetPx {
			bad = append(bad, fmt.Sprintf("%s %.0f×%.0f", tg.what, tg.size.Width, tg.size.Height))
		}
	}
	return bad, n
}

// Every button, key, entry, check, radio item, select and tab of every tab of the supervisor's
// screen, and of the PIN pad, is at least 9 mm both ways on the 10" panel, at 1280×800 and at
// 1280×720; and the signed-in screen fits both (it does not make the window grow).
func TestEveryTargetAtLeastNineMillimetres(t *testing.T) {
	for _, lang := range i18n.Langs() {
		for _, size := range []fyne.Size{{Width: 1280, Height: 800}, {Width: 1280, Height: 720}} {
			t.Run(fmt.Sprintf("%s/%.0fx%.0f", lang, size.Width, size.Height), func(t *testing.T) {
				targetsIn(t, lang, size)
			})
		}
	}
}

// targetsIn measures the screen in lang at size (TestEveryTargetAtLeastNineMillimetres).
func targetsIn(t *testing.T, lang i18n.Lang, size fyne.Size) {
	w, _ := i18n.New(lang)
	{
		{
			lt := newLiveTable(t, "vic-baccarat-2002", "version=crown", "insurance_no6=true", "runs=true", "style=C")
			r := newRig(t, lt, Options{Diagnostics: &shoeLink{}, Recall: opctl.Recall{Rounds: lt.j}, Language: lang})
			r.w.Resize(size)
			check := func(where string) {
				t.Helper()
				bad, n := small(r.w.Content())
				if n == 0 {
					t.Fatalf("%s: no targets found", where)
				}
				if len(bad) > 0 {
					t.Errorf("%s: %d of %d targets under %.0f px (9 mm):\n  %s", where, len(bad), n, minTargetPx, strings.Join(bad, "\n  "))
				}
				if got := r.w.Canvas().Size(); got.Height > size.Height+0.5 || got.Width > size.Width+0.5 {
					t.Errorf("%s: the window grew to %.0f×%.0f", where, got.Width, got.Height)
				}
				if m := r.sc.MinSize(); m.Height > size.Height || m.Width > size.Width {
					t.Errorf("%s: the screen needs %.0f×%.0f", where, m.Width, m.Height)
				}
			}
			check("PIN pad")
			r.signIn("4", supervisorPIN)
			for _, it := range r.sc.tabs.Items {
				r.sc.tabs.Select(it)
				check("tab " + it.Text)
			}
			for _, ask := range []i18n.Key{i18n.OpExitKiosk, i18n.OpChangeNow, i18n.OpCloseAtButton} {
				r.tab(w.T(i18n.OpTabLimits))
				r.tap(w.T(ask))
				if !r.sc.asking {
					t.Fatalf("%s: no confirmation", w.T(ask))
				}
				check("confirmation of " + w.T(ask))
				r.tap(w.T(i18n.OpCancel))
			}
		}
	}
}

// TestLimitsFitWithoutScrolling: at the smallest panel the screen is made for, 1280×720, the
// Limits tab shows everything it holds (the sign, the new limits, the time with its buttons,
// the players' waiver or, at an ACT table, the settlement method, the closing) without
// scrolling, in each language; and the tabs take the
// height the bar, the reason and the log strip leave (no empty band under them).
func TestLimitsFitWithoutScrolling(t *testing.T) {
	for _, lang := range i18n.Langs() {
		t.Run(string(lang), func(t *testing.T) {
			w, _ := i18n.New(lang)
			// vic: the players' waiver (000 7.7.1); act: the settlement method (001 8.1-8.2).
			for _, profile := range []string{"vic-baccarat-2002", "act-mini-baccarat-2012"} {
				lt := newLiveTable(t, profile)
				r := newRig(t, lt, Options{Language: lang})
				r.w.Resize(fyne.NewSize(1280, 720))
				r.signIn("4", supervisorPIN)
				r.tab(w.T(i18n.OpTabLimits))
				act := profile == "act-mini-baccarat-2012"
				if r.sc.limits.waiverRow.Visible() == act || r.sc.limits.methodRow.Visible() != act {
					t.Fatalf("%s: the waiver row shown %v, the method row %v", profile, r.sc.limits.waiverRow.Visible(), r.sc.limits.methodRow.Visible())
				}
				sc := r.sc.limits.scroll
				if need, have := sc.Content.MinSize().Height, sc.Size().Height; need > have+0.5 {
					t.Errorf("%s: the Limits tab needs %.0f px, has %.0f: it scrolls", profile, need, have)
				}
				if act {
					// Each settlement method's whole words fit the choice (its text, the
					// select's paddings and its arrow, as the select lays them out).
					big := bigTheme{r.sc.opt.Theme}
					pad := big.Size(theme.SizeNameInnerPadding)
					for _, o := range r.sc.limits.method.Options {
						need := fyne.MeasureText(o, big.Size(theme.SizeNameText), fyne.TextStyle{}).Width + 4*pad + big.Size(theme.SizeNameInlineIcon)
						if have := r.sc.limits.method.Size().Width; have < need {
							t.Errorf("the settlement method %q needs %.0f px, the choice is %.0f px wide: cut", o, need, have)
						}
					}
				}
			}
			lt := newLiveTable(t, "vic-baccarat-2002")
			r := newRig(t, lt, Options{Language: lang})
			r.w.Resize(fyne.NewSize(1280, 720))
			r.signIn("4", supervisorPIN)
			r.tab(w.T(i18n.OpTabLimits))
			height := r.w.Canvas().Size().Height
			bottom := r.sc.tabs.Position().Y + r.sc.tabs.Size().Height
			log := r.sc.log.MinSize().Height
			if gap := height - bottom - log; gap > 20 {
				t.Errorf("%.0f px under the tabs are neither tabs nor the log strip (tabs end at %.0f of %.0f, log %.0f px)", gap, bottom, height, log)
			}
		})
	}
}

// With changes posted (a raise of the Player and Banker minimum, which is one Posted line, and
// the closing, another) the Limits tab still shows every control without scrolling on a
// 1280×720 and a 1280×800 panel, in each language, under each book: the act's notice rule,
// which names every kind of change, included.
func TestLimitsWithPostedChangesFit(t *testing.T) {
	for _, lang := range i18n.Langs() {
		w, _ := i18n.New(lang)
		for _, profile := range []string{"vic-baccarat-2002", "act-mini-baccarat-2012"} {
			for _, height := range []float32{720, 800} {
				t.Run(fmt.Sprintf("%s/%s/%.0f", lang, profile, height), func(t *testing.T) {
					lt := newLiveTable(t, profile)
					r := newRig(t, lt, Options{Language: lang})
					r.w.Resize(fyne.NewSize(1280, height))
					r.signIn("4", supervisorPIN)
					r.tab(w.T(i18n.OpTabLimits))
					r.sc.reason.SetText(Reasons(w)[0])
					r.sc.limits.pbMin.SetText("50")
					r.tap(w.T(i18n.OpPostAt)) // at the earliest time the book allows, prefilled
					r.sc.reason.SetText(Reasons(w)[0])
					r.sc.limits.closeAt.SetText("2330")
					r.tap(w.T(i18n.OpCloseAtButton))
					r.tap(w.T(i18n.OpCloseTable))
					snap := lt.Snapshot()
					if len(snap.Scheduled) != 2 {
						t.Fatalf("%d changes posted, want 2; log %q", len(snap.Scheduled), r.sc.log.Text)
					}
					r.sc.Update()
					lines := postedLines(w, snap.Currency, snap.Sign.Notices, false)
					if len(lines) != 2 {
						t.Errorf("%d Posted lines, want 2 (the raise of both minimums is one): %q", len(lines), lines)
					}
					for _, l := range lines {
						if !strings.Contains(r.sc.limits.sign.Text, l) {
							t.Errorf("the tab %q: no %q", r.sc.limits.sign.Text, l)
						}
					}
					sc := r.sc.limits.scroll
					if need, have := sc.Content.MinSize().Height, sc.Size().Height; need > have+0.5 {
						t.Errorf("the Limits tab needs %.0f px, has %.0f: it scrolls", need, have)
					}
				})
			}
		}
	}
}
