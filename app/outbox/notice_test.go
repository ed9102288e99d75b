package outbox

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/engine/reddog"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/coupboard/coupboard/pitwire/schema"
)

// noticeWant is what one notice on the feed must say.
type noticeWant struct {
	change              int
	item, bet           string
	old, new            int64 // for the items with amounts
	effective           string
	rule                string
	oldSettle, newSettl string
}

// TestFeedCarriesNotices: every notice a command posts on the sign — from the operator screen
// or the pit, baccarat or Red Dog, a change of the limits, a closing or a reopening — is
// journalled with the command and published as a notice message naming the item, the wager,
// the old and new amount, when it takes effect and the rule; each fits its JSON Schema and
// the board's decoder. A refused command posts nothing.
func TestFeedCarriesNotices(t *testing.T) {
	set, err := schema.Compile()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)
	bac, rd := bacSetup("bac7", "Baccarat 7", engine.ProfileVic2002, "AUD"), rdSetup()
	at := func(hm string) time.Time {
		tm, _ := time.Parse("15:04", hm)
		return time.Date(2026, 11, 26, tm.Hour(), tm.Minute(), 0, 0, time.UTC)
	}
	amounts := func(item string) bool {
		return item != pitwire.NoticeClose && item != pitwire.NoticeOpen && item != pitwire.NoticeSettlement
	}
	tests := []struct {
		name    string
		redDog  bool
		inputs  []table.Input
		want    []noticeWant
		profile string // a baccarat book other than vic-baccarat-2002
	}{
		{"baccarat: the pit raises the minimum, then closes the table", false, []table.Input{
			cmd(t, "!limits at=20:30 player=50-5000 banker=50-5000"),
			cmd(t, "!limits at=20:10 tie=10-500"), // too soon: refused (000 7.7), no notice
			cmd(t, "!close at=23:00"),
		}, []noticeWant{
			{change: 1, item: "minimum", bet: "player", old: 2500, new: 5000, effective: "20:30", rule: "000 7.7, s66(2)"},
			{change: 1, item: "minimum", bet: "banker", old: 2500, new: 5000, effective: "20:30", rule: "000 7.7, s66(2)"},
			{change: 2, item: "close", effective: "23:00", rule: "000 13.7"},
		}, ""},
		{"baccarat: a closing and the reopening with a higher Tie maximum", false, []table.Input{
			cmd(t, "!close at=21:00"),
			cmd(t, "!limits at=21:05 player=25-5000 banker=25-5000 tie=5-1000"),
		}, []noticeWant{
			{change: 1, item: "close", effective: "21:00", rule: "000 13.7"},
			{change: 2, item: "open", effective: "21:05"},
			{change: 2, item: "maximum", bet: "tie", old: 50000, new: 100000, effective: "21:05"},
		}, ""},
		{"act: the settlement method, and a lower minimum (001 3.1: notice of every change)", false, []table.Input{
			cmd(t, "!setting at=20:30 settlement=B"),
			cmd(t, "!limits at=20:40 player=10-5000 banker=10-5000"),
		}, []noticeWant{
			{change: 1, item: "settlement", effective: "20:30", rule: "001 8.2", oldSettle: "commission", newSettl: "six_pays_half"},
			{change: 2, item: "minimum", bet: "player", old: 2500, new: 1000, effective: "20:40", rule: "001 3.1"},
			{change: 2, item: "minimum", bet: "banker", old: 2500, new: 1000, effective: "20:40", rule: "001 3.1"},
		}, engine.ProfileACT2012},
		{"red dog: the operator screen's sign and a closing", true, []table.Input{
			{Op: &table.Op{Kind: table.OpSchedule, Change: &engine.Change{At: at("20:45"), Sign: engine.Sign{Player: engine.WagerLimit{Min: 2000, Max: 100000}}}}},
			cmd(t, "!close at=22:00"),
		}, []noticeWant{
			{change: 1, item: "minimum", bet: "bet", old: 1000, new: 2000, effective: "20:45", rule: "003 6.4, s66(2)"},
			{change: 2, item: "close", effective: "22:00", rule: "003 10.7"},
		}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			setup, redDog := bac, (*table.RedDogSetup)(nil)
			if tc.redDog {
				redDog = &rd
			}
			if tc.profile != "" {
				p, _ := engine.LookupProfile(tc.profile)
				s, _ := engine.ParseSettings(&p, nil)
				setup.Profile, setup.Settings = p, s
			}
			loop, j, id, ctx := startLoop(t, setup, redDog, start)
			var inputSeq []int64 // the journal sequence of each input
			for _, in := range tc.inputs {
				r := loop.Do(ctx, table.Msg{Input: in, Source: journal.SourceOperator, Actor: journal.Actor{Role: "supervisor", ID: "pit:S7"}, Reason: "evening limits"})
				if r.Err != nil {
					t.Fatal(r.Err)
				}
				inputSeq = append(inputSeq, r.Records[0].Seq)
			}
			msgs, err := New(j, id).After(0, 1000)
			if err != nil {
				t.Fatal(err)
			}
			var got []pitwire.Message
			for _, m := range msgs {
				if m.Type == pitwire.TypeNotice {
					got = append(got, m)
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("%d notices on the feed, want %d: %+v", len(got), len(tc.want), got)
			}
			for i, w := range tc.want {
				m, n := got[i], got[i].Notice
				if n.Change != w.change || n.Item != w.item || n.Bet != w.bet || n.Rule != w.rule || !n.Effective.Equal(at(w.effective)) ||
					!n.Posted.Equal(start) || n.Text == "" || n.OldSettlement != w.oldSettle || n.NewSettlement != w.newSettl {
					t.Errorf("notice %d = %+v, want %+v", i, *n, w)
				}
				if amounts(w.item) {
					if n.Old == nil || n.New == nil || *n.Old != w.old || *n.New != w.new || n.Currency != "AUD" {
						t.Errorf("notice %d amounts %v %v %q, want %d to %d AUD", i, n.Old, n.New, n.Currency, w.old, w.new)
					}
				} else if n.Old != nil || n.New != nil || n.Currency != "" {
					t.Errorf("notice %d of %s carries amounts", i, w.item)
				}
				// Journalled in the same transaction as the command that posted it.
				k := 0
				for k+1 < len(inputSeq) && inputSeq[k+1] < int64(m.Seq) {
					k++
				}
				if int64(m.Seq) <= inputSeq[k] || !m.Time.Equal(start) {
					t.Errorf("notice %d at seq %d, time %v: not journalled with its command", i, m.Seq, m.Time)
				}
				data := fitsSchema(t, set, m)
				t.Logf("%s %s", pitwire.Subject(m.Table, m.Type), data) // go test -v: the feed as a subscriber reads it
			}
		})
	}
}

// startLoop runs a table's loop on a new journal, its clock stopped at start, until the test
// ends: baccarat with bac, or Red Dog with rd when rd is not nil. id is the table's.
func startLoop(t *testing.T, bac table.Setup, rd *table.RedDogSetup, start time.Time) (loop *table.Loop, j *journal.Journal, id string, ctx context.Context) {
	t.Helper()
	return startLoopClock(t, bac, rd, func() time.Time { return start })
}

// startLoopClock is startLoop with the table's clock now.
func startLoopClock(t *testing.T, bac table.Setup, rd *table.RedDogSetup, now func() time.Time) (loop *table.Loop, j *journal.Journal, id string, ctx context.Context) {
	t.Helper()
	id = bac.ID
	if rd != nil {
		id = rd.ID
	}
	j, err := journal.Open(filepath.Join(t.TempDir(), id+".db"), journal.Options{Table: id})
	if err != nil {
		t.Fatal(err)
	}
	r, err := table.Start(func(opt table.Options) (*table.Loop, error) {
		if rd != nil {
			return table.NewRedDogLoop(*rd, j, opt)
		}
		return table.NewBaccaratLoop(bac, j, opt)
	}, table.Options{Clock: now})
	if err != nil {
		j.Close()
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(func() { cancel(); _ = r.Stop(); j.Close() })
	return r.Loop, j, id, ctx
}

// cmd is one table-script command as an input.
func cmd(t *testing.T, line string) table.Input {
	t.Helper()
	items, err := desk.ParseLine(1, line)
	if err != nil || len(items) != 1 || items[0].Command == nil {
		t.Fatalf("%s: %v", line, err)
	}
	return table.Input{Command: items[0].Command}
}

// bacSetup is a baccarat table of the feed tests: id, name, the profile, its default settings,
// the currency (code) and the sign Player and Banker $25-$5,000, Tie $5-$500.
func bacSetup(id, name, profile, code string) table.Setup {
	p, _ := engine.LookupProfile(profile)
	s, _ := engine.ParseSettings(&p, nil)
	lim := engine.WagerLimit{Min: 2500, Max: 500000}
	return table.Setup{ID: id, Name: name, Profile: p, Settings: s, Currency: "$", CurrencyCode: code,
		Sign: engine.Sign{Player: lim, Banker: lim, Tie: engine.WagerLimit{Min: 500, Max: 50000}}}
}

// rdSetup is the Red Dog table of the feed tests: the bet $10-$1,000, in AUD.
func rdSetup() table.RedDogSetup {
	return table.RedDogSetup{ID: "rd2", Name: "Red Dog 2", Profile: reddog.VicRedDog1997(), Bet: engine.WagerLimit{Min: 1000, Max: 100000}, Currency: "$", CurrencyCode: "AUD"}
}
