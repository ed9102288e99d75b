package main

import (
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/coupboard/coupboard/pitwire"
)

// demoOutbox is a simulated table's journal and outbox for the demo. Unlike bus.MemOutbox,
// which keeps every record for the tests that read them back, it forgets a record once the
// bus has acknowledged it: a demo left running all day holds only the records in flight.
type demoOutbox struct {
	mu    sync.Mutex
	table string
	now   func() time.Time
	recs  []pitwire.Message // not yet acknowledged, in order
	next  uint64
	acked uint64
}

func newDemoOutbox(id string, now func() time.Time) *demoOutbox {
	return &demoOutbox{table: id, now: now, next: 1}
}

// Append commits m (simtable.Committer): the schema version, the table, the next sequence
// and the commit time. An invalid message is refused.
func (o *demoOutbox) Append(m pitwire.Message) (pitwire.Message, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	m.V, m.Table, m.Seq, m.Time = pitwire.Version, o.table, o.next, o.now()
	if err := m.Validate(); err != nil {
		return pitwire.Message{}, fmt.Errorf("append to demo outbox of %s: %w", o.table, err)
	}
	o.recs = append(o.recs, m)
	o.next++
	return m, nil
}

// After implements bus.Outbox.
func (o *demoOutbox) After(seq uint64, max int) ([]pitwire.Message, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	i := sort.Search(len(o.recs), func(i int) bool { return o.recs[i].Seq > seq })
	return slices.Clone(o.recs[i:min(len(o.recs), i+max)]), nil
}

// Acked implements bus.Outbox.
func (o *demoOutbox) Acked() (uint64, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.acked, nil
}

// Ack implements bus.Outbox: the records up to seq are forgotten.
func (o *demoOutbox) Ack(seq uint64) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if seq < o.acked {
		return fmt.Errorf("ack %d in demo outbox of %s: already acknowledged up to %d", seq, o.table, o.acked)
	}
	o.acked = seq
	i := 0
	for i < len(o.recs) && o.recs[i].Seq <= seq {
		i++
	}
	// A new slice once the records are gone, so that the old array can be freed.
	o.recs = append(o.recs[:0:0], o.recs[i:]...)
	return nil
}

// held is how many records the outbox holds.
func (o *demoOutbox) held() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.recs)
}
