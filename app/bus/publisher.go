package bus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coupboard/coupboard/pitwire"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// PublisherConfig configures a table's publisher.
type PublisherConfig struct {
	Table     string           // the table id: it publishes on table.<id>.>
	Conn      ConnConfig       // where the bus is and this table's credentials
	Heartbeat time.Duration    // heartbeat period; default 2s
	Now       func() time.Time // the clock stamped on heartbeats; default time.Now
	Batch     int              // records read from the outbox at a time; default 256
	// OnError is told every failure (publish, reconnect, outbox); it must not block. Optional.
	OnError func(error)
	// Software is the build the table runs ("coupboard 0.9.0+3f2a9c1"), sent in its
	// heartbeats for the pit board's tiles. Optional.
	Software string
	// AnchorEvery is how often, at most, the journal's head is anchored when no record was
	// published but the head moved (an outbox that is a HeadOutbox); default a minute.
	AnchorEvery time.Duration
}

// HeadOutbox is an Outbox that can say its journal's head. A publisher of one anchors the
// head on the bus (the HEADS stream, pitwire.TypeHead) after every batch of records it
// publishes (so with every coup) and, while the head moves, every AnchorEvery: the pit then
// remembers every journal's history, and a journal rewritten after the fact no longer
// matches it (coupboard audit verify --against-bus).
type HeadOutbox interface {
	Outbox
	// Head is the sequence and hash (lower-case hex) of the journal's newest record; 0 and
	// "" for an empty journal.
	Head() (seq uint64, hash string, err error)
}

// PublisherStats are a publisher's counters.
type PublisherStats struct {
	Published uint64 // records acknowledged by the stream (including those it already had)
	Duplicate uint64 // of those, records found already in the stream (stored before a crash or a lost acknowledgement)
	Retries   uint64 // failed publish attempts
	Invalid   uint64 // records skipped because they are not valid messages (each reported to OnError)
	Acked     uint64 // the highest acknowledged journal sequence
	Anchored  uint64 // the journal sequence of the newest head the HEADS stream acknowledged
	Connected bool
}

// Publisher publishes a table's outbox to the bus from its own goroutine.
type Publisher struct {
	cfg    PublisherConfig
	outbox Outbox
	kick   chan struct{}

	published, duplicate, retries, invalid, acked, anchored atomic.Uint64
	connMu                                                  sync.Mutex
	nc                                                      *nats.Conn

	// Where the table stands in the stream; only Run's goroutine uses these.
	synced    bool   // the two below were read from the stream since the last doubt
	streamSeq uint64 // stream sequence of the table's newest message in the stream; 0: none
	stored    uint64 // its journal sequence: every record up to it is in the stream

	anchoredAt time.Time // when the last head was anchored (Run's goroutine only)
}

// NewPublisher is a publisher of outbox for cfg.Table. Run starts it.
func NewPublisher(cfg PublisherConfig, outbox Outbox) (*Publisher, error) {
	if !pitwire.ValidTableID(cfg.Table) {
		return nil, fmt.Errorf("new publisher: bad table id %q", cfg.Table)
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = 2 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 256
	}
	if cfg.AnchorEvery <= 0 {
		cfg.AnchorEvery = time.Minute
	}
	if cfg.Conn.Name == "" {
		cfg.Conn.Name = "table " + cfg.Table
	}
	if cfg.Conn.InboxPrefix == "" {
		cfg.Conn.InboxPrefix = TableInbox(cfg.Table)
	}
	return &Publisher{cfg: cfg, outbox: outbox, kick: make(chan struct{}, 1)}, nil
}

// Notify tells the publisher that the journal has new records. It never blocks: the table's
// event loop calls it after each commit.
func (p *Publisher) Notify() {
	select {
	case p.kick <- struct{}{}:
	default:
	}
}

// Stats are the publisher's counters now.
func (p *Publisher) Stats() PublisherStats {
	p.connMu.Lock()
	connected := p.nc != nil && p.nc.IsConnected()
	p.connMu.Unlock()
	return PublisherStats{
		Published: p.published.Load(), Duplicate: p.duplicate.Load(), Retries: p.retries.Load(), Invalid: p.invalid.Load(),
		Acked: p.acked.Load(), Anchored: p.anchored.Load(), Connected: connected,
	}
}

func (p *Publisher) report(err error) {
	if p.cfg.OnError != nil {
		p.cfg.OnError(err)
	}
}

// Run publishes until ctx is cancelled, then closes its connection and returns ctx's error.
// With the bus down it keeps retrying; the table is unaffected.
func (p *Publisher) Run(ctx context.Context) error {
	// No reconnect buffer: while disconnected a publish fails at once and is retried from
	// the outbox, and stale heartbeats are never delivered late.
	nc, err := Connect(p.cfg.Conn, nats.ReconnectBufSize(-1))
	if err != nil {
		return fmt.Errorf("publisher of table %s: %w", p.cfg.Table, err)
	}
	p.connMu.Lock()
	p.nc = nc
	p.connMu.Unlock()
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return fmt.Errorf("publisher of table %s: %w", p.cfg.Table, err)
	}
	acked, err := p.outbox.Acked()
	if err != nil {
		return fmt.Errorf("publisher of table %s: read acknowledged sequence: %w", p.cfg.Table, err)
	}
	p.acked.Store(acked)

	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		p.heartbeats(ctx, nc)
	}()
	defer wg.Wait()

	backoff := 100 * time.Millisecond
	poll := time.NewTicker(time.Second)
	defer poll.Stop()
	for {
		n, err := p.drain(ctx, nc, js)
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case err != nil:
			p.retries.Add(1)
			p.report(err)
			if !sleep(ctx, backoff) {
				return ctx.Err()
			}
			backoff = min(backoff*2, 2*time.Second)
			continue
		}
		backoff = 100 * time.Millisecond
		if ho, ok := p.outbox.(HeadOutbox); ok {
			p.anchor(ctx, js, ho, n > 0)
		}
		if n > 0 {
			continue // there may be more
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-p.kick:
		case <-poll.C:
		}
	}
}

// anchor publishes the journal's head to the HEADS stream when records were just published,
// or AnchorEvery after the last anchor, if the head moved since. A failure is reported; the
// next batch or the next period tries again.
func (p *Publisher) anchor(ctx context.Context, js jetstream.JetStream, src HeadOutbox, published bool) {
	now := p.cfg.Now()
	if !published && now.Sub(p.anchoredAt) < p.cfg.AnchorEvery {
		return
	}
	seq, hash, err := src.Head()
	if err != nil {
		p.report(fmt.Errorf("anchor the head of table %s: %w", p.cfg.Table, err))
		return
	}
	if seq == 0 || seq == p.anchored.Load() {
		return
	}
	m := pitwire.Message{V: pitwire.Version, Table: p.cfg.Table, Seq: seq, Type: pitwire.TypeHead, Time: now, Head: &pitwire.Head{Hash: hash}}
	data, err := pitwire.Encode(m)
	if err != nil {
		p.report(fmt.Errorf("anchor the head of table %s: %w", p.cfg.Table, err))
		return
	}
	actx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if _, err := js.Publish(actx, pitwire.Subject(p.cfg.Table, pitwire.TypeHead), data, jetstream.WithExpectStream(HeadStreamName)); err != nil {
		p.report(fmt.Errorf("anchor the head of table %s at record %d: %w", p.cfg.Table, seq, err))
		return
	}
	p.anchored.Store(seq)
	p.anchoredAt = now
}

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// drain publishes the records after the acknowledged sequence, one at a time in order, each
// acknowledged by the stream before the next is sent. It returns how many it published.
//
// Each publish is conditional: the stream stores it only if the newest message on the
// table's own subjects (table.<id>.*) is still the one the publisher last saw. Only this table
// can publish there, so no other client can make the stream drop or shadow its records. After
// any failure the publisher reads its newest message back from the stream (sync) before it
// publishes again: a record whose acknowledgement was lost is then found stored, not sent
// twice.
func (p *Publisher) drain(ctx context.Context, nc *nats.Conn, js jetstream.JetStream) (int, error) {
	if !p.synced {
		if err := p.sync(ctx, nc); err != nil {
			return 0, err
		}
	}
	acked := p.acked.Load()
	recs, err := p.outbox.After(acked, p.cfg.Batch)
	if err != nil {
		return 0, fmt.Errorf("publisher of table %s: read outbox after %d: %w", p.cfg.Table, acked, err)
	}
	own := pitwire.Subject(p.cfg.Table, "*")
	for i, m := range recs {
		if m.Table != p.cfg.Table || m.Seq <= acked {
			return i, fmt.Errorf("publisher of table %s: outbox record %s:%d out of order after %d", p.cfg.Table, m.Table, m.Seq, acked)
		}
		data, err := pitwire.Encode(m)
		switch {
		case m.Seq <= p.stored:
			// Found in the stream by the last sync: stored before a crash or a lost
			// acknowledgement. Sending it again would store it twice.
			p.duplicate.Add(1)
			p.published.Add(1)
		case err != nil:
			// Resending can never make it valid: report it, count it and go past it, rather
			// than hold back every record after it. The board sees the gap (a missing round
			// marks the table incomplete).
			p.invalid.Add(1)
			p.report(fmt.Errorf("publisher of table %s: skipped record %d: %w", p.cfg.Table, m.Seq, err))
		default:
			msg := nats.NewMsg(pitwire.Subject(p.cfg.Table, m.Type))
			msg.Data = data
			pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
			ack, err := js.PublishMsg(pctx, msg, jetstream.WithExpectStream(StreamName),
				jetstream.WithExpectLastSequenceForSubject(p.streamSeq, own))
			cancel()
			if err != nil {
				p.synced = false // stored or not: the next attempt reads the stream first
				return i, fmt.Errorf("publish %s:%d: %w", m.Table, m.Seq, err)
			}
			p.streamSeq, p.stored = ack.Sequence, m.Seq
			p.published.Add(1)
		}
		if err := p.outbox.Ack(m.Seq); err != nil {
			return i, fmt.Errorf("publisher of table %s: %w", p.cfg.Table, err)
		}
		acked = m.Seq
		p.acked.Store(acked)
	}
	return len(recs), nil
}

// ErrStreamConflict is wrapped by the publisher's refusal to go on when the stream holds, on
// the table's own subjects, a record its journal does not have: another publisher uses the
// table's id or credentials, or the journal was replaced. Nothing is published (nor marked
// published) until the conflict is resolved.
var ErrStreamConflict = errors.New("the stream holds a record this journal does not have")

// sync reads the table's newest message in the stream: the stream sequence the next publish
// is conditional on, and the journal sequence up to which the stream has every record. It
// reads the last message of each of the table's subjects (a direct get, which the table's
// credentials allow on its own subjects only).
func (p *Publisher) sync(ctx context.Context, nc *nats.Conn) error {
	var found []storedMsg
	for _, t := range streamTypes {
		sm, ok, err := p.lastStored(ctx, nc, t)
		if err != nil {
			return err
		}
		if ok {
			found = append(found, sm)
		}
	}
	if len(found) == 0 {
		p.streamSeq, p.stored, p.synced = 0, 0, true
		return nil
	}
	newest := found[0]
	for _, sm := range found[1:] {
		if sm.streamSeq > newest.streamSeq {
			newest = sm
		}
	}
	for _, sm := range found {
		// One publisher, in journal order: the newest message has the highest record.
		if sm.msg.Seq > newest.msg.Seq {
			return fmt.Errorf("publisher of table %s: %w: record %d (stream sequence %d) is older in the stream than record %d (%d): two publishers use this table's id",
				p.cfg.Table, ErrStreamConflict, sm.msg.Seq, sm.streamSeq, newest.msg.Seq, newest.streamSeq)
		}
	}
	if newest.msg.Seq > p.acked.Load() {
		// The stream is ahead of the journal's acknowledgement (a crash or a lost
		// acknowledgement): the record must be the journal's own.
		recs, err := p.outbox.After(newest.msg.Seq-1, 1)
		if err != nil {
			return fmt.Errorf("publisher of table %s: read outbox record %d: %w", p.cfg.Table, newest.msg.Seq, err)
		}
		if len(recs) == 0 || !sameRecord(recs[0], newest.msg) {
			return fmt.Errorf("publisher of table %s: %w: record %d (%s, committed %s) is not in the journal: "+
				"another table publishes with this id, or the journal was replaced (a new journal needs a new table id)",
				p.cfg.Table, ErrStreamConflict, newest.msg.Seq, newest.msg.Type, newest.msg.Time.Format(time.RFC3339Nano))
		}
	}
	p.streamSeq, p.stored, p.synced = newest.streamSeq, newest.msg.Seq, true
	return nil
}

// storedMsg is a message read back from the stream.
type storedMsg struct {
	streamSeq uint64
	msg       pitwire.Message
}

// lastStored is the table's last message of type t in the stream, and false if there is none.
func (p *Publisher) lastStored(ctx context.Context, nc *nats.Conn, t pitwire.Type) (storedMsg, bool, error) {
	subject := pitwire.Subject(p.cfg.Table, t)
	rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	reply, err := nc.RequestWithContext(rctx, directLastSubject(subject), nil)
	if err != nil {
		return storedMsg{}, false, fmt.Errorf("publisher of table %s: read the stream's last message on %s: %w", p.cfg.Table, subject, err)
	}
	switch status := reply.Header.Get("Status"); status {
	case "":
	case "404":
		return storedMsg{}, false, nil
	default:
		return storedMsg{}, false, fmt.Errorf("publisher of table %s: read the stream's last message on %s: status %s %s",
			p.cfg.Table, subject, status, reply.Header.Get("Description"))
	}
	seq, err := strconv.ParseUint(reply.Header.Get(jetstream.SequenceHeader), 10, 64)
	if err != nil || seq == 0 {
		return storedMsg{}, false, fmt.Errorf("publisher of table %s: the stream's last message on %s: bad sequence %q", p.cfg.Table, subject, reply.Header.Get(jetstream.SequenceHeader))
	}
	m, err := pitwire.Decode(reply.Data)
	if err == nil && (m.Table != p.cfg.Table || m.Type != t) {
		err = fmt.Errorf("table %s type %s", m.Table, m.Type)
	}
	if err != nil {
		return storedMsg{}, false, fmt.Errorf("publisher of table %s: %w: stream message %d on %s: %v", p.cfg.Table, ErrStreamConflict, seq, subject, err)
	}
	return storedMsg{streamSeq: seq, msg: m}, true, nil
}

// sameRecord reports whether the stream's message s is the journal's record r: the same
// sequence, type, shoe and commit time (a newer encoding of the same record still matches).
func sameRecord(r, s pitwire.Message) bool {
	return r.Table == s.Table && r.Seq == s.Seq && r.Type == s.Type && r.Shoe == s.Shoe && r.Time.Equal(s.Time)
}

func (p *Publisher) heartbeats(ctx context.Context, nc *nats.Conn) {
	t := time.NewTicker(p.cfg.Heartbeat)
	defer t.Stop()
	subject := pitwire.Subject(p.cfg.Table, pitwire.TypeHeartbeat)
	for {
		m := pitwire.Message{V: pitwire.Version, Table: p.cfg.Table, Seq: p.acked.Load(), Type: pitwire.TypeHeartbeat, Time: p.cfg.Now(), Software: p.cfg.Software}
		data, err := json.Marshal(m)
		if err == nil && nc.IsConnected() {
			err = nc.Publish(subject, data)
		}
		if err != nil && !errors.Is(err, nats.ErrConnectionClosed) {
			p.report(fmt.Errorf("heartbeat of table %s: %w", p.cfg.Table, err))
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
