package crashtest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/view"
)

// TestDiskFull runs the table with a file size limit (RLIMIT_FSIZE, set with the shell's
// `ulimit -f`): once its write-ahead log reaches the limit every journal write fails, as on a
// full disk. The screen must say so (a "journal write failed" error in the status strip),
// must never show a hand the journal does not hold, and after a restart without the limit the
// journal must verify and hold the rounds 1..n of every shoe.
func TestDiskFull(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash (for ulimit -f) not found")
	}
	data := t.TempDir()
	journal := filepath.Join(data, "table.db")
	// A clean first run: the journal exists, its log checkpointed and removed.
	s, p := firstScreen(t, data, journal, simSpeed)
	time.Sleep(500 * time.Millisecond)
	if err := p.Interrupt(t); err != nil {
		t.Fatalf("first run: %v; stderr:\n%s", err, p.Stderr)
	}
	_ = s
	fi, err := os.Stat(journal)
	if err != nil {
		t.Fatal(err)
	}
	// Room for the database as it is and 64 KiB of log: a dozen coups.
	limitKiB := fi.Size()/1024 + 64
	cmd := exec.Command("bash", "-c", fmt.Sprintf(`ulimit -f %d && exec "$@"`, limitKiB), "bash",
		bin, "--headless", "--demo", "--journal", journal, "--sim-speed", fmt.Sprint(simSpeed), "--trace", "-")
	cmd.Env = env(data)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	q := startProc(t, cmd)
	screens := make(chan view.Screen, 1024)
	go func() {
		defer close(screens)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<22)
		for sc.Scan() {
			var v view.Screen
			if json.Unmarshal(sc.Bytes(), &v) == nil {
				screens <- v
			}
		}
	}()
	var failed *view.Screen
	var last view.Screen
	deadline := time.After(20 * time.Second)
wait:
	for {
		select {
		case v, ok := <-screens:
			if !ok {
				break wait
			}
			last = v
			if failed == nil && hasError(v, "journal write failed") {
				failed = &v
				// Let the shoe deal on against the full disk for a while.
				go func() { time.Sleep(700 * time.Millisecond); _ = cmd.Process.Signal(syscall.SIGINT) }()
			}
		case <-deadline:
			t.Fatalf("no journal error on screen within 20 s with a %d KiB file size limit; stderr:\n%s", limitKiB, q.Stderr)
		}
	}
	exit := q.Wait(t, 10*time.Second)
	if failed == nil {
		t.Fatalf("the table stopped (%v) without showing a journal error; stderr:\n%s", exit, q.Stderr)
	}
	t.Logf("on screen: %q; the table exited with %v; stderr:\n%s", errorLine(*failed, "journal write failed"), exit, q.Stderr)
	if msg := errorLine(*failed, "journal write failed"); !strings.Contains(msg, "disk") && !strings.Contains(msg, "full") && !strings.Contains(msg, "I/O") {
		t.Errorf("the error on screen does not say what is wrong: %q", msg)
	}
	if !hasError(last, "journal write failed") {
		t.Errorf("the last screen no longer shows the journal error: %+v", last.Status)
	}

	// Restart without the limit: the journal is intact and holds everything that was shown.
	if err := auditVerify(t, data, journal); err != nil {
		t.Fatal(err)
	}
	if last.Header.Shoe > 0 {
		rows, err := exportShoe(t, data, journal, last.Header.Shoe)
		if err != nil {
			t.Fatal(err)
		}
		if err := matchesRows(last, rows); err != nil {
			t.Fatalf("after the disk filled: %v", err)
		}
	}
	r, p2 := firstScreen(t, data, journal, simSpeed)
	time.Sleep(settle)
	if err := p2.Interrupt(t); err != nil && !killedByInterrupt(err) {
		t.Fatalf("restart: %v; stderr:\n%s", err, p2.Stderr)
	}
	if err := auditVerify(t, data, journal); err != nil {
		t.Fatal(err)
	}
	if r.Header.Shoe == last.Header.Shoe {
		if err := prefixOf(last, r); err != nil {
			t.Fatalf("after restart: %v", err)
		}
	}
	for s := 1; s <= r.Header.Shoe; s++ {
		if _, err := exportShoe(t, data, journal, s); err != nil {
			t.Fatal(err)
		}
	}
}

// hasError reports whether the status strip shows an error containing text.
func hasError(s view.Screen, text string) bool { return errorLine(s, text) != "" }

// errorLine is the status strip's error containing text, or "".
func errorLine(s view.Screen, text string) string {
	for _, e := range s.Status.Errors {
		if strings.Contains(e, text) {
			return e
		}
	}
	return ""
}

// TestReadOnlyDataDir starts the table on a journal whose directory cannot be written. The
// table must not run silently without recording: either it exits with a failure and a message
// that names the journal and the problem, or it comes up with the problem on screen; and it
// leaves the journal unchanged. (As root, access
// checks always pass, so the table runs as the user nobody.)
func TestReadOnlyDataDir(t *testing.T) {
	base, err := os.MkdirTemp("", "crashtest-ro")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = os.Chmod(filepath.Join(base, "data"), 0o755)
		os.RemoveAll(base)
	})
	if err := os.Chmod(base, 0o755); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(base, "data")
	journal := filepath.Join(data, "table.db")
	_, p := firstScreen(t, data, journal, simSpeed)
	time.Sleep(300 * time.Millisecond)
	if err := p.Interrupt(t); err != nil {
		t.Fatalf("first run: %v; stderr:\n%s", err, p.Stderr)
	}
	before, err := os.ReadFile(journal)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(data, 0o555); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--headless", "--demo", "--journal", journal, "--sim-speed", fmt.Sprint(simSpeed), "--trace", "-")
	cmd.Env = env(data)
	if os.Geteuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		cmd.Env = append(cmd.Env, "HOME="+base)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	q := startProc(t, cmd)
	first := make(chan []byte, 1)
	go func() {
		r := bufio.NewReader(out)
		line, _ := r.ReadBytes('\n')
		first <- line
		_, _ = io.Copy(io.Discard, r)
	}()
	var line []byte
	select {
	case line = <-first:
	case <-time.After(10 * time.Second):
		t.Fatalf("neither an error nor a screen within 10 s; stderr:\n%s", q.Stderr)
	}
	if len(line) > 0 {
		// The table came up: its screen must say that nothing is being recorded, and why.
		var v view.Screen
		if err := json.Unmarshal(line, &v); err != nil {
			t.Fatal(err)
		}
		time.Sleep(settle)
		_ = q.Interrupt(t)
		if !hasError(v, "read-only") && !hasError(v, "not writable") {
			t.Fatalf("the table runs on a read-only data directory and its screen does not say so: %+v", v.Status)
		}
		t.Logf("on screen: %q", v.Status.Errors)
	} else {
		_ = q.Wait(t, 10*time.Second)
		if q.Err == nil {
			t.Fatalf("the table exited 0 on a read-only data directory; stderr:\n%s", q.Stderr)
		}
		msg := q.Stderr.String()
		t.Logf("exit %v; stderr:\n%s", q.Err, msg)
		if !strings.Contains(msg, journal) || !(strings.Contains(msg, "read-only") || strings.Contains(msg, "not writable")) {
			t.Errorf("the message does not name the journal %s and the problem:\n%s", journal, msg)
		}
	}
	after, err := os.ReadFile(journal)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("the journal changed")
	}
	if err := auditVerify(t, data, journal); err != nil {
		t.Fatal(err)
	}
}
