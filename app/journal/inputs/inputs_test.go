package inputs

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

var update = flag.Bool("update", false, "rewrite the v2 golden payloads in testdata")

func cmd(t testing.TB, line string) *desk.Command {
	t.Helper()
	items, err := desk.ParseLine(1, line)
	if err != nil || len(items) != 1 || items[0].Command == nil {
		t.Fatalf("%q: %v", line, err)
	}
	return items[0].Command
}

// v2Cases is one input of every kind of version 2 (and each token and command form).
func v2Cases(t testing.TB) map[string]Input {
	at := time.Date(2026, 11, 25, 21, 20, 0, 0, time.UTC)
	tok := func(line string, src engine.Source) Input {
		items, err := desk.ParseLine(1, line)
		if err != nil || len(items) != 1 {
			t.Fatalf("%q: %v", line, err)
		}
		return Input{Kind: KindToken, Token: items[0].Token, Source: src}
	}
	sign := engine.Sign{Player: engine.WagerLimit{Min: 5000, Max: 500000, Multiple: 500}, Banker: engine.WagerLimit{Min: 5000, Max: 500000, Multiple: 500},
		Tie: engine.WagerLimit{Min: 1000, Max: 50000}, Run: engine.WagerLimit{Min: 500, Max: 10000}, DifferentialMax: 100000,
		Markers: []engine.Marker{{Seat: 3, Text: "personal limit", Limit: engine.WagerLimit{Min: 10000, Max: 2000000}}}}
	return map[string]Input{
		"token_card":                           tok("9H@P3", engine.SourceShoe),
		"token_card_manual":                    tok("KC", engine.SourceManual),
		"token_rank_only":                      tok("A", engine.SourceShoe),
		"token_word":                           tok("burn", engine.SourceShoe),
		"token_void_n":                         tok("void 12", engine.SourceShoe),
		"command_bet":                          {Kind: KindCommand, Command: cmd(t, "!bet 3 banker 100")},
		"command_insurance":                    {Kind: KindCommand, Command: cmd(t, "!bet 2 insurance 10 covers=25")},
		"command_run":                          {Kind: KindCommand, Command: cmd(t, "!run 2 combination 4 20")},
		"command_nominate":                     {Kind: KindCommand, Command: cmd(t, "!nominate 1 player")},
		"command_defer":                        {Kind: KindCommand, Command: cmd(t, "!defer 1 2.50")},
		"command_collect":                      {Kind: KindCommand, Command: cmd(t, "!collect 1")},
		"command_limits":                       {Kind: KindCommand, Command: cmd(t, "!limits at=21:20 waived player=50-5000/5 tie=10-500")},
		"command_diff":                         {Kind: KindCommand, Command: cmd(t, "!differential min=20 max=1000")},
		"command_setting":                      {Kind: KindCommand, Command: cmd(t, "!setting at=21:20:30 settlement=B")},
		"command_close":                        {Kind: KindCommand, Command: cmd(t, "!close at=23:00")},
		"command_withdraw":                     {Kind: KindCommand, Command: cmd(t, "!withdraw at=21:20")},
		"command_turn":                         {Kind: KindCommand, Command: cmd(t, "!turn banker")},
		"command_accept":                       {Kind: KindCommand, Command: cmd(t, "!accept")},
		"command_result":                       {Kind: KindCommand, Command: cmd(t, "!result player natural bpair")},
		"command_reconstruct":                  {Kind: KindCommand, Command: cmd(t, "!reconstruct 9H 2C QD 4S 5H")},
		"command_reconstruct_incomplete":       {Kind: KindCommand, Command: &desk.Command{Verb: desk.VerbReconstruct, Cards: []engine.Card{{Rank: 2, Suit: engine.Clubs}, {Rank: 3, Suit: engine.Diamonds}, {Rank: engine.Ace, Suit: engine.Diamonds}}}},
		"command_reconstruct_round":            {Kind: KindCommand, Command: cmd(t, "!reconstruct 12 2C 9H 3C TD")},
		"command_reconstruct_round_incomplete": {Kind: KindCommand, Command: &desk.Command{Verb: desk.VerbReconstruct, Round: 12, Cards: []engine.Card{{Rank: 2, Suit: engine.Clubs}}}},
		"doubt":                                {Kind: KindDoubt, Doubt: engine.Doubt{Kind: engine.DoubtConflict, Detail: "SEQ 0012 sent again with a different body"}},
		"shoe_result":                          {Kind: KindShoeResult, ShoeResult: engine.ShoeResult{Winner: engine.Banker, PlayerTotal: 3, BankerTotal: 7, PlayerPair: true}},
		"schedule":                             {Kind: KindSchedule, Change: &engine.Change{At: at, Sign: sign}},
		"schedule_close":                       {Kind: KindSchedule, Change: &engine.Change{At: at, Close: true}},
		"schedule_waived":                      {Kind: KindSchedule, Change: &engine.Change{At: at, Sign: engine.Sign{Player: engine.WagerLimit{Min: 10000}}, Waived: true, WaivedBy: "the players"}},
		"alert":                                {Kind: KindAlert, Alert: Alert{Text: "shoe restarted", Key: "recovery"}},
		"alert_clear":                          {Kind: KindAlertClear, AlertID: 3},
		"reopen":                               {Kind: KindReopen},
		"stop":                                 {Kind: KindStop},
	}
}

// golden compares got with testdata/path, or writes it with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	path = filepath.Join("testdata", path)
	got = append(bytes.TrimSpace(got), '\n')
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s changed:\n got %s\nwant %s", path, got, want)
	}
}

// TestV2Golden: the encoding of every kind is fixed by a file in testdata/v2; a change to it
// fails here, and each file reads back as the input it was written from.
func TestV2Golden(t *testing.T) {
	seen := map[Kind]bool{}
	for name, in := range v2Cases(t) {
		t.Run(name, func(t *testing.T) {
			b, err := Encode(in)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("v2", name+".json"), b)
			file, err := os.ReadFile(filepath.Join("testdata", "v2", name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			back, err := Decode(file)
			if err != nil {
				t.Fatal(err)
			}
			if !Equal(back, in) {
				t.Errorf("read back %+v, want %+v", back, in)
			}
		})
		seen[in.Kind] = true
	}
	for _, k := range Kinds() {
		if !seen[k] {
			t.Errorf("no golden payload of kind %s", k)
		}
	}
}

// TestV1Fixtures reads the payloads the release before schema 2 wrote (testdata/v1, made by
// app/table.Input.Encode at commit 61e928c): each reads as the version 2 input whose encoding
// is in testdata/v1/NAME.v2.
func TestV1Fixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "v1", "*.json"))
	if err != nil || len(files) < 30 {
		t.Fatalf("v1 fixtures: %d files, %v", len(files), err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			in, err := Decode(b)
			if err != nil {
				t.Fatal(err)
			}
			v2, err := Encode(in)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("v1", name+".v2"), v2)
		})
	}
}

// TestV1Numbers: the v1 numbers are the engine's constants as they were when v1 was written.
// Should an engine constant be renumbered, this test fails — and v1 journals still read right,
// because v1.go maps the written-out numbers by name.
func TestV1Numbers(t *testing.T) {
	cases := []struct {
		name      string
		got, want int
	}{
		{"InToken", int(engine.InToken), 1}, {"InReconstruct", int(engine.InReconstruct), 8},
		{"TokCard", int(engine.TokCard), 1}, {"TokEmpty", int(engine.TokEmpty), 13},
		{"B3", int(engine.B3), 6}, {"SourceManual", int(engine.SourceManual), 1},
		{"HandBanker", int(engine.HandBanker), 2}, {"Tie", int(engine.Tie), 3}, {"RunTie", int(engine.RunTie), 4},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Logf("engine.%s is now %d (v1 wrote %d): v1 records are still read by their own numbers", c.name, c.got, c.want)
		}
	}
	for n, k := range v1Tokens {
		if k.String() == "?" {
			t.Errorf("v1 token %d maps to no engine token", n)
		}
	}
}

func TestDecodeRefuses(t *testing.T) {
	cases := []struct {
		name, payload, field, reason string
	}{
		{"unknown field v2", `{"v":2,"kind":"stop","extra":1}`, "extra", "unknown field"},
		{"unknown kind", `{"v":2,"kind":"bet"}`, "kind", "unknown kind"},
		{"no kind", `{"v":2}`, "kind", "want a kind"},
		{"kind not a string", `{"v":2,"kind":3}`, "kind", "want a kind"},
		{"version 3", `{"v":3,"kind":"stop"}`, "v", "schema version 3"},
		{"version text", `{"v":"2","kind":"stop"}`, "v", "whole number"},
		{"trailing data", `{"v":2,"kind":"stop"} {}`, "", "data after the object"},
		{"trailing garbage", `{"v":2,"kind":"stop"}x`, "", ""},
		{"not an object", `[1]`, "", "not a JSON object"},
		{"empty", ``, "", "not a JSON object"},
		{"two tokens", `{"v":2,"kind":"token","line":"9H 9C","source":"shoe"}`, "line", "2 items"},
		{"token is a command", `{"v":2,"kind":"token","line":"!accept","source":"shoe"}`, "line", "want a shoe-script token"},
		{"bad card", `{"v":2,"kind":"token","line":"9X","source":"shoe"}`, "line", ""},
		{"no source", `{"v":2,"kind":"token","line":"9H"}`, "source", "shoe or manual"},
		{"command with as", `{"v":2,"kind":"command","line":"!accept as=supervisor:3"}`, "line", "actor"},
		{"command source", `{"v":2,"kind":"command","line":"!accept","source":"shoe"}`, "source", ""},
		{"command is a token", `{"v":2,"kind":"command","line":"burn"}`, "line", "operator command"},
		{"bad command", `{"v":2,"kind":"command","line":"!bet 3 banker"}`, "line", "too few"},
		{"reconstruct of 17", `{"v":2,"kind":"command","line":"!reconstruct 2C 3D AD 4H 5S 6S 7S 2C 3D AD 4H 5S 6S 7S 2C 3D AD"}`, "line", "4 to 6 cards"},
		{"reconstruct lower case", `{"v":2,"kind":"command","line":"!reconstruct 2c"}`, "line", "4 to 6 cards"},
		{"reconstruct of none", `{"v":2,"kind":"command","line":"!reconstruct"}`, "line", "4 to 6 cards"},
		{"wrong type", `{"v":2,"kind":"alert_clear","alert":"3"}`, "alert", "want int"},
		{"alert 0", `{"v":2,"kind":"alert_clear","alert":0}`, "alert", "numbered from 1"},
		{"unknown doubt", `{"v":2,"kind":"doubt","doubt":"gremlins","detail":""}`, "doubt", "unknown doubt"},
		{"shoe result winner", `{"v":2,"kind":"shoe_result","winner":"nobody","player_total":0,"banker_total":0,"player_pair":false,"banker_pair":false}`, "winner", ""},
		{"shoe result total", `{"v":2,"kind":"shoe_result","winner":"tie","player_total":10,"banker_total":0,"player_pair":false,"banker_pair":false}`, "player_total", ""},
		{"schedule time", `{"v":2,"kind":"schedule","at":"soon","close":true,"sign":{},"waived":false,"waived_by":""}`, "at", "RFC 3339"},
		{"schedule limit", `{"v":2,"kind":"schedule","at":"2026-11-25T21:20:00Z","close":false,"sign":{"player":{"min":500,"max":100,"multiple":0}},"waived":false,"waived_by":""}`, "sign.player", "above maximum"},
		{"schedule marker field", `{"v":2,"kind":"schedule","at":"2026-11-25T21:20:00Z","close":false,"sign":{"markers":[{"seat":1,"colour":"red"}]},"waived":false,"waived_by":""}`, "colour", "unknown field"},
		{"empty alert", `{"v":2,"kind":"alert","text":"","key":""}`, "text", ""},
		{"v1 two parts", `{"game":{"Kind":4},"op":{"kind":"stop"}}`, "", "exactly one"},
		{"v1 unknown field", `{"op":{"kind":"stop","colour":1}}`, "colour", "unknown field"},
		{"v1 unknown op", `{"op":{"kind":"explode"}}`, "op.kind", "unknown operator command"},
		{"v1 unknown input kind", `{"game":{"Kind":9}}`, "game.Kind", "unknown input kind 9"},
		{"v1 unknown token", `{"game":{"Kind":1,"Token":{"Kind":14}}}`, "game.Token.Kind", "unknown token kind 14"},
		{"v1 bad card", `{"game":{"Kind":1,"Token":{"Kind":1,"Card":"ZZ"}}}`, "game.Token.Card", ""},
		{"v1 bad position", `{"game":{"Kind":1,"Token":{"Kind":1,"Card":"9H","Pos":7}}}`, "game.Token.Pos", ""},
		{"v1 bad run", `{"op":{"kind":"run.place","run_kind":9}}`, "op.run_kind", ""},
		{"v1 trailing", `{"op":{"kind":"stop"}}{"op":{"kind":"stop"}}`, "", "data after the object"},
		{"v1 wrong type", `{"op":{"kind":"run.place","seat":"two"}}`, "op.seat", "want int"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Decode([]byte(c.payload))
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("Decode(%s) = %v, want a FieldError", c.payload, err)
			}
			if fe.Field != c.field || !strings.Contains(fe.Reason, c.reason) {
				t.Errorf("Decode(%s): field %q reason %q; want field %q reason containing %q", c.payload, fe.Field, fe.Reason, c.field, c.reason)
			}
		})
	}
}

func TestEncodeRefuses(t *testing.T) {
	neg := desk.Command{Verb: desk.VerbDefer, Seat: 1, Amount: -5}
	withAs := *cmd(t, "!accept as=supervisor:3")
	for name, in := range map[string]Input{
		"unknown kind":       {Kind: "bet"},
		"no command":         {Kind: KindCommand},
		"command with as":    {Kind: KindCommand, Command: &withAs},
		"negative amount":    {Kind: KindCommand, Command: &neg},
		"bad source":         {Kind: KindToken, Token: engine.Token{Kind: engine.TokBurn}, Source: 7},
		"unknown doubt":      {Kind: KindDoubt, Doubt: engine.Doubt{Kind: "gremlins"}},
		"no winner":          {Kind: KindShoeResult},
		"no change":          {Kind: KindSchedule},
		"alert without text": {Kind: KindAlert},
	} {
		if b, err := Encode(in); err == nil {
			t.Errorf("%s: Encode = %s, want an error", name, b)
		}
	}
}

// FuzzDecode: Decode never panics; whatever it reads as version 2 is written back as the same
// input, and whatever it reads as version 1 is the same input again when read twice.
func FuzzDecode(f *testing.F) {
	for _, dir := range []string{"v1", "v2"} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "*.json"))
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add([]byte(`{"v":2,"kind":"command","line":"!limits at=21:20 player=50-5000/5"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		in, err := Decode(b)
		if err != nil {
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("Decode error %v is not a FieldError", err)
			}
			return
		}
		if bytes.Contains(b, []byte(`"v"`)) {
			out, err := Encode(in)
			if err != nil {
				t.Fatalf("v2 payload %q read as %+v, which does not encode: %v", b, in, err)
			}
			back, err := Decode(out)
			if err != nil || !Equal(back, in) {
				t.Fatalf("v2 %q: re-encoded %q reads back as %+v, %v", b, out, back, err)
			}
		}
	})
}
