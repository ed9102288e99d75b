//go:build !linux

package serialin

import (
	"errors"

	"go.bug.st/serial"
)

// errNotSerial marks a device that takes no serial settings; only Linux's openPort finds it.
var errNotSerial = errors.New("not a terminal")

// openPort opens the serial device name through go.bug.st/serial: only Linux's reads go through
// Go's poller (tty_linux.go).
func openPort(name string, mode *serial.Mode) (link, error) {
	return openSelectPort(name, mode)
}
