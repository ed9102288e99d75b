package pitmodel

import (
	"reflect"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
)

// correction is table id's message correcting round n of shoe to winner w (as round makes it),
// replacing from's round.
func correction(id string, seq uint64, shoe int, from pitwire.Message, w string) pitwire.Message {
	m := rec(id, seq, pitwire.TypeRoundCorrected, shoe)
	m.Corrected = &pitwire.Correction{Round: *round(id, seq, shoe, from.Round.N, w, "").Round, Replaces: *from.Round, Rule: "000 13.10"}
	return m
}

// TestRoundCorrected: a round corrected after the fact replaces round N on the board: the roads,
// the statistics and the last result are those of a shoe dealt so, the hands per hour stay;
// a correction the board cannot place is refused and changes nothing.
func TestRoundCorrected(t *testing.T) {
	dealt := []pitwire.Message{round("T1", 2, 1, 1, "B", ""), round("T1", 3, 1, 2, "P", ""), round("T1", 4, 1, 3, "B", "")}
	dealt[2].Pace = &pitwire.Pace{HandsPerHour: 70}
	tests := []struct {
		name  string
		extra []pitwire.Message // after the shoe start and the three rounds
		codes string            // the roads after, "" when refused
		last  string
		err   string
	}{
		{"round 2 corrected to a Banker win", []pitwire.Message{correction("T1", 5, 1, dealt[1], "B")}, "BBB", "3:B 3-7", ""},
		{"the last round corrected", []pitwire.Message{correction("T1", 5, 1, dealt[2], "T")}, "BPT", "3:T 6-6", ""},
		{"corrected twice", []pitwire.Message{correction("T1", 5, 1, dealt[0], "P"), correction("T1", 6, 1, dealt[0], "T")}, "TPB", "3:B 3-7", ""},
		{"another shoe", []pitwire.Message{correction("T1", 5, 2, dealt[1], "B")}, "", "", "the table is on shoe 1"},
		{"a round not dealt", []pitwire.Message{correction("T1", 5, 1, round("T1", 5, 1, 4, "P", ""), "B")}, "", "", "no such round"},
		{"a cancelled round", []pitwire.Message{func() pitwire.Message {
			m := rec("T1", 5, pitwire.TypeRound, 1)
			m.Round = &pitwire.Round{N: 2, Kind: engine.KindCancelled}
			return m
		}(), correction("T1", 6, 1, dealt[1], "B")}, "", "", "no result on the board"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := New(Config{})
			mustApply(t, b, started("T1", 1, 1), t0)
			for _, m := range dealt {
				mustApply(t, b, m, t0)
			}
			before := b.Summaries()[0]
			var err error
			for _, m := range tc.extra {
				if _, err = b.Apply(m, t0); err != nil {
					break
				}
			}
			tb, _ := b.Table("T1")
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("Apply = %v, want %q", err, tc.err)
				}
				after := b.Summaries()[0]
				after.LastSeq, before.LastSeq = 0, 0
				if tc.name != "a cancelled round" && !reflect.DeepEqual(after, before) {
					t.Fatalf("a refused correction changed the board:\n%+v\nwas\n%+v", after, before)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			s := b.Summaries()[0]
			if s.Codes != tc.codes || s.Last != tc.last || tb.HandsPerHour != 70 || tb.Roads.Rounds() != 3 {
				t.Fatalf("roads %q, last %q, %d hands per hour, %d rounds; want %q, %q, 70, 3", s.Codes, s.Last, tb.HandsPerHour, tb.Roads.Rounds(), tc.codes, tc.last)
			}
			// The board is the one of a shoe dealt with the corrected results.
			want := New(Config{})
			mustApply(t, want, started("T1", 1, 1), t0)
			for i, c := range tc.codes {
				mustApply(t, want, round("T1", uint64(i+2), 1, i+1, string(c), ""), t0)
			}
			w := want.Summaries()[0]
			w.LastSeq = s.LastSeq
			if !reflect.DeepEqual(s, w) {
				t.Fatalf("corrected board\n%+v\nwant\n%+v", s, w)
			}
			// A resent correction is a duplicate.
			if r, err := b.Apply(tc.extra[len(tc.extra)-1], t0); err != nil || r != Duplicate {
				t.Fatalf("resent correction: %v %v", r, err)
			}
		})
	}
}
