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
		{"!withdraw at=2026-11-26T21:30:00", ""},
		{"!withdraw at=21:30", "at=YYYY-MM-DDTHH:MM:SS"},
		{"!withdraw at=21:30:00", "at=YYYY-MM-DDTHH:MM:SS"},
		{"!withdraw", "want !withdraw at=HH:MM"},
		{"!withdraw at=2026-11-26T21:30:00 as=supervisor:1", "not as="},
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

// TestPitWithdrawLinksItsCommand: a !withdraw names the command it withdraws, and only a
// !withdraw does; its line is the dated form of the time the table accepted the change for;
// a withdrawal takes effect when accepted, a change at the time it names.
func TestPitWithdrawLinksItsCommand(t *testing.T) {
	at := time.Date(2026, 11, 26, 21, 0, 0, 0, time.UTC)
	eff := time.Date(2026, 11, 26, 21, 30, 0, 0, time.FixedZone("AEDT", 11*3600))
	line := WithdrawLine(eff)
	if line != "!withdraw at=2026-11-26T10:30:00" {
		t.Fatalf("WithdrawLine(%v) = %q", eff, line)
	}
	for _, tc := range []struct {
		line, withdraws, err string
	}{
		{line, "c1", ""},
		{line, "", "names the command it withdraws"},
		{"!close at=23:00", "c1", "only a !withdraw withdraws"},
		{line, "w1", "the id of another command"},
		{line, "c 1", "the id of another command"},
	} {
		c := PitCommand{V: 1, ID: "w1", Table: "T1", Line: tc.line, By: "S1", Withdraws: tc.withdraws, Issued: at, Expires: at.Add(time.Minute)}
		data, err := EncodePitCommand(c)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%q withdraws %q: %v", tc.line, tc.withdraws, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q withdraws %q: %v, want an error containing %q", tc.line, tc.withdraws, err, tc.err)
		case tc.err == "":
			if got, err := DecodePitCommand(PitCommandSubject("T1"), data); err != nil || got.Withdraws != tc.withdraws {
				t.Errorf("decoded %s: %+v, %v", data, got, err)
			}
		}
	}
	now := time.Date(2026, 11, 26, 21, 5, 0, 0, time.UTC)
	for _, tc := range []struct {
		line string
		want time.Time
	}{
		{"!limits at=21:30 player=10-100", time.Date(2026, 11, 26, 21, 30, 0, 0, time.UTC)},
		{"!limits player=10-100", now},
		{line, now},
	} {
		c, err := ParsePitLine(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		if got := Effective(c, now); !got.Equal(tc.want) {
			t.Errorf("Effective(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// FuzzDecodePitCommand: any bytes are refused with a reason or give a command that encodes
// back to itself; never a panic.
func FuzzDecodePitCommand(f *testing.F) {
	f.Add([]byte(`{"v":1,"id":"c1","table":"T1","line":"!limits at=21:30 player=50-5000/5","by":"S1","issued":"2026-11-26T21:00:00Z","expires":"2026-11-26T21:05:00Z"}`))
	f.Add([]byte(`{"v":1,"id":"c1","table":"T1","line":"!close at=21:30 reason=\"x\"","by":"S1","issued":"2026-11-26T21:00:00Z","expires":"2026-11-26T21:05:00Z"}`))
	f.Add([]byte(`{"v":1,"id":"c1","table":"T1","outcome":"refused","rule":"000 7.7","reason":"x","seq":3,"time":"2026-11-26T21:00:00Z"}`))
	f.Add([]byte(`{"v":1,"id":"w1","table":"T1","line":"!withdraw at=2026-11-26T21:30:00","by":"S1","withdraws":"c1","issued":"2026-11-26T21:00:00Z","expires":"2026-11-26T21:05:00Z"}`))
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
