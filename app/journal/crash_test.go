package journal

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// childEnv names the journal a child test process appends to until it is killed.
const childEnv = "COUPBOARD_JOURNAL_CRASH_CHILD"

func TestMain(m *testing.M) {
	if path := os.Getenv(childEnv); path != "" {
		os.Exit(crashChild(path))
	}
	if path := os.Getenv(rofsEnv); path != "" {
		os.Exit(rofsChild(path))
	}
	os.Exit(m.Run())
}

// crashBatch is batch i the child appends: a shoe input and the round it finished.
func crashBatch(t testing.TB, i int) []Record {
	shoe := int64(1 + i/50)
	at := base.Add(time.Duration(i) * time.Second)
	return []Record{input(i, shoe, at), roundRec(t, shoe, 1+i%50, at)}
}

// crashChild appends batches to the journal at path and prints "acked SEQ" after each
// AppendBatch returns, until it is killed.
func crashChild(path string) int {
	j, err := Open(path, Options{Table: "t1"})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 3
	}
	var tb fakeTB
	for i := 0; i < 1_000_000; i++ {
		out, err := j.AppendBatch(crashBatch(&tb, i)...)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 4
		}
		if _, err := fmt.Fprintf(os.Stdout, "acked %d\n", out[len(out)-1].Seq); err != nil {
			return 5
		}
	}
	return 0
}

// fakeTB lets the child build records with the test helpers; they only call Fatal on
// programming errors, which the child reports by panicking.
type fakeTB struct{ testing.TB }

func (fakeTB) Helper()               {}
func (fakeTB) Fatal(args ...any)     { panic(fmt.Sprint(args...)) }
func (fakeTB) Fatalf(string, ...any) { panic("fatalf") }

// killChildAfter starts a child appending to path and kills it with SIGKILL once it has
// acknowledged at least acks records; it returns the last acknowledged seq.
func killChildAfter(t *testing.T, path string, acks int64) int64 {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var acked int64
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		n, err := strconv.ParseInt(strings.TrimPrefix(sc.Text(), "acked "), 10, 64)
		if err != nil {
			t.Fatalf("child said %q", sc.Text())
		}
		acked = n
		if acked >= acks {
			break
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	// Read what the child managed to acknowledge before it died.
	for sc.Scan() {
		if n, err := strconv.ParseInt(strings.TrimPrefix(sc.Text(), "acked "), 10, 64); err == nil {
			acked = n
		}
	}
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("child ended with %v, not by SIGKILL; stderr:\n%s", err, stderr.String())
	}
	if acked < acks {
		t.Fatalf("child acknowledged only %d records; stderr:\n%s", acked, stderr.String())
	}
	return acked
}

// checkPrefix opens the journal at path and checks that it holds whole batches 0..k-1 exactly
// as the child wrote them, that the chain verifies and that appending continues the chain.
// It returns the number of records.
func checkPrefix(t *testing.T, path string) (Startup, int64) {
	t.Helper()
	j, err := Open(path, Options{Table: "t1"})
	if err != nil {
		t.Fatalf("Open after the crash: %v", err)
	}
	defer j.Close()
	s := j.Startup()
	if s.Damaged() {
		t.Errorf("Startup reports damage: %+v", s)
	}
	recs := scanAll(t, j)
	if len(recs)%2 != 0 {
		t.Errorf("%d records: a batch was half written", len(recs))
	}
	for i := 0; i+1 < len(recs); i += 2 {
		want := crashBatch(t, i/2)
		for k := 0; k < 2; k++ {
			got := recs[i+k]
			if got.Seq != int64(i+k+1) || got.Kind != want[k].Kind || !bytes.Equal(got.Payload, want[k].Payload) || !got.Time.Equal(want[k].Time) {
				t.Fatalf("record %d = %+v, want %+v", i+k+1, got, want[k])
			}
		}
	}
	if v, err := j.Verify(); err != nil || !v.OK() || v.Records != int64(len(recs)) {
		t.Fatalf("Verify = %+v (bad %v), %v", v, v.Bad, err)
	}
	next := mustAppend(t, j, input(1, 99, base))[0]
	if next.Seq != int64(len(recs))+1 {
		t.Errorf("append after recovery got seq %d, want %d", next.Seq, len(recs)+1)
	}
	if v, err := j.Verify(); err != nil || !v.OK() {
		t.Errorf("Verify after appending = %+v, %v", v, err)
	}
	return s, int64(len(recs))
}

// copyJournal copies the database and its -wal, -shm and head files into a new directory.
func copyJournal(t *testing.T, path string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(path))
	for _, suffix := range journalFiles {
		in, err := os.Open(path + suffix)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		out, err := os.Create(dst + suffix)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(out, in); err != nil {
			t.Fatal(err)
		}
		in.Close()
		if err := out.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// TestKilledWriterLosesNoAcknowledgedRecord kills a writing process with SIGKILL and checks
// that every record AppendBatch had returned for is there, whole, and the chain verifies.
func TestKilledWriterLosesNoAcknowledgedRecord(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	path := filepath.Join(t.TempDir(), "t1.db")
	acked := killChildAfter(t, path, 400)
	s, n := checkPrefix(t, path)
	if n < acked {
		t.Errorf("%d records after the kill, but %d were acknowledged", n, acked)
	}
	if !s.UncleanShutdown || s.WALBytes == 0 {
		t.Errorf("Startup did not report the unclean shutdown: %+v", s)
	}
}

// TestTornWALRecoversAConsistentPrefix simulates a power cut that tore the write-ahead log:
// the -wal file left by a killed writer is truncated at chosen and random offsets. A cut that
// leaves every committed record (the head file's) opens, holds a prefix of whole batches
// exactly as written, verifies and accepts appends; a cut into committed records is refused
// (a *DamageError naming the missing records) and the files are kept byte for byte.
func TestTornWALRecoversAConsistentPrefix(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	path := filepath.Join(t.TempDir(), "t1.db")
	acked := killChildAfter(t, path, 600)
	fi, err := os.Stat(path + "-wal")
	if err != nil {
		t.Fatalf("the killed writer left no WAL: %v", err)
	}
	size := fi.Size()
	seed := uint64(time.Now().UnixNano())
	t.Logf("WAL of %d bytes, %d records acknowledged, random seed %d", size, acked, seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	offsets := []int64{0, 1, 31, 32, 33, size / 2, size - 1, size}
	for range 8 {
		offsets = append(offsets, rng.Int64N(size))
	}
	var opened, refusedN int
	for _, off := range offsets {
		t.Run(fmt.Sprintf("cut at %d", off), func(t *testing.T) {
			cp := copyJournal(t, path)
			if err := os.Truncate(cp+"-wal", off); err != nil {
				t.Fatal(err)
			}
			before := readFiles(t, cp)
			j, err := Open(cp, Options{Table: "t1"})
			if err == nil {
				j.Close()
				s, n := checkPrefix(t, cp)
				if n < s.CommittedSeq || n < acked {
					t.Errorf("opened with %d records; %d were committed", n, max(s.CommittedSeq, acked))
				}
				opened++
				return
			}
			var de *DamageError
			if !errors.As(err, &de) || de.Startup.Missing == "" {
				t.Fatalf("Open of a cut journal = %v, want a refusal naming the missing records", err)
			}
			sameFiles(t, cp, before, de.Quarantine)
			refusedN++
		})
	}
	if refusedN == 0 {
		t.Error("no cut was refused: the truncation did not reach committed frames")
	}
	t.Logf("%d cuts opened with every committed record, %d refused", opened, refusedN)
}
