// Package atomicfile writes a file so that a crash or a power cut leaves either the old file
// or the new one, never half of one, and makes renames in a directory durable. The operator
// directory's copies, the backups and the setup's configuration are written with it.
package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// Write writes data to path atomically: into a new file beside it, with mode perm, synced;
// prepare, when not nil, is given that file's path before it is renamed over path (to set its
// group, say); then the rename, and the directory synced. On any error path is unchanged and
// the new file is removed.
func Write(path string, data []byte, perm os.FileMode, prepare func(tmp string) error) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer os.Remove(f.Name()) // after the rename there is nothing to remove
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && prepare != nil {
		err = prepare(f.Name())
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return SyncDir(dir)
}

// SyncDir makes the files created, renamed or removed in dir durable. A file system that
// cannot sync a directory (EINVAL) is not an error: there is nothing more to do on it.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if err != nil && !errors.Is(err, syscall.EINVAL) {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	return nil
}
