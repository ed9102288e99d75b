// Command pitserver is the pit server on its own: a NATS server with JetStream that the
// tables publish to and the pit boards read, with no screen (it links no UI toolkit). For one
// pit it runs alone; for a casino three of them form a cluster (routes between them) and keep
// the TABLES stream on all three, so that the bus survives a node down: tables and boards are
// given every node's URL and move to another node when theirs dies.
//
// Each node also runs the keeper (purging finished shoes), keeps the bucket of the pit's
// operator directory (`pitserver directory` manages it) and each table's bucket of journal
// backups (`coupboard backup` with backup.pit), and says on its console when a
// route to another node is lost or comes back.
//
// With [commands] it sends the pit's commands to its tables (issue 25; commands.go): a
// command API on a loopback address, and `pitserver post --by PERSON --pit east '!limits …'`
// to post one from a shell and print every table's answer (`pitserver post --by PERSON
// --withdraw ID` withdraws one, as the console's Cancel does).
// With --console host:port it also serves the pit console (package app/console): a web page
// for supervisors showing every table live, from which changes of the sign, closings and
// reopenings are posted to many tables at once. It is off unless asked for.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/console"
	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/internal/buildinfo"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	if len(os.Args) > 1 && os.Args[1] == "directory" { // directory.go: the operator directory
		err = runDirectory(ctx, os.Args[2:], os.Stdin, os.Stdout, os.Stderr)
	} else {
		err = run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "pitserver:", err)
		os.Exit(1)
	}
}

// FileConfig is the pit server's configuration file (TOML): deploy/pitserver-*.toml.
type FileConfig struct {
	Server   bus.ServerConfig `toml:"server"`
	Commands CommandsConfig   `toml:"commands"` // commands.go
	// Console configures the pit console (--console): the people file, the tables' books and
	// pits.
	Console console.Config `toml:"console"`
	// Backups sizes the tables' backup buckets (backups.go).
	Backups BackupsConfig `toml:"backups"`

	// warnings are what loadConfig found deprecated, for the start to say (tables.go).
	warnings []string
}

// options are the command line.
type options struct {
	config  string
	listen  string
	store   string
	openBus bool
	version bool
	status  time.Duration
	// console is the pit console's address ("" : no console); consoleCert and consoleKey
	// make it serve HTTPS.
	console, consoleCert, consoleKey string
}

func parse(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("pitserver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.config, "config", "", "configuration file (TOML): [server], its credentials and [server.cluster] (required)")
	fs.StringVar(&o.listen, "listen", "", "client address host:port, overriding server.host and server.port")
	fs.StringVar(&o.store, "store", "", "JetStream directory, overriding server.store_dir")
	fs.BoolVar(&o.openBus, "open-bus", false, "run with no credentials on purpose: anyone who reaches the bus may publish for any table")
	fs.BoolVar(&o.version, "version", false, "print the version and exit")
	fs.DurationVar(&o.status, "check-every", time.Second, "how often the routes to the other nodes are checked")
	fs.StringVar(&o.console, "console", "", "serve the pit console (web page for supervisors) at host:port, e.g. 127.0.0.1:8080; off when empty")
	fs.StringVar(&o.consoleCert, "console-tls-cert", "", "PEM certificate: the console serves HTTPS (with --console-tls-key)")
	fs.StringVar(&o.consoleKey, "console-tls-key", "", "PEM key of --console-tls-cert")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if o.status < 10*time.Millisecond || o.status > time.Minute {
		return o, fmt.Errorf("--check-every %v: want 10ms to 1m", o.status)
	}
	if (o.consoleCert == "") != (o.consoleKey == "") {
		return o, fmt.Errorf("--console-tls-cert and --console-tls-key: give both or neither")
	}
	if o.consoleCert != "" && o.console == "" {
		return o, fmt.Errorf("--console-tls-cert: there is no --console to serve")
	}
	if o.config == "" && !o.version {
		return o, fmt.Errorf("--config: a configuration file is required (deploy/pitserver-pit.toml, deploy/pitserver-casino-*.toml)")
	}
	return o, nil
}

// loadConfig reads the configuration file, refusing unknown keys and impossible values by name.
func loadConfig(path string) (FileConfig, error) {
	var fc FileConfig
	md, err := toml.DecodeFile(path, &fc)
	if err != nil {
		return fc, fmt.Errorf("read config %s: %w", path, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return fc, fmt.Errorf("read config %s: unknown key %s", path, und[0])
	}
	if err := fc.Server.Check(); err != nil {
		return fc, fmt.Errorf("read config %s: %w", path, err)
	}
	if err := fc.Commands.check(); err != nil {
		return fc, fmt.Errorf("read config %s: %w", path, err)
	}
	if err := fc.Backups.check(); err != nil {
		return fc, fmt.Errorf("read config %s: %w", path, err)
	}
	if fc.Server.StoreDir == "" {
		return fc, fmt.Errorf("read config %s: server.store_dir: the JetStream directory is required", path)
	}
	if fc.warnings, err = fc.consoleTables(); err != nil {
		return fc, fmt.Errorf("read config %s: %w", path, err)
	}
	if _, err := fc.Console.Lockout(""); err != nil {
		return fc, fmt.Errorf("read config %s: %w", path, err)
	}
	return fc, nil
}

// consoleLockoutFile is where, under its store directory, the pit server keeps the console's
// sign-in lockouts across a restart.
const consoleLockoutFile = "console-lockouts.json"

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "post" {
		return runPost(ctx, args[1:], stdout, stderr) // commands.go
	}
	o, err := parse(args, stderr)
	if err != nil {
		return err
	}
	if o.version {
		fmt.Fprint(stdout, buildinfo.Read("pitserver"))
		return nil
	}
	fc, err := loadConfig(o.config)
	if err != nil {
		return err
	}
	for _, w := range fc.warnings {
		fmt.Fprintf(stderr, "pitserver: WARNING: %s\n", w)
	}
	cfg := fc.Server
	if o.listen != "" {
		i := strings.LastIndex(o.listen, ":")
		var port int
		if _, err := fmt.Sscanf(o.listen[i+1:], "%d", &port); i < 0 || err != nil || port < -1 || port > 65535 {
			return fmt.Errorf("--listen %q: want host:port", o.listen)
		}
		cfg.Host, cfg.Port = o.listen[:i], port
	}
	if o.store != "" {
		cfg.StoreDir = o.store
	}
	if o.openBus {
		cfg.Open = true
	}
	srv, err := bus.StartServer(cfg)
	if errors.Is(err, bus.ErrNoCredentials) {
		err = fmt.Errorf("%w, or --open-bus on the command line", err)
	}
	if err != nil {
		return err
	}
	defer srv.Shutdown()
	fmt.Fprintf(stdout, "pit server %s: clients at %s, JetStream in %s\n", srv.Name(), srv.URL(), cfg.StoreDir)
	if u := srv.ClusterURL(); u != "" {
		routes := "routes"
		if cfg.Cluster.TLS.CertFile != "" {
			routes = "routes over TLS (peers verified against " + cfg.Cluster.TLS.CAFile + ")"
		}
		fmt.Fprintf(stdout, "pit server %s: node of cluster %s, %s at %s, to %s; stream %s kept on %d nodes\n",
			srv.Name(), cfg.Cluster.Name, routes, u, strings.Join(cfg.Cluster.Routes, ", "), bus.StreamName, srv.Replicas())
	}
	if srv.Open() {
		fmt.Fprintf(stderr, "pitserver: WARNING: OPEN BUS: no credentials — anyone who reaches the bus may publish rounds for any table\n")
	}
	admin, err := srv.AdminConn()
	if err != nil {
		return err
	}
	defer admin.Close()

	// The console's people (when it is asked for) are read first: a bad file stops the start, and
	// the command sender accepts the supervisors it signs in.
	var consolePeople consolePeople
	lockout, err := fc.Console.Lockout(filepath.Join(cfg.StoreDir, consoleLockoutFile))
	if err != nil {
		return err
	}
	if o.console != "" && !fc.Console.Directory {
		if consolePeople, err = loadConsolePeople(fc.Console, lockout); err != nil {
			return err
		}
	} else if o.console != "" && fc.Console.People != "" {
		return errors.New("--console: console.people and console.directory: give one (who may sign in; see docs/installer.md)")
	}

	nodes := &nodeWatch{srv: srv, out: stdout}
	defer nodes.watch(o.status)()
	// The stream (and its keeper) and the operator directory need the cluster's JetStream: a
	// node that starts before the others, or while one is down, waits for them, saying so now
	// and then (and the node watch says which node is missing).
	var keeper *bus.Keeper
	if err := untilReady(ctx, o.status, stderr, "keep stream "+bus.StreamName+fmt.Sprintf(" on %d nodes", srv.Replicas()), func(ctx context.Context) (err error) {
		keeper, err = bus.StartKeeper(ctx, admin, bus.Replicas(srv.Replicas()))
		return err
	}); err != nil || keeper == nil {
		return err // stopped while waiting
	}
	defer keeper.Stop()
	fmt.Fprintf(stdout, "pit server %s: stream %s ready (%d replicas)\n", srv.Name(), bus.StreamName, srv.Replicas())
	var dirs *bus.Directories
	if err := untilReady(ctx, o.status, stderr, "keep the operator directory", func(ctx context.Context) (err error) {
		dirs, err = ensureDirectory(ctx, admin, srv, stdout)
		return err
	}); err != nil || ctx.Err() != nil {
		return err
	}
	if err := untilReady(ctx, o.status, stderr, "keep the tables' backup buckets", func(ctx context.Context) error {
		return ensureBackups(ctx, admin, srv, cfg, fc.Backups, stdout)
	}); err != nil || ctx.Err() != nil {
		return err
	}
	if o.console != "" && fc.Console.Directory {
		if consolePeople, err = console.NewDirectoryPeople(dirs, lockout, nil); err != nil {
			return err
		}
	}
	var people pitcmd.People // nil: [commands] people only
	if consolePeople != nil {
		people = consolePeople
	}
	sender, stopCommands, err := startCommands(srv, fc.Commands, people, stdout, stderr)
	if err != nil {
		return fmt.Errorf("pit commands: %w", err)
	}
	defer stopCommands()
	if o.console != "" {
		stopConsole, err := startConsole(ctx, o, fc.Console, consolePeople, dirs, srv, sender, stdout, stderr)
		if err != nil {
			return err
		}
		defer stopConsole()
	}
	for {
		select {
		case <-ctx.Done():
			fmt.Fprintf(stdout, "pit server %s: stopping\n", srv.Name())
			return nil
		case err := <-keeper.Errors():
			fmt.Fprintln(stderr, "pitserver:", err)
		}
	}
}

// untilReady runs step, each try given 5 s, until it succeeds or ctx ends (then it returns nil
// with ctx done: the server was asked to stop). A failing try is said on stderr at most every
// 30 s; the next one comes after every (a cluster of three whose third node is still starting,
// or down, cannot keep a stream on three nodes yet).
func untilReady(ctx context.Context, every time.Duration, stderr io.Writer, what string, step func(context.Context) error) error {
	var saidAt time.Time
	for {
		tctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := step(tctx)
		cancel()
		if err == nil || ctx.Err() != nil {
			return nil
		}
		if saidAt.IsZero() || time.Since(saidAt) > 30*time.Second {
			fmt.Fprintf(stderr, "pitserver: waiting for the cluster to %s: %v\n", what, err)
			saidAt = time.Now()
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(every):
		}
	}
}

// nodeWatch says on the console when a route to another node of the cluster is made, lost or
// made again: a node down shows there, by name.
type nodeWatch struct {
	srv  *bus.Server
	out  io.Writer
	seen []string // every node ever routed to
	up   []string // the nodes routed to at the last check
}

// watch checks every interval in its own goroutine, from the start (a node may go down while
// this one waits for the cluster); stop ends it and waits for it.
func (w *nodeWatch) watch(every time.Duration) (stop func()) {
	done, ended := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(ended)
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			w.check()
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() { close(done); <-ended }
}

func (w *nodeWatch) check() {
	now := w.srv.Peers()
	for _, n := range now {
		if !slices.Contains(w.up, n) {
			fmt.Fprintf(w.out, "pit server %s: node %s up (routed)\n", w.srv.Name(), n)
		}
		if !slices.Contains(w.seen, n) {
			w.seen = append(w.seen, n)
		}
	}
	for _, n := range w.up {
		if !slices.Contains(now, n) {
			fmt.Fprintf(w.out, "pit server %s: node %s DOWN (route lost); %d of %d nodes up\n", w.srv.Name(), n, len(now)+1, len(w.seen)+1)
		}
	}
	w.up = now
}

// consolePeople are who may sign in at the pit console and, as supervisors, give commands.
type consolePeople interface {
	console.Authenticator
	pitcmd.People
}

// loadConsolePeople reads the people file of the pit console ([console] people).
func loadConsolePeople(cfg console.Config, lockout console.Lockout) (*console.PeopleFile, error) {
	if cfg.People == "" {
		return nil, fmt.Errorf("--console: console.people: the people file is required, or console.directory = true (who may sign in; see docs/installer.md)")
	}
	return console.LoadPeople(cfg.People, lockout, nil)
}

// startConsole serves the pit console at o.console: the board's model fed from this node's
// stream, people signed in from the people file, and changes sent to the tables by the pit's
// command sender, each table's rules deciding (sender nil, with no [commands] tables: in
// rehearsal, decided by the tables' engines here and not sent, and every page says so), and
// the operator directory dirs managed on its People page by the pit managers. stop shuts it
// down.
func startConsole(ctx context.Context, o options, cfg console.Config, people consolePeople, dirs *bus.Directories, srv *bus.Server, sender *pitcmd.Sender, stdout, stderr io.Writer) (stop func(), err error) {
	live := console.NewLive(pitmodel.Config{}, nil)
	var poster console.Poster = console.NewCommands(sender, 0)
	rehearsal := sender == nil
	if rehearsal {
		if poster, err = console.NewRehearsal(live, cfg, nil); err != nil {
			return nil, err
		}
	}
	con, err := console.New(console.Options{Config: cfg, Live: live, Auth: people, Poster: poster, Rehearsal: rehearsal, Directory: dirs, Log: stdout})
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", o.console)
	if err != nil {
		return nil, fmt.Errorf("--console %s: %w", o.console, err)
	}
	sub, err := bus.Subscribe(bus.SubscriberConfig{Conn: srv.BoardConn(), OnError: func(err error) { fmt.Fprintln(stderr, "pitserver: console:", err) }})
	if err != nil {
		ln.Close()
		return nil, fmt.Errorf("console: %w", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	go live.Run(cctx, sub.C(), func(err error) { fmt.Fprintln(stderr, "pitserver: console:", err) })
	hs := console.Server(con.Handler())
	hs.BaseContext = func(net.Listener) context.Context { return cctx } // stopping ends the live streams
	scheme := "http"
	if o.consoleCert != "" {
		scheme = "https"
	}
	go func() {
		var err error
		if o.consoleCert != "" {
			err = hs.ServeTLS(ln, o.consoleCert, o.consoleKey)
		} else {
			err = hs.Serve(ln)
		}
		if err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(stderr, "pitserver: console:", err)
		}
	}()
	fmt.Fprintf(stdout, "pit server %s: pit console at %s://%s\n", srv.Name(), scheme, ln.Addr())
	return func() {
		cancel()
		sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer scancel()
		_ = hs.Shutdown(sctx)
		sub.Close()
	}, nil
}
