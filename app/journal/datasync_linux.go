//go:build linux

package journal

import (
	"os"
	"syscall"
)

// fdatasync is fdatasync(2): the head file's size never changes, so its data is all there is to sync.
func fdatasync(f *os.File) error { return syscall.Fdatasync(int(f.Fd())) }
