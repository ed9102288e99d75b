package crashtest

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "modernc.org/sqlite" // to edit a journal and to make a foreign SQLite file
)

// journalSuffixes are the files of a journal: the database, its write-ahead log and index,
// and the head file (app/journal.HeadSuffix).
var journalSuffixes = []string{"", "-wal", "-shm", "-head"}

// killedTable runs the demo table until its journal holds at least records records, kills it
// with SIGKILL and returns the journal's path: what a crash leaves, the newest records in the
// write-ahead log.
func killedTable(t *testing.T, records int64) string {
	t.Helper()
	data := t.TempDir()
	journal := filepath.Join(data, "live.db")
	p := table(t, data, journal, filepath.Join(data, "live.jsonl"), simSpeed)
	deadline := time.Now().Add(60 * time.Second)
	for {
		time.Sleep(500 * time.Millisecond)
		out, err := cli(t, data, "audit", "verify", "--db", journal, "--json")
		var rep struct {
			LastSeq int64 `json:"last_seq"`
		}
		if err == nil && json.Unmarshal(out, &rep) == nil && rep.LastSeq >= records {
			if liveFrames(t, journal+"-wal") >= 4 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the table did not write %d records within 60 s (%v); stderr:\n%s", records, err, p.Stderr)
		}
	}
	p.Kill(t)
	return journal
}

// copyJournalTo copies the journal's files to a new directory and returns the copy's path.
func copyJournalTo(t *testing.T, journal string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "table.db")
	for _, ext := range journalSuffixes {
		copyFile(t, journal+ext, dst+ext)
	}
	return dst
}

// journalBytes reads the journal's files that exist and are not empty.
func journalBytes(t *testing.T, journal string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, ext := range journalSuffixes {
		b, err := os.ReadFile(journal + ext)
		if err == nil && len(b) > 0 {
			out[ext] = b
		} else if err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}
	return out
}

// startRefused starts the table on journal and requires it to refuse: exit non-zero within
// 20 s, without a screen, with a message on standard error that contains every one of want.
func startRefused(t *testing.T, journal string, want ...string) string {
	t.Helper()
	data := filepath.Dir(journal)
	cmd := exec.Command(bin, "--headless", "--demo", "--journal", journal, "--sim-speed", fmt.Sprint(simSpeed), "--trace", "-")
	cmd.Env = env(data)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	p := startProc(t, cmd)
	err := p.Wait(t, 20*time.Second)
	msg := p.Stderr.String()
	if err == nil {
		t.Fatalf("the table started on the damaged journal and exited 0; stderr:\n%s", msg)
	}
	if stdout.Len() > 0 {
		t.Errorf("the table showed a screen on the damaged journal: %.200s", stdout.String())
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("the refusal does not say %q:\n%s", w, msg)
		}
	}
	return msg
}

// quarantined is the one quarantine directory beside journal.
func quarantined(t *testing.T, journal string) string {
	t.Helper()
	dirs, err := filepath.Glob(journal + ".damaged-*")
	if err != nil || len(dirs) != 1 {
		t.Fatalf("quarantine directories beside %s: %q (%v)", journal, dirs, err)
	}
	return dirs[0]
}

// keptByteForByte checks that dir holds the journal's files as they were (want).
func keptByteForByte(t *testing.T, journal string, want map[string][]byte, dir string) {
	t.Helper()
	for ext, b := range want {
		got, err := os.ReadFile(filepath.Join(dir, filepath.Base(journal)+ext))
		if err != nil {
			t.Errorf("quarantine lacks %s: %v", filepath.Base(journal)+ext, err)
			continue
		}
		if !bytes.Equal(got, b) {
			t.Errorf("quarantine copy of %s differs from the file as it was (%d bytes, was %d)", filepath.Base(journal)+ext, len(got), len(b))
		}
	}
}

// editRecord changes the reason of record seq in a journal (leaving its hash).
func editRecord(t *testing.T, journal string, seq int64) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+journal)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	res, err := db.Exec("UPDATE records SET reason = 'edited' WHERE seq = ?", seq)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("record %d is not in the journal", seq)
	}
}

// xorByte flips bits of one byte of a file.
func xorByte(t *testing.T, path string, off int64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[off] ^= 0x5a
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestDamagedJournalIsRefusedAndKept (issue 21, item 3) kills the real table while it deals,
// damages the journal it left in each way an adversarial tester did, and starts the table on
// it: the table must refuse to play, say what was lost and how to recover, and keep the
// journal's files byte for byte in a quarantine directory; `audit verify` must fail too.
// Nothing committed is silently lost.
func TestDamagedJournalIsRefusedAndKept(t *testing.T) {
	live := killedTable(t, 1200)
	cutHalf := func(path string) {
		if err := os.Truncate(path, frameOffset(liveFrames(t, path)/2)); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name   string
		damage func(journal string)
		want   string
	}{
		{"WAL header damaged", func(j string) { xorByte(t, j+"-wal", 12) }, "are missing"},
		{"WAL deleted", func(j string) { os.Remove(j + "-wal"); os.Remove(j + "-shm") }, "are missing"},
		{"database truncated to 0", func(j string) { os.Truncate(j, 0) }, "the database file is empty (0 bytes)"},
		{"database truncated to 0, WAL deleted", func(j string) { os.Truncate(j, 0); os.Remove(j + "-wal") }, "the database file is empty (0 bytes)"},
		{"WAL damaged in the middle", func(j string) { xorByte(t, j+"-wal", frameOffset(liveFrames(t, j+"-wal")/2)+24+200) }, "are missing"},
		{"WAL cut in half", func(j string) { cutHalf(j + "-wal") }, "are missing"},
		{"record 2 edited", func(j string) { editRecord(t, j, 2) }, "record 2: contents do not match its hash"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			journal := copyJournalTo(t, live)
			tc.damage(journal)
			before := journalBytes(t, journal)
			msg := startRefused(t, journal, journal, "damaged", tc.want, "To recover")
			dir := quarantined(t, journal)
			if !strings.Contains(msg, dir) {
				t.Errorf("the refusal does not name the quarantine %s:\n%s", dir, msg)
			}
			keptByteForByte(t, journal, before, dir)
			// A second start refuses again and keeps the same copy.
			startRefused(t, journal, "damaged")
			quarantined(t, journal)
			if err := auditVerify(t, filepath.Dir(journal), filepath.Join(dir, "table.db")); err == nil {
				t.Error("audit verify of the quarantined copy passes")
			}
			t.Logf("refused: %s", lastLine(msg))
		})
	}
}

// TestForeignAndDirectoryJournal: an SQLite file that is not a coupboard journal is refused
// with the reason and left unchanged; a directory as the journal gets a message naming it.
func TestForeignAndDirectoryJournal(t *testing.T) {
	data := t.TempDir()
	foreign := filepath.Join(data, "photos.db")
	db, err := sql.Open("sqlite", "file:"+foreign)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE photos (name TEXT, taken INTEGER); INSERT INTO photos VALUES ('a', 1)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	before := journalBytes(t, foreign)
	startRefused(t, foreign, foreign, "not a coupboard journal", "photos")
	after := journalBytes(t, foreign)
	if !bytes.Equal(before[""], after[""]) {
		t.Error("the foreign SQLite file was changed")
	}
	if _, err := cli(t, data, "audit", "verify", "--db", foreign); err == nil || !strings.Contains(err.Error(), "not a coupboard journal") {
		t.Errorf("audit verify of a foreign file: %v", err)
	}
	dir := filepath.Join(data, "journals")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	startRefused(t, dir, dir, "is a directory")
	if _, err := cli(t, data, "audit", "verify", "--db", dir); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("audit verify of a directory: %v", err)
	}
}

// frameOffset is where frame i (from 0) of a write-ahead log of 4 KiB pages starts.
func frameOffset(i int64) int64 { return 32 + i*(24+4096) }

// liveFrames counts the frames at the start of the write-ahead log at path that belong to its
// current generation (their salts are the header's): after a checkpoint SQLite writes the log
// again from its start, and the frames of the previous generation beyond are no longer read.
func liveFrames(t *testing.T, path string) int64 {
	t.Helper()
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 32 {
		return 0
	}
	salts := b[16:24]
	var n int64
	for off := frameOffset(0); off+24+4096 <= int64(len(b)); off = frameOffset(n) {
		if !bytes.Equal(b[off+8:off+16], salts) {
			break
		}
		n++
	}
	return n
}

// lastLine is the last line of s.
func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	return s[strings.LastIndexByte(s, '\n')+1:]
}

// acceptLoss runs `coupboard journal accept-loss` on journal as supervisor 4 with PIN 9999
// (the role PIN of a configuration written beside it) and returns its output.
func acceptLoss(t *testing.T, journal string) (string, error) {
	t.Helper()
	data := filepath.Dir(journal)
	cfg := filepath.Join(data, "table.toml")
	pinHash := strings.TrimSpace(string(mustPINHash(t, "9999")))
	c := fmt.Sprintf("[table]\nid = \"demo\"\nname = \"Baccarat 1\"\ncasino = \"crashtest\"\ncurrency = \"AUD\"\n\n[game]\nprofile = \"vic-baccarat-2002\"\n\n"+
		"[limits.player]\nmin = \"25\"\nmax = \"5000\"\nmultiple = \"5\"\n\n[limits.banker]\nmin = \"25\"\nmax = \"5000\"\nmultiple = \"5\"\n\n"+
		"[shoe]\nport = \"sim\"\n\n[journal]\npath = %q\n\n[operator]\nsupervisor_pin_hash = %q\n", journal, pinHash)
	if err := os.WriteFile(cfg, []byte(c), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "journal", "accept-loss", "--config", cfg)
	cmd.Env = env(data)
	cmd.Stdin = strings.NewReader("4\n9999\nWAL lost; coups checked with surveillance\nACCEPT\n")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// mustPINHash is `coupboard pin-hash` of pin.
func mustPINHash(t *testing.T, pin string) []byte {
	t.Helper()
	cmd := exec.Command(bin, "pin-hash")
	cmd.Stdin = strings.NewReader(pin + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pin-hash: %v", err)
	}
	return out
}

// TestAcceptedLossPlaysOn (issue 21): the real table killed while it deals, its journal
// damaged, refused; a supervisor accepts a loss from the journal's end with the real
// command, and the table plays on the surviving records and says so, while audit verify
// and export name the loss; damage inside the chain cannot be accepted.
func TestAcceptedLossPlaysOn(t *testing.T) {
	live := killedTable(t, 400)
	tests := []struct {
		name   string
		damage func(journal string)
		accept bool
		want   string // in accept-loss's output
	}{
		{"WAL deleted", func(j string) { os.Remove(j + "-wal"); os.Remove(j + "-shm") }, true, "loss accepted: records"},
		{"WAL cut in half", func(j string) {
			if err := os.Truncate(j+"-wal", frameOffset(liveFrames(t, j+"-wal")/2)); err != nil {
				t.Fatal(err)
			}
		}, true, "loss accepted: records"},
		{"record 2 edited", func(j string) { editRecord(t, j, 2) }, false, "the chain is broken inside the journal, not at its end (record 2: contents do not match its hash"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			journal := copyJournalTo(t, live)
			tc.damage(journal)
			before := journalBytes(t, journal)
			startRefused(t, journal, "damaged", "accept-loss")
			dir := quarantined(t, journal)
			out, err := acceptLoss(t, journal)
			if !strings.Contains(out, tc.want) || (err == nil) != tc.accept {
				t.Fatalf("accept-loss: %v\n%s", err, out)
			}
			keptByteForByte(t, journal, before, dir)
			if !tc.accept {
				startRefused(t, journal, "damaged")
				return
			}
			if got := quarantined(t, journal); got != dir {
				t.Errorf("quarantine %s, then %s", dir, got)
			}
			v, err := cli(t, filepath.Dir(journal), "audit", "verify", "--db", journal)
			if err != nil || !strings.Contains(string(v), "LOSS ACCEPTED: records") || !strings.Contains(string(v), "by supervisor 4") {
				t.Fatalf("audit verify after the acceptance: %v\n%s", err, v)
			}
			s, p := firstScreen(t, filepath.Dir(journal), journal, simSpeed)
			found := false
			for _, e := range s.Status.Errors {
				found = found || strings.Contains(e, "the loss accepted by supervisor 4")
			}
			if !found {
				t.Errorf("the table's first screen does not name the accepted loss: %q", s.Status.Errors)
			}
			p.Kill(t)
			t.Logf("%s", lastLine(out))
		})
	}
}
