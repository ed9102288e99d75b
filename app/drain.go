package app

import (
	"errors"
	"os"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
)

// DrainSignal asks a running table to stop at the end of its coup: the package's prerm sends
// it before an upgrade, so that the upgrade never cuts a coup. The table journals a clean stop
// between coups and exits with ExitDrained; the kiosk session starts it again (the new
// version, once the upgrade is configured) and it resumes from its journal.
const DrainSignal = syscall.SIGUSR1

// ExitDrained is the exit status of a table stopped by DrainSignal (EX_TEMPFAIL): not the 0 of
// a supervisor leaving kiosk mode, after which the session does not restart the table.
const ExitDrained = 75

// errDrained is runTable's error after a drain.
var errDrained = errors.New("stopped between coups on request (DrainSignal: a package upgrade); the session starts the table again")

// drainPoll is how often a draining table looks whether its coup has ended.
const drainPoll = 200 * time.Millisecond

// drainer turns a drain request into a stop between coups.
type drainer struct {
	done atomic.Bool // the table stopped because of a drain request
}

// watch waits for a request on req; then, once the loop reports no coup in progress, it marks
// the drain done and sends DrainSignal on stop (the channel SIGINT and SIGTERM arrive on), so
// the table stops as it does for those. A card that arrives in the same instant is journalled
// before the clean stop, and its coup resumes after the restart: nothing is lost either way.
func (d *drainer) watch(t *runningTable, req <-chan os.Signal, stop chan<- os.Signal) {
	select {
	case <-req:
	case <-t.ctx.Done():
		return
	}
	t.log.Info("drain requested: the table stops at the end of the coup")
	tick := time.NewTicker(drainPoll)
	defer tick.Stop()
	for {
		idle := false
		if err := t.loop.Inspect(t.ctx, func(m table.Machine[view.Screen]) { in, _ := m.InCoup(); idle = !in }); err != nil {
			return
		}
		if idle {
			d.done.Store(true)
			t.log.Info("drained: no coup in progress; stopping for the update")
			select {
			case stop <- DrainSignal:
			default: // a stop is on its way already
			}
			return
		}
		select {
		case <-tick.C:
		case <-t.ctx.Done():
			return
		}
	}
}
