package bus_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/bus/simtable"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"
)

// startServer starts an embedded server on a free loopback port with JetStream in dir
// (a new temporary directory when dir is ""), and creates the stream.
func startServer(t *testing.T, cfg bus.ServerConfig) *bus.Server {
	t.Helper()
	if cfg.StoreDir == "" {
		cfg.StoreDir = t.TempDir()
	}
	if cfg.Port == 0 {
		cfg.Port = -1
	}
	srv, err := bus.StartServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	nc, err := srv.AdminConn()
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := bus.EnsureStream(ctx, nc); err != nil {
		t.Fatal(err)
	}
	return srv
}

// errs collects asynchronous errors for the log.
type errs struct {
	mu   sync.Mutex
	list []error
}

func (e *errs) add(err error) {
	e.mu.Lock()
	e.list = append(e.list, err)
	e.mu.Unlock()
}

func (e *errs) all() []error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]error(nil), e.list...)
}

// table is a simulated table with its outbox and running publisher.
type table struct {
	sim    *simtable.Table
	ob     *bus.MemOutbox
	pub    *bus.Publisher
	cancel context.CancelFunc
	done   chan error
}

func startTable(t *testing.T, id string, seed uint64, conn bus.ConnConfig, hb time.Duration, e *errs) *table {
	t.Helper()
	ob := bus.NewMemOutbox(id, time.Now)
	sim, err := simtable.New(simtable.Config{ID: id, Seed: seed}, ob)
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Open(); err != nil {
		t.Fatal(err)
	}
	pub, err := bus.NewPublisher(bus.PublisherConfig{Table: id, Conn: conn, Heartbeat: hb, OnError: e.add}, ob)
	if err != nil {
		t.Fatal(err)
	}
	return runPublisher(t, sim, ob, pub)
}

func runPublisher(t *testing.T, sim *simtable.Table, ob *bus.MemOutbox, pub *bus.Publisher) *table {
	ctx, cancel := context.WithCancel(context.Background())
	tb := &table{sim: sim, ob: ob, pub: pub, cancel: cancel, done: make(chan error, 1)}
	go func() { tb.done <- pub.Run(ctx) }()
	t.Cleanup(tb.stop)
	return tb
}

func (tb *table) stop() {
	tb.cancel()
	<-tb.done
	tb.done <- nil // a second stop returns at once
}

func (tb *table) steps(t *testing.T, n int) {
	t.Helper()
	for range n {
		if _, err := tb.sim.Step(); err != nil {
			t.Fatal(err)
		}
		tb.pub.Notify()
	}
}

func (tb *table) last() uint64 {
	r := tb.ob.Records()
	return r[len(r)-1].Seq
}

// waitFor polls cond every 10ms until it holds or the timeout passes.
func waitFor(t testing.TB, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", timeout, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// streamSeqs reads the stream and returns, per table subject, the journal sequences stored, in order.
func streamSeqs(t *testing.T, srv *bus.Server) map[string][]uint64 {
	t.Helper()
	nc, err := srv.AdminConn()
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	return streamSeqsConn(t, nc)
}

// streamSeqsConn is streamSeqs on a connection that may read the stream.
func streamSeqsConn(t testing.TB, nc *nats.Conn) map[string][]uint64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	js, _ := jetstream.New(nc)
	st, err := js.Stream(ctx, bus.StreamName)
	if err != nil {
		t.Fatal(err)
	}
	info, err := st.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]uint64{}
	if info.State.Msgs == 0 {
		return out
	}
	// An ephemeral pull consumer of its own, no acknowledgements: it keeps its place between
	// fetches however slow the reader (an ordered consumer may be reset under load).
	cons, err := st.CreateConsumer(ctx, jetstream.ConsumerConfig{
		AckPolicy: jetstream.AckNonePolicy, DeliverPolicy: jetstream.DeliverAllPolicy, InactiveThreshold: time.Minute,
	})
	if err != nil {
		t.Fatal(err)
	}
	for n, empty := uint64(0), 0; n < info.State.Msgs; {
		batch, err := cons.Fetch(int(min(500, info.State.Msgs-n)), jetstream.FetchMaxWait(5*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		got := 0
		for msg := range batch.Messages() {
			m, err := pitwire.Decode(msg.Data())
			if err != nil {
				t.Fatalf("stream holds an invalid message: %v", err)
			}
			table := strings.Split(msg.Subject(), ".")[1]
			out[table] = append(out[table], m.Seq)
			got++
		}
		if got == 0 {
			if empty++; empty == 3 {
				t.Fatalf("stream read stalled at %d of %d: %v", n, info.State.Msgs, batch.Error())
			}
			continue
		}
		empty = 0
		n += uint64(got)
	}
	return out
}

// seqRange is first..last.
func seqRange(first, last uint64) []uint64 {
	var s []uint64
	for i := first; i <= last; i++ {
		s = append(s, i)
	}
	return s
}

func TestOutageCatchUpNoLossNoDuplicates(t *testing.T) {
	dir := t.TempDir()
	srv := startServer(t, bus.ServerConfig{StoreDir: dir, Open: true})
	port := srv.URL()[strings.LastIndex(srv.URL(), ":")+1:]
	e := &errs{}
	tb := startTable(t, "T1", 1, bus.ConnConfig{URLs: []string{srv.URL()}}, 50*time.Millisecond, e)
	tb.steps(t, 30)
	waitFor(t, 10*time.Second, "first 30 coups acknowledged", func() bool { return tb.pub.Stats().Acked == tb.last() })

	// The bus goes down; the table goes on dealing and committing, never blocked by the bus.
	srv.Shutdown()
	start := time.Now()
	tb.steps(t, 40)
	if d := time.Since(start); d > time.Second {
		t.Fatalf("40 coups took %v with the bus down: the table was blocked", d)
	}
	time.Sleep(300 * time.Millisecond) // the publisher retries and fails meanwhile
	if acked := tb.pub.Stats().Acked; acked >= tb.last() {
		t.Fatalf("acknowledged %d of %d with the bus down", acked, tb.last())
	}

	// The bus comes back on the same port and disk: the table catches up, in order.
	var p int
	for _, c := range port {
		p = p*10 + int(c-'0')
	}
	srv = startServer(t, bus.ServerConfig{StoreDir: dir, Port: p, Open: true})
	defer srv.Shutdown()
	waitFor(t, 20*time.Second, "catch-up after the outage", func() bool { return tb.pub.Stats().Acked == tb.last() })
	if got, want := streamSeqs(t, srv)["T1"], seqRange(1, tb.last()); !reflect.DeepEqual(got, want) {
		t.Fatalf("stream holds %v, want %v", got, want)
	}
	if tb.pub.Stats().Retries == 0 {
		t.Fatal("no publish failed during the outage: the outage was not exercised")
	}

	// The table restarts having lost its acknowledgements (a crash before the journal
	// recorded them): it resends everything, and the stream drops every resend.
	tb.stop()
	pub2, err := bus.NewPublisher(bus.PublisherConfig{Table: "T1", Conn: bus.ConnConfig{URLs: []string{srv.URL()}}, OnError: e.add}, &forgetful{MemOutbox: tb.ob})
	if err != nil {
		t.Fatal(err)
	}
	tb2 := runPublisher(t, tb.sim, tb.ob, pub2)
	waitFor(t, 20*time.Second, "resend", func() bool { return tb2.pub.Stats().Published == tb.last() })
	if d := tb2.pub.Stats().Duplicate; d != tb.last() {
		t.Fatalf("stream dropped %d resends as duplicates, want %d", d, tb.last())
	}
	if got, want := streamSeqs(t, srv)["T1"], seqRange(1, tb.last()); !reflect.DeepEqual(got, want) {
		t.Fatalf("after the resend the stream holds %v, want %v", got, want)
	}
}

// forgetful is an outbox whose acknowledgements were lost: Acked starts at 0.
type forgetful struct {
	*bus.MemOutbox
	mu    sync.Mutex
	acked uint64
}

func (f *forgetful) Acked() (uint64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.acked, nil
}

func (f *forgetful) Ack(seq uint64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.acked = seq
	return nil
}

// board is a board model fed by a subscriber, drained in the test goroutine.
type board struct {
	sub   *bus.Subscriber
	model *pitmodel.Board
}

func startBoard(t *testing.T, conn bus.ConnConfig, cfg pitmodel.Config, e *errs) *board {
	t.Helper()
	sub, err := bus.Subscribe(bus.SubscriberConfig{Conn: conn, OnError: e.add})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sub.Close)
	return &board{sub: sub, model: pitmodel.New(cfg)}
}

// until applies deliveries until cond holds. A forged message is refused by the model (and
// counted there); any other refusal fails the test.
func (b *board) until(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(timeout)
	for !cond() {
		select {
		case d := <-b.sub.C():
			if _, err := b.model.Apply(d, time.Now()); err != nil && !errors.Is(err, pitwire.ErrForged) {
				t.Fatalf("board: %v", err)
			}
		case <-deadline:
			t.Fatalf("timed out after %v waiting for %s", timeout, what)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

func (b *board) has(tables []*table) func() bool {
	return func() bool {
		for _, tb := range tables {
			st, ok := b.model.Table(tb.ob.Records()[0].Table)
			if !ok || st.LastSeq != tb.last() {
				return false
			}
		}
		return true
	}
}

// reference is the board state of applying every record of the tables directly.
func reference(t *testing.T, tables []*table) []pitmodel.Summary {
	t.Helper()
	ref := pitmodel.New(pitmodel.Config{})
	for _, tb := range tables {
		for _, m := range tb.ob.Records() {
			if _, err := ref.Apply(m, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
	}
	return ref.Summaries()
}

func TestBoardRestartedMidShoeRebuildsSameState(t *testing.T) {
	srv := startServer(t, bus.ServerConfig{Open: true})
	defer srv.Shutdown()
	admin, err := srv.AdminConn()
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	keeper, err := bus.StartKeeper(context.Background(), admin)
	if err != nil {
		t.Fatal(err)
	}
	defer keeper.Stop()

	e := &errs{}
	conn := bus.ConnConfig{URLs: []string{srv.URL()}}
	var tables []*table
	for i, id := range []string{"T1", "T2", "T3", "T4"} {
		tables = append(tables, startTable(t, id, uint64(10+i), conn, time.Second, e))
	}
	// More than a shoe (about 80 coups), so that the keeper has purged a first shoe.
	for _, tb := range tables {
		tb.steps(t, 100)
	}
	b1 := startBoard(t, conn, pitmodel.Config{}, e)
	b1.until(t, 20*time.Second, "first board up to date", b1.has(tables))
	if got, want := b1.model.Summaries(), reference(t, tables); !reflect.DeepEqual(got, want) {
		t.Fatalf("first board differs from the tables' records:\n got %+v\nwant %+v", got, want)
	}

	// The board goes down mid-shoe; the tables deal on; a new board starts from the stream.
	b1.sub.Close()
	for _, tb := range tables {
		tb.steps(t, 25)
	}
	b2 := startBoard(t, conn, pitmodel.Config{}, e)
	b2.until(t, 20*time.Second, "restarted board up to date", b2.has(tables))
	want := reference(t, tables)
	if got := b2.model.Summaries(); !reflect.DeepEqual(got, want) {
		t.Fatalf("restarted board differs from the tables' records:\n got %+v\nwant %+v", got, want)
	}
	if _, dups, rej := b2.model.Counters(); dups != 0 || rej != 0 {
		t.Fatalf("restarted board: %d duplicates, %d rejected", dups, rej)
	}
	for _, s := range want {
		if s.Stats.Hands == 0 || s.Shoe < 2 {
			t.Fatalf("table %s: shoe %d with %d hands: the test did not reach a second shoe", s.ID, s.Shoe, s.Stats.Hands)
		}
	}

	// The stream keeps only the current shoe of each table and the one before it.
	waitFor(t, 10*time.Second, "keeper purges", func() bool {
		seqs := streamSeqs(t, srv)
		for _, tb := range tables {
			var start, prev uint64
			for _, m := range tb.ob.Records() {
				if m.Type == pitwire.TypeShoeStarted {
					start, prev = m.Seq, start
				}
			}
			if prev == 0 {
				t.Fatalf("table %s never started a second shoe", tb.ob.Records()[0].Table)
			}
			start = prev
			if !reflect.DeepEqual(seqs[tb.ob.Records()[0].Table], seqRange(start, tb.last())) {
				return false
			}
		}
		return true
	})
}

// writeSeed writes an nkey user's seed to a file and returns the file and the public key.
func writeSeed(t *testing.T) (string, string) {
	t.Helper()
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	seed, _ := kp.Seed()
	pub, _ := kp.PublicKey()
	f := filepath.Join(t.TempDir(), "table.nk")
	if err := os.WriteFile(f, seed, 0o600); err != nil {
		t.Fatal(err)
	}
	return f, pub
}

func TestTableCannotPublishForAnotherTable(t *testing.T) {
	seedFile, pubKey := writeSeed(t)
	srv := startServer(t, bus.ServerConfig{
		Tables: []bus.Credential{{Table: "T1", User: "t1", Password: "secret-1"}, {Table: "T2", NKey: pubKey}},
		Boards: []bus.Credential{{User: "board", Password: "secret-b"}},
	})
	defer srv.Shutdown()
	e := &errs{}
	t1 := bus.ConnConfig{URLs: []string{srv.URL()}, User: "t1", Password: "secret-1", InboxPrefix: bus.TableInbox("T1")}
	t2 := bus.ConnConfig{URLs: []string{srv.URL()}, NKeySeedFile: seedFile}
	brd := bus.ConnConfig{URLs: []string{srv.URL()}, User: "board", Password: "secret-b"}

	// Each table publishes its own records (user/password and nkey credentials).
	a := startTable(t, "T1", 1, t1, time.Second, e)
	b := startTable(t, "T2", 2, t2, time.Second, e)
	a.steps(t, 5)
	b.steps(t, 5)
	waitFor(t, 10*time.Second, "own subjects acknowledged", func() bool {
		return a.pub.Stats().Acked == a.last() && b.pub.Stats().Acked == b.last()
	})

	publish := func(conn bus.ConnConfig, subject string, m pitwire.Message) error {
		nc, err := bus.Connect(conn)
		if err != nil {
			return err
		}
		defer nc.Close()
		js, _ := jetstream.New(nc)
		data, err := pitwire.Encode(m)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_, err = js.Publish(ctx, subject, data, jetstream.WithMsgID("spoof"))
		return err
	}
	forged := b.ob.Records()[len(b.ob.Records())-1]
	forged.Seq = 1000
	if err := publish(t1, pitwire.Subject("T2", pitwire.TypeRound), forged); err == nil {
		t.Fatal("table T1 published on table T2's subject")
	}
	if err := publish(brd, pitwire.Subject("T1", pitwire.TypeRound), forged); err == nil {
		t.Fatal("the board published on a table's subject")
	}
	// A table may not claim another table's id inside its own subject either: the board refuses it.
	forged.Table = "T2"
	if err := publish(t1, pitwire.Subject("T1", pitwire.TypeRound), forged); err != nil {
		t.Fatalf("T1 on its own subject: %v", err)
	}

	be := &errs{}
	bd := startBoard(t, brd, pitmodel.Config{}, be)
	bd.until(t, 10*time.Second, "board reads both tables", bd.has([]*table{a, b}))
	// The forged record is dropped by the board with an alert: reported, counted, and kept
	// in words for the board's header.
	bd.until(t, 5*time.Second, "the forged record refused", func() bool { n, _ := bd.model.Forged(); return n > 0 })
	if n, last := bd.model.Forged(); n != 1 || !strings.Contains(last, "table T2, type round on subject table.T1.round") {
		t.Fatalf("board counted %d forged messages, the last %q; want 1, T2's id on T1's subject", n, last)
	}
	waitFor(t, 5*time.Second, "the forged record reported", func() bool {
		for _, err := range be.all() {
			if errors.Is(err, pitwire.ErrForged) {
				return true
			}
		}
		return false
	})
	st, _ := bd.model.Table("T2")
	if st.LastSeq != b.last() {
		t.Fatalf("table T2 on the board at sequence %d, want %d (nothing forged)", st.LastSeq, b.last())
	}
	seqs := streamSeqs(t, srv)
	if !reflect.DeepEqual(seqs["T2"], seqRange(1, b.last())) {
		t.Fatalf("stream for T2 holds %v", seqs["T2"])
	}

	// Wrong credentials do not connect.
	bad := bus.ConnConfig{URLs: []string{srv.URL()}, User: "t1", Password: "wrong"}
	nc, err := bus.Connect(bad, nats.RetryOnFailedConnect(false))
	if err == nil {
		nc.Close()
		t.Fatal("wrong password accepted")
	}
}

func TestStaleAndOfflineFromHeartbeats(t *testing.T) {
	srv := startServer(t, bus.ServerConfig{Open: true})
	defer srv.Shutdown()
	e := &errs{}
	conn := bus.ConnConfig{URLs: []string{srv.URL()}}
	tb := startTable(t, "T1", 1, conn, 50*time.Millisecond, e)
	tb.steps(t, 3)
	cfg := pitmodel.Config{StaleAfter: 300 * time.Millisecond, OfflineAfter: 1500 * time.Millisecond}
	bd := startBoard(t, conn, cfg, e)
	live := func(want pitmodel.Liveness) func() bool {
		return func() bool {
			st, ok := bd.model.Table("T1")
			return ok && bd.model.Liveness(st, time.Now()) == want
		}
	}
	bd.until(t, 10*time.Second, "live", live(pitmodel.Live))
	// The table stops (power cut): stale after StaleAfter, offline after OfflineAfter.
	tb.stop()
	stopped := time.Now()
	bd.until(t, 5*time.Second, "stale", live(pitmodel.Stale))
	if d := time.Since(stopped); d < cfg.StaleAfter-50*time.Millisecond {
		t.Fatalf("stale after %v, before StaleAfter", d)
	}
	bd.until(t, 5*time.Second, "offline", live(pitmodel.Offline))
	if d := time.Since(stopped); d < cfg.OfflineAfter-50*time.Millisecond {
		t.Fatalf("offline after %v, before OfflineAfter", d)
	}
}

func natsNoRetry() nats.Option { return nats.RetryOnFailedConnect(false) }

// sliceOutbox is an outbox over fixed records, which need not be valid.
type sliceOutbox struct {
	mu    sync.Mutex
	recs  []pitwire.Message
	acked uint64
}

func (o *sliceOutbox) After(seq uint64, max int) ([]pitwire.Message, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []pitwire.Message
	for _, m := range o.recs {
		if m.Seq > seq && len(out) < max {
			out = append(out, m)
		}
	}
	return out, nil
}

func (o *sliceOutbox) Acked() (uint64, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.acked, nil
}

func (o *sliceOutbox) Ack(seq uint64) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.acked = seq
	return nil
}

// runOutbox runs a publisher of ob for table id until the test ends.
func runOutbox(t *testing.T, id string, conn bus.ConnConfig, ob bus.Outbox, e *errs) *bus.Publisher {
	t.Helper()
	pub, err := bus.NewPublisher(bus.PublisherConfig{Table: id, Conn: conn, OnError: e.add}, ob)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = pub.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return pub
}

func TestInvalidRecordIsReportedAndPassed(t *testing.T) {
	srv := startServer(t, bus.ServerConfig{Open: true})
	defer srv.Shutdown()
	ok := func(seq uint64, n int) pitwire.Message {
		r := pitwire.Round{N: n, Kind: engine.KindNormal, Winner: "B", PlayerTotal: 1, BankerTotal: 2, PlayerCards: 3, BankerCards: 3}
		return pitwire.Message{V: 1, Table: "T1", Seq: seq, Type: pitwire.TypeRound, Time: time.Now(), Shoe: 1, Round: &r}
	}
	bad := ok(2, 2)
	bad.Round.Winner = "P" // contradicts the totals
	ob := &sliceOutbox{recs: []pitwire.Message{ok(1, 1), bad, ok(3, 3)}}
	e := &errs{}
	pub := runOutbox(t, "T1", bus.ConnConfig{URLs: []string{srv.URL()}}, ob, e)
	waitFor(t, 10*time.Second, "records after the bad one", func() bool { return pub.Stats().Acked == 3 })
	if st := pub.Stats(); st.Published != 2 || st.Invalid != 1 {
		t.Fatalf("stats %+v, want 2 published and 1 invalid", st)
	}
	if got := streamSeqs(t, srv)["T1"]; !reflect.DeepEqual(got, []uint64{1, 3}) {
		t.Fatalf("stream holds %v, want [1 3]", got)
	}
	reported := false
	for _, err := range e.all() {
		reported = reported || strings.Contains(err.Error(), "skipped record 2")
	}
	if !reported {
		t.Fatalf("the skipped record was not reported: %v", e.all())
	}
}
