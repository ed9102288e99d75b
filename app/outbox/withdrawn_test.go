package outbox

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/coupboard/coupboard/pitwire/schema"
)

// TestFeedCarriesWithdrawnChanges: a !withdraw the table's rules accept, at a baccarat and a
// Red Dog table, is journalled with one withdrawn event per change it took off the sign,
// right after the command, and published as a withdrawn message naming the change of the
// notices it withdraws, what it would have changed and the book's rule; each fits its JSON
// Schema and the board's decoder. A !withdraw the rules refuse (a later change posted)
// publishes nothing.
func TestFeedCarriesWithdrawnChanges(t *testing.T) {
	set := schemas(t)
	for _, tc := range []struct {
		name   string
		redDog bool
		inputs []string
		want   []string // per withdrawn message: change|effective|kinds|rule
	}{
		{"baccarat: the later change first, then the raise; the raise refused before", false, []string{
			"!limits at=20:30 player=50-5000 banker=50-5000",
			"!close at=23:00",
			"!withdraw at=20:30", // refused: the closing was posted after it (000 7.7, 13.7)
			"!withdraw at=23:00",
			"!withdraw at=2026-11-26T20:30:00",
		}, []string{"2|23:00|close|000 7.7, 13.7", "1|20:30|raise_minimum|000 7.7, 13.7"}},
		{"red dog: a higher minimum withdrawn", true, []string{
			"!limits at=20:45 bet=20-1000",
			"!withdraw at=20:45",
		}, []string{"1|20:45|raise_minimum|003 6.4, 10.7"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			loop, j, id, ctx := startGame(t, tc.redDog, evening)
			cmdSeq := map[int64]string{}
			for _, line := range tc.inputs {
				r := loop.Do(ctx, table.Msg{Input: cmd(t, line), Source: journal.SourceOperator, Actor: journal.Actor{Role: "pit", ID: "S7"}, Reason: "evening limits"})
				if r.Err != nil {
					t.Fatal(r.Err)
				}
				cmdSeq[r.Records[0].Seq] = line
			}
			var got []string
			for _, m := range feedOf(t, set, j, id, pitwire.TypeWithdrawn) {
				w := m.Withdrawn
				got = append(got, strings.Join([]string{strconv.Itoa(w.Change), w.Effective.Format("15:04"), strings.Join(w.Kinds, " "), w.Rule}, "|"))
				if line := cmdSeq[int64(m.Seq)-1]; !strings.HasPrefix(line, "!withdraw") || !w.Posted.Equal(evening) {
					t.Errorf("withdrawn change %d at seq %d, posted %v: not right after its !withdraw (%q)", w.Change, m.Seq, w.Posted, line)
				}
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("withdrawn on the feed:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// evening is when the feed tests' tables open: 2026-11-26 20:00 UTC.
var evening = time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)

// schemas is the feed's JSON Schemas, compiled.
func schemas(t *testing.T) *schema.Set {
	t.Helper()
	set, err := schema.Compile()
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// startGame is startLoop with the feed tests' table: Red Dog's (rdSetup) when redDog, else
// baccarat's bac7 (vic, AUD).
func startGame(t *testing.T, redDog bool, start time.Time) (loop *table.Loop, j *journal.Journal, id string, ctx context.Context) {
	t.Helper()
	var rd *table.RedDogSetup
	if redDog {
		s := rdSetup()
		rd = &s
	}
	return startLoop(t, bacSetup("bac7", "Baccarat 7", engine.ProfileVic2002, "AUD"), rd, start)
}

// feedOf is table id's feed read from the start of its journal j: its messages of types (all
// of them when none is given), in order, each checked to fit its JSON Schema and the board's
// decoder (fitsSchema).
func feedOf(t *testing.T, set *schema.Set, j *journal.Journal, id string, types ...pitwire.Type) []pitwire.Message {
	t.Helper()
	msgs, err := New(j, id).After(0, 100000)
	if err != nil {
		t.Fatal(err)
	}
	var out []pitwire.Message
	for _, m := range msgs {
		if len(types) == 0 || slices.Contains(types, m.Type) {
			fitsSchema(t, set, m)
			out = append(out, m)
		}
	}
	return out
}

// fitsSchema checks that message m, encoded, fits the JSON Schema of its type and the board's
// decoder, and returns its JSON.
func fitsSchema(t *testing.T, set *schema.Set, m pitwire.Message) []byte {
	t.Helper()
	data, err := pitwire.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := set.Validate(data, string(m.Type)); err != nil {
		t.Errorf("%s fails its schema: %v", data, err)
	}
	if _, err := pitwire.Decode(data); err != nil {
		t.Errorf("%s: %v", data, err)
	}
	return data
}
