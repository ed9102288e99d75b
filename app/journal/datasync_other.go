//go:build unix && !linux

package journal

import "os"

// fdatasync falls back to fsync(2) where Go has no fdatasync.
func fdatasync(f *os.File) error { return f.Sync() }
