package console

import (
	"context"
	"sync"
	"time"

	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/pitwire"
)

// Live is the pit board's model (pitmodel.Board) kept up to date from the bus for the
// console's pages: one goroutine applies the feed (Run), the pages read it under a lock
// (View), and Changed tells the live pages when to send again.
type Live struct {
	now func() time.Time

	mu      sync.Mutex
	board   *pitmodel.Board
	changed chan struct{} // closed at the next change, then replaced
}

// NewLive is an empty board; now is the board's clock (nil: time.Now).
func NewLive(cfg pitmodel.Config, now func() time.Time) *Live {
	if now == nil {
		now = time.Now
	}
	return &Live{now: now, board: pitmodel.New(cfg), changed: make(chan struct{})}
}

// BoardView is what a reader of the live board sees: the board and the board's time.
type BoardView struct {
	Board *pitmodel.Board
	Now   time.Time
}

// View calls fn with the board, under the lock: fn must not keep the board or its tables.
func (l *Live) View(fn func(v *BoardView)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fn(&BoardView{Board: l.board, Now: l.now()})
}

// Changed is closed at the board's next change (a heartbeat that changes nothing does not
// count).
func (l *Live) Changed() <-chan struct{} {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.changed
}

// Apply applies one message of the feed (pitmodel.Board.Apply) and wakes the live pages
// when it changed the board. An error (a refused or forged message) is kept for OnError.
func (l *Live) Apply(m pitwire.Message) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	res, err := l.board.Apply(m, l.now())
	if err != nil || res == pitmodel.Applied {
		close(l.changed)
		l.changed = make(chan struct{})
	}
	return err
}

// Run applies the feed c until ctx is done or c is closed, telling onErr (if not nil) each
// message the board refused.
func (l *Live) Run(ctx context.Context, c <-chan pitwire.Message, onErr func(error)) {
	for {
		select {
		case <-ctx.Done():
			return
		case m, ok := <-c:
			if !ok {
				return
			}
			if err := l.Apply(m); err != nil && onErr != nil {
				onErr(err)
			}
		}
	}
}

// closesOf is when table t closed or closes (zero: open with no closing announced), at now.
func closesOf(t *pitmodel.Table, now time.Time) time.Time {
	switch t.State {
	case pitwire.StateClosing:
		return t.ClosesAt
	case pitwire.StateClosed:
		if !t.ClosesAt.IsZero() && !t.ClosesAt.After(now) {
			return t.ClosesAt
		}
		return now
	}
	return time.Time{}
}
