//go:build unix

package journal

import "syscall"

// writable reports why path (a directory or file) cannot be written, or nil. It asks the
// kernel (access(2)), so a read-only file system is caught even for root.
func writable(path string) error {
	const wOK = 2 // W_OK
	return syscall.Access(path, wOK)
}
