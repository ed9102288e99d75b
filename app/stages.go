package app

import (
	"fmt"
	"io"
	"runtime/metrics"
	"strings"
	"sync"
	"time"

	"github.com/coupboard/coupboard/app/journal"
)

// stageLog is the table display's --stages diagnostic: for every input the loop journals and
// then presents, one line with the time (Unix nanoseconds, the machine's wall clock, so that a
// measurement in another process can line it up with what it sent and what the X server
// painted) of each stage on its way to the window:
//
//	taken     the loop took it (the input record's time: the serial line read, the frame
//	          decoded and handed over before it)
//	durable   the input and what it produced were synced to the journal (durable before
//	          visible: the screen is made only after this)
//	presented the loop handed the screen to the window (the screen made)
//	apply     the window's goroutine began to apply it (the wait in Fyne's queue before)
//	applied   the widgets were changed (TableScreen.ApplyCoup)
//	frame     the window's loop had painted the frame that shows it (a function queued two
//	          deep runs after that frame: third_party/fyne, patch 0004; see present)
//
// and gc, the garbage collections that ended between durable and frame. Headless, a line ends
// at presented. A line is written on the goroutine of its last stage; a mutex keeps lines
// whole. An input the loop journals while another waits to be presented (a burst) keeps the
// first one's stamps: the line is the oldest input's.
//
// docs/performance.md §23 reads these lines (internal/e2e TestMeasureCardLatency).
type stageLog struct {
	mu sync.Mutex // w
	w  io.Writer
	// pending is the stamp of inputs journalled and not yet presented; the loop's goroutine
	// alone reads and writes it (committed and present both run there).
	pending *stageStamp
}

// stageStamp is one input's times, filled in as it goes; see stageLog.
type stageStamp struct {
	seq                                              int64 // the input record's journal sequence
	taken, durable, presented, apply, applied, frame time.Time
	gc0, gc1                                         uint64 // GC cycles ended at durable and at frame
}

// committed stamps the first record of a batch made durable (the loop's goroutine), when the
// batch is an input's (a shoe event, a hand entry, an operator command): what the loop journals
// of its own (a scheduled sign change or closing coming due, a pit answer) is no input, and a
// line for it could be taken for a card's.
func (s *stageLog) committed(recs []journal.Record, now time.Time) {
	if len(recs) == 0 || s.pending != nil || !strings.HasPrefix(recs[0].Kind, "input.") {
		return
	}
	s.pending = &stageStamp{seq: recs[0].Seq, taken: recs[0].Time, durable: now, gc0: gcCycles()}
}

// presented takes the pending stamp, if any, for the screen the loop presents now (the loop's
// goroutine); nil when the screen follows no input (the clock's each second).
func (s *stageLog) presented(now time.Time) *stageStamp {
	p := s.pending
	s.pending = nil
	if p != nil {
		p.presented = now
	}
	return p
}

// write writes one stamp as a line.
func (s *stageLog) write(p *stageStamp) {
	ns := func(t time.Time) int64 {
		if t.IsZero() {
			return 0
		}
		return t.UnixNano()
	}
	gc := uint64(0)
	if !p.frame.IsZero() {
		gc = p.gc1 - p.gc0
	}
	line := fmt.Sprintf("seq=%d taken=%d durable=%d presented=%d apply=%d applied=%d frame=%d gc=%d\n",
		p.seq, ns(p.taken), ns(p.durable), ns(p.presented), ns(p.apply), ns(p.applied), ns(p.frame), gc)
	s.mu.Lock()
	defer s.mu.Unlock()
	_, _ = io.WriteString(s.w, line) // a diagnostic: a failed write costs only its line
}

// gcCycles is how many garbage collections have ended since the process started.
func gcCycles() uint64 { return runtimeCounts("/gc/cycles/total:gc-cycles")[0] }

// runtimeCounts reads the runtime/metrics of these names, each as a count; 0 for one the
// runtime does not have as a count.
func runtimeCounts(names ...string) []uint64 {
	m := make([]metrics.Sample, len(names))
	for i, n := range names {
		m[i].Name = n
	}
	metrics.Read(m)
	out := make([]uint64, len(m))
	for i := range m {
		if m[i].Value.Kind() == metrics.KindUint64 {
			out[i] = m[i].Value.Uint64()
		}
	}
	return out
}
