package bus

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// TLS is the TLS configuration of a client connection. Empty fields are not used; a CA file
// alone verifies the server, a certificate and key add a client certificate.
type TLS struct {
	CAFile   string `toml:"ca_file"`   // PEM file of the CA that signed the server's certificate
	CertFile string `toml:"cert_file"` // PEM client certificate, for servers that verify clients
	KeyFile  string `toml:"key_file"`  // PEM key of CertFile
}

func (t TLS) enabled() bool { return t.CAFile != "" || t.CertFile != "" }

// ConnConfig says how to reach the bus: the embedded server's URL or the URLs of a NATS
// cluster, and this side's credentials.
type ConnConfig struct {
	URLs         []string `toml:"urls"`           // nats://host:4222 or tls://host:4222, one or more
	Name         string   `toml:"name"`           // the connection's name in the server's monitoring
	User         string   `toml:"user"`           // user/password credentials ...
	Password     string   `toml:"password"`       //
	NKeySeedFile string   `toml:"nkey_seed_file"` // ... or an nkey seed file (SU...)
	TLS          TLS      `toml:"tls"`
	// Open connects with no credentials on purpose (an open bus). A program refuses a
	// connection with no credentials unless it is asked for (pitboard: [bus] open, --open-bus).
	Open bool `toml:"open"`
	// InboxPrefix is where replies (JetStream acknowledgements) come back; a table's
	// credentials may subscribe only under TableInbox(id).
	InboxPrefix string `toml:"-"`

	inProcess *server.Server // set by Server.BoardConn: connect in-process, not over TCP
}

// HasCredentials reports whether the connection authenticates: user and password, an nkey
// seed, a client certificate (for servers that map certificates to users), or a user in a URL.
func (c ConnConfig) HasCredentials() bool {
	if c.User != "" || c.NKeySeedFile != "" || c.TLS.CertFile != "" {
		return true
	}
	for _, s := range c.URLs {
		if u, err := url.Parse(s); err == nil && u.User != nil {
			return true
		}
	}
	return false
}

// TableInbox is the reply-subject prefix of table id's connection: the only subjects its
// credentials may subscribe to.
func TableInbox(id string) string { return "_INBOX_" + id }

// Connect opens a connection that retries a server that is down at first and reconnects
// forever. Extra options are applied last.
func Connect(cfg ConnConfig, extra ...nats.Option) (*nats.Conn, error) {
	if len(cfg.URLs) == 0 {
		return nil, fmt.Errorf("connect to the bus: no server URL")
	}
	opts := []nats.Option{
		nats.Name(cfg.Name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.RetryOnFailedConnect(true),
		nats.Timeout(2 * time.Second),
		nats.PingInterval(5 * time.Second),
		nats.MaxPingsOutstanding(2),
		nats.NoCallbacksAfterClientClose(),
	}
	if cfg.User != "" {
		opts = append(opts, nats.UserInfo(cfg.User, cfg.Password))
	}
	if cfg.NKeySeedFile != "" {
		o, err := nats.NkeyOptionFromSeed(cfg.NKeySeedFile)
		if err != nil {
			return nil, fmt.Errorf("read nkey seed %s: %w", cfg.NKeySeedFile, err)
		}
		opts = append(opts, o)
	}
	if cfg.TLS.CAFile != "" {
		opts = append(opts, nats.RootCAs(cfg.TLS.CAFile))
	}
	if cfg.TLS.CertFile != "" {
		opts = append(opts, nats.ClientCert(cfg.TLS.CertFile, cfg.TLS.KeyFile))
	}
	if cfg.TLS.enabled() {
		opts = append(opts, nats.Secure())
	}
	if cfg.InboxPrefix != "" {
		opts = append(opts, nats.CustomInboxPrefix(cfg.InboxPrefix))
	}
	if cfg.inProcess != nil {
		opts = append(opts, nats.InProcessServer(cfg.inProcess))
	}
	opts = append(opts, extra...)
	url := strings.Join(cfg.URLs, ",")
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		return nil, fmt.Errorf("connect to the bus at %s: %w", url, err)
	}
	return nc, nil
}
