package serialin

import (
	"strings"
	"testing"
	"time"
)

// A decoder that takes up a sequence from a Mark (the table's clean stop) treats what comes next
// as the reader before it would have: the next frame is taken, a resend of the marked frame is a
// duplicate, the same SEQ with another body a conflict, an older frame stale, a later one a gap,
// and a HELO a restart that names the session before it.
func TestCSP1ResumeTakesUpTheSequence(t *testing.T) {
	mark := Mark{Seq: 41, Frame: "HBT,0041,300", Hello: "ACME,SHOE-8,1.2.0,CSP1"}
	for _, tc := range []struct {
		name   string
		frames [][]byte
		want   []string // event kind, and the reason's start when it has one
		mark   Mark     // the mark of the last event
	}{
		{"the next frame is taken", [][]byte{Frame("CARD", 42, "9H")},
			[]string{"card"}, Mark{42, "CARD,0042,9H", mark.Hello}},
		{"a resend of the marked frame is a duplicate", [][]byte{Frame("HBT", 41, "300"), Frame("CARD", 42, "9H")},
			[]string{"duplicate", "card"}, Mark{42, "CARD,0042,9H", mark.Hello}},
		{"the marked SEQ with another body is a conflict", [][]byte{Frame("CARD", 41, "9H")},
			[]string{"conflict same SEQ as \"HBT,0041,300\""}, Mark{}},
		{"an older frame is stale", [][]byte{Frame("CARD", 40, "9H")},
			[]string{"stale SEQ 0040 is behind 0041, the last frame the table took before it stopped"}, Mark{}},
		{"a later frame reports the frames lost", [][]byte{Frame("CARD", 44, "9H")},
			[]string{"gap SEQ 0044 follows 0041, the last frame the table took before it stopped", "card"}, Mark{44, "CARD,0044,9H", mark.Hello}},
		{"half the sequence ahead is behind", [][]byte{Frame("CARD", 5041, "9H")},
			[]string{"stale SEQ 5041 is behind 0041"}, Mark{}},
		{"a HELO is a restart", [][]byte{Frame("HELO", 0, "ACME", "SHOE-8", "1.3.0", "CSP1")},
			[]string{"hello HELO after SEQ 0041, the last frame the table took before it stopped (from ACME,SHOE-8,1.2.0,CSP1)"},
			Mark{0, "HELO,0000,ACME,SHOE-8,1.3.0,CSP1", "ACME,SHOE-8,1.3.0,CSP1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := &CSP1{}
			if err := d.Resume(mark); err != nil {
				t.Fatal(err)
			}
			var evs []Event
			for _, f := range tc.frames {
				evs = append(evs, d.Feed(f)...)
			}
			if len(evs) != len(tc.want) {
				t.Fatalf("events %v, want %v", evs, tc.want)
			}
			for i, e := range evs {
				got := e.Kind.String()
				if e.Reason != "" {
					got += " " + e.Reason
				}
				if !strings.HasPrefix(got, tc.want[i]) {
					t.Errorf("event %d: %q, want %q", i, got, tc.want[i])
				}
				if e.Kind == KindHello && !e.Restart {
					t.Errorf("a HELO after a resume is not a restart: %v", e)
				}
			}
			last := evs[len(evs)-1]
			if last.Marked() != (tc.mark != Mark{}) || last.Mark != tc.mark {
				t.Errorf("mark %+v (marked %v), want %+v", last.Mark, last.Marked(), tc.mark)
			}
		})
	}
}

// Without a resume the first frame is taken whatever its SEQ (a new connection), and only the
// events of frames taken carry a mark: not a gap reported before a frame, nor a stale frame.
func TestCSP1MarksOnlyFramesTaken(t *testing.T) {
	d := &CSP1{}
	evs := d.Feed(append(append(Frame("HELO", 7, "A", "B", "1", "CSP1"), Frame("CARD", 9, "9H")...), Frame("CARD", 3, "5D")...))
	if got := summary(evs); got != "hello; gap 1; card 9H; stale" {
		t.Fatalf("events %s", got)
	}
	for i, want := range []bool{true, false, true, false} {
		if evs[i].Marked() != want {
			t.Errorf("%s: marked %v", evs[i].Kind, evs[i].Marked())
		}
	}
	if evs[0].Restart || evs[0].Mark != (Mark{7, "HELO,0007,A,B,1,CSP1", "A,B,1,CSP1"}) || evs[2].Mark != (Mark{9, "CARD,0009,9H", "A,B,1,CSP1"}) {
		t.Errorf("marks %+v %+v", evs[0], evs[2])
	}
}

func TestMarkCheck(t *testing.T) {
	for _, tc := range []struct {
		m    Mark
		want string // "" valid
	}{
		{Mark{41, "HBT,0041,300", "ACME,SHOE-8,1.2.0,CSP1"}, ""},
		{Mark{0, "HELO,0000,A,B,1,CSP1", ""}, ""},
		{Mark{-1, "HBT,0041", ""}, "out of 0-9999"},
		{Mark{10000, "HBT,0041", ""}, "out of 0-9999"},
		{Mark{41, "HBT,0042,300", ""}, "does not have SEQ 0041"},
		{Mark{41, "", ""}, "not TYPE,SEQ"},
		{Mark{41, "hbt,0041", ""}, "not TYPE,SEQ"},
		{Mark{41, "HBT,41", ""}, "not TYPE,SEQ"},
		{Mark{41, "HBT,0041*1234", ""}, "not the text of a frame"},
		{Mark{41, "HBT,0041\n", ""}, "not the text of a frame"},
		{Mark{41, "HBT,0041," + strings.Repeat("9", 96), ""}, "not the text of a frame"},
		{Mark{41, "HBT,0041", "A$B"}, "not the text of a frame"},
	} {
		err := tc.m.Check()
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%+v: %v, want %q", tc.m, err, tc.want)
		}
		if err != nil {
			if _, serr := Start(Config{Path: "/nonexistent", Resume: &tc.m}, NewRegistry()); serr == nil {
				t.Errorf("%+v: Start took a mark Check refuses", tc.m)
			}
		}
	}
}

// The port manager gives the mark to the first connection's decoder only: over a real
// pseudo-terminal, the frame after the mark is taken, an old one is stale.
func TestPTYResumeFirstConnection(t *testing.T) {
	line := newPTY(t, "")
	c := startManager(t, Config{Path: line.Path(), Resume: &Mark{Seq: 41, Frame: "HBT,0041,300"}})
	for _, f := range [][]byte{Frame("CARD", 40, "5D"), Frame("CARD", 42, "9H")} {
		if _, err := line.Write(f); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	deadline := time.After(patience)
	for len(got) < 2 {
		select {
		case e := <-c.m.Events():
			if e.Kind != KindLink {
				got = append(got, e.String())
			}
		case <-deadline:
			t.Fatalf("events so far %v", got)
		}
	}
	if !strings.HasPrefix(got[0], "stale seq=0040: SEQ 0040 is behind 0041") || got[1] != "card seq=0042 9H" {
		t.Errorf("events %v", got)
	}
}
