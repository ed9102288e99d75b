package serialin

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// After the link dropped and came back, the stream must prove it is the same shoe's before
// anything is taken from it: the frame that continues the last SEQ exactly, or a HELO with the
// shoe's identity. Anything else — a jump ahead, a frame behind, another shoe's HELO, the last
// SEQ with another body — is dropped as unproven, however many follow in order, until a frame
// proves it.
func TestCSP1RelinkMakesTheStreamProveItself(t *testing.T) {
	const ours = "ACME,SHOE-8,1.2.0,CSP1"
	mark := Mark{Seq: 41, Frame: "CARD,0041,9H", Hello: ours}
	helo := func(seq int, id ...string) []byte { return Frame("HELO", seq, id...) }
	for _, tc := range []struct {
		name   string
		mark   Mark
		frames [][]byte
		want   string // summary of the events
		reason string // the first unproven frame's reason starts so ("" when none)
	}{
		{"the next SEQ proves it", mark,
			[][]byte{Frame("CARD", 42, "5D"), Frame("CARD", 44, "2C")}, "card 5D; gap 1; card 2C", ""},
		{"a resend of the last frame is a duplicate, then the next SEQ", mark,
			[][]byte{Frame("CARD", 41, "9H"), Frame("CARD", 42, "5D")}, "duplicate; card 5D", ""},
		{"the shoe's own HELO proves it: a restart", mark,
			[][]byte{helo(0, "ACME", "SHOE-8", "1.2.0", "CSP1"), Frame("CARD", 1, "5D")}, "hello restart; card 5D", ""},
		{"9999 is continued by 0000", Mark{Seq: 9999, Frame: "HBT,9999", Hello: ours},
			[][]byte{Frame("CARD", 0, "5D")}, "card 5D", ""},
		{"a jump ahead is another stream: nothing is taken, a new shoe least of all", mark,
			[][]byte{Frame("CARD", 400, "5D"), Frame("STAT", 401, "NEWSHOE"), Frame("CARD", 402, "7S")},
			"unproven 1; unproven 2; unproven 3", "SEQ 0400 after the link came back does not continue 0041"},
		{"a frame behind is not taken either", mark,
			[][]byte{Frame("CARD", 12, "5D")}, "unproven 1", "SEQ 0012 after the link came back does not continue 0041"},
		{"the last SEQ with another body is unproven, not a conflict", mark,
			[][]byte{Frame("CARD", 41, "5D")}, "unproven 1", "SEQ 0041 after the link came back"},
		{"another shoe's HELO does not prove it, nor what follows", mark,
			[][]byte{helo(0, "OTHER", "SHOE-6", "2.0", "CSP1"), Frame("CARD", 1, "5D")},
			"unproven 1; unproven 2", "HELO from OTHER,SHOE-6,2.0,CSP1 after the link came back, but the table's shoe is " + ours},
		{"after unproven frames, the shoe's HELO proves it", mark,
			[][]byte{Frame("CARD", 400, "5D"), helo(0, "ACME", "SHOE-8", "1.2.0", "CSP1"), Frame("CARD", 1, "7S"), Frame("CARD", 3, "8S")},
			"unproven 1; hello restart; card 7S; gap 1; card 8S", "SEQ 0400"},
		{"after an unproven frame, a frame continuing the SEQ does not prove it", mark,
			[][]byte{Frame("CARD", 400, "5D"), Frame("CARD", 42, "7S")}, "unproven 1; unproven 2", "SEQ 0400"},
		{"a foreign stream counting up from below past the last SEQ is never taken", mark,
			[][]byte{Frame("CARD", 39, "5D"), Frame("CARD", 40, "6D"), Frame("CARD", 41, "7D"), Frame("CARD", 42, "8D"), Frame("CARD", 43, "9D")},
			"unproven 1; unproven 2; unproven 3; unproven 4; unproven 5", "SEQ 0039"},
		{"with no HELO seen, any HELO is taken, with a reason", Mark{Seq: 41, Frame: "CARD,0041,9H"},
			[][]byte{helo(0, "OTHER", "SHOE-6", "2.0", "CSP1"), Frame("CARD", 1, "5D")}, "hello restart; card 5D", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := &CSP1{}
			d.resume(tc.mark)
			d.relink()
			var evs []Event
			for _, f := range tc.frames {
				evs = append(evs, d.Feed(f)...)
			}
			var parts []string
			reason := ""
			for _, e := range evs {
				switch e.Kind {
				case KindUnproven:
					parts = append(parts, "unproven "+strconv.Itoa(e.Count))
					if e.Count == 1 {
						reason = e.Reason
					}
					if e.Marked() {
						t.Errorf("an unproven frame carries a mark: %v", e)
					}
				default:
					parts = append(parts, summary([]Event{e}))
				}
				if e.Kind == KindHello && tc.mark.Hello == "" && !strings.Contains(e.Reason, "no HELO to check it against") {
					t.Errorf("HELO with no identity to check: reason %q", e.Reason)
				}
				if e.Kind == KindHello && tc.mark.Hello != "" && !strings.Contains(e.Reason, "cannot tell two shoes of one model apart") {
					t.Errorf("the shoe's HELO after the link came back: reason %q, want it to say the check cannot tell two shoes of one model apart", e.Reason)
				}
			}
			if got := strings.Join(parts, "; "); got != tc.want {
				t.Errorf("events %s, want %s", got, tc.want)
			}
			if !strings.HasPrefix(reason, tc.reason) || (tc.reason == "") != (reason == "") {
				t.Errorf("reason %q, want it to start %q", reason, tc.reason)
			}
		})
	}
}

// relink keeps what the decoder took on the line that dropped — its last frame, whatever its
// type, the shoe's HELO, the mark it resumed at — and forgets what was left half-read (a partial
// frame, unreported noise) and the run of unproven frames. With nothing taken, there is nothing
// to prove.
func TestCSP1RelinkKeepsWhatTheDecoderTook(t *testing.T) {
	helo := Frame("HELO", 0, "ACME", "SHOE-8", "1.2.0", "CSP1")
	for _, tc := range []struct {
		name   string
		resume *Mark    // the mark of the first connection, if any
		before [][]byte // fed before the link drops; nil: the link dropped and came back
		after  [][]byte // fed after it came back
		want   string   // summary of the events after
	}{
		{"nothing taken: the stream is taken as on a first connection", nil,
			[][]byte{[]byte("zz$CARD,00")}, [][]byte{Frame("CARD", 400, "5D")}, "card 5D"},
		{"the next SEQ after the last frame taken proves the stream", nil,
			[][]byte{helo, Frame("CARD", 1, "9H")}, [][]byte{Frame("CARD", 2, "5D")}, "card 5D"},
		{"a frame of an unknown type taken last is resent as a duplicate, and its SEQ continued", nil,
			[][]byte{helo, Frame("CARD", 1, "9H"), Frame("XTRA", 2, "1")},
			[][]byte{Frame("XTRA", 2, "1"), Frame("CARD", 3, "5D")}, "duplicate; card 5D"},
		{"the SEQ before an unknown frame taken last does not prove it", nil,
			[][]byte{helo, Frame("CARD", 1, "9H"), Frame("XTRA", 2, "1")},
			[][]byte{Frame("CARD", 2, "5D")}, "unproven 1"},
		{"a partial frame is forgotten, not reported as corrupt", nil,
			[][]byte{helo, Frame("CARD", 1, "9H"), []byte("$CARD,0002,K")}, [][]byte{Frame("CARD", 2, "5D")}, "card 5D"},
		{"unreported noise is forgotten", nil,
			[][]byte{helo, Frame("CARD", 1, "9H"), []byte("zzzz")}, [][]byte{Frame("CARD", 2, "5D")}, "card 5D"},
		{"the shoe's HELO is kept: another shoe's is not taken", nil,
			[][]byte{helo, Frame("CARD", 1, "9H")},
			[][]byte{Frame("HELO", 0, "OTHER", "SHOE-6", "2.0", "CSP1"), Frame("CARD", 1, "5D")}, "unproven 1; unproven 2"},
		{"a mark resumed at and not followed is kept: the shoe's HELO is worded as after a relink",
			&Mark{Seq: 41, Frame: "CARD,0041,9H", Hello: "ACME,SHOE-8,1.2.0,CSP1"}, nil,
			[][]byte{Frame("CARD", 40, "5D"), helo}, "unproven 1; hello restart after the link came back"},
		{"a second drop while unproven: the unproven frames after it are a new run", nil,
			[][]byte{helo, Frame("CARD", 1, "9H"), nil, Frame("CARD", 400, "5D"), Frame("CARD", 401, "6D")},
			[][]byte{Frame("CARD", 500, "7D"), Frame("CARD", 2, "8D")}, "unproven 1; unproven 2"},
		{"a second drop while unproven: the first frame after it continuing the SEQ proves it", nil,
			[][]byte{helo, Frame("CARD", 1, "9H"), nil, Frame("CARD", 400, "5D")},
			[][]byte{Frame("CARD", 2, "8D")}, "card 8D"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := &CSP1{}
			if tc.resume != nil {
				d.resume(*tc.resume)
			}
			for _, f := range tc.before {
				if f == nil {
					d.relink()
					continue
				}
				d.Feed(f)
			}
			d.relink()
			var parts []string
			for _, f := range tc.after {
				for _, e := range d.Feed(f) {
					s := summary([]Event{e})
					switch {
					case e.Kind == KindUnproven:
						s += " " + strconv.Itoa(e.Count)
					case e.Kind == KindHello && strings.Contains(e.Reason, "after the link came back"):
						s += " after the link came back"
					}
					parts = append(parts, s)
				}
			}
			if got := strings.Join(parts, "; "); got != tc.want {
				t.Errorf("events after the relink %s, want %s", got, tc.want)
			}
		})
	}
}

// Over real pseudo-terminals: the table's shoe deals, the cable is pulled, and behind the same
// device link comes a second shoe's stream mid-shoe, with no HELO (another device given the
// name, a swapped cable). None of its frames is taken — not its cards, not its new shoe —, the
// first is reported once as unproven, and the counters say how many were dropped; when the
// table's own shoe then says HELO, its frames are taken again.
func TestPTYForeignStreamAfterUnplugIsNotTaken(t *testing.T) {
	link := filepath.Join(t.TempDir(), "coupboard-shoe")
	line := newPTY(t, link)
	c := startManager(t, Config{Path: link})
	write := func(frames ...[]byte) {
		t.Helper()
		if _, err := line.Write(cat(frames...)); err != nil {
			t.Fatal(err)
		}
	}
	write(Frame("HELO", 0, "ACME", "SHOE-8", "1.2.0", "CSP1"), Frame("STAT", 1, "NEWSHOE"), Frame("CARD", 2, "9H"), Frame("CARD", 3, "KD"))
	c.until(patience, "the shoe's cards", func(evs []Event) bool { return countKind(evs, KindCard) == 2 })
	if err := line.Unplug(context.Background(), 50*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	// Another shoe's stream, mid-shoe: it finishes a coup, loads a new shoe and deals.
	write(Frame("CARD", 812, "2S"), Frame("CARD", 813, "3S"), Frame("STAT", 814, "NEWSHOE"),
		Frame("CARD", 815, "4S"), Frame("CARD", 816, "5S"), Frame("HBT", 817, "300"))
	c.until(patience, "the other stream dropped", func(evs []Event) bool { return countKind(evs, KindUnproven) == 6 })
	// Its frames arrive, but the link is not shown healthy: it is unproven, with no error of its
	// own (the doubt's reason says why).
	if st := c.m.Status(); st.State != LinkUnproven || st.Err != "" || st.Fault != FaultNone {
		t.Errorf("while the other stream is dropped: %s %q %q, want unproven with no error", st.State, st.Err, st.Fault)
	}
	// The table's shoe restarts and deals on.
	write(Frame("HELO", 0, "ACME", "SHOE-8", "1.2.0", "CSP1"), Frame("CARD", 1, "7C"))
	c.until(patience, "the shoe's card after its HELO", func(evs []Event) bool { return countKind(evs, KindCard) == 3 })

	if got := strings.Join(cardsOf(c.evs), " "); got != "9H KD 7C" {
		t.Errorf("cards taken %s, want 9H KD 7C (none of the other stream's)", got)
	}
	if n := countKind(c.evs, KindStatus); n != 1 {
		t.Errorf("%d status frames taken, want 1 (the shoe's own NEWSHOE only)", n)
	}
	var first Event
	for _, e := range c.evs {
		if e.Kind == KindUnproven && e.Count == 1 {
			first = e
		}
	}
	if first.Seq != 812 || !strings.Contains(first.Reason, "does not continue 0003") {
		t.Errorf("first unproven frame %v, want SEQ 0812 that does not continue 0003", first)
	}
	ls := strings.Join(links(c.evs), ",")
	if !strings.HasPrefix(ls, "connected,disconnected,reconnecting") || !strings.HasSuffix(ls, "reconnecting,unproven,connected") {
		t.Errorf("link states %s, want connected,disconnected,reconnecting…,unproven,connected", ls)
	}
	if st := c.m.Status(); st.Unproven != 6 || st.Cards != 3 || st.Connects != 2 || st.State != LinkConnected {
		t.Errorf("status %+v: want 6 unproven, 3 cards, 2 connects, connected", st)
	}
}

// scriptLink is a link that returns its reads in order, then fails as an unplugged port does.
// A nil read is a read timeout (nothing arrived), after a millisecond so the clock moves.
type scriptLink struct{ reads [][]byte }

func (l *scriptLink) Read(p []byte, _ time.Duration) (int, error) {
	if len(l.reads) == 0 {
		return 0, errors.New("unplugged")
	}
	r := l.reads[0]
	l.reads = l.reads[1:]
	if r == nil {
		time.Sleep(time.Millisecond)
	}
	return copy(p, r), nil
}

func (l *scriptLink) Close() error { return nil }

// While the frames on a line that came back are dropped as unproven, the port manager shows the
// link unproven: not connected however many arrive, and neither silent nor unreadable while
// they stop or turn to noise (the watchdogs here trip at once), until a frame proves the stream.
func TestUnprovenStreamIsShownUnproven(t *testing.T) {
	helo := Frame("HELO", 0, "ACME", "SHOE-8", "1.2.0", "CSP1")
	foreign := cat(Frame("CARD", 812, "2S"), Frame("CARD", 813, "3S"))
	for _, tc := range []struct {
		name      string
		heartbeat time.Duration // negative: no watchdog
		reads     [][]byte
		want      string // the link states reported, in order
	}{
		{"another stream's frames: unproven", -1, [][]byte{foreign, Frame("HBT", 814, "300")}, "unproven"},
		{"the shoe's HELO after them proves the stream", -1, [][]byte{foreign, helo, Frame("CARD", 1, "7C")}, "unproven,connected"},
		{"the next SEQ proves it", -1, [][]byte{Frame("CARD", 2, "KD")}, "unproven,connected"},
		{"a resend of the last frame proves nothing and drops nothing", -1, [][]byte{Frame("CARD", 1, "9H")}, "unproven"},
		{"silence after unproven frames is silent", time.Nanosecond, [][]byte{foreign, nil, nil}, "unproven,silent"},
		{"silence before any frame is silent", time.Nanosecond, [][]byte{nil, nil}, "unproven,silent"},
		{"noise after unproven frames is unreadable", -1, [][]byte{foreign, []byte("\x00\xff garbage"), nil, nil}, "unproven,unreadable"},
		{"an unproven frame after the noise shows it unproven again", -1, [][]byte{[]byte("\x00\xff garbage"), nil, foreign}, "unproven,unreadable,unproven"},
		{"noise on a proven line is unreadable", -1, [][]byte{Frame("CARD", 2, "KD"), []byte("\x00\xff garbage"), nil}, "unproven,connected,unreadable"},
		{"once proven, silence is silent again", time.Nanosecond, [][]byte{foreign, helo, nil}, "unproven,connected,silent"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := newManager(Config{Path: "/dev/null", Heartbeat: tc.heartbeat, Unreadable: time.Nanosecond}, NewRegistry())
			if err != nil {
				t.Fatal(err)
			}
			d := &CSP1{}
			d.Feed(cat(helo, Frame("CARD", 1, "9H")))
			d.relink()
			if !d.dropping() {
				t.Fatal("a relinked decoder that took frames is not awaiting proof")
			}
			m.status.State = LinkUnproven // as run reports it after the relink
			if err := m.read(&scriptLink{reads: tc.reads}, d); err == nil {
				t.Fatal("read ended without the link's error")
			}
			close(m.events)
			got := []string{"unproven"}
			for e := range m.events {
				if e.Kind == KindLink {
					got = append(got, e.Link.String())
				}
			}
			if s := strings.Join(got, ","); s != tc.want {
				t.Errorf("link states %q, want %q", s, tc.want)
			}
			if last := tc.want[strings.LastIndex(tc.want, ",")+1:]; last != "" && m.Status().State.String() != last {
				t.Errorf("state %s, want %s", m.Status().State, last)
			}
		})
	}
}

// Over real pseudo-terminals: a shoe that comes back without a HELO but continues its SEQ
// exactly is the same shoe: everything it sends is taken, nothing is unproven. It first resends
// the last frame taken, which stays a duplicate (the decoder kept its sequence over the
// reconnect: a decoder started afresh would take the card twice) and does not use up the one
// chance the stream has to prove itself by its SEQ.
func TestPTYSameStreamAfterUnplugIsTaken(t *testing.T) {
	link := filepath.Join(t.TempDir(), "coupboard-shoe")
	line := newPTY(t, link)
	c := startManager(t, Config{Path: link})
	if _, err := line.Write(cat(Frame("HELO", 0, "ACME", "SHOE-8", "1.2.0", "CSP1"), Frame("CARD", 1, "9H"))); err != nil {
		t.Fatal(err)
	}
	c.until(patience, "the first card", func(evs []Event) bool { return countKind(evs, KindCard) == 1 })
	if err := line.Unplug(context.Background(), 50*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if _, err := line.Write(cat(Frame("CARD", 1, "9H"), Frame("CARD", 2, "KD"), Frame("STAT", 3, "CUT"), Frame("CARD", 4, "5H"))); err != nil {
		t.Fatal(err)
	}
	c.until(patience, "every card", func(evs []Event) bool { return countKind(evs, KindCard) == 3 })
	if got := strings.Join(cardsOf(c.evs), " "); got != "9H KD 5H" {
		t.Errorf("cards %s, want 9H KD 5H (the resent 9H once)", got)
	}
	var dup []Event
	for _, e := range c.evs {
		if e.Kind == KindDuplicate {
			dup = append(dup, e)
		}
	}
	if len(dup) != 1 || dup[0].Seq != 1 {
		t.Errorf("duplicates %v, want the resend of SEQ 0001 once", dup)
	}
	if n := countKind(c.evs, KindUnproven); n != 0 {
		t.Errorf("%d unproven frames, want 0", n)
	}
	if st := c.m.Status(); st.Connects != 2 || st.Duplicates != 1 || st.Unproven != 0 || st.Cards != 3 {
		t.Errorf("status %+v: want 2 connects, 1 duplicate, 0 unproven, 3 cards", st)
	}
}

// refusingResumer is another package's sequenced decoder that refuses the mark it is given.
type refusingResumer struct{ Decoder }

func (refusingResumer) Resume(Mark) error { return errors.New("mark from another protocol") }

// The configuration's mark goes to another package's Resumer on the first connection; when it
// refuses it, the link says so (the sequence starts afresh) instead of the error being dropped.
func TestPTYResumerRefusalIsReported(t *testing.T) {
	line := newPTY(t, "")
	reg := NewRegistry()
	if err := reg.Register(Adapter{Name: "other", New: func() Decoder { return refusingResumer{NewCSP1()} }, Settings: Standard9600()}); err != nil {
		t.Fatal(err)
	}
	m, err := Start(Config{Path: line.Path(), Protocol: "other", Resume: &Mark{Seq: 41, Frame: "HBT,0041,300"}}, reg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close(); <-m.Done() })
	c := &collector{t: t, m: m}
	c.until(patience, "the refusal on the link", func(evs []Event) bool {
		for _, e := range evs {
			if e.Kind == KindLink && e.Link == LinkConnected && strings.Contains(e.Err, "shoe mark not taken up, the sequence starts afresh: mark from another protocol") {
				return true
			}
		}
		return false
	})
}
