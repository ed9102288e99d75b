package sample

import (
	"testing"

	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

func TestStates(t *testing.T) {
	if len(States()) < 10 {
		t.Fatalf("States() = %v", States())
	}
	for _, name := range States() {
		s, err := State(name)
		if err != nil {
			t.Errorf("State(%q): %v", name, err)
			continue
		}
		if s.Now.IsZero() || s.Header.Table == "" || len(s.Sign.Limits) == 0 {
			t.Errorf("State(%q) lacks a clock, a table name or limits", name)
		}
		// A sample never holds a result while a card is face down.
		if r := s.Coup.Result; r != nil {
			for _, c := range append(append([]view.Card(nil), s.Coup.Player...), s.Coup.Banker...) {
				if !c.FaceUp() {
					t.Errorf("State(%q) has a result with a face-down card", name)
				}
			}
			pt, _ := view.HandTotal(s.Coup.Player)
			bt, _ := view.HandTotal(s.Coup.Banker)
			if r.PlayerTotal != pt || r.BankerTotal != bt || r.Winner != engine.Decide(pt, bt) {
				t.Errorf("State(%q): result %+v does not match the cards (%d, %d)", name, r, pt, bt)
			}
		}
	}
	if _, err := State("nonsense"); err == nil {
		t.Error(`State("nonsense") succeeded`)
	}
}

// TestCoupsFollowTheTableau checks that every sample coup was dealt by the drawing rules, so
// no sample shows a coup that could not happen.
func TestCoupsFollowTheTableau(t *testing.T) {
	for _, name := range States() {
		s, err := State(name)
		if err != nil || s.Coup.Result == nil {
			continue
		}
		face := func(cs []view.Card, i int) engine.Card {
			c, _ := cs[i].Face()
			return c
		}
		p, b := s.Coup.Player, s.Coup.Banker
		p2, _ := view.HandTotal(p[:2])
		b2, _ := view.HandTotal(b[:2])
		natural := engine.IsNatural(p2) || engine.IsNatural(b2)
		playerDraws := !natural && engine.PlayerDraws(p2)
		if (len(p) == 3) != playerDraws {
			t.Errorf("%s: Player has %d cards, draws=%v", name, len(p), playerDraws)
		}
		var third engine.Card
		if playerDraws {
			third = face(p, 2)
		}
		bankerDraws := !natural && engine.BankerDraws(b2, playerDraws, third)
		if (len(b) == 3) != bankerDraws {
			t.Errorf("%s: Banker has %d cards, draws=%v", name, len(b), bankerDraws)
		}
	}
}
