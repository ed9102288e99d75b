package bus

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/coupboard/coupboard/pitwire"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// StreamName is the JetStream stream holding the current shoe of every table.
const StreamName = "TABLES"

// streamTypes are the message types the stream keeps (heartbeats are not journalled and
// travel on core NATS only).
var streamTypes = []pitwire.Type{
	pitwire.TypeRound, pitwire.TypeShoeStarted, pitwire.TypeShoeEnded, pitwire.TypeLimits, pitwire.TypeStatus,
	pitwire.TypeRedDogRound,    // a Red Dog table's rounds
	pitwire.TypeAccess,         // sign-ins and sign-outs at the operator screen
	pitwire.TypeNotice,         // notices posted on the sign
	pitwire.TypeReview,         // coups held for review, and resolved
	pitwire.TypeRoundCorrected, // finished rounds corrected after the fact
	pitwire.TypeWithdrawn,      // changes of the sign withdrawn before they took effect
}

// StreamSubjects are the subjects of the TABLES stream: table.*.<type> for each journalled type.
func StreamSubjects() []string {
	s := make([]string, len(streamTypes))
	for i, t := range streamTypes {
		s[i] = pitwire.Subject("*", t)
	}
	return s
}

// Limits of the TABLES stream that keep one table from crowding out another.
const (
	// MaxMsgsPerSubject bounds what one subject (one table's messages of one type) may hold:
	// a table that floods its own subjects discards its own oldest messages, nobody else's.
	// Two shoes are some 170 rounds; 48 h of a very fast table some 3,000.
	MaxMsgsPerSubject = 10000
	// MaxMsgSize bounds one message (a real one is under 1 KiB).
	MaxMsgSize = 16 << 10
)

// StreamConfig is the TABLES stream: on disk, every table's current shoe (the Keeper purges
// older shoes; MaxAge is the backstop for a table that never starts another).
//
// The stream does not de-duplicate by Nats-Msg-Id: that window is one namespace shared by
// every table, so a table could pre-empt another's ids from its own subject and make the
// stream drop the other's records (issue 21). A table's publisher instead makes each publish
// conditional on the stream sequence of its own newest message (Nats-Expected-Last-Subject-
// Sequence over table.<id>.*), which only that table can move, and after any doubt reads its
// own newest message back (direct get, AllowDirect) to learn what the stream already has.
// Rollups, message TTLs, counters and schedules stay off: no header lets a message reach
// beyond its own subject.
func StreamConfig(opts ...StreamOption) jetstream.StreamConfig {
	c := jetstream.StreamConfig{
		Name:              StreamName,
		Description:       "coupboard: the current shoe of every table (roads, limits, status)",
		Subjects:          StreamSubjects(),
		Storage:           jetstream.FileStorage,
		Retention:         jetstream.LimitsPolicy,
		Discard:           jetstream.DiscardOld,
		MaxAge:            48 * time.Hour,
		MaxMsgsPerSubject: MaxMsgsPerSubject,
		MaxMsgSize:        MaxMsgSize,
		// No table sends Nats-Msg-Id; the window is kept short so that ids a client sends
		// anyway cost little memory.
		Duplicates:  time.Minute,
		AllowDirect: true,
		Replicas:    1,
	}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// StreamOption changes the configuration of a stream the bus creates.
type StreamOption func(*jetstream.StreamConfig)

// Replicas keeps n copies of the stream, on n nodes of a cluster (1, the default, on a single
// server). With 3 the stream survives one node down: its leader moves to another node, and
// a node that comes back catches up from the others.
func Replicas(n int) StreamOption {
	return func(c *jetstream.StreamConfig) {
		if n > 0 {
			c.Replicas = n
		}
	}
}

// directLastSubject is the API subject of a direct get of the last message on subject (which
// may end in a wildcard token for permissions).
func directLastSubject(subject string) string {
	return "$JS.API.DIRECT.GET." + StreamName + "." + subject
}

// HeadStreamName is the JetStream stream holding every table's anchored journal heads
// (pitwire.TypeHead on table.<id>.head): what the pit remembers of each journal, so that a
// journal rewritten after the fact is found out (coupboard audit verify --against-bus).
const HeadStreamName = "HEADS"

// Limits of the HEADS stream: a table anchors its head with every coup and every minute its
// head moved, some 2,000 a day; heads are kept 400 days (a year's audit and some margin), at
// most MaxHeadsPerTable for one table.
const (
	HeadsMaxAge      = 400 * 24 * time.Hour
	MaxHeadsPerTable = 1_000_000
)

// HeadStreamConfig is the HEADS stream: on disk, every table's anchored heads, kept for
// HeadsMaxAge. Nothing in it is purged by the keeper.
func HeadStreamConfig(opts ...StreamOption) jetstream.StreamConfig {
	// The TABLES stream's storage and limits policy, its own subjects, age and sizes.
	c := StreamConfig(opts...)
	c.Name = HeadStreamName
	c.Description = "coupboard: every table's anchored journal heads (audit verify --against-bus)"
	c.Subjects = []string{pitwire.Subject("*", pitwire.TypeHead)}
	c.MaxAge, c.MaxMsgsPerSubject, c.MaxMsgSize = HeadsMaxAge, MaxHeadsPerTable, 1<<10
	return c
}

// EnsureStream creates the TABLES and HEADS streams, or updates them to StreamConfig(opts...)
// and HeadStreamConfig(opts...), on the connection of an administrator, and returns TABLES.
// It also ensures the pit commands' PITCMD and ANSWERS streams (EnsureCommandStreams).
// Without Replicas among opts, a stream that exists keeps its number of replicas (a board run
// with --admin must not take a cluster's streams down to one copy).
func EnsureStream(ctx context.Context, nc *nats.Conn, opts ...StreamOption) (jetstream.Stream, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("ensure stream %s: %w", StreamName, err)
	}
	asked := jetstream.StreamConfig{}
	for _, o := range opts {
		o(&asked)
	}
	if _, err := ensure(ctx, js, HeadStreamConfig(opts...), asked.Replicas == 0); err != nil {
		return nil, err
	}
	if err := EnsureCommandStreams(ctx, nc, opts...); err != nil { // the pit's commands (commands.go)
		return nil, err
	}
	return ensure(ctx, js, StreamConfig(opts...), asked.Replicas == 0)
}

// ensure creates or updates the stream want; with keepReplicas, a stream that exists keeps
// its number of replicas.
func ensure(ctx context.Context, js jetstream.JetStream, want jetstream.StreamConfig, keepReplicas bool) (jetstream.Stream, error) {
	if keepReplicas {
		if st, err := js.Stream(ctx, want.Name); err == nil && st.CachedInfo().Config.Replicas > 0 {
			want.Replicas = st.CachedInfo().Config.Replicas
		}
	}
	st, err := js.CreateOrUpdateStream(ctx, want)
	if err != nil {
		return nil, fmt.Errorf("ensure stream %s: %w", want.Name, err)
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

// StartKeeper ensures the stream (with opts) and starts purging older shoes on an
// administrator's connection. Errors are sent to the channel Errors returns (the oldest are
// dropped if nobody reads them). Every node of a cluster may run one: a purge is the same
// whichever keeper makes it.
func StartKeeper(ctx context.Context, nc *nats.Conn, opts ...StreamOption) (*Keeper, error) {
	st, err := EnsureStream(ctx, nc, opts...)
	if err != nil {
		return nil, err
	}
	k := &Keeper{stream: st, errs: make(chan error, 16), starts: make(map[string]uint64)}
	cons, err := st.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{pitwire.Subject("*", pitwire.TypeShoeStarted)},
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
	if len(tok) != 3 || !pitwire.ValidTableID(tok[1]) {
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
