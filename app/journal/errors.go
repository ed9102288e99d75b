package journal

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Errors the journal wraps so that callers can tell failures apart with errors.Is. The
// wrapped error keeps SQLite's or the operating system's own message.
var (
	// ErrDiskFull: the disk (or the configured size limit, Options.MaxPages) is full. The
	// transaction was rolled back; the journal is unchanged and still consistent.
	ErrDiskFull = errors.New("journal disk full")
	// ErrReadOnly: the journal was opened read-only, or its file or directory cannot be written.
	ErrReadOnly = errors.New("journal is read-only")
	// ErrCorrupt: the file is not a database, or SQLite found it malformed.
	ErrCorrupt = errors.New("journal database is corrupt")
	// ErrBusy: another process holds the database lock longer than the busy timeout.
	ErrBusy = errors.New("journal database is locked by another process")
	// ErrClosed: the journal has been closed.
	ErrClosed = errors.New("journal is closed")
	// ErrTooNew: the database was written by a newer version of coupboard.
	ErrTooNew = errors.New("journal schema is newer than this program")
)

// classify wraps err with the sentinel that says what kind of failure it is, when it is one
// of those; context says what the journal was doing.
func classify(context string, err error) error {
	if err == nil {
		return nil
	}
	if kind := kindOf(err); kind != nil {
		return fmt.Errorf("%s: %w: %w", context, kind, err)
	}
	return fmt.Errorf("%s: %w", context, err)
}

// kindOf returns the sentinel error for err, or nil.
func kindOf(err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_FULL:
			return ErrDiskFull
		case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM:
			return ErrReadOnly
		case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
			return ErrCorrupt
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return ErrBusy
		case sqlite3.SQLITE_IOERR:
			if se.Code() == sqlite3.SQLITE_IOERR_SHORT_READ {
				return ErrCorrupt
			}
		}
	}
	if errors.Is(err, syscall.ENOSPC) {
		return ErrDiskFull
	}
	if errors.Is(err, syscall.EROFS) || errors.Is(err, fs.ErrPermission) {
		return ErrReadOnly
	}
	return nil
}

// Failure is the kind of a journal failure, for a screen to word in the players' or the
// operator's language (display/i18n); the error's own text, SQLite's or the operating
// system's English, stays in the log.
type Failure string

// The kinds of failure FailureOf tells apart.
const (
	FailureOther    Failure = "other"     // none of the others: the log says what
	FailureDiskFull Failure = "disk_full" // no space left (or the size limit reached)
	FailureReadOnly Failure = "read_only" // the file, its directory or its disk cannot be written
	FailureIO       Failure = "io"        // the disk failed to read or write (EIO, SQLITE_IOERR)
	FailureCorrupt  Failure = "corrupt"   // the database is damaged or not a database
)

// FailureOf is the kind of failure err is: by the journal's sentinels (ErrDiskFull,
// ErrReadOnly, ErrCorrupt), SQLite's result code or the system's errno (ENOSPC, EROFS, EIO),
// wherever err wraps them.
func FailureOf(err error) Failure {
	if err == nil {
		return FailureOther
	}
	kind := kindOf(err)
	switch {
	case kind == ErrDiskFull || errors.Is(err, ErrDiskFull):
		return FailureDiskFull
	case kind == ErrReadOnly || errors.Is(err, ErrReadOnly):
		return FailureReadOnly
	case kind == ErrCorrupt || errors.Is(err, ErrCorrupt) || errors.Is(err, ErrDamaged):
		return FailureCorrupt
	case errors.Is(err, syscall.EIO):
		return FailureIO
	}
	var se *sqlite.Error
	if errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_IOERR {
		return FailureIO
	}
	return FailureOther
}
