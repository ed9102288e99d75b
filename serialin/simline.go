package serialin

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

// PTYLine is a simulated shoe's end of a new pseudo-terminal. The host opens Path (the
// slave side) as if it were the shoe's serial port. Unplug closes the pseudo-terminal and
// opens a new one, re-pointing Link (when set) at it, as pulling and re-plugging a USB
// shoe with a udev symlink does.
type PTYLine struct {
	link   string
	onPath func(path string)

	mu     sync.Mutex
	master *os.File
	slave  *os.File // kept open so bytes written before the host opens the port wait for it
	path   string
}

// NewPTYLine opens a new pseudo-terminal in raw mode. If link is not "", a symlink at link
// points at it. onPath, if not nil, is called with the path of each pseudo-terminal opened
// (this one and those after an unplug).
func NewPTYLine(link string, onPath func(path string)) (*PTYLine, error) {
	p := &PTYLine{link: link, onPath: onPath}
	if err := p.open(); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *PTYLine) open() error {
	master, slave, err := pty.Open()
	if err != nil {
		return fmt.Errorf("open pseudo-terminal: %w", err)
	}
	if err := makeRaw(slave); err != nil {
		master.Close()
		slave.Close()
		return fmt.Errorf("pseudo-terminal %s raw mode: %w", slave.Name(), err)
	}
	if p.link != "" {
		if err := relink(slave.Name(), p.link); err != nil {
			master.Close()
			slave.Close()
			return err
		}
	}
	p.mu.Lock()
	p.master, p.slave, p.path = master, slave, slave.Name()
	p.mu.Unlock()
	if p.onPath != nil {
		p.onPath(slave.Name())
	}
	return nil
}

// makeRaw puts a terminal in raw mode (cfmakeraw): no echo, no line editing, no CR/LF mapping.
func makeRaw(f *os.File) error {
	fd := int(f.Fd())
	t, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return err
	}
	t.Iflag &^= unix.IGNBRK | unix.BRKINT | unix.PARMRK | unix.ISTRIP | unix.INLCR | unix.IGNCR | unix.ICRNL | unix.IXON
	t.Oflag &^= unix.OPOST
	t.Lflag &^= unix.ECHO | unix.ECHONL | unix.ICANON | unix.ISIG | unix.IEXTEN
	t.Cflag &^= unix.CSIZE | unix.PARENB
	t.Cflag |= unix.CS8
	t.Cc[unix.VMIN], t.Cc[unix.VTIME] = 1, 0
	return unix.IoctlSetTermios(fd, unix.TCSETS, t)
}

// relink points the symlink link at target atomically (a new link renamed over the old one).
func relink(target, link string) error {
	tmp := filepath.Join(filepath.Dir(link), fmt.Sprintf(".%s.%d.tmp", filepath.Base(link), os.Getpid()))
	os.Remove(tmp)
	if err := os.Symlink(target, tmp); err != nil {
		return fmt.Errorf("link %s to %s: %w", link, target, err)
	}
	if err := os.Rename(tmp, link); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("link %s to %s: %w", link, target, err)
	}
	return nil
}

// Path is the current pseudo-terminal's path, for the host to open.
func (p *PTYLine) Path() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.path
}

// Write sends bytes to the host.
func (p *PTYLine) Write(b []byte) (int, error) {
	p.mu.Lock()
	m := p.master
	p.mu.Unlock()
	if m == nil {
		return 0, errors.New("pseudo-terminal closed")
	}
	return m.Write(b)
}

// Unplug waits (at most 5 s) for the host to read what was written, removes the link and
// closes the pseudo-terminal (the host's reads fail), waits d, and opens a new one, pointing
// the link at it. The link goes first, as udev removes a device's link when it is unplugged:
// otherwise a reconnecting host could follow the stale link to a pseudo-terminal that another
// program has been given under the freed number, and read someone else's shoe.
func (p *PTYLine) Unplug(ctx context.Context, d time.Duration) error {
	p.drain(5*time.Second, unplugQuiet)
	if p.link != "" {
		if target, err := os.Readlink(p.link); err == nil && target == p.Path() {
			os.Remove(p.link)
		}
	}
	p.closeFiles()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
	}
	return p.open()
}

// unplugQuiet is how many reads of an empty input queue, 5 ms apart, Unplug takes for "the host
// has read everything": 100 ms, so that bytes the kernel queues late on a loaded machine are
// not lost in the pull (Close, whose bytes nobody may still want, takes two).
const unplugQuiet = 20

// drain waits, at most max, until the host has read every byte written: the cable is
// pulled between two messages, not in the middle of one. The input queue must read empty
// quiet times in a row.
func (p *PTYLine) drain(max time.Duration, quiet int) {
	p.mu.Lock()
	s := p.slave
	p.mu.Unlock()
	if s == nil {
		return
	}
	// Bytes written to the master reach the slave's input queue a little later (the kernel
	// pushes them from a work queue), so the queue must read empty several times, a few ms
	// apart. That is a best effort: on a loaded machine the push can come later still, so a
	// test that must lose nothing in the pull waits first until the host has decoded what was
	// written.
	end := time.Now().Add(max)
	empty := 0
	for empty < quiet && time.Now().Before(end) {
		time.Sleep(5 * time.Millisecond)
		n, err := unix.IoctlGetInt(int(s.Fd()), unix.TIOCINQ)
		if err != nil {
			return
		}
		if n == 0 {
			empty++
		} else {
			empty = 0
		}
	}
}

// discard throws away what the host has not read (tcflush of the input queue), so that a
// write blocked on a full pseudo-terminal completes.
func (p *PTYLine) discard() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.slave != nil {
		_ = unix.IoctlSetInt(int(p.slave.Fd()), unix.TCFLSH, unix.TCIFLUSH)
	}
}

func (p *PTYLine) closeFiles() {
	p.mu.Lock()
	m, s := p.master, p.slave
	p.master, p.slave = nil, nil
	p.mu.Unlock()
	if m != nil {
		m.Close()
	}
	if s != nil {
		s.Close()
	}
}

// Close waits (at most 3 s) for the host to read what was written, closes the
// pseudo-terminal and removes the link.
func (p *PTYLine) Close() error {
	p.drain(3*time.Second, 2)
	p.closeFiles()
	if p.link != "" {
		if target, err := os.Readlink(p.link); err == nil && target == p.Path() {
			os.Remove(p.link)
		}
	}
	return nil
}

// TCPLine is a simulated shoe served over TCP, as ser2net or a networked shoe. Every
// connected host gets every byte; Write waits until at least one host is connected.
// Unplug drops the connections and refuses new ones for the time given.
type TCPLine struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
	ready chan struct{} // closed while at least one host is connected
	down  bool          // unplugged: new connections are closed at once
	done  chan struct{}
}

// ListenTCP listens on addr (":7000", "127.0.0.1:0") for hosts.
func ListenTCP(addr string) (*TCPLine, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen %s: %w", addr, err)
	}
	t := &TCPLine{ln: ln, ready: make(chan struct{}), done: make(chan struct{})}
	go t.accept()
	return t, nil
}

// Addr is the address the line listens on.
func (t *TCPLine) Addr() string { return t.ln.Addr().String() }

func (t *TCPLine) accept() {
	for {
		c, err := t.ln.Accept()
		if err != nil {
			return
		}
		t.mu.Lock()
		closed := false
		select {
		case <-t.done:
			closed = true
		default:
		}
		if t.down || closed {
			t.mu.Unlock()
			c.Close()
			continue
		}
		t.conns = append(t.conns, c)
		select {
		case <-t.ready: // already open
		default:
			close(t.ready)
		}
		t.mu.Unlock()
	}
}

// Write sends b to every connected host, waiting for one if none is connected.
func (t *TCPLine) Write(b []byte) (int, error) {
	for {
		t.mu.Lock()
		ready := t.ready
		t.mu.Unlock()
		select {
		case <-ready:
		case <-t.done:
			return 0, net.ErrClosed
		}
		t.mu.Lock()
		var kept []net.Conn
		for _, c := range t.conns {
			c.SetWriteDeadline(time.Now().Add(2 * time.Second))
			if _, err := c.Write(b); err != nil {
				c.Close()
				continue
			}
			kept = append(kept, c)
		}
		t.conns = kept
		if len(kept) == 0 {
			t.ready = make(chan struct{})
			t.mu.Unlock()
			continue
		}
		t.mu.Unlock()
		return len(b), nil
	}
}

// Unplug drops every connection and refuses new ones for d.
func (t *TCPLine) Unplug(ctx context.Context, d time.Duration) error {
	t.mu.Lock()
	t.down = true
	for _, c := range t.conns {
		c.Close()
	}
	t.conns = nil
	t.ready = make(chan struct{})
	t.mu.Unlock()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
	}
	t.mu.Lock()
	t.down = false
	t.mu.Unlock()
	return nil
}

// Close stops listening and drops every connection.
func (t *TCPLine) Close() error {
	t.mu.Lock()
	select {
	case <-t.done:
	default:
		close(t.done)
	}
	for _, c := range t.conns {
		c.Close()
	}
	t.conns = nil
	t.mu.Unlock()
	return t.ln.Close()
}
