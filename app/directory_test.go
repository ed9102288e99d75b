package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/health"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/internal/bustest"
	"github.com/coupboard/coupboard/internal/testbin"
)

// directoryTable is the part of a started table the operator directory needs: its journal,
// status strip and log, until stop.
type directoryTable struct {
	rt   *runningTable
	stop func()
}

// startDirectoryTable "starts" table T1 of cfg: opens its journal and makes its PIN guard as
// the window does (the copy loaded, the pit followed).
func startDirectoryTable(t *testing.T, cfg *config.Config) (*directoryTable, *access.Guard) {
	t.Helper()
	j, err := journal.Open(cfg.Journal.Path, journal.Options{Table: cfg.Table.ID})
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(&testbin.Buffer{}, nil))
	rt := &runningTable{j: j, log: log, cond: &conditions{board: health.NewBoard(log)}}
	ctx, cancel := context.WithCancel(context.Background())
	rt.ctx = ctx
	g, err := rt.guardFor(cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	dt := &directoryTable{rt: rt, stop: func() { cancel(); j.Close() }}
	t.Cleanup(func() { cancel() })
	return dt, g
}

// strip is the table's status strip.
func (d *directoryTable) strip() string { return strings.Join(d.rt.cond.board.Texts(), " | ") }

// try signs in as the operator screen does and journals the attempt.
func (d *directoryTable) try(t *testing.T, g *access.Guard, id, pin string, at time.Time) access.Attempt {
	t.Helper()
	a, _ := g.TryPerson(id, pin, at)
	payload, err := access.Entry{Event: access.EventSignIn, Outcome: a.Outcome, Directory: a.Directory, Wrong: a.Wrong, LockedUntil: a.LockedUntil}.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.rt.j.AppendBatch(journal.Record{Time: at, Kind: journal.KindAccess, Source: journal.SourceOperator,
		Actor: journal.Actor{ID: id}, Reason: "sign-in", Payload: payload}); err != nil {
		t.Fatal(err)
	}
	return a
}

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestDirectoryFromThePitSurvivesBusAndRestart: a table receives the pit's directory over a
// real bus with its own credentials and signs people in by id and PIN; restarted with the bus
// down it signs them in from its copy, with the lockout of an id kept; a damaged copy is on
// the status strip and the copy before it is used; with both damaged, the role PINs.
func TestDirectoryFromThePitSurvivesBusAndRestart(t *testing.T) {
	srv := bustest.Start(t, bus.ServerConfig{
		Tables:   []bus.Credential{{Table: "T1", User: "t1", Password: "secret-1"}},
		Managers: []bus.Credential{{User: "pit", Password: "secret-p"}},
	})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dirs := bustest.Manage(t, srv, "pit", "secret-p")
	if _, err := dirs.Add(ctx, people.Change{ID: "17", Name: "Ana Lima", Role: people.RoleDealer, PIN: "4821"}, "installer"); err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	super, _ := access.HashPIN("9999")
	cfg, err := config.Parse(fmt.Sprintf(`
[table]
id = "T1"
name = "Baccarat 1"
[limits.banker]
min = "25"
max = "5000"
[limits.player]
min = "25"
max = "5000"
[journal]
path = %q
[bus]
urls = [%q]
user = "t1"
password = "secret-1"
[operator]
supervisor_pin_hash = %q
lockout_attempts = 2
`, filepath.Join(dir, "t1.db"), srv.URL(), super))
	if err != nil {
		t.Fatal(err)
	}
	copyPath := directoryCopyPath(cfg, cfg.Journal.Path)
	if copyPath != filepath.Join(dir, "T1.operators") {
		t.Fatalf("copy beside the journal: %s", copyPath)
	}

	// 1. With no copy yet, the role PINs; then the pit's directory arrives and replaces them.
	tbl, g := startDirectoryTable(t, cfg)
	waitUntil(t, "the directory at the table", func() bool { d := g.Directory(); return d != nil && d.Version == 1 })
	now := time.Now()
	if a := tbl.try(t, g, "17", "4821", now); a.Outcome != access.Granted || a.Role != access.Dealer || a.Directory != 1 {
		t.Fatalf("17 with its PIN: %+v", a)
	}
	if a := tbl.try(t, g, "17", "9999", now); a.Outcome != access.WrongPIN {
		t.Fatalf("the role PIN with a directory: %+v", a)
	}
	if _, err := dirs.Add(ctx, people.Change{ID: "4", Name: "Wei Chen", Role: people.RoleSupervisor, PIN: "90210"}, "installer"); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "version 2 at the table", func() bool { return g.Directory().Version == 2 })
	if a := tbl.try(t, g, "17", "0000", now); a.Outcome != access.LockedOut {
		t.Fatalf("second wrong PIN for 17: %+v", a)
	}
	if s := tbl.strip(); s != "" {
		t.Fatalf("status strip with a healthy directory: %q", s)
	}
	tbl.stop()

	// 2. The bus goes down; the table restarts and signs people in from its copy, 17 still
	// locked out.
	srv.Shutdown()
	tbl, g = startDirectoryTable(t, cfg)
	if d := g.Directory(); d == nil || d.Version != 2 {
		t.Fatalf("after a restart with the bus down: directory %+v", d)
	}
	if a := tbl.try(t, g, "4", "90210", now); a.Outcome != access.Granted || a.Role != access.Supervisor {
		t.Fatalf("4 from the copy: %+v", a)
	}
	if a, err := g.TryPerson("17", "4821", now.Add(time.Minute)); a.Outcome != access.Refused || !errors.Is(err, access.ErrLocked) {
		t.Fatalf("17's lockout after the restart: %+v %v", a, err)
	}
	tbl.stop()

	// 3. The newest copy is damaged: the strip says so and the copy before it (version 1) is used.
	b, _ := os.ReadFile(copyPath)
	b[len(b)-3] ^= 0x20
	if err := os.WriteFile(copyPath, b, 0o600); err != nil {
		t.Fatal(err)
	}
	tbl, g = startDirectoryTable(t, cfg)
	if d := g.Directory(); d == nil || d.Version != 1 {
		t.Fatalf("with the newest copy damaged: %+v", d)
	}
	if s := tbl.strip(); !strings.Contains(s, "DAMAGED") || !strings.Contains(s, "version 1") {
		t.Fatalf("status strip: %q", s)
	}
	if a := tbl.try(t, g, "4", "90210", now); a.Outcome != access.UnknownID {
		t.Fatalf("4 is not in version 1: %+v", a)
	}
	tbl.stop()

	// 4. Both damaged: the role PINs of [operator], and the strip says why.
	os.WriteFile(copyPath+".prev", []byte("garbage"), 0o600)
	tbl, g = startDirectoryTable(t, cfg)
	if d := g.Directory(); d != nil {
		t.Fatalf("with both copies damaged: %+v", d)
	}
	if s := tbl.strip(); !strings.Contains(s, "role PINs") {
		t.Fatalf("status strip: %q", s)
	}
	if a := tbl.try(t, g, "anyone", "9999", now); a.Outcome != access.Granted || a.Role != access.Supervisor {
		t.Fatalf("the supervisor's role PIN: %+v", a)
	}
	tbl.stop()
}

// TestDirectoryFromThePitIsCheckedBeforeUse: a version the table cannot read, or older than
// its own, is not used and is on the status strip. Each version used is told to whoever asked
// (the operator screen rechecks who is signed in); one not used is not.
func TestDirectoryFromThePitIsCheckedBeforeUse(t *testing.T) {
	log := slog.New(slog.NewTextHandler(&testbin.Buffer{}, nil))
	board := health.NewBoard(log)
	g, _ := access.NewGuard("", "", 3, time.Minute)
	path := filepath.Join(t.TempDir(), "T1.operators")
	d := newOperatorDirectory(path, board, log)
	d.attach(g)
	var v *people.Directory
	for i := range 2 {
		var err error
		if v, err = v.Add(people.Change{ID: fmt.Sprint(i + 1), Name: "P", Role: people.RoleDealer, PIN: "1234"}, time.Now(), "t"); err != nil {
			t.Fatal(err)
		}
	}
	changes := 0
	d.onChange(func() { changes++ })
	(*operatorDirectory)(nil).onChange(func() {}) // the demo has no directory: nothing to follow
	raw, _ := v.Encode()
	d.got(raw, 2)
	if g.Directory().Version != 2 || changes != 1 {
		t.Fatalf("version 2 not used, or not told (%d)", changes)
	}
	d.got([]byte(`{"schema":1}`), 3)
	if g.Directory().Version != 2 || !strings.Contains(strings.Join(board.Texts(), " "), "unreadable") {
		t.Fatalf("unreadable version: %v %v", g.Directory().Version, board.Texts())
	}
	older := *v
	older.Version = 1
	older.People = older.People[:1]
	raw, _ = older.Encode()
	d.got(raw, 4)
	if g.Directory().Version != 2 || !strings.Contains(strings.Join(board.Texts(), " "), "older") || changes != 1 {
		t.Fatalf("older version: %v %v, told %d times", g.Directory().Version, board.Texts(), changes)
	}
	// The strip words the condition in the table's language (issue 23).
	hant, _ := i18n.New(i18n.TraditionalChinese)
	if _, words := board.Status(); len(words) != 1 || words[0].Key != i18n.WarnDirPitOlder || hant.Say(words[0]) != "操作員名錄：場內發送的第 1 版舊於本檯的第 2 版：保留第 2 版" {
		t.Fatalf("older version, in words: %+v", words)
	}
	raw, _ = v.Encode()
	d.got(raw, 5) // the same version again: all is well
	if len(board.Texts()) != 0 {
		t.Fatalf("strip: %v", board.Texts())
	}
}

// TestDirectoryWatchSaysAFailureOnce: a table that cannot follow the pit's directory says so
// once as a warning (not only at debug level, where nobody sees it, and not every 2 s), and
// says when it follows it again.
func TestDirectoryWatchSaysAFailureOnce(t *testing.T) {
	srv := bustest.Start(t, bus.ServerConfig{
		Tables:   []bus.Credential{{Table: "T1", User: "t1", Password: "secret-1"}},
		Managers: []bus.Credential{{User: "pit", Password: "secret-p"}},
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	js := bustest.AdminJetStream(t, srv)
	if err := js.DeleteKeyValue(ctx, bus.DirectoryBucket); err != nil {
		t.Fatal(err)
	}

	var out testbin.Buffer
	log := slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelDebug}))
	g, err := access.NewGuard("", "", 3, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	d := newOperatorDirectory(filepath.Join(t.TempDir(), "T1.operators"), health.NewBoard(log), log)
	d.attach(g)
	wctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		d.watch(wctx, bus.ConnConfig{URLs: []string{srv.URL()}, User: "t1", Password: "secret-1", InboxPrefix: bus.TableInbox("T1")})
	}()
	defer func() { stop(); <-done }()

	const warned = "level=WARN msg=\"operator directory: not following the pit's"
	waitUntil(t, "a warning and two retries", func() bool {
		return strings.Count(out.String(), "level=DEBUG msg=\"operator directory:") >= 2
	})
	if n := strings.Count(out.String(), warned); n != 1 {
		t.Fatalf("%d warnings for one failure (want 1):\n%s", n, out.String())
	}

	if _, err := bus.EnsureDirectoryBucket(ctx, js.Conn(), 1); err != nil {
		t.Fatal(err)
	}
	if _, err := bustest.Manage(t, srv, "pit", "secret-p").Add(ctx, people.Change{ID: "17", Name: "Ana Lima", Role: people.RoleDealer, PIN: "4821"}, "installer"); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if t.Failed() {
			t.Log(out.String())
		}
	}()
	waitUntil(t, "the directory at the table", func() bool { d := g.Directory(); return d != nil && d.Version == 1 })
	if s := out.String(); !strings.Contains(s, "following the pit's again") || strings.Count(s, warned) != 1 {
		t.Fatalf("after the pit's directory came back:\n%s", s)
	}
}
