package bus

import (
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/coupboard/coupboard/pitwire"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// Credential is one client's credentials on the embedded server: user and password, or the
// public key (U...) of an nkey whose seed the client holds.
type Credential struct {
	Table    string `toml:"table"` // for a table: its id (its permissions are derived from it)
	User     string `toml:"user"`
	Password string `toml:"password"`
	NKey     string `toml:"nkey"` // public nkey instead of user/password
}

// ServerTLS is the embedded server's certificate; with CAFile set, clients must present a
// certificate signed by it.
type ServerTLS struct {
	CertFile string `toml:"cert_file"`
	KeyFile  string `toml:"key_file"`
	CAFile   string `toml:"ca_file"`
}

// ClusterConfig makes the server one node of a NATS cluster: it listens for routes from the
// other nodes and connects to theirs. Every node of a cluster has the same Name and lists
// every node (itself included, or not) in Routes.
type ClusterConfig struct {
	Name string `toml:"name"` // the cluster's name, the same on every node (required for a cluster)
	Host string `toml:"host"` // route listen address; default the server's host
	Port int    `toml:"port"` // route port; default 6222; -1 picks a free port
	// Routes are the other nodes' route URLs, nats-route://host:6222 (with user:password@
	// when the cluster's routes authenticate).
	Routes []string `toml:"routes"`
	// User and Password, when set, are what another node must present to route to this one.
	User     string `toml:"user"`
	Password string `toml:"password"`
	// TLS encrypts the routes and makes every node prove itself: this node's certificate and
	// key, and the CA that signed every node's. Each side of a route verifies the other's
	// certificate against the CA, so a node without a certificate of that CA cannot join.
	// All three files or none.
	TLS ServerTLS `toml:"tls"`
}

// checkRoutes refuses a half-configured [server.cluster.tls] by name.
func (t ServerTLS) checkRoutes() error {
	if t == (ServerTLS{}) {
		return nil
	}
	var missing []string
	for _, f := range []struct{ key, val string }{{"cert_file", t.CertFile}, {"key_file", t.KeyFile}, {"ca_file", t.CAFile}} {
		if f.val == "" {
			missing = append(missing, "server.cluster.tls."+f.key)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("server.cluster.tls: %s missing: TLS on the routes needs this node's certificate and key and the CA that signed every node's (each node verifies the others)",
			strings.Join(missing, " and "))
	}
	return nil
}

// MaxReplicas is the most copies of the stream a cluster may keep.
const MaxReplicas = 5

// ServerConfig configures the embedded NATS server.
type ServerConfig struct {
	// Name is the node's name, unique in a cluster (required with a cluster); default
	// "coupboard-pit".
	Name     string       `toml:"name"`
	Host     string       `toml:"host"`      // listen address; default 127.0.0.1
	Port     int          `toml:"port"`      // default 4222; -1 picks a free port
	StoreDir string       `toml:"store_dir"` // JetStream's directory on local disk (required)
	Tables   []Credential `toml:"tables"`    // per-table credentials
	Boards   []Credential `toml:"boards"`    // read-only credentials for boards and management systems
	// Pits are the credentials that may send commands to the tables (pit.cmd.>, PitPermissions):
	// a pit console or a pit server's Sender on another machine. The pit server's own Sender
	// connects in-process (Server.PitConn).
	Pits []Credential `toml:"pits"`
	// Managers may write the operator directory (`pitserver directory`, the pit console).
	Managers []Credential `toml:"managers"`
	TLS      ServerTLS    `toml:"tls"`
	// Open runs the server with no credentials at all: any client that can reach it may
	// publish for any table. It must be asked for (pitboard: --demo, --open-bus or
	// [server] open = true); with no credentials and Open false the server refuses to start.
	Open bool `toml:"open"`
	// Cluster, when its Name is set, makes the server a node of a cluster.
	Cluster ClusterConfig `toml:"cluster"`
	// Replicas is how many nodes keep a copy of each stream: 1 for a single server, 3 (the
	// default in a cluster) so that the stream survives a node down.
	Replicas int `toml:"replicas"`
}

// clustered reports whether the configuration makes the server a cluster node.
func (c ServerConfig) clustered() bool { return c.Cluster.Name != "" }

// replicas is the stream's number of replicas: cfg.Replicas, by default 3 in a cluster and 1
// on a single server.
func (c ServerConfig) replicas() int {
	switch {
	case c.Replicas > 0:
		return c.Replicas
	case c.clustered():
		return 3
	}
	return 1
}

// Check refuses a server configuration that cannot work (replicas, cluster keys), naming the key.
func (c ServerConfig) Check() error {
	if c.Replicas < 0 || c.Replicas > MaxReplicas {
		return fmt.Errorf("server.replicas %d: want 1 to %d", c.Replicas, MaxReplicas)
	}
	if !c.clustered() {
		switch {
		case c.Replicas > 1:
			return fmt.Errorf("server.replicas %d: a single server keeps one copy; more need a cluster ([server.cluster] name and routes)", c.Replicas)
		case len(c.Cluster.Routes) > 0 || c.Cluster.Port != 0 || c.Cluster.Host != "" || c.Cluster.User != "" || c.Cluster.TLS != (ServerTLS{}):
			return fmt.Errorf("server.cluster: routes, host, port, user or tls set but no name: a cluster needs server.cluster.name")
		}
		return nil
	}
	if c.Name == "" {
		return fmt.Errorf("server.name: a cluster node needs a name of its own (unique in cluster %q)", c.Cluster.Name)
	}
	if (c.Cluster.User == "") != (c.Cluster.Password == "") {
		return fmt.Errorf("server.cluster: user and password go together")
	}
	if err := c.Cluster.TLS.checkRoutes(); err != nil {
		return err
	}
	if c.Cluster.Port < -1 || c.Cluster.Port > 65535 {
		return fmt.Errorf("server.cluster.port %d: want 1 to 65535 (or -1: any free port)", c.Cluster.Port)
	}
	for _, r := range c.Cluster.Routes {
		if _, err := url.Parse(r); err != nil || !strings.HasPrefix(r, "nats-route://") && !strings.HasPrefix(r, "nats://") && !strings.HasPrefix(r, "tls://") {
			return fmt.Errorf("server.cluster.routes: %q: want nats-route://host:port", r)
		}
	}
	if n := c.replicas(); n > len(c.Cluster.Routes)+1 {
		return fmt.Errorf("server.replicas %d: the cluster lists only %d other node(s) in server.cluster.routes", n, len(c.Cluster.Routes))
	}
	return nil
}

// ErrNoCredentials is wrapped by StartServer's refusal to run with no credentials unless Open.
var ErrNoCredentials = errors.New("no credentials")

// Server is the embedded NATS server with JetStream.
type Server struct {
	ns        *server.Server
	adminUser string
	adminPass string
	boardUser string
	boardPass string
	pitUser   string
	pitPass   string
	auth      bool
	replicas  int
}

// Replicas is how many copies of the stream the server's cluster keeps (1 on a single server):
// pass Replicas(s.Replicas()) to EnsureStream and StartKeeper.
func (s *Server) Replicas() int { return s.replicas }

// Name is the node's name.
func (s *Server) Name() string { return s.ns.Name() }

// Peers are the names of the other cluster nodes this node has a route to now, sorted.
func (s *Server) Peers() []string {
	rz, err := s.ns.Routez(nil)
	if err != nil {
		return nil
	}
	var names []string
	for _, r := range rz.Routes {
		if r.RemoteName != "" && !slices.Contains(names, r.RemoteName) {
			names = append(names, r.RemoteName)
		}
	}
	slices.Sort(names)
	return names
}

// ClusterURL is the URL the other nodes route to (nats-route://host:port), "" on a single
// server.
func (s *Server) ClusterURL() string {
	addr := s.ns.ClusterAddr()
	if addr == nil {
		return ""
	}
	return "nats-route://" + addr.String()
}

// Open reports whether the server runs with no credentials: anyone who reaches it may publish
// for any table.
func (s *Server) Open() bool { return !s.auth }

// TablePermissions are the permissions of table id's credentials: publish only on its own
// subjects, read back only its own newest messages in the stream (a direct get of the last
// message on each of its subjects, where the publisher resumes), receive only the replies
// addressed to it.
func TablePermissions(id string) *server.Permissions {
	p := &server.Permissions{
		Publish: &server.SubjectPermission{Allow: append([]string{
			"table." + id + ".>",
			directLastSubject(pitwire.Subject(id, "*")),
		}, tableCommandPermissions(id)...)},
		Subscribe: &server.SubjectPermission{Allow: []string{TableInbox(id) + ".>"}},
	}
	p.Publish.Allow = append(p.Publish.Allow, directoryReadAllow()...) // read the operator directory (directory.go)
	p.Publish.Allow = append(p.Publish.Allow, backupAllow(id)...)      // its own backup bucket (backups.go)
	return p
}

// BoardPermissions are the permissions of a board's credentials: read the streams (TABLES,
// and HEADS for auditors) through consumers of its own and the heartbeats; publish nothing a
// table would.
func BoardPermissions() *server.Permissions {
	return &server.Permissions{
		Publish:   &server.SubjectPermission{Allow: streamReaders(StreamName, HeadStreamName)},
		Subscribe: &server.SubjectPermission{Allow: []string{"_INBOX.>", "table.*." + string(pitwire.TypeHeartbeat)}},
	}
}

// streamReaders are the API subjects a client publishes on to read the streams named through
// consumers of its own (and $JS.API.INFO).
func streamReaders(streams ...string) []string {
	allow := []string{"$JS.API.INFO"}
	for _, st := range streams {
		allow = append(allow,
			"$JS.API.STREAM.INFO."+st,
			"$JS.API.CONSUMER.CREATE."+st,
			"$JS.API.CONSUMER.CREATE."+st+".>",
			"$JS.API.CONSUMER.DELETE."+st+".>",
			"$JS.API.CONSUMER.INFO."+st+".>",
			"$JS.API.CONSUMER.MSG.NEXT."+st+".>",
			"$JS.FC."+st+".>",
		)
	}
	return allow
}

func randomSecret() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("random secret: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// StartServer starts the embedded server and waits until it accepts connections. With
// credentials configured, every client must authenticate; the server then also has an
// administrator for the in-process Keeper (AdminConn) and a read-only board user for the
// in-process board (BoardConn), both with random passwords. With none, it starts only if
// cfg.Open asks for an open bus.
func StartServer(cfg ServerConfig) (*Server, error) {
	if cfg.StoreDir == "" {
		return nil, fmt.Errorf("start the bus server: no JetStream store directory")
	}
	switch creds := len(cfg.Tables)+len(cfg.Boards)+len(cfg.Pits)+len(cfg.Managers) > 0; {
	case !creds && !cfg.Open:
		return nil, fmt.Errorf("start the bus server: %w ([[server.tables]], [[server.boards]]): any client could publish a round for any table; "+
			"configure per-table credentials, or run an open bus on purpose with [server] open = true", ErrNoCredentials)
	case creds && cfg.Open:
		return nil, fmt.Errorf("start the bus server: an open bus was asked for ([server] open = true or --open-bus), but credentials are configured ([[server.tables]], [[server.boards]]): choose one")
	}
	if err := cfg.Check(); err != nil {
		return nil, fmt.Errorf("start the bus server: %w", err)
	}
	opts := &server.Options{
		ServerName: cfg.Name,
		Host:       cfg.Host,
		Port:       cfg.Port,
		JetStream:  true,
		StoreDir:   cfg.StoreDir,
		NoSigs:     true,
		NoLog:      true,
	}
	if opts.Host == "" {
		opts.Host = "127.0.0.1"
	}
	if opts.Port == 0 {
		opts.Port = 4222
	}
	if opts.ServerName == "" {
		opts.ServerName = "coupboard-pit"
	}
	if cfg.clustered() {
		opts.Cluster = server.ClusterOpts{
			Name: cfg.Cluster.Name, Host: cfg.Cluster.Host, Port: cfg.Cluster.Port,
			Username: cfg.Cluster.User, Password: cfg.Cluster.Password,
		}
		if opts.Cluster.Host == "" {
			opts.Cluster.Host = opts.Host
		}
		if opts.Cluster.Port == 0 {
			opts.Cluster.Port = 6222
		}
		if t := cfg.Cluster.TLS; t.CertFile != "" {
			tc, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: t.CertFile, KeyFile: t.KeyFile, CaFile: t.CAFile, Verify: true})
			if err != nil {
				return nil, fmt.Errorf("start the bus server: server.cluster.tls: %w", err)
			}
			// A node both accepts routes and makes them: it verifies the other node's
			// certificate either way, against the same CA (as nats-server's own cluster tls).
			tc.ClientAuth = tls.RequireAndVerifyClientCert
			tc.RootCAs = tc.ClientCAs
			opts.Cluster.TLSConfig = tc
			opts.Cluster.TLSTimeout = 2
		}
		for _, r := range cfg.Cluster.Routes {
			u, err := url.Parse(r)
			if err != nil {
				return nil, fmt.Errorf("start the bus server: server.cluster.routes %q: %w", r, err)
			}
			opts.Routes = append(opts.Routes, u)
		}
	}
	s := &Server{auth: len(cfg.Tables)+len(cfg.Boards)+len(cfg.Pits)+len(cfg.Managers) > 0, replicas: cfg.replicas()}
	if s.auth {
		pass, err := randomSecret()
		if err != nil {
			return nil, err
		}
		s.adminUser, s.adminPass = "coupboard-admin", pass
		opts.Users = append(opts.Users, &server.User{Username: s.adminUser, Password: s.adminPass})
		if pass, err = randomSecret(); err != nil {
			return nil, err
		}
		s.boardUser, s.boardPass = "coupboard-board", pass
		opts.Users = append(opts.Users, &server.User{Username: s.boardUser, Password: s.boardPass, Permissions: BoardPermissions()})
		if pass, err = randomSecret(); err != nil {
			return nil, err
		}
		s.pitUser, s.pitPass = "coupboard-pit", pass
		opts.Users = append(opts.Users, &server.User{Username: s.pitUser, Password: s.pitPass, Permissions: PitPermissions()})
		add := func(c Credential, p *server.Permissions) error {
			switch {
			case c.NKey != "":
				opts.Nkeys = append(opts.Nkeys, &server.NkeyUser{Nkey: c.NKey, Permissions: p})
			case c.User != "" && c.Password != "":
				opts.Users = append(opts.Users, &server.User{Username: c.User, Password: c.Password, Permissions: p})
			default:
				return fmt.Errorf("start the bus server: credential for %q has neither nkey nor user and password", c.Table+c.User)
			}
			return nil
		}
		for _, c := range cfg.Tables {
			if !pitwire.ValidTableID(c.Table) {
				return nil, fmt.Errorf("start the bus server: bad table id %q", c.Table)
			}
			if err := add(c, TablePermissions(c.Table)); err != nil {
				return nil, err
			}
		}
		for _, c := range cfg.Boards {
			if err := add(c, BoardPermissions()); err != nil {
				return nil, err
			}
		}
		for _, c := range cfg.Pits {
			if err := add(c, PitPermissions()); err != nil {
				return nil, err
			}
		}
		for _, c := range cfg.Managers {
			if err := add(c, ManagerPermissions()); err != nil {
				return nil, err
			}
		}
	}
	if cfg.TLS.CertFile != "" {
		tc, err := server.GenTLSConfig(&server.TLSConfigOpts{
			CertFile: cfg.TLS.CertFile, KeyFile: cfg.TLS.KeyFile, CaFile: cfg.TLS.CAFile, Verify: cfg.TLS.CAFile != "",
		})
		if err != nil {
			return nil, fmt.Errorf("start the bus server: TLS: %w", err)
		}
		opts.TLSConfig = tc
		opts.TLS = true
		opts.TLSVerify = cfg.TLS.CAFile != ""
		opts.TLSTimeout = 2
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("start the bus server: %w", err)
	}
	ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		return nil, fmt.Errorf("start the bus server on %s:%d: not ready after 10s", opts.Host, opts.Port)
	}
	s.ns = ns
	return s, nil
}

// URL is the client URL of the server (nats://127.0.0.1:port).
func (s *Server) URL() string { return s.ns.ClientURL() }

// inProcessURL is the URL for in-process connections: never TLS (they do not leave the
// process, and the server does not require it of them).
func (s *Server) inProcessURL() string {
	return "nats://" + strings.TrimPrefix(strings.TrimPrefix(s.URL(), "tls://"), "nats://")
}

// AdminConn connects in-process as the administrator, for EnsureStream and the Keeper.
func (s *Server) AdminConn() (*nats.Conn, error) {
	cfg := ConnConfig{URLs: []string{s.inProcessURL()}, Name: "coupboard-admin", User: s.adminUser, Password: s.adminPass, inProcess: s.ns}
	return Connect(cfg)
}

// BoardConn is the connection configuration of the in-process board: read-only credentials,
// connected in-process.
func (s *Server) BoardConn() ConnConfig {
	return ConnConfig{URLs: []string{s.inProcessURL()}, Name: "pit board", User: s.boardUser, Password: s.boardPass, inProcess: s.ns}
}

// PitConn is the connection configuration of the in-process pit (the pit server's Sender):
// the pit's credentials (PitPermissions), connected in-process.
func (s *Server) PitConn() ConnConfig {
	return ConnConfig{URLs: []string{s.inProcessURL()}, Name: "pit commands", User: s.pitUser, Password: s.pitPass, inProcess: s.ns}
}

// Shutdown stops the server and waits until it has stopped.
func (s *Server) Shutdown() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
}
