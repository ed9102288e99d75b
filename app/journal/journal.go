package journal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// SchemaVersion is the version of the database layout this package writes (PRAGMA user_version).
const SchemaVersion = 1

// DefaultTailCheck is how many of the newest records Open verifies when Options.TailCheck is 0.
const DefaultTailCheck = 1000

// DefaultBusyTimeoutMS is how long a statement waits for another process's lock, in milliseconds.
const DefaultBusyTimeoutMS = 5000

// Options configure Open. The zero value opens read-write with the defaults.
type Options struct {
	// Table is the table id AppendBatch writes into records that have none.
	Table string
	// ReadOnly opens the database with SQLite's mode=ro (for audit verify, export and recall
	// from another process). Appends then fail with ErrReadOnly.
	ReadOnly bool
	// TailCheck is how many of the newest records Open verifies against the chain
	// (0: DefaultTailCheck; negative: none). Verify checks the whole chain.
	TailCheck int
	// SkipIntegrityCheck skips SQLite's quick_check on Open (it reads the whole file).
	SkipIntegrityCheck bool
	// MaxPages caps the database size in pages of 4 KiB (PRAGMA max_page_count); 0 leaves
	// SQLite's default. Reaching it fails appends with ErrDiskFull, exactly like a full disk.
	MaxPages int
	// BusyTimeoutMS is how long to wait for another process's lock (0: DefaultBusyTimeoutMS).
	BusyTimeoutMS int
	// PruneBatch is how many records one pruning transaction deletes (0: DefaultPruneBatch).
	PruneBatch int
	// KeepUnpublished stops Prune from deleting records the pit bus has not acknowledged
	// (those after the SetPublished marker).
	KeepUnpublished bool
}

// Startup is what Open found: the size of the journal, whether the last run ended cleanly,
// and any damage. Open never fails because of damage it can work around; it reports it here
// so the app can show it and replay only what is intact.
type Startup struct {
	Path     string `json:"path"`
	Records  int64  `json:"records"`   // records in the journal
	FirstSeq int64  `json:"first_seq"` // lowest seq still present (0 when empty)
	HeadSeq  int64  `json:"head_seq"`  // highest seq (0 when empty)
	HeadHash Hash   `json:"head_hash"` // hash of the head record
	// UncleanShutdown is set when a non-empty write-ahead log was left from the last run:
	// it did not close the journal (crash, kill, power cut). SQLite has replayed every
	// complete committed transaction in it and dropped a torn tail, if any.
	UncleanShutdown bool  `json:"unclean_shutdown"`
	WALBytes        int64 `json:"wal_bytes"` // size of that write-ahead log before recovery
	// Integrity lists what SQLite's quick_check reported (empty when the file is sound).
	Integrity []string `json:"integrity,omitempty"`
	// TailChecked is how many of the newest records were verified against the chain.
	TailChecked int64 `json:"tail_checked"`
	// TailBad is the first bad record in the checked tail, or nil.
	TailBad *BadRecord `json:"tail_bad,omitempty"`
	// IntactThrough is the last seq that is safe to replay: HeadSeq when nothing is wrong,
	// otherwise the record before the first bad one.
	IntactThrough int64 `json:"intact_through"`
}

// Damaged reports whether Open found anything wrong.
func (s Startup) Damaged() bool { return len(s.Integrity) > 0 || s.TailBad != nil }

// link is the head of the chain: the last record's seq and hash.
type link struct {
	seq  int64
	hash Hash
}

// Journal is an open journal. Its methods are safe for concurrent use: appends and pruning
// are serialised; reads run alongside them (WAL).
type Journal struct {
	db      *sql.DB
	path    string
	opts    Options
	startup Startup

	mu     sync.Mutex // serialises writers; guards head and closed
	head   link
	closed bool
}

// PathFor is the journal a command names: the --db path, or the default path of the --table id
// (exactly one of them).
func PathFor(db, table string) (string, error) {
	switch {
	case db != "" && table != "":
		return "", errors.New("give --db or --table, not both")
	case db != "":
		return db, nil
	case table != "":
		return DefaultPath(table)
	}
	return "", errors.New("no journal: give --db PATH or --table ID")
}

// DefaultPath returns where the journal of table lives by default:
// $XDG_DATA_HOME/coupboard/<table>.db, or ~/.local/share/coupboard/<table>.db when
// XDG_DATA_HOME is unset or not absolute (XDG Base Directory specification).
func DefaultPath(table string) (string, error) {
	if table == "" || strings.ContainsAny(table, `/\`) || table == "." || table == ".." {
		return "", fmt.Errorf("journal path for table %q: not a usable file name", table)
	}
	dir := os.Getenv("XDG_DATA_HOME")
	if !filepath.IsAbs(dir) {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("journal path for table %q: %w", table, err)
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "coupboard", table+".db"), nil
}

// dsn builds the modernc.org/sqlite connection string for path; immutable (read-only only)
// tells SQLite the file cannot change, for a journal on read-only media.
func dsn(path string, o Options, immutable bool) string {
	q := url.Values{}
	busy := o.BusyTimeoutMS
	if busy <= 0 {
		busy = DefaultBusyTimeoutMS
	}
	q.Add("_pragma", "busy_timeout("+strconv.Itoa(busy)+")")
	if o.ReadOnly {
		q.Set("mode", "ro")
		if immutable {
			q.Set("immutable", "1")
		}
	} else {
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "synchronous(FULL)")
		q.Set("_txlock", "immediate")
	}
	if o.MaxPages > 0 {
		q.Add("_pragma", "max_page_count("+strconv.Itoa(o.MaxPages)+")")
	}
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
}

// Open opens (creating it, and its directory, when needed) the journal at path. It checks
// the file (quick_check unless skipped), loads the head of the chain and verifies the newest
// records; what it finds is in Startup. It fails only when the journal cannot be used at all:
// the directory or file cannot be created or read (ErrReadOnly), the file is not a database
// (ErrCorrupt), or the schema is newer than this program (ErrTooNew).
func Open(path string, opts Options) (*Journal, error) {
	if path == "" {
		return nil, errors.New("open journal: empty path")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("open journal %s: %w", path, err)
	}
	if !opts.ReadOnly {
		dir := filepath.Dir(abs)
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, classify("create journal directory "+dir, err)
		}
		// SQLite needs to create the -wal and -shm files beside the database.
		if err := writable(dir); err != nil {
			return nil, classify("open journal "+abs+": directory "+dir+" is not writable", err)
		}
		if err := writable(abs); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, classify("open journal "+abs+": file is not writable", err)
		}
	} else if _, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("open journal %s read-only: %w", abs, err)
	}
	var walBytes int64
	if fi, err := os.Stat(abs + "-wal"); err == nil {
		walBytes = fi.Size()
	}
	immutable := false
	if opts.ReadOnly && writable(filepath.Dir(abs)) != nil {
		// SQLite cannot make the -shm file it reads a WAL database with. With no
		// write-ahead log left (a clean close) the file is complete: read it as immutable.
		if walBytes > 0 {
			return nil, fmt.Errorf("open journal %s read-only: %w: its directory is not writable and it has a write-ahead log of %d bytes; copy the journal with its -wal file to a writable directory", abs, ErrReadOnly, walBytes)
		}
		immutable = true
	}
	db, err := sql.Open("sqlite", dsn(abs, opts, immutable))
	if err != nil {
		return nil, classify("open journal "+abs, err)
	}
	db.SetMaxIdleConns(2)
	j := &Journal{db: db, path: abs, opts: opts}
	if err := j.start(walBytes); err != nil {
		db.Close()
		return nil, err
	}
	return j, nil
}

// schema is the layout of version 1.
const schema = `
CREATE TABLE records (
	seq        INTEGER PRIMARY KEY,
	time_ns    INTEGER NOT NULL,
	table_id   TEXT    NOT NULL,
	kind       TEXT    NOT NULL,
	source     TEXT    NOT NULL,
	actor_role TEXT    NOT NULL,
	actor_id   TEXT    NOT NULL,
	reason     TEXT    NOT NULL,
	shoe       INTEGER NOT NULL,
	payload    BLOB    NOT NULL,
	prev_hash  BLOB    NOT NULL,
	hash       BLOB    NOT NULL
);
CREATE INDEX records_shoe ON records(shoe, kind);
CREATE INDEX records_time ON records(time_ns);
CREATE TABLE anchor (
	id           INTEGER PRIMARY KEY CHECK (id = 1),
	through_seq  INTEGER NOT NULL,
	through_hash BLOB    NOT NULL
);
CREATE TABLE published (
	id  INTEGER PRIMARY KEY CHECK (id = 1),
	seq INTEGER NOT NULL
);
PRAGMA user_version = 1;
`

// start migrates the schema and fills in the Startup report.
func (j *Journal) start(walBytes int64) error {
	ctx := context.Background()
	var version int
	if err := j.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return classify("open journal "+j.path, err)
	}
	switch {
	case version > SchemaVersion:
		return fmt.Errorf("open journal %s: %w: version %d, this program knows %d", j.path, ErrTooNew, version, SchemaVersion)
	case version == 0 && j.opts.ReadOnly:
		return fmt.Errorf("open journal %s read-only: no journal in this file", j.path)
	case version == 0:
		if err := j.createSchema(ctx); err != nil {
			return err
		}
	}
	s := Startup{Path: j.path, WALBytes: walBytes, UncleanShutdown: walBytes > 0}
	if !j.opts.SkipIntegrityCheck {
		problems, err := j.quickCheck(ctx)
		if err != nil {
			return err
		}
		s.Integrity = problems
	}
	if err := j.db.QueryRowContext(ctx,
		"SELECT count(*), coalesce(min(seq), 0), coalesce(max(seq), 0) FROM records").Scan(&s.Records, &s.FirstSeq, &s.HeadSeq); err != nil {
		return classify("open journal "+j.path+": count records", err)
	}
	if s.HeadSeq > 0 {
		var h []byte
		if err := j.db.QueryRowContext(ctx, "SELECT hash FROM records WHERE seq = ?", s.HeadSeq).Scan(&h); err != nil {
			return classify("open journal "+j.path+": read head", err)
		}
		copy(s.HeadHash[:], h)
	} else if a, err := j.anchor(ctx, j.db); err != nil {
		return err
	} else {
		s.HeadSeq, s.HeadHash = a.seq, a.hash
	}
	j.head = link{seq: s.HeadSeq, hash: s.HeadHash}
	s.IntactThrough = s.HeadSeq
	tail := j.opts.TailCheck
	if tail == 0 {
		tail = DefaultTailCheck
	}
	if tail > 0 && s.Records > 0 {
		from := max(s.HeadSeq-int64(tail)+1, s.FirstSeq)
		res, err := j.verifyFrom(ctx, from)
		if err != nil {
			return err
		}
		s.TailChecked = res.Records
		if res.Bad != nil {
			s.TailBad = res.Bad
			s.IntactThrough = res.Bad.Seq - 1
		}
	}
	j.startup = s
	return nil
}

// createSchema creates the tables of a new journal.
func (j *Journal) createSchema(ctx context.Context) error {
	tx, err := j.db.BeginTx(ctx, nil)
	if err != nil {
		return classify("create journal schema in "+j.path, err)
	}
	defer tx.Rollback() //nolint:errcheck // after Commit this is a no-op
	var version int
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return classify("create journal schema in "+j.path, err)
	}
	if version != 0 { // another process created it meanwhile
		return nil
	}
	if _, err := tx.ExecContext(ctx, schema); err != nil {
		return classify("create journal schema in "+j.path, err)
	}
	return classify("create journal schema in "+j.path, tx.Commit())
}

// quickCheck runs PRAGMA quick_check and returns its complaints (nil when "ok").
func (j *Journal) quickCheck(ctx context.Context) ([]string, error) {
	rows, err := j.db.QueryContext(ctx, "PRAGMA quick_check(20)")
	if err != nil {
		if errors.Is(kindOf(err), ErrCorrupt) {
			return []string{err.Error()}, nil
		}
		return nil, classify("check journal "+j.path, err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return nil, classify("check journal "+j.path, err)
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		if errors.Is(kindOf(err), ErrCorrupt) {
			return append(problems, err.Error()), nil
		}
		return nil, classify("check journal "+j.path, err)
	}
	return problems, nil
}

// Startup returns what Open found.
func (j *Journal) Startup() Startup { return j.startup }

// Path returns the absolute path of the database file.
func (j *Journal) Path() string { return j.path }

// Head returns the seq and hash of the newest record (0 and the zero hash when empty).
func (j *Journal) Head() (int64, Hash) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.head.seq, j.head.hash
}

// Close closes the database. A clean close checkpoints the write-ahead log into the main file
// and removes it, so the next Open reports a clean shutdown.
func (j *Journal) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		return nil
	}
	j.closed = true
	return classify("close journal "+j.path, j.db.Close())
}

// SetAside renames a journal that cannot be opened (ErrCorrupt) out of the way, with its -wal
// and -shm files, by appending "."+suffix to each name (e.g. a timestamp the caller formats),
// so that the table can start a new journal while the damaged one is kept for investigation.
// It returns the new name of the database file.
func SetAside(path, suffix string) (string, error) {
	if suffix == "" || strings.ContainsAny(suffix, `/\`) {
		return "", fmt.Errorf("set aside journal %s: suffix %q is not usable in a file name", path, suffix)
	}
	dst := path + "." + suffix
	if _, err := os.Lstat(dst); err == nil {
		return "", fmt.Errorf("set aside journal %s: %s already exists", path, dst)
	}
	for _, ext := range []string{"", "-wal", "-shm"} {
		err := os.Rename(path+ext, dst+ext)
		if err != nil && !(ext != "" && errors.Is(err, fs.ErrNotExist)) {
			return "", classify("set aside journal "+path, err)
		}
	}
	return dst, nil
}
