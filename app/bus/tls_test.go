package bus_test

import (
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/display/pitmodel"
)

// writeCerts makes a CA and a server certificate for 127.0.0.1, as PEM files.
func writeCerts(t *testing.T) (ca, cert, key string) {
	t.Helper()
	c := newTestCA(t, "coupboard test CA")
	cert, key = c.node(t, "pit")
	return c.path, cert, key
}

func TestTLS(t *testing.T) {
	ca, cert, key := writeCerts(t)
	srv := startServer(t, bus.ServerConfig{
		TLS:    bus.ServerTLS{CertFile: cert, KeyFile: key},
		Tables: []bus.Credential{{Table: "T1", User: "t1", Password: "p1"}},
	})
	defer srv.Shutdown()
	e := &errs{}
	tb := startTable(t, "T1", 1, bus.ConnConfig{URLs: []string{srv.URL()}, User: "t1", Password: "p1", TLS: bus.TLS{CAFile: ca}}, time.Second, e)
	tb.steps(t, 5)
	waitFor(t, 10*time.Second, "publishing over TLS", func() bool { return tb.pub.Stats().Acked == tb.last() })

	// The in-process board reads without TLS (it never leaves the process).
	bd := startBoard(t, srv.BoardConn(), pitmodel.Config{}, e)
	bd.until(t, 10*time.Second, "board reads", bd.has([]*table{tb}))

	// A client that trusts another CA does not connect.
	otherCA, _, _ := writeCerts(t)
	if nc, err := bus.Connect(bus.ConnConfig{URLs: []string{srv.URL()}, User: "t1", Password: "p1", TLS: bus.TLS{CAFile: otherCA}}, natsNoRetry()); err == nil {
		nc.Close()
		t.Fatal("connected with a CA that did not sign the server's certificate")
	}
}
