package journal

import (
	"bytes"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readFiles reads the journal's files (those present), by suffix.
func readFiles(t testing.TB, path string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, ext := range journalFiles {
		b, err := os.ReadFile(path + ext)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		out[ext] = b
	}
	return out
}

// sameFiles checks that dir holds exactly the files of the journal at path in want, byte for
// byte (an empty -wal or -shm file is the same as none to SQLite, and need not be copied).
func sameFiles(t testing.TB, path string, want map[string][]byte, dir string) {
	t.Helper()
	if dir == "" {
		t.Fatal("no quarantine directory")
	}
	base := filepath.Base(path)
	for _, ext := range journalFiles {
		got, err := os.ReadFile(filepath.Join(dir, base+ext))
		w, ok := want[ext]
		if ok && len(w) == 0 && (ext == "-wal" || ext == "-shm") && errors.Is(err, os.ErrNotExist) {
			continue
		}
		switch {
		case !ok && errors.Is(err, os.ErrNotExist):
		case !ok:
			t.Errorf("quarantine has %s%s, which the journal did not have", base, ext)
		case err != nil:
			t.Errorf("quarantine lacks %s%s: %v", base, ext, err)
		case !bytes.Equal(got, w):
			t.Errorf("quarantine copy of %s%s differs from the file as it was (%d bytes, was %d)", base, ext, len(got), len(w))
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "DAMAGE.txt")); err != nil {
		t.Errorf("quarantine: %v", err)
	}
}

// killedJournal writes records into a journal and copies its files while it is still open:
// what a kill -9 leaves (every committed record in the write-ahead log, synced). It returns
// the copy's path and the number of records.
func killedJournal(t *testing.T, shoes, rounds int) (string, int64) {
	t.Helper()
	j, path := openTemp(t, Options{})
	recs := fillShoes(t, j, shoes, rounds)
	cp := copyJournal(t, path)
	if fi, err := os.Stat(cp + "-wal"); err != nil || fi.Size() == 0 {
		t.Fatalf("no write-ahead log with the records: %v", err)
	}
	return cp, int64(len(recs))
}

// walFrame is the offset of frame i (0-based) in a write-ahead log of 4 KiB pages.
func walFrame(i int) int64 { return 32 + int64(i)*(24+4096) }

// walFrames is the number of frames in the log file at path.
func walFrames(t *testing.T, path string) int {
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return int((fi.Size() - 32) / (24 + 4096))
}

// TestDamageIsNeverSilent corrupts the files a kill -9 left in every way the adversarial
// tester did (issue 21, item 3) and checks that nothing committed is silently lost: the
// journal opens with every record, or Open refuses it with a *DamageError naming what was
// lost and keeps the files byte for byte in its quarantine directory.
// damageCase is one way of damaging a killed journal of 400 records (killedJournal(t, 5, 40)).
type damageCase struct {
	name   string
	damage func(t *testing.T, path string)
	want   string // in the refusal
}

// damageCases are the ways the damage suite damages a journal (TestDamageIsNeverSilent,
// TestAcceptLossOfTheDamageSuite).
func damageCases() []damageCase {
	return []damageCase{
		{"WAL header damaged", func(t *testing.T, path string) {
			patch(t, path+"-wal", 12, 0xff) // the checkpoint sequence number: the header checksum no longer matches
		}, "records 1 to 400 are missing"},
		{"WAL deleted", func(t *testing.T, path string) {
			rm(t, path+"-wal")
		}, "records 1 to 400 are missing"},
		{"WAL and shm deleted", func(t *testing.T, path string) {
			rm(t, path+"-wal")
			rm(t, path+"-shm")
		}, "records 1 to 400 are missing"},
		{"database truncated to 0", func(t *testing.T, path string) {
			if err := os.Truncate(path, 0); err != nil {
				t.Fatal(err)
			}
		}, "records 1 to 400 cannot be read: the database file is empty (0 bytes) while a write-ahead log"},
		{"database truncated to 0, WAL deleted", func(t *testing.T, path string) {
			if err := os.Truncate(path, 0); err != nil {
				t.Fatal(err)
			}
			rm(t, path+"-wal")
		}, "records 1 to 400 are missing: the database file is empty"},
		{"database deleted", func(t *testing.T, path string) {
			rm(t, path)
		}, "records 1 to 400 cannot be read: the database file is missing while a write-ahead log"},
		{"every file deleted but the head", func(t *testing.T, path string) {
			rm(t, path)
			rm(t, path+"-wal")
			rm(t, path+"-shm")
		}, "records 1 to 400 are missing: the database file is missing"},
		{"WAL damaged in the middle", func(t *testing.T, path string) {
			n := walFrames(t, path+"-wal")
			patch(t, path+"-wal", walFrame(n/2)+24+100, 0x55) // a byte of a page: its frame checksum fails
		}, "are missing: the journal ends at record"},
		{"WAL frame header damaged in the middle", func(t *testing.T, path string) {
			n := walFrames(t, path+"-wal")
			patch(t, path+"-wal", walFrame(n/2)+8, 0x01) // the salt
		}, "are missing: the journal ends at record"},
		{"WAL cut in half", func(t *testing.T, path string) {
			fi, err := os.Stat(path + "-wal")
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(path+"-wal", fi.Size()/2); err != nil {
				t.Fatal(err)
			}
		}, "are missing: the journal ends at record"},
		{"WAL cut to its header", func(t *testing.T, path string) {
			if err := os.Truncate(path+"-wal", 32); err != nil {
				t.Fatal(err)
			}
		}, "records 1 to 400 are missing"},
	}
}

func TestDamageIsNeverSilent(t *testing.T) {
	for _, tc := range damageCases() {
		t.Run(tc.name, func(t *testing.T) {
			path, n := killedJournal(t, 5, 40) // 400 records
			tc.damage(t, path)
			before := readFiles(t, path)
			de := refused(t, path)
			if !strings.Contains(de.Error(), tc.want) {
				t.Errorf("refusal %q does not say %q", de.Error(), tc.want)
			}
			if de.Startup.CommittedSeq != n {
				t.Errorf("committed head %d, want %d", de.Startup.CommittedSeq, n)
			}
			sameFiles(t, path, before, de.Quarantine)
			// The files are untouched: refused again, and the same quarantine serves.
			after := readFiles(t, path)
			for ext, b := range before {
				if ext != "-shm" && !bytes.Equal(after[ext], b) {
					t.Errorf("Open changed %s", path+ext)
				}
			}
			// Reading the quarantine copy (audit verify, export) leaves its database, log and
			// head file as they were (SQLite may add an -shm index beside them).
			cp := filepath.Join(de.Quarantine, filepath.Base(path))
			if ro, err := Open(cp, Options{ReadOnly: true, TailCheck: -1}); err == nil {
				if _, err := ro.Verify(); err != nil {
					t.Errorf("Verify of the quarantine copy: %v", err)
				}
				ro.Close()
			}
			for _, ext := range []string{"", "-wal", HeadSuffix} {
				got, _ := os.ReadFile(cp + ext)
				if !bytes.Equal(got, before[ext]) {
					t.Errorf("reading the quarantine copy changed its %q file", ext)
				}
			}
			if de2 := refused(t, path); de2.Quarantine != de.Quarantine {
				t.Errorf("a second refusal made a second quarantine %s (first %s)", de2.Quarantine, de.Quarantine)
			}
			if dirs, _ := filepath.Glob(path + ".damaged-*"); len(dirs) != 1 {
				t.Errorf("quarantine directories: %q", dirs)
			}
			// The documented recovery: move the files out; a new journal starts.
			for ext := range before {
				if err := os.Rename(path+ext, filepath.Join(t.TempDir(), "x"+ext)); err != nil {
					t.Fatal(err)
				}
			}
			j, err := Open(path, Options{Table: "t1"})
			if err != nil {
				t.Fatalf("Open after moving the damaged files out: %v", err)
			}
			j.Close()
		})
	}
}

// TestCrashBetweenCommitAndHeadWriteIsNotLoss: the journal one commit ahead of the head file
// (killed after the commit, before the head write) opens with every record.
func TestCrashBetweenCommitAndHeadWriteIsNotLoss(t *testing.T) {
	j, path := openTemp(t, Options{})
	fillShoes(t, j, 1, 10)
	head, err := os.ReadFile(path + HeadSuffix)
	if err != nil {
		t.Fatal(err)
	}
	mustAppend(t, j, input(1, 1, base), input(2, 1, base))
	cp := copyJournal(t, path)
	if err := os.WriteFile(cp+HeadSuffix, head, 0o600); err != nil {
		t.Fatal(err)
	}
	j2, err := Open(cp, Options{Table: "t1"})
	if err != nil {
		t.Fatalf("Open of a journal ahead of its head file: %v", err)
	}
	defer j2.Close()
	if s := j2.Startup(); s.HeadSeq != 22 || s.CommittedSeq != 20 || s.Quarantine != "" || len(s.Warnings) > 0 {
		t.Errorf("Startup = %+v", s)
	}
	// The head file is brought up to date.
	if h, err := readHead(cp + HeadSuffix); err != nil || h.seq != 22 {
		t.Errorf("head file after Open: %+v, %v", h, err)
	}
}

// TestTornHeadWriteKeepsTheOtherSlot: a head write torn by a power cut damages one slot; the
// other still holds an earlier head, which the journal is ahead of.
func TestTornHeadWriteKeepsTheOtherSlot(t *testing.T) {
	j, path := openTemp(t, Options{})
	fillShoes(t, j, 1, 10)
	mustAppend(t, j, input(1, 1, base))
	cp := copyJournal(t, path)
	h, err := readHead(cp + HeadSuffix)
	if err != nil || h.seq != 21 {
		t.Fatalf("head file: %+v, %v", h, err)
	}
	patch(t, cp+HeadSuffix, int64(h.slot*headSlotSpacing+20), 0x80)
	if h2, _ := readHead(cp + HeadSuffix); !h2.valid || h2.seq != 20 {
		t.Fatalf("head file with a torn slot: %+v", h2)
	}
	j2, err := Open(cp, Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	j2.Close()
}

// TestMissingHeadFileIsAWarning: a journal with records and no head file (deleted, or not
// copied with it) cannot be checked for a lost end; it opens with a warning and a quarantine
// copy, and gets a new head file.
func TestMissingHeadFileIsAWarning(t *testing.T) {
	path, n := killedJournal(t, 1, 10)
	rm(t, path+HeadSuffix)
	before := readFiles(t, path)
	j, err := Open(path, Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	s := j.Startup()
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "head file") || s.HeadSeq != n {
		t.Fatalf("Startup = %+v", s)
	}
	sameFiles(t, path, before, s.Quarantine)
	if h, err := readHead(path + HeadSuffix); err != nil || h.seq != n {
		t.Errorf("head file after Open: %+v, %v", h, err)
	}
}

// TestLegacyJournalIsAdopted: a journal written before the application id and the head file
// opens without a warning, and is marked and given a head file.
func TestLegacyJournalIsAdopted(t *testing.T) {
	j, path := openTemp(t, Options{})
	fillShoes(t, j, 1, 10)
	j.Close()
	rm(t, path+HeadSuffix)
	db := rawDB(t, path)
	execSQL(t, db, "PRAGMA application_id = 0")
	db.Close()
	j2, err := Open(path, Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	defer j2.Close()
	if s := j2.Startup(); len(s.Warnings) > 0 || s.Quarantine != "" || s.HeadSeq != 20 {
		t.Errorf("Startup = %+v", s)
	}
	var id int
	if err := j2.db.QueryRow("PRAGMA application_id").Scan(&id); err != nil || id != ApplicationID {
		t.Errorf("application_id = %#x, %v", id, err)
	}
}

// TestEditAnywhereIsRefused: an edit to any record, however old, is found at start-up (the
// whole chain is checked) and the journal refused.
func TestEditAnywhereIsRefused(t *testing.T) {
	j, path := openTemp(t, Options{})
	fillShoes(t, j, 20, 40) // 1,600 records
	j.Close()
	db := rawDB(t, path)
	execSQL(t, db, "UPDATE records SET reason = 'edited' WHERE seq = 3")
	db.Close()
	before := readFiles(t, path)
	de := refused(t, path)
	if de.Startup.TailBad == nil || de.Startup.TailBad.Seq != 3 {
		t.Fatalf("refusal %+v", de.Startup)
	}
	sameFiles(t, path, before, de.Quarantine)
}

// TestForeignSQLiteIsRefused: an SQLite file that is not a coupboard journal is refused with
// a reason, and left as it was.
func TestForeignSQLiteIsRefused(t *testing.T) {
	cases := map[string]string{
		"other application": "CREATE TABLE songs (title TEXT); PRAGMA user_version = 7",
		"other app id":      "PRAGMA application_id = 1234; CREATE TABLE records (seq INTEGER)",
		"same table names":  "CREATE TABLE records (seq INTEGER PRIMARY KEY, body TEXT); CREATE TABLE anchor (id INTEGER); CREATE TABLE published (id INTEGER); PRAGMA user_version = 1",
	}
	for name, script := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "other.db")
			db, err := sql.Open("sqlite", path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec(script); err != nil {
				t.Fatal(err)
			}
			db.Close()
			before := readFiles(t, path)
			for _, ro := range []bool{false, true} {
				j, err := Open(path, Options{Table: "t1", ReadOnly: ro})
				if err == nil {
					j.Close()
					t.Fatalf("Open(read-only %v) of a foreign SQLite file succeeded", ro)
				}
				if !errors.Is(err, ErrForeign) || !strings.Contains(err.Error(), path) {
					t.Fatalf("Open(read-only %v) = %v, want ErrForeign naming the file", ro, err)
				}
			}
			after := readFiles(t, path)
			if !bytes.Equal(before[""], after[""]) || len(after) != len(before) {
				t.Errorf("the foreign file was changed: %d files before, %d after", len(before), len(after))
			}
		})
	}
}

// TestDirectoryAsJournal: a directory given as the journal gets a message naming it.
func TestDirectoryAsJournal(t *testing.T) {
	dir := t.TempDir()
	for _, ro := range []bool{false, true} {
		_, err := Open(dir, Options{Table: "t1", ReadOnly: ro})
		if err == nil || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "is a directory") {
			t.Errorf("Open(read-only %v) of a directory = %v", ro, err)
		}
	}
}

// TestReadOnlyOpenReportsLoss: audit and export see a lost end too.
func TestReadOnlyOpenReportsLoss(t *testing.T) {
	path, _ := killedJournal(t, 2, 40)
	rm(t, path+"-wal")
	j, err := Open(path, Options{ReadOnly: true, TailCheck: -1})
	if err != nil {
		if !strings.Contains(err.Error(), "no journal in this file") {
			t.Fatal(err)
		}
		return
	}
	defer j.Close()
	if s := j.Startup(); s.Missing == "" || !s.Damaged() {
		t.Errorf("read-only Startup = %+v", s)
	}
}

// patch XORs one byte of a file.
func patch(t *testing.T, path string, off int64, x byte) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if off >= int64(len(b)) {
		t.Fatalf("%s has %d bytes, no byte %d", path, len(b), off)
	}
	b[off] ^= x
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// rm removes a file that must exist.
func rm(t *testing.T, path string) {
	t.Helper()
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
}
