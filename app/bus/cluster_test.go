package bus_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/bus/simtable"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// freePort is a loopback TCP port nobody listens on now (a node keeps its ports across a
// restart, so they are chosen before it starts). Another process may take it before the node
// listens on it: start nodes on such ports through startNodes, which starts them all again on
// fresh ports when one could not listen.
func freePort(tb testing.TB) int {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startAttempts is how many times startNodes picks fresh ports before it gives up.
const startAttempts = 4

// startNodes starts n cluster nodes, node i with the configuration cfg(i, clientPort,
// routePort, routes), where the ports are fresh free ports and routes lists every node's
// route URL. The nodes start in parallel (a node is ready only once it can reach the
// others). When a node does not start (its port was taken between freePort and its listen,
// by another test process: the server then never becomes ready), every node of the attempt
// is shut down and all start again on fresh ports. It returns the configurations used and
// the running servers, shut down at the end of the test.
func startNodes(tb testing.TB, n int, cfg func(i, clientPort, routePort int, routes []string) bus.ServerConfig) ([]bus.ServerConfig, []*bus.Server) {
	tb.Helper()
	var lastErr error
	for attempt := 1; attempt <= startAttempts; attempt++ {
		routePorts := make([]int, n)
		var routes []string
		for i := range n {
			routePorts[i] = freePort(tb)
			routes = append(routes, "nats-route://127.0.0.1:"+strconv.Itoa(routePorts[i]))
		}
		cfgs := make([]bus.ServerConfig, n)
		for i := range n {
			cfgs[i] = cfg(i, freePort(tb), routePorts[i], routes)
		}
		srvs := make([]*bus.Server, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() { defer wg.Done(); srvs[i], errs[i] = bus.StartServer(cfgs[i]) }()
		}
		wg.Wait()
		if lastErr = errors.Join(errs...); lastErr == nil {
			tb.Cleanup(func() {
				for _, s := range srvs { // nil: a node the test stopped (cluster.stop)
					if s != nil {
						s.Shutdown()
					}
				}
			})
			return cfgs, srvs
		}
		for _, s := range srvs {
			if s != nil {
				s.Shutdown()
			}
		}
		tb.Logf("start %d nodes, attempt %d: %v; again on fresh ports", n, attempt, lastErr)
	}
	tb.Fatalf("start %d nodes: %d attempts failed, the last: %v", n, startAttempts, lastErr)
	return nil, nil
}

// cluster is n nodes of a NATS cluster on loopback, each an embedded bus.Server.
type cluster struct {
	cfgs []bus.ServerConfig
	mu   sync.Mutex
	srvs []*bus.Server // nil while a node is down
}

// startCluster starts n nodes on loopback (open bus, 3 replicas) and creates the stream. A
// node stopped and started again in a test keeps its ports (the others route to them).
func startCluster(tb testing.TB, n int) *cluster {
	tb.Helper()
	cfgs, srvs := startNodes(tb, n, func(i, clientPort, routePort int, routes []string) bus.ServerConfig {
		return bus.ServerConfig{
			Name: fmt.Sprintf("node-%d", i+1), Port: clientPort, StoreDir: tb.TempDir(), Open: true,
			Cluster: bus.ClusterConfig{Name: "casino", Port: routePort, Routes: routes},
		}
	})
	c := &cluster{cfgs: cfgs, srvs: srvs}
	tb.Cleanup(c.shutdown)
	nc := c.conn(tb)
	defer nc.Close()
	// The cluster elects its JetStream meta leader a few seconds after the routes are up.
	deadline := time.Now().Add(60 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		st, err := bus.EnsureStream(ctx, nc, bus.Replicas(3))
		cancel()
		if err == nil {
			if r := st.CachedInfo().Config.Replicas; r != 3 {
				tb.Fatalf("stream has %d replicas, want 3", r)
			}
			break
		}
		if time.Now().After(deadline) {
			tb.Fatalf("the cluster never took the stream: %v", err)
		}
		time.Sleep(250 * time.Millisecond)
	}
	// Ensured again without a number of replicas (a board run with --admin), the stream
	// keeps its three copies.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	st, err := bus.EnsureStream(ctx, nc)
	if err != nil {
		tb.Fatal(err)
	}
	if r := st.CachedInfo().Config.Replicas; r != 3 {
		tb.Fatalf("ensured again with no replicas asked for, the stream has %d replicas, want 3", r)
	}
	return c
}

func (c *cluster) start(i int) error {
	srv, err := bus.StartServer(c.cfgs[i])
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.srvs[i] = srv
	c.mu.Unlock()
	return nil
}

func (c *cluster) stop(i int) {
	c.mu.Lock()
	srv := c.srvs[i]
	c.srvs[i] = nil
	c.mu.Unlock()
	if srv != nil {
		srv.Shutdown()
	}
}

func (c *cluster) shutdown() {
	for i := range c.srvs {
		c.stop(i)
	}
}

// urls is every node's client URL, the way tables and boards are configured.
func (c *cluster) urls() []string {
	var u []string
	for _, cfg := range c.cfgs {
		u = append(u, "nats://127.0.0.1:"+strconv.Itoa(cfg.Port))
	}
	return u
}

func (c *cluster) conn(tb testing.TB) *nats.Conn {
	tb.Helper()
	nc, err := bus.Connect(bus.ConnConfig{URLs: c.urls(), Name: "test admin", Open: true})
	if err != nil {
		tb.Fatal(err)
	}
	return nc
}

// index is the node named name, or -1.
func (c *cluster) index(name string) int {
	for i, cfg := range c.cfgs {
		if cfg.Name == name {
			return i
		}
	}
	return -1
}

// streamInfo is the stream's information now, or nil while the cluster cannot give it.
func streamInfo(nc *nats.Conn) *jetstream.StreamInfo {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	st, err := js.Stream(ctx, bus.StreamName)
	if err != nil {
		return nil
	}
	info, err := st.Info(ctx)
	if err != nil {
		return nil
	}
	return info
}

// failover is what a failover run measured.
type failover struct {
	tables, records, rounds int
	lost, doubled           int           // records missing from, or stored twice in, the stream
	boardLost, boardDoubled int           // the same, as a board applying the stream saw it
	killed                  string        // the stream leader that was killed
	newLeader               time.Duration // from the kill until another node led the stream
	resumed                 time.Duration // from the kill until every table's publishes were acknowledged again
	catchUp                 time.Duration // from the restart until the restarted node's copy was current
	elapsed                 time.Duration // dealing time
	total                   time.Duration // from the start of dealing until every record was acknowledged
	retries                 uint64
}

// runFailover deals n simulated tables, a coup about every interval each, for d through a
// 3-node cluster; when kill is set, the stream's leader is killed a third of the way in and
// restarted after down. It then checks that the stream holds every record of every table
// exactly once and that a board reading it has every table's state.
func runFailover(tb testing.TB, n int, d, interval time.Duration, kill bool, down time.Duration) failover {
	c := startCluster(tb, 3)
	conn := bus.ConnConfig{URLs: c.urls(), Open: true}
	e := &errs{}
	type tbl struct {
		ob  *bus.MemOutbox
		sim *simtable.Table
		pub *bus.Publisher
	}
	tables := make([]tbl, n)
	pubCtx, stopPubs := context.WithCancel(context.Background())
	var pubs sync.WaitGroup
	defer func() { stopPubs(); pubs.Wait() }()
	for i := range tables {
		id := fmt.Sprintf("T%03d", i+1)
		ob := bus.NewMemOutbox(id, time.Now)
		sim, err := simtable.New(simtable.Config{ID: id, Seed: uint64(i + 1)}, ob)
		if err != nil {
			tb.Fatal(err)
		}
		if err := sim.Open(); err != nil {
			tb.Fatal(err)
		}
		pub, err := bus.NewPublisher(bus.PublisherConfig{Table: id, Conn: conn, Heartbeat: time.Second, OnError: e.add}, ob)
		if err != nil {
			tb.Fatal(err)
		}
		tables[i] = tbl{ob, sim, pub}
		pubs.Add(1)
		go func() { defer pubs.Done(); _ = pub.Run(pubCtx) }()
	}
	lastSeq := func(t tbl) uint64 { r := t.ob.Records(); return r[len(r)-1].Seq }
	allAcked := func() bool {
		for _, t := range tables {
			if t.pub.Stats().Acked != lastSeq(t) {
				return false
			}
		}
		return true
	}

	// The board reads the cluster too, from every node's URL.
	sub, err := bus.Subscribe(bus.SubscriberConfig{Conn: conn, OnError: e.add})
	if err != nil {
		tb.Fatal(err)
	}
	defer sub.Close()
	model := pitmodel.New(pitmodel.Config{})
	var modelMu sync.Mutex
	boardCtx, stopBoard := context.WithCancel(context.Background())
	boardDone := feedBoard(boardCtx, sub, model, &modelMu, func(err error) { e.add(fmt.Errorf("board: %w", err)) }, nil)

	dealCtx, stopDealing := context.WithCancel(context.Background())
	var deals sync.WaitGroup
	for _, t := range tables {
		deals.Add(1)
		go func() { defer deals.Done(); _ = t.sim.Run(dealCtx, interval, t.pub.Notify) }()
	}
	start := time.Now()
	f := failover{tables: n}
	if kill {
		time.Sleep(d / 3)
		nc := c.conn(tb)
		defer nc.Close()
		var info *jetstream.StreamInfo
		for info == nil || info.Cluster == nil || info.Cluster.Leader == "" {
			if info = streamInfo(nc); info == nil {
				time.Sleep(10 * time.Millisecond)
			}
		}
		f.killed = info.Cluster.Leader
		i := c.index(f.killed)
		if i < 0 {
			tb.Fatalf("stream leader %q is not a node of the cluster", f.killed)
		}
		ackedAtKill := make([]uint64, n)
		for j, t := range tables {
			ackedAtKill[j] = t.pub.Stats().Acked
		}
		killedAt := time.Now()
		c.stop(i)
		resumed := make([]bool, n)
		restarted := false
		var restartedAt time.Time
		for f.newLeader == 0 || f.resumed == 0 || f.catchUp == 0 {
			now := time.Now()
			if now.Sub(killedAt) > d+90*time.Second {
				tb.Fatalf("after the kill of %s: new leader after %v, publishes resumed after %v, catch-up %v (0: not yet)",
					f.killed, f.newLeader, f.resumed, f.catchUp)
			}
			if f.newLeader == 0 {
				if in := streamInfo(nc); in != nil && in.Cluster != nil && in.Cluster.Leader != "" && in.Cluster.Leader != f.killed {
					f.newLeader = now.Sub(killedAt)
				}
			}
			if f.resumed == 0 {
				all := true
				for j, t := range tables {
					if !resumed[j] && t.pub.Stats().Acked > ackedAtKill[j] {
						resumed[j] = true
					}
					all = all && resumed[j]
				}
				if all {
					f.resumed = now.Sub(killedAt)
				}
			}
			if !restarted && now.Sub(killedAt) >= down {
				if err := c.start(i); err != nil {
					tb.Fatalf("restart %s: %v", f.killed, err)
				}
				restarted, restartedAt = true, time.Now()
			}
			if restarted && f.catchUp == 0 {
				if in := streamInfo(nc); in != nil && in.Cluster != nil {
					for _, r := range in.Cluster.Replicas {
						if r.Name == f.killed && r.Current && r.Lag == 0 {
							f.catchUp = time.Since(restartedAt)
						}
					}
				}
			}
			time.Sleep(10 * time.Millisecond)
		}
		if rest := d - time.Since(start); rest > 0 {
			time.Sleep(rest)
		}
	} else {
		time.Sleep(d)
	}
	stopDealing()
	deals.Wait()
	f.elapsed = time.Since(start)
	for _, t := range tables {
		t.pub.Notify()
	}
	waitFor(tb, 120*time.Second, "every record acknowledged", allAcked)
	f.total = time.Since(start)

	// The stream: every record of every table, once, in order.
	nc := c.conn(tb)
	defer nc.Close()
	stored := streamSeqsConn(tb, nc)
	for _, t := range tables {
		recs := t.ob.Records()
		f.records += len(recs)
		for _, m := range recs {
			if m.Type == "round" {
				f.rounds++
			}
		}
		got := stored[recs[0].Table]
		seen := make(map[uint64]int, len(got))
		for _, s := range got {
			seen[s]++
		}
		for _, m := range recs {
			switch seen[m.Seq] {
			case 0:
				f.lost++
			case 1:
			default:
				f.doubled += seen[m.Seq] - 1
			}
		}
		if !slices.IsSorted(got) {
			tb.Errorf("table %s: the stream holds its records out of order", recs[0].Table)
		}
		f.retries += t.pub.Stats().Retries
	}
	// The board: every table's last record applied, none twice.
	boardHas := func() bool {
		modelMu.Lock()
		defer modelMu.Unlock()
		for _, t := range tables {
			st, ok := model.Table(t.ob.Records()[0].Table)
			if !ok || st.LastSeq != lastSeq(t) {
				return false
			}
		}
		return true
	}
	waitFor(tb, 120*time.Second, "the board has every table's records", boardHas)
	stopBoard()
	<-boardDone
	applied, dups, rejected := model.Counters()
	f.boardDoubled = int(dups)
	f.boardLost = f.records - int(applied)
	if rejected != 0 {
		tb.Errorf("the board rejected %d messages", rejected)
	}
	for i, err := range e.all() {
		if i < 5 {
			tb.Logf("async error (expected around the kill): %v", err)
		}
	}
	return f
}

func (f failover) check(tb testing.TB) {
	tb.Helper()
	if f.lost != 0 || f.doubled != 0 || f.boardLost != 0 || f.boardDoubled != 0 {
		tb.Fatalf("%d tables, %d records (%d rounds): stream lost %d, doubled %d; board lost %d, doubled %d",
			f.tables, f.records, f.rounds, f.lost, f.doubled, f.boardLost, f.boardDoubled)
	}
}

// TestClusterFailoverNoLossNoDuplicates: 3 nodes, 50 tables dealing, the stream leader killed
// mid-run and restarted; every record is in the stream once and on the board once.
func TestClusterFailoverNoLossNoDuplicates(t *testing.T) {
	if testing.Short() {
		t.Skip("a 3-node cluster: not in -short")
	}
	f := runFailover(t, 50, 6*time.Second, 200*time.Millisecond, true, time.Second)
	f.check(t)
	if f.rounds < 50*10 {
		t.Fatalf("only %d rounds dealt: the load was not applied", f.rounds)
	}
	t.Logf("%d tables, %d records (%d rounds) in %v; killed leader %s: new leader after %v, every table publishing again after %v; restarted node current %v after its restart; %d publish retries",
		f.tables, f.records, f.rounds, f.elapsed.Round(time.Millisecond), f.killed, f.newLeader.Round(time.Millisecond),
		f.resumed.Round(time.Millisecond), f.catchUp.Round(time.Millisecond), f.retries)
}

// BenchmarkClusterFailover is the longer failover run for bench/cluster.sh: CLUSTER_TABLES
// tables (default 50), a coup about every CLUSTER_INTERVAL (default 250ms) for
// CLUSTER_DURATION (default 60s), the leader killed a third of the way in and restarted after
// CLUSTER_DOWN (default 10s). Run it once: -bench ClusterFailover -benchtime 1x.
func BenchmarkClusterFailover(b *testing.B) {
	n := envInt("CLUSTER_TABLES", 50)
	d := envDuration("CLUSTER_DURATION", 60*time.Second)
	interval := envDuration("CLUSTER_INTERVAL", 250*time.Millisecond)
	down := envDuration("CLUSTER_DOWN", 10*time.Second)
	for range b.N {
		f := runFailover(b, n, d, interval, true, down)
		f.check(b)
		b.ReportMetric(float64(f.tables), "tables")
		b.ReportMetric(float64(f.records), "records")
		b.ReportMetric(float64(f.rounds), "rounds")
		b.ReportMetric(float64(f.lost), "lost")
		b.ReportMetric(float64(f.doubled), "doubled")
		b.ReportMetric(f.newLeader.Seconds(), "new-leader-s")
		b.ReportMetric(f.resumed.Seconds(), "resumed-s")
		b.ReportMetric(f.catchUp.Seconds(), "catch-up-s")
	}
}

// BenchmarkClusterThroughput is what the 3-node cluster sustains: CLUSTER_TABLES tables
// (default 200) dealing as fast as CLUSTER_INTERVAL (default 20ms) lets them for
// CLUSTER_DURATION (default 30s), no node killed. Each table waits for the acknowledgement of
// a record before it sends the next, as a real table does.
func BenchmarkClusterThroughput(b *testing.B) {
	n := envInt("CLUSTER_TABLES", 200)
	d := envDuration("CLUSTER_DURATION", 30*time.Second)
	interval := envDuration("CLUSTER_INTERVAL", 20*time.Millisecond)
	for range b.N {
		f := runFailover(b, n, d, interval, false, 0)
		f.check(b)
		b.ReportMetric(float64(f.tables), "tables")
		b.ReportMetric(float64(f.records), "records")
		b.ReportMetric(float64(f.records)/f.total.Seconds(), "records/s")
		b.ReportMetric((f.total - f.elapsed).Seconds(), "drain-s")
	}
}

// TestBoardOfOnePit: a board given its pit's tables reads only theirs, rounds and heartbeats,
// from a bus that carries every pit's.
func TestBoardOfOnePit(t *testing.T) {
	srv := startServer(t, bus.ServerConfig{Open: true})
	defer srv.Shutdown()
	conn := bus.ConnConfig{URLs: []string{srv.URL()}}
	e := &errs{}
	pitA := startTable(t, "A1", 1, conn, 20*time.Millisecond, e)
	pitB := startTable(t, "B1", 2, conn, 20*time.Millisecond, e)
	pitA.steps(t, 5)
	pitB.steps(t, 5)
	sub, err := bus.Subscribe(bus.SubscriberConfig{Conn: conn, OnError: e.add, Tables: []string{"A1"}})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	b := &board{sub: sub, model: pitmodel.New(pitmodel.Config{})}
	b.until(t, 20*time.Second, "pit A's table on its board", b.has([]*table{pitA}))
	heartbeats := 0
	for deadline := time.After(300 * time.Millisecond); heartbeats < 5; {
		select {
		case d := <-sub.C():
			if d.Table != "A1" {
				t.Fatalf("a board of pit A got %s from table %s", d.Type, d.Table)
			}
			if d.Type == "heartbeat" {
				heartbeats++
			}
		case <-deadline:
			t.Fatalf("%d heartbeats of A1 in 300ms, want 5 or more", heartbeats)
		}
	}
	if _, ok := b.model.Table("B1"); ok {
		t.Fatal("a board of pit A shows pit B's table")
	}
	if _, err := bus.Subscribe(bus.SubscriberConfig{Conn: conn, Tables: []string{"A1", "x.>"}}); err == nil {
		t.Fatal("a table id with wildcards was taken")
	}
}

// TestSubscriberSeesANodeDown: a board's subscriber on a 3-node cluster reports the node that
// is down (another node, then its own), and reports none once the node is back and current;
// it signals each change on NodesChanged, which is all the board waits for before it asks.
func TestSubscriberSeesANodeDown(t *testing.T) {
	c := startCluster(t, 3)
	sub, err := bus.Subscribe(bus.SubscriberConfig{Conn: bus.ConnConfig{URLs: c.urls(), Open: true}})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	waitNodes := func(what string, ok func(bus.Nodes) bool) bus.Nodes {
		t.Helper()
		deadline := time.After(45 * time.Second)
		for {
			n := sub.Nodes() // asked only after a change is signalled, as the board asks
			if ok(n) {
				return n
			}
			select {
			case <-sub.NodesChanged():
			case <-deadline:
				t.Fatalf("%s: the subscriber says %+v (and signalled no change since)", what, n)
			}
		}
	}
	n := waitNodes("all up", func(n bus.Nodes) bool { return n.Connected && n.Node != "" && !n.Checked.IsZero() && len(n.Down) == 0 })
	for _, victim := range []string{"other", "own"} {
		i := c.index(n.Node)
		if victim == "other" {
			i = (i + 1) % 3
		}
		name := c.cfgs[i].Name
		c.stop(i)
		n = waitNodes(victim+" node "+name+" down", func(n bus.Nodes) bool {
			return n.Connected && n.Node != name && slices.Equal(n.Down, []string{name})
		})
		if err := c.start(i); err != nil {
			t.Fatal(err)
		}
		n = waitNodes(name+" back", func(n bus.Nodes) bool { return n.Connected && len(n.Down) == 0 })
	}
}
