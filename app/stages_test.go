package app

import (
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
)

// TestStageLog: a presented screen carries the stamps of the first input journalled since the
// last one; a screen that follows no input carries none; the line holds every stage.
func TestStageLog(t *testing.T) {
	t0 := time.Unix(1_700_000_000, 0)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	rec := func(seq int64, ms int) journal.Record {
		return journal.Record{Seq: seq, Time: at(ms), Kind: journal.KindShoe}
	}
	own := func(seq int64, ms int) journal.Record { // the loop's own: a sign change coming due
		return journal.Record{Seq: seq, Time: at(ms), Kind: journal.KindEvent}
	}
	for _, tc := range []struct {
		name    string
		batches [][]journal.Record // committed in turn, 1 ms apart from 10 ms on
		want    string             // the line written for the screen presented at 20 ms, "" for none
	}{
		{"no input: the clock's screen", nil, ""},
		{"an empty batch", [][]journal.Record{{}}, ""},
		{"one input", [][]journal.Record{{rec(7, 5), rec(8, 5)}},
			"seq=7 taken=1700000000005000000 durable=1700000000010000000 presented=1700000000020000000 apply=0 applied=0 frame=0 gc=0\n"},
		{"a burst keeps the first input's stamps", [][]journal.Record{{rec(7, 5)}, {rec(9, 6)}},
			"seq=7 taken=1700000000005000000 durable=1700000000010000000 presented=1700000000020000000 apply=0 applied=0 frame=0 gc=0\n"},
		{"the loop's own records are no input", [][]journal.Record{{own(6, 4)}}, ""},
		{"an input after the loop's own records", [][]journal.Record{{own(6, 4)}, {rec(7, 5)}},
			"seq=7 taken=1700000000005000000 durable=1700000000011000000 presented=1700000000020000000 apply=0 applied=0 frame=0 gc=0\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			s := &stageLog{w: &out}
			for i, b := range tc.batches {
				s.committed(b, at(10+i))
			}
			p := s.presented(at(20))
			if (p != nil) != (tc.want != "") {
				t.Fatalf("stamp %+v, want one: %v", p, tc.want != "")
			}
			if p == nil {
				return
			}
			s.write(p)
			if out.String() != tc.want {
				t.Errorf("line\n%q, want\n%q", out.String(), tc.want)
			}
			if q := s.presented(at(30)); q != nil {
				t.Errorf("the next screen took the stamp again: %+v", q)
			}
		})
	}
}

// TestStageLogFrame: a stamp that reached the frame says how many collections ended on its way.
func TestStageLogFrame(t *testing.T) {
	var out strings.Builder
	s := &stageLog{w: &out}
	t0 := time.Unix(1_700_000_000, 0)
	s.committed([]journal.Record{{Seq: 3, Time: t0, Kind: journal.KindShoe}}, t0.Add(time.Millisecond))
	p := s.presented(t0.Add(2 * time.Millisecond))
	p.apply, p.applied, p.frame = t0.Add(3*time.Millisecond), t0.Add(4*time.Millisecond), t0.Add(9*time.Millisecond)
	p.gc1 = p.gc0 + 2
	s.write(p)
	want := "seq=3 taken=1700000000000000000 durable=1700000000001000000 presented=1700000000002000000 apply=1700000000003000000 applied=1700000000004000000 frame=1700000000009000000 gc=2\n"
	if out.String() != want {
		t.Errorf("line\n%q, want\n%q", out.String(), want)
	}
}
