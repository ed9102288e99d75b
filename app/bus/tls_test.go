package bus_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/display/pitmodel"
)

// writeCerts makes a CA and a server certificate for 127.0.0.1 in dir, as PEM files.
func writeCerts(t *testing.T, dir string) (ca, cert, key string) {
	t.Helper()
	write := func(name, typ string, der []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	caTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "coupboard test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	srvKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	srvTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "pit"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		KeyUsage: x509.KeyUsageDigitalSignature,
	}
	srvDER, err := x509.CreateCertificate(rand.Reader, srvTmpl, caTmpl, &srvKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(srvKey)
	if err != nil {
		t.Fatal(err)
	}
	return write("ca.pem", "CERTIFICATE", caDER), write("server.pem", "CERTIFICATE", srvDER), write("server.key", "EC PRIVATE KEY", keyDER)
}

func TestTLS(t *testing.T) {
	ca, cert, key := writeCerts(t, t.TempDir())
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
	otherCA, _, _ := writeCerts(t, t.TempDir())
	if nc, err := bus.Connect(bus.ConnConfig{URLs: []string{srv.URL()}, User: "t1", Password: "p1", TLS: bus.TLS{CAFile: otherCA}}, natsNoRetry()); err == nil {
		nc.Close()
		t.Fatal("connected with a CA that did not sign the server's certificate")
	}
}
