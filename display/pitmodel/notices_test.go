package pitmodel

import (
	"fmt"
	"testing"
	"time"

	"github.com/coupboard/coupboard/pitwire"
)

// TestNoticesReachTheTable: the notices a table posts are on its Table until they take effect
// (NoticesAt), those past are dropped when the next arrives, and a flood keeps MaxNotices.
func TestNoticesReachTheTable(t *testing.T) {
	b := New(Config{})
	mustApply(t, b, started("T1", 1, 1), t0)
	seq := uint64(1)
	post := func(change int, item string, effective time.Time, at time.Time) {
		t.Helper()
		seq++
		m := rec("T1", seq, pitwire.TypeNotice, 1)
		m.Time = at
		m.Notice = &pitwire.Notice{Change: change, Item: item, Posted: at, Effective: effective, Text: "x"}
		mustApply(t, b, m, at)
	}
	post(1, pitwire.NoticeClose, t0.Add(30*time.Minute), t0)
	post(2, pitwire.NoticeOpen, t0.Add(90*time.Minute), t0)
	tb, _ := b.Table("T1")
	if n := tb.NoticesAt(t0.Add(time.Minute)); len(n) != 2 || n[0].Item != pitwire.NoticeClose || n[1].Item != pitwire.NoticeOpen {
		t.Fatalf("notices %+v", n)
	}
	if n := tb.NoticesAt(t0.Add(45 * time.Minute)); len(n) != 1 || n[0].Change != 2 {
		t.Fatalf("after the closing took effect: %+v", n)
	}
	post(3, pitwire.NoticeClose, t0.Add(3*time.Hour), t0.Add(2*time.Hour)) // the first two took effect by then
	if len(tb.Notices) != 1 || tb.Notices[0].Change != 3 {
		t.Fatalf("kept %+v", tb.Notices)
	}
	for i := range MaxNotices + 3 {
		post(4+i, pitwire.NoticeClose, t0.Add(5*time.Hour), t0.Add(2*time.Hour))
	}
	if len(tb.Notices) != MaxNotices || tb.Notices[MaxNotices-1].Change != 4+MaxNotices+2 {
		t.Fatalf("a flood kept %d, the last %d", len(tb.Notices), tb.Notices[len(tb.Notices)-1].Change)
	}
}

// TestWithdrawnChangeLeavesTheTable: a change withdrawn takes its notices (its number and
// effective time) off the table; another change's notices, and one of the same number from
// before the table restarted (another effective time), stay.
func TestWithdrawnChangeLeavesTheTable(t *testing.T) {
	b := New(Config{})
	mustApply(t, b, started("T1", 1, 1), t0)
	seq := uint64(1)
	send := func(m pitwire.Message) {
		t.Helper()
		seq++
		m.Seq, m.Time = seq, t0
		mustApply(t, b, m, t0)
	}
	notice := func(change int, item string, effective time.Time) {
		t.Helper()
		m := rec("T1", seq, pitwire.TypeNotice, 1)
		m.Notice = &pitwire.Notice{Change: change, Item: item, Posted: t0, Effective: effective, Text: "x"}
		send(m)
	}
	notice(2, pitwire.NoticeClose, t0.Add(3*time.Hour)) // change 2 of the table's earlier run
	notice(1, pitwire.NoticeOpen, t0.Add(30*time.Minute))
	notice(2, pitwire.NoticeClose, t0.Add(40*time.Minute))
	tb, _ := b.Table("T1")
	for _, tc := range []struct {
		change    int
		effective time.Time
		left      []int
	}{
		{3, t0.Add(40 * time.Minute), []int{2, 1, 2}}, // no such change: nothing leaves
		{2, t0.Add(40 * time.Minute), []int{2, 1}},
		{1, t0.Add(30 * time.Minute), []int{2}},
	} {
		m := rec("T1", seq, pitwire.TypeWithdrawn, 1)
		m.Withdrawn = &pitwire.Withdrawn{Change: tc.change, Posted: t0, Effective: tc.effective}
		send(m)
		var left []int
		for _, n := range tb.Notices {
			left = append(left, n.Change)
		}
		if fmt.Sprint(left) != fmt.Sprint(tc.left) {
			t.Errorf("change %d withdrawn: notices of changes %v left, want %v", tc.change, left, tc.left)
		}
	}
	if n := tb.NoticesAt(t0.Add(time.Minute)); len(n) != 1 || !n[0].Effective.Equal(t0.Add(3*time.Hour)) {
		t.Errorf("notices to come: %+v", n)
	}
}
