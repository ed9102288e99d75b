package hostile

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/shoefeed"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/serialin"
)

// plant is what every hostile rig runs: a journal, a table's loop, the shoe's pseudo-terminal
// (line), the serial port manager on its other side and the shoe feed between them.
type plant struct {
	t       *testing.T
	db      string
	j       *journal.Journal
	running *table.Running
	loop    *table.Loop
	line    *line
	link    string // the shoe's device link, which the port manager opens
	mgr     *serialin.Manager
	stop    context.CancelFunc // stops the feed
	fed     chan error
	commits atomic.Int64 // records committed so far (settle)
}

// open makes the pseudo-terminal and the journal; it skips the test where there are no
// pseudo-terminals.
func (p *plant) open(t *testing.T) {
	t.Helper()
	p.t, p.db = t, filepath.Join(t.TempDir(), "t.db")
	p.link = filepath.Join(t.TempDir(), "shoe")
	pty, err := serialin.NewPTYLine(p.link, nil)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { pty.Close() })
	p.line = &line{pty: pty}
	if p.j, err = journal.Open(p.db, journal.Options{Table: "t1"}); err != nil {
		t.Fatal(err)
	}
}

// run starts the port manager on the line's link (as a kiosk opens its shoe by its udev
// link: after an unplug the pseudo-terminal's number may go to another test's shoe, so
// the bare /dev/pts path would read someone else's cards), the loop newLoop makes (table.Start) and the shoe
// feed.
func (p *plant) run(newLoop func(table.Options) (*table.Loop, error), opt table.Options) {
	p.t.Helper()
	var err error
	p.mgr, err = serialin.Start(serialin.Config{Path: p.link, MinBackoff: 10 * time.Millisecond, MaxBackoff: 40 * time.Millisecond}, serialin.NewRegistry())
	if err != nil {
		p.t.Fatal(err)
	}
	p.line.seen = func() int64 { st := p.mgr.Status(); return st.Frames + st.Corrupt }
	if p.running, err = table.Start(newLoop, opt); err != nil {
		p.t.Fatal(err)
	}
	p.loop = p.running.Loop
	ctx, stop := context.WithCancel(context.Background())
	p.stop, p.fed = stop, make(chan error, 1)
	go func() { p.fed <- shoefeed.Feed(ctx, p.mgr.Events(), p.loop) }()
}

// settle waits until the table has taken in everything the line sent: the port manager has
// decoded every frame written (however long a loaded machine takes to schedule it), the shoe
// feed has taken every event it decoded, the loop has handled every message sent to it before
// a look at its state, and then no record was committed for a while. Only the last step is
// timed, and only as a margin: the steps before it wait on what they wait for.
func (p *plant) settle() {
	p.t.Helper()
	p.line.decoded(p.t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	last, quiet := p.commits.Load(), time.Now()
	for {
		for len(p.mgr.Events()) > 0 && ctx.Err() == nil {
			time.Sleep(time.Millisecond)
		}
		if err := p.loop.Inspect(ctx, func(table.Machine) {}); err != nil {
			p.t.Fatalf("the table did not take in what the line sent within 30 s: %v", err)
		}
		if n := p.commits.Load(); n != last {
			last, quiet = n, time.Now()
		} else if time.Since(quiet) >= 60*time.Millisecond {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// send gives the table a supervisor's input and waits until it is journalled.
func (p *plant) send(in table.Input, why string) table.Result {
	p.t.Helper()
	m := table.Msg{Input: in, Source: journal.SourceOperator,
		Actor: journal.Actor{Role: "supervisor", ID: "s1"}, Reason: why}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res := p.loop.Do(ctx, m)
	if res.Err != nil {
		p.t.Fatalf("supervisor input: %v", res.Err)
	}
	return res
}

// shutdown stops the table, the feed and the line, and closes the journal.
func (p *plant) shutdown() {
	p.t.Helper()
	p.stop()
	<-p.fed
	if err := p.running.Stop(); err != nil {
		p.t.Fatalf("loop: %v", err)
	}
	p.mgr.Close()
	<-p.mgr.Done()
	if err := p.j.Close(); err != nil {
		p.t.Fatal(err)
	}
}
