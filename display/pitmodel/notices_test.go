package pitmodel

import (
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
