package schema_test

import (
	"testing"
	"time"

	"github.com/coupboard/coupboard/pitwire"
)

// TestPitMessagesFitTheirSchemas: the pit commands and answers the code writes fit their
// schemas, and what the schemas refuse the decoders refuse too.
func TestPitMessagesFitTheirSchemas(t *testing.T) {
	s := compile(t)
	at := time.Date(2026, 11, 26, 21, 0, 0, 0, time.UTC)
	cmds := []pitwire.PitCommand{
		{V: 1, ID: "20261126T210000Z-3fa9c01b22de", Table: "BAC-07", Line: `!limits at=21:30 player=50-5000/5 banker=50-5000/5 reason="evening"`, By: "S042", Issued: at, Expires: at.Add(5 * time.Minute)},
		{V: 1, ID: "c2", Table: "RD-01", Line: "!close at=23:00", By: "jane.doe@pit-east", Issued: at, Expires: at.Add(time.Hour)},
		{V: 1, ID: "c3", Table: "BAC-07", Line: "!differential at=21:30 max=200", By: "S7", Issued: at, Expires: at.Add(time.Minute)},
		{V: 1, ID: "c4", Table: "BAC-07", Line: "!setting at=22:00 settlement=B", By: "S7", Issued: at, Expires: at.Add(time.Minute)},
		{V: 1, ID: "w5", Table: "BAC-07", Line: "!withdraw at=2026-11-26T22:00:00", By: "S7", Withdraws: "c4", Issued: at, Expires: at.Add(time.Minute)},
	}
	for _, c := range cmds {
		data, err := pitwire.EncodePitCommand(c)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.ValidatePit(data, "pit_command"); err != nil {
			t.Errorf("%s: %v", data, err)
		}
	}
	answers := []pitwire.PitAnswer{
		{V: 1, ID: "c1", Table: "BAC-07", Outcome: pitwire.OutcomeAccepted, Effective: at.Add(30 * time.Minute), Seq: 812, Time: at},
		{V: 1, ID: "c1", Table: "BAC-08", Outcome: pitwire.OutcomeRefused, Rule: "000 7.7", Reason: "minimum needs 20 minutes' notice", Earliest: at.Add(20 * time.Minute), Seq: 9, Time: at},
		{V: 1, ID: "c1", Table: "BAC-09", Outcome: pitwire.OutcomeTooLate, Reason: "received after it expired", Time: at},
		{V: 1, ID: "c1", Table: "BAC-10", Outcome: pitwire.OutcomeRejected, Reason: "the command names another table", Time: at},
	}
	for _, a := range answers {
		data, err := pitwire.EncodePitAnswer(a)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.ValidatePit(data, "pit_answer"); err != nil {
			t.Errorf("%s: %v", data, err)
		}
	}
	bad := []struct{ typ, json string }{
		{"pit_command", `{"v":1,"id":"c1","table":"T1","line":"!bet 1 banker 100","by":"S1","issued":"2026-11-26T21:00:00Z","expires":"2026-11-26T21:05:00Z"}`},
		{"pit_command", `{"v":1,"id":"c 1","table":"T1","line":"!close at=22:00","by":"S1","issued":"2026-11-26T21:00:00Z","expires":"2026-11-26T21:05:00Z"}`},
		{"pit_command", `{"v":1,"id":"c1","table":"T1","line":"!close at=22:00","by":"","issued":"2026-11-26T21:00:00Z","expires":"2026-11-26T21:05:00Z"}`},
		{"pit_command", `{"v":1,"id":"c1","table":"T1","line":"!close at=22:00","by":"S1","issued":"2026-11-26T21:00:00Z"}`},
		{"pit_command", `{"v":1,"id":"c1","table":"T1","line":"!close at=22:00","by":"S1","issued":"2026-11-26T21:00:00Z","expires":"2026-11-26T21:05:00Z","as":"x"}`},
		{"pit_command", `{"v":1,"id":"w1","table":"T1","line":"!withdraw at=2026-11-26T22:00:00","by":"S1","issued":"2026-11-26T21:00:00Z","expires":"2026-11-26T21:05:00Z"}`},
		{"pit_command", `{"v":1,"id":"c1","table":"T1","line":"!close at=22:00","by":"S1","withdraws":"c0","issued":"2026-11-26T21:00:00Z","expires":"2026-11-26T21:05:00Z"}`},
		{"pit_command", `{"v":1,"id":"w1","table":"T1","line":"!withdraw at=22:00","by":"S1","withdraws":"c0","issued":"2026-11-26T21:00:00Z","expires":"2026-11-26T21:05:00Z"}`},
		{"pit_answer", `{"v":1,"id":"c1","table":"T1","outcome":"accepted","time":"2026-11-26T21:00:00Z"}`},
		{"pit_answer", `{"v":1,"id":"c1","table":"T1","outcome":"refused","seq":3,"time":"2026-11-26T21:00:00Z"}`},
		{"pit_answer", `{"v":1,"id":"c1","table":"T1","outcome":"maybe","reason":"x","time":"2026-11-26T21:00:00Z"}`},
		{"pit_answer", `{"v":2,"id":"c1","table":"T1","outcome":"rejected","reason":"x","time":"2026-11-26T21:00:00Z"}`},
	}
	for _, b := range bad {
		if err := s.ValidatePit([]byte(b.json), b.typ); err == nil {
			t.Errorf("schema %s accepts %s", b.typ, b.json)
		}
		var err error
		if b.typ == "pit_command" {
			_, err = pitwire.DecodePitCommand("", []byte(b.json))
		} else {
			_, err = pitwire.DecodePitAnswer("", []byte(b.json))
		}
		if err == nil {
			t.Errorf("the decoder accepts %s", b.json)
		}
	}
}
