package table

import (
	"reflect"
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

func reviewState(t *testing.T) *State {
	t.Helper()
	su := Setup{ID: "t1", Name: "T1"}
	su.Profile, _ = engine.LookupProfile(engine.ProfileVic2002)
	su.Settings, _ = engine.ParseSettings(&su.Profile, nil)
	s, err := NewState(su)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *State) feed(t *testing.T, ins ...engine.Input) {
	t.Helper()
	for _, in := range ins {
		s.Apply(Input{Game: &in}, time.Unix(0, 0))
	}
}

func cardInputs(t *testing.T, codes ...string) []engine.Input {
	t.Helper()
	var out []engine.Input
	for _, c := range codes {
		card, err := engine.ParseCard(c)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, engine.CardInput(card, engine.PosNone, engine.SourceShoe))
	}
	return out
}

// A coup held for review shows its cards and no result, nothing on the roads, and the status
// strip names it; once confirmed it is on the roads with its result.
func TestHeldCoupShowsNoResult(t *testing.T) {
	s := reviewState(t)
	s.feed(t, engine.WordInput(engine.TokShoe, 0))
	s.feed(t, cardInputs(t, "9S", "2C", "KD")...)
	s.feed(t, engine.DoubtInput(engine.DoubtLost, "SEQ 0012 follows 0010"))
	s.feed(t, cardInputs(t, "5H", "4S", "3D")...)
	scr := s.Screen(time.Unix(0, 0), view.LinkConnected)
	if scr.Coup.Result != nil || len(scr.Coup.Player) != 2 || scr.Status.Review != 1 || scr.Stats.Hands != 0 || len(s.Rounds()) != 0 {
		t.Fatalf("held coup: result %v player %d review %d hands %d rounds %d", scr.Coup.Result, len(scr.Coup.Player), scr.Status.Review, scr.Stats.Hands, len(s.Rounds()))
	}
	s.feed(t, engine.InAcceptReviewInput())
	scr = s.Screen(time.Unix(0, 0), view.LinkConnected)
	if scr.Coup.Result == nil || scr.Coup.Result.Winner != engine.Tie || scr.Stats.Hands != 1 || scr.Status.Review != 0 {
		t.Fatalf("after confirm: result %v hands %d review %d", scr.Coup.Result, scr.Stats.Hands, scr.Status.Review)
	}
}

// A round the shoe's result contradicts after it was shown leaves the result banner and the
// roads until the supervisor resolves it; confirmed, it comes back in its place.
func TestDisputedRoundLeavesTheRoads(t *testing.T) {
	s := reviewState(t)
	s.feed(t, engine.WordInput(engine.TokShoe, 0))
	s.feed(t, cardInputs(t, "9S", "2C", "KD", "5H", "4S", "3D")...) // round 1: tie 7-7
	s.feed(t, cardInputs(t, "7H", "6S", "KD", "TC")...)             // round 2: Player 7-6
	s.feed(t, engine.ShoeResultInput(engine.ShoeResult{Winner: engine.Banker, PlayerTotal: 6, BankerTotal: 7}))
	scr := s.Screen(time.Unix(0, 0), view.LinkConnected)
	if scr.Coup.Result != nil || scr.Stats.Hands != 1 || scr.Status.Review != 2 {
		t.Fatalf("disputed: result %v hands %d review %d", scr.Coup.Result, scr.Stats.Hands, scr.Status.Review)
	}
	s.feed(t, engine.InAcceptReviewInput())
	scr = s.Screen(time.Unix(0, 0), view.LinkConnected)
	if scr.Coup.Result == nil || scr.Coup.Result.Winner != engine.Player || scr.Stats.Hands != 2 || scr.Stats.Player != 1 {
		t.Fatalf("after confirm: result %v stats %+v", scr.Coup.Result, scr.Stats)
	}
}

// The supervisor disputes a round already shown and counted (issue 21, `!dispute N`): it
// leaves the roads until resolved, confirmed it comes back, voided it is gone; the command's
// journal payload decodes to the same input, and a replay of the records gives the same screen.
func TestSupervisorDisputeLeavesTheRoads(t *testing.T) {
	dispute := func(n int) Input {
		return Input{Command: &desk.Command{Verb: desk.VerbDispute, Round: n}}
	}
	type step struct {
		in          Input
		hands, prev int // hands on the roads; the round under review (0: none)
	}
	game := func(in engine.Input) Input { return Input{Game: &in} }
	var ins []step
	ins = append(ins, step{game(engine.WordInput(engine.TokShoe, 0)), 0, 0})
	for _, in := range cardInputs(t, "9S", "2C", "KD", "5H", "4S", "3D", "7H", "6S", "KD", "TC") {
		ins = append(ins, step{game(in), -1, 0}) // rounds 1 (tie 7-7) and 2 (Player 7-6)
	}
	ins = append(ins,
		step{dispute(1), 1, 1},
		step{game(engine.InAcceptReviewInput()), 2, 0},
		step{dispute(2), 1, 2},
		step{game(engine.WordInput(engine.TokVoid, 2)), 1, 0},
	)
	live, replayed := reviewState(t), reviewState(t)
	for i, st := range ins {
		live.Apply(st.in, time.Unix(0, 0))
		payload, err := st.in.Encode()
		if err != nil {
			t.Fatalf("step %d: encode: %v", i, err)
		}
		back, err := DecodeInput(payload)
		if err != nil {
			t.Fatalf("step %d: decode %s: %v", i, payload, err)
		}
		replayed.Apply(back, time.Unix(0, 0))
		scr := live.Screen(time.Unix(0, 0), view.LinkConnected)
		if st.hands >= 0 && (scr.Stats.Hands != st.hands || scr.Status.Review != st.prev) {
			t.Fatalf("step %d (%s): hands %d review %d, want %d and %d", i, payload, scr.Stats.Hands, scr.Status.Review, st.hands, st.prev)
		}
		if got := replayed.Screen(time.Unix(0, 0), view.LinkConnected); !reflect.DeepEqual(got, scr) {
			t.Fatalf("step %d (%s): the replayed table differs from the live one", i, payload)
		}
	}
}

// The supervisor enters the cards really dealt for a round under review (issue 21,
// `!reconstruct N …`): the round, the statistics and the roads follow the corrected cards, the
// review ends, and a replay of the journalled commands gives the same screen.
func TestCorrectedRoundOnTheScreen(t *testing.T) {
	cmd := func(c desk.Command) Input { return Input{Command: &c} }
	game := func(in engine.Input) Input { return Input{Game: &in} }
	var cards []engine.Card
	for _, in := range cardInputs(t, "2C", "9H", "3C", "TD") {
		cards = append(cards, in.Token.Card)
	}
	ins := []Input{game(engine.WordInput(engine.TokShoe, 0))}
	for _, in := range cardInputs(t, "9S", "2C", "KD", "5H", "4S", "3D", "7H", "6S", "KD", "TC") {
		ins = append(ins, game(in)) // rounds 1 (tie 7-7) and 2 (Player 7-6)
	}
	ins = append(ins, cmd(desk.Command{Verb: desk.VerbDispute, Round: 1}), cmd(desk.Command{Verb: desk.VerbReconstruct, Round: 1, Cards: cards}))
	live, replayed := reviewState(t), reviewState(t)
	for i, in := range ins {
		live.Apply(in, time.Unix(0, 0))
		payload, err := in.Encode()
		if err != nil {
			t.Fatalf("step %d: encode: %v", i, err)
		}
		back, err := DecodeInput(payload)
		if err != nil {
			t.Fatalf("step %d: decode %s: %v", i, payload, err)
		}
		replayed.Apply(back, time.Unix(0, 0))
		if got, want := replayed.Screen(time.Unix(0, 0), view.LinkConnected), live.Screen(time.Unix(0, 0), view.LinkConnected); !reflect.DeepEqual(got, want) {
			t.Fatalf("step %d (%s): the replayed table differs from the live one", i, payload)
		}
	}
	scr := live.Screen(time.Unix(0, 0), view.LinkConnected)
	if st := scr.Stats; st.Hands != 2 || st.Banker != 1 || st.Player != 1 || st.Tie != 0 || scr.Status.Review != 0 {
		t.Fatalf("after the correction: stats %+v, review %d; want round 1 a Banker win, round 2 a Player win", st, scr.Status.Review)
	}
	if r := live.Rounds()[0]; r.Outcome.Winner != engine.Banker || r.Resolution != engine.ResolvedEntered || live.Roads().Rounds() != 2 {
		t.Fatalf("round 1 %+v, %d rounds on the roads", r, live.Roads().Rounds())
	}
}
