//go:build linux && !ppc64 && !ppc64le

package serialin

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"go.bug.st/serial"
	"golang.org/x/sys/unix"
)

// ttyLink is a serial device read through Go's poller (a pollLink over the device's file): a
// Read that waits for the shoe parks its goroutine on the runtime's epoll and holds no thread
// in a system call. go.bug.st/serial's Read waits in select(2) instead, a blocking call of up
// to its read timeout: the Go runtime takes the caller's P back from each after 10 ms, and its
// sysmon thread then wakes every 20 µs for the next millisecond or more, which on a small
// two-core table PC took a vCPU from the window's frames (docs/performance.md §27). A line
// that hangs up (a USB adapter unplugged, a pseudo-terminal's other end closed) is a read
// error (EIO or end of file), which ends the connection.
type ttyLink struct {
	pollLink          // reads the device
	file     *os.File // the device, also pollLink's conn
}

// newTTYLink reads the device f through the poller.
func newTTYLink(f *os.File) ttyLink { return ttyLink{pollLink{f}, f} }

// Close gives up the exclusive use of the device and closes it; a Read in progress on another
// goroutine returns at once with an error.
func (l ttyLink) Close() error {
	if rc, err := l.file.SyscallConn(); err == nil {
		_ = rc.Control(func(fd uintptr) { _ = unix.IoctlSetInt(int(fd), unix.TIOCNXCL, 0) })
	}
	return l.file.Close()
}

// errNotSerial marks a device that takes no serial settings: getting or setting them fails with
// ENOTTY or EINVAL (not a terminal). Another failure, EIO from an adapter pulled during the
// open, keeps its own error.
var errNotSerial = errors.New("not a terminal")

// errNotPollable marks a device Go's poller cannot wait on; openPort then opens it through
// go.bug.st/serial, whose reads wait in select(2).
var errNotPollable = errors.New("not pollable")

// openPort opens the serial device name with the settings of mode, for reading through the
// poller, or, for a device the poller cannot wait on, through go.bug.st/serial.
func openPort(name string, mode *serial.Mode) (link, error) {
	l, err := openTTY(name, mode)
	if errors.Is(err, errNotPollable) {
		return openSelectPort(name, mode)
	}
	return l, err
}

// openTTY opens name non-blocking, puts it in raw mode with mode's speed and framing (as
// go.bug.st/serial's Open does), takes exclusive use of it, and hands the descriptor to the
// poller.
func openTTY(name string, mode *serial.Mode) (link, error) {
	fd, err := unix.Open(name, unix.O_RDWR|unix.O_NOCTTY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	if err := configureTTY(fd, mode); err != nil {
		unix.Close(fd)
		return nil, err
	}
	if err := unix.IoctlSetInt(fd, unix.TIOCEXCL, 0); err != nil {
		unix.Close(fd)
		return nil, fmt.Errorf("take exclusive use: %w", err)
	}
	f := os.NewFile(uintptr(fd), name) // non-blocking: NewFile registers it with the poller
	if err := f.SetReadDeadline(time.Time{}); err != nil {
		newTTYLink(f).Close()
		return nil, fmt.Errorf("%w: %v", errNotPollable, err)
	}
	return newTTYLink(f), nil
}

// configureTTY sets the terminal's settings (setTermios) and, for a rate with no speed code,
// its speed by number.
func configureTTY(fd int, mode *serial.Mode) error {
	t, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return settingsError("get settings", err)
	}
	standard, err := setTermios(t, mode)
	if err != nil {
		return err
	}
	if err := unix.IoctlSetTermios(fd, unix.TCSETS, t); err != nil {
		return settingsError("set settings", err)
	}
	if standard {
		return nil
	}
	// Any other rate is asked for by number (termios2, BOTHER), as go.bug.st/serial does.
	t2, err := unix.IoctlGetTermios(fd, unix.TCGETS2)
	if err != nil {
		return fmt.Errorf("baud %d: %w", mode.BaudRate, err)
	}
	t2.Cflag = t2.Cflag&^unix.CBAUD | unix.BOTHER
	t2.Ispeed, t2.Ospeed = uint32(mode.BaudRate), uint32(mode.BaudRate)
	if err := unix.IoctlSetTermios(fd, unix.TCSETS2, t2); err != nil {
		return fmt.Errorf("baud %d: %w", mode.BaudRate, err)
	}
	return nil
}

// settingsError words a failure to get or set a terminal's settings: ENOTTY and EINVAL say
// the device is no terminal (errNotSerial).
func settingsError(what string, err error) error {
	if errors.Is(err, unix.ENOTTY) || errors.Is(err, unix.EINVAL) {
		return fmt.Errorf("%w: %s: %w", errNotSerial, what, err)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// setTermios puts raw mode (no echo, no line editing, no character mapping, no flow control),
// mode's framing and, when the rate has a speed code, its speed in t, with reads of at least
// one byte; it reports whether the rate had a code (standard).
func setTermios(t *unix.Termios, mode *serial.Mode) (standard bool, err error) {
	t.Cflag |= unix.CREAD | unix.CLOCAL
	t.Cflag &^= unix.CRTSCTS | unix.CIBAUD // no flow control; the input speed is the output's
	t.Lflag &^= unix.ICANON | unix.ECHO | unix.ECHOE | unix.ECHOK | unix.ECHONL | unix.ECHOCTL | unix.ECHOPRT | unix.ECHOKE | unix.ISIG | unix.IEXTEN
	t.Iflag &^= unix.IXON | unix.IXOFF | unix.IXANY | unix.INPCK | unix.IGNPAR | unix.PARMRK | unix.ISTRIP | unix.IGNBRK | unix.BRKINT | unix.INLCR | unix.IGNCR | unix.ICRNL | unix.IUCLC
	t.Oflag &^= unix.OPOST
	t.Cc[unix.VMIN], t.Cc[unix.VTIME] = 1, 0

	t.Cflag &^= unix.PARENB | unix.PARODD | unix.CMSPAR
	switch mode.Parity {
	case serial.NoParity:
	case serial.OddParity:
		t.Cflag |= unix.PARENB | unix.PARODD
	case serial.EvenParity:
		t.Cflag |= unix.PARENB
	case serial.MarkParity:
		t.Cflag |= unix.PARENB | unix.PARODD | unix.CMSPAR
	case serial.SpaceParity:
		t.Cflag |= unix.PARENB | unix.CMSPAR
	default:
		return false, fmt.Errorf("parity %v: not supported", mode.Parity)
	}
	if mode.Parity != serial.NoParity {
		t.Iflag |= unix.INPCK
	}
	size, ok := map[int]uint32{5: unix.CS5, 6: unix.CS6, 7: unix.CS7, 8: unix.CS8}[mode.DataBits]
	if !ok {
		return false, fmt.Errorf("data bits %d: want 5 to 8", mode.DataBits)
	}
	t.Cflag = t.Cflag&^unix.CSIZE | size
	switch mode.StopBits {
	case serial.OneStopBit:
		t.Cflag &^= unix.CSTOPB
	case serial.TwoStopBits:
		t.Cflag |= unix.CSTOPB
	default:
		return false, fmt.Errorf("stop bits %v: want 1 or 2", mode.StopBits)
	}
	speed, standard := standardSpeeds[mode.BaudRate]
	if standard {
		t.Cflag = t.Cflag&^unix.CBAUD | speed
		t.Ispeed, t.Ospeed = speed, speed
	}
	return standard, nil
}

// standardSpeeds are the termios speed codes of the standard baud rates.
var standardSpeeds = map[int]uint32{
	50: unix.B50, 75: unix.B75, 110: unix.B110, 134: unix.B134, 150: unix.B150, 200: unix.B200,
	300: unix.B300, 600: unix.B600, 1200: unix.B1200, 1800: unix.B1800, 2400: unix.B2400,
	4800: unix.B4800, 9600: unix.B9600, 19200: unix.B19200, 38400: unix.B38400,
	57600: unix.B57600, 115200: unix.B115200, 230400: unix.B230400, 460800: unix.B460800,
	500000: unix.B500000, 576000: unix.B576000, 921600: unix.B921600, 1000000: unix.B1000000,
	1152000: unix.B1152000, 1500000: unix.B1500000, 2000000: unix.B2000000,
	2500000: unix.B2500000, 3000000: unix.B3000000, 3500000: unix.B3500000, 4000000: unix.B4000000,
}
