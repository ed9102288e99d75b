package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/pitwire"
)

func TestParse(t *testing.T) {
	tests := []struct {
		args []string
		err  string
	}{
		{[]string{"--demo", "--tables", "24"}, ""},
		{[]string{"--nats", "nats://a:4222,nats://b:4222"}, ""},
		{[]string{"--demo", "--tables", "0"}, "--tables 0"},
		{[]string{"--demo", "--nats", "nats://a:4222"}, "cannot be combined"},
		{[]string{"--interval", "0s"}, "--interval"},
		{[]string{"--refresh", "250ms"}, ""},
		{[]string{"--refresh", "10ms"}, "--refresh 10ms"},
		{[]string{"--refresh", "1m"}, "--refresh 1m0s"},
		{[]string{"extra"}, "unexpected argument"},
		{[]string{"--admin", "--demo"}, "--admin is for a NATS cluster"},
		{[]string{"--admin", "--nats", "nats://a:4222"}, ""},
		{[]string{"--bogus"}, "flag provided but not defined"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var stderr bytes.Buffer
			_, err := parse(tc.args, &stderr)
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("parse: %v", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("parse = %v, want an error containing %q", err, tc.err)
			}
		})
	}
}

func TestSplitHostPort(t *testing.T) {
	for in, ok := range map[string]bool{"127.0.0.1:4222": true, ":-1": true, "0.0.0.0:0": true, "host": false, "h:x": false, "h:70000": false} {
		if _, _, err := splitHostPort(in); (err == nil) != ok {
			t.Errorf("splitHostPort(%q) error %v, want ok=%v", in, err, ok)
		}
	}
}

func TestLoadConfig(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "pit.toml")
	if err := os.WriteFile(good, []byte(`
[server]
host = "0.0.0.0"
port = 4222
store_dir = "/var/lib/coupboard/pit"
[[server.tables]]
table = "BAC-07"
user = "bac-07"
password = "s3cret"
[[server.tables]]
table = "BAC-08"
nkey = "UDXU4RCSJNZOIQHZNWXHXORDPRTGNJAHAHFRGZNEEJCPQTT2M7NLCNF4"
[[server.boards]]
user = "casino-mis"
password = "m1s"
[server.tls]
cert_file = "/etc/coupboard/pit.pem"
key_file = "/etc/coupboard/pit.key"
[board]
theme = "night"
page_seconds = 15
stale_seconds = 6
offline_seconds = 30
hot_streak = 6
language = "zh-TW"
`), 0o600); err != nil {
		t.Fatal(err)
	}
	fc, err := loadConfig(good)
	if err != nil {
		t.Fatal(err)
	}
	if len(fc.Server.Tables) != 2 || fc.Server.Tables[1].NKey == "" || fc.Server.TLS.CertFile == "" || fc.Board.HotStreak != 6 {
		t.Fatalf("config read as %+v", fc)
	}
	// The language: board.language, which --lang overrides.
	if w, err := words(options{}, fc); err != nil || w.Lang() != i18n.TraditionalChinese {
		t.Fatalf("board.language zh-TW: %v, %v", w.Lang(), err)
	}
	if w, err := words(options{lang: "zh-Hans"}, fc); err != nil || w.Lang() != i18n.SimplifiedChinese {
		t.Fatalf("--lang zh-Hans: %v, %v", w.Lang(), err)
	}
	if _, err := words(options{lang: "klingon"}, fc); err == nil || !strings.Contains(err.Error(), "--lang") {
		t.Fatalf("--lang klingon: %v", err)
	}
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("[board]\nthme = \"night\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := loadConfig(bad); err == nil || !strings.Contains(err.Error(), "thme") {
		t.Fatalf("misspelt key: %v", err)
	}
	// Time keys that would overflow a time.Duration, or go negative, are refused by name.
	for _, tc := range []struct{ body, key string }{
		{"page_seconds = 9223372037", "board.page_seconds"},
		{"stale_seconds = -1", "board.stale_seconds"},
		{"offline_seconds = 86401", "board.offline_seconds"},
		{"hot_streak = 1000000", "board.hot_streak"},
		{`language = "fr"`, "board.language"},
	} {
		if err := os.WriteFile(bad, []byte("[board]\n"+tc.body+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := loadConfig(bad); err == nil || !strings.Contains(err.Error(), tc.key) {
			t.Errorf("%s: %v, want a refusal naming %s", tc.body, err, tc.key)
		}
	}
}

// TestClusterNodeIsPitserversJob: the board's embedded server is one node; a cluster key is
// refused, naming pitserver; board.tables takes table ids only.
func TestClusterNodeIsPitserversJob(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"[server]\nname = \"n\"\n[server.cluster]\nname = \"casino\"\n", "pitserver"},
		{"[server]\nreplicas = 3\n", "server.replicas"},
		{"[board]\ntables = [\"BAC-01\", \"a.b\"]\n", "board.tables: bad table id \"a.b\""},
	} {
		path := filepath.Join(t.TempDir(), "pit.toml")
		if err := os.WriteFile(path, []byte(tc.body), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := loadConfig(path); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want a refusal naming %s", tc.body, err, tc.want)
		}
	}
	path := filepath.Join(t.TempDir(), "pit.toml")
	if err := os.WriteFile(path, []byte("[board]\ntables = [\"BAC-01\", \"RD-01\"]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if fc, err := loadConfig(path); err != nil || len(fc.Board.Tables) != 2 {
		t.Fatalf("board.tables: %v %+v", err, fc.Board)
	}
	// The documented board of a pit on a casino's cluster.
	fc, err := loadConfig("../../deploy/pit-casino.example.toml")
	if err != nil || len(fc.Bus.URLs) != 3 || !fc.Bus.HasCredentials() || len(fc.Board.Tables) == 0 {
		t.Fatalf("deploy/pit-casino.example.toml: %v %+v", err, fc)
	}
}

// TestDemoFillsTheBoard runs --demo's bus side (embedded server, keeper, simulated tables,
// subscriber) without a window and checks that the board model sees every table.
func TestDemoFillsTheBoard(t *testing.T) {
	o, err := parse([]string{"--demo", "--tables", "5", "--interval", "100ms", "--listen", "127.0.0.1:-1", "--store", t.TempDir()}, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	s, err := start(o, FileConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	if !s.open {
		t.Fatal("the demo's bus has no credentials, but the board does not say it is open")
	}
	model := pitmodel.New(pitmodel.Config{})
	deadline := time.After(20 * time.Second)
	for {
		select {
		case m := <-s.sub.C():
			if _, err := model.Apply(m, time.Now()); err != nil {
				t.Fatal(err)
			}
		case err := <-s.errs:
			t.Logf("async: %v", err)
		case <-deadline:
			t.Fatalf("after 20s the board has %d tables", model.Len())
		}
		if model.Len() == 5 {
			live := 0
			for _, tb := range model.Tables() {
				if model.Liveness(tb, time.Now()) == pitmodel.Live && tb.Stats().Hands > 0 {
					live++
				}
			}
			if live == 5 {
				return
			}
		}
	}
}

// TestClusterMode points the board at an existing server (--nats) with --admin: the board
// creates the stream itself and shows what a table publishes there.
func TestClusterMode(t *testing.T) {
	srv, err := bus.StartServer(bus.ServerConfig{Port: -1, StoreDir: t.TempDir(), Open: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	o, err := parse([]string{"--nats", srv.URL(), "--admin", "--open-bus"}, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	s, err := start(o, FileConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	if s.srv != nil || s.keeper == nil {
		t.Fatal("--nats started an embedded server, or --admin no keeper")
	}
	d, err := startDemo(srv.URL(), 1, 50*time.Millisecond, func(err error) { t.Log(err) })
	if err != nil {
		t.Fatal(err)
	}
	defer d.stop()
	model := pitmodel.New(pitmodel.Config{})
	deadline := time.After(20 * time.Second)
dealing:
	for {
		select {
		case m := <-s.sub.C():
			if _, err := model.Apply(m, time.Now()); err != nil {
				t.Fatal(err)
			}
			if tb, ok := model.Table("BAC-01"); ok && tb.Stats().Hands >= 3 {
				break dealing
			}
		case <-deadline:
			t.Fatal("the board did not receive the table's coups from the cluster")
		}
	}
	// What the board shows of the bus (pitboard.Options.Bus): its node, none down; then,
	// with the server gone, the bus unreachable.
	if b := boardBus(s.sub.Nodes()); !b.Watched || !b.Connected || b.Node == "" || len(b.Down) != 0 {
		t.Fatalf("the board's bus with the server up: %+v", b)
	}
	d.stop()
	srv.Shutdown()
	for end := time.Now().Add(10 * time.Second); boardBus(s.sub.Nodes()).Connected; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the board still says it is connected 10 s after the server stopped")
		}
	}
}

// TestOpenBusMustBeAskedFor: with no credentials the pit server (or the board on a cluster)
// refuses to start unless an open bus is asked for — --demo, --open-bus or an open key — and
// the refusal names them; an open bus is marked open (the board then says so).
func TestOpenBusMustBeAskedFor(t *testing.T) {
	local := func(extra ...string) []string {
		return append([]string{"--listen", "127.0.0.1:-1", "--store", t.TempDir()}, extra...)
	}
	var stdout, stderr bytes.Buffer
	// --exit-after: should the board start anyway, the test fails rather than hang.
	err := run(local("--exit-after", "1s"), &stdout, &stderr)
	for _, want := range []string{"no credentials", "[[server.tables]]", "[server] open = true", "--open-bus"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("pitboard with no credentials: %v, want a refusal naming %s", err, want)
		}
	}
	open := filepath.Join(t.TempDir(), "open.toml")
	if err := os.WriteFile(open, []byte("[server]\nopen = true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	openFile, err := loadConfig(open)
	if err != nil {
		t.Fatal(err)
	}
	creds := FileConfig{Server: bus.ServerConfig{Tables: []bus.Credential{{Table: "BAC-07", User: "bac-07", Password: "s3cret"}}}}
	srv, err := bus.StartServer(bus.ServerConfig{Port: -1, StoreDir: t.TempDir(), Open: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	for _, tc := range []struct {
		name string
		args []string
		fc   FileConfig
		open bool
		err  string
	}{
		{"--open-bus", local("--open-bus"), FileConfig{}, true, ""},
		{"[server] open", local(), openFile, true, ""},
		{"credentials", local(), creds, false, ""},
		{"--open-bus with credentials", local("--open-bus"), creds, false, "choose one"},
		{"cluster, no credentials", []string{"--nats", srv.URL()}, FileConfig{}, false, "--open-bus"},
		{"cluster, --open-bus", []string{"--nats", srv.URL(), "--open-bus"}, FileConfig{}, true, ""},
		{"cluster, [bus] open", []string{"--nats", srv.URL()}, FileConfig{Bus: bus.ConnConfig{Open: true}}, true, ""},
		{"cluster, credentials", []string{"--nats", srv.URL()}, FileConfig{Bus: bus.ConnConfig{User: "pitboard", Password: "p"}}, false, ""},
		{"cluster, open with credentials", []string{"--nats", srv.URL()}, FileConfig{Bus: bus.ConnConfig{User: "pitboard", Password: "p", Open: true}}, false, "choose one"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := parse(tc.args, os.Stderr)
			if err != nil {
				t.Fatal(err)
			}
			s, err := start(o, tc.fc)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("start: %v, want an error containing %q", err, tc.err)
				}
				if s != nil {
					s.close()
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer s.close()
			if s.open != tc.open {
				t.Fatalf("open %v, want %v", s.open, tc.open)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	var out, errw bytes.Buffer
	if err := run([]string{"--version"}, &out, &errw); err != nil {
		t.Fatalf("--version: %v (%s)", err, errw.String())
	}
	s := out.String()
	for _, want := range []string{"pitboard ", "\ncommit  ", "\nbuilt   ", "\ngo      go", "\nfyne    not linked", "\nebiten  v2."} {
		if !strings.Contains(s, want) {
			t.Errorf("--version output lacks %q:\n%s", want, s)
		}
	}
}

func TestDemoOutboxForgetsAcknowledged(t *testing.T) {
	o := newDemoOutbox("BAC-01", func() time.Time { return time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC) })
	for range 5 {
		st := pitwire.Status{Name: "Baccarat 01", State: pitwire.StateOpen}
		if _, err := o.Append(pitwire.Message{Type: pitwire.TypeStatus, Status: &st}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := o.Append(pitwire.Message{Type: pitwire.TypeStatus}); err == nil {
		t.Fatal("an invalid record was appended")
	}
	got, err := o.After(2, 2)
	if err != nil || len(got) != 2 || got[0].Seq != 3 || got[1].Seq != 4 || got[0].Table != "BAC-01" {
		t.Fatalf("After(2, 2) = %+v, %v; want records 3 and 4 of BAC-01", got, err)
	}
	if err := o.Ack(3); err != nil {
		t.Fatal(err)
	}
	if n := o.held(); n != 2 {
		t.Errorf("after Ack(3) the outbox holds %d records, want 2", n)
	}
	if a, _ := o.Acked(); a != 3 {
		t.Errorf("Acked = %d, want 3", a)
	}
	if got, _ := o.After(0, 10); len(got) != 2 || got[0].Seq != 4 {
		t.Errorf("After(0) after Ack(3) = %+v, want records 4 and 5", got)
	}
	if err := o.Ack(2); err == nil {
		t.Error("acknowledging backwards was accepted")
	}
	if err := o.Ack(5); err != nil || o.held() != 0 {
		t.Errorf("Ack(5): %v, %d records held; want none", err, o.held())
	}
}

func TestWake(t *testing.T) {
	feed := make(chan pitwire.Message, 4)
	var mu sync.Mutex
	at := time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)
	var calls atomic.Int64 // the wake loop's reads of the clock: two per tick, the first before its timer
	now := func() time.Time { calls.Add(1); mu.Lock(); defer mu.Unlock(); return at }
	woken := make(chan struct{}, 100)
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		wake(feed, time.Millisecond, now, func() { woken <- struct{}{} }, stop, time.Time{})
		close(done)
	}()
	<-woken // the first second
	quiet := func(what string) {
		t.Helper()
		select {
		case <-woken:
			t.Fatalf("%s: a frame was scheduled", what)
		case <-time.After(50 * time.Millisecond):
		}
	}
	quiet("nothing new")
	feed <- pitwire.Message{}
	<-woken
	<-feed
	// A tick that saw the message before it was taken may still be scheduling: two reads of the
	// clock after the take include the start of a later tick, which comes after every earlier
	// tick has scheduled (a sleep here let a loaded machine schedule after the drain below).
	for c, end := calls.Load(), time.Now().Add(30*time.Second); calls.Load() < c+2; time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the wake loop stopped ticking")
		}
	}
	for len(woken) > 0 {
		<-woken
	}
	quiet("the feed drained")
	mu.Lock()
	at = at.Add(time.Second)
	mu.Unlock()
	<-woken
	quiet("the same second")
	close(stop)
	<-done
}
