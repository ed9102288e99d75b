package app

import (
	"errors"
	"os"
	"sync/atomic"
	"syscall"
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

// drainer turns a drain request into a stop between coups.
type drainer struct {
	done atomic.Bool // the table stopped because of a drain request
}

// watch waits for a request on req and passes it to the table's loop, which alone decides when
// no coup is in progress: between two inputs, with nothing more in its inbox, it journals the
// clean stop and takes no further input. Then watch marks the drain done and sends DrainSignal
// on stop (the channel SIGINT and SIGTERM arrive on), so the rest of the table stops as it does
// for those.
func (d *drainer) watch(t *runningTable, req <-chan os.Signal, stop chan<- os.Signal) {
	select {
	case <-req:
	case <-t.ctx.Done():
		return
	}
	t.log.Info("drain requested: the table stops at the end of the coup")
	drained, err := t.loop.Drain(t.ctx)
	if err != nil {
		return
	}
	select {
	case <-drained:
	case <-t.ctx.Done():
		return
	}
	d.done.Store(true)
	// Read nothing more from the shoe: a card dealt from now on waits in the port for the new
	// version, which takes up the sequence after the last frame journalled with the clean stop.
	if t.link != nil {
		t.link.close()
	}
	t.log.Info("drained: no coup in progress; stopping for the update")
	select {
	case stop <- DrainSignal:
	default: // a stop is on its way already
	}
}
