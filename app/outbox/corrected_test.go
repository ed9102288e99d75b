package outbox

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/pitwire"
)

// written is one round record for the correction tests: round n of shoe, won by winner on
// totals p/b, corrected (journal.Round.Corrected) or as dealt.
type written struct {
	shoe      int64
	n         int
	p, b      int
	corrected bool
}

// card is the code of a card of points 0-9 in suit.
func card(points int, suit string) string {
	return string("TA23456789"[points]) + suit
}

// roundsJournal writes rounds, one record each a minute apart, to a new journal and returns it
// with the records as written.
func roundsJournal(tb testing.TB, rounds []written) (*journal.Journal, []journal.Record) {
	tb.Helper()
	j, err := journal.Open(filepath.Join(tb.TempDir(), "t1.db"), journal.Options{Table: "t1"})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { j.Close() })
	start := time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)
	var recs []journal.Record
	for i, w := range rounds {
		winner := "T"
		if w.p > w.b {
			winner = "P"
		} else if w.b > w.p {
			winner = "B"
		}
		jr := journal.Round{N: w.n, Shoe: w.shoe, Player: []string{"KS", card(w.p, "C")}, Banker: []string{"QD", card(w.b, "H")},
			PlayerTotal: w.p, BankerTotal: w.b, Winner: winner, Kind: journal.RoundNormal, Corrected: w.corrected}
		if w.corrected {
			jr.Review = &journal.Review{Reasons: []string{"a dispute"}, Resolution: "entered", Rule: "000 13.10"}
		}
		payload, err := jr.Payload()
		if err != nil {
			tb.Fatal(err)
		}
		recs = append(recs, journal.Record{Time: start.Add(time.Duration(i) * time.Minute), Kind: journal.KindRound, Source: journal.SourceShoe, Shoe: w.shoe, Payload: payload})
	}
	out, err := j.AppendBatch(recs...)
	if err != nil {
		tb.Fatal(err)
	}
	return j, out
}

// TestCorrectionReplaces: a corrected round's message names the result of the newest earlier
// record of its round in its shoe (the round as dealt, or the correction before), however After
// is called: from any record, a few messages at a time or all at once, so that the record it
// replaces is among those After reads or only in the journal before them. A correction of a
// round the journal has no earlier record of is damage: an error naming the round.
func TestCorrectionReplaces(t *testing.T) {
	tests := []struct {
		name   string
		rounds []written
		damage string // the error After must give, "" for none
	}{
		{"corrections of several rounds, one corrected twice", []written{
			{1, 1, 8, 6, false}, {1, 2, 5, 7, false}, {1, 3, 9, 9, false},
			{1, 2, 7, 5, true}, {1, 3, 1, 9, true}, {1, 2, 6, 6, true}, {1, 4, 3, 2, false}, {1, 1, 2, 3, true},
		}, ""},
		{"round 1 of the next shoe is not round 1 of the last", []written{
			{1, 1, 8, 6, false}, {1, 2, 4, 4, false}, {2, 1, 5, 7, false}, {1, 1, 6, 8, true}, {2, 1, 9, 0, true}, {2, 1, 2, 2, true},
		}, ""},
		{"a correction with no round before it", []written{{1, 1, 8, 6, false}, {1, 2, 7, 5, true}}, "corrected round 2 of shoe 1: the journal holds no earlier record of it"},
		{"a correction of a round of another shoe", []written{{1, 1, 8, 6, false}, {2, 1, 7, 5, true}}, "corrected round 1 of shoe 2: the journal holds no earlier record of it"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			j, recs := roundsJournal(t, tc.rounds)
			// want is the result each corrected record replaces, by its sequence: the oracle reads
			// the rounds as written.
			want := map[uint64]pitwire.Round{}
			for i, w := range tc.rounds {
				if !w.corrected {
					continue
				}
				for k := i - 1; k >= 0; k-- {
					if e := tc.rounds[k]; e.shoe == w.shoe && e.n == w.n {
						jr, err := journal.DecodeRound(recs[k].Payload)
						if err != nil {
							t.Fatal(err)
						}
						want[uint64(recs[i].Seq)] = *roundOf(jr)
						break
					}
				}
			}
			for from := range recs {
				for _, batch := range []int{1, 2, 1000} {
					o := New(j, "t1")
					seq := uint64(recs[from].Seq) - 1
					var corrections []pitwire.Message
					var err error
					for {
						var msgs []pitwire.Message
						if msgs, err = o.After(seq, batch); err != nil || len(msgs) == 0 {
							break
						}
						for _, m := range msgs {
							if m.Type == pitwire.TypeRoundCorrected {
								corrections = append(corrections, m)
							}
						}
						seq = msgs[len(msgs)-1].Seq
					}
					if tc.damage != "" {
						if err == nil || !strings.Contains(err.Error(), tc.damage) {
							t.Errorf("from record %d, %d at a time: error %v, want %q", from+1, batch, err, tc.damage)
						}
						continue
					}
					if err != nil {
						t.Fatalf("from record %d, %d at a time: %v", from+1, batch, err)
					}
					n := 0
					for seq := range want {
						if seq >= uint64(recs[from].Seq) {
							n++
						}
					}
					if len(corrections) != n {
						t.Errorf("from record %d, %d at a time: %d corrections, want %d", from+1, batch, len(corrections), n)
					}
					for _, m := range corrections {
						if w, ok := want[m.Seq]; !ok || !reflect.DeepEqual(m.Corrected.Replaces, w) || m.Corrected.Rule != "000 13.10" {
							t.Errorf("from record %d, %d at a time: record %d replaces %+v (rule %q), want %+v", from+1, batch, m.Seq, m.Corrected.Replaces, m.Corrected.Rule, w)
						}
					}
				}
			}
		})
	}
}

// BenchmarkAfterCorrections: the publisher catching up on a shoe of 80 rounds with 20 of them
// corrected after the fact, all at once from the shoe's start (every record a correction
// replaces is among those After reads) and from round 60 on (the records it replaces are
// before them, in the journal).
func BenchmarkAfterCorrections(b *testing.B) {
	var rounds []written
	for n := 1; n <= 80; n++ {
		rounds = append(rounds, written{1, n, n % 10, (n + 3) % 10, false})
	}
	for n := 1; n <= 20; n++ {
		rounds = append(rounds, written{1, n * 3, (n + 5) % 10, n % 10, true})
	}
	j, recs := roundsJournal(b, rounds)
	for _, bc := range []struct {
		name string
		from int // the index of the first record read
		msgs int
	}{{"from the shoe's start", 0, 100}, {"from round 60", 59, 41}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				msgs, err := New(j, "t1").After(uint64(recs[bc.from].Seq)-1, 1000)
				if err != nil || len(msgs) != bc.msgs {
					b.Fatalf("After = %d messages, %v; want %d", len(msgs), err, bc.msgs)
				}
			}
		})
	}
}
