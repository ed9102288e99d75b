package app

import (
	"context"
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"testing"
	"time"
)

func TestHeapDue(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct {
		name string
		h    heapState
		want bool
	}{
		{"just collected", heapState{live: 12 * mb, now: 12 * mb, goal: 18 * mb}, false},
		{"under half the headroom", heapState{live: 12 * mb, now: 14 * mb, goal: 18 * mb}, false},
		{"half the headroom", heapState{live: 12 * mb, now: 15 * mb, goal: 18 * mb}, true},
		{"past the goal", heapState{live: 12 * mb, now: 20 * mb, goal: 18 * mb}, true},
		{"swept below live", heapState{live: 12 * mb, now: 11 * mb, goal: 18 * mb}, false},
		{"no goal yet", heapState{live: 0, now: 3 * mb, goal: 0}, false},
		{"goal under live", heapState{live: 12 * mb, now: 20 * mb, goal: 10 * mb}, false},
	} {
		if got := tc.h.due(0.5); got != tc.want {
			t.Errorf("%s: %+v due = %v, want %v", tc.name, tc.h, got, tc.want)
		}
	}
}

// TestIdleCollectorWaitsForQuiet: screens presented in a burst are followed by one collection
// once the loop has been quiet, and none when the heap is not due.
func TestIdleCollectorWaitsForQuiet(t *testing.T) {
	var due atomic.Bool
	collected := make(chan time.Time, 10)
	c := &idleCollector{
		poke:  make(chan struct{}, 1),
		quiet: 100 * time.Millisecond,
		share: 0.5,
		heap: func() heapState {
			if due.Load() {
				return heapState{live: 10, now: 20, goal: 20}
			}
			return heapState{live: 10, now: 11, goal: 20}
		},
		collect: func() { collected <- time.Now() },
	}
	ctx, cancel := context.WithCancel(context.Background())
	ended := make(chan struct{})
	go func() { c.run(ctx); close(ended) }()
	defer func() { cancel(); <-ended }()

	due.Store(true)
	var last time.Time
	for range 10 { // a card and its frames: screens closer together than quiet
		c.presented()
		last = time.Now()
		time.Sleep(5 * time.Millisecond)
	}
	select {
	case at := <-collected:
		if at.Sub(last) < c.quiet {
			t.Errorf("collected %v after the last screen, before the quiet of %v", at.Sub(last), c.quiet)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no collection after the screens stopped")
	}
	time.Sleep(3 * c.quiet)
	if n := len(collected); n != 0 {
		t.Fatalf("%d more collections without a screen presented", n)
	}

	due.Store(false) // a heap with room left: the runtime's business
	c.presented()
	time.Sleep(3 * c.quiet)
	if n := len(collected); n != 0 {
		t.Fatalf("%d collections of a heap not due", n)
	}
}

// TestIdleCollectorCollects runs the window's collector on the real heap: garbage past half
// the headroom is collected once the screens stop, and the heap is no longer due after it.
func TestIdleCollectorCollects(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(400)) // room: the runtime does not collect first
	c := newIdleCollector()
	c.quiet = 20 * time.Millisecond
	collected := make(chan struct{}, 1)
	c.collect = func() { // the runtime's, then word: it returns once the heap is swept
		runtime.GC()
		collected <- struct{}{}
	}
	forced := func() uint64 { return runtimeCounts("/gc/cycles/forced:gc-cycles")[0] }
	ctx, cancel := context.WithCancel(context.Background())
	ended := make(chan struct{})
	go func() { c.run(ctx); close(ended) }()
	defer func() { cancel(); <-ended }()

	var sink [][]byte
	for i := 0; !readHeap().due(idleShare); i++ {
		if i > 1<<16 { // 4 GiB of 64 KiB blocks
			t.Fatalf("the heap never came due: %+v", readHeap())
		}
		sink = append(sink, make([]byte, 64<<10))
		if len(sink) == 64 {
			sink = nil // garbage
		}
	}
	sink = nil
	before := forced()
	c.presented()
	select {
	case <-collected:
	case <-time.After(10 * time.Second):
		t.Fatalf("no collection 10 s after the last screen; heap %+v", readHeap())
	}
	if n := forced(); n == before {
		t.Errorf("the collection was not the runtime's: forced cycles still %d", n)
	}
	if h := readHeap(); h.due(idleShare) {
		t.Errorf("still due after the collection: %+v", h)
	}
	_ = sink
}
