package bus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coupboard/coupboard/app/bus/message"
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
}

// PublisherStats are a publisher's counters.
type PublisherStats struct {
	Published uint64 // records acknowledged by the stream (including duplicates it dropped)
	Duplicate uint64 // of those, records the stream already had (a resend)
	Retries   uint64 // failed publish attempts
	Invalid   uint64 // records skipped because they are not valid messages (each reported to OnError)
	Acked     uint64 // the highest acknowledged journal sequence
	Connected bool
}

// Publisher publishes a table's outbox to the bus from its own goroutine.
type Publisher struct {
	cfg    PublisherConfig
	outbox Outbox
	kick   chan struct{}

	published, duplicate, retries, invalid, acked atomic.Uint64
	connMu                                        sync.Mutex
	nc                                            *nats.Conn
}

// NewPublisher is a publisher of outbox for cfg.Table. Run starts it.
func NewPublisher(cfg PublisherConfig, outbox Outbox) (*Publisher, error) {
	if !message.ValidTableID(cfg.Table) {
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
		Acked: p.acked.Load(), Connected: connected,
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
		n, err := p.drain(ctx, js)
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
func (p *Publisher) drain(ctx context.Context, js jetstream.JetStream) (int, error) {
	acked := p.acked.Load()
	recs, err := p.outbox.After(acked, p.cfg.Batch)
	if err != nil {
		return 0, fmt.Errorf("publisher of table %s: read outbox after %d: %w", p.cfg.Table, acked, err)
	}
	for i, m := range recs {
		if m.Table != p.cfg.Table || m.Seq <= acked {
			return i, fmt.Errorf("publisher of table %s: outbox record %s:%d out of order after %d", p.cfg.Table, m.Table, m.Seq, acked)
		}
		data, err := message.Encode(m)
		if err != nil {
			// Resending can never make it valid: report it, count it and go past it, rather
			// than hold back every record after it. The board sees the gap (a missing round
			// marks the table incomplete).
			p.invalid.Add(1)
			p.report(fmt.Errorf("publisher of table %s: skipped record %d: %w", p.cfg.Table, m.Seq, err))
			if err := p.outbox.Ack(m.Seq); err != nil {
				return i, fmt.Errorf("publisher of table %s: %w", p.cfg.Table, err)
			}
			acked = m.Seq
			p.acked.Store(acked)
			continue
		}
		msg := nats.NewMsg(message.Subject(p.cfg.Table, m.Type))
		msg.Data = data
		pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		ack, err := js.PublishMsg(pctx, msg, jetstream.WithMsgID(message.MsgID(m.Table, m.Seq)), jetstream.WithExpectStream(StreamName))
		cancel()
		if err != nil {
			return i, fmt.Errorf("publish %s:%d: %w", m.Table, m.Seq, err)
		}
		if ack.Duplicate {
			p.duplicate.Add(1)
		}
		if err := p.outbox.Ack(m.Seq); err != nil {
			return i, fmt.Errorf("publisher of table %s: %w", p.cfg.Table, err)
		}
		acked = m.Seq
		p.acked.Store(acked)
		p.published.Add(1)
	}
	return len(recs), nil
}

func (p *Publisher) heartbeats(ctx context.Context, nc *nats.Conn) {
	t := time.NewTicker(p.cfg.Heartbeat)
	defer t.Stop()
	subject := message.Subject(p.cfg.Table, message.TypeHeartbeat)
	for {
		m := message.Message{V: message.Version, Table: p.cfg.Table, Seq: p.acked.Load(), Type: message.TypeHeartbeat, Time: p.cfg.Now(), Software: p.cfg.Software}
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
