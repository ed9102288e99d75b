// Package bustest starts a real pit bus for tests of the packages that use it: an embedded
// NATS server with JetStream on loopback, its streams and the operator directory's bucket
// created.
package bustest

import (
	"context"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/nats-io/nats.go/jetstream"
)

// StartOpen starts an open embedded server (no credentials) on a free loopback port with
// JetStream in a temporary directory, creates its streams, and shuts it down when the test
// ends.
func StartOpen(tb testing.TB) *bus.Server {
	tb.Helper()
	return Start(tb, bus.ServerConfig{Open: true})
}

// Start starts an embedded server configured by cfg (its credentials, or Open) on a free
// loopback port (unless cfg names one) with JetStream in a temporary directory (unless cfg
// names one), creates every stream (TABLES, HEADS, PITCMD, ANSWERS) and the operator
// directory's bucket, and shuts it down when the test ends.
func Start(tb testing.TB, cfg bus.ServerConfig) *bus.Server {
	tb.Helper()
	if cfg.Port == 0 {
		cfg.Port = -1
	}
	if cfg.StoreDir == "" {
		cfg.StoreDir = tb.TempDir()
	}
	srv, err := bus.StartServer(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(srv.Shutdown)
	admin, err := srv.AdminConn()
	if err != nil {
		tb.Fatal(err)
	}
	defer admin.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := bus.EnsureStream(ctx, admin); err != nil { // and PITCMD, ANSWERS
		tb.Fatal(err)
	}
	if _, err := bus.EnsureDirectoryBucket(ctx, admin, 1); err != nil {
		tb.Fatal(err)
	}
	return srv
}

// Manage connects to srv with a manager's credentials ([[server.managers]]) and returns the
// operator directory's management API; the connection closes when the test ends.
func Manage(tb testing.TB, srv *bus.Server, user, password string) *bus.Directories {
	tb.Helper()
	nc, err := bus.Connect(bus.ConnConfig{URLs: []string{srv.URL()}, User: user, Password: password})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(nc.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	dirs, err := bus.OpenDirectories(ctx, nc, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return dirs
}

// StartWithBackups starts a server (Start) with credentials for each table of tables (user and
// password "<id>"/"secret-<id>") and makes their backup buckets of maxBytes each (0: the
// default), as pitserver does; it returns the server and each table's connection with its own
// credentials and inbox.
func StartWithBackups(tb testing.TB, maxBytes int64, tables ...string) (*bus.Server, map[string]bus.ConnConfig) {
	tb.Helper()
	var creds []bus.Credential
	for _, id := range tables {
		creds = append(creds, bus.Credential{Table: id, User: id, Password: "secret-" + id})
	}
	srv := Start(tb, bus.ServerConfig{Tables: creds})
	admin, err := srv.AdminConn()
	if err != nil {
		tb.Fatal(err)
	}
	defer admin.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := bus.EnsureBackupBuckets(ctx, admin, tables, 1, maxBytes); err != nil {
		tb.Fatal(err)
	}
	conns := map[string]bus.ConnConfig{}
	for _, id := range tables {
		conns[id] = bus.ConnConfig{URLs: []string{srv.URL()}, User: id, Password: "secret-" + id, InboxPrefix: bus.TableInbox(id)}
	}
	return srv, conns
}

// AdminJetStream connects to srv as its administrator (AdminConn: every stream and bucket, as
// an operator of the bus would) and returns its JetStream API, for tests that damage or change
// what the bus keeps; the connection closes when the test ends.
func AdminJetStream(tb testing.TB, srv *bus.Server) jetstream.JetStream {
	tb.Helper()
	admin, err := srv.AdminConn()
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(admin.Close)
	js, err := jetstream.New(admin)
	if err != nil {
		tb.Fatal(err)
	}
	return js
}
