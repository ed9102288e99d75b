package journal

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// SchemaVersion is the version of the database layout this package writes (PRAGMA user_version).
const SchemaVersion = 1

// ApplicationID marks an SQLite file as a coupboard journal (PRAGMA application_id, "CpBd").
// Journals created before it was set have 0 and the journal's tables; Open sets it on them.
const ApplicationID = 0x43704264

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
	// (0: the whole chain; negative: none, for tools that call Verify themselves).
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
// and any damage. A read-write Open refuses a damaged journal (a *DamageError carrying this
// report); a read-only Open reports the damage here for audit and export.
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
	// CommittedSeq is the last committed head the head file records (see HeadSuffix); 0 when
	// there is no head file.
	CommittedSeq int64 `json:"committed_seq"`
	// Missing says which committed records are not in the journal (it is behind, or differs
	// from, the head file): committed records were lost. Empty when none are.
	Missing string `json:"missing,omitempty"`
	// LostFrom and LostThrough are the committed records lost from the end of the journal
	// (it ends at LostFrom-1, the head file says LostThrough): the one loss a supervisor may
	// accept (AcceptLoss). Zero for any other damage.
	LostFrom    int64 `json:"lost_from,omitempty"`
	LostThrough int64 `json:"lost_through,omitempty"`
	// Accepted are the losses accepted earlier, as the chain records them (KindLossAccepted;
	// found when the whole chain is checked): never damage, never silent.
	Accepted []AcceptedLoss `json:"losses_accepted,omitempty"`
	// Warnings are findings that lose nothing but weaken the checks, e.g. a missing head file.
	Warnings []string `json:"warnings,omitempty"`
	// Quarantine is the directory holding byte-for-byte copies of the journal's files as
	// they were before this Open touched them (only when it found damage or a warning).
	Quarantine string `json:"quarantine,omitempty"`
}

// Damaged reports whether Open found committed records lost, changed or unreadable.
func (s Startup) Damaged() bool { return len(s.Integrity) > 0 || s.TailBad != nil || s.Missing != "" }

// Problems lists, for a person, what Open found wrong (empty when nothing is).
func (s Startup) Problems() []string {
	var out []string
	if s.Missing != "" {
		out = append(out, s.Missing)
	}
	if s.TailBad != nil {
		out = append(out, "hash chain broken at "+s.TailBad.String())
	}
	for _, p := range s.Integrity {
		out = append(out, "SQLite integrity check: "+p)
	}
	return out
}

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

	mu      sync.Mutex // serialises writers; guards head, headf, headErr and closed
	head    link
	headf   *headFile // the head file (nil when read-only)
	headErr error     // the last failure to write the head file, until a write succeeds
	closed  bool
	empty   bool // read-only, over a database with no journal tables (Startup.Missing says why)
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

// Open opens (creating it, and its directory, when needed) the journal at path.
//
// Before SQLite touches the files it reads the head file (see HeadSuffix) and keeps the -shm
// file's bytes; it then examines the journal through a read-only connection, which cannot
// checkpoint, rewrite or delete the write-ahead log: it checks that the file is a coupboard
// journal (ErrForeign), SQLite's quick_check (unless skipped), the whole hash chain (see
// Options.TailCheck), and that the journal holds every record the head file says was
// committed. What it finds is in Startup.
//
// A read-only Open reports damage in Startup. A read-write Open refuses a damaged journal:
// it first copies the journal's files byte for byte into a quarantine directory beside it
// (DamageError.Quarantine) and returns a *DamageError (ErrDamaged) that says what was lost and
// how to recover. A journal with records and no readable head file opens with a warning
// (Startup.Warnings), its files quarantined the same way, and a new head file.
//
// Open also fails when the journal cannot be used at all: the path is a directory, the
// directory or file cannot be created or read (ErrReadOnly), the file is not a database
// (ErrCorrupt, quarantined like damage), or the schema is newer than this program (ErrTooNew).
func Open(path string, opts Options) (*Journal, error) {
	if path == "" {
		return nil, errors.New("open journal: empty path")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("open journal %s: %w", path, err)
	}
	if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("open journal %s: it is a directory; give the path of the journal file (e.g. %s)", abs, filepath.Join(abs, "table.db"))
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
	head, err := readHead(abs + HeadSuffix)
	if err != nil {
		return nil, err
	}
	var walBytes int64
	if fi, err := os.Stat(abs + "-wal"); err == nil {
		walBytes = fi.Size()
	}
	if opts.ReadOnly {
		if fi, err := os.Stat(abs); err == nil && fi.Size() == 0 && walBytes > 0 {
			// SQLite would delete this log, even through a read-only connection: keep it
			// (this may be the quarantine copy) and report it.
			return &Journal{path: abs, opts: opts, empty: true, startup: Startup{Path: abs, CommittedSeq: head.seq,
				WALBytes: walBytes, UncleanShutdown: true,
				Missing: fmt.Sprintf("the database file is empty (0 bytes) while a write-ahead log of %d bytes is left beside it; SQLite cannot read that log", walBytes)}}, nil
		}
		return openReadOnly(abs, opts, head, walBytes)
	}
	ex, err := examineForWrite(abs, opts)
	defer ex.snap.done()
	if err != nil {
		if ex.quarantine {
			return nil, refuse(abs, ex.snap, ex.s, err)
		}
		return nil, err
	}
	s, snap, head := ex.s, ex.snap, ex.head
	if s.Damaged() {
		return nil, refuse(abs, snap, s, nil)
	}
	if len(s.Warnings) > 0 {
		if s.Quarantine, err = quarantine(abs, snap, s); err != nil {
			return nil, err
		}
	}
	db, err := sql.Open("sqlite", dsn(abs, opts, false))
	if err != nil {
		return nil, classify("open journal "+abs, err)
	}
	db.SetMaxIdleConns(2)
	j := &Journal{db: db, path: abs, opts: opts}
	if err := j.startWrite(s, head); err != nil {
		db.Close()
		return nil, err
	}
	return j, nil
}

// examination is what examineForWrite found before SQLite may write the journal's files.
type examination struct {
	s    Startup
	snap fileSnap  // the files as they were (the -wal and -shm bytes kept)
	head headState // what the head file says
	// quarantine is set with an error that refuses the journal as damaged (ErrCorrupt): its
	// files are to be copied aside with s.
	quarantine bool
}

// examineForWrite examines the journal at abs (an absolute path) for a read-write Open or a
// loss acceptance: it reads the head file, keeps the -wal and -shm files' bytes and examines
// the journal through a read-only connection, which cannot checkpoint, rewrite or delete the
// write-ahead log. A missing or empty database file is examined without SQLite.
func examineForWrite(abs string, opts Options) (examination, error) {
	var ex examination
	head, err := readHead(abs + HeadSuffix)
	if err != nil {
		return ex, err
	}
	ex.head = head
	var walBytes int64
	if fi, err := os.Stat(abs + "-wal"); err == nil {
		walBytes = fi.Size()
	}
	if ex.snap, err = snapshotFiles(abs); err != nil {
		return ex, err
	}
	var dbBytes int64 = -1
	if fi, err := os.Stat(abs); err == nil {
		dbBytes = fi.Size()
	}
	var s Startup
	if dbBytes <= 0 && walBytes == 0 {
		// Nothing for SQLite to read: a new journal, unless one was committed here before.
		s = Startup{Path: abs, CommittedSeq: head.seq}
		if head.valid && head.seq > 0 {
			what := "is missing"
			if dbBytes == 0 {
				what = "is empty (0 bytes)"
			}
			s.Missing = fmt.Sprintf("records 1 to %d are missing: the database file %s and there is no write-ahead log, but the head file says %d records were committed", head.seq, what, head.seq)
			s.LostFrom, s.LostThrough = 1, head.seq
		}
	} else if dbBytes <= 0 {
		// A journal's database file holds its header from the start (WAL mode is recorded
		// there). Without it SQLite would delete the log, or start a new database over it.
		what := "is missing"
		if dbBytes == 0 {
			what = "is empty (0 bytes)"
		}
		s = Startup{Path: abs, CommittedSeq: head.seq, WALBytes: walBytes, UncleanShutdown: true,
			Missing: fmt.Sprintf("the database file %s while a write-ahead log of %d bytes is left beside it", what, walBytes)}
		if head.valid && head.seq > 0 {
			s.Missing = fmt.Sprintf("records 1 to %d cannot be read: %s; the head file says %d records were committed", head.seq, s.Missing, head.seq)
		}
	} else if s, err = probe(abs, opts, head, walBytes); err != nil {
		if errors.Is(err, ErrCorrupt) {
			ex.s, ex.quarantine = Startup{Path: abs, Integrity: []string{err.Error()}, CommittedSeq: head.seq}, true
		}
		return ex, err
	}
	ex.s = s
	return ex, nil
}

// openReadOnly opens the journal with SQLite's mode=ro and reports what it finds.
func openReadOnly(abs string, opts Options, head headState, walBytes int64) (*Journal, error) {
	immutable := false
	if writable(filepath.Dir(abs)) != nil {
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
	s, id, err := j.examine(head, walBytes)
	if err == nil && id == idEmpty {
		if s.Missing == "" {
			err = fmt.Errorf("open journal %s read-only: no journal in this file", abs)
		}
		j.empty = true // what the head file says was committed is all missing
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	j.startup = s
	j.head = link{seq: s.HeadSeq, hash: s.HeadHash}
	return j, nil
}

// probe examines the journal through a read-only connection that it closes again: SQLite
// cannot checkpoint, rewrite or delete the write-ahead log through it.
func probe(abs string, opts Options, head headState, walBytes int64) (Startup, error) {
	ro := opts
	ro.ReadOnly = true
	db, err := sql.Open("sqlite", dsn(abs, ro, false))
	if err != nil {
		return Startup{}, classify("open journal "+abs, err)
	}
	defer db.Close()
	db.SetMaxIdleConns(1)
	j := &Journal{db: db, path: abs, opts: ro}
	s, _, err := j.examine(head, walBytes)
	return s, err
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

// identity is what kind of SQLite file Open found.
type identity int

const (
	idEmpty   identity = iota // a database with nothing in it: a new journal
	idLegacy                  // a journal of version 1 written before ApplicationID was set
	idJournal                 // a coupboard journal
)

// identify tells a coupboard journal from an empty database and from any other SQLite file
// (ErrForeign), by its application id, schema version and tables.
func (j *Journal) identify(ctx context.Context) (identity, error) {
	var appID, version int
	if err := j.db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&appID); err != nil {
		return 0, classify("open journal "+j.path, err)
	}
	if err := j.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return 0, classify("open journal "+j.path, err)
	}
	var tables []string
	err := each2(ctx, j.db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", func(name string) { tables = append(tables, name) })
	if err != nil {
		return 0, classify("open journal "+j.path+": list tables", err)
	}
	ours := appID == ApplicationID || appID == 0 && version >= 1 && slices.Contains(tables, "records")
	switch {
	case appID == 0 && version == 0 && len(tables) == 0:
		return idEmpty, nil
	case ours && version > SchemaVersion:
		return 0, fmt.Errorf("open journal %s: %w: version %d, this program knows %d", j.path, ErrTooNew, version, SchemaVersion)
	case ours && version == SchemaVersion && hasAll(tables, "anchor", "published", "records"):
		if _, err := j.db.ExecContext(ctx, selectColumns+" LIMIT 0"); err != nil {
			return 0, fmt.Errorf("open journal %s: %w: its records table does not have the journal's columns: %w", j.path, ErrForeign, err)
		}
		if appID == 0 {
			return idLegacy, nil
		}
		return idJournal, nil
	}
	if len(tables) == 0 {
		tables = []string{"none"}
	}
	return 0, fmt.Errorf("open journal %s: %w: the SQLite file has application_id %#x, user_version %d and tables %s (a coupboard journal has application_id %#x, user_version %d and the tables anchor, published, records); give the path of the table's journal",
		j.path, ErrForeign, appID, version, strings.Join(tables, ", "), ApplicationID, SchemaVersion)
}

// hasAll reports whether every name is in list.
func hasAll(list []string, names ...string) bool {
	for _, n := range names {
		if !slices.Contains(list, n) {
			return false
		}
	}
	return true
}

// each2 runs a query of one text column and calls fn with each value.
func each2(ctx context.Context, q queryer, query string, fn func(string)) error {
	rows, err := q.QueryContext(ctx, query)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return err
		}
		fn(v)
	}
	return rows.Err()
}

// examine identifies the file and fills in the Startup report: SQLite's quick_check, the head
// of the chain, the chain itself (Options.TailCheck) and the comparison with the head file.
func (j *Journal) examine(head headState, walBytes int64) (Startup, identity, error) {
	ctx := context.Background()
	s := Startup{Path: j.path, WALBytes: walBytes, UncleanShutdown: walBytes > 0, CommittedSeq: head.seq}
	id, err := j.identify(ctx)
	if err != nil {
		return s, id, err
	}
	if id != idEmpty {
		if err := j.examineChain(ctx, &s); err != nil {
			return s, id, err
		}
	}
	compareHead(&s, head, id, j)
	return s, id, nil
}

// examineChain runs quick_check, reads the head and verifies the chain.
func (j *Journal) examineChain(ctx context.Context, s *Startup) error {
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
	s.IntactThrough = s.HeadSeq
	if j.opts.TailCheck < 0 || s.Records == 0 {
		return nil
	}
	from := int64(0)
	if j.opts.TailCheck > 0 {
		from = max(s.HeadSeq-int64(j.opts.TailCheck)+1, s.FirstSeq)
	}
	res, err := j.verifyFrom(ctx, from)
	if err != nil {
		return err
	}
	s.TailChecked = res.Records
	s.Accepted = res.Losses
	if res.Bad != nil {
		s.TailBad = res.Bad
		s.IntactThrough = res.Bad.Seq - 1
	}
	return nil
}

// compareHead checks the journal against the head file: a journal behind the head file, or
// one whose record at the committed head has another hash, lost committed records. A journal
// ahead of it is fine (a crash between a commit and the head write).
func compareHead(s *Startup, head headState, id identity, j *Journal) {
	switch {
	case !head.present && id == idLegacy:
		// written before the head file existed: there is nothing to compare with
	case !head.present && s.HeadSeq > 0:
		s.Warnings = append(s.Warnings, fmt.Sprintf("the head file %s is missing: the journal's %d records cannot be checked for records lost from its end", j.path+HeadSuffix, s.HeadSeq))
	case head.present && !head.valid:
		s.Warnings = append(s.Warnings, fmt.Sprintf("%s: the journal cannot be checked for records lost from its end", head.problem))
	case !head.valid:
	case s.HeadSeq < head.seq:
		from := s.HeadSeq + 1
		s.Missing = fmt.Sprintf("records %d to %d are missing: the journal ends at record %d but the head file says %d records were committed (a lost, damaged or cut write-ahead log, or a cut database file)", from, head.seq, s.HeadSeq, head.seq)
		s.LostFrom, s.LostThrough = from, head.seq
	case s.HeadSeq == head.seq && s.HeadHash != head.hash:
		s.Missing = fmt.Sprintf("record %d differs from the one committed: its hash is %s, the head file says %s", head.seq, s.HeadHash, head.hash)
	case s.HeadSeq > head.seq && head.seq > 0:
		var h []byte
		err := j.db.QueryRow("SELECT hash FROM records WHERE seq = ?", head.seq).Scan(&h)
		if err == nil && !bytes.Equal(h, head.hash[:]) {
			s.Missing = fmt.Sprintf("record %d differs from the one committed: its hash is %x, the head file says %s", head.seq, h, head.hash)
		}
	}
}

// startWrite creates the schema of a new journal (or marks a legacy one), reads the head and
// writes the head file.
func (j *Journal) startWrite(s Startup, head headState) error {
	ctx := context.Background()
	id, err := j.identify(ctx)
	if err != nil {
		return err
	}
	switch id {
	case idEmpty:
		if err := j.createSchema(ctx); err != nil {
			return err
		}
	case idLegacy:
		if _, err := j.db.ExecContext(ctx, fmt.Sprintf("PRAGMA application_id = %d", ApplicationID)); err != nil {
			return classify("open journal "+j.path+": mark it a coupboard journal", err)
		}
	}
	// The probe read the chain's head; read it again through this connection.
	var cur Startup
	if err := j.examineChainHead(ctx, &cur); err != nil {
		return err
	}
	if cur.HeadSeq < s.HeadSeq {
		return fmt.Errorf("open journal %s: %w: the journal ended at record %d when examined and at %d when opened", j.path, ErrDamaged, s.HeadSeq, cur.HeadSeq)
	}
	s.Records, s.FirstSeq, s.HeadSeq, s.HeadHash = cur.Records, cur.FirstSeq, cur.HeadSeq, cur.HeadHash
	if s.TailBad == nil {
		s.IntactThrough = s.HeadSeq
	}
	j.head = link{seq: s.HeadSeq, hash: s.HeadHash}
	hf, err := openHeadFile(j.path+HeadSuffix, head)
	if err != nil {
		return err
	}
	if !head.valid || head.seq != s.HeadSeq || head.hash != s.HeadHash {
		if err := hf.writeBoth(s.HeadSeq, s.HeadHash); err != nil {
			_ = hf.close()
			return err
		}
	}
	j.headf = hf
	j.startup = s
	return nil
}

// examineChainHead reads the size and head of the chain without verifying it.
func (j *Journal) examineChainHead(ctx context.Context, s *Startup) error {
	o := j.opts
	defer func() { j.opts = o }()
	j.opts.SkipIntegrityCheck, j.opts.TailCheck = true, -1
	return j.examineChain(ctx, s)
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
	if _, err := tx.ExecContext(ctx, schema+fmt.Sprintf("PRAGMA application_id = %d;", ApplicationID)); err != nil {
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
	if j.db == nil {
		return nil
	}
	err := classify("close journal "+j.path, j.db.Close())
	if hf := j.headf; hf != nil {
		err = errors.Join(err, j.headErr, hf.close())
	}
	return err
}

// SetAside renames a journal that cannot be opened (ErrCorrupt) out of the way, with its -wal,
// -shm and head files, by appending "."+suffix to each name (e.g. a timestamp the caller formats),
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
	for _, ext := range journalFiles {
		err := os.Rename(path+ext, dst+ext)
		if err != nil && !(ext != "" && errors.Is(err, fs.ErrNotExist)) {
			return "", classify("set aside journal "+path, err)
		}
	}
	return dst, nil
}
