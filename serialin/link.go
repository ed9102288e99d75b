package serialin

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"go.bug.st/serial"
	"go.bug.st/serial/enumerator"
)

// link is one open connection to a shoe. Read waits up to wait for bytes (wait <= 0: until
// bytes arrive, or the link is interrupted) and returns (0, nil) when none arrived, an error
// when the connection is gone. Close may be called more than once.
type link interface {
	Read(p []byte, wait time.Duration) (int, error)
	Close() error
}

// interrupter is a link whose Close may be called while a Read is in progress on another
// goroutine, which then returns at once: the manager's Close does so (Manager.run). A link that
// is not one (serialLink) bounds each wait instead (selectWaitMax).
type interrupter interface {
	link
	closesUnderRead()
}

// selectWaitMax bounds a serialLink's wait, so that the manager's Close is seen within it: that
// link is not closed under a read (go.bug.st/serial closes its descriptor before it wakes the
// read, which could then read a descriptor reused meanwhile).
const selectWaitMax = time.Second

// serialLink is a serial port opened through go.bug.st/serial (openSelectPort), which returns
// (0, nil) on a read timeout: off Linux, and for a device Go's poller cannot wait on. Other
// serial ports are ttyLinks (tty_linux.go).
type serialLink struct{ port serial.Port }

// Read reads what arrives within wait, at most selectWaitMax.
func (l serialLink) Read(p []byte, wait time.Duration) (int, error) {
	t := selectWaitMax
	if wait > 0 && wait < t {
		t = wait
	}
	if err := l.port.SetReadTimeout(t); err != nil {
		return 0, err
	}
	return l.port.Read(p)
}

// Close closes the port (go.bug.st/serial's Close is safe to repeat).
func (l serialLink) Close() error { return l.port.Close() }

// pollConn is a connection Go's poller waits on, with read deadlines: a TCP connection, or
// on Linux a serial device (tty_linux.go).
type pollConn interface {
	io.ReadCloser
	SetReadDeadline(t time.Time) error
}

// pollLink is a link over a pollConn: a Read that waits parks its goroutine on the runtime's
// poller and holds no thread in a system call. A TCP shoe (ser2net, a networked shoe) is one.
type pollLink struct{ conn pollConn }

// Read reads what arrives within wait; a timeout is (0, nil), as on a serial port. The other
// end closing the line (a pseudo-terminal's, a TCP peer's) is an error that says so.
func (l pollLink) Read(p []byte, wait time.Duration) (int, error) {
	var deadline time.Time
	if wait > 0 {
		deadline = time.Now().Add(wait)
	}
	if err := l.conn.SetReadDeadline(deadline); err != nil {
		return 0, err
	}
	n, err := l.conn.Read(p)
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		return n, nil
	case errors.Is(err, io.EOF):
		return n, errHungUp
	}
	return n, err
}

// errHungUp is a read's end of file: the other end closed the line.
var errHungUp = errors.New("the line was closed at the other end (end of file)")

// Close closes the connection; a Read in progress on another goroutine returns at once.
func (l pollLink) Close() error { return l.conn.Close() }

// closesUnderRead marks pollLink an interrupter: its Close ends a Read in progress.
func (pollLink) closesUnderRead() {}

// USBMatch picks a USB serial adapter by its USB vendor and product IDs (hex, as lsusb
// prints them) and, when several are plugged in, its serial number.
type USBMatch struct {
	VID, PID, Serial string
}

// IsZero reports whether no USB match is set.
func (m USBMatch) IsZero() bool { return m.VID == "" && m.PID == "" && m.Serial == "" }

// String describes the match for messages: "USB 0403:6001 serial A1".
func (m USBMatch) String() string {
	s := fmt.Sprintf("USB %s:%s", m.VID, m.PID)
	if m.Serial != "" {
		s += " serial " + m.Serial
	}
	return s
}

// matchUSB returns the port name of the one USB device in list that matches m.
func matchUSB(list []*enumerator.PortDetails, m USBMatch) (string, error) {
	var found []string
	for _, p := range list {
		if p == nil || !p.IsUSB {
			continue
		}
		if m.VID != "" && !strings.EqualFold(p.VID, m.VID) || m.PID != "" && !strings.EqualFold(p.PID, m.PID) ||
			m.Serial != "" && p.SerialNumber != m.Serial {
			continue
		}
		found = append(found, p.Name)
	}
	switch len(found) {
	case 0:
		return "", &OpenError{Port: m.String(), Fault: FaultUSBNone, Reason: "not found: no USB serial device matches; is the shoe plugged in? (lsusb, ls -l /dev/serial/by-id/)", Err: fs.ErrNotExist}
	case 1:
		return found[0], nil
	}
	return "", &OpenError{Port: m.String(), Fault: FaultUSBMany, Reason: fmt.Sprintf("%d devices match (%s): give the serial number too", len(found), strings.Join(found, ", "))}
}

// OpenError is a failure to open the shoe's port, with a reason a floor supervisor can act on.
type OpenError struct {
	Port   string // the path, address or USB match
	Fault  Fault  // what kind of failure, for a screen to word in its language
	Reason string // what went wrong and what to do, in English (the log's words)
	Err    error  // the underlying error
}

// Fault is the kind of a failure of the shoe's link (Status.Fault, OpenError.Fault): what a
// screen words in its language (display/i18n); Status.Err says the same in English, with the
// details, for the log.
type Fault string

// The faults of the shoe's link.
const (
	FaultNone         Fault = ""
	FaultNotFound     Fault = "not_found"    // no device at the path
	FaultPermission   Fault = "permission"   // the user may not open it
	FaultBusy         Fault = "busy"         // another program has it open
	FaultNotSerial    Fault = "not_serial"   // the path is not a serial port
	FaultUSBNone      Fault = "usb_none"     // no USB serial device matches
	FaultUSBMany      Fault = "usb_many"     // several USB devices match
	FaultList         Fault = "list"         // the serial ports cannot be listed
	FaultConnect      Fault = "connect"      // a shoe over TCP cannot be reached
	FaultDisconnected Fault = "disconnected" // the open link failed
	FaultUnreadable   Fault = "unreadable"   // bytes, but no valid frame
	FaultSilent       Fault = "silent"       // no frame within the heartbeat
	FaultIO           Fault = "io"           // opening the port failed with EIO: cable, adapter or shoe
	FaultResume       Fault = "resume"       // the shoe's sequence was not taken up from the last stop
	FaultOther        Fault = "other"        // anything else (Status.Err says what)
)

// faultOf is the fault of err: an *OpenError's, else FaultOther.
func faultOf(err error) Fault {
	var oe *OpenError
	if errors.As(err, &oe) && oe.Fault != FaultNone {
		return oe.Fault
	}
	return FaultOther
}

// Error is the port and the reason.
func (e *OpenError) Error() string { return "shoe port " + e.Port + ": " + e.Reason }

// Unwrap returns the underlying error.
func (e *OpenError) Unwrap() error { return e.Err }

// describeOpenError turns an error from opening port into an *OpenError with a clear reason:
// permission denied names the dialout group, a missing device says to plug the shoe in.
func describeOpenError(port string, err error) *OpenError {
	var oe *OpenError
	if errors.As(err, &oe) {
		return oe
	}
	var pe *serial.PortError
	code := serial.PortErrorCode(-1)
	if errors.As(err, &pe) {
		code = pe.Code()
	}
	reason, fault := err.Error(), FaultOther
	switch {
	case code == serial.PermissionDenied || errors.Is(err, fs.ErrPermission):
		fault, reason = FaultPermission, "permission denied: add the user to the dialout group (sudo usermod -aG dialout $USER, then log out and in), "+
			"or install deploy/99-coupboard-shoe.rules"
	case code == serial.PortNotFound || errors.Is(err, fs.ErrNotExist):
		fault, reason = FaultNotFound, "not found: is the shoe plugged in and powered? (ls -l /dev/serial/by-id/)"
	case code == serial.PortBusy || errors.Is(err, syscall.EBUSY):
		fault, reason = FaultBusy, "busy: another program has the port open"
	case code == serial.InvalidSerialPort || errors.Is(err, errNotSerial):
		fault, reason = FaultNotSerial, "not a serial port: "+err.Error()
	case errors.Is(err, syscall.EIO):
		fault = FaultIO // the reason stays the system's own words
	}
	return &OpenError{Port: port, Fault: fault, Reason: reason, Err: err}
}

// serialMode converts Settings to go.bug.st/serial's Mode. InitialStatusBits stays nil:
// modem-control calls fail on pseudo-terminals and a shoe does not need them.
func serialMode(s Settings) (*serial.Mode, error) {
	m := &serial.Mode{BaudRate: s.Baud, DataBits: s.DataBits}
	switch strings.ToLower(s.Parity) {
	case "none", "n", "":
		m.Parity = serial.NoParity
	case "even", "e":
		m.Parity = serial.EvenParity
	case "odd", "o":
		m.Parity = serial.OddParity
	case "mark", "m":
		m.Parity = serial.MarkParity
	case "space", "s":
		m.Parity = serial.SpaceParity
	default:
		return nil, fmt.Errorf("parity %q: want none, even, odd, mark or space", s.Parity)
	}
	switch s.StopBits {
	case 1:
		m.StopBits = serial.OneStopBit
	case 2:
		m.StopBits = serial.TwoStopBits
	default:
		return nil, fmt.Errorf("stop bits %d: want 1 or 2", s.StopBits)
	}
	if s.DataBits < 5 || s.DataBits > 8 {
		return nil, fmt.Errorf("data bits %d: want 5 to 8", s.DataBits)
	}
	if s.Baud <= 0 {
		return nil, fmt.Errorf("baud %d: want a positive rate", s.Baud)
	}
	return m, nil
}

// openSerial opens a serial device by path (a symlink such as /dev/serial/by-id/... or
// /dev/coupboard-shoe is followed anew on every open, so a re-pointed link is picked up).
func openSerial(path string, mode *serial.Mode) (link, string, error) {
	name := path
	if real, err := filepath.EvalSymlinks(path); err == nil {
		name = real
	} else if _, statErr := os.Lstat(path); statErr != nil {
		return nil, path, describeOpenError(path, statErr)
	}
	l, err := openPort(name, mode)
	if err != nil {
		return nil, name, describeOpenError(path, err)
	}
	return l, name, nil
}

// openSelectPort opens name through go.bug.st/serial, whose reads wait in select(2): for a
// device Go's poller cannot wait on, and off Linux.
func openSelectPort(name string, mode *serial.Mode) (link, error) {
	p, err := serial.Open(name, mode)
	if err != nil {
		return nil, err
	}
	return serialLink{p}, nil
}

// openTCP connects to a shoe served over TCP (ser2net, a networked shoe).
func openTCP(addr string) (link, string, error) {
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return nil, addr, &OpenError{Port: "tcp " + addr, Fault: FaultConnect, Reason: "cannot connect: " + err.Error(), Err: err}
	}
	return pollLink{conn}, addr, nil
}
