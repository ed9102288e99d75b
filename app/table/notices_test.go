package table

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine/desk"
)

// TestNoticesNameTheWager: the table screen words each change posted to the sign from the desk's
// notice of it: a change of one wager's minimum or maximum names that wager, never the
// Player/Banker amount when only the Tie or Run minimum changes (s66(2), 001 3.1); a change of
// several items is "the limits change"; a settlement method posted at an ACT table is its own
// notice (001 8.2).
func TestNoticesNameTheWager(t *testing.T) {
	now := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	at := now.Add(30 * time.Minute)
	for _, tt := range []struct {
		profile, line string
		want          []view.Notice
	}{
		{"vic-baccarat-2002", "!limits at=21:30 tie=10-500", []view.Notice{{Kind: view.NoticeMinimum, Wager: view.WagerTie, Amount: 1000, At: at}}},
		{"vic-baccarat-2002", "!limits at=21:30 runs=10-100", []view.Notice{{Kind: view.NoticeMinimum, Wager: view.WagerRuns, Amount: 1000, At: at}}},
		{"vic-baccarat-2002", "!limits at=21:30 player=50-5000/5 banker=50-5000/5", []view.Notice{{Kind: view.NoticeMinimum, Wager: view.WagerPlayerBanker, Amount: 5000, At: at}}},
		{"vic-baccarat-2002", "!limits at=21:30 player=50-5000/5", []view.Notice{{Kind: view.NoticeMinimum, Wager: view.WagerPlayer, Amount: 5000, At: at}}},
		{"vic-baccarat-2002", "!limits at=21:30 player=25-10000/5 banker=25-10000/5", []view.Notice{{Kind: view.NoticeMaximum, Wager: view.WagerPlayerBanker, Amount: 1000000, At: at}}},
		{"vic-baccarat-2002", "!limits at=21:30 player=50-10000/5 banker=50-10000/5", []view.Notice{{Kind: view.NoticeLimits, At: at}}},
		{"vic-baccarat-2002", "!limits at=21:30 player=50-5000/5 banker=50-5000/5 tie=10-500", []view.Notice{{Kind: view.NoticeLimits, At: at}}},
		{"vic-baccarat-2002", "!close at=21:30", []view.Notice{{Kind: view.NoticeClosing, At: at}}},
		{"act-mini-baccarat-2012", "!setting at=21:30 settlement=B", []view.Notice{{Kind: view.NoticeSettlement, At: at}}},
	} {
		st, err := NewState(setup(t, tt.profile))
		if err != nil {
			t.Fatal(err)
		}
		items, err := desk.ParseLine(1, tt.line)
		if err != nil {
			t.Fatal(err)
		}
		a := st.Apply(Input{Command: items[0].Command}, now)
		if a.Refused != nil {
			t.Fatalf("%s %s: refused: %v", tt.profile, tt.line, a.Refused)
		}
		if got := st.Screen(now, view.LinkConnected).Notices; !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s %s: notices %+v, want %+v", tt.profile, tt.line, got, tt.want)
		}
		if got := st.Screen(at, view.LinkConnected).Notices; len(got) != 0 {
			t.Errorf("%s %s: at %s the notices are still %+v", tt.profile, tt.line, at.Format("15:04"), got)
		}
		// The header words the method the sign shows at the moment, with no input since (001 8.2).
		if want := view.BaccaratSixHalf; strings.HasSuffix(tt.line, "settlement=B") && st.Screen(at, view.LinkConnected).Header.Game != want {
			t.Errorf("%s %s: at %s the header says %v, want %v", tt.profile, tt.line, at.Format("15:04"), st.Screen(at, view.LinkConnected).Header.Game, want)
		}
	}
}
