package app

import (
	"context"
	"runtime"
	"time"
)

// idleCollector runs the Go collector in the window's quiet moments, so that a collection
// does not fall on a card's frame.
//
// The window allocates as it shows a card (the view model, text measures and textures, road
// images) and hardly at all between cards, so the runtime's own collector started nearly
// always while a card was on its way to the screen: in a quiet measured shoe (410 cards, 400 ms
// apart, 1280×720, llvmpipe) 31 cards had a collection end between the journal's sync and their
// frame, and their frame stage took 11.6 ms on average against 6.2 ms for the others; 11 of the
// 26 cards slower than 15 ms were among them (docs/performance.md §26). Once the loop has
// presented nothing for quiet, the collector looks at the heap: when it has grown by share of
// the way from what the last collection left live to the collector's goal, it collects then,
// in the pause between two cards, instead of at a later card. A heap short of that is left to
// the runtime, as is a table dealt faster than quiet (the demo's fast first coups).
type idleCollector struct {
	poke    chan struct{} // presented: a screen went to the window
	quiet   time.Duration // how long nothing was presented before the heap is looked at
	share   float64       // of the heap's headroom grown, from which it collects when quiet
	heap    func() heapState
	collect func()
}

// heapState is what the collector's decision reads of the Go heap, in bytes.
type heapState struct {
	live uint64 // marked live by the last collection
	now  uint64 // held by objects now, live or not yet swept
	goal uint64 // the size at which the runtime's collection is due to end
}

// The window's quiet moment: a card's frame and the road's frame after it are painted well
// within quiet (docs/performance.md §25: frames 5-40 ms); cards come 400 ms or more apart.
const (
	idleQuiet = 120 * time.Millisecond
	idleShare = 0.5
)

// newIdleCollector returns the window's collector over the Go runtime's heap.
func newIdleCollector() *idleCollector {
	return &idleCollector{
		poke:    make(chan struct{}, 1),
		quiet:   idleQuiet,
		share:   idleShare,
		heap:    readHeap,
		collect: runtime.GC,
	}
}

// presented tells the collector that a screen has gone to the window (any goroutine; it never
// blocks).
func (c *idleCollector) presented() {
	select {
	case c.poke <- struct{}{}:
	default:
	}
}

// run collects in the quiet moments until ctx ends.
func (c *idleCollector) run(ctx context.Context) {
	wait := time.NewTimer(c.quiet)
	wait.Stop()
	defer wait.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.poke:
			wait.Reset(c.quiet)
		case <-wait.C:
			if h := c.heap(); h.due(c.share) {
				c.collect()
			}
		}
	}
}

// due reports whether the heap has grown by share of its headroom since the last collection.
// A goal at or under what is live (no collection yet, or GOGC=off) is never due.
func (h heapState) due(share float64) bool {
	if h.goal <= h.live || h.now <= h.live {
		return false
	}
	return float64(h.now-h.live) >= share*float64(h.goal-h.live)
}

// readHeap reads heapState from runtime/metrics.
func readHeap() heapState {
	v := runtimeCounts("/gc/heap/live:bytes", "/memory/classes/heap/objects:bytes", "/gc/heap/goal:bytes")
	return heapState{live: v[0], now: v[1], goal: v[2]}
}
