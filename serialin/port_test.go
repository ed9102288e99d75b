package serialin

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.bug.st/serial"
	"go.bug.st/serial/enumerator"

	"github.com/coupboard/coupboard/engine"
)

// patience is how long a test waits for what a manager must do before it fails: long enough for
// a loaded CI machine (the race detector, parallel packages) to schedule it, since waiting costs
// nothing when the condition comes at once.
const patience = 30 * time.Second

// collector reads a manager's events until a condition holds or a deadline passes.
type collector struct {
	t   *testing.T
	m   *Manager
	evs []Event
}

// until reads events until cond is true of the events so far; it fails the test after d.
func (c *collector) until(d time.Duration, what string, cond func([]Event) bool) {
	c.t.Helper()
	deadline := time.After(d)
	for !cond(c.evs) {
		select {
		case ev, ok := <-c.m.Events():
			if !ok {
				c.t.Fatalf("events closed while waiting for %s; got %v", what, c.evs)
			}
			c.evs = append(c.evs, ev)
		case <-deadline:
			for _, e := range c.evs {
				c.t.Log(e)
			}
			c.t.Fatalf("no %s within %v; got %d events, last %v", what, d, len(c.evs), tail(c.evs, 8))
		}
	}
}

func tail(evs []Event, n int) []Event {
	if len(evs) > n {
		return evs[len(evs)-n:]
	}
	return evs
}

func countKind(evs []Event, k Kind) int {
	n := 0
	for _, e := range evs {
		if e.Kind == k {
			n++
		}
	}
	return n
}

func links(evs []Event) []string {
	var s []string
	for _, e := range evs {
		if e.Kind == KindLink {
			s = append(s, e.Link.String())
		}
	}
	return s
}

func cardsOf(evs []Event) []string {
	var s []string
	for _, e := range evs {
		if e.Kind == KindCard {
			s = append(s, e.Card.String())
		}
	}
	return s
}

func msgCards(msgs []ShoeMsg) []string {
	var s []string
	for _, m := range msgs {
		if m.Type == "CARD" {
			s = append(s, m.Fields[0])
		}
	}
	return s
}

func startManager(t *testing.T, cfg Config) *collector {
	t.Helper()
	if cfg.MinBackoff == 0 {
		cfg.MinBackoff = 10 * time.Millisecond
		cfg.MaxBackoff = 50 * time.Millisecond
	}
	m, err := Start(cfg, NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		m.Close()
		select {
		case <-m.Done():
		case <-time.After(patience):
			t.Errorf("manager did not stop within %v of Close", patience)
		}
	})
	return &collector{t: t, m: m}
}

func newPTY(t *testing.T, link string) *PTYLine {
	t.Helper()
	p, err := NewPTYLine(link, nil)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// A whole random shoe sent as fast as the line takes it arrives intact, card for card.
func TestPTYWholeShoeArrivesIntact(t *testing.T) {
	line := newPTY(t, "")
	msgs := RandomShoe(rand.New(rand.NewPCG(7, 7)), ShoeOptions{Burn: "face-value", Positions: true, Results: true})
	c := startManager(t, Config{Path: line.Path()})
	c.until(patience, "connected", func(evs []Event) bool { return countKind(evs, KindLink) > 0 })
	sim := NewSim(1)
	sim.Speed = 0
	errc := make(chan error, 1)
	go func() {
		if err := sim.Start(line); err != nil {
			errc <- err
			return
		}
		errc <- sim.Play(context.Background(), line, msgs)
	}()
	want := msgCards(msgs)
	c.until(10*time.Second, "every card", func(evs []Event) bool { return countKind(evs, KindCard) >= len(want) })
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	if got := cardsOf(c.evs); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("cards differ:\ngot  %v\nwant %v", got, want)
	}
	for _, e := range c.evs {
		if e.Kind.Diagnostic() {
			t.Errorf("diagnostic on a clean line: %v", e)
		}
	}
	if n := countKind(c.evs, KindResult); n == 0 {
		t.Errorf("no RSLT frames delivered")
	}
	st := c.m.Status()
	if st.State != LinkConnected || st.Cards != int64(len(want)) || st.Connects != 1 {
		t.Errorf("status %+v, want connected with %d cards and 1 connect", st, len(want))
	}
}

// Unplugging the shoe (the pseudo-terminal closes) and plugging it back (a new one behind
// the same symlink) is reported and the manager reconnects by itself.
func TestPTYUnplugAndReplugReconnects(t *testing.T) {
	link := filepath.Join(t.TempDir(), "coupboard-shoe")
	line := newPTY(t, link)
	msgs := ScriptMessages(mustScript(t, "shoe 2C KD 5H 4S 3D AH 6C AD KS 7H 2S 9D 8C KH AC"), Pace{Card: 2 * time.Millisecond})
	c := startManager(t, Config{Path: link})
	c.until(patience, "connected", func(evs []Event) bool { return countKind(evs, KindLink) > 0 })
	sim := NewSim(2)
	sim.Faults = Faults{UnplugAfter: 6, UnplugFor: 150 * time.Millisecond}
	// The cable is pulled once the host has decoded the seven frames before it (HELO and six
	// messages): the pseudo-terminal's own wait for the host's read cannot see bytes the kernel
	// has not yet queued for it, and a loaded machine queues them late.
	afterRead := &readLine{PTYLine: line, m: c.m, frames: 7}
	played := make(chan error, 1)
	go func() {
		err := sim.Start(afterRead)
		if err == nil {
			err = sim.Play(context.Background(), afterRead, msgs)
		}
		played <- err
	}()
	want := msgCards(msgs)
	c.until(patience, "every card", func(evs []Event) bool { return countKind(evs, KindCard) >= len(want) })
	if err := <-played; err != nil { // the simulator's report is read once it has finished
		t.Fatal(err)
	}
	if got := cardsOf(c.evs); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("cards differ:\ngot  %v\nwant %v", got, want)
	}
	if sim.Report.Unplugs != 1 {
		t.Fatalf("the simulator unplugged %d times, want 1", sim.Report.Unplugs)
	}
	ls := strings.Join(links(c.evs), ",")
	if !strings.HasPrefix(ls, "connected,disconnected,reconnecting") || !strings.HasSuffix(ls, "connected") {
		t.Errorf("link states %s, want connected,disconnected,reconnecting,...,connected", ls)
	}
	if st := c.m.Status(); st.Connects != 2 || st.State != LinkConnected || st.Port != line.Path() {
		t.Errorf("status %+v: want 2 connects, connected to %s", st, line.Path())
	}
	if n := countKind(c.evs, KindHello); n != 2 {
		t.Errorf("%d hellos, want 2 (boot and power-up after the replug)", n)
	}
}

// readLine is a pseudo-terminal whose Unplug first waits (at most patience) until the host's
// manager has decoded frames frames, so that no frame is lost in the pull.
type readLine struct {
	*PTYLine
	m      *Manager
	frames int64
}

func (l *readLine) Unplug(ctx context.Context, d time.Duration) error {
	for end := time.Now().Add(patience); l.m.Status().Frames < l.frames; time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			return fmt.Errorf("the host decoded %d frames in %v, want %d before the unplug", l.m.Status().Frames, patience, l.frames)
		}
	}
	return l.PTYLine.Unplug(ctx, d)
}

func mustScript(t *testing.T, src string) []engine.Token {
	t.Helper()
	toks, err := engine.ParseScript(src)
	if err != nil {
		t.Fatal(err)
	}
	return toks
}

// A line that goes quiet trips the watchdog after 2.5 heartbeats; a frame brings it back.
func TestPTYSilentLineTripsWatchdog(t *testing.T) {
	line := newPTY(t, "")
	c := startManager(t, Config{Path: line.Path(), Heartbeat: 40 * time.Millisecond}) // no ReadTimeout: readWait alone wakes the read
	line.Write(Frame("HELO", 0, "ACME", "SHOE-8", "1.2.0", "CSP1"))
	start := time.Now()
	c.until(patience, "silent", func(evs []Event) bool {
		l := links(evs)
		return len(l) > 0 && l[len(l)-1] == "silent"
	})
	if el := time.Since(start); el < 100*time.Millisecond {
		t.Errorf("silent after %v, before 2.5 heartbeats (100 ms)", el)
	}
	if st := c.m.Status(); st.State != LinkSilent || !strings.Contains(st.Err, "silent") {
		t.Errorf("status %+v, want silent with a message", st)
	}
	line.Write(Frame("HBT", 1, "300"))
	c.until(patience, "connected again", func(evs []Event) bool {
		l := links(evs)
		return l[len(l)-1] == "connected" && countKind(evs, KindHeartbeat) == 1
	})
}

// A gap in the sequence reaches the app with its size, before the frame that revealed it.
func TestPTYGapReportedWithSize(t *testing.T) {
	line := newPTY(t, "")
	c := startManager(t, Config{Path: line.Path()})
	line.Write(cat(Frame("HELO", 0, "ACME", "SHOE-8", "1.2.0", "CSP1"), Frame("CARD", 1, "9H"), Frame("CARD", 5, "4S")))
	c.until(patience, "two cards", func(evs []Event) bool { return countKind(evs, KindCard) == 2 })
	var gap Event
	for i, e := range c.evs {
		if e.Kind == KindGap {
			gap = e
			if c.evs[i+1].Kind != KindCard || c.evs[i+1].Card.String() != "4S" {
				t.Errorf("gap not followed by its frame: %v", c.evs[i:])
			}
		}
	}
	if gap.Gap != 3 || gap.Seq != 5 {
		t.Fatalf("gap %+v, want 3 lost before seq 5", gap)
	}
	if st := c.m.Status(); st.Gaps != 1 || st.Lost != 3 {
		t.Errorf("status counts %d gaps, %d lost; want 1, 3", st.Gaps, st.Lost)
	}
}

// A simulated shoe with every fault: the host sees exactly the cards that were not lost,
// and every lost card is accounted for by a gap.
func TestPTYFaultyShoe(t *testing.T) {
	line := newPTY(t, "")
	msgs := RandomShoe(rand.New(rand.NewPCG(3, 3)), ShoeOptions{})
	c := startManager(t, Config{Path: line.Path()})
	sim := NewSim(11)
	sim.Speed = 0
	sim.Faults = Faults{Noise: 0.1, Corrupt: 0.05, Duplicate: 0.1, Gap: 0.05, RebootAfter: 100}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := sim.Start(line); err == nil {
			sim.Play(context.Background(), line, msgs)
			line.Write(Frame("STAT", sim.seq+5, "END")) // a marker after everything, past a gap
		}
	}()
	c.until(10*time.Second, "the end marker", func(evs []Event) bool {
		return len(evs) > 0 && evs[len(evs)-1].Kind == KindStatus && evs[len(evs)-1].Code == "END"
	})
	<-done
	r := sim.Report
	lost := 0
	for _, e := range c.evs {
		if e.Kind == KindGap {
			lost += e.Gap
		}
	}
	// The END marker's own jump in SEQ is one more gap; every dropped or corrupted frame
	// is a lost frame, reported by a gap.
	wantCards := len(msgCards(msgs))
	gotCards := countKind(c.evs, KindCard)
	if gotCards > wantCards || gotCards < wantCards-r.Dropped-r.Corrupted {
		t.Errorf("%d cards arrived; sent %d, %d dropped, %d corrupted", gotCards, wantCards, r.Dropped, r.Corrupted)
	}
	if d := countKind(c.evs, KindDuplicate); d == 0 || d > r.Duplicated {
		t.Errorf("%d duplicates reported, %d sent", d, r.Duplicated)
	}
	if r.Dropped+r.Corrupted == 0 || r.Duplicated == 0 || r.NoiseBytes == 0 || r.Reboots != 1 {
		t.Fatalf("the seed injected too few faults to test: %+v", r)
	}
	if countKind(c.evs, KindCorrupt) < r.Corrupted {
		t.Errorf("%d corrupt reported, %d corrupted", countKind(c.evs, KindCorrupt), r.Corrupted)
	}
	if lost < r.Dropped {
		t.Errorf("gaps account for %d lost frames, %d were dropped", lost, r.Dropped)
	}
	if n := countKind(c.evs, KindHello); n != 2 {
		t.Errorf("%d hellos, want 2 (boot, reboot)", n)
	}
}

func TestTCPWholeShoeAndReconnect(t *testing.T) {
	line, err := ListenTCP("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { line.Close() })
	msgs := RandomShoe(rand.New(rand.NewPCG(5, 5)), ShoeOptions{Pace: Pace{Card: time.Millisecond}})
	c := startManager(t, Config{TCP: line.Addr()})
	sim := NewSim(4)
	sim.Faults = Faults{UnplugAfter: 20, UnplugFor: 100 * time.Millisecond}
	go func() {
		if err := sim.Start(line); err == nil {
			sim.Play(context.Background(), line, msgs)
		}
	}()
	want := msgCards(msgs)
	c.until(20*time.Second, "every card", func(evs []Event) bool { return countKind(evs, KindCard) >= len(want) })
	if got := cardsOf(c.evs); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("cards differ:\ngot  %v\nwant %v", got, want)
	}
	if st := c.m.Status(); st.Connects < 2 {
		t.Errorf("status %+v: want a reconnect", st)
	}
}

func TestMissingPortSaysNotFound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ttyUSB9")
	c := startManager(t, Config{Path: path})
	c.until(patience, "a link event", func(evs []Event) bool { return countKind(evs, KindLink) > 0 })
	e := c.evs[0]
	if e.Link != LinkConnecting || !strings.Contains(e.Err, "not found") || !strings.Contains(e.Err, path) {
		t.Fatalf("got %v, want connecting with a not-found message naming %s", e, path)
	}
	// Plugging the port in later connects without a restart.
	newPTY(t, path)
	c.until(patience, "connected", func(evs []Event) bool {
		l := links(evs)
		return l[len(l)-1] == "connected"
	})
}

func TestOpenErrorMessages(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&fs.PathError{Op: "open", Path: "/dev/ttyUSB0", Err: syscall.EACCES}, "dialout group"},
		{&fs.PathError{Op: "open", Path: "/dev/ttyUSB0", Err: syscall.ENOENT}, "not found"},
		{syscall.ENOENT, "not found"},
		{&fs.PathError{Op: "open", Path: "/dev/ttyUSB0", Err: syscall.EBUSY}, "busy"},
		{fmt.Errorf("%w: get settings: %w", errNotSerial, syscall.ENOTTY), "not a serial port"},
		{errors.New("odd"), "odd"},
	} {
		e := describeOpenError("/dev/ttyUSB0", tc.err)
		if !strings.Contains(e.Error(), tc.want) || !strings.Contains(e.Error(), "/dev/ttyUSB0") || !errors.Is(e, tc.err) {
			t.Errorf("%v: got %q, want it to mention %q and the port", tc.err, e, tc.want)
		}
	}
	if os.Geteuid() != 0 { // root opens anything: only a normal user sees EACCES
		f := filepath.Join(t.TempDir(), "tty")
		os.WriteFile(f, nil, 0)
		_, _, err := openSerial(f, mustMode(t))
		if err == nil || !strings.Contains(err.Error(), "dialout") {
			t.Errorf("open of an unreadable port: %v, want the dialout hint", err)
		}
	}
}

func mustMode(t *testing.T) *serial.Mode {
	m, err := serialMode(Standard9600())
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestMatchUSB(t *testing.T) {
	list := []*enumerator.PortDetails{
		{Name: "/dev/ttyS0"},
		{Name: "/dev/ttyUSB0", IsUSB: true, VID: "0403", PID: "6001", SerialNumber: "A1"},
		{Name: "/dev/ttyUSB1", IsUSB: true, VID: "0403", PID: "6001", SerialNumber: "B2"},
		{Name: "/dev/ttyACM0", IsUSB: true, VID: "2341", PID: "0043", SerialNumber: "X"},
	}
	for _, tc := range []struct {
		m    USBMatch
		want string
		err  string
	}{
		{USBMatch{VID: "2341", PID: "0043"}, "/dev/ttyACM0", ""},
		{USBMatch{VID: "0403", PID: "6001", Serial: "B2"}, "/dev/ttyUSB1", ""},
		{USBMatch{VID: "0403", PID: "6001"}, "", "2 devices match"},
		{USBMatch{VID: "dead", PID: "beef"}, "", "not found"},
		{USBMatch{VID: "0403", PID: "6001", Serial: "A1"}, "/dev/ttyUSB0", ""},
	} {
		got, err := matchUSB(list, tc.m)
		if got != tc.want || (tc.err == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%v: got %q, %v; want %q, %q", tc.m, got, err, tc.want, tc.err)
		}
	}
}

// The manager enumerates USB ports on its own goroutine and opens the match.
func TestUSBOpensTheMatch(t *testing.T) {
	line := newPTY(t, "")
	m, err := newManager(Config{USB: USBMatch{VID: "0403", PID: "6001", Serial: "A1"}}, NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	m.enumerate = func() ([]*enumerator.PortDetails, error) {
		return []*enumerator.PortDetails{
			{Name: "/dev/nonexistent-B2", IsUSB: true, VID: "0403", PID: "6001", SerialNumber: "B2"},
			{Name: line.Path(), IsUSB: true, VID: "0403", PID: "6001", SerialNumber: "A1"},
		}, nil
	}
	go m.run()
	c := &collector{t: t, m: m}
	t.Cleanup(func() { m.Close(); <-m.Done() })
	c.until(patience, "connected", func(evs []Event) bool { return countKind(evs, KindLink) > 0 })
	if e := c.evs[0]; e.Link != LinkConnected {
		t.Fatalf("got %v, want connected", e)
	}
	if st := m.Status(); st.Port != line.Path() {
		t.Errorf("port %q, want %q", st.Port, line.Path())
	}
}

func TestStartRejectsBadConfig(t *testing.T) {
	for _, cfg := range []Config{
		{},
		{Path: "/dev/x", TCP: "h:1"},
		{Path: "/dev/x", Protocol: "nosuch"},
		{Path: "/dev/x", Settings: Settings{Parity: "sideways"}},
		{Path: "/dev/x", Settings: Settings{StopBits: 3}},
	} {
		if m, err := Start(cfg, NewRegistry()); err == nil {
			m.Close()
			t.Errorf("%+v: no error", cfg)
		}
	}
}

// Close returns at once, and the manager stops at once: it closes the link under the read.
func TestCloseFromAnotherGoroutine(t *testing.T) {
	line := newPTY(t, "")
	m, err := Start(Config{Path: line.Path()}, NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	for ev := range m.Events() {
		if ev.Kind == KindLink && ev.Link == LinkConnected {
			break
		}
	}
	start := time.Now()
	go m.Close()
	select {
	case <-m.Done():
	case <-time.After(patience):
		t.Fatalf("not stopped %v after Close", patience)
	}
	// The pending Read waits for the line with no timeout (the heartbeat is 5 s): Close ends
	// it by closing the link under it. The bound is loose so that a loaded machine does not
	// fail it, and tight enough to tell a Read that waits out the watchdog (12.5 s).
	if el := time.Since(start); el > 10*time.Second {
		t.Errorf("stopped %v after Close", el)
	}
	if st := m.Status(); st.State != LinkClosed {
		t.Errorf("state %v after Close, want closed", st.State)
	}
}

func TestParsePort(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Config
		err  bool
	}{
		{"/dev/coupboard-shoe", Config{Path: "/dev/coupboard-shoe"}, false},
		{"/dev/serial/by-id/usb-FTDI_FT232R_A1-if00-port0", Config{Path: "/dev/serial/by-id/usb-FTDI_FT232R_A1-if00-port0"}, false},
		{"tcp://10.0.0.7:7000", Config{TCP: "10.0.0.7:7000"}, false},
		{"usb:0403:6001", Config{USB: USBMatch{VID: "0403", PID: "6001"}}, false},
		{"usb:0403:6001:A1", Config{USB: USBMatch{VID: "0403", PID: "6001", Serial: "A1"}}, false},
		{"usb:403:6001", Config{}, true},
		{"usb:0403", Config{}, true},
		{"tcp://nohost", Config{}, true},
		{"sim", Config{}, true},
		{"", Config{}, true},
		{"COM3", Config{}, true},
	} {
		got, err := ParsePort(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("ParsePort(%q) = %+v, %v; want %+v, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

// The demo's background shoe deals a random shoe on its pseudo-terminal.
func TestSimShoe(t *testing.T) {
	s, err := StartSimShoe(nil, 1000, 5)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	c := startManager(t, Config{Path: s.Path()})
	c.until(patience, "a coup's four cards", func(evs []Event) bool { return countKind(evs, KindCard) >= 4 })
	if countKind(c.evs, KindHello) != 1 || c.evs[2].Kind != KindStatus || c.evs[2].Code != "NEWSHOE" {
		t.Errorf("start of the demo shoe: %v", c.evs[:4])
	}
	done := make(chan struct{})
	go func() { s.Close(); close(done) }()
	select {
	case <-done:
	case <-time.After(patience):
		t.Fatalf("SimShoe.Close took over %v", patience)
	}
}

// Bytes that never make a valid frame (wrong baud, bad cable) are reported as unreadable,
// naming the settings; a valid frame brings the link back.
func TestPTYNoiseOnlyIsUnreadable(t *testing.T) {
	line := newPTY(t, "")
	c := startManager(t, Config{Path: line.Path(), Unreadable: 150 * time.Millisecond}) // no ReadTimeout, as above
	c.until(patience, "connected", func(evs []Event) bool { return countKind(evs, KindLink) > 0 })
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Millisecond):
				line.Write([]byte("\x00\xff\x80\xfe garbage at the wrong baud \xff"))
			}
		}
	}()
	c.until(patience, "unreadable", func(evs []Event) bool {
		l := links(evs)
		return l[len(l)-1] == "unreadable"
	})
	// Noise is counted as the decoder reports it (every 256 bytes outside a frame), which on a
	// loaded machine may come after the line is found unreadable: the garbage goes on until then.
	for end := time.Now().Add(patience); c.m.Status().NoiseBytes == 0 && time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
	}
	close(stop)
	if st := c.m.Status(); !strings.Contains(st.Err, "9600 8N1") || st.NoiseBytes == 0 {
		t.Errorf("status %+v: want the baud named and noise counted", st)
	}
	line.Write(Frame("HBT", 1))
	c.until(patience, "connected again", func(evs []Event) bool {
		l := links(evs)
		return l[len(l)-1] == "connected"
	})
}

// A read waits until the watchdog is next due, not a fixed tick: an idle line wakes the table
// once a heartbeat (the silence check), and ReadTimeout, when set, bounds the wait.
func TestReadWait(t *testing.T) {
	now := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	ago := func(d time.Duration) time.Time { return now.Add(-d) }
	const silent = 12500 * time.Millisecond // 2.5 heartbeats of 5 s
	for _, tc := range []struct {
		name        string
		bad         LinkState
		lastAlive   time.Time
		garbage     time.Time
		silentAfter time.Duration
		readTimeout time.Duration
		want        time.Duration
	}{
		{"connected: the silence check", LinkConnected, ago(2500 * time.Millisecond), time.Time{}, silent, 0, 10*time.Second + time.Millisecond},
		{"unproven: the silence check", LinkUnproven, ago(time.Second), time.Time{}, silent, 0, 11500*time.Millisecond + time.Millisecond},
		{"no heartbeat: nothing due", LinkConnected, ago(time.Hour), time.Time{}, 0, 0, 0},
		{"silent already: nothing due", LinkSilent, ago(time.Minute), time.Time{}, silent, 0, 0},
		{"silent, noise: the unreadable check", LinkSilent, ago(time.Minute), ago(4 * time.Second), silent, 0, 6*time.Second + time.Millisecond},
		{"noise before the silence", LinkConnected, ago(time.Second), ago(9 * time.Second), silent, 0, time.Second + time.Millisecond},
		{"unreadable already: nothing due", LinkUnreadable, ago(time.Minute), ago(time.Minute), silent, 0, 0},
		{"overdue: at once", LinkConnected, ago(20 * time.Second), time.Time{}, silent, 0, time.Millisecond},
		{"ReadTimeout bounds a wait", LinkConnected, now, time.Time{}, silent, 100 * time.Millisecond, 100 * time.Millisecond},
		{"ReadTimeout bounds no due", LinkSilent, ago(time.Minute), time.Time{}, silent, 100 * time.Millisecond, 100 * time.Millisecond},
		{"ReadTimeout longer than the due", LinkConnected, ago(12 * time.Second), time.Time{}, silent, time.Second, 501 * time.Millisecond},
	} {
		m := &Manager{cfg: Config{Unreadable: 10 * time.Second, ReadTimeout: tc.readTimeout}}
		if got := m.readWait(now, tc.bad, tc.lastAlive, tc.garbage, tc.silentAfter); got != tc.want {
			t.Errorf("%s: wait %v, want %v", tc.name, got, tc.want)
		}
	}
}

// A read of a line closed at the other end says so (a TCP peer, a pseudo-terminal's end of file).
func TestPollLinkHungUp(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("no loopback: %v", err)
	}
	defer ln.Close()
	a, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	l := pollLink{a}
	defer l.Close()
	b, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	b.Close()
	if _, err := l.Read(make([]byte, 8), time.Second); !errors.Is(err, errHungUp) {
		t.Errorf("read of a closed line: %v, want %v", err, errHungUp)
	}
}
