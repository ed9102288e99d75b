package operator

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/journal"
	opctl "github.com/coupboard/coupboard/app/operator"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/internal/testclock"
	"github.com/coupboard/coupboard/internal/testpin"
	"github.com/coupboard/coupboard/themes"
	"github.com/coupboard/coupboard/themes/fynetheme"
)

// The PINs of the tests' guard.
const (
	dealerPIN     = "2468"
	supervisorPIN = "97531"
)

// liveTable is the operator controller's Table over a REAL table loop (table.Start) and
// journal: Do goes through Loop.Do and waits until the input is durable; Snapshot rebuilds the
// state from the journal (table.ReplayState), so what the screen draws is what is on disk.
type liveTable struct {
	t     testing.TB
	setup table.Setup
	j     *journal.Journal
	l     *table.Loop
	clock *testclock.Clock
}

func setupFor(t testing.TB, profile string, settings ...string) table.Setup {
	t.Helper()
	p, err := engine.LookupProfile(profile)
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.ParseSettings(&p, settings)
	if err != nil {
		t.Fatal(err)
	}
	lim := engine.WagerLimit{Min: 2500, Max: 500000, Multiple: 500}
	return table.Setup{ID: "t1", Name: "Baccarat 1", Casino: "Test", Profile: p, Settings: s, Currency: "$",
		Sign: engine.Sign{Player: lim, Banker: lim, Tie: engine.WagerLimit{Min: 500, Max: 50000}, Run: engine.WagerLimit{Min: 500, Max: 10000}}}
}

func newLiveTable(t testing.TB, profile string, settings ...string) *liveTable {
	t.Helper()
	return newLiveTableOf(t, setupFor(t, profile, settings...))
}

// newLiveTableOf is newLiveTable with the table's setup as given (another currency, ...).
func newLiveTableOf(t testing.TB, s table.Setup) *liveTable {
	t.Helper()
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	j, err := journal.Open(filepath.Join(t.TempDir(), "t1.db"), journal.Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	run := startLoop(t, j, func(o table.Options) (*table.Loop, error) { return table.NewBaccaratLoop(s, j, o) }, c)
	return &liveTable{t: t, setup: s, j: j, l: run.Loop, clock: c}
}

// startLoop runs a table loop made by newLoop over j with the test's clock (table.Start), and
// stops it and closes j when the test ends.
func startLoop(t testing.TB, j *journal.Journal, newLoop func(table.Options) (*table.Loop, error), c *testclock.Clock) *table.Running {
	t.Helper()
	run, err := table.Start(newLoop, table.Options{Clock: c.Now, Frame: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := run.Stop(); err != nil {
			t.Error(err)
		}
		if err := j.Close(); err != nil {
			t.Error(err)
		}
	})
	return run
}

func (lt *liveTable) Do(m table.Msg) table.Result {
	return lt.l.Do(context.Background(), m)
}

func (lt *liveTable) Snapshot() view.Operator {
	now := lt.clock.Now()
	st, _, err := table.ReplayState(lt.j, lt.setup, now)
	if err != nil {
		lt.t.Fatalf("replay the journal for a snapshot: %v", err)
	}
	return opctl.SnapshotOf(st, now)
}

// records reads every journal record back.
func (lt *liveTable) records() []journal.Record {
	var out []journal.Record
	if err := lt.j.Scan(0, func(r journal.Record) error { out = append(out, r); return nil }); err != nil {
		lt.t.Fatal(err)
	}
	return out
}

// inputs are the journal's input records (not derived rounds and events), the clean stop aside.
func (lt *liveTable) inputs() []journal.Record {
	var out []journal.Record
	for _, r := range lt.records() {
		switch r.Kind {
		case journal.KindManual, journal.KindOperator, journal.KindShoe:
			out = append(out, r)
		}
	}
	return out
}

// guard is a real PIN guard: 5 wrong PINs lock entry for 5 minutes.
func guard(t testing.TB) *access.Guard {
	t.Helper()
	g, err := access.NewGuard(testpin.Hash(t, dealerPIN), testpin.Hash(t, supervisorPIN), 5, 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// rig is a screen in a test window over a live table.
type rig struct {
	t   *testing.T
	lt  *liveTable
	s   *opctl.Session
	sc  *Screen
	w   fyne.Window
	out []string // what Close and ExitKiosk were called for
}

func newRig(t *testing.T, lt *liveTable, opt Options) *rig {
	t.Helper()
	r := newRigOn(t, lt, lt.clock.Now, opt)
	r.lt = lt
	return r
}

// newRigOn is a screen in a test window over any table (baccarat's or Red Dog's).
func newRigOn(t *testing.T, tb opctl.Table, now func() time.Time, opt Options) *rig {
	t.Helper()
	a := test.NewTempApp(t)
	th := fynetheme.New(themes.Classic())
	a.Settings().SetTheme(th)
	s, err := opctl.NewSession(guard(t), tb, tb.Snapshot().Currency, now)
	if err != nil {
		t.Fatal(err)
	}
	r := &rig{t: t, s: s}
	opt.Theme = th
	opt.Close = func() { r.out = append(r.out, "close") }
	opt.ExitKiosk = func() { r.out = append(r.out, "exit") }
	r.sc = NewScreen(s, opt)
	r.w = test.NewTempWindow(t, r.sc)
	r.w.Resize(fyne.NewSize(1280, 800))
	return r
}

// signIn types the operator id and PIN on the PIN pad, as a numeric keypad would.
func (r *rig) signIn(id, pin string) {
	r.t.Helper()
	test.Type(r.sc, id+"\n"+pin+"\n")
}

// tab selects the tab with this title; it fails the test when the role does not have it.
func (r *rig) tab(title string) {
	r.t.Helper()
	for _, it := range r.sc.tabs.Items {
		if it.Text == title {
			r.sc.tabs.Select(it)
			return
		}
	}
	r.t.Fatalf("no tab %q for %s", title, r.s.Role())
}

func (r *rig) hasTab(title string) bool {
	for _, it := range r.sc.tabs.Items {
		if it.Text == title {
			return true
		}
	}
	return false
}

// button finds the visible button with this label on screen.
func (r *rig) button(label string) fyne.Tappable {
	r.t.Helper()
	var found fyne.Tappable
	walk(r.w.Content(), func(o fyne.CanvasObject) {
		switch b := o.(type) {
		case *widget.Button:
			if b.Text == label && b.Visible() {
				found = b
			}
		case *keyButton:
			if b.Text == label && b.Visible() {
				found = b
			}
		}
	})
	if found == nil {
		r.t.Fatalf("no button %q on screen", label)
	}
	return found
}

// shows reports whether a visible label on screen reads text.
func (r *rig) shows(text string) bool {
	found := false
	walk(r.w.Content(), func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && l.Text == text {
			found = true
		}
	})
	return found
}

func (r *rig) tap(label string) { r.t.Helper(); test.Tap(r.button(label)) }

// walk visits every visible object under o, widgets through their renderers.
func walk(o fyne.CanvasObject, fn func(fyne.CanvasObject)) {
	if o == nil || !o.Visible() {
		return
	}
	fn(o)
	switch v := o.(type) {
	case *fyne.Container:
		for _, c := range v.Objects {
			walk(c, fn)
		}
	case *container.AppTabs:
		if it := v.Selected(); it != nil {
			walk(it.Content, fn)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(v).Objects() {
			walk(c, fn)
		}
	}
}

func (r *rig) capture(name string) {
	r.t.Helper()
	test.AssertImageMatches(r.t, name, r.w.Canvas().Capture())
}
