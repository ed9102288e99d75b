package bus_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
)

// testCA is a certificate authority made in the test, its certificate in a PEM file.
type testCA struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
	path string
	dir  string
	n    int64
}

func writePEM(t *testing.T, path, typ string, der []byte) string {
	t.Helper()
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func newTestCA(t *testing.T, name string) *testCA {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: name},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	return &testCA{cert: cert, key: key, dir: dir, n: 1, path: writePEM(t, filepath.Join(dir, "ca.pem"), "CERTIFICATE", der)}
}

// node issues a route certificate for node name on 127.0.0.1: a server and a client
// certificate at once, as a node both accepts routes and makes them.
func (ca *testCA) node(t *testing.T, name string) (cert, key string) {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	ca.n++
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(ca.n), Subject: pkix.Name{CommonName: name},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, DNSNames: []string{"localhost"},
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
		KeyUsage:    x509.KeyUsageDigitalSignature,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.cert, &k.PublicKey, ca.key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	return writePEM(t, filepath.Join(ca.dir, name+".pem"), "CERTIFICATE", der), writePEM(t, filepath.Join(ca.dir, name+".key"), "EC PRIVATE KEY", keyDER)
}

// TestClusterRoutesOverTLS: two nodes with certificates of the casino's CA route to each
// other over verified TLS; a node whose certificate another CA signed, and a node with no
// TLS at all, both listing the same routes, never join.
func TestClusterRoutesOverTLS(t *testing.T) {
	casino, rogue := newTestCA(t, "casino routes CA"), newTestCA(t, "another CA")
	const n = 4
	// node-1 and node-2: the casino's CA; node-3: a certificate of another CA, which it trusts;
	// node-4: plain routes.
	cas := []*testCA{casino, casino, rogue, nil}
	routeTLS := make([]bus.ServerTLS, n)
	for i, ca := range cas {
		if ca != nil {
			cert, key := ca.node(t, fmt.Sprintf("node-%d", i+1))
			routeTLS[i] = bus.ServerTLS{CertFile: cert, KeyFile: key, CAFile: ca.path}
		}
	}
	_, srvs := startNodes(t, n, func(i, clientPort, routePort int, routes []string) bus.ServerConfig {
		return bus.ServerConfig{
			Name: fmt.Sprintf("node-%d", i+1), Port: clientPort, StoreDir: t.TempDir(), Open: true, Replicas: 1,
			Cluster: bus.ClusterConfig{Name: "casino", Port: routePort, Routes: routes, TLS: routeTLS[i]},
		}
	})
	waitFor(t, 30*time.Second, "node-1 and node-2 routed over TLS", func() bool {
		return slices.Equal(srvs[0].Peers(), []string{"node-2"}) && slices.Equal(srvs[1].Peers(), []string{"node-1"})
	})
	// Routes are retried every second or so: for three seconds nobody else is let in.
	for end := time.Now().Add(3 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		for i, want := range [][]string{{"node-2"}, {"node-1"}, nil, nil} {
			if got := srvs[i].Peers(); !slices.Equal(got, want) {
				t.Fatalf("node-%d routes to %v, want %v", i+1, got, want)
			}
		}
	}
}

// TestClusterTLSRefusedHalfConfigured: [server.cluster.tls] is all three files or none, and
// the refusal names what is missing.
func TestClusterTLSRefusedHalfConfigured(t *testing.T) {
	base := bus.ServerConfig{Name: "n1", StoreDir: "/x", Replicas: 1, Cluster: bus.ClusterConfig{Name: "casino", Routes: []string{"nats-route://127.0.0.1:6222"}}}
	for _, tc := range []struct {
		tls  bus.ServerTLS
		want string
	}{
		{bus.ServerTLS{CertFile: "n1.pem", KeyFile: "n1.key"}, "server.cluster.tls: server.cluster.tls.ca_file missing"},
		{bus.ServerTLS{CAFile: "ca.pem"}, "server.cluster.tls.cert_file and server.cluster.tls.key_file missing"},
		{bus.ServerTLS{CertFile: "n1.pem", CAFile: "ca.pem"}, "server.cluster.tls.key_file missing"},
	} {
		cfg := base
		cfg.Cluster.TLS = tc.tls
		if err := cfg.Check(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.tls, err, tc.want)
		}
	}
	cfg := base
	cfg.Cluster.TLS = bus.ServerTLS{CertFile: "n1.pem", KeyFile: "n1.key", CAFile: "ca.pem"}
	if err := cfg.Check(); err != nil {
		t.Errorf("whole: %v", err)
	}
	single := bus.ServerConfig{StoreDir: "/x", Cluster: bus.ClusterConfig{TLS: cfg.Cluster.TLS}}
	if err := single.Check(); err == nil || !strings.Contains(err.Error(), "a cluster needs server.cluster.name") {
		t.Errorf("tls with no cluster: %v", err)
	}
	ca := newTestCA(t, "ca")
	cert, _ := ca.node(t, "n1")
	bad := base
	bad.StoreDir, bad.Port = t.TempDir(), -1
	bad.Open = true
	bad.Cluster.Port = -1
	bad.Cluster.TLS = bus.ServerTLS{CertFile: cert, KeyFile: cert, CAFile: ca.path} // the certificate as its own key
	if srv, err := bus.StartServer(bad); err == nil {
		srv.Shutdown()
		t.Fatal("started with a key file that holds no key")
	} else if !strings.Contains(err.Error(), "server.cluster.tls") {
		t.Errorf("bad key: %v, want it named server.cluster.tls", err)
	}
}
