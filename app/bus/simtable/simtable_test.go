package simtable

import (
	"reflect"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/pitwire"
)

func clock() time.Time { return time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC) }

// play runs a table of the given seed for steps steps and returns its records.
func play(t *testing.T, seed uint64, steps int) []pitwire.Message {
	t.Helper()
	ob := bus.NewMemOutbox("T1", clock)
	tb, err := New(Config{ID: "T1", Seed: seed, Now: clock}, ob)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Open(); err != nil {
		t.Fatal(err)
	}
	for range steps {
		if _, err := tb.Step(); err != nil {
			t.Fatal(err)
		}
	}
	return ob.Records()
}

func TestDeterministic(t *testing.T) {
	a, b, c := play(t, 1, 200), play(t, 1, 200), play(t, 2, 200)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed gave different coups")
	}
	if reflect.DeepEqual(a, c) {
		t.Fatal("different seeds gave the same coups")
	}
}

func TestShoes(t *testing.T) {
	recs := play(t, 7, 2000)
	counts := map[string]int{}
	perShoe := map[int]int{}
	shoe, ended := 0, 0
	for i, m := range recs {
		if m.Seq != uint64(i+1) {
			t.Fatalf("record %d has sequence %d", i, m.Seq)
		}
		switch m.Type {
		case pitwire.TypeShoeStarted:
			if m.Shoe != shoe+1 || m.Limits == nil || m.Status == nil {
				t.Fatalf("shoe_started %+v after shoe %d", m, shoe)
			}
			shoe = m.Shoe
		case pitwire.TypeShoeEnded:
			ended++
		case pitwire.TypeRound:
			perShoe[m.Shoe]++
			if m.Round.N != perShoe[m.Shoe] {
				t.Fatalf("shoe %d: round numbered %d, want %d", m.Shoe, m.Round.N, perShoe[m.Shoe])
			}
			counts[m.Round.Winner]++
		}
	}
	if ended < 20 {
		t.Fatalf("only %d shoes ended in 2000 steps", ended)
	}
	for s := 1; s <= ended; s++ {
		// An eight-deck shoe (416 cards, cut card 14-21 from the end) deals about 80 coups.
		if perShoe[s] < 65 || perShoe[s] > 90 {
			t.Errorf("shoe %d dealt %d coups", s, perShoe[s])
		}
	}
	// The table of play gives Banker 45.86%, Player 44.62%, Tie 9.52% (eight decks).
	n := float64(counts["B"] + counts["P"] + counts["T"])
	for w, want := range map[string]float64{"B": 45.86, "P": 44.62, "T": 9.52} {
		if got := 100 * float64(counts[w]) / n; got < want-3 || got > want+3 {
			t.Errorf("%s won %.2f%% of %v coups, want about %.2f%%", w, got, n, want)
		}
	}
}

func TestClosing(t *testing.T) {
	ob := bus.NewMemOutbox("T1", clock)
	tb, err := New(Config{ID: "T1", Closing: 25 * time.Minute, Now: clock}, ob)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Open(); err != nil {
		t.Fatal(err)
	}
	st := ob.Records()[0].Status
	if st.State != pitwire.StateClosing || !st.ClosesAt.Equal(clock().Add(25*time.Minute)) {
		t.Fatalf("status %+v", st)
	}
	if _, err := New(Config{ID: "bad id"}, ob); err == nil {
		t.Fatal("a bad id was accepted")
	}
}
