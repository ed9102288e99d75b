package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/bus/simtable"
	"github.com/coupboard/coupboard/internal/testbin"
	"github.com/nats-io/nats.go/jetstream"
)

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func waitFor(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", timeout, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// node is a pitserver command running in the test process.
type node struct {
	out, errOut *testbin.Buffer
	cancel      context.CancelFunc
	done        chan error
}

func startNode(t *testing.T, cfg FileConfig, args ...string) *node {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pitserver.toml")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := toml.NewEncoder(f).Encode(cfg); err != nil {
		t.Fatal(err)
	}
	f.Close()
	ctx, cancel := context.WithCancel(context.Background())
	n := &node{out: &testbin.Buffer{}, errOut: &testbin.Buffer{}, cancel: cancel, done: make(chan error, 1)}
	go func() {
		n.done <- run(ctx, append([]string{"--config", path, "--check-every", "50ms"}, args...), n.out, n.errOut)
	}()
	t.Cleanup(n.stop)
	return n
}

func (n *node) stop() {
	n.cancel()
	if err, ok := <-n.done; ok {
		n.done <- err
	}
}

// TestOnePitServerTakesATable: one node, per-table credentials; a table publishes with its
// own, and the server stops cleanly on its context.
func TestOnePitServerTakesATable(t *testing.T) {
	port := freePort(t)
	cfg := FileConfig{Server: bus.ServerConfig{
		Name: "pit-1", Port: port, StoreDir: t.TempDir(),
		Tables: []bus.Credential{{Table: "BAC-07", User: "bac-07", Password: "secret-7"}},
		Boards: []bus.Credential{{User: "board", Password: "secret-b"}},
	}}
	cfg.Backups.MaxMiB = 64
	n := startNode(t, cfg)
	waitFor(t, 20*time.Second, "the stream ready", func() bool { return strings.Contains(n.out.String(), "stream TABLES ready (1 replicas)") })
	waitFor(t, 20*time.Second, "the backup buckets", func() bool {
		return strings.Contains(n.out.String(), "pit server pit-1: backup buckets for 1 tables, 64 MiB each")
	})

	url := fmt.Sprintf("nats://127.0.0.1:%d", port)
	// The table finds its backup bucket, with its own credentials.
	tnc, err := bus.Connect(bus.ConnConfig{URLs: []string{url}, User: "bac-07", Password: "secret-7", InboxPrefix: bus.TableInbox("BAC-07")})
	if err != nil {
		t.Fatal(err)
	}
	bctx, bcancel := context.WithTimeout(context.Background(), 10*time.Second)
	if _, err := bus.OpenBackups(bctx, tnc, "BAC-07"); err != nil {
		t.Fatalf("the table's backup bucket: %v", err)
	}
	bcancel()
	tnc.Close()
	ob := bus.NewMemOutbox("BAC-07", time.Now)
	sim, err := simtable.New(simtable.Config{ID: "BAC-07", Seed: 7}, ob)
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Open(); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		if _, err := sim.Step(); err != nil {
			t.Fatal(err)
		}
	}
	pub, err := bus.NewPublisher(bus.PublisherConfig{Table: "BAC-07", Conn: bus.ConnConfig{URLs: []string{url}, User: "bac-07", Password: "secret-7"}}, ob)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	pubDone := make(chan error, 1)
	go func() { pubDone <- pub.Run(ctx) }()
	recs := ob.Records()
	waitFor(t, 20*time.Second, "the table's records acknowledged", func() bool { return pub.Stats().Acked == recs[len(recs)-1].Seq })
	cancel()
	<-pubDone

	n.stop()
	if err := <-n.done; err != nil {
		t.Fatalf("pitserver: %v", err)
	}
	n.done <- nil
	if !strings.Contains(n.out.String(), "pit server pit-1: stopping") {
		t.Errorf("console: %q", n.out.String())
	}
}

// TestCasinoClusterOfThree: three pitserver nodes form a cluster and keep the stream on all
// three; when one stops, the others say so by name on their consoles, and say it is back
// when it returns.
func TestCasinoClusterOfThree(t *testing.T) {
	if testing.Short() {
		t.Skip("a 3-node cluster: not in -short")
	}
	var routes []string
	ports, routePorts := make([]int, 3), make([]int, 3)
	for i := range 3 {
		ports[i], routePorts[i] = freePort(t), freePort(t)
		routes = append(routes, fmt.Sprintf("nats-route://route:route-secret@127.0.0.1:%d", routePorts[i]))
	}
	cfgs := make([]FileConfig, 3)
	nodes := make([]*node, 3)
	for i := range 3 {
		cfgs[i] = FileConfig{Server: bus.ServerConfig{
			Name: fmt.Sprintf("bus-%d", i+1), Port: ports[i], StoreDir: t.TempDir(), Open: true, Replicas: 3,
			Cluster: bus.ClusterConfig{Name: "casino", Port: routePorts[i], Routes: routes, User: "route", Password: "route-secret"},
		}}
		nodes[i] = startNode(t, cfgs[i])
	}
	for _, n := range nodes {
		waitFor(t, 60*time.Second, "every node's stream ready", func() bool { return strings.Contains(n.out.String(), "stream TABLES ready (3 replicas)") })
	}
	nc, err := bus.Connect(bus.ConnConfig{URLs: []string{fmt.Sprintf("nats://127.0.0.1:%d", ports[0])}, Open: true})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, _ := jetstream.New(nc)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	st, err := js.Stream(ctx, bus.StreamName)
	if err != nil {
		t.Fatal(err)
	}
	info, err := st.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.Config.Replicas != 3 || info.Cluster == nil || len(info.Cluster.Replicas) != 2 {
		t.Fatalf("stream: %d replicas, cluster %+v; want 3 (a leader and 2 more)", info.Config.Replicas, info.Cluster)
	}

	nodes[2].stop()
	for _, n := range nodes[:2] {
		waitFor(t, 30*time.Second, "bus-3 down on the console", func() bool { return strings.Contains(n.out.String(), "node bus-3 DOWN (route lost); 2 of 3 nodes up") })
	}
	nodes[2] = startNode(t, cfgs[2])
	for _, n := range nodes[:2] {
		waitFor(t, 30*time.Second, "bus-3 back on the console", func() bool { return strings.Count(n.out.String(), "node bus-3 up (routed)") == 2 })
	}
	// Whether bus-3 went down before or after the others made the operator directory (three
	// replicas: not while a node is down), they wait for it and go on, and the node watch said
	// so meanwhile.
	for _, n := range nodes {
		waitFor(t, 30*time.Second, "the operator directory on every node", func() bool { return strings.Contains(n.out.String(), "operator directory empty") })
		select {
		case err := <-n.done:
			t.Fatalf("a node stopped: %v", err)
		default:
		}
	}
}

// TestConfigRefusedByName: impossible configurations are refused naming the key.
func TestConfigRefusedByName(t *testing.T) {
	for _, tc := range []struct{ toml, want string }{
		{"[server]\nstore_dir = \"/x\"\nbogus = 1\n", "unknown key server.bogus"},
		{"[server]\n", "server.store_dir"},
		{"[server]\nstore_dir = \"/x\"\nreplicas = 3\n", "server.replicas 3: a single server keeps one copy"},
		{"[server]\nstore_dir = \"/x\"\nreplicas = 9\n", "server.replicas 9: want 1 to 5"},
		{"[server]\nstore_dir = \"/x\"\n[server.cluster]\nname = \"c\"\nroutes = [\"nats-route://a:6222\"]\n", "server.name: a cluster node needs a name"},
		{"[server]\nname = \"n\"\nstore_dir = \"/x\"\n[server.cluster]\nname = \"c\"\nroutes = [\"nats-route://a:6222\"]\n", "server.replicas 3: the cluster lists only 1 other node"},
		{"[server]\nstore_dir = \"/x\"\n[server.cluster]\nroutes = [\"nats-route://a:6222\"]\n", "a cluster needs server.cluster.name"},
		{"[server]\nname = \"n\"\nstore_dir = \"/x\"\nreplicas = 1\n[server.cluster]\nname = \"c\"\nroutes = [\"http://a\"]\n", "server.cluster.routes: \"http://a\""},
		{"[server]\nname = \"n\"\nstore_dir = \"/x\"\nreplicas = 1\n[server.cluster]\nname = \"c\"\nuser = \"u\"\n", "user and password go together"},
		{"[server]\nstore_dir = \"/x\"\n[backups]\nmax_mib = -1\n", "backups.max_mib -1: want 1 to"},
		{"[server]\nstore_dir = \"/x\"\n[console]\nlockout_attempts = 0\nlockout_minutes = 2000\n", "console.lockout_minutes 2000: want 1 to 1440"},
		{"[server]\nstore_dir = \"/x\"\n[console]\ntable_lockout_factor = 101\n", "console.table_lockout_factor 101: want 1 to 100"},
		{"[server]\nname = \"n\"\nstore_dir = \"/x\"\nreplicas = 1\n[server.cluster]\nname = \"c\"\n[server.cluster.tls]\ncert_file = \"n.pem\"\nkey_file = \"n.key\"\n",
			"server.cluster.tls: server.cluster.tls.ca_file missing"},
	} {
		path := filepath.Join(t.TempDir(), "c.toml")
		if err := os.WriteFile(path, []byte(tc.toml), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := loadConfig(path)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want an error with %q", tc.toml, err, tc.want)
		}
	}
	if _, err := parse(nil, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "--config") {
		t.Errorf("no --config: %v", err)
	}
}

// TestDeployExamplesLoad: the documented configurations in deploy/ are valid.
func TestDeployExamplesLoad(t *testing.T) {
	paths, err := filepath.Glob("../../deploy/pitserver-*.toml")
	if err != nil || len(paths) < 4 {
		t.Fatalf("deploy/pitserver-*.toml: %v %v", paths, err)
	}
	for _, p := range paths {
		fc, err := loadConfig(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if strings.Contains(p, "casino") && (fc.Server.Replicas != 3 || len(fc.Server.Cluster.Routes) != 3 || len(fc.Server.Tables) == 0) {
			t.Errorf("%s: a casino node with %d replicas, %d routes, %d tables", p, fc.Server.Replicas, len(fc.Server.Cluster.Routes), len(fc.Server.Tables))
		}
	}
}
