package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

// The worked example of spec/shoe-protocol.md §4, copied verbatim from the spec.
const exampleWant = `{"event":"burn","shown":["3H"],"hidden":3}
{"n":1,"player":["2C","5H"],"banker":["KD","4S","3D"],"player_total":7,"banker_total":7,"winner":"T","natural":false,"player_pair":false,"banker_pair":false,"kind":"normal","notes":[]}
{"n":2,"player":["AH","AD","7H"],"banker":["6C","KS","2S"],"player_total":9,"banker_total":8,"winner":"P","natural":false,"player_pair":true,"banker_pair":false,"kind":"normal","notes":[]}
{"event":"last_coup","n":3,"rule":"9.8"}
{"n":3,"player":["9D","KH"],"banker":["8C","AC"],"player_total":9,"banker_total":9,"winner":"T","natural":true,"player_pair":false,"banker_pair":false,"kind":"normal","notes":[]}
{"event":"shoe_end"}
`

func run(t *testing.T, stdin string, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := Run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), err
}

func TestWorkedExample(t *testing.T) {
	for _, args := range [][]string{
		{"--profile", "nz-baccarat-1998", "../../../engine/testdata/nz1998-example.txt"},
		{"--profile", "nz-baccarat-1998", "-"},
		{"--profile", "nz-baccarat-1998", "--set", "style=C"}, // face down: turned in order, same result
	} {
		src, err := os.ReadFile("../../../engine/testdata/nz1998-example.txt")
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := run(t, string(src), args...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if out != exampleWant {
			t.Errorf("%v:\n got:\n%s\nwant:\n%s", args, out, exampleWant)
		}
	}
}

func TestEveryLineIsJSON(t *testing.T) {
	src := "shoe faceburn 2H 3C 4D\n 9H@B1 \"x\" "
	_, _, err := run(t, src, "--profile", "vic-baccarat-2002")
	var se *engine.ScriptError
	if !errors.As(err, &se) || se.Line != 2 || se.Token != `"x"` {
		t.Fatalf("error = %v, want a ScriptError on line 2 naming the token", err)
	}
	out, _, err := run(t, "shoe 2H 3C 4D 9H@B1 8C 7D 6S\nnobet nobet dummy reshuffle void 40\n", "--profile", "nz-baccarat-1998")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 4 {
		t.Fatalf("too few lines:\n%s", out)
	}
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Errorf("line %q: %v", l, err)
		}
	}
	if !strings.Contains(out, `"event":"refused"`) || !strings.Contains(out, `"line":2,"token":"nobet"`) {
		t.Errorf("nobet under nz-1998 should be refused naming line and token:\n%s", out)
	}
}

func TestBadSettingNamesKey(t *testing.T) {
	for _, tc := range []struct{ set, key string }{
		{"decks=6", "decks"},
		{"colour=red", "colour"},
		{"version=crown", "version"},
		{"style=Z", "style"},
	} {
		_, _, err := run(t, "shoe", "--profile", "nz-baccarat-1998", "--set", tc.set)
		var se *engine.SettingError
		if !errors.As(err, &se) || se.Key != tc.key {
			t.Errorf("--set %s: error = %v, want a SettingError naming %s", tc.set, err, tc.key)
		}
	}
	if _, _, err := run(t, "shoe", "--profile", "nope"); err == nil {
		t.Error("unknown profile accepted")
	}
	if _, _, err := run(t, "shoe"); err == nil {
		t.Error("missing --profile accepted")
	}
}

// TestRedDog: vic-red-dog-1997 is replayed by package engine/reddog.
func TestRedDog(t *testing.T) {
	out, _, err := run(t, "shoe 5H 7H QS 9D\n", "--profile", "vic-red-dog-1997")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 2 || !strings.Contains(out, `"event":"burn"`) || !strings.Contains(out, `"cards":["7H","QS","9D"]`) {
		t.Fatalf("red dog replay:\n%s", out)
	}
	for _, l := range lines {
		if !json.Valid([]byte(l)) {
			t.Errorf("not JSON: %s", l)
		}
	}
	if _, _, err := run(t, "shoe", "--profile", "vic-red-dog-1997", "--set", "style=B"); err == nil {
		t.Error("a baccarat setting accepted for red dog")
	}
}

// TestAppendString: strings in the output are valid JSON whatever they hold.
func TestAppendString(t *testing.T) {
	for _, s := range []string{"", `a"b\c`, "tab\there\n", "\x00\x1f", "naïve ✓", "bad \xff utf8"} {
		b := appendString(nil, s)
		var got string
		if err := json.Unmarshal(b, &got); err != nil {
			t.Errorf("%q -> %s: %v", s, b, err)
			continue
		}
		if want := strings.ToValidUTF8(s, "\ufffd"); got != want {
			t.Errorf("%q -> %s -> %q", s, b, got)
		}
	}
}

// TestScriptIsBounded: /dev/zero is refused, naming the line, without reading it all (issue
// 21: it reached 17-19 GB), and a bad token names its line as before.
func TestScriptIsBounded(t *testing.T) {
	var out bytes.Buffer
	zero := io.LimitReader(zeros{}, 1<<30)
	err := Run([]string{"--profile", "nz-baccarat-1998", "-"}, zero, &out, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "script -: line 1: input too long: longer than 65536 bytes") {
		t.Fatalf("replay of /dev/zero: %v", err)
	}
	err = Run([]string{"--profile", "nz-baccarat-1998"}, strings.NewReader("shoe\n3H 4D 9S QC\n2C KD X5 4S\n"), &out, io.Discard)
	if err == nil || !strings.Contains(err.Error(), `line 3: "X5"`) {
		t.Fatalf("bad token: %v", err)
	}
	if out.Len() > 0 {
		t.Errorf("printed %q with an error", out.String())
	}
}

// zeros reads as /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// TestTableScript replays the auditor guide's table script (docs/examples/table-script.txt): rounds
// and shoe events as before, with the settlement, run, commission, notice, sign and refusal
// lines of spec/table-script.md §2 (testdata/table-script.want, read line by line).
func TestTableScript(t *testing.T) {
	args := []string{"--profile", "vic-baccarat-2002", "--set", "runs=true", "--limit", "player=10-1000", "--limit", "banker=10-1000",
		"--limit", "tie=5-100", "--limit", "runs=10-100", "--start", "2026-11-25T20:00:00Z", "../../../docs/examples/table-script.txt"}
	out, _, err := run(t, "", args...)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/table-script.want")
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Fatalf("got:\n%s\nwant:\n%s", out, want)
	}
	for _, bad := range [][]string{
		{"--profile", "vic-baccarat-2002", "--start", "yesterday"},
		{"--profile", "vic-baccarat-2002", "--limit", "dragon=1-2"},
	} {
		if _, _, err := run(t, "", bad...); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
	// --start moves the short clock forms to its day; the clock never moves backwards.
	_, _, err = run(t, "@21:00\n@20:00\n", "--profile", "vic-baccarat-2002")
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("backwards clock: %v", err)
	}
	out, _, err = run(t, "@21:00 !limits at=21:30 tie=5-50\n", "--profile", "vic-baccarat-2002", "--start", "2026-11-25T20:00:00Z")
	if err != nil || !strings.Contains(out, `"posted":"21:00:00","effective":"21:30:00"`) {
		t.Errorf("notice: %v %q", err, out)
	}
}

// TestRedDogTableScript: a Red Dog table script prints the round records of a plain script
// with the settlements in their places, and a round cancelled after the fact is refunded (003 10.4).
func TestRedDogTableScript(t *testing.T) {
	out, _, err := run(t, "shoe QC\n!bet 1 bet 10\n3H 9S\n!bet 1 raise 10\n5D\nvoid 1\n", "--profile", "vic-red-dog-1997", "--limit", "bet=5-100")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`{"n":1,"cards":["3H","9S","5D"],"spread":5,"raise":true,"outcome":"push","pays":null,"kind":"cancelled","notes":["10.3","10.4"]}`,
		`{"event":"settle","shoe":1,"n":1,"seat":1,"wager":"bet","amount":2000,"raise":1000,"result":"win","paid":2000,"commission":0,"notes":[]}`,
		`{"event":"settle","shoe":1,"n":1,"seat":1,"wager":"bet","amount":2000,"raise":1000,"result":"void","paid":0,"commission":0,"notes":["coup 1 was cancelled after the fact (10.3): the wager is refunded (003 10.4)"],"reverses":"win"}`,
	} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("missing %s in:\n%s", want, out)
		}
	}
}

// TestCurrency: --currency names the table's currency, in which the notes and refusals write
// their amounts (AUD, the default, in dollars); a code that is not one is refused naming the flag.
func TestCurrency(t *testing.T) {
	const script = "shoe KS\n!bet 1 player 100\n!bet 2 player 10.50\n9C 2D 9H 3S\n"
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{nil, []string{"over the maximum $50: settled to the maximum, $50 void", "$10.50 is not a whole number of the smallest chip $1"}},
		{[]string{"--currency", "NZD"}, []string{"over the maximum $50", "$10.50 is not"}},
		{[]string{"--currency", "MOP"}, []string{"over the maximum MOP$50: settled to the maximum, MOP$50 void", "MOP$10.50 is not"}},
		{[]string{"--currency", "CNY"}, []string{"over the maximum CNY 50: settled to the maximum, CNY 50 void", "CNY 10.50 is not a whole number of the smallest chip CNY 1"}},
	} {
		args := append([]string{"--profile", "vic-baccarat-2002", "--limit", "player=10-50"}, tc.args...)
		out, _, err := run(t, script, args...)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: no %q in\n%s", tc.args, w, out)
			}
		}
		if len(tc.args) > 0 && tc.args[1] == "CNY" && strings.Contains(out, "$") {
			t.Errorf("%v: a dollar in\n%s", tc.args, out)
		}
	}
	for _, bad := range []string{"aud", "A$", "DOLLARS", ""} {
		if _, _, err := run(t, script, "--profile", "vic-baccarat-2002", "--currency", bad); err == nil || !strings.Contains(err.Error(), "--currency") {
			t.Errorf("--currency %q: error %v, want one naming --currency", bad, err)
		}
	}
}
