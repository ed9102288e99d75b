package crashtest

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// copyFile copies src to dst (a missing src is not copied and reported as false).
func copyFile(t *testing.T, src, dst string) bool {
	t.Helper()
	in, err := os.Open(src)
	if os.IsNotExist(err) {
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return true
}

// TestTornWAL is a power cut during a write: the journal and its write-ahead log are copied
// while the table is writing (its head file first, so that the copy holds every record the
// head file says was committed), the log copy is cut at random offsets (a torn tail), and the
// binary is started on each copy. A cut into the committed records must be refused, the files
// kept byte for byte (issue 21); otherwise the table must start, pass `audit verify`, and hold
// a prefix of the journal that was copied: every round it has is the same record (seq and
// hash) as in the uncut copy, numbered 1..n, and its screen shows exactly those rounds.
func TestTornWAL(t *testing.T) {
	cuts := 8
	if testing.Short() {
		cuts = 3
	}
	sd := seed(t)
	t.Logf("seed %d", sd)
	rng := rand.New(rand.NewPCG(sd, 7))
	data := t.TempDir()
	journal := filepath.Join(data, "live.db")
	p := table(t, data, journal, filepath.Join(data, "live.jsonl"), simSpeed)
	time.Sleep(1500 * time.Millisecond)
	snap := filepath.Join(data, "snap.db")
	// The head file first: the journal is never behind it, so the copies below hold at least
	// the records it names.
	if !copyFile(t, journal+"-head", snap+"-head") {
		t.Fatal("the running table has no head file")
	}
	// Then the database file: SQLite writes it only at a checkpoint (1000 pages of log), so
	// while the log grows it is stable, and the log copy is whatever had reached the disk.
	copyFile(t, journal, snap)
	if !copyFile(t, journal+"-wal", snap+"-wal") {
		t.Fatal("the running table has no write-ahead log to copy")
	}
	p.Kill(t)
	fi, err := os.Stat(snap + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	walSize := fi.Size()

	// The uncut copy: what a power cut right after the copy would have left.
	full := filepath.Join(data, "full.db")
	copyFile(t, snap, full)
	copyFile(t, snap+"-wal", full+"-wal")
	fullShoe := shoeOf(t, data, full)
	fullRows := map[int][]row{}
	for s := 1; s <= fullShoe; s++ {
		rows, err := exportShoe(t, data, full, s)
		if err != nil {
			t.Fatal(err)
		}
		fullRows[s] = rows
	}
	t.Logf("write-ahead log %d bytes, %d shoes in the uncut copy", walSize, fullShoe)

	refusals := 0
	for c := 0; c < cuts; c++ {
		// 32 bytes (the log header only) up to the whole log less one byte; the first cut
		// at the header, which loses every record in the log.
		cut := 32 + rng.Int64N(walSize-32)
		switch c {
		case 0:
			cut = 32
		case cuts - 1:
			cut = walSize // not cut: every committed record is there, and the table starts
		}
		name := filepath.Join(data, fmt.Sprintf("cut-%d.db", c))
		copyFile(t, snap, name)
		copyFile(t, snap+"-wal", name+"-wal")
		copyFile(t, snap+"-head", name+"-head")
		if err := os.Truncate(name+"-wal", cut); err != nil {
			t.Fatal(err)
		}
		ctx := fmt.Sprintf("log cut at %d of %d bytes (seed %d)", cut, walSize, sd)
		if lost := cutLosesCommitted(t, data, name); lost {
			before := journalBytes(t, name)
			msg := startRefused(t, name, name, "damaged", "are missing", "To recover")
			keptByteForByte(t, name, before, quarantined(t, name))
			t.Logf("%s: committed records cut off; refused: %s", ctx, lastLine(msg))
			refusals++
			continue
		}
		// What the cut journal holds before the table touches it.
		shoe := shoeOf(t, data, name)
		s, q := firstScreen(t, data, name, simSpeed)
		time.Sleep(settle)
		if err := q.Interrupt(t); err != nil && !killedByInterrupt(err) {
			t.Fatalf("%s: table exited with %v; stderr:\n%s", ctx, err, q.Stderr)
		}
		if err := auditVerify(t, data, name); err != nil {
			t.Fatalf("%s: %v", ctx, err)
		}
		if s.Header.Shoe < shoe {
			t.Fatalf("%s: the screen shows shoe %d, the journal has rounds of shoe %d", ctx, s.Header.Shoe, shoe)
		}
		for sh := 1; sh <= s.Header.Shoe; sh++ {
			rows, err := exportShoe(t, data, name, sh)
			if err != nil {
				t.Fatalf("%s: %v", ctx, err)
			}
			want := fullRows[sh]
			// The restarted table may close the coup that the cut interrupted: a cancelled
			// round written after the start (a later record than any of the uncut copy's
			// rounds), the table's own new record and not one brought back from the torn log.
			if n := len(rows); n == len(want)+1 && rows[n-1].Kind == "cancelled" && (n == 1 || rows[n-1].Seq > want[n-2].Seq) {
				rows = rows[:n-1]
			}
			if len(rows) > len(want) {
				t.Fatalf("%s: shoe %d has %d rounds, the uncut journal %d; the last: %+v", ctx, sh, len(rows), len(want), rows[len(rows)-1])
			}
			for i, r := range rows {
				if r.Seq != want[i].Seq || r.Hash != want[i].Hash {
					t.Fatalf("%s: shoe %d round %d is record %d %s, in the uncut journal record %d %s", ctx, sh, i+1, r.Seq, r.Hash, want[i].Seq, want[i].Hash)
				}
			}
			if sh == s.Header.Shoe {
				if err := matchesRows(s, rows); err != nil {
					t.Fatalf("%s: %v", ctx, err)
				}
				if got := len(beads(s)); got != len(rows) {
					t.Fatalf("%s: the screen shows %d hands of shoe %d, the journal holds %d", ctx, got, sh, len(rows))
				}
			}
		}
		t.Logf("%s: starts, verifies, shoe %d with %d hands shown", ctx, s.Header.Shoe, len(beads(s)))
	}
	if refusals == 0 {
		t.Error("no cut was refused: the log cut at its header should have lost committed records")
	}
}

// cutLosesCommitted reports whether `audit verify` finds committed records missing from the
// journal (it reads a copy: the journal itself is left as it is).
func cutLosesCommitted(t *testing.T, data, journal string) bool {
	t.Helper()
	probe := filepath.Join(t.TempDir(), "probe.db")
	for _, ext := range journalSuffixes {
		copyFile(t, journal+ext, probe+ext)
	}
	out, _ := cli(t, data, "audit", "verify", "--db", probe, "--json")
	var rep struct {
		Missing string `json:"missing"`
	}
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatalf("audit verify --json of %s: %v: %q", journal, err, out)
	}
	return rep.Missing != ""
}

// shoeOf is the newest shoe number with rounds in a journal (0 when none), found by
// exporting shoes 1, 2, ... until one is empty, on a copy so that the journal is not touched.
func shoeOf(t *testing.T, data, journal string) int {
	t.Helper()
	probe := journal + ".probe.db"
	copyFile(t, journal, probe)
	copyFile(t, journal+"-wal", probe+"-wal")
	defer func() {
		for _, ext := range []string{"", "-wal", "-shm"} {
			os.Remove(probe + ext)
		}
	}()
	last := 0
	for s := 1; s < 1000; s++ {
		rows, err := exportShoe(t, data, probe, s)
		if err != nil && s == 1 && strings.Contains(err.Error(), "no journal in this file") {
			return 0 // cut before the transaction that created the journal: an empty one
		}
		if err != nil {
			t.Fatalf("%s: %v", journal, err)
		}
		if len(rows) == 0 {
			break
		}
		last = s
	}
	return last
}
