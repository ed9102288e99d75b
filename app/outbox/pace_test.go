package outbox

import (
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/internal/testclock"
	"github.com/coupboard/coupboard/pitwire"
)

// roundKey names a round in the oracle: a baccarat round by its shoe and number, a Red Dog
// round by its number over the session.
type roundKey struct{ shoe, n int }

// keyOf is m's round, and whether it is one with a result; ok is false for other messages.
func keyOf(m pitwire.Message) (k roundKey, result, ok bool) {
	switch {
	case m.Round != nil:
		return roundKey{m.Shoe, m.Round.N}, m.Round.Kind != engine.KindCancelled, true
	case m.RedDog != nil:
		return roundKey{0, m.RedDog.N}, m.RedDog.Kind != engine.KindCancelled, true
	}
	return roundKey{}, false, false
}

// oracle is the hands per hour of every round with a result, counted from the messages
// themselves: the rounds with a result in the hour up to it, less those voided before it
// (voided says whether to leave them out, to tell that a void was really met).
func oracle(msgs []pitwire.Message, leaveOutVoided bool) map[uint64]int {
	type counted struct {
		k  roundKey
		at time.Time
	}
	var in []counted
	out := map[uint64]int{}
	for _, m := range msgs {
		k, result, ok := keyOf(m)
		switch {
		case !ok:
		case result:
			in = append(in, counted{k, m.Time})
			n := 0
			for _, c := range in {
				if !c.at.Before(m.Time.Add(-PaceWindow)) && !c.at.After(m.Time) {
					n++
				}
			}
			out[m.Seq] = n
		case leaveOutVoided:
			for i, c := range in {
				if c.k == k {
					in = append(in[:i], in[i+1:]...)
					break
				}
			}
		}
	}
	return out
}

// TestHandsPerHourIncremental: the feed's hands per hour follows the journal record by record
// (no journal query per round) and leaves out a round voided or cancelled after the fact from
// the record of the void on. The figure is the same however the feed is read: all at once, a
// few messages at a time (as the publisher reads it), or from the middle (a publisher
// starting on an acknowledged journal reads the hour before from the journal).
func TestHandsPerHourIncremental(t *testing.T) {
	deck := func(seed int64, n int) string {
		var cards []string
		for d := 0; d < 8; d++ {
			for _, r := range "A23456789TJQK" {
				for _, su := range "SHDC" {
					cards = append(cards, string(r)+string(su))
				}
			}
		}
		rand.New(rand.NewSource(seed)).Shuffle(len(cards), func(i, k int) { cards[i], cards[k] = cards[k], cards[i] })
		return strings.Join(cards[:n], " ")
	}
	for _, tc := range []struct {
		name   string
		redDog bool
		voids  map[int]int // after the round numbered key is finished, void this round
		met    bool        // a void changes some later round's figure
	}{
		{"baccarat, nothing voided", false, nil, false},
		{"baccarat, a recent round voided", false, map[int]int{12: 10}, true},
		{"baccarat, the last round voided, then another", false, map[int]int{15: 15, 20: 19}, true},
		{"baccarat, a round voided more than an hour after it", false, map[int]int{30: 2}, false},
		{"red dog, a round cancelled after it was settled", true, map[int]int{9: 8}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := testclock.New(time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC))
			var rd *table.RedDogSetup
			if tc.redDog {
				s := rdSetup()
				rd = &s
			}
			loop, j, id, ctx := startLoopClock(t, bacSetup("bac7", "Baccarat 7", engine.ProfileVic2002, "AUD"), rd, c.Now)
			send := func(in engine.Input, src string) table.Result {
				t.Helper()
				m := table.Msg{Input: table.Input{Game: &in}, Source: src}
				if src == journal.SourceOperator {
					m.Actor, m.Reason = journal.Actor{Role: "supervisor", ID: "S7"}, "misdeal"
				}
				r := loop.Do(ctx, m)
				if r.Err != nil || r.Refused != nil {
					t.Fatalf("%+v: %v / %v", in, r.Err, r.Refused)
				}
				return r
			}
			toks, err := engine.ParseScript("shoe " + deck(26, 300))
			if err != nil {
				t.Fatal(err)
			}
			rounds := 0
			for _, tok := range toks {
				r := send(engine.TokenInput(tok), journal.SourceShoe)
				c.Add(time.Minute)
				for _, rec := range r.Records {
					if rec.Kind == journal.KindRound || rec.Kind == journal.KindRoundRedDog {
						rounds++
						if v, ok := tc.voids[rounds]; ok {
							send(engine.WordInput(engine.TokVoid, v), journal.SourceOperator)
							c.Add(time.Minute)
						}
					}
				}
			}
			if rounds < 35 {
				t.Fatalf("only %d rounds", rounds)
			}
			all, err := New(j, id).After(0, 100000)
			if err != nil {
				t.Fatal(err)
			}
			want := oracle(all, true)
			check := func(how string, msgs []pitwire.Message) {
				t.Helper()
				n := 0
				for _, m := range msgs {
					w, round := want[m.Seq]
					switch {
					case !round && m.Pace != nil:
						t.Errorf("%s: a pace on record %d (%s)", how, m.Seq, m.Type)
					case round && (m.Pace == nil || m.Pace.HandsPerHour != w):
						t.Errorf("%s: record %d: pace %+v, want %d", how, m.Seq, m.Pace, w)
					case round:
						n++
					}
				}
				if n == 0 {
					t.Errorf("%s: no round read", how)
				}
			}
			reloads := func(how string, o *Journal, want int) {
				t.Helper()
				if o.pacer.reloads != want {
					t.Errorf("%s: the hour was read from the journal %d times, want %d (none per round)", how, o.pacer.reloads, want)
				}
			}
			check("all at once", all)
			// A few at a time, as the publisher reads it, up to the last record read at once:
			// the running loop's once-a-second tick may journal what fell due on its own
			// after that read (the test clock stands 5 hours on), and that is not the question.
			last := all[len(all)-1].Seq
			o := New(j, id)
			var seq uint64
			var some []pitwire.Message
			for seq < last {
				got, err := o.After(seq, 3)
				if err != nil {
					t.Fatal(err)
				}
				if len(got) == 0 {
					break
				}
				for _, m := range got {
					if m.Seq <= last {
						some = append(some, m)
					}
				}
				seq = got[len(got)-1].Seq
			}
			if len(some) != len(all) {
				t.Fatalf("read 3 at a time: %d messages, at once %d", len(some), len(all))
			}
			check("3 at a time", some)
			reloads("3 at a time", o, 0)
			// From the middle, and a message read again (a failed publish) after reading on.
			mid := all[len(all)/2].Seq
			o = New(j, id)
			rest, err := o.After(mid, 100000)
			if err != nil {
				t.Fatal(err)
			}
			check("from the middle", rest)
			reloads("from the middle", o, 1)
			again, err := o.After(mid, 5)
			if err != nil {
				t.Fatal(err)
			}
			check("read again", again)
			more, err := o.After(again[len(again)-1].Seq, 100000)
			if err != nil {
				t.Fatal(err)
			}
			check("read on after reading again", more)
			reloads("read again", o, 2)

			counted := oracle(all, false)
			differ := false
			for s, n := range want {
				differ = differ || counted[s] != n
			}
			if differ != tc.met {
				t.Errorf("a void changed a later round's figure: %v, want %v", differ, tc.met)
			}
		})
	}
}
