package operator

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/journal"
	opctl "github.com/coupboard/coupboard/app/operator"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
	"github.com/coupboard/coupboard/internal/testclock"
	"github.com/coupboard/coupboard/themes"
	"github.com/coupboard/coupboard/themes/fynetheme"
)

// liveRedDog is the operator controller's Table over a REAL Red Dog loop (table.Start) and journal.
type liveRedDog struct {
	t     testing.TB
	l     *table.Loop
	j     *journal.Journal
	clock *testclock.Clock
}

func newLiveRedDog(t testing.TB) *liveRedDog {
	t.Helper()
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	j, err := journal.Open(filepath.Join(t.TempDir(), "t1.db"), journal.Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	setup := table.RedDogSetup{ID: "t1", Name: "RD-02", Profile: reddog.VicRedDog1997(), Currency: "$",
		Bet: engine.WagerLimit{Min: 1000, Max: 100000, Multiple: 500}}
	run := startLoop(t, j, func(o table.Options) (*table.Loop, error) { return table.NewRedDogLoop(setup, j, o) }, c)
	return &liveRedDog{t: t, l: run.Loop, j: j, clock: c}
}

func (lt *liveRedDog) Do(m table.Msg) table.Result {
	return lt.l.Do(context.Background(), m)
}

// inspect runs fn with the Red Dog machine on the loop's goroutine.
func (lt *liveRedDog) inspect(fn func(*table.RedDog)) {
	err := lt.l.Inspect(context.Background(), func(m table.Machine) {
		rd, ok := m.(*table.RedDog)
		if !ok {
			lt.t.Errorf("the loop's machine is %T", m)
			return
		}
		fn(rd)
	})
	if err != nil {
		lt.t.Fatal(err)
	}
}

func (lt *liveRedDog) Snapshot() view.Operator {
	var s view.Operator
	lt.inspect(func(rd *table.RedDog) { s = opctl.SnapshotOfRedDog(rd, lt.clock.Now()) })
	return s
}

// TestKeypadDrivesRedDog: the dealer's keypad enters a Red Dog shoe by hand; the cards reach
// the boxes in dealing order (003 7.1.2, 7.1.3, 7.2), are journalled as manual input, and a
// card the rules refuse is reported on the operator's log and stops the rest.
func TestKeypadDrivesRedDog(t *testing.T) {
	lt := newLiveRedDog(t)
	s, err := opctl.NewSession(guard(t), lt, "$", lt.clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SignIn("17", dealerPIN); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do(opctl.WordAction(engine.TokShoe, 0, "")); err != nil {
		t.Fatal(err)
	}
	for _, k := range "QC\r" + "3H9S5D\r" + "JCJD" { // the burn; a spread of 5 won; a pair
		if k == '\r' {
			s.Confirm()
			continue
		}
		s.Press(k)
	}
	s.Confirm()
	var scr view.Screen
	lt.inspect(func(rd *table.RedDog) { scr = rd.Screen(lt.clock.Now(), view.LinkManual) })
	h := scr.RedDog.History
	if len(h) != 1 || h[0].Coup.Outcome != view.RedDogWin || h[0].Coup.Spread != 5 {
		t.Errorf("history %+v: want round 1 won on a spread of 5", h)
	}
	if c := scr.Coup.RedDog; c == nil || c.Kind != view.RedDogPair || len(c.Right) != 1 || len(c.Left) != 1 || len(c.Centre) != 0 {
		t.Errorf("boxes %+v: want a pair in the right and left boxes", c)
	}
	if len(s.Keypad().Pending()) != 0 {
		t.Errorf("cards left pending: %v", s.Keypad().Pending())
	}
	snap := s.Table().Snapshot()
	if snap.Game.Shoe != 1 || snap.Game.Coup != 2 || !snap.Game.InCoup || snap.Sign.Sign.Player.Min != 1000 || snap.Notices.MinMinutes != 20 {
		t.Errorf("snapshot game %+v sign %+v notices %+v", snap.Game, snap.Sign.Sign, snap.Notices)
	}

	// "nobet" does not exist at Red Dog: refused, with the reason on the log.
	s.SignOut()
	if _, err := s.SignIn("4", supervisorPIN); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do(opctl.WordAction(engine.TokNoBet, 0, "players asked")); err != nil {
		t.Fatal(err)
	}
	log := s.Log()
	if !slices.ContainsFunc(log, func(l string) bool {
		return strings.HasPrefix(l, "REFUSED:") && strings.Contains(l, "no round without wagers")
	}) {
		t.Errorf("log %q: want the refusal of nobet", log)
	}
}

// TestOperatorScreenOnRedDog: every tab of the operator screen draws over a Red Dog table, for
// a supervisor, with a round in progress and a notice posted (it must not fail on a snapshot
// without baccarat state).
func TestOperatorScreenOnRedDog(t *testing.T) {
	lt := newLiveRedDog(t)
	a := test.NewTempApp(t)
	th := fynetheme.New(themes.Classic())
	a.Settings().SetTheme(th)
	s, err := opctl.NewSession(guard(t), lt, "$", lt.clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	sc := NewScreen(s, Options{Theme: th, Close: func() {}, ExitKiosk: func() {}})
	w := test.NewTempWindow(t, sc)
	w.Resize(fyne.NewSize(1280, 800))
	test.Type(sc, "4\n"+supervisorPIN+"\n")
	if s.Role() != access.Supervisor {
		t.Fatalf("signed in as %s", s.Role())
	}
	if _, err := s.Do(opctl.WordAction(engine.TokShoe, 0, "new shoe")); err != nil {
		t.Fatal(err)
	}
	for _, k := range "QC\r4S8D" {
		if k == '\r' {
			s.Confirm()
			continue
		}
		s.Press(k)
	}
	s.Confirm()
	closing := engine.Change{At: lt.clock.Now().Add(30 * time.Minute), Close: true}
	if _, err := s.Do(opctl.ScheduleAction(closing, "end of session")); err != nil {
		t.Fatal(err)
	}
	if len(sc.tabs.Items) < 2 {
		t.Fatalf("%d tabs", len(sc.tabs.Items))
	}
	for _, it := range sc.tabs.Items {
		sc.tabs.Select(it)
		n := 0
		walk(w.Content(), func(fyne.CanvasObject) { n++ })
		if n == 0 {
			t.Errorf("tab %q draws nothing", it.Text)
		}
	}
	if snap := s.Table().Snapshot(); len(snap.Sign.Notices) != 1 || !snap.Game.InCoup {
		t.Errorf("snapshot notices %+v, in round %v", snap.Sign.Notices, snap.Game.InCoup)
	}
}
