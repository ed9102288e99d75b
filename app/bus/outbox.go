package bus

import (
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/coupboard/coupboard/pitwire"
)

// Outbox is what the Publisher needs of a table's journal: the journal is the outbox. Records
// are messages whose Seq is their journal sequence, strictly increasing (gaps are allowed:
// not every journal record is published). Implementations must be safe for concurrent use:
// the table's event loop appends while the publisher reads.
type Outbox interface {
	// After returns, in order, up to max records with a sequence greater than seq.
	After(seq uint64, max int) ([]pitwire.Message, error)
	// Acked is the highest sequence the bus has acknowledged (0 before any): where to resume.
	Acked() (uint64, error)
	// Ack records durably that the bus has acknowledged every record up to seq.
	Ack(seq uint64) error
}

// MemOutbox is an Outbox in memory, for simulated tables and tests. It is its own journal:
// Append assigns the next sequence and the commit time.
type MemOutbox struct {
	mu    sync.Mutex
	table string
	now   func() time.Time
	recs  []pitwire.Message
	next  uint64
	acked uint64
}

// NewMemOutbox is an empty outbox for table id; now is the clock stamped on each record.
func NewMemOutbox(id string, now func() time.Time) *MemOutbox {
	return &MemOutbox{table: id, now: now, next: 1}
}

// Append commits m: it sets the schema version, the table, the next sequence and the commit
// time, and returns the record as committed. An invalid message is refused.
func (o *MemOutbox) Append(m pitwire.Message) (pitwire.Message, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	m.V, m.Table, m.Seq, m.Time = pitwire.Version, o.table, o.next, o.now()
	if err := m.Validate(); err != nil {
		return pitwire.Message{}, fmt.Errorf("append to outbox of %s: %w", o.table, err)
	}
	o.recs = append(o.recs, m)
	o.next++
	return m, nil
}

// After implements Outbox.
func (o *MemOutbox) After(seq uint64, max int) ([]pitwire.Message, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	i := sort.Search(len(o.recs), func(i int) bool { return o.recs[i].Seq > seq })
	j := min(len(o.recs), i+max)
	return append([]pitwire.Message(nil), o.recs[i:j]...), nil
}

// Acked implements Outbox.
func (o *MemOutbox) Acked() (uint64, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.acked, nil
}

// Ack implements Outbox. Acknowledging backwards is an error (the publisher never does).
func (o *MemOutbox) Ack(seq uint64) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if seq < o.acked {
		return fmt.Errorf("ack %d in outbox of %s: already acknowledged up to %d", seq, o.table, o.acked)
	}
	o.acked = seq
	return nil
}

// Records is a copy of every record committed so far.
func (o *MemOutbox) Records() []pitwire.Message {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]pitwire.Message(nil), o.recs...)
}
