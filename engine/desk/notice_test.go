package desk

import (
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
)

// TestNoticesNameTheChange: every notice a posted change gives names the item, the wager, the
// old and the new amount, when it takes effect and the rule that asks for it ("" where the
// book asks none) — what the table journals and the feed publishes.
// The script's amounts are in dollars, the notices' in cents.
func TestNoticesNameTheChange(t *testing.T) {
	at := func(hm string) time.Time {
		tm, err := time.Parse("15:04", hm)
		if err != nil {
			t.Fatal(err)
		}
		return DefaultStart.Add(time.Duration(tm.Hour())*time.Hour + time.Duration(tm.Minute())*time.Minute)
	}
	baseSign := engine.Sign{Player: engine.WagerLimit{Min: 1000, Max: 500000}, Banker: engine.WagerLimit{Min: 1000, Max: 500000}, Tie: engine.WagerLimit{Min: 500, Max: 50000}}
	type want struct {
		item       engine.NoticeItem
		wager      string
		old, new   int64
		oldS, newS engine.BankerPayout
		kind       engine.ChangeKind
		rule       string
	}
	tests := []struct {
		name    string
		profile string // "" for Red Dog
		lines   []string
		want    []want
	}{
		{"vic raise minimum", engine.ProfileVic2002, []string{"!limits at=01:00 player=25-5000 banker=25-5000"}, []want{
			{item: engine.NoticeMinimum, wager: "Player", old: 1000, new: 2500, kind: engine.ChangeRaiseMinimum, rule: "000 7.7, s66(2)"},
			{item: engine.NoticeMinimum, wager: "Banker", old: 1000, new: 2500, kind: engine.ChangeRaiseMinimum, rule: "000 7.7, s66(2)"},
		}},
		{"vic tie only", engine.ProfileVic2002, []string{"!limits at=01:00 tie=10-500"}, []want{
			{item: engine.NoticeMinimum, wager: "Tie", old: 500, new: 1000, kind: engine.ChangeRaiseMinimum, rule: "000 7.7, s66(2)"},
		}},
		{"vic lower minimum and maximum: no rule asks", engine.ProfileVic2002, []string{"!limits at=01:00 player=5-1000"}, []want{
			{item: engine.NoticeMinimum, wager: "Player", old: 1000, new: 500, kind: engine.ChangeLowerMinimum},
			{item: engine.NoticeMaximum, wager: "Player", old: 500000, new: 100000, kind: engine.ChangeMaximum},
		}},
		{"vic waived", engine.ProfileVic2002, []string{"!limits at=00:05 waived player=20-5000"}, []want{
			{item: engine.NoticeMinimum, wager: "Player", old: 1000, new: 2000, kind: engine.ChangeRaiseMinimum},
		}},
		{"vic closing", engine.ProfileVic2002, []string{"!close at=01:00"}, []want{
			{item: engine.NoticeClose, kind: engine.ChangeClose, rule: "000 13.7"},
		}},
		{"vic reopening", engine.ProfileVic2002, []string{"!close at=01:00", "!limits at=01:10 player=25-5000"}, []want{
			{item: engine.NoticeOpen, kind: engine.ChangeOpen},
			{item: engine.NoticeMinimum, wager: "Player", old: 1000, new: 2500, kind: engine.ChangeRaiseMinimum, rule: "000 7.7, s66(2)"},
		}},
		{"act settlement method", engine.ProfileACT2012, []string{"!setting at=01:00 settlement=B"}, []want{
			{item: engine.NoticeSettlement, oldS: engine.BankerCommission, newS: engine.BankerSixPaysHalf, kind: engine.ChangeSettlement, rule: "001 8.2"},
		}},
		{"act differential", engine.ProfileACT2012, []string{"!differential at=01:00 max=1000"}, []want{
			{item: engine.NoticeDifferentialMax, new: 100000, kind: engine.ChangeDifferential, rule: "001 3.7"},
		}},
		{"red dog raise", "", []string{"!limits at=01:00 bet=25-5000"}, []want{
			{item: engine.NoticeMinimum, wager: "Player", old: 1000, new: 2500, kind: engine.ChangeRaiseMinimum, rule: "003 6.4, s66(2)"},
		}},
		{"red dog closing", "", []string{"!close at=01:00"}, []want{
			{item: engine.NoticeClose, kind: engine.ChangeClose, rule: "003 10.7"},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab := bookTable(t, tc.profile, baseSign)
			var got []Notice
			for i, l := range tc.lines {
				items, err := ParseLine(i+1, l)
				if err != nil {
					t.Fatal(err)
				}
				out, err := tab.Apply(Input{Command: items[0].Command, Line: i + 1}, DefaultStart)
				if err != nil || len(out.Refused) > 0 {
					t.Fatalf("%s: %v %+v", l, err, out.Refused)
				}
				if i == len(tc.lines)-1 {
					got = append(got, out.Notices...)
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("%d notices %+v, want %d", len(got), got, len(tc.want))
			}
			last := at(effective(tc.lines[len(tc.lines)-1]))
			for i, w := range tc.want {
				n := got[i]
				if n.Item != w.item || n.Wager != w.wager || n.Old != w.old || n.New != w.new || n.OldSettlement != w.oldS ||
					n.NewSettlement != w.newS || n.Kind != w.kind || n.Rule != w.rule {
					t.Errorf("notice %d = %+v, want %+v", i, n, w)
				}
				if !n.Posted.Equal(DefaultStart) || !n.Effective.Equal(last) || n.Text == "" || tc.profile == "" && n.Wager != "" && !strings.Contains(n.Text, "Red Dog bet") {
					t.Errorf("notice %d posted %v, effective %v (want %v), text %q", i, n.Posted, n.Effective, last, n.Text)
				}
			}
		})
	}
}

// effective is the HH:MM of a command line's at=.
func effective(line string) string {
	for i := 0; i+3 <= len(line); i++ {
		if line[i:i+3] == "at=" {
			return line[i+3 : i+8]
		}
	}
	return ""
}
