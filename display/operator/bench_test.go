package operator

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	opctl "github.com/coupboard/coupboard/app/operator"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/themes"
	"github.com/coupboard/coupboard/themes/fynetheme"
)

// midShoe is a table state 60 coups into a vic-baccarat-2002 shoe with runs, dealt from rank-only
// cards cycling A..K (so no rank runs out of the 8 decks).
func midShoe(b *testing.B) (*table.State, time.Time) {
	b.Helper()
	s := setupFor(b, "vic-baccarat-2002", "runs=true")
	st, err := table.NewState(s)
	if err != nil {
		b.Fatal(err)
	}
	now := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	apply := func(in engine.Input) {
		st.Apply(table.Input{Game: &in}, now)
		now = now.Add(time.Second)
	}
	apply(engine.WordInput(engine.TokShoe, 0))
	rank := 0
	for len(st.Rounds()) < 60 {
		rank = rank%13 + 1
		apply(engine.CardInput(engine.Card{Rank: engine.Rank(rank)}, engine.PosNone, engine.SourceManual))
	}
	return st, now
}

// BenchmarkSnapshotOf is the cost, on the table loop's goroutine, of the copy the operator screen draws.
func BenchmarkSnapshotOf(b *testing.B) {
	st, now := midShoe(b)
	b.ReportAllocs()
	for b.Loop() {
		opctl.SnapshotOf(st, now)
	}
}

// frozen is a Table that always shows the same snapshot (Do is not used by the benchmark).
type frozen struct{ snap view.Operator }

func (f frozen) Do(table.Msg) table.Result { return table.Result{} }
func (f frozen) Snapshot() view.Operator   { return f.snap }

// BenchmarkScreenUpdate is one redraw of the signed-in operator screen from a mid-shoe snapshot
// (what every key press and every action costs on the Fyne goroutine, besides the table's work).
func BenchmarkScreenUpdate(b *testing.B) {
	st, now := midShoe(b)
	a := test.NewTempApp(b)
	th := fynetheme.New(themes.Classic())
	a.Settings().SetTheme(th)
	snap := opctl.SnapshotOf(st, now)
	s, err := opctl.NewSession(guard(b), frozen{snap}, snap.Currency, func() time.Time { return now })
	if err != nil {
		b.Fatal(err)
	}
	sc := NewScreen(s, Options{Theme: th})
	w := test.NewTempWindow(b, sc)
	w.Resize(fyne.NewSize(1280, 800))
	if _, err := s.SignIn("4", supervisorPIN); err != nil {
		b.Fatal(err)
	}
	sc.show()
	b.ReportAllocs()
	for b.Loop() {
		sc.Update()
	}
}

// BenchmarkCardEntryDurable is a card typed on the keypad and confirmed, through a real table
// loop, until its input is synced in the journal: the latency a dealer waits for per card.
func BenchmarkCardEntryDurable(b *testing.B) {
	lt := newLiveTable(b, "vic-baccarat-2002")
	s, err := opctl.NewSession(guard(b), lt, lt.setup.Currency, lt.clock.Now)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.SignIn("17", dealerPIN); err != nil {
		b.Fatal(err)
	}
	if _, err := s.Do(opctl.WordAction(engine.TokShoe, 0, "")); err != nil {
		b.Fatal(err)
	}
	rank, dealt := 0, 0
	b.ReportAllocs()
	for b.Loop() {
		if dealt++; dealt == 300 { // a new shoe well before 8 decks run out
			b.StopTimer()
			if _, err := s.Do(opctl.WordAction(engine.TokShoe, 0, "")); err != nil {
				b.Fatal(err)
			}
			dealt = 0
			b.StartTimer()
		}
		rank = rank%13 + 1
		if _, err := s.Do(opctl.CardAction(engine.Card{Rank: engine.Rank(rank)})); err != nil {
			b.Fatal(err)
		}
	}
}
