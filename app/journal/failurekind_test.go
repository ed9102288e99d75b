package journal

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// FailureOf tells the kinds of failure a screen words apart: by the journal's sentinels, by
// the system's errno however wrapped, and by SQLite's own result codes (real errors from a
// read-only journal and from a file that is not a database).
func TestFailureOfTellsTheKinds(t *testing.T) {
	j, path := openTemp(t, Options{})
	fillShoes(t, j, 1, 1)
	j.Close()
	ro, err := Open(path, Options{ReadOnly: true, Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	_, roErr := ro.AppendBatch(input(9, 1, base))

	junk := filepath.Join(t.TempDir(), "junk.db")
	if err := os.WriteFile(junk, bytes.Repeat([]byte("not a journal "), 500), 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+junk)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, notADB := db.Exec("CREATE TABLE t (x)") // SQLite's own error, not wrapped by the journal

	path1 := func(errno syscall.Errno) error {
		return fmt.Errorf("append: %w", &fs.PathError{Op: "write", Path: "/srv/t1.db-wal", Err: errno})
	}
	for _, tc := range []struct {
		name string
		err  error
		want Failure
	}{
		{"nil", nil, FailureOther},
		{"an error of no kind", errors.New("encode payload: json: unsupported value"), FailureOther},
		{"closed", fmt.Errorf("append: %w", ErrClosed), FailureOther},
		{"busy", classify("append", ErrBusy), FailureOther},
		{"the journal's disk full", classify("append to journal /srv/t1.db", ErrDiskFull), FailureDiskFull},
		{"ENOSPC", path1(syscall.ENOSPC), FailureDiskFull},
		{"EROFS", path1(syscall.EROFS), FailureReadOnly},
		{"EACCES", path1(syscall.EACCES), FailureReadOnly},
		{"EIO", path1(syscall.EIO), FailureIO},
		{"the journal's corrupt", classify("append", ErrCorrupt), FailureCorrupt},
		{"damaged", fmt.Errorf("open: %w", ErrDamaged), FailureCorrupt},
		{"a read-only journal's append (SQLite)", roErr, FailureReadOnly},
		{"not a database (SQLite)", notADB, FailureCorrupt},
	} {
		if tc.name != "nil" && tc.err == nil {
			t.Fatalf("%s: no error to classify", tc.name)
		}
		if got := FailureOf(tc.err); got != tc.want {
			t.Errorf("%s: FailureOf(%v) = %q, want %q", tc.name, tc.err, got, tc.want)
		}
	}
}
