package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"go.bug.st/serial"

	"github.com/coupboard/coupboard/app/shoefeed"
	"github.com/coupboard/coupboard/serialin"
)

// logLines is how many lines of the live frame log the diagnostics screen keeps.
const logLines = 200

// shoeLink owns the connection to the shoe: the port manager, the feed into the loop, and the
// live frame log. The operator screen's diagnostics drive it (Reconnect, Use); it changes no
// game state itself.
type shoeLink struct {
	ctx    context.Context
	to     shoefeed.Sender
	reg    *serialin.Registry
	logger *slog.Logger // the operational log

	mu     sync.Mutex
	cfg    serialin.Config
	mgr    *serialin.Manager
	stop   context.CancelFunc
	log    []string
	closed bool
}

func newShoeLink(ctx context.Context, to shoefeed.Sender, log *slog.Logger) *shoeLink {
	return &shoeLink{ctx: ctx, to: to, reg: serialin.NewRegistry(), logger: log}
}

// start (re)opens the shoe with cfg and feeds its events to the loop, logging each one.
func (s *shoeLink) start(cfg serialin.Config) error {
	mgr, err := serialin.Start(cfg, s.reg)
	if err != nil {
		return fmt.Errorf("start shoe: %w", err)
	}
	ctx, stop := context.WithCancel(s.ctx)
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		stop()
		mgr.Close()
		return errors.New("start shoe: the table is closing")
	}
	old, oldStop := s.mgr, s.stop
	cfg.Resume = nil // a reconnect from the diagnostics starts afresh, as the manager's own do
	s.cfg, s.mgr, s.stop = cfg, mgr, stop
	s.mu.Unlock()
	if old != nil {
		oldStop()
		old.Close()
	}
	tee := make(chan serialin.Event, 64)
	go func() {
		defer close(tee)
		for {
			select {
			case <-ctx.Done():
				return
			case e, ok := <-mgr.Events():
				if !ok {
					return
				}
				s.record(e)
				select {
				case tee <- e:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	go func() {
		if err := shoefeed.Feed(ctx, tee, s.to); err != nil && !errors.Is(err, context.Canceled) {
			s.logger.Error("shoe feed: "+err.Error(), "port", cfg.Path)
		}
	}()
	return nil
}

// record adds one event to the live frame log (diagnostics only).
func (s *shoeLink) record(e serialin.Event) {
	line := time.Now().Format("15:04:05.000") + " " + e.String()
	s.mu.Lock()
	s.log = append(s.log, line)
	if n := len(s.log); n > logLines {
		s.log = append(s.log[:0], s.log[n-logLines:]...)
	}
	s.mu.Unlock()
}

// Status is the link's state and counters.
func (s *shoeLink) Status() serialin.Status {
	s.mu.Lock()
	mgr := s.mgr
	s.mu.Unlock()
	if mgr == nil {
		return serialin.Status{State: serialin.LinkClosed}
	}
	return mgr.Status()
}

// Ports lists the serial ports on the machine. Enumeration can block for seconds, so it runs
// on its own goroutine and gives up after 3 s rather than hold up the screen.
func (s *shoeLink) Ports() ([]string, error) {
	type result struct {
		ports []string
		err   error
	}
	ch := make(chan result, 1)
	go func() {
		p, err := serial.GetPortsList()
		ch <- result{p, err}
	}()
	select {
	case r := <-ch:
		if r.err != nil {
			return nil, fmt.Errorf("list serial ports: %w", r.err)
		}
		return r.ports, nil
	case <-time.After(3 * time.Second):
		return nil, errors.New("list serial ports: no answer within 3 s")
	}
}

// Protocols lists the shoe protocols the registry knows.
func (s *shoeLink) Protocols() []string { return s.reg.Names() }

// Log is the live frame log, oldest first.
func (s *shoeLink) Log() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.log...)
}

// Reconnect closes the port and opens it again.
func (s *shoeLink) Reconnect() error {
	s.mu.Lock()
	cfg := s.cfg
	s.mu.Unlock()
	return s.start(cfg)
}

// Use switches to another port and protocol.
func (s *shoeLink) Use(port, protocol string) error {
	cfg, err := serialin.ParsePort(port)
	if err != nil {
		return err
	}
	if _, err := s.reg.Lookup(protocol); err != nil {
		return err
	}
	cfg.Protocol = protocol
	return s.start(cfg)
}

// close stops the feed and the port manager.
func (s *shoeLink) close() {
	s.mu.Lock()
	s.closed = true
	mgr, stop := s.mgr, s.stop
	s.mu.Unlock()
	if stop != nil {
		stop()
	}
	if mgr != nil {
		mgr.Close()
	}
}

// waitClosed waits, at most d, until the port manager has stopped reading and closed the port
// (after close): what the shoe sends from then on waits in the port for the next reader.
func (s *shoeLink) waitClosed(d time.Duration) {
	s.mu.Lock()
	mgr := s.mgr
	s.mu.Unlock()
	if mgr == nil {
		return
	}
	select {
	case <-mgr.Done():
	case <-time.After(d):
	}
}
