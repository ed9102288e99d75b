package reddog

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

// replayExample is the example of docs/notes/reddog-readme.md.
const replayExample = `shoe
QC                 # burned face down (4.6)
3H 9S 5D           # spread 5: 5D is between, wins 1:1
4H 5C              # no spread: push, no third card (7.2.2.1)
8D 8S 8H           # pair, then three of a kind: 11:1 (7.2.3.1)
JD faceup 2S KC 6D # 2S found face up in the shoe: discarded (9.2); spread 1, 6D loses
cut                # the cutting card is the first card of a round: shuffle now (4.1.2)
nobet              # no such thing in 003: refused
shoe 7C
QH AS KD           # spread 1: 5:1
void 5             # the supervisor invalidates round 5 (10.3): refunded (10.4)
`

func replayLines(t *testing.T, script string) []string {
	t.Helper()
	recs, err := Replay(parse(t, script), 8)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, r := range recs {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	return lines
}

func TestReplayExample(t *testing.T) {
	want := []string{
		`{"event":"shuffle","shoe":1,"rule":"4.1.1"}`,
		`{"event":"burn","shoe":1,"shown":[],"hidden":1,"rule":"4.6"}`,
		`{"n":1,"cards":["3H","9S","5D"],"spread":5,"raise":true,"outcome":"win","pays":"1:1","kind":"normal","notes":[]}`,
		`{"n":2,"cards":["4H","5C"],"spread":"consecutive","raise":false,"outcome":"push","pays":null,"kind":"normal","notes":[]}`,
		`{"n":3,"cards":["8D","8S","8H"],"spread":"pair","raise":false,"outcome":"win","pays":"11:1","kind":"normal","notes":[]}`,
		`{"event":"anomaly","shoe":1,"n":4,"card":"2S","rule":"9.2","reason":"a card found face up in the shoe is discarded (9.2)"}`,
		`{"n":4,"cards":["JD","KC","6D"],"spread":1,"raise":true,"outcome":"lose","pays":null,"kind":"normal","notes":["9.2"]}`,
		`{"event":"cut","shoe":1,"rule":"4.1.2"}`,
		`{"event":"shuffle_due","shoe":1,"rule":"4.1.2"}`,
		`{"event":"refused","shoe":1,"line":8,"token":"nobet","reason":"nobet: 003 has no round without wagers"}`,
		`{"event":"shuffle","shoe":2,"rule":"4.1.2"}`,
		`{"event":"burn","shoe":2,"shown":[],"hidden":1,"rule":"4.6"}`,
		`{"n":5,"cards":["QH","AS","KD"],"spread":1,"raise":true,"outcome":"push","pays":null,"kind":"cancelled","notes":["10.3","10.4"]}`,
		`{"event":"cancel","shoe":2,"n":5,"rule":"10.3","reason":"the supervisor invalidated the round: every wager on it is refunded (10.3, 10.4)"}`,
	}
	got := replayLines(t, replayExample)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("replay:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, l := range got {
		if strings.Contains(l, "QC") || strings.Contains(l, "7C") {
			t.Errorf("a burned card is shown: %s", l)
		}
	}
}

// TestReplayUnfinished: a script that stops in the middle of a round says so.
func TestReplayUnfinished(t *testing.T) {
	got := replayLines(t, "shoe 7C 3H 9S")
	last := got[len(got)-1]
	if !strings.Contains(last, `"event":"anomaly"`) || !strings.Contains(last, `"n":1`) || !strings.Contains(last, "ended during round 1") {
		t.Errorf("last line %s: want an anomaly naming round 1", last)
	}
}

func TestReplayErrors(t *testing.T) {
	if _, err := Replay(parse(t, "shoe 7C"), 6); err == nil || !strings.Contains(err.Error(), "decks 6") {
		t.Errorf("6 decks: %v; want an error naming the setting", err)
	}
	for _, tok := range []engine.Token{
		{Kind: 0, Line: 3, Text: "x"},
		{Kind: engine.TokEmpty + 1, Line: 3, Text: "x"},
		{Kind: engine.TokCard, Card: engine.Card{Rank: 14}, Line: 3, Text: "x"},
		{Kind: engine.TokCard, Card: engine.Card{Rank: 3}, Pos: 9, Line: 3, Text: "x"},
		{Kind: engine.TokVoid, N: -1, Line: 3, Text: "x"},
	} {
		_, err := Replay([]engine.Token{{Kind: engine.TokShoe, Line: 1, Text: "shoe"}, tok}, 8)
		var se *engine.ScriptError
		if !errors.As(err, &se) || se.Line != 3 || se.Token != "x" || se.Reason == "" {
			t.Errorf("%+v: error %v; want a ScriptError at line 3", tok, err)
		}
	}
	if recs, err := Replay(nil, 8); err != nil || len(recs) != 0 {
		t.Errorf("empty script: %v, %v", recs, err)
	}
}

func TestRecordMarshalEmpty(t *testing.T) {
	if _, err := json.Marshal(Record{}); err == nil {
		t.Error("an empty record marshalled")
	}
}

// TestDecodeRound: every round Replay prints decodes back to the same round, and a record whose
// result its cards do not make is refused with the field named.
func TestDecodeRound(t *testing.T) {
	p := VicRedDog1997()
	recs, err := Replay(parse(t, replayExample+"\nvoid 2"), 8)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, rec := range recs {
		if rec.Round == nil {
			continue
		}
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		got, err := DecodeRound(p, b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		again, _ := json.Marshal(Record{Round: &got})
		if string(again) != string(b) {
			t.Errorf("round trip:\n got %s\nwant %s", again, b)
		}
		n++
	}
	if n < 4 {
		t.Fatalf("only %d rounds", n)
	}
	for _, c := range []struct{ in, want string }{
		{`{"cards":[],"kind":"normal"}`, "n missing"},
		{`{"n":1,"cards":["3H","9S","5D"],"spread":5,"raise":true,"outcome":"lose","pays":null,"kind":"normal"}`, "the record says"},
		{`{"n":1,"cards":["3H","9S","5D"],"spread":4,"raise":true,"outcome":"win","pays":"1:1","kind":"normal"}`, "the record says"},
		{`{"n":1,"cards":["3H","9S"],"spread":5,"outcome":"win","kind":"normal"}`, "do not make a round"},
		{`{"n":1,"cards":["3H","ZZ"],"kind":"cancelled"}`, `card 2 "ZZ"`},
		{`{"n":1,"cards":["2C","3C","4C","5C"],"kind":"cancelled"}`, "at most 3"},
		{`{"n":1,"cards":[],"kind":"nobet"}`, `kind "nobet"`},
		{`[`, "red dog round"},
	} {
		if _, err := DecodeRound(p, []byte(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.in, err, c.want)
		}
	}
}
