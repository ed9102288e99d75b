package serialin

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOpenErrorsHaveTheirFault: opening a port that is not there, or a TCP shoe that does not
// answer, fails with the fault a screen words (Status.Fault), not only English words.
func TestOpenErrorsHaveTheirFault(t *testing.T) {
	mode, err := serialMode(Settings{Baud: 9600, DataBits: 8, StopBits: 1})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = openSerial(filepath.Join(t.TempDir(), "no-such-shoe"), mode)
	if f := faultOf(err); f != FaultNotFound {
		t.Errorf("a missing device: fault %q (%v)", f, err)
	}
	_, _, err = openTCP("127.0.0.1:1")
	if f := faultOf(err); f != FaultConnect {
		t.Errorf("a TCP shoe that does not answer: fault %q (%v)", f, err)
	}
	// An I/O error opening the port (a failing adapter): its own kind, the system's words kept.
	eio := &fs.PathError{Op: "open", Path: "/dev/ttyUSB0", Err: syscall.EIO}
	if oe := describeOpenError("/dev/ttyUSB0", eio); oe.Fault != FaultIO || !strings.Contains(oe.Error(), "input/output error") {
		t.Errorf("an I/O error: fault %q (%v)", oe.Fault, oe)
	}
	if f := faultOf(errors.New("odd")); f != FaultOther {
		t.Errorf("any other error: fault %q", f)
	}
}
