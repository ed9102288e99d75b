//go:build !linux || ppc64 || ppc64le

package serialin

import (
	"errors"

	"go.bug.st/serial"
)

// errNotSerial marks a device that takes no serial settings; only tty_linux.go's openPort
// finds it.
var errNotSerial = errors.New("not a terminal")

// openPort opens the serial device name through go.bug.st/serial: only on Linux (amd64, arm64
// and the others whose termios2 golang.org/x/sys knows) do reads go through Go's poller
// (tty_linux.go).
func openPort(name string, mode *serial.Mode) (link, error) {
	return openSelectPort(name, mode)
}
