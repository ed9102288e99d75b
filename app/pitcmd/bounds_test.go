package pitcmd

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/pitwire"
)

// TestSenderBounds: the answers read before their command are kept until it is read, within
// MaxEarly (the oldest command's answers dropped first, and reported); the commands are kept
// within MaxCommands and Keep, and one forgotten is not taken back from the stream.
func TestSenderBounds(t *testing.T) {
	now := time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)
	var reported []string
	s := newSender(Config{Now: func() time.Time { return now }, Keep: time.Hour, MaxCommands: 3, MaxEarly: 4,
		OnError: func(err error) { reported = append(reported, err.Error()) }})
	ans := func(id, table string) pitwire.PitAnswer {
		return pitwire.PitAnswer{V: 1, ID: id, Table: table, Outcome: pitwire.OutcomeAccepted, Seq: 1, Time: now, Effective: now}
	}
	cmd := func(id string, issued time.Time) pitwire.PitCommand {
		return pitwire.PitCommand{V: 1, ID: id, Line: "!close at=23:00", By: "S042", Issued: issued, Expires: issued.Add(5 * time.Minute)}
	}
	state := func(id, table string) TableState {
		c, ok := s.Command(id)
		if !ok {
			return ""
		}
		for _, a := range c.Tables {
			if a.Table == table {
				return a.State
			}
		}
		return ""
	}

	for _, a := range []pitwire.PitAnswer{ans("c1", "T1"), ans("c1", "T2"), ans("c2", "T1"), ans("c2", "T2")} {
		s.record(a)
	}
	if s.nEarly != 4 || len(reported) != 0 {
		t.Fatalf("4 answers waiting: %d, reported %v", s.nEarly, reported)
	}
	s.record(ans("c3", "T1"))
	if s.nEarly != 3 || len(reported) != 2 || !strings.Contains(reported[0], "command c1, which the pit has not read: answer dropped") {
		t.Fatalf("past MaxEarly: %d waiting, reported %v", s.nEarly, reported)
	}
	s.adopt(cmd("c2", now), "T1")
	s.adopt(cmd("c2", now), "T2")
	if state("c2", "T1") != Accepted || state("c2", "T2") != Accepted || s.nEarly != 1 {
		t.Fatalf("c2's answers once it is read: %s %s, %d waiting", state("c2", "T1"), state("c2", "T2"), s.nEarly)
	}
	s.adopt(cmd("c1", now), "T1")
	if state("c1", "T1") != Pending && state("c1", "T1") != Offline {
		t.Fatalf("c1's dropped answer: %s", state("c1", "T1"))
	}

	// MaxCommands: c2, the oldest, is forgotten for c5; c2 read again is not kept again.
	for i, id := range []string{"c4", "c5"} {
		s.adopt(cmd(id, now.Add(time.Duration(i+1)*time.Second)), "T1")
	}
	if len(s.cmds) != 3 || len(s.order) != 3 {
		t.Fatalf("%d commands kept, want 3: %v", len(s.cmds), s.order)
	}
	if _, ok := s.Command("c2"); ok {
		t.Fatal("c2 is kept past MaxCommands")
	}
	s.adopt(cmd("c2", now), "T3")
	if _, ok := s.Command("c2"); ok || len(s.cmds) != 3 {
		t.Fatal("c2, forgotten, was taken back from the stream")
	}
	// Keep: an hour later, all three are forgotten for a new one.
	now = now.Add(2 * time.Hour)
	s.adopt(cmd("c6", now), "T1")
	if got := s.Commands(); len(got) != 1 || got[0].ID != "c6" {
		t.Fatalf("after Keep: %+v", got)
	}
	s.adopt(cmd("c0", now.Add(-90*time.Minute)), "T1")
	if _, ok := s.Command("c0"); ok {
		t.Fatal("a command older than Keep was taken from the stream")
	}

	// A flood of answers to commands never read stays within its bounds.
	reported = nil
	for i := range 100000 {
		s.record(ans(fmt.Sprintf("x%d", i), "T1"))
	}
	if s.nEarly > 4 || len(s.early) > 4 || len(s.earlyOrder) > 2*4+16 {
		t.Fatalf("after a flood: %d answers, %d ids, order %d", s.nEarly, len(s.early), len(s.earlyOrder))
	}
	if len(reported) < 100000-4 {
		t.Fatalf("%d dropped answers reported", len(reported))
	}
}

// BenchmarkEarlyAnswers: answers read before their commands, then the commands: each command
// takes only its own answers (the early list was scanned whole for every command before).
func BenchmarkEarlyAnswers(b *testing.B) {
	now := time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)
	s := newSender(Config{Now: func() time.Time { return now }, Keep: time.Hour, MaxCommands: DefaultMaxCommands, MaxEarly: DefaultMaxEarly})
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		id := fmt.Sprintf("c%d", i)
		s.record(pitwire.PitAnswer{V: 1, ID: id, Table: "T1", Outcome: pitwire.OutcomeAccepted, Seq: 1, Time: now, Effective: now})
		s.adopt(pitwire.PitCommand{V: 1, ID: id, Line: "!close at=23:00", By: "S042", Issued: now, Expires: now.Add(time.Minute)}, "T1")
	}
}
