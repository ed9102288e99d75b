package bus_test

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/bus/simtable"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/pitwire"
)

// floor is the result of a load run.
type floor struct {
	tables       int
	records      int // records committed by all tables
	rounds       int // of which rounds
	applied      uint64
	duplicates   uint64
	rejected     uint64
	lost         int             // records committed but never applied by the board
	latencies    []time.Duration // journal commit to board state, per applied record
	elapsed      time.Duration   // dealing time
	drain        time.Duration   // from the end of dealing until the board had everything
	pubRetries   uint64
	pubDuplicate uint64
}

func (f floor) percentile(p float64) time.Duration {
	if len(f.latencies) == 0 {
		return 0
	}
	s := slices.Clone(f.latencies)
	slices.Sort(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

// runFloor runs n simulated tables, each dealing a coup about every interval, for d, through
// a real embedded server to a board model, and measures what the board received.
func runFloor(tb testing.TB, n int, d, interval time.Duration) floor {
	srv, err := bus.StartServer(bus.ServerConfig{Port: -1, StoreDir: tb.TempDir(), Open: true})
	if err != nil {
		tb.Fatal(err)
	}
	defer srv.Shutdown()
	admin, err := srv.AdminConn()
	if err != nil {
		tb.Fatal(err)
	}
	defer admin.Close()
	keeper, err := bus.StartKeeper(context.Background(), admin)
	if err != nil {
		tb.Fatal(err)
	}
	defer keeper.Stop()
	conn := bus.ConnConfig{URLs: []string{srv.URL()}}

	// The board: a subscriber and a model, applied as fast as deliveries come.
	var errMu sync.Mutex
	var asyncErrs []error
	onErr := func(err error) {
		errMu.Lock()
		asyncErrs = append(asyncErrs, err)
		errMu.Unlock()
	}
	sub, err := bus.Subscribe(bus.SubscriberConfig{Conn: conn, OnError: onErr})
	if err != nil {
		tb.Fatal(err)
	}
	defer sub.Close()
	model := pitmodel.New(pitmodel.Config{})
	var mu sync.Mutex // guards model and lat between the board goroutine and the checks
	var lat []time.Duration
	var measureFrom time.Time // records committed before dealing starts (the opening) are not timed
	boardCtx, stopBoard := context.WithCancel(context.Background())
	boardDone := feedBoard(boardCtx, sub, model, &mu, onErr, func(dl pitwire.Message, r pitmodel.Result, now time.Time) {
		if r == pitmodel.Applied && !dl.Time.Before(measureFrom) && !measureFrom.IsZero() {
			lat = append(lat, now.Sub(dl.Time))
		}
	})

	// The tables.
	type tbl struct {
		ob  *bus.MemOutbox
		pub *bus.Publisher
	}
	tables := make([]tbl, n)
	sims := make([]*simtable.Table, n)
	complete := func() bool {
		mu.Lock()
		defer mu.Unlock()
		for _, t := range tables {
			recs := t.ob.Records()
			st, ok := model.Table(recs[0].Table)
			if !ok || st.LastSeq != recs[len(recs)-1].Seq {
				return false
			}
		}
		return true
	}
	pubCtx, stopPubs := context.WithCancel(context.Background())
	dealCtx, stopDealing := context.WithCancel(context.Background())
	var pubs, deals sync.WaitGroup
	for i := range tables {
		id := fmt.Sprintf("T%03d", i+1)
		ob := bus.NewMemOutbox(id, time.Now)
		sim, err := simtable.New(simtable.Config{ID: id, Seed: uint64(i + 1)}, ob)
		if err != nil {
			tb.Fatal(err)
		}
		pub, err := bus.NewPublisher(bus.PublisherConfig{Table: id, Conn: conn, OnError: onErr}, ob)
		if err != nil {
			tb.Fatal(err)
		}
		tables[i] = tbl{ob, pub}
		pubs.Add(1)
		go func() { defer pubs.Done(); _ = pub.Run(pubCtx) }()
		if err := sim.Open(); err != nil {
			tb.Fatal(err)
		}
		pub.Notify()
		sims[i] = sim
	}
	// Warm-up: every table connected and its opening records on the board.
	for deadline := time.Now().Add(60 * time.Second); !complete() && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	mu.Lock()
	measureFrom = time.Now()
	mu.Unlock()
	for i, sim := range sims {
		deals.Add(1)
		go func() { defer deals.Done(); _ = sim.Run(dealCtx, interval, tables[i].pub.Notify) }()
	}
	start := time.Now()
	time.Sleep(d)
	stopDealing()
	deals.Wait()
	elapsed := time.Since(start)

	// Wait until the board has every record (or give up: whatever is missing is lost).
	drainStart := time.Now()
	for deadline := time.Now().Add(60 * time.Second); !complete() && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	drain := time.Since(drainStart)
	stopPubs()
	pubs.Wait()
	stopBoard()
	<-boardDone

	f := floor{tables: n, elapsed: elapsed, drain: drain, latencies: lat}
	f.applied, f.duplicates, f.rejected = model.Counters()
	ref := pitmodel.New(pitmodel.Config{})
	for _, t := range tables {
		recs := t.ob.Records()
		f.records += len(recs)
		for _, m := range recs {
			if m.Type == pitwire.TypeRound {
				f.rounds++
			}
			if _, err := ref.Apply(m, time.Now()); err != nil {
				tb.Fatal(err)
			}
		}
		st := t.pub.Stats()
		f.pubRetries += st.Retries
		f.pubDuplicate += st.Duplicate
	}
	f.lost = f.records - int(f.applied)
	if got, want := model.Summaries(), ref.Summaries(); !reflect.DeepEqual(got, want) {
		tb.Errorf("the board's state differs from the tables' records")
	}
	errMu.Lock()
	for i, err := range asyncErrs {
		if i < 5 {
			tb.Logf("async error: %v", err)
		}
	}
	errMu.Unlock()
	return f
}

// feedBoard applies the subscriber's deliveries to model, under mu, until ctx is done; the
// returned channel is closed then. applied, when not nil, is told each applied delivery
// (still under mu); errors go to onErr.
func feedBoard(ctx context.Context, sub *bus.Subscriber, model *pitmodel.Board, mu *sync.Mutex, onErr func(error),
	applied func(dl pitwire.Message, r pitmodel.Result, now time.Time)) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-ctx.Done():
				return
			case dl := <-sub.C():
				mu.Lock()
				now := time.Now()
				r, err := model.Apply(dl, now)
				if err == nil && applied != nil {
					applied(dl, r, now)
				}
				mu.Unlock()
				if err != nil {
					onErr(err)
				}
			}
		}
	}()
	return done
}

func (f floor) check(tb testing.TB) {
	tb.Helper()
	if f.lost != 0 || f.duplicates != 0 || f.rejected != 0 {
		tb.Fatalf("%d tables, %d records (%d rounds): board applied %d, lost %d, doubled %d, rejected %d",
			f.tables, f.records, f.rounds, f.applied, f.lost, f.duplicates, f.rejected)
	}
}

func TestFloorNoLossNoDuplicates(t *testing.T) {
	f := runFloor(t, 20, 3*time.Second, 50*time.Millisecond)
	f.check(t)
	if f.rounds < 20*20 {
		t.Fatalf("only %d rounds dealt: the load was not applied", f.rounds)
	}
	t.Logf("%d tables, %d records, %d rounds in %v; latency p50 %v p99 %v", f.tables, f.records, f.rounds, f.elapsed, f.percentile(0.5), f.percentile(0.99))
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

func envDuration(name string, def time.Duration) time.Duration {
	if v, err := time.ParseDuration(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// BenchmarkFloor is the pit load test: PITBOARD_TABLES tables (default 200) dealing a coup
// about every PITBOARD_INTERVAL (default 250ms, about 12 times a real table's pace) for
// PITBOARD_DURATION (default 60s), through a real embedded server to a board model. Run it
// once: go test -run '^$' -bench Floor -benchtime 1x ./app/bus/
func BenchmarkFloor(b *testing.B) {
	n := envInt("PITBOARD_TABLES", 200)
	d := envDuration("PITBOARD_DURATION", 60*time.Second)
	interval := envDuration("PITBOARD_INTERVAL", 250*time.Millisecond)
	for range b.N {
		f := runFloor(b, n, d, interval)
		f.check(b)
		b.ReportMetric(float64(f.tables), "tables")
		b.ReportMetric(float64(f.rounds), "rounds")
		b.ReportMetric(float64(f.records), "records")
		b.ReportMetric(float64(f.records)/f.elapsed.Seconds(), "records/s")
		b.ReportMetric(float64(f.lost), "lost")
		b.ReportMetric(float64(f.duplicates), "doubled")
		b.ReportMetric(float64(f.percentile(0.5).Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(f.percentile(0.99).Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(f.percentile(1).Microseconds())/1000, "max-ms")
		b.ReportMetric(f.drain.Seconds(), "drain-s")
	}
}
