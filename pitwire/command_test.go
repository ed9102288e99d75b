package pitwire

import (
	"strings"
	"testing"
	"time"
)

func TestParsePitLine(t *testing.T) {
	tests := []struct{ line, err string }{
		{"!limits at=21:30 player=50-5000/5 banker=50-5000/5", ""},
		{`!limits at=21:30 waived player=50-5000 reason="asked by the players"`, ""},
		{"!differential max=200", ""},
		{"!setting at=22:00 settlement=B", ""},
		{"!close at=23:00", ""},
		{"!close", "want !close at=HH:MM"},
		{"!LIMITS player=10-100", "as the table script does"},
		{" !close at=23:00", "as the table script does"},
		{"!bet 1 banker 100", "not a pit command"},
		{"!turn player", "not a pit command"},
		{"!setting commission=4", "only settlement="},
		{"!close at=23:00 as=supervisor:1", "not as="},
		{"@21:00 !close at=23:00", "exactly one command"},
		{"9H 3C", "exactly one command"},
		{"", "exactly one command"},
		{"!close at=23:00\n!close at=23:30", "one line only"},
		{"!limits player=100-50", "player=100-50"},
		{"!close at=25:00", "at=25:00"},
		{"!limits " + strings.Repeat("x", 600), "at most 512"},
	}
	for _, tc := range tests {
		_, err := ParsePitLine(tc.line)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v", tc.line, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q: %v, want an error containing %q", tc.line, err, tc.err)
		}
	}
}

func TestPitCommandSubjectBinding(t *testing.T) {
	at := time.Date(2026, 11, 26, 21, 0, 0, 0, time.UTC)
	c := PitCommand{V: 1, ID: "c1", Table: "T2", Line: "!close at=23:00", By: "S1", Issued: at, Expires: at.Add(time.Minute)}
	data, err := EncodePitCommand(c)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodePitCommand(PitCommandSubject("T2"), data); err != nil {
		t.Fatal(err)
	}
	if _, err := DecodePitCommand(PitCommandSubject("T1"), data); err == nil || !strings.Contains(err.Error(), "arrived on pit.cmd.T1") {
		t.Fatalf("T2's command on T1's subject: %v", err)
	}
	a := PitAnswer{V: 1, ID: "c1", Table: "T2", Outcome: OutcomeTooLate, Reason: "late", Time: at}
	data, err = EncodePitAnswer(a)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodePitAnswer(PitAnswerSubject("T1"), data); err == nil {
		t.Fatal("T2's answer accepted on T1's subject")
	}
	c.Expires = at.Add(2 * time.Hour)
	if _, err := EncodePitCommand(c); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Fatalf("a command waiting two hours: %v", err)
	}
}

// FuzzDecodePitCommand: any bytes are refused with a reason or give a command that encodes
// back to itself; never a panic.
func FuzzDecodePitCommand(f *testing.F) {
	f.Add([]byte(`{"v":1,"id":"c1","table":"T1","line":"!limits at=21:30 player=50-5000/5","by":"S1","issued":"2026-11-26T21:00:00Z","expires":"2026-11-26T21:05:00Z"}`))
	f.Add([]byte(`{"v":1,"id":"c1","table":"T1","line":"!close at=21:30 reason=\"x\"","by":"S1","issued":"2026-11-26T21:00:00Z","expires":"2026-11-26T21:05:00Z"}`))
	f.Add([]byte(`{"v":1,"id":"c1","table":"T1","outcome":"refused","rule":"000 7.7","reason":"x","seq":3,"time":"2026-11-26T21:00:00Z"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if c, err := DecodePitCommand("", data); err == nil {
			b, err := EncodePitCommand(c)
			if err != nil {
				t.Fatalf("decoded %s, cannot encode it: %v", data, err)
			}
			if _, err := DecodePitCommand(PitCommandSubject(c.Table), b); err != nil {
				t.Fatalf("re-encoded %s: %v", b, err)
			}
		}
		if a, err := DecodePitAnswer("", data); err == nil {
			if _, err := EncodePitAnswer(a); err != nil {
				t.Fatalf("decoded answer %s, cannot encode it: %v", data, err)
			}
		}
	})
}
