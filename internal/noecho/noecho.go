// Package noecho turns a terminal's echo off while a secret (a PIN) is typed on it: the setup
// and the pit server's directory commands read PINs with it.
package noecho

import (
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// Off turns the echo of in off when in is a terminal. restore turns it back on (it does
// nothing when the echo was not turned off); tty reports whether in is a terminal; err is why
// the echo of a terminal could not be turned off.
func Off(in io.Reader) (restore func(), tty bool, err error) {
	restore = func() {}
	f, ok := in.(*os.File)
	if !ok {
		return restore, false, nil
	}
	fd := int(f.Fd())
	saved, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return restore, false, nil
	}
	quiet := *saved
	quiet.Lflag &^= unix.ECHO
	if err := unix.IoctlSetTermios(fd, unix.TCSETS, &quiet); err != nil {
		return restore, true, fmt.Errorf("turn the echo off: %w", err)
	}
	return func() { _ = unix.IoctlSetTermios(fd, unix.TCSETS, saved) }, true, nil
}
