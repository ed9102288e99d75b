package journal

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// ErrDamaged: the journal lost, changed or cannot read committed records; a read-write Open
// refuses it with a *DamageError.
var ErrDamaged = errors.New("journal is damaged")

// ErrForeign: the file is an SQLite database but not a coupboard journal.
var ErrForeign = errors.New("not a coupboard journal")

// maxMemCopy is the largest -wal or -shm file Open keeps in memory to copy it as it was
// before SQLite opened the journal; a larger write-ahead log is copied to a file beside the
// journal first (the log is normally a few MiB: SQLite checkpoints it at 1,000 pages).
const maxMemCopy = 64 << 20

// DamageError is the refusal of a damaged journal by a read-write Open.
type DamageError struct {
	Path string
	// Startup is what Open found (Startup.Problems says it for a person).
	Startup Startup
	// Quarantine is the directory holding byte-for-byte copies of the journal's files as they
	// were before SQLite opened them.
	Quarantine string
	cause      error
}

// Error says what was found, where the copies are and how to recover.
func (e *DamageError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "journal %s is damaged and the table will not play on it: %s", e.Path, strings.Join(e.Startup.Problems(), "; "))
	fmt.Fprintf(&b, ". Its files as they were are kept in %s. ", e.Quarantine)
	b.WriteString(RecoveryAdvice(e.Path))
	return b.String()
}

// Unwrap returns ErrDamaged and the SQLite error that revealed the damage, if any.
func (e *DamageError) Unwrap() []error {
	if e.cause != nil {
		return []error{ErrDamaged, e.cause}
	}
	return []error{ErrDamaged}
}

// RecoveryAdvice tells a supervisor how to recover from a refused journal at path.
func RecoveryAdvice(path string) string {
	return fmt.Sprintf("To recover: restore the journal files (%s, and its -wal and %s files) from a backup and start again; "+
		"or move those files out of %s (they are also in the quarantine copy), and the table starts a new, empty journal; "+
		"or, when records were lost only from the journal's end, a supervisor accepts the loss with `coupboard journal accept-loss --config <table's configuration>` and the table plays on the records that survived. "+
		"`coupboard audit verify --db <copy>` shows what a copy holds (docs/auditor.md, \"Journal damage\")",
		filepath.Base(path), HeadSuffix, filepath.Dir(path))
}

// fileSnap is what Open saw of the journal's files before SQLite opened them. SQLite opens
// the database file itself read-only for the examination, so it stays as it was; but even a
// read-only connection creates, rewrites or deletes the -wal and -shm files, so their bytes
// are kept here.
type fileSnap struct {
	manifest []string // one line per file, to recognise the same damage on the next start
	kept     map[string][]byte
	walCopy  string // a copy of a -wal too large to keep in memory ("" when none)
}

// journalFiles are the files of a journal, by suffix.
var journalFiles = []string{"", "-wal", "-shm", HeadSuffix}

// snapshotFiles records the journal's files and keeps the -wal and -shm files' bytes.
func snapshotFiles(abs string) (fileSnap, error) {
	s := fileSnap{kept: map[string][]byte{}}
	for _, ext := range journalFiles {
		fi, err := os.Stat(abs + ext)
		if err != nil || fi.Size() == 0 && ext != "" && ext != HeadSuffix {
			continue // a missing and an empty log (or index) are the same to SQLite
		}
		line := fmt.Sprintf("%s %d %d", ext, fi.Size(), fi.ModTime().UnixNano())
		switch {
		case ext == "" || ext == HeadSuffix:
		case fi.Size() <= maxMemCopy:
			b, err := os.ReadFile(abs + ext)
			if err != nil {
				return s, fmt.Errorf("open journal %s: read %s: %w", abs, abs+ext, err)
			}
			s.kept[ext] = b
			sum := sha256.Sum256(b)
			line = fmt.Sprintf("%s %d %x", ext, len(b), sum[:16])
		case ext == "-wal":
			s.walCopy = abs + ".wal-copy"
			os.Remove(s.walCopy)
			if _, err := copyFileSynced(abs+ext, s.walCopy); err != nil {
				return s, fmt.Errorf("open journal %s: copy its write-ahead log: %w", abs, err)
			}
		}
		if ext != "-shm" { // SQLite rebuilds the index: it does not make the damage another
			s.manifest = append(s.manifest, line)
		}
	}
	return s, nil
}

// done removes the copy of a large write-ahead log once it is not needed.
func (s fileSnap) done() {
	if s.walCopy != "" {
		os.Remove(s.walCopy)
	}
}

// refuse quarantines the journal's files and returns the *DamageError for s.
func refuse(abs string, snap fileSnap, s Startup, cause error) error {
	dir, err := quarantine(abs, snap, s)
	if err != nil {
		return fmt.Errorf("journal %s is damaged (%s) and its files could not be copied aside: %w", abs, strings.Join(s.Problems(), "; "), err)
	}
	s.Quarantine = dir
	return &DamageError{Path: abs, Startup: s, Quarantine: dir, cause: cause}
}

// manifestName is the file in a quarantine directory listing what was copied.
const manifestName = "MANIFEST"

// quarantine copies the journal's files into a new directory beside it,
// <journal>.damaged-<UTC time>, with a DAMAGE.txt saying what was found, and returns its path.
// When the newest such directory already holds these very files (same names, sizes and
// modification times: a table restarted again on the same damage) it is returned instead.
func quarantine(abs string, snap fileSnap, s Startup) (string, error) {
	manifest := strings.Join(snap.manifest, "\n") + "\n"
	if prev, _ := filepath.Glob(abs + ".damaged-*"); len(prev) > 0 {
		sort.Strings(prev)
		last := prev[len(prev)-1]
		if b, err := os.ReadFile(filepath.Join(last, manifestName)); err == nil && string(b) == manifest {
			return last, nil
		}
	}
	dir := abs + ".damaged-" + time.Now().UTC().Format("20060102T150405.000Z")
	if err := os.Mkdir(dir, 0o750); err != nil {
		return "", fmt.Errorf("quarantine journal %s: %w", abs, err)
	}
	for _, ext := range journalFiles {
		dst := filepath.Join(dir, filepath.Base(abs+ext))
		var err error
		switch b, ok := snap.kept[ext]; {
		case ok:
			err = writeSynced(dst, b)
		case ext == "-wal" && snap.walCopy != "":
			err = os.Rename(snap.walCopy, dst)
		case ext == "-wal" || ext == "-shm":
			// absent or empty before SQLite opened the journal
		default:
			// The database file (opened read-only) and the head file are as they were.
			_, err = copyFileSynced(abs+ext, dst)
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("quarantine journal %s: copy %s: %w", abs, abs+ext, err)
		}
	}
	var report strings.Builder
	fmt.Fprintf(&report, "coupboard journal %s, found at %s:\n", abs, time.Now().UTC().Format(time.RFC3339))
	for _, p := range s.Problems() {
		fmt.Fprintf(&report, "DAMAGE: %s\n", p)
	}
	for _, w := range s.Warnings {
		fmt.Fprintf(&report, "WARNING: %s\n", w)
	}
	fmt.Fprintf(&report, "journal head %d, committed head (head file) %d, %d records\n", s.HeadSeq, s.CommittedSeq, s.Records)
	fmt.Fprintf(&report, "The files in this directory are byte-for-byte copies made before SQLite opened the journal.\n%s\n", RecoveryAdvice(abs))
	if err := writeSynced(filepath.Join(dir, "DAMAGE.txt"), []byte(report.String())); err != nil {
		return "", fmt.Errorf("quarantine journal %s: %w", abs, err)
	}
	// The manifest last: a directory without one is not taken for a complete copy.
	if err := writeSynced(filepath.Join(dir, manifestName), []byte(manifest)); err != nil {
		return "", fmt.Errorf("quarantine journal %s: %w", abs, err)
	}
	if err := syncDir(filepath.Join(dir, manifestName)); err != nil {
		return "", fmt.Errorf("quarantine journal %s: %w", abs, err)
	}
	return dir, syncDir(dir)
}

// writeSynced writes b to a new file and syncs it.
func writeSynced(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
