package bus

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coupboard/coupboard/pitwire"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// SubscriberConfig configures the board's side of the bus.
type SubscriberConfig struct {
	Conn   ConnConfig
	Buffer int // deliveries buffered for the reader; default 8192
	// OnError is told every undecodable message and every failure to (re)create the consumer,
	// and which node of the bus the reader is on and when that node is lost (for the board's
	// console); it must not block. Optional.
	OnError func(error)
	// Tables, when set, are the only tables read (a board per pit on a casino's bus): the
	// consumer and the heartbeat subscriptions are filtered to their subjects. Empty: every
	// table.
	Tables []string
}

// filters are the stream subjects and heartbeat subjects the subscriber reads.
func (c SubscriberConfig) filters() (stream, heartbeats []string) {
	if len(c.Tables) == 0 {
		return StreamSubjects(), []string{pitwire.Subject("*", pitwire.TypeHeartbeat)}
	}
	for _, id := range c.Tables {
		for _, t := range streamTypes {
			stream = append(stream, pitwire.Subject(id, t))
		}
		heartbeats = append(heartbeats, pitwire.Subject(id, pitwire.TypeHeartbeat))
	}
	return stream, heartbeats
}

// Subscriber reads the TABLES stream from its first message, then every new message, and the
// tables' heartbeats, and delivers them, decoded and validated, on C, each with the subject it
// arrived on. A message that fails its schema is counted (Refused), reported, and delivered
// marked refused, so that the board refuses it where it counts and shows refusals. A message whose body does not match its subject (a table claiming another's id)
// is reported and still delivered, so that the board refuses it where it is counted and
// shown (pitmodel.Board.Apply, pitwire.CheckSubject).
type Subscriber struct {
	cfg    SubscriberConfig
	nc     *nats.Conn
	c      chan pitwire.Message
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// refused counts the messages that failed their schema (pitwire.Decode).
	refused atomic.Uint64
	// nodes is what the subscriber knows of the bus's nodes (nodes.go).
	nodes *nodeState
}

// Refused is how many messages failed their schema: each was reported to OnError and handed
// on marked refused (pitwire.Refuse), so that the board counts and shows it.
func (s *Subscriber) Refused() uint64 { return s.refused.Load() }

// Subscribe connects and starts delivering. A stream that does not exist yet is waited for.
func Subscribe(cfg SubscriberConfig) (*Subscriber, error) {
	if cfg.Buffer <= 0 {
		cfg.Buffer = 8192
	}
	if cfg.Conn.Name == "" {
		cfg.Conn.Name = "pit board"
	}
	for _, id := range cfg.Tables {
		if !pitwire.ValidTableID(id) {
			return nil, fmt.Errorf("subscribe: bad table id %q", id)
		}
	}
	nodes := newNodeState()
	nc, err := Connect(cfg.Conn, nodeWatch(cfg.OnError, nodes.signal)...)
	if err != nil {
		return nil, fmt.Errorf("subscribe: %w", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Subscriber{cfg: cfg, nc: nc, c: make(chan pitwire.Message, cfg.Buffer), cancel: cancel, nodes: nodes}
	_, hb := cfg.filters()
	for _, subject := range hb {
		if _, err := nc.Subscribe(subject, s.heartbeat); err != nil {
			cancel()
			nc.Close()
			return nil, fmt.Errorf("subscribe to heartbeats on %s: %w", subject, err)
		}
	}
	s.wg.Add(2)
	go func() {
		defer s.wg.Done()
		s.consume(ctx)
	}()
	go func() {
		defer s.wg.Done()
		s.watchNodes(ctx)
	}()
	return s, nil
}

// C is the deliveries, in stream order for each table; heartbeats interleaved.
func (s *Subscriber) C() <-chan pitwire.Message { return s.c }

func (s *Subscriber) report(err error) {
	if s.cfg.OnError != nil {
		s.cfg.OnError(err)
	}
}

func (s *Subscriber) heartbeat(msg *nats.Msg) {
	m, err := pitwire.Decode(msg.Data)
	if err != nil {
		s.refused.Add(1)
		s.report(fmt.Errorf("heartbeat on %s: %w", msg.Subject, err))
		m = pitwire.Refuse(msg.Subject, msg.Data, err)
	}
	m.Subject = msg.Subject
	if err := m.CheckSubject(); err != nil {
		s.report(fmt.Errorf("heartbeat refused: %w", err))
	}
	select {
	case s.c <- m:
	default: // the reader is behind: a heartbeat can be dropped, the next one follows
	}
}

// consume creates the ordered consumer (retrying until the stream exists) and keeps it until
// the subscriber is closed.
func (s *Subscriber) consume(ctx context.Context) {
	js, err := jetstream.New(s.nc)
	if err != nil {
		s.report(fmt.Errorf("subscribe: %w", err))
		return
	}
	filter, _ := s.cfg.filters()
	for {
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		cons, err := js.OrderedConsumer(cctx, StreamName, jetstream.OrderedConsumerConfig{
			FilterSubjects: filter, DeliverPolicy: jetstream.DeliverAllPolicy,
		})
		cancel()
		if err == nil {
			var cc jetstream.ConsumeContext
			cc, err = cons.Consume(func(msg jetstream.Msg) { s.deliver(ctx, msg) })
			if err == nil {
				<-ctx.Done()
				cc.Stop()
				return
			}
		}
		s.report(fmt.Errorf("consume stream %s: %w", StreamName, err))
		if !sleep(ctx, time.Second) {
			return
		}
	}
}

func (s *Subscriber) deliver(ctx context.Context, msg jetstream.Msg) {
	var seq uint64
	if meta, err := msg.Metadata(); err == nil {
		seq = meta.Sequence.Stream
	}
	m, err := pitwire.Decode(msg.Data())
	if err != nil {
		// Handed to the board all the same, marked refused: it counts and shows it.
		s.refused.Add(1)
		s.report(fmt.Errorf("stream message %d on %s: %w", seq, msg.Subject(), err))
		m = pitwire.Refuse(msg.Subject(), msg.Data(), err)
	}
	m.Subject = msg.Subject()
	if err := m.CheckSubject(); err != nil {
		s.report(fmt.Errorf("stream message %d refused: %w", seq, err))
	}
	select {
	case s.c <- m:
	case <-ctx.Done():
	}
}

// Close stops delivering and closes the connection.
func (s *Subscriber) Close() {
	s.cancel()
	s.wg.Wait()
	s.nc.Close()
}

// nodeWatch are connection options that call changed whenever the connection drops, comes
// back or closes (what Subscriber.Nodes returns changes), and tell report (when not nil) which
// node of the bus the reader is on and when that node is lost: the board prints them on its
// console.
func nodeWatch(report func(error), changed func()) []nats.Option {
	var mu sync.Mutex
	node := ""
	on := func(c *nats.Conn) {
		changed()
		if report == nil {
			return
		}
		mu.Lock()
		node = c.ConnectedUrlRedacted()
		mu.Unlock()
		report(fmt.Errorf("pit bus: reading from node %s (%s)", c.ConnectedServerName(), c.ConnectedUrlRedacted()))
	}
	return []nats.Option{
		nats.ConnectHandler(on),
		nats.ReconnectHandler(on),
		nats.DisconnectErrHandler(func(c *nats.Conn, err error) {
			changed()
			if report == nil {
				return
			}
			mu.Lock()
			lost := node
			mu.Unlock()
			report(fmt.Errorf("pit bus: node %s lost (%v): trying the other nodes", lost, err))
		}),
		nats.ClosedHandler(func(*nats.Conn) { changed() }),
	}
}
