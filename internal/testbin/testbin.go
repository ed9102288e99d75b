// Package testbin runs the real coupboard binary in tests: it builds it once per test binary
// and starts, signals, waits for and cleans up child processes, so the crash tests and the
// end-to-end tests share one way of doing it.
package testbin

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"
)

// ReleaseFlags are the go build flags of the Makefile's release target (keep the two the
// same): measurements time the binary a kiosk runs.
var ReleaseFlags = []string{"-tags", "no_animations,no_emoji,migrated_fynedo", "-trimpath", "-ldflags", "-s -w"}

// Build builds the coupboard command into dir (readable by any user: a test may run it as
// another one) with the given extra go build flags, and returns its path.
func Build(dir string, flags ...string) (string, error) {
	if err := os.Chmod(dir, 0o755); err != nil {
		return "", fmt.Errorf("build coupboard: %w", err)
	}
	bin := filepath.Join(dir, "coupboard")
	args := append(append([]string{"build"}, flags...), "-o", bin, "github.com/coupboard/coupboard")
	build := exec.Command("go", args...)
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return "", fmt.Errorf("build coupboard: %w", err)
	}
	return bin, nil
}

// Main is a test binary's TestMain for tests of the real binary: it builds coupboard (with
// the extra go build flags) into a temporary directory, sets *bin to its path, runs the tests,
// removes the directory and exits. name prefixes its messages.
func Main(m *testing.M, name string, bin *string, flags ...string) {
	dir, err := os.MkdirTemp("", name+"-bin")
	if err != nil {
		fmt.Fprintln(os.Stderr, name+":", err)
		os.Exit(1)
	}
	if *bin, err = Build(dir, flags...); err != nil {
		fmt.Fprintln(os.Stderr, name+":", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// Buffer is what a process or a goroutine writes and a test reads while it still writes: a
// child's standard error, a server's console, a log. It is safe for one writer and any readers.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String is everything written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// Proc is a running child process.
type Proc struct {
	Cmd    *exec.Cmd
	Stderr *Buffer       // what it wrote on standard error, unless the caller set Cmd.Stderr; read it at any time
	Done   chan struct{} // closed when it has exited
	Err    error         // its exit status, once Done is closed
}

// Start starts cmd (already configured) and kills it at the end of the test if it is still running.
func Start(t testing.TB, cmd *exec.Cmd) *Proc {
	t.Helper()
	p := &Proc{Cmd: cmd, Stderr: &Buffer{}, Done: make(chan struct{})}
	if cmd.Stderr == nil {
		cmd.Stderr = p.Stderr
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %v: %v", cmd.Args, err)
	}
	go func() {
		p.Err = cmd.Wait()
		close(p.Done)
	}()
	t.Cleanup(func() {
		select {
		case <-p.Done:
		default:
			_ = cmd.Process.Kill()
			<-p.Done
		}
	})
	return p
}

// Wait waits for the process to exit, at most d (then kills it and fails the test).
func (p *Proc) Wait(t testing.TB, d time.Duration) error {
	t.Helper()
	select {
	case <-p.Done:
		return p.Err
	case <-time.After(d):
		_ = p.Cmd.Process.Kill()
		<-p.Done
		t.Fatalf("%v did not exit within %v; stderr:\n%s", p.Cmd.Args, d, p.Stderr)
		return nil
	}
}

// Interrupt sends SIGINT (a clean stop) and waits for the exit, at most 10 s.
func (p *Proc) Interrupt(t testing.TB) error {
	t.Helper()
	_ = p.Cmd.Process.Signal(syscall.SIGINT)
	return p.Wait(t, 10*time.Second)
}

// Kill sends SIGKILL and waits for the exit. A process that has already exited by itself
// fails the test: it was to be killed while running.
func (p *Proc) Kill(t testing.TB) {
	t.Helper()
	select {
	case <-p.Done:
		t.Fatalf("%v exited by itself (%v) before it was killed; stderr:\n%s", p.Cmd.Args, p.Err, p.Stderr)
	default:
	}
	_ = p.Cmd.Process.Signal(syscall.SIGKILL)
	_ = p.Wait(t, 10*time.Second)
}
