package journal

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiskFullIsAClearErrorAndLeavesTheJournalConsistent fills the database to
// Options.MaxPages (SQLite's max_page_count: SQLITE_FULL, as from a full disk).
func TestDiskFullIsAClearErrorAndLeavesTheJournalConsistent(t *testing.T) {
	j, path := openTemp(t, Options{MaxPages: 30})
	big := json.RawMessage(`{"pad":"` + strings.Repeat("x", 1500) + `"}`)
	var (
		last    Record
		fullErr error
	)
	for i := 0; i < 1000; i++ {
		r := input(i, 1, base)
		r.Payload = big
		out, err := j.AppendBatch(r, input(i, 1, base))
		if err != nil {
			fullErr = err
			break
		}
		last = out[1]
	}
	if !errors.Is(fullErr, ErrDiskFull) {
		t.Fatalf("filling the journal ended with %v, want ErrDiskFull", fullErr)
	}
	if !strings.Contains(fullErr.Error(), path) {
		t.Errorf("error %q does not name the journal", fullErr)
	}
	if seq, h := j.Head(); seq != last.Seq || h != last.Hash {
		t.Errorf("head moved to %d after a failed append; last good %d", seq, last.Seq)
	}
	// Still full: a second attempt fails the same way and changes nothing.
	again := input(0, 1, base)
	again.Payload = big
	if _, err := j.AppendBatch(again); !errors.Is(err, ErrDiskFull) {
		t.Errorf("second append when full: %v", err)
	}
	if v, err := j.Verify(); err != nil || !v.OK() || v.LastSeq != last.Seq {
		t.Errorf("Verify when full = %+v, %v", v, err)
	}
	j.Close()
	// Room again (the disk was cleared): everything acknowledged is there and appends resume.
	j2, err := Open(path, Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	defer j2.Close()
	if s := j2.Startup(); s.Damaged() || s.HeadSeq != last.Seq {
		t.Errorf("Startup after disk full = %+v", s)
	}
	if next := mustAppend(t, j2, input(1, 1, base)); next[0].Seq != last.Seq+1 || next[0].PrevHash != last.Hash {
		t.Errorf("append after disk full: %+v", next[0])
	}
	if v, err := j2.Verify(); err != nil || !v.OK() {
		t.Errorf("Verify = %+v, %v", v, err)
	}
}

// TestReadOnlyJournal opens with SQLite's mode=ro. Tests run as root here, and root ignores
// directory permissions, so the chmod case only runs for other users.
func TestReadOnlyJournal(t *testing.T) {
	j, path := openTemp(t, Options{})
	fillShoes(t, j, 1, 3)
	j.Close()

	ro, err := Open(path, Options{ReadOnly: true, Table: "t1"})
	if err != nil {
		t.Fatalf("Open read-only: %v", err)
	}
	defer ro.Close()
	if n := len(scanAll(t, ro)); n != 6 {
		t.Errorf("read-only scan: %d records", n)
	}
	if v, err := ro.Verify(); err != nil || !v.OK() {
		t.Errorf("read-only Verify = %+v, %v", v, err)
	}
	if _, err := ro.AppendBatch(input(9, 1, base)); !errors.Is(err, ErrReadOnly) {
		t.Errorf("append to a read-only journal: %v", err)
	}
	if err := ro.SetPublished(1); !errors.Is(err, ErrReadOnly) {
		t.Errorf("SetPublished on a read-only journal: %v", err)
	}
	if _, err := Open(filepath.Join(t.TempDir(), "missing.db"), Options{ReadOnly: true}); err == nil {
		t.Error("read-only Open of a missing file succeeded")
	}

	if os.Geteuid() == 0 {
		t.Log("running as root: directory permissions are not enforced, chmod case skipped")
		return
	}
	dir := filepath.Join(t.TempDir(), "locked")
	if err := os.Mkdir(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	if _, err := Open(filepath.Join(dir, "sub", "t.db"), Options{}); !errors.Is(err, ErrReadOnly) {
		t.Errorf("Open in a read-only directory: %v, want ErrReadOnly", err)
	}
}

func TestNotADatabaseIsACorruptError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t1.db")
	if err := os.WriteFile(path, bytes.Repeat([]byte("not a journal "), 500), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, ro := range []bool{false, true} {
		j, err := Open(path, Options{ReadOnly: ro})
		if !errors.Is(err, ErrCorrupt) || j != nil {
			t.Errorf("Open(read-only %v) of a text file = %v, %v; want ErrCorrupt", ro, j, err)
		}
	}
	// The app sets the damaged file aside and starts a new journal.
	aside, err := SetAside(path, "damaged-20261120T2130")
	if err != nil || aside != path+".damaged-20261120T2130" {
		t.Fatalf("SetAside = %q, %v", aside, err)
	}
	if b, err := os.ReadFile(aside); err != nil || !bytes.HasPrefix(b, []byte("not a journal")) {
		t.Errorf("set-aside file: %v", err)
	}
	if _, err := SetAside(path, "again"); err == nil {
		t.Error("SetAside of a missing journal succeeded")
	}
	j, err := Open(path, Options{Table: "t1"})
	if err != nil {
		t.Fatalf("Open after SetAside: %v", err)
	}
	defer j.Close()
	if s := j.Startup(); s.Records != 0 || s.Damaged() {
		t.Errorf("new journal after SetAside: %+v", s)
	}
}

// TestCorruptPagesAreReportedNotFatal damages the database file in two ways: a byte of a
// record's payload (SQLite cannot see it; the chain can) and a run of bytes in the middle of
// the file (SQLite's structures). Open must not panic; it either reports the damage in
// Startup or fails with ErrCorrupt.
func TestCorruptPagesAreReportedAndRefused(t *testing.T) {
	t.Run("payload byte", func(t *testing.T) {
		j, path := openTemp(t, Options{})
		mustAppend(t, j, input(0, 1, base))
		marked := input(1, 1, base)
		marked.Payload = json.RawMessage(`{"marker":"MARKER-1234"}`)
		mustAppend(t, j, marked, input(2, 1, base))
		j.Close()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		i := bytes.Index(b, []byte("MARKER-1234"))
		if i < 0 {
			t.Fatal("marker not found in the file")
		}
		b[i] = 'N'
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		s := refused(t, path).Startup
		if s.TailBad == nil || s.TailBad.Seq != 2 || s.IntactThrough != 1 || !s.Damaged() {
			t.Errorf("Startup = %+v (tail bad %v), want record 2 bad", s, s.TailBad)
		}
	})
	t.Run("structure", func(t *testing.T) {
		j, path := openTemp(t, Options{})
		fillShoes(t, j, 3, 40)
		j.Close()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for i := len(b) / 2; i < len(b)/2+3000 && i < len(b); i++ {
			b[i] ^= 0x5a
		}
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		if s := refused(t, path).Startup; !s.Damaged() {
			t.Errorf("the refusal of a damaged file reports nothing: %+v", s)
		}
	})
}

// rofsEnv names the journal a child test process opens on a read-only file system.
const rofsEnv = "COUPBOARD_JOURNAL_ROFS_CHILD"

// rofsChild runs inside a private mount namespace where the journal's directory is mounted
// read-only. It tries to create a new journal there and to append to the existing one, and
// prints one line per attempt: its name, whether the error is ErrReadOnly, and the error.
func rofsChild(path string) int {
	_, err := Open(filepath.Join(filepath.Dir(path), "new", "t2.db"), Options{Table: "t2"})
	fmt.Printf("create %v %v\n", errors.Is(err, ErrReadOnly), err)
	if ro, err := Open(path, Options{ReadOnly: true}); err != nil {
		fmt.Printf("read-only open failed: %v\n", err)
	} else {
		v, err := ro.Verify()
		fmt.Printf("read-only verify %v %d %v\n", v.OK(), v.Records, err)
		ro.Close()
	}
	j, err := Open(path, Options{Table: "t1"})
	if err != nil {
		fmt.Printf("open %v %v\n", errors.Is(err, ErrReadOnly), err)
		return 0
	}
	defer j.Close()
	fmt.Printf("records %d\n", j.Startup().Records)
	_, err = j.AppendBatch(input(7, 1, base))
	fmt.Printf("append %v %v\n", errors.Is(err, ErrReadOnly), err)
	return 0
}

// TestReadOnlyFileSystem mounts the journal's directory read-only (a bind mount in a private
// mount namespace made with unshare(1), so nothing outside the test sees it) and checks that
// creating or writing a journal there fails with ErrReadOnly and leaves the journal intact.
func TestReadOnlyFileSystem(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	if os.Geteuid() != 0 {
		t.Skip("needs root to bind-mount a directory read-only")
	}
	unshare, err := exec.LookPath("unshare")
	if err != nil {
		t.Skip("no unshare(1)")
	}
	j, path := openTemp(t, Options{})
	fillShoes(t, j, 1, 3)
	j.Close()
	dir := filepath.Dir(path)
	cmd := exec.Command(unshare, "-m", "--propagation", "private", "sh", "-c",
		`mount --bind "$D" "$D" && mount -o remount,bind,ro "$D" || exit 42; exec "$0" -test.run='^$'`, os.Args[0])
	cmd.Env = append(os.Environ(), "D="+dir, rofsEnv+"="+path)
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == 42 {
		t.Skipf("cannot bind-mount read-only here: %s", out)
	}
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	t.Logf("child:\n%s", out)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "create true ") {
		t.Errorf("creating a journal on a read-only file system: %q, want ErrReadOnly", lines[0])
	}
	if lines[1] != "read-only verify true 6 <nil>" {
		t.Errorf("reading a cleanly closed journal on a read-only file system: %q", lines[1])
	}
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "open true ") && !strings.HasPrefix(last, "append true ") {
		t.Errorf("writing to a journal on a read-only file system: %q, want ErrReadOnly", last)
	}
	j2, err := Open(path, Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	defer j2.Close()
	if v, err := j2.Verify(); err != nil || !v.OK() || v.Records != 6 {
		t.Errorf("after the read-only attempt: %+v, %v", v, err)
	}
}
