package desk

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// TestParseWithdraw reads !withdraw and writes it back (parse(format(c)) == c); a withdrawal
// names the time the change was posted for, and nothing else.
func TestParseWithdraw(t *testing.T) {
	for _, tc := range []struct {
		line string
		want Command
		bad  string // the reason of a *SyntaxError; "" when it parses
	}{
		{line: "!withdraw at=21:30", want: Command{Verb: VerbWithdraw, At: &Clock{Hour: 21, Min: 30}}},
		{line: "!withdraw at=21:30:15 as=supervisor:3 reason=\"the pit asked\"", want: Command{Verb: VerbWithdraw,
			At: &Clock{Hour: 21, Min: 30, Sec: 15, Seconds: true}, As: Actor{"supervisor", 3}, Reason: "the pit asked"}},
		{line: "!WITHDRAW at=2026-11-27T00:10:00", want: Command{Verb: VerbWithdraw, At: &Clock{Full: true, Year: 2026, Month: 11, Day: 27, Min: 10}}},
		{line: "!withdraw", bad: "want !withdraw at=HH:MM"},
		{line: "!withdraw at=25:00", bad: "out of range"},
		{line: "!withdraw at=21:30 player=10-100", bad: "too many arguments: !withdraw at=HH:MM"},
		{line: "!withdraw 21:30", bad: "want !withdraw at=HH:MM"},
	} {
		items, err := ParseLine(4, tc.line)
		if tc.bad != "" {
			var se *SyntaxError
			if err == nil || !strings.Contains(err.Error(), tc.bad) || !errors.As(err, &se) || se.Line != 4 {
				t.Errorf("%q: %v, want a syntax error on line 4: %q", tc.line, err, tc.bad)
			}
			continue
		}
		if err != nil || len(items) != 1 || items[0].Kind != ItemCommand {
			t.Errorf("%q: %+v %v", tc.line, items, err)
			continue
		}
		if !reflect.DeepEqual(*items[0].Command, tc.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.line, *items[0].Command, tc.want)
		}
		roundTrip(t, *items[0].Command)
	}
}

// TestWithdrawEachBook: at a table of each book, a closing and the reopening after it are
// posted, then withdrawn in turn (the later first: the reopening is measured from the closing),
// and neither takes effect; a withdrawal of nothing posted, of a change with a later one
// measured from it, and of a change in effect is refused citing the book's rule, and the
// refusal changes nothing.
func TestWithdrawEachBook(t *testing.T) {
	sign := engine.Sign{Player: engine.WagerLimit{Min: 1000, Max: 500000}, Banker: engine.WagerLimit{Min: 1000, Max: 500000}}
	for _, bk := range []struct {
		profile string // "" for Red Dog
		rule    string
	}{
		{engine.ProfileVic2002, "000 7.7, 13.7"},
		{engine.ProfileACT2012, "001 3.1, 3.7, 8.2, 10.2"},
		{engine.ProfileNZ1998, "002, 004: no rule in these divisions"},
		{"", "003 6.4, 10.7"},
		{engine.ProfileNZ, "002, 004: no rule in these divisions"},
	} {
		name := bk.profile
		if name == "" {
			name = "vic-red-dog-1997"
		}
		t.Run(name, func(t *testing.T) {
			tab, wager := bookTable(t, bk.profile, sign), "player"
			if bk.profile == "" {
				wager = "bet"
			}
			hm := func(h, m int) time.Time {
				return DefaultStart.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute)
			}
			steps := []struct {
				now       time.Time
				line      string
				refused   string    // a part of the refusal's reason; "" when accepted
				withdrawn time.Time // the time of the change withdrawn
			}{
				{hm(0, 0), "!close at=01:00", "", time.Time{}},
				{hm(0, 0), "!limits at=01:30 " + wager + "=10-5000", "", time.Time{}},
				{hm(0, 10), "!withdraw at=00:30", "no change of the sign is posted for 00:30:00", time.Time{}},
				{hm(0, 10), "!withdraw at=01:00", "the reopening at 01:30:00, posted after the closing at 01:00:00, is measured from it", time.Time{}},
				{hm(0, 20), "!withdraw at=01:30 as=supervisor:2", "", hm(1, 30)},
				{hm(0, 20), "!withdraw at=01:30", "no change of the sign is posted for 01:30:00", time.Time{}},
				{hm(0, 59), "!withdraw at=01:00", "", hm(1, 0)},
				{hm(2, 0), "!close at=02:30", "", time.Time{}},
				{hm(2, 30), "!withdraw at=02:30", "the closing at 02:30:00 has taken effect", time.Time{}},
			}
			for i, st := range steps {
				items, err := ParseLine(i+1, st.line)
				if err != nil {
					t.Fatal(err)
				}
				notices := len(tab.SignAt(st.now).Notices)
				out, err := tab.Apply(Input{Command: items[0].Command, Line: i + 1}, st.now)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case st.refused != "":
					if len(out.Refused) != 1 || out.Refused[0].Rule != bk.rule || out.Refused[0].Command != VerbWithdraw ||
						!strings.Contains(out.Refused[0].Reason, st.refused) || len(out.Withdrawn) != 0 {
						t.Fatalf("%s: refused %+v, withdrawn %+v; want refused citing %s: %q", st.line, out.Refused, out.Withdrawn, bk.rule, st.refused)
					}
					if n := len(tab.SignAt(st.now).Notices); n != notices {
						t.Errorf("%s: a refused withdrawal changed the notices from %d to %d", st.line, notices, n)
					}
				case len(out.Refused) != 0:
					t.Fatalf("%s: refused %+v", st.line, out.Refused)
				case !st.withdrawn.IsZero():
					if len(out.Withdrawn) != 1 || !out.Withdrawn[0].Effective.Equal(st.withdrawn) || out.Withdrawn[0].Rule != bk.rule ||
						!out.Withdrawn[0].Posted.Equal(hm(0, 0)) {
						t.Fatalf("%s: withdrawn %+v, want the change for %s posted at 00:00 citing %s", st.line, out.Withdrawn, st.withdrawn.Format("15:04"), bk.rule)
					}
					for _, n := range tab.SignAt(st.now).Notices {
						if n.ChangeID == out.Withdrawn[0].ChangeID {
							t.Errorf("%s: notice %q still on the sign", st.line, n.Text)
						}
					}
				}
				if i == 6 { // both withdrawn: nothing is left to take effect, the table stays open
					if n := tab.Pending(st.now); n != 0 {
						t.Errorf("%d changes still pending", n)
					}
					if out := tab.Advance(hm(1, 45)); len(out.Signs) != 0 {
						t.Errorf("a withdrawn change took effect: %+v", out.Signs)
					}
					if s, closed := tab.Sign(); closed || s.Player != sign.Player {
						t.Errorf("sign %+v closed %v at 01:45, want the sign of the start, open", s.Player, closed)
					}
				}
			}
			if _, closed := tab.Sign(); !closed {
				t.Error("the closing at 02:30 did not take effect")
			}
		})
	}
}

// bookTable is a table of the profile ("" for Red Dog: vic-red-dog-1997, whose one wager is the
// sign's Player limit) with its default settings and sign, at DefaultStart.
func bookTable(t *testing.T, profile string, sign engine.Sign) *Table {
	t.Helper()
	cfg := Config{Sign: sign}
	if profile == "" {
		p := reddog.VicRedDog1997()
		cfg.RedDog = &p
	} else {
		p, err := engine.LookupProfile(profile)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Profile, cfg.Settings = p, engine.DefaultSettings(&p)
	}
	tab, err := New(cfg, DefaultStart)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestWithdrawLines: the replay prints a withdrawal as spec/table-script.md §2 "withdrawn".
func TestWithdrawLines(t *testing.T) {
	o := Outcome{Withdrawn: []Withdrawal{{ChangeID: 2, Posted: DefaultStart, Effective: DefaultStart.Add(time.Hour), Kinds: engine.ChangeClose, Rule: "000 7.7, 13.7"}}}
	want := `{"event":"withdrawn","posted":"00:00:00","effective":"01:00:00","change":"close","rule":"000 7.7, 13.7"}` + "\n"
	if got := string(o.Lines(nil, false)); got != want {
		t.Errorf("lines %q, want %q", got, want)
	}
}
