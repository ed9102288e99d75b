//go:build !unix

package journal

import "os"

// writable reports nil: on systems without access(2) SQLite's own error is reported.
func writable(string) error { return nil }

// datasync flushes f to disk.
func datasync(f *os.File) error { return f.Sync() }

// syncDir does nothing where directories cannot be synced.
func syncDir(string) error { return nil }
