package table

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/internal/testclock"
)

// playMoney plays a coup at the table s into the journal at path whose wagers the rules speak
// of with amounts: one over the maximum, one under the minimum, one off the multiple, one
// refused (not a whole chip), a raised minimum posted with notice; and a Player win.
func playMoney(t *testing.T, path string, s Setup, c *testclock.Clock) {
	t.Helper()
	j := openJournal(t, path)
	defer func() {
		if err := j.Close(); err != nil {
			t.Fatal(err)
		}
	}()
	r := start(t, s, j, c)
	defer r.stop(t)
	r.script(t, "shoe KS")
	for _, line := range []string{
		"!bet 1 player 10000",                            // over the maximum 5000 (000 7.3.2)
		"!bet 2 player 10",                               // under the minimum 25 (000 7.3.1)
		"!bet 3 player 27",                               // off the multiple 5 (000 7.3.3)
		"!bet 4 banker 25.50",                            // not a whole chip: refused
		"!limits at=21:30 player=50-5000 banker=50-5000", // a higher minimum, with notice (000 7.7)
	} {
		items, err := desk.ParseLine(0, line)
		if err != nil {
			t.Fatal(err)
		}
		if res := r.send(t, Input{Command: items[0].Command}, journal.SourceOperator); res.Err != nil {
			t.Fatalf("%s: %v", line, res.Err)
		}
	}
	r.script(t, "9C 2D 9H 3S") // Player 8, Banker 5: Player wins
}

// journalText is every record's reason and payload, one after the other.
func journalText(t *testing.T, j *journal.Journal) string {
	t.Helper()
	var b bytes.Buffer
	if err := j.Scan(0, func(r journal.Record) error {
		b.WriteString(r.Reason + "\n")
		b.Write(r.Payload)
		b.WriteByte('\n')
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestJournalInTheTablesCurrency: a table's journal writes the amounts of its refusals and
// notices in the table's currency: a CNY table's records say no "$", a MOP table's say "MOP$",
// and a dollar table's say "$" as they always did. (A settlement's notes are not journalled:
// they are derived again from the inputs.)
func TestJournalInTheTablesCurrency(t *testing.T) {
	for _, tc := range []struct {
		code     string
		noDollar bool
	}{
		{"CNY", true}, {"MOP", false}, {"AUD", false},
	} {
		c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
		s := setup(t, "vic-baccarat-2002")
		s.Currency, s.CurrencyCode = string(engine.CurrencyOf(tc.code)), tc.code
		path := filepath.Join(t.TempDir(), "t1.db")
		playMoney(t, path, s, c)
		j := openJournal(t, path)
		text := journalText(t, j)
		if err := j.Close(); err != nil {
			t.Fatal(err)
		}
		cur := engine.CurrencyOf(tc.code)
		for _, w := range []string{
			cur.Amount(2550) + " is not a whole number of the smallest chip " + cur.Amount(100), // the refusal
			"Minimum Player changes to " + cur.Amount(5000) + " at 21:30",                       // the notice
		} {
			if !strings.Contains(text, w) {
				t.Errorf("%s table: the journal does not say %q:\n%s", tc.code, w, text)
			}
		}
		if tc.noDollar && strings.Contains(text, "$") {
			t.Errorf("%s table: the journal writes a dollar:\n%s", tc.code, text)
		}
	}
}

// TestOldDollarJournalReplaysAtItsTable: a CNY table's journal written before the engine wrote
// the table's currency (its notes, refusals and notices say "$", as every table's did) replays
// at the table as it is now, cleanly, to the same screen, with no command decided otherwise
// (replay compares a refusal's command and rule, never its words), and its chain verifies: the
// records' schema did not change, only the words in them.
func TestOldDollarJournalReplaysAtItsTable(t *testing.T) {
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	now := setup(t, "vic-baccarat-2002")
	now.Currency, now.CurrencyCode = string(engine.CurrencyOf("CNY")), "CNY"
	before := now
	before.Currency = string(engine.Dollars) // the engine's words before: "$" at every table
	path := filepath.Join(t.TempDir(), "t1.db")
	playMoney(t, path, before, c)

	j := openJournal(t, path)
	defer j.Close()
	if text := journalText(t, j); !strings.Contains(text, "$25.50 is not a whole number of the smallest chip $1") || !strings.Contains(text, "changes to $50") {
		t.Fatalf("the old journal does not have the old words:\n%s", text)
	}
	live, _, err := ReplayState(j, before, c.Now())
	if err != nil {
		t.Fatal(err)
	}
	st, rec, err := ReplayState(j, now, c.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Clean || rec.Coups != 1 || rec.Differ != 0 || rec.Banner() != "" {
		t.Fatalf("recovery of the old journal: %+v, banner %q", rec, rec.Banner())
	}
	a, b := live.Screen(c.Now(), view.LinkConnected), st.Screen(c.Now(), view.LinkConnected)
	if !reflect.DeepEqual(a.Roads, b.Roads) || !reflect.DeepEqual(a.Stats, b.Stats) || a.Header.Coup != b.Header.Coup {
		t.Fatalf("the old journal replays otherwise at the table now:\nthen %+v\nnow  %+v", a, b)
	}
	if v, err := j.Verify(); err != nil || !v.OK() {
		t.Fatalf("audit chain of the old journal: %+v %v", v, err)
	}
}
