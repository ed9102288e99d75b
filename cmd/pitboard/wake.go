package main

import (
	"time"

	"github.com/coupboard/coupboard/pitwire"
)

// wake asks for a frame (schedule) at each multiple of period on now's clock while messages
// wait on feed, at each new second of now (the clock and the status badges), and at each from
// until on when until is not zero (the game must run to see its --exit-after), until stop is
// closed. The board runs with Ebiten's FPSModeVsyncOffMinimum, in which Update and Draw run
// only on input or when a frame is scheduled: between two wakes it costs nothing, and a
// record reaches the screen at most period later than it reaches the board.
func wake(feed <-chan pitwire.Message, period time.Duration, now func() time.Time, schedule func(), stop <-chan struct{}, until time.Time) {
	var second int64
	for {
		t := now()
		timer := time.NewTimer(t.Truncate(period).Add(period).Sub(t))
		select {
		case <-stop:
			timer.Stop()
			return
		case <-timer.C:
		}
		t = now()
		if len(feed) > 0 || t.Unix() != second || (!until.IsZero() && !t.Before(until)) {
			second = t.Unix()
			schedule()
		}
	}
}
