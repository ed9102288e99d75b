package console

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/internal/atomicfile"
	"github.com/coupboard/coupboard/internal/strictjson"
)

// The console's sign-in lockouts are kept across a restart of the pit server in one small
// JSON file under its state directory (Lockout.File; the pit server uses
// <store_dir>/console-lockouts.json), rewritten atomically at every wrong PIN and at every
// right one that clears a count, before the answer is given. It holds operator ids and times,
// never a PIN. A file that cannot be read stops the start, naming it: forgetting the lockouts
// on damage would let anyone who can damage it guess PINs again.

// lockoutSchema is the version of the file's encoding.
const lockoutSchema = 1

// maxLockoutFile bounds the file read at start.
const maxLockoutFile = 4 << 20

// lockoutFile is the file's encoding.
type lockoutFile struct {
	Schema   int                 `json:"schema"`
	Lockouts people.LockoutState `json:"lockouts"`
}

// loadLockouts restores ids from the file at path; a file that does not exist is no lockouts.
func loadLockouts(path string, ids *people.Lockouts) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("console sign-in lockouts %s: %w", path, err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxLockoutFile+1))
	if err != nil {
		return fmt.Errorf("console sign-in lockouts %s: %w", path, err)
	}
	damaged := func(why error) error {
		return fmt.Errorf("console sign-in lockouts %s: %w (move the file away to forget every lockout, after checking why)", path, why)
	}
	if len(b) > maxLockoutFile {
		return damaged(fmt.Errorf("more than %d bytes", maxLockoutFile))
	}
	var lf lockoutFile
	if err := strictjson.Decode(b, &lf); err != nil {
		return damaged(err)
	}
	if lf.Schema != lockoutSchema {
		return damaged(fmt.Errorf("schema %d, want %d", lf.Schema, lockoutSchema))
	}
	if err := ids.Restore(lf.Lockouts); err != nil {
		return damaged(err)
	}
	return nil
}

// saveLockouts writes s to the file at path, atomically.
func saveLockouts(path string, s people.LockoutState) error {
	b, err := json.Marshal(lockoutFile{Schema: lockoutSchema, Lockouts: s})
	if err != nil {
		return fmt.Errorf("console sign-in lockouts: %w", err)
	}
	if err := atomicfile.Write(path, b, 0o600, nil); err != nil {
		return fmt.Errorf("console sign-in lockouts: keep them across a restart: %w", err)
	}
	return nil
}
