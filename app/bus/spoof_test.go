package bus_test

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/internal/bustest"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/nats-io/nats.go/jetstream"
)

// TestSpoofedMsgIDCannotSilenceAnotherTable is issue 21's attack: table T1, publishing on its
// own subject with the message ids table T2 will use, must not make the stream drop T2's
// records, nor T2's outbox mark them published without the stream having them.
func TestSpoofedMsgIDCannotSilenceAnotherTable(t *testing.T) {
	srv := startServer(t, bus.ServerConfig{
		Tables: []bus.Credential{{Table: "T1", User: "t1", Password: "secret-1"}, {Table: "T2", User: "t2", Password: "secret-2"}},
		Boards: []bus.Credential{{User: "board", Password: "secret-b"}},
	})
	defer srv.Shutdown()
	t1 := bus.ConnConfig{URLs: []string{srv.URL()}, User: "t1", Password: "secret-1", InboxPrefix: bus.TableInbox("T1")}
	t2 := bus.ConnConfig{URLs: []string{srv.URL()}, User: "t2", Password: "secret-2"}
	brd := bus.ConnConfig{URLs: []string{srv.URL()}, User: "board", Password: "secret-b"}

	// T1 publishes, on its own subject, 60 messages carrying the ids T2's records will have
	// (the old scheme "<table>:<journal seq>", and the subject-qualified form for good measure).
	nc, err := bus.Connect(t1)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, _ := jetstream.New(nc)
	for seq := uint64(1); seq <= 60; seq++ {
		r := pitwire.Round{N: int(seq), Kind: engine.KindNormal, Winner: "B", PlayerTotal: 1, BankerTotal: 2, PlayerCards: 3, BankerCards: 3}
		data, err := pitwire.Encode(pitwire.Message{V: 1, Table: "T1", Seq: seq, Type: pitwire.TypeRound, Time: time.Now(), Shoe: 1, Round: &r})
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"T2:" + strconv.FormatUint(seq, 10), "table.T2.round:" + strconv.FormatUint(seq, 10)} {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			_, err = js.Publish(ctx, pitwire.Subject("T1", pitwire.TypeRound), data, jetstream.WithMsgID(id))
			cancel()
			if err != nil {
				t.Fatalf("T1 on its own subject: %v", err)
			}
		}
	}

	// T2 then deals and publishes its real records.
	e := &errs{}
	b := startTable(t, "T2", 2, t2, time.Second, e)
	b.steps(t, 20)
	waitFor(t, 20*time.Second, "T2's records acknowledged", func() bool { return b.pub.Stats().Acked == b.last() })
	if st := b.pub.Stats(); st.Duplicate != 0 {
		t.Errorf("T2's publisher saw %d of its records as already in the stream: %+v", st.Duplicate, st)
	}
	if got, want := streamSeqs(t, srv)["T2"], seqRange(1, b.last()); !reflect.DeepEqual(got, want) {
		t.Fatalf("the stream holds T2's records %v, want %v", got, want)
	}
	bd := startBoard(t, brd, pitmodel.Config{}, &errs{})
	bd.until(t, 10*time.Second, "board reads T2", bd.has([]*table{b}))

	// T1 may read back its own newest message (where its publisher resumes), not T2's.
	direct := func(subject string) error {
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		defer cancel()
		_, err := nc.RequestWithContext(ctx, "$JS.API.DIRECT.GET."+bus.StreamName+"."+subject, nil)
		return err
	}
	if err := direct(pitwire.Subject("T1", pitwire.TypeRound)); err != nil {
		t.Fatalf("T1 reading its own last round: %v", err)
	}
	if err := direct(pitwire.Subject("T2", pitwire.TypeRound)); err == nil {
		t.Fatal("T1 read T2's last round")
	}
}

// outOfBand publishes record m on its table's subject as the table's own publisher would,
// outside the publisher under test: a record stored whose acknowledgement never came back.
func outOfBand(t *testing.T, conn bus.ConnConfig, m pitwire.Message) {
	t.Helper()
	nc, err := bus.Connect(conn)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, _ := jetstream.New(nc)
	data, err := pitwire.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := js.Publish(ctx, pitwire.Subject(m.Table, m.Type), data); err != nil {
		t.Fatal(err)
	}
}

func testRound(table string, seq uint64, n int, at time.Time) pitwire.Message {
	r := pitwire.Round{N: n, Kind: engine.KindNormal, Winner: "B", PlayerTotal: 1, BankerTotal: 2, PlayerCards: 3, BankerCards: 3}
	return pitwire.Message{V: 1, Table: table, Seq: seq, Type: pitwire.TypeRound, Time: at, Shoe: 1, Round: &r}
}

// TestLostAcknowledgementStoresOnce: a record the stream stored while the publisher never got
// the acknowledgement is found in the stream and not stored again; later records follow.
func TestLostAcknowledgementStoresOnce(t *testing.T) {
	srv := startServer(t, bus.ServerConfig{Tables: []bus.Credential{{Table: "T1", User: "t1", Password: "p1"}}})
	defer srv.Shutdown()
	conn := bus.ConnConfig{URLs: []string{srv.URL()}, User: "t1", Password: "p1", InboxPrefix: bus.TableInbox("T1")}
	at := time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)
	ob := &sliceOutbox{recs: []pitwire.Message{testRound("T1", 1, 1, at), testRound("T1", 2, 2, at), testRound("T1", 3, 3, at)}}
	e := &errs{}
	pub := runOutbox(t, "T1", conn, ob, e)
	waitFor(t, 10*time.Second, "records 1-3", func() bool { return pub.Stats().Acked == 3 })

	// Record 4 reaches the stream, its acknowledgement does not reach the publisher; then
	// the journal commits 4 and 5 and the publisher is told.
	outOfBand(t, conn, testRound("T1", 4, 4, at))
	ob.mu.Lock()
	ob.recs = append(ob.recs, testRound("T1", 4, 4, at), testRound("T1", 5, 5, at))
	ob.mu.Unlock()
	pub.Notify()
	waitFor(t, 10*time.Second, "records 4-5", func() bool { return pub.Stats().Acked == 5 })
	if got := streamSeqs(t, srv)["T1"]; !reflect.DeepEqual(got, seqRange(1, 5)) {
		t.Fatalf("the stream holds %v, want each of 1..5 once", got)
	}
	if st := pub.Stats(); st.Published != 5 || st.Duplicate != 1 || st.Retries == 0 {
		t.Fatalf("stats %+v: want 5 published, 1 found in the stream, the conditional publish refused once", st)
	}
}

// TestStreamConflictStopsPublishing: when the stream holds, on the table's own subjects, a
// record its journal does not have (two tables configured with one id, or a replaced
// journal), the publisher publishes nothing and marks nothing published, and says why.
func TestStreamConflictStopsPublishing(t *testing.T) {
	srv := startServer(t, bus.ServerConfig{Tables: []bus.Credential{{Table: "T1", User: "t1", Password: "p1"}}})
	defer srv.Shutdown()
	conn := bus.ConnConfig{URLs: []string{srv.URL()}, User: "t1", Password: "p1", InboxPrefix: bus.TableInbox("T1")}
	at := time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)
	// Another journal under the same id got as far as record 2, committed at another time.
	outOfBand(t, conn, testRound("T1", 1, 1, at.Add(-time.Hour)))
	outOfBand(t, conn, testRound("T1", 2, 2, at.Add(-time.Hour)))
	ob := &sliceOutbox{recs: []pitwire.Message{testRound("T1", 1, 1, at), testRound("T1", 2, 2, at), testRound("T1", 3, 3, at)}}
	e := &errs{}
	pub := runOutbox(t, "T1", conn, ob, e)
	waitFor(t, 10*time.Second, "the conflict reported", func() bool {
		for _, err := range e.all() {
			if errors.Is(err, bus.ErrStreamConflict) && strings.Contains(err.Error(), "record 2") {
				return true
			}
		}
		return false
	})
	time.Sleep(300 * time.Millisecond)
	if st := pub.Stats(); st.Acked != 0 || st.Published != 0 {
		t.Fatalf("stats %+v: the publisher marked records published over a conflict", st)
	}
	if got := streamSeqs(t, srv)["T1"]; !reflect.DeepEqual(got, []uint64{1, 2}) {
		t.Fatalf("the stream holds %v, want only the other journal's 1, 2", got)
	}
}

// TestOpenServerMustBeAskedFor: with no credentials the server refuses to start unless an
// open bus is asked for, and says which keys to set; open with credentials is a contradiction.
func TestOpenServerMustBeAskedFor(t *testing.T) {
	_, err := bus.StartServer(bus.ServerConfig{Port: -1, StoreDir: t.TempDir()})
	if !errors.Is(err, bus.ErrNoCredentials) || !strings.Contains(err.Error(), "[[server.tables]]") || !strings.Contains(err.Error(), "open = true") {
		t.Fatalf("no credentials: %v", err)
	}
	_, err = bus.StartServer(bus.ServerConfig{Port: -1, StoreDir: t.TempDir(), Open: true, Tables: []bus.Credential{{Table: "T1", User: "t1", Password: "p1"}}})
	if err == nil || !strings.Contains(err.Error(), "open = true") {
		t.Fatalf("open with credentials: %v", err)
	}
	srv, err := bus.StartServer(bus.ServerConfig{Port: -1, StoreDir: t.TempDir(), Open: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	if !srv.Open() {
		t.Fatal("an open server says it is not open")
	}
	closed := startServer(t, bus.ServerConfig{Tables: []bus.Credential{{Table: "T1", User: "t1", Password: "p1"}}})
	defer closed.Shutdown()
	if closed.Open() {
		t.Fatal("a server with credentials says it is open")
	}
}

// TestStreamFromBeforeIsUpdated: a TABLES stream created by an earlier version (a two-hour
// Nats-Msg-Id window, no direct get) is updated in place by EnsureStream, and a table then
// publishes to it.
func TestStreamFromBeforeIsUpdated(t *testing.T) {
	srv, err := bus.StartServer(bus.ServerConfig{Port: -1, StoreDir: t.TempDir(), Open: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	js := bustest.AdminJetStream(t, srv)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	old := bus.StreamConfig()
	old.Duplicates, old.AllowDirect, old.MaxMsgsPerSubject, old.MaxMsgSize = 2*time.Hour, false, 0, 0
	if _, err := js.CreateStream(ctx, old); err != nil {
		t.Fatal(err)
	}
	st, err := bus.EnsureStream(ctx, js.Conn())
	if err != nil {
		t.Fatal(err)
	}
	info, err := st.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if c := info.Config; !c.AllowDirect || c.Duplicates != time.Minute || c.MaxMsgsPerSubject != bus.MaxMsgsPerSubject || c.AllowRollup || c.AllowMsgTTL {
		t.Fatalf("stream after the update: %+v", c)
	}
	tb := startTable(t, "T1", 1, bus.ConnConfig{URLs: []string{srv.URL()}}, time.Second, &errs{})
	tb.steps(t, 5)
	waitFor(t, 10*time.Second, "records acknowledged", func() bool { return tb.pub.Stats().Acked == tb.last() })
}
