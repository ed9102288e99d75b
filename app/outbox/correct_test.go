package outbox

import (
	"reflect"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/coupboard/coupboard/pitwire/schema"
)

// TestFeedCarriesCorrectedRound: a finished round the supervisor corrects after the fact
// ("!reconstruct N …", issue 21) is published once as round_corrected, with the round as
// corrected, the result it replaces (the round as dealt, or the previous correction) and the
// rule; never as a second round N. The rounds after it keep their pace: the correction is
// not a hand dealt. Each message fits its JSON Schema and the board's decoder.
func TestFeedCarriesCorrectedRound(t *testing.T) {
	set, err := schema.Compile()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)
	type correction struct{ winner, replaces string }
	tests := []struct {
		name  string
		lines []string // after rounds 1 and 2 (9S 2C KD 5H 4S 3D, 7H 6S KD TC), then round 3
		want  []correction
	}{
		{"round 1 corrected", []string{"!dispute 1", "!reconstruct 1 2C 9H 3C TD"}, []correction{{"B", "dealt"}}},
		{"round 1 corrected twice", []string{"!dispute 1", "!reconstruct 1 2C 9H 3C TD", "!dispute 1", "!reconstruct 1 6S 3D 2H 5C"},
			[]correction{{"B", "dealt"}, {"T", "previous"}}},
		{"round 2 disputed and confirmed: nothing corrected", []string{"!dispute 2"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			loop, j, id, ctx := startLoop(t, bacSetup("bac7", "Baccarat 7", engine.ProfileVic2002, "AUD"), nil, start)
			do := func(in table.Input) {
				t.Helper()
				m := table.Msg{Input: in, Source: journal.SourceShoe}
				if in.Command != nil || in.Game != nil && in.Game.Kind == engine.InAcceptReview {
					m.Source, m.Actor, m.Reason = journal.SourceOperator, journal.Actor{Role: "supervisor", ID: "S7"}, "the cards on the layout"
				}
				if r := loop.Do(ctx, m); r.Err != nil || r.Refused != nil {
					t.Fatalf("%+v: %v / %v", in, r.Err, r.Refused)
				}
			}
			deal := func(src string) {
				toks, err := engine.ParseScript(src)
				if err != nil {
					t.Fatal(err)
				}
				for _, tok := range toks {
					in := engine.TokenInput(tok)
					do(table.Input{Game: &in})
				}
			}
			deal("shoe 9S 2C KD 5H 4S 3D 7H 6S KD TC")
			for _, line := range tc.lines {
				do(cmd(t, line))
			}
			if tc.want == nil { // the dispute confirmed: the round stands as dealt
				in := engine.InAcceptReviewInput()
				do(table.Input{Game: &in})
			}
			deal("9D 8C KS TH")
			msgs, err := New(j, id).After(0, 1000)
			if err != nil {
				t.Fatal(err)
			}
			var rounds []pitwire.Round
			var got []pitwire.Message
			for _, m := range msgs {
				data, err := pitwire.Encode(m)
				if err != nil {
					t.Fatal(err)
				}
				if err := set.Validate(data, string(m.Type)); err != nil {
					t.Errorf("%s fails its schema: %v", data, err)
				}
				switch m.Type {
				case pitwire.TypeRound:
					rounds = append(rounds, *m.Round)
					if m.Round.N == 3 && (m.Pace == nil || m.Pace.HandsPerHour != 3) {
						t.Errorf("round 3's pace %+v, want 3 hands per hour: a correction is not a hand", m.Pace)
					}
				case pitwire.TypeRoundCorrected:
					got = append(got, m)
				}
			}
			if len(rounds) != 3 || rounds[0].N != 1 || rounds[1].N != 2 || rounds[2].N != 3 {
				t.Fatalf("rounds %+v, want 1, 2 and 3 once each", rounds)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("%d corrections on the feed, want %d: %+v", len(got), len(tc.want), got)
			}
			for i, w := range tc.want {
				c := got[i].Corrected
				replaced := rounds[0]
				if w.replaces == "previous" {
					replaced = got[i-1].Corrected.Round
				}
				if c.Round.N != 1 || c.Round.Winner != w.winner || c.Rule != "13.10" && c.Rule != "000 13.10" || !reflect.DeepEqual(c.Replaces, replaced) || got[i].Shoe != 1 || got[i].Pace != nil {
					t.Errorf("correction %d: %+v (shoe %d, pace %+v), want round 1 won by %s replacing %+v under 13.10", i, *c, got[i].Shoe, got[i].Pace, w.winner, replaced)
				}
				// Published once: after the bus acknowledged it, it is not sent again.
				again, err := New(j, id).After(got[i].Seq, 1000)
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range again {
					if m.Seq <= got[i].Seq || m.Type == pitwire.TypeRoundCorrected && m.Seq == got[i].Seq {
						t.Errorf("after %d: message %d sent again", got[i].Seq, m.Seq)
					}
				}
			}
		})
	}
}

// TestCorrectionOverARealBus: a table corrects round 1 after the fact; through its journal,
// a real embedded NATS server and the subscriber, the board's roads, statistics and last
// result follow the corrected round (a tie dealt, a Banker win corrected), and the board
// never sees a second round 1.
func TestCorrectionOverARealBus(t *testing.T) {
	srv, ctx := startBus(t)
	loop, pub := tableOnBus(t, ctx, srv)
	if err := loop.Script("shoe 9S 2C KD 5H 4S 3D 7H 6S KD TC"); err != nil {
		t.Fatal(err)
	}
	board := watchBoard(t, srv)
	// wait applies the bus's messages to the board until it shows codes, and returns the
	// corrections it saw.
	wait := func(codes string) (corrections int) {
		t.Helper()
		board.wait("bac7", codes, func(tb *pitmodel.Table) bool { return tb.Codes() == codes }, func(m pitwire.Message) {
			if m.Type == pitwire.TypeRoundCorrected {
				corrections++
			}
		})
		return corrections
	}
	wait("TP") // round 1 a tie, round 2 a Player win
	for _, line := range []string{"!dispute 1", "!reconstruct 1 2C 9H 3C TD"} {
		r := loop.Loop.Do(ctx, table.Msg{Input: cmd(t, line), Source: journal.SourceOperator, Actor: journal.Actor{Role: "supervisor", ID: "S7"}, Reason: "the cards on the layout"})
		if r.Err != nil || r.Refused != nil {
			t.Fatalf("%s: %v / %v", line, r.Err, r.Refused)
		}
	}
	if n := wait("BP"); n != 1 {
		t.Fatalf("%d corrections reached the board, want 1", n)
	}
	tb, _ := board.board.Table("bac7")
	if st := tb.Stats(); st.Banker != 1 || st.Player != 1 || st.Tie != 0 || tb.Roads.Rounds() != 2 || tb.Last.N != 2 || tb.Last.Winner != "P" {
		t.Fatalf("after the correction: stats %+v, %d rounds, last %+v", st, tb.Roads.Rounds(), tb.Last)
	}
	if st := pub.Stats(); st.Invalid != 0 {
		t.Fatalf("publisher skipped invalid records: %+v", st)
	}
}
