// Package bustest starts a real pit bus for tests of the packages that use it: an embedded
// NATS server with JetStream on loopback, its streams and the operator directory's bucket
// created.
package bustest

import (
	"context"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
)

// StartOpen starts an open embedded server (no credentials) on a free loopback port with
// JetStream in a temporary directory, creates its streams, and shuts it down when the test
// ends.
func StartOpen(tb testing.TB) *bus.Server {
	tb.Helper()
	return Start(tb, bus.ServerConfig{Open: true})
}

// Start starts an embedded server configured by cfg (its credentials), on a free loopback
// port (cfg.Port 0) with JetStream in a temporary directory (cfg.StoreDir ""), creates its
// streams and the operator directory's bucket, and shuts it down when the test ends.
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
	if _, err := bus.EnsureStream(ctx, admin); err != nil {
		tb.Fatal(err)
	}
	if _, err := bus.EnsureDirectoryBucket(ctx, admin, 1); err != nil {
		tb.Fatal(err)
	}
	return srv
}
