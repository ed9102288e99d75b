package journal

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Snapshot writes a consistent copy of the journal to dest, a path that must not exist, with
// SQLite's VACUUM INTO (one read transaction: the table's appends go on meanwhile, and the
// copy holds every record committed before it began), then a head file beside the copy
// (dest+HeadSuffix) naming the copy's newest record, so that opening the copy checks that it
// is whole. It works on a read-only journal (another process's, e.g. the running table's).
// It returns the copy's newest record's seq and hash. On failure (a full disk among others)
// it removes what it wrote.
func (j *Journal) Snapshot(ctx context.Context, dest string) (int64, Hash, error) {
	if j.db == nil {
		return 0, Hash{}, fmt.Errorf("snapshot journal %s: no database to copy", j.path)
	}
	if _, err := os.Lstat(dest); err == nil {
		return 0, Hash{}, fmt.Errorf("snapshot journal %s: %s already exists", j.path, dest)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return 0, Hash{}, classify("snapshot journal "+j.path, err)
	}
	fail := func(err error) (int64, Hash, error) {
		os.Remove(dest)
		os.Remove(dest + HeadSuffix)
		return 0, Hash{}, err
	}
	if _, err := j.db.ExecContext(ctx, "VACUUM INTO ?", dest); err != nil {
		return fail(classify("snapshot journal "+j.path+" to "+dest, err))
	}
	if err := syncFile(dest); err != nil {
		return fail(classify("snapshot journal "+j.path+" to "+dest, err))
	}
	c, err := Open(dest, Options{ReadOnly: true, TailCheck: -1, SkipIntegrityCheck: true})
	if err != nil {
		return fail(fmt.Errorf("snapshot journal %s: read the copy: %w", j.path, err))
	}
	seq, h := c.Head()
	if err := c.Close(); err != nil {
		return fail(fmt.Errorf("snapshot journal %s: read the copy: %w", j.path, err))
	}
	if err := WriteHeadFile(dest+HeadSuffix, seq, h); err != nil {
		return fail(err)
	}
	return seq, h, nil
}

// WriteHeadFile writes a new head file at path (it must not exist) recording seq and hash as
// the last committed record (both slots), synced to disk: for a journal copied whole, whose
// head is known (see Snapshot).
func WriteHeadFile(path string, seq int64, h Hash) error {
	b := make([]byte, headFileSize)
	slot := encodeHeadSlot(seq, h)
	copy(b, slot)
	copy(b[headSlotSpacing:], slot)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return classify("write journal head file "+path, err)
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return classify("write journal head file "+path, err)
	}
	return nil
}

// syncFile flushes a file written by someone else (SQLite) to disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
