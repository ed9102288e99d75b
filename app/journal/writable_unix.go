//go:build unix

package journal

import (
	"os"
	"path/filepath"
	"syscall"

	"github.com/coupboard/coupboard/internal/atomicfile"
)

// writable reports why path (a directory or file) cannot be written, or nil. It asks the
// kernel (access(2)), so a read-only file system is caught even for root.
func writable(path string) error {
	const wOK = 2 // W_OK
	return syscall.Access(path, wOK)
}

// datasync flushes f's data (not its times) to disk: fdatasync(2) where there is one.
func datasync(f *os.File) error { return fdatasync(f) }

// syncDir syncs the directory holding path, so that a file created in it survives a power cut.
func syncDir(path string) error { return atomicfile.SyncDir(filepath.Dir(path)) }
