package app

import (
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coupboard/coupboard/app/health"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/operator"
	"github.com/coupboard/coupboard/serialin"
)

// watchEvery is how often the table looks at its machine's conditions (the status strip shows
// a change within this and the loop's next second).
const watchEvery = 2 * time.Second

// busGrace is how long the pit bus may take to connect at start before the strip says so.
const busGrace = 10 * time.Second

// conditions is what the table watches besides the game: the clock, the shoe's port, the pit
// server, the last backup. None of them stops the play; each is on the status strip while it
// lasts and in the log when it begins and ends (package health).
type conditions struct {
	board   *health.Board
	mu      sync.Mutex
	clock   health.Clock // the kernel's; a test puts a fake one in with useClock
	backup  string       // the backup status file; "" none
	busErr  atomic.Pointer[string]
	started time.Time
}

// useClock replaces the clock whose synchronisation is watched.
func (c *conditions) useClock(k health.Clock) {
	c.mu.Lock()
	c.clock = k
	c.mu.Unlock()
}

// watch checks the conditions until the table stops.
func (t *runningTable) watch(tick <-chan time.Time) {
	for {
		t.checkConditions(time.Now())
		select {
		case <-t.ctx.Done():
			return
		case <-tick:
		}
	}
}

// checkConditions looks at each condition once.
func (t *runningTable) checkConditions(now time.Time) {
	c := t.cond
	c.mu.Lock()
	clock := c.clock
	c.mu.Unlock()
	health.CheckClock(c.board, clock)
	if c.backup != "" {
		health.CheckBackup(c.board, c.backup, now)
	}
	if t.link != nil {
		st := t.link.Status()
		switch {
		case st.State == serialin.LinkConnected || st.State == serialin.LinkSilent || st.State == serialin.LinkUnproven || st.State == serialin.LinkClosed:
			c.board.Clear("shoe")
		case st.Err != "":
			words, _ := operator.ShoeLinkWords(st) // the fault in words; the log has the link's own
			c.board.SayDetail("shoe", words, st.Err, "port", st.Port, "state", st.State.String(), "err", st.Err)
		case st.State == serialin.LinkUnreadable:
			c.board.Say("shoe", i18n.Message{Key: i18n.WarnShoeUnreadable, Args: []any{st.Port}}, "state", st.State.String())
		}
	}
	if t.pub != nil {
		switch {
		case t.pub.Stats().Connected:
			c.board.Clear("bus")
		case now.Sub(c.started) >= busGrace:
			var last string
			if p := c.busErr.Load(); p != nil {
				last = *p
			}
			c.board.Say("bus", i18n.Message{Key: i18n.WarnBus}, "urls", strings.Join(t.busURLs, ","), "err", last)
		}
	}
}

// busError is the publisher's OnError: the first of a run of the same error is a warning in
// the log, its repeats (a retry every few seconds while the pit is down) debug records.
func (t *runningTable) busError(err error) {
	s := err.Error()
	if prev := t.cond.busErr.Swap(&s); prev != nil && *prev == s {
		t.log.Debug("pit bus: " + s)
		return
	}
	t.log.Warn("pit bus: " + s)
}
