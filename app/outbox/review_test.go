package outbox

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
)

// TestFeedCarriesUnderReview: a coup held for review is published as held, with the kind of
// each reason and never its words (the shoe's result against the cards names their totals,
// and a coup held before its cards are turned must not give them away), and published again as
// resolved once the supervisor confirms, enters or cancels it; for baccarat and Red Dog. Each
// message fits its JSON Schema and the board's decoder.
func TestFeedCarriesUnderReview(t *testing.T) {
	set := schemas(t)
	cards := func(src string) []engine.Input {
		toks, err := engine.ParseScript(src)
		if err != nil {
			t.Fatal(err)
		}
		var out []engine.Input
		for _, tok := range toks {
			out = append(out, engine.TokenInput(tok))
		}
		return out
	}
	doubt := func(k engine.DoubtKind) []engine.Input {
		return []engine.Input{engine.DoubtInput(k, "SEQ 0012 follows 0010")}
	}
	rslt := []engine.Input{engine.ShoeResultInput(engine.ShoeResult{Winner: engine.Player, PlayerTotal: 7, BankerTotal: 7})}
	accept := []engine.Input{engine.InAcceptReviewInput()}
	tests := []struct {
		name   string
		redDog bool
		steps  [][]engine.Input
		want   []pitwire.Review
		never  []string // words of the reasons that must not be on the bus
	}{
		{"a frame lost mid-coup, confirmed", false, [][]engine.Input{cards("shoe 9S 2C KD"), doubt(engine.DoubtLost), cards("5H 4S 3D"), accept}, []pitwire.Review{
			{N: 1, State: pitwire.ReviewHeld, Reasons: []string{"lost"}},
			{N: 1, State: pitwire.ReviewResolved, Resolution: pitwire.ResolutionConfirmed, Rule: "13.10"},
		}, []string{"SEQ", "shoe data lost"}},
		{"the shoe's result against the round just shown, cancelled after the fact", false, [][]engine.Input{cards("shoe 9S 2C KD 5H 4S 3D"), rslt, cards("void 1")}, []pitwire.Review{
			{N: 1, State: pitwire.ReviewHeld, Reasons: []string{"shoe_result"}},
			{N: 1, State: pitwire.ReviewResolved, Resolution: pitwire.ResolutionCancelled, Rule: "13.3"},
		}, []string{"7-7", "contradicts", "5H", "3D"}},
		{"red dog: a frame lost between rounds holds the next, confirmed", true, [][]engine.Input{cards("shoe QC 3H 9S 5D"), doubt(engine.DoubtLost), cards("8D 8S 8H"), accept}, nil, []string{"SEQ", "shoe data lost"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			loop, j, id, ctx := startGame(t, tc.redDog, evening)
			for _, step := range tc.steps {
				for _, in := range step {
					m := table.Msg{Input: table.Input{Game: &in}, Source: journal.SourceShoe}
					if in.Kind == engine.InAcceptReview || in.Kind == engine.InToken && in.Token.Kind == engine.TokVoid {
						m.Source, m.Actor, m.Reason = journal.SourceOperator, journal.Actor{Role: "supervisor", ID: "S7"}, "checked the cards"
					}
					if r := loop.Do(ctx, m); r.Err != nil || r.Refused != nil {
						t.Fatalf("%+v: %v / %v", in, r.Err, r.Refused)
					}
				}
			}
			var got []pitwire.Review
			for _, m := range feedOf(t, set, j, id, pitwire.TypeReview) {
				got = append(got, *m.Review)
				data, err := pitwire.Encode(m)
				if err != nil {
					t.Fatal(err)
				}
				for _, w := range tc.never {
					if strings.Contains(string(data), w) {
						t.Errorf("%q on the bus: %s", w, data)
					}
				}
			}
			if tc.redDog { // Red Dog holds round 2 from its first card: held, then resolved, under 003
				if len(got) != 2 || got[0].N != 2 || got[0].State != pitwire.ReviewHeld || !reflect.DeepEqual(got[0].Reasons, []string{"lost"}) ||
					got[1].N != 2 || got[1].State != pitwire.ReviewResolved || got[1].Resolution != pitwire.ResolutionConfirmed || !strings.HasPrefix(got[1].Rule, "10.") && !strings.HasPrefix(got[1].Rule, "003") {
					b, _ := json.Marshal(got)
					t.Fatalf("reviews %s", b)
				}
				return
			}
			if !reflect.DeepEqual(got, tc.want) {
				b, _ := json.Marshal(got)
				w, _ := json.Marshal(tc.want)
				t.Fatalf("reviews %s\nwant    %s", b, w)
			}
		})
	}
}
