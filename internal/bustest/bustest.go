// Package bustest starts a real pit bus for tests of the packages that use it: an embedded
// NATS server with JetStream on loopback, its streams created.
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
	srv, err := bus.StartServer(bus.ServerConfig{Port: -1, StoreDir: tb.TempDir(), Open: true})
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
	return srv
}
