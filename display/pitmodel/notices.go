package pitmodel

import (
	"slices"
	"time"

	"github.com/coupboard/coupboard/pitwire"
)

// MaxNotices bounds the notices a table keeps: a flood cannot grow the board.
const MaxNotices = 32

// notice keeps a notice the table posted on its sign (pitwire.TypeNotice), dropping those that
// took effect by the table's time at (the message's journal time) and, beyond MaxNotices, the
// oldest.
func notice(t *Table, n pitwire.Notice, at time.Time) {
	t.Notices = slices.DeleteFunc(t.Notices, func(k pitwire.Notice) bool { return !k.Effective.After(at) })
	if len(t.Notices) >= MaxNotices {
		t.Notices = slices.Delete(t.Notices, 0, len(t.Notices)-MaxNotices+1)
	}
	t.Notices = append(t.Notices, n)
}

// withdrawn drops the notices of a change the table withdrew before it took effect
// (pitwire.TypeWithdrawn): those of its number and effective time (a table numbers its changes
// afresh when it restarts).
func withdrawn(t *Table, w pitwire.Withdrawn) {
	t.Notices = slices.DeleteFunc(t.Notices, func(k pitwire.Notice) bool { return k.Change == w.Change && k.Effective.Equal(w.Effective) })
}

// NoticesAt are the table's notices still to take effect at now, in the order posted.
func (t *Table) NoticesAt(now time.Time) []pitwire.Notice {
	var out []pitwire.Notice
	for _, n := range t.Notices {
		if n.Effective.After(now) {
			out = append(out, n)
		}
	}
	return out
}
