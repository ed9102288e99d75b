package backup

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/health"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/internal/bustest"
)

// startPit is a pit server with credentials for tables BAC-07 and BAC-08 and their backup
// buckets (maxBytes each), as pitserver makes them.
func startPit(t *testing.T, maxBytes int64) *bus.Server {
	t.Helper()
	srv, _ := bustest.StartWithBackups(t, maxBytes, "BAC-07", "BAC-08")
	return srv
}

// pitEnv is table BAC-07 with its journal at jpath, backup.dir dest ("" none), backup.pit on,
// and the bus at url with BAC-07's credentials.
func pitEnv(jpath, dest, url string, keep int) Env {
	return Env{
		Load: func(string) (*config.Config, string, error) {
			c := config.Defaults()
			c.Table.ID, c.Journal.Path = "BAC-07", jpath
			c.Backup = config.Backup{Dir: dest, Keep: keep, Pit: true}
			c.Bus.URLs, c.Bus.User, c.Bus.Password = []string{url}, "BAC-07", "secret-BAC-07"
			return c, "/etc/coupboard/coupboard.toml", nil
		},
		Now: func() time.Time { return day.Add(6 * time.Hour) },
	}
}

func journalHead(t *testing.T, path string) (int64, journal.Hash) {
	t.Helper()
	j, err := journal.Open(path, journal.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	return j.Head()
}

func TestBackupToThePitAndRestoreFromIt(t *testing.T) {
	srv := startPit(t, 0)
	jpath := filepath.Join(t.TempDir(), "BAC-07.db")
	newJournal(t, jpath, "BAC-07", 12)
	var out, errw bytes.Buffer

	// Three nights with backup.keep = 2: the pit keeps the newest two days.
	for _, d := range []string{"2026-11-23", "2026-11-24", "2026-11-25"} {
		out.Reset()
		if err := Run([]string{"--day", d}, nil, &out, &errw, pitEnv(jpath, "", srv.URL(), 2)); err != nil {
			t.Fatalf("backup of %s: %v (%s)", d, err, errw.String())
		}
	}
	if want := "copied the backup of 2026-11-25 (24 records, "; !strings.Contains(out.String(), want) ||
		!strings.Contains(out.String(), "to the pit's bucket BACKUP_BAC-07; removed 1 older copies there") {
		t.Fatalf("backup said %q, want %q… and the pruning", out.String(), want)
	}
	if st := readStatus(t, jpath); !st.OK || !strings.Contains(st.Dest, "the pit (nats://") {
		t.Fatalf("status %+v", st)
	}
	out.Reset()
	if err := Run([]string{"--day", "2026-11-25"}, nil, &out, &errw, pitEnv(jpath, "", srv.URL(), 2)); err != nil ||
		!strings.Contains(out.String(), "already holds the backup of 2026-11-25") {
		t.Fatalf("second backup of the same day: %v %q", err, out.String())
	}
	ents, _ := os.ReadDir(filepath.Dir(jpath))
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".pit-backup-") {
			t.Errorf("temporary copy left behind: %s", e.Name())
		}
	}

	// A new box: no journal; restore fetches the newest day, checked, and the table's head is
	// the old box's.
	newBox := filepath.Join(t.TempDir(), "BAC-07.db")
	env := pitEnv(newBox, "", srv.URL(), 2)
	out.Reset()
	if err := Restore([]string{"--from-pit"}, nil, &out, &errw, env); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "fetched BAC-07-2026-11-25.db from the pit's bucket BACKUP_BAC-07") ||
		!strings.Contains(out.String(), "SHA-256 checked") ||
		!strings.Contains(out.String(), "restored the pit's BAC-07-2026-11-25.db to "+newBox+": 24 records, hash chain verified") {
		t.Fatalf("restore said %q", out.String())
	}
	wantSeq, wantHash := journalHead(t, jpath)
	if seq, h := journalHead(t, newBox); seq != wantSeq || h != wantHash {
		t.Fatalf("restored head %d %x, want %d %x", seq, h, wantSeq, wantHash)
	}
	// Never over a journal, and nothing fetched for it.
	err := Restore([]string{"--from-pit", "--day", "2026-11-24"}, nil, &out, &errw, env)
	if err == nil || !strings.Contains(err.Error(), "restore never writes over a journal") {
		t.Fatalf("restore over a journal: %v", err)
	}
	// A named day, on another box; a day the pit no longer holds is named with those it does.
	other := filepath.Join(t.TempDir(), "BAC-07.db")
	out.Reset()
	if err := Restore([]string{"--from-pit", "--day", "2026-11-24"}, nil, &out, &errw, pitEnv(other, "", srv.URL(), 2)); err != nil ||
		!strings.Contains(out.String(), "fetched BAC-07-2026-11-24.db") {
		t.Fatalf("restore of a named day: %v %q", err, out.String())
	}
	err = Restore([]string{"--from-pit", "--day", "2026-11-23"}, nil, &out, &errw, pitEnv(filepath.Join(t.TempDir(), "x.db"), "", srv.URL(), 2))
	if err == nil || !strings.Contains(err.Error(), "holds no backup of 2026-11-23 (it holds: 2026-11-24, 2026-11-25)") {
		t.Fatalf("restore of a pruned day: %v", err)
	}
	for _, dir := range []string{filepath.Dir(newBox), filepath.Dir(other)} {
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".from-pit") {
				t.Errorf("fetched copy left behind: %s/%s", dir, e.Name())
			}
		}
	}
}

func TestBackupToDirAndPit(t *testing.T) {
	srv := startPit(t, 0)
	jpath := filepath.Join(t.TempDir(), "BAC-07.db")
	newJournal(t, jpath, "BAC-07", 3)
	dest := t.TempDir()
	var out, errw bytes.Buffer
	if err := Run(nil, nil, &out, &errw, pitEnv(jpath, dest, srv.URL(), 30)); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "backed up ") || !strings.HasPrefix(lines[1], "copied the backup of 2026-11-25 (6 records") {
		t.Fatalf("backup said %q", out.String())
	}
	if st := readStatus(t, jpath); !st.OK || st.Dest != dest+" and the pit ("+srv.URL()+")" {
		t.Fatalf("status %+v", st)
	}
	// --no-pit leaves the pit alone.
	out.Reset()
	if err := Run([]string{"--no-pit", "--day", "2026-11-24"}, nil, &out, &errw, pitEnv(jpath, dest, srv.URL(), 30)); err != nil || strings.Contains(out.String(), "pit") {
		t.Fatalf("--no-pit: %v %q", err, out.String())
	}
}

// forgeDigest rewrites the description of BAC-07's object name, as the pit's administrator,
// with a checksum that is not its data's.
func forgeDigest(t *testing.T, srv *bus.Server, name string) {
	t.Helper()
	js := bustest.AdminJetStream(t, srv)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	obs, err := js.ObjectStore(ctx, bus.BackupBucket("BAC-07"))
	if err != nil {
		t.Fatal(err)
	}
	info, err := obs.GetInfo(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	info.Digest = "SHA-256=" + base64.URLEncoding.EncodeToString(make([]byte, 32))
	data, err := json.Marshal(info)
	if err != nil {
		t.Fatal(err)
	}
	m := nats.NewMsg("$O." + bus.BackupBucket("BAC-07") + ".M." + base64.URLEncoding.EncodeToString([]byte(name)))
	m.Header.Set(jetstream.MsgRollup, jetstream.MsgRollupSubject)
	m.Data = data
	if _, err := js.PublishMsg(ctx, m); err != nil {
		t.Fatal(err)
	}
}

func TestRestoreFromThePitChecksTheChecksum(t *testing.T) {
	srv := startPit(t, 0)
	jpath := filepath.Join(t.TempDir(), "BAC-07.db")
	newJournal(t, jpath, "BAC-07", 5)
	var out, errw bytes.Buffer
	if err := Run(nil, nil, &out, &errw, pitEnv(jpath, "", srv.URL(), 30)); err != nil {
		t.Fatal(err)
	}
	forgeDigest(t, srv, "BAC-07-2026-11-25.db")
	newBox := filepath.Join(t.TempDir(), "BAC-07.db")
	err := Restore([]string{"--from-pit"}, nil, &out, &errw, pitEnv(newBox, "", srv.URL(), 30))
	if err == nil || !strings.Contains(err.Error(), "digests do not match") {
		t.Fatalf("restore of an object whose checksum is wrong: %v", err)
	}
	ents, _ := os.ReadDir(filepath.Dir(newBox))
	if len(ents) != 0 {
		t.Fatalf("a refused restore left %v", ents)
	}
}

// statusStrip is what the table's status strip and log say of the backup's status file.
func statusStrip(t *testing.T, jpath string) (strip []string, log string) {
	t.Helper()
	var buf bytes.Buffer
	b := health.NewBoard(slog.New(slog.NewTextHandler(&buf, nil)))
	health.CheckBackup(b, health.BackupStatusPath(jpath, "BAC-07"), day.Add(7*time.Hour))
	return b.Texts(), buf.String()
}

func TestPitBackupFullOrNoPitServer(t *testing.T) {
	srv := startPit(t, 32<<10)
	jpath := filepath.Join(t.TempDir(), "BAC-07.db")
	newJournal(t, jpath, "BAC-07", 40)
	var out, errw bytes.Buffer
	err := Run(nil, nil, &out, &errw, pitEnv(jpath, "", srv.URL(), 30))
	if err == nil || !strings.Contains(err.Error(), "the pit's backup bucket is full") || !strings.Contains(err.Error(), "max_mib") {
		t.Fatalf("backup to a full bucket: %v", err)
	}
	t.Log(err)
	// The strip says the cause first (its room ends after ~60 characters); the log has all.
	strip, log := statusStrip(t, jpath)
	if len(strip) != 1 || !strings.HasPrefix(strip[0], "journal backup failed Nov 26 02:00: pit bucket full") ||
		!strings.Contains(log, "bucket is full") || !strings.Contains(log, "max_mib") || !strings.Contains(log, "put BAC-07-") {
		t.Fatalf("full bucket: strip %q, log %q", strip, log)
	}

	// No pit server at the URL.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "nats://" + ln.Addr().String()
	ln.Close()
	err = Run([]string{"--pit-timeout", "2s"}, nil, &out, &errw, pitEnv(jpath, "", dead, 30))
	if err == nil || !strings.Contains(err.Error(), "no pit server reachable at "+dead) {
		t.Fatalf("backup with no pit server: %v", err)
	}
	if strip, log := statusStrip(t, jpath); len(strip) != 1 || !strings.HasPrefix(strip[0], "journal backup failed Nov 26 02:00: no pit server") || !strings.Contains(log, "no pit server reachable at "+dead) {
		t.Fatalf("no pit server: strip %q, log %q", strip, log)
	}
	err = Restore([]string{"--from-pit", "--pit-timeout", "2s"}, nil, &out, &errw, pitEnv(filepath.Join(t.TempDir(), "BAC-07.db"), "", dead, 30))
	if err == nil || !strings.Contains(err.Error(), "no pit server reachable") {
		t.Fatalf("restore with no pit server: %v", err)
	}
}
