package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/bus/simtable"
	"github.com/coupboard/coupboard/internal/testbin"
	"github.com/nats-io/nats.go/jetstream"
)

// freePort is a loopback TCP port nobody listens on now. Another process may take it before a
// node listens on it: only the cluster test uses it, starting its nodes again on fresh ports
// when one could not listen (startCluster); a single node listens on a port it picks itself
// (bus port -1, listen address 127.0.0.1:0) and the test reads it (node.busURL, node.listening).
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

// The node's console lines that say where it listens, the port in group 1.
const (
	sayBus     = `clients at nats://[^ ,]*:([0-9]+)`
	sayAPI     = `command API at (http://[0-9.:]+)/api/commands`
	sayConsole = `pit console at (http://[0-9.:]+)`
)

// listening is what the node's console says of where it listens, group 1 of pattern say (one
// of the say constants), waited for at most 30 s; a node that stops meanwhile fails the test
// with what it said.
func (n *node) listening(t *testing.T, say string) string {
	t.Helper()
	re := regexp.MustCompile(say)
	waitFor(t, 30*time.Second, "the pit server's "+say, func() bool {
		select {
		case err := <-n.done:
			n.done <- err
			t.Fatalf("the pit server stopped: %v\n%s\n%s", err, n.out.String(), n.errOut.String())
		default:
		}
		return re.MatchString(n.out.String())
	})
	return re.FindStringSubmatch(n.out.String())[1]
}

// busURL is the loopback client URL of the node's bus (started on port -1: a free port it picks).
func (n *node) busURL(t *testing.T) string {
	t.Helper()
	return "nats://127.0.0.1:" + n.listening(t, sayBus)
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
	cfg := FileConfig{Server: bus.ServerConfig{
		Name: "pit-1", Port: -1, StoreDir: t.TempDir(),
		Tables: []bus.Credential{{Table: "BAC-07", User: "bac-07", Password: "secret-7"}},
		Boards: []bus.Credential{{User: "board", Password: "secret-b"}},
	}}
	cfg.Backups.MaxMiB = 64
	n := startNode(t, cfg)
	waitFor(t, 20*time.Second, "the stream ready", func() bool { return strings.Contains(n.out.String(), "stream TABLES ready (1 replicas)") })
	waitFor(t, 20*time.Second, "the backup buckets", func() bool {
		return strings.Contains(n.out.String(), "pit server pit-1: backup buckets for 1 tables, 64 MiB each")
	})

	url := n.busURL(t)
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
	cfgs, nodes, routes := startCluster(t)
	nc, err := bus.Connect(bus.ConnConfig{URLs: []string{fmt.Sprintf("nats://127.0.0.1:%d", cfgs[0].Server.Port)}, Open: true})
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
	// bus-3 again, on ports it picks: its old ones may have been taken since it stopped. It
	// routes to the others, which is how they see it back.
	again := cfgs[2]
	again.Server.Port, again.Server.Cluster.Port, again.Server.Cluster.Routes = -1, -1, routes[:2]
	nodes[2] = startNode(t, again)
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

// clusterAttempts is how many times startCluster picks fresh ports before it gives up.
const clusterAttempts = 3

// startCluster starts the three nodes bus-1..3 of cluster "casino" (open bus, 3 replicas),
// each on a client and a route port picked free, and waits until each has its stream. A port
// may be taken between freePort and the node's listen, by another test process: then every
// node is stopped and all start again on fresh ports. It returns the configurations used, the
// nodes and every node's route URL.
func startCluster(t *testing.T) ([]FileConfig, []*node, []string) {
	t.Helper()
	var last string
	for attempt := 1; attempt <= clusterAttempts; attempt++ {
		var routes []string
		ports, routePorts := make([]int, 3), make([]int, 3)
		for i := range 3 {
			ports[i], routePorts[i] = freePort(t), freePort(t)
			routes = append(routes, fmt.Sprintf("nats-route://route:route-secret@127.0.0.1:%d", routePorts[i]))
		}
		cfgs, nodes := make([]FileConfig, 3), make([]*node, 3)
		for i := range 3 {
			cfgs[i] = FileConfig{Server: bus.ServerConfig{
				Name: fmt.Sprintf("bus-%d", i+1), Port: ports[i], StoreDir: t.TempDir(), Open: true, Replicas: 3,
				Cluster: bus.ClusterConfig{Name: "casino", Port: routePorts[i], Routes: routes, User: "route", Password: "route-secret"},
			}}
			nodes[i] = startNode(t, cfgs[i])
		}
		failed := -1
		for i, n := range nodes {
			waitFor(t, 60*time.Second, "every node's stream ready, or a node stopped", func() bool {
				select {
				case err := <-n.done:
					n.done <- err
					failed, last = i, fmt.Sprint(err)
					return true
				default:
				}
				return strings.Contains(n.out.String(), "stream TABLES ready (3 replicas)")
			})
			if failed >= 0 {
				break
			}
		}
		if failed < 0 {
			return cfgs, nodes, routes
		}
		for _, n := range nodes {
			n.stop()
		}
		t.Logf("start the cluster, attempt %d: bus-%d stopped: %s; again on fresh ports", attempt, failed+1, last)
	}
	t.Fatalf("start the cluster: %d attempts failed, the last: %s", clusterAttempts, last)
	return nil, nil, nil
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
