package backup

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/health"
	"github.com/coupboard/coupboard/app/journal"
)

// day is the day the test journal's coups were dealt (local time).
var day = time.Date(2026, 11, 25, 20, 0, 0, 0, time.Local)

// newJournal writes a journal of table at path: n coups of shoe 1 on day, one a minute (each
// an input and a round record), and closes it.
func newJournal(t *testing.T, path, table string, n int) {
	t.Helper()
	j, err := journal.Open(path, journal.Options{Table: table})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	for i := 1; i <= n; i++ {
		at := day.Add(time.Duration(i) * time.Minute)
		r := journal.Round{N: i, Shoe: 1, Player: []string{"AS", "7D"}, Banker: []string{"TD", "6C"}, PlayerTotal: 8, BankerTotal: 6,
			Winner: "P", Natural: true, Kind: journal.RoundNormal, Source: journal.SourceShoe}
		p, err := r.Payload()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := j.AppendBatch(
			journal.Record{Time: at, Kind: journal.KindShoe, Source: journal.SourceShoe, Shoe: 1, Payload: []byte(`{"card":"AS"}`)},
			journal.Record{Time: at, Kind: journal.KindRound, Source: journal.SourceShoe, Shoe: 1, Payload: p}); err != nil {
			t.Fatal(err)
		}
	}
}

// testEnv is a table BAC-07 whose journal is at jpath and whose backup.dir is dest.
func testEnv(jpath, dest string, keep int) Env {
	return Env{
		Load: func(string) (*config.Config, string, error) {
			c := config.Defaults()
			c.Table.ID, c.Journal.Path, c.Backup = "BAC-07", jpath, config.Backup{Dir: dest, Keep: keep}
			return c, "/etc/coupboard/coupboard.toml", nil
		},
		Now: func() time.Time { return day.Add(6 * time.Hour) }, // the night after
	}
}

func readStatus(t *testing.T, jpath string) health.BackupStatus {
	t.Helper()
	data, err := os.ReadFile(health.BackupStatusPath(jpath, "BAC-07"))
	if err != nil {
		t.Fatal(err)
	}
	var st health.BackupStatus
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

func TestBackupAndRestore(t *testing.T) {
	jpath := filepath.Join(t.TempDir(), "BAC-07.db")
	newJournal(t, jpath, "BAC-07", 12)
	dest := t.TempDir()
	var out, errw bytes.Buffer
	if err := Run(nil, nil, &out, &errw, testEnv(jpath, dest, 30)); err != nil {
		t.Fatalf("%v\n%s", err, errw.String())
	}
	base := filepath.Join(dest, "BAC-07", "BAC-07-2026-11-25")
	for _, f := range []string{base + ".db", base + ".db" + journal.HeadSuffix, base + ".csv"} {
		if fi, err := os.Stat(f); err != nil || fi.Mode().Perm() != 0o640 {
			t.Errorf("%s: %v, %v (want mode 0640)", f, fi.Mode(), err)
		}
	}
	if !strings.Contains(out.String(), "(24 records)") {
		t.Errorf("output %q", out.String())
	}
	csv, _ := os.ReadFile(base + ".csv")
	if n := strings.Count(string(csv), "\n"); n != 13 { // header and 12 coups
		t.Errorf("the day's CSV has %d lines:\n%s", n, csv)
	}
	if st := readStatus(t, jpath); !st.OK || st.Dest != dest {
		t.Errorf("status %+v", st)
	}
	// Again the same night: nothing copied twice.
	out.Reset()
	if err := Run(nil, nil, &out, &errw, testEnv(jpath, dest, 30)); err != nil || !strings.Contains(out.String(), "already holds") {
		t.Errorf("second run: %v %q", err, out.String())
	}

	// Restore onto a new box: the journal comes back whole; the table opens it as its own.
	target := filepath.Join(t.TempDir(), "lib", "BAC-07.db")
	out.Reset()
	if err := Restore([]string{"--from", base + ".db"}, nil, &out, &errw, testEnv(target, "", 0)); err != nil {
		t.Fatalf("restore: %v", err)
	}
	if !strings.Contains(out.String(), "24 records, hash chain verified") {
		t.Errorf("restore said %q", out.String())
	}
	j, err := journal.Open(target, journal.Options{Table: "BAC-07"})
	if err != nil {
		t.Fatalf("the table cannot open the restored journal: %v", err)
	}
	if s := j.Startup(); s.Damaged() || len(s.Warnings) > 0 || s.CommittedSeq != 24 {
		t.Errorf("restored journal's startup %+v", s)
	}
	if seq, _ := j.Head(); seq != 24 {
		t.Errorf("restored head %d", seq)
	}
	j.Close()

	// Never over a journal: the live one, or one restored before.
	err = Restore([]string{"--from", base + ".db"}, nil, &out, &errw, testEnv(jpath, "", 0))
	if err == nil || !strings.Contains(err.Error(), "refused: "+jpath+" exists") {
		t.Errorf("restore over the live journal: %v", err)
	}
	// Another table's backup is not this table's journal.
	other := filepath.Join(t.TempDir(), "BAC-09.db")
	newJournal(t, other, "BAC-09", 2)
	err = Restore([]string{"--from", other}, nil, &out, &errw, testEnv(filepath.Join(t.TempDir(), "x.db"), "", 0))
	if err == nil || !strings.Contains(err.Error(), "it is the journal of table BAC-09, not of this box's table BAC-07") {
		t.Errorf("restore of another table's journal: %v", err)
	}
}

// A backup whose records were changed is refused by the chain check, naming the record.
func TestRestoreRefusesABrokenChain(t *testing.T) {
	src := filepath.Join(t.TempDir(), "BAC-07.db")
	newJournal(t, src, "BAC-07", 5)
	db, err := sql.Open("sqlite", "file:"+src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE records SET payload = '{"card":"KS"}' WHERE seq = 3`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	target := filepath.Join(t.TempDir(), "BAC-07.db")
	var out, errw bytes.Buffer
	err = Restore([]string{"--from", src}, nil, &out, &errw, testEnv(target, "", 0))
	if err == nil || !strings.Contains(err.Error(), "refused: backup ") || !strings.Contains(err.Error(), "record 3") {
		t.Errorf("got %v", err)
	}
	if _, err := os.Stat(target); err == nil {
		t.Error("a broken backup was restored")
	}
}

func TestBackupFailures(t *testing.T) {
	jpath := filepath.Join(t.TempDir(), "BAC-07.db")
	newJournal(t, jpath, "BAC-07", 3)
	notDir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errw bytes.Buffer
	err := Run(nil, nil, &out, &errw, testEnv(jpath, notDir, 30))
	if err == nil || !strings.Contains(err.Error(), "is the backup disk mounted?") {
		t.Fatalf("got %v", err)
	}
	if st := readStatus(t, jpath); st.OK || !strings.Contains(st.Error, "not a directory") {
		t.Errorf("status %+v", st)
	}
	// No backup.dir: nothing to do, no status.
	jpath2 := filepath.Join(t.TempDir(), "BAC-07.db")
	newJournal(t, jpath2, "BAC-07", 1)
	out.Reset()
	if err := Run(nil, nil, &out, &errw, testEnv(jpath2, "", 30)); err != nil || !strings.Contains(out.String(), "nothing backed up") {
		t.Errorf("no dir: %v %q", err, out.String())
	}
	if _, err := os.Stat(health.BackupStatusPath(jpath2, "BAC-07")); err == nil {
		t.Error("a status file without a backup")
	}
}

// A backup disk that fills up: a real file system of 192 KiB (tmpfs; needs root, skipped
// otherwise). The backup fails with the disk's reason, leaves no partial copy, and says so in
// the status file the table shows.
func TestBackupDiskFull(t *testing.T) {
	dest := t.TempDir()
	if err := unix.Mount("tmpfs", dest, "tmpfs", 0, "size=192k"); err != nil {
		t.Skipf("cannot mount a small tmpfs (%v): run as root", err)
	}
	defer func() {
		if err := unix.Unmount(dest, 0); err != nil {
			t.Error(err)
		}
	}()
	jpath := filepath.Join(t.TempDir(), "BAC-07.db")
	newJournal(t, jpath, "BAC-07", 400) // about 400 KiB
	var out, errw bytes.Buffer
	err := Run(nil, nil, &out, &errw, testEnv(jpath, dest, 30))
	if err == nil {
		t.Fatalf("a backup larger than the disk succeeded: %s", out.String())
	}
	st := readStatus(t, jpath)
	if st.OK || !(strings.Contains(st.Error, "full") || strings.Contains(st.Error, "no space")) {
		t.Errorf("status %+v", st)
	}
	ls, _ := exec.Command("ls", "-la", filepath.Join(dest, "BAC-07")).CombinedOutput()
	if ents, _ := os.ReadDir(filepath.Join(dest, "BAC-07")); len(ents) != 0 {
		t.Errorf("left behind:\n%s", ls)
	}
	b := health.NewBoard(slog.New(slog.NewTextHandler(io.Discard, nil)))
	health.CheckBackup(b, health.BackupStatusPath(jpath, "BAC-07"), day.Add(7*time.Hour))
	if txt := b.Texts(); len(txt) != 1 || !strings.HasPrefix(txt[0], "journal backup failed") {
		t.Errorf("the table would show %q", txt)
	}
}

func TestPruneKeeps(t *testing.T) {
	jpath := filepath.Join(t.TempDir(), "BAC-07.db")
	newJournal(t, jpath, "BAC-07", 2)
	dest := t.TempDir()
	var out, errw bytes.Buffer
	for _, d := range []string{"2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"} {
		out.Reset()
		if err := Run([]string{"--day", d}, nil, &out, &errw, testEnv(jpath, dest, 2)); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(out.String(), "removed 1 older copies") {
		t.Errorf("last run: %q", out.String())
	}
	ents, _ := os.ReadDir(filepath.Join(dest, "BAC-07"))
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	want := "BAC-07-2026-11-23.csv BAC-07-2026-11-23.db BAC-07-2026-11-23.db-head BAC-07-2026-11-24.csv BAC-07-2026-11-24.db BAC-07-2026-11-24.db-head"
	if strings.Join(names, " ") != want {
		t.Errorf("kept %v", names)
	}
	if err := Run([]string{"--day", "25/11"}, nil, &out, &errw, testEnv(jpath, dest, 2)); err == nil {
		t.Error("a bad --day accepted")
	}
}
