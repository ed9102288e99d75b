package bus

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/coupboard/coupboard/app/bus/message"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// StreamName is the JetStream stream holding the current shoe of every table.
const StreamName = "TABLES"

// streamTypes are the message types the stream keeps (heartbeats are not journalled and
// travel on core NATS only).
var streamTypes = []message.Type{
	message.TypeRound, message.TypeShoeStarted, message.TypeShoeEnded, message.TypeLimits, message.TypeStatus,
}

// StreamSubjects are the subjects of the TABLES stream: table.*.<type> for each journalled type.
func StreamSubjects() []string {
	s := make([]string, len(streamTypes))
	for i, t := range streamTypes {
		s[i] = message.Subject("*", t)
	}
	return s
}

// StreamConfig is the TABLES stream: on disk, every table's current shoe (the Keeper purges
// older shoes; MaxAge is the backstop for a table that never starts another), and a duplicate
// window of two hours for Nats-Msg-Id.
func StreamConfig() jetstream.StreamConfig {
	return jetstream.StreamConfig{
		Name:        StreamName,
		Description: "coupboard: the current shoe of every table (roads, limits, status)",
		Subjects:    StreamSubjects(),
		Storage:     jetstream.FileStorage,
		Retention:   jetstream.LimitsPolicy,
		Discard:     jetstream.DiscardOld,
		MaxAge:      48 * time.Hour,
		Duplicates:  2 * time.Hour,
		Replicas:    1,
	}
}

// EnsureStream creates the TABLES stream, or updates it to StreamConfig, on the connection of
// an administrator.
func EnsureStream(ctx context.Context, nc *nats.Conn) (jetstream.Stream, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("ensure stream %s: %w", StreamName, err)
	}
	st, err := js.CreateOrUpdateStream(ctx, StreamConfig())
	if err != nil {
		return nil, fmt.Errorf("ensure stream %s: %w", StreamName, err)
	}
	return st, nil
}

// Keeper keeps the stream to the current shoe of every table, and the one before it: when a
// table's shoe_started message is stored, the table's messages before its previous
// shoe_started are purged. The previous shoe stays so that a reader that is behind (a board
// catching up, a management system) still gets the end of it; a shoe_started message carries
// the table's limits and status, so a reader starting from the stream misses nothing it needs.
type Keeper struct {
	stream jetstream.Stream
	cc     jetstream.ConsumeContext
	errs   chan error
	mu     sync.Mutex
	starts map[string]uint64 // stream sequence of each table's latest shoe_started
}

// StartKeeper starts purging older shoes on an administrator's connection. Errors are sent to
// the channel Errors returns (the oldest are dropped if nobody reads them).
func StartKeeper(ctx context.Context, nc *nats.Conn) (*Keeper, error) {
	st, err := EnsureStream(ctx, nc)
	if err != nil {
		return nil, err
	}
	k := &Keeper{stream: st, errs: make(chan error, 16), starts: make(map[string]uint64)}
	cons, err := st.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{message.Subject("*", message.TypeShoeStarted)},
	})
	if err != nil {
		return nil, fmt.Errorf("start keeper: %w", err)
	}
	k.cc, err = cons.Consume(k.handle)
	if err != nil {
		return nil, fmt.Errorf("start keeper: %w", err)
	}
	return k, nil
}

func (k *Keeper) report(err error) {
	select {
	case k.errs <- err:
	default:
	}
}

func (k *Keeper) handle(msg jetstream.Msg) {
	meta, err := msg.Metadata()
	if err != nil {
		k.report(fmt.Errorf("keeper: metadata: %w", err))
		return
	}
	tok := strings.Split(msg.Subject(), ".")
	if len(tok) != 3 || !message.ValidTableID(tok[1]) {
		k.report(fmt.Errorf("keeper: unexpected subject %q", msg.Subject()))
		return
	}
	k.mu.Lock()
	prev := k.starts[tok[1]]
	k.starts[tok[1]] = meta.Sequence.Stream
	k.mu.Unlock()
	if prev == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err = k.stream.Purge(ctx, jetstream.WithPurgeSubject("table."+tok[1]+".>"), jetstream.WithPurgeSequence(prev))
	if err != nil && !errors.Is(err, context.Canceled) {
		k.report(fmt.Errorf("keeper: purge table %s before stream sequence %d: %w", tok[1], prev, err))
	}
}

// Errors are the purges that failed.
func (k *Keeper) Errors() <-chan error { return k.errs }

// Stop stops the keeper.
func (k *Keeper) Stop() { k.cc.Stop() }
