//go:build linux && !ppc64 && !ppc64le

package serialin

import (
	"bytes"
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"go.bug.st/serial"
	"golang.org/x/sys/unix"
)

// openLine opens line's port as the manager does.
func openLine(t *testing.T, line *PTYLine, mode *serial.Mode) link {
	t.Helper()
	l, _, err := openSerial(line.Path(), mode)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// readState is the scheduler state ("IO wait", "syscall", ...) of the goroutine whose stack
// shows fn (a test's reading goroutine), from a dump of all goroutines; "" when none does.
func readState(fn string) string {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	for _, g := range strings.Split(string(buf), "\n\n") {
		if !strings.Contains(g, fn) {
			continue
		}
		head, _, _ := strings.Cut(g, "\n") // goroutine 7 [IO wait, 2 minutes]:
		_, state, _ := strings.Cut(head, "[")
		state, _, _ = strings.Cut(state, "]")
		state, _, _ = strings.Cut(state, ",")
		return state
	}
	return ""
}

// A read that waits for the shoe parks on Go's poller ("IO wait"): no thread sits in a system
// call for the Go runtime to take back every read timeout (go.bug.st/serial's select did).
func TestTTYReadWaitsOnThePoller(t *testing.T) {
	line := newPTY(t, "")
	l := openLine(t, line, mustMode(t))
	got := make(chan []byte, 1)
	go func() {
		buf := make([]byte, 64)
		n, err := l.Read(buf, 0)
		if err != nil {
			t.Errorf("read: %v", err)
		}
		got <- buf[:n]
	}()
	state := ""
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if state = readState("TestTTYReadWaitsOnThePoller.func1"); state == "IO wait" {
			break
		}
	}
	if state != "IO wait" {
		t.Errorf("the waiting read is in state %q, want IO wait (parked on the poller)", state)
	}
	if _, err := line.Write([]byte("P1 9H\r\n")); err != nil {
		t.Fatal(err)
	}
	select {
	case b := <-got:
		if !bytes.HasPrefix([]byte("P1 9H\r\n"), b) || len(b) == 0 {
			t.Errorf("read %q, want the start of what the shoe wrote", b)
		}
	case <-time.After(patience):
		t.Fatal("no bytes read")
	}
}

// A read that waits in vain is (0, nil); interrupt (the manager's Close) from another goroutine
// ends a read that waits for ever at once; a line that hangs up is an error.
func TestTTYTimeoutCloseAndHangUp(t *testing.T) {
	line := newPTY(t, "")
	l := openLine(t, line, mustMode(t))
	start := time.Now()
	if n, err := l.Read(make([]byte, 8), 50*time.Millisecond); n != 0 || err != nil {
		t.Fatalf("read of a quiet line: (%d, %v), want (0, nil) at the timeout", n, err)
	}
	if el := time.Since(start); el < 40*time.Millisecond {
		t.Errorf("the read timed out after %v, want about 50 ms", el)
	}

	long := openLine(t, newPTY(t, ""), mustMode(t))
	ended := make(chan error, 1)
	go func() {
		_, err := long.Read(make([]byte, 8), 0)
		ended <- err
	}()
	for deadline := time.Now().Add(patience); readState("TestTTYTimeoutCloseAndHangUp.func1") != "IO wait"; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the read never waited")
		}
	}
	long.(interrupter).Close()
	select {
	case err := <-ended:
		if err == nil {
			t.Error("a read ended by Close returned no error")
		}
	case <-time.After(patience):
		t.Fatal("Close did not end the pending read")
	}

	line.Close() // the shoe's end goes: the port hangs up
	var err error
	for i := 0; i < 100 && err == nil; i++ {
		_, err = l.Read(make([]byte, 8), 50*time.Millisecond)
	}
	if err == nil {
		t.Error("reads of a hung-up line return no error")
	}
}

// The settings put in a terminal: raw mode, the profile's framing and speed.
func TestSetTermios(t *testing.T) {
	const kept = unix.CSIZE | unix.PARENB | unix.PARODD | unix.CMSPAR | unix.CSTOPB | unix.CRTSCTS | unix.CBAUD | unix.CREAD | unix.CLOCAL
	for _, tc := range []struct {
		name     string
		s        Settings
		cflag    uint32 // Cflag's bits of kept
		standard bool
	}{
		{"9600 8N1", Settings{Baud: 9600, DataBits: 8, Parity: "none", StopBits: 1}, unix.B9600 | unix.CS8 | unix.CREAD | unix.CLOCAL, true},
		{"19200 7E2", Settings{Baud: 19200, DataBits: 7, Parity: "even", StopBits: 2}, unix.B19200 | unix.CS7 | unix.PARENB | unix.CSTOPB | unix.CREAD | unix.CLOCAL, true},
		{"115200 7O1", Settings{Baud: 115200, DataBits: 7, Parity: "odd", StopBits: 1}, unix.B115200 | unix.CS7 | unix.PARENB | unix.PARODD | unix.CREAD | unix.CLOCAL, true},
		{"4800 8M1", Settings{Baud: 4800, DataBits: 8, Parity: "mark", StopBits: 1}, unix.B4800 | unix.CS8 | unix.PARENB | unix.PARODD | unix.CMSPAR | unix.CREAD | unix.CLOCAL, true},
		{"2400 5S1", Settings{Baud: 2400, DataBits: 5, Parity: "space", StopBits: 1}, unix.B2400 | unix.CS5 | unix.PARENB | unix.CMSPAR | unix.CREAD | unix.CLOCAL, true},
		{"250000 6N1: a rate with no code", Settings{Baud: 250000, DataBits: 6, Parity: "none", StopBits: 1}, unix.B38400 | unix.CS6 | unix.CREAD | unix.CLOCAL, false},
	} {
		mode, err := serialMode(tc.s)
		if err != nil {
			t.Fatal(err)
		}
		// What a terminal may hold before: a cooked terminal at 38400 7O2 with flow control.
		tio := unix.Termios{
			Cflag: unix.B38400 | unix.CS7 | unix.PARENB | unix.PARODD | unix.CSTOPB | unix.CRTSCTS | unix.HUPCL,
			Lflag: unix.ICANON | unix.ECHO | unix.ISIG | unix.IEXTEN,
			Iflag: unix.ICRNL | unix.IXON | unix.ISTRIP,
			Oflag: unix.OPOST,
		}
		tio.Cc[unix.VMIN], tio.Cc[unix.VTIME] = 0, 5
		standard, err := setTermios(&tio, mode)
		if err != nil || standard != tc.standard {
			t.Errorf("%s: standard %v, %v; want %v", tc.name, standard, err, tc.standard)
		}
		if got := tio.Cflag & kept; got != tc.cflag {
			t.Errorf("%s: cflag %#o, want %#o", tc.name, got, tc.cflag)
		}
		if tio.Cflag&unix.HUPCL == 0 {
			t.Errorf("%s: HUPCL dropped; settings not the port's are left as they were", tc.name)
		}
		if tio.Lflag != 0 || tio.Iflag&(unix.ICRNL|unix.IXON|unix.ISTRIP) != 0 || tio.Oflag&unix.OPOST != 0 {
			t.Errorf("%s: not raw: lflag %#o iflag %#o oflag %#o", tc.name, tio.Lflag, tio.Iflag, tio.Oflag)
		}
		if parity := tio.Iflag&unix.INPCK != 0; parity != (tc.s.Parity != "none") {
			t.Errorf("%s: parity check %v", tc.name, parity)
		}
		if tio.Cc[unix.VMIN] != 1 || tio.Cc[unix.VTIME] != 0 {
			t.Errorf("%s: VMIN %d VTIME %d, want 1 and 0", tc.name, tio.Cc[unix.VMIN], tio.Cc[unix.VTIME])
		}
	}
}

// Opening a port sets the terminal: a pseudo-terminal keeps the speed (a rate with no code
// too), the stop bits and raw mode (it forces 8 bits and no parity, so those are
// TestSetTermios's).
func TestTTYSettings(t *testing.T) {
	for _, tc := range []struct {
		s      Settings
		cstopb bool
		speed  uint32 // CBAUD code; BOTHER for a rate given by number
	}{
		{Settings{Baud: 9600, DataBits: 8, Parity: "none", StopBits: 1}, false, unix.B9600},
		{Settings{Baud: 19200, DataBits: 7, Parity: "even", StopBits: 2}, true, unix.B19200},
		{Settings{Baud: 250000, DataBits: 8, Parity: "none", StopBits: 1}, false, unix.BOTHER},
	} {
		mode, err := serialMode(tc.s)
		if err != nil {
			t.Fatal(err)
		}
		line := newPTY(t, "")
		openLine(t, line, mode)
		tio, err := unix.IoctlGetTermios(int(line.slave.Fd()), unix.TCGETS2) // the same terminal
		if err != nil {
			t.Fatal(err)
		}
		if got := tio.Cflag & unix.CBAUD; got != tc.speed {
			t.Errorf("%d baud: speed code %#o, want %#o", tc.s.Baud, got, tc.speed)
		}
		if tio.Ospeed != uint32(tc.s.Baud) {
			t.Errorf("%d baud: speed %d", tc.s.Baud, tio.Ospeed)
		}
		if (tio.Cflag&unix.CSTOPB != 0) != tc.cstopb {
			t.Errorf("%d baud: cflag %#o, two stop bits %v", tc.s.Baud, tio.Cflag, tc.cstopb)
		}
		if tio.Lflag&(unix.ICANON|unix.ECHO|unix.ISIG) != 0 || tio.Iflag&(unix.ICRNL|unix.IXON) != 0 || tio.Oflag&unix.OPOST != 0 || tio.Cc[unix.VMIN] != 1 {
			t.Errorf("%d baud: not raw: lflag %#o iflag %#o oflag %#o VMIN %d", tc.s.Baud, tio.Lflag, tio.Iflag, tio.Oflag, tio.Cc[unix.VMIN])
		}
	}
}

// A device that is not a terminal is named as not a serial port, and the port of another
// program's (exclusive use) as busy.
func TestTTYOpenFaults(t *testing.T) {
	_, _, err := openSerial(os.DevNull, mustMode(t))
	var oe *OpenError
	if !errors.As(err, &oe) || oe.Fault != FaultNotSerial || !strings.Contains(err.Error(), "not a serial port") {
		t.Errorf("open of %s: %v, want not a serial port", os.DevNull, err)
	}
	if os.Geteuid() == 0 {
		t.Log("root opens a port in exclusive use: the busy case is not seen")
		return
	}
	line := newPTY(t, "")
	openLine(t, line, mustMode(t))
	_, _, err = openSerial(line.Path(), mustMode(t))
	if !errors.As(err, &oe) || oe.Fault != FaultBusy {
		t.Errorf("second open of %s: %v, want busy", line.Path(), err)
	}
}

// Only "not a terminal" (ENOTTY, EINVAL) is named not a serial port; an adapter pulled during
// the open (EIO) keeps its own fault.
func TestSettingsError(t *testing.T) {
	for _, tc := range []struct {
		err   error
		fault Fault
	}{
		{unix.ENOTTY, FaultNotSerial},
		{unix.EINVAL, FaultNotSerial},
		{unix.EIO, FaultIO},
	} {
		err := settingsError("get settings", tc.err)
		if !errors.Is(err, tc.err) {
			t.Errorf("%v: %v does not wrap it", tc.err, err)
		}
		if got := describeOpenError("/dev/ttyUSB0", err).Fault; got != tc.fault {
			t.Errorf("%v: fault %q, want %q", tc.err, got, tc.fault)
		}
	}
}
