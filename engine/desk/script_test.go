package desk

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
)

// TestParseCommands reads every command form of spec/table-script.md §1 and the game commands.
func TestParseCommands(t *testing.T) {
	at := func(h, m int) *Clock { return &Clock{Hour: h, Min: m} }
	for _, tc := range []struct {
		line string
		want Command
	}{
		{"!bet 3 banker 100", Command{Verb: VerbBet, Seat: 3, Wager: WagerBanker, Amount: 10000}},
		{"!bet 0 tie 2.50 as=dealer:12", Command{Verb: VerbBet, Seat: 0, Wager: WagerTie, Amount: 250, As: Actor{"dealer", 12}}},
		{"!bet 2 insurance 20 covers=50", Command{Verb: VerbBet, Seat: 2, Wager: WagerInsurance, Amount: 2000, Covers: 5000}},
		{"!bet 1 raise 5", Command{Verb: VerbBet, Seat: 1, Wager: WagerRaise, Amount: 500}},
		{"!run 2 combination 4 20", Command{Verb: VerbRun, Seat: 2, Run: engine.RunCombination, Length: 4, Amount: 2000}},
		{"!nominate 1 player", Command{Verb: VerbNominate, RunID: 1, Hand: engine.Player}},
		{"!defer 1 2.50", Command{Verb: VerbDefer, Seat: 1, Amount: 250}},
		{"!collect 1 # on request", Command{Verb: VerbCollect, Seat: 1}},
		{"!limits at=21:20 waived player=50-5000/5 tie=10-500", Command{Verb: VerbLimits, At: at(21, 20), Waived: true,
			Limits: []Limit{{WagerPlayer, engine.WagerLimit{Min: 5000, Max: 500000, Multiple: 500}}, {WagerTie, engine.WagerLimit{Min: 1000, Max: 50000}}}}},
		{"!differential max=10000", Command{Verb: VerbDifferential, Max: 1000000, HasMax: true}},
		{"!differential at=22:00 min=500 max=10000", Command{Verb: VerbDifferential, At: at(22, 0), Min: 50000, HasMin: true, Max: 1000000, HasMax: true}},
		{"!setting at=21:30 settlement=B", Command{Verb: VerbSetting, At: at(21, 30), Key: "settlement", Value: "B"}},
		{"!setting at=2026-11-27T00:10:00 settlement=A", Command{Verb: VerbSetting, At: &Clock{Full: true, Year: 2026, Month: 11, Day: 27, Min: 10}, Key: "settlement", Value: "A"}},
		{"!close at=23:00 as=supervisor:3 reason=\"end of shift # really\"", Command{Verb: VerbClose, At: at(23, 0), As: Actor{"supervisor", 3}, Reason: "end of shift # really"}},
		{"!turn banker", Command{Verb: VerbTurn, Turn: engine.HandBanker}},
		{"!turn banker authorised", Command{Verb: VerbTurn, Turn: engine.HandBanker, Authorised: true}},
		{"!accept as=supervisor:1", Command{Verb: VerbAccept, As: Actor{"supervisor", 1}}},
		{"!result tie natural bpair", Command{Verb: VerbResult, Result: engine.ManualResult{Winner: engine.Tie, Natural: true, BankerPair: true}}},
		{"!reconstruct 2C 5H KD 4S", Command{Verb: VerbReconstruct, Cards: []engine.Card{{Rank: 2, Suit: engine.Clubs}, {Rank: 5, Suit: engine.Hearts}, {Rank: engine.King, Suit: engine.Diamonds}, {Rank: 4, Suit: engine.Spades}}}},
		{"!reconstruct 3 2C 5H KD 4S", Command{Verb: VerbReconstruct, Round: 3, Cards: []engine.Card{{Rank: 2, Suit: engine.Clubs}, {Rank: 5, Suit: engine.Hearts}, {Rank: engine.King, Suit: engine.Diamonds}, {Rank: 4, Suit: engine.Spades}}}},
		{"!reconstruct 2C 5H KD", Command{Verb: VerbReconstruct, Cards: []engine.Card{{Rank: 2, Suit: engine.Clubs}, {Rank: 5, Suit: engine.Hearts}, {Rank: engine.King, Suit: engine.Diamonds}}}}, // a Red Dog round
		{`!dispute 12 as=supervisor:4 reason="player disputes the third card"`, Command{Verb: VerbDispute, Round: 12, As: Actor{"supervisor", 4}, Reason: "player disputes the third card"}},
	} {
		items, err := ParseLine(7, tc.line)
		if err != nil {
			t.Errorf("%q: %v", tc.line, err)
			continue
		}
		if len(items) != 1 || items[0].Kind != ItemCommand || items[0].Line != 7 {
			t.Errorf("%q: items %+v", tc.line, items)
			continue
		}
		if !reflect.DeepEqual(*items[0].Command, tc.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.line, *items[0].Command, tc.want)
		}
		roundTrip(t, *items[0].Command)
	}
}

// roundTrip checks parse(format(c)) == c.
func roundTrip(t *testing.T, c Command) {
	t.Helper()
	s := c.String()
	items, err := ParseLine(1, s)
	if err != nil {
		t.Fatalf("format %+v = %q, which does not parse: %v", c, s, err)
	}
	if len(items) != 1 || !reflect.DeepEqual(*items[0].Command, c) {
		t.Fatalf("format %+v = %q, parsed back as %+v", c, s, items)
	}
}

// TestParseMixed reads tokens, clock forms and a command on one line, in order.
func TestParseMixed(t *testing.T) {
	items, err := ParseLine(3, "@21:05 shoe 9H@P3 void 12 @2026-11-25T21:05:30 nobet !bet 1 player 5")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range items {
		got = append(got, it.String())
	}
	want := []string{"@21:05", "shoe", "9H@P3", "void 12", "@2026-11-25T21:05:30", "nobet", "!bet 1 player 5"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	c := items[4].Clock.At(time.Time{})
	if !c.Equal(time.Date(2026, 11, 25, 21, 5, 30, 0, time.UTC)) {
		t.Errorf("full clock form = %v", c)
	}
	short := items[0].Clock.At(time.Date(2026, 3, 4, 1, 0, 0, 0, time.UTC))
	if !short.Equal(time.Date(2026, 3, 4, 21, 5, 0, 0, time.UTC)) {
		t.Errorf("short clock form = %v, want the same day", short)
	}
}

// TestParseErrors: a malformed command names the line and the token.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ line, token string }{
		{"!", "!"},
		{"!wager 1 player 5", "wager"},
		{"!bet x player 5", "x"},
		{"!bet 100 player 5", "100"},
		{"!bet 1 dragon 5", "dragon"},
		{"!bet 1 player 5.555", "5.555"},
		{"!bet 1 player -5", "-5"},
		{"!bet 1 player $5", "$5"},
		{"!bet 1 player", "bet"},
		{"!bet 1 player 5 6", "6"},
		{"!bet 1 player 5 covers=5", "covers"},
		{"!run 1 banker two 5", "two"},
		{"!run 1 dragon 2 5", "dragon"},
		{"!nominate 1 tie", "tie"},
		{"!limits player=50", "player=50"},
		{"!limits player=500-50", "player=500-50"},
		{"!limits player=5-50 player=5-50", "player=5-50"},
		{"!limits dragon=5-50", "dragon=5-50"},
		{"!limits at=25:00 player=5-50", "at=25:00"},
		{"!close at=2026-11-27T00:10", "at=2026-11-27T00:10"},
		{"!close at=2026-13-27T00:10:00", "at=2026-13-27T00:10:00"},
		{"!turn banker authorized", "authorized"},
		{"!differential", "differential"},
		{"!differential min=5 min=6", "min=6"},
		{"!setting settlement", "settlement"},
		{"!close", "close"},
		{"!close at=21:00 now", "now"},
		{"!turn dealer", "dealer"},
		{"!result nobody", "nobody"},
		{"!result tie natural natural", "natural"},
		{"!reconstruct 2C", "reconstruct"},
		{"!reconstruct 2C 5H KD ZZ 4S", "ZZ"},
		{"!dispute", "dispute"},
		{"!dispute 0", "0"},
		{"!dispute twelve", "twelve"},
		{"!dispute 1 2", "2"},
		{"!doubt", "doubt"},
		{"!doubt lots", "lots"},
		{"!doubt lost detail", "detail"},
		{`!doubt lost ""`, `""`},
		{`!doubt lost "a" "b"`, "doubt"},
		{"!shoeresult banker 3", "shoeresult"},
		{"!shoeresult dragon 3 7", "dragon"},
		{"!shoeresult banker 3 10", "10"},
		{"!shoeresult banker 3 7 natural", "natural"},
		{"!shoeresult banker 3 7 ppair ppair", "ppair"},
		{"!bet 1 player 5 as=croupier:1", "as=croupier:1"},
		{"!bet 1 player 5 as=dealer:1 as=dealer:2", "as=dealer:2"},
		{`!bet 1 player 5 reason="open`, `reason="open`},
		{`!bet 1 player 5 reason=plain`, `reason=plain`},
		{`!bet 1 player 5 reason=""`, `reason=""`},
		{"@25:00", "@25:00"},
		{"@21:5", "@21:5"},
		{"@2026-13-01T00:00:00", "@2026-13-01T00:00:00"},
		{"@2026-11-01T00:00", "@2026-11-01T00:00"},
		{"shoe 9X", "9X"},
	} {
		_, err := ParseLine(12, tc.line)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v, want a SyntaxError", tc.line, err)
			continue
		}
		if se.Line != 12 || se.Token != tc.token {
			t.Errorf("%q: line %d token %q (%v), want line 12 token %q", tc.line, se.Line, se.Token, err, tc.token)
		}
		if !strings.Contains(err.Error(), "line 12") {
			t.Errorf("%q: %v does not name the line", tc.line, err)
		}
	}
}

// TestParseBounds: a line over MaxLine and a script over its item bound are errors, not memory.
func TestParseBounds(t *testing.T) {
	if _, err := ParseLine(1, strings.Repeat("9H ", MaxLine)); err == nil {
		t.Error("a line over MaxLine was read")
	}
	if _, err := ParseLine(1, "!bet 1 player 5 reason="+`"`+strings.Repeat("x", MaxReason+1)+`"`); err == nil {
		t.Error("a reason over MaxReason was read")
	}
	if _, err := Parse(strings.Repeat("9H\n", 11), 10); err == nil {
		t.Error("a script over its item bound was read")
	}
}

// FuzzParseLine: never a panic; whatever parses formats to a line that parses to the same items.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"!bet 3 banker 100 as=dealer:1 reason=\"x\"", "@21:05 shoe 9H@P3 void 2", "!limits at=21:00 waived player=5-50/5",
		"!differential min=5", "!setting decks=6", "!close at=23:59:59", "!result player natural", "!reconstruct 2C 5H KD 4S 9D 9C",
		"!run 1 tie 3 5", "!nominate 3 banker", "!defer 2 0.05", "@2026-11-25T21:05:30", `!accept reason="a\"b#c"`, "!dispute 3", `!doubt conflict "SEQ 0031 \"again\""`, "!shoeresult tie 7 7 bpair"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		items, err := ParseLine(1, s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line != 1 {
				t.Fatalf("%q: error %v does not name the line", s, err)
			}
			return
		}
		for _, it := range items {
			back, err := ParseLine(1, it.String())
			if err != nil {
				t.Fatalf("%q: item %q does not parse back: %v", s, it.String(), err)
			}
			if len(back) != 1 {
				t.Fatalf("%q: item %q parses back as %d items", s, it.String(), len(back))
			}
			b := back[0]
			if it.Kind == ItemToken {
				it.Token.Text, b.Token.Text = "", "" // "9h" is written "9H"
			}
			if !reflect.DeepEqual(b, it) {
				t.Fatalf("%q: item %+v formats as %q, which parses as %+v", s, it, it.String(), b)
			}
		}
	})
}

// TestScriptLine: every game input an operator gives renders to one script line that parses
// back to a command the table carries out as that same input.
func TestScriptLine(t *testing.T) {
	cards := []engine.Card{{Rank: 2, Suit: engine.Clubs}, {Rank: 5, Suit: engine.Hearts}, {Rank: engine.King, Suit: engine.Diamonds}, {Rank: 4, Suit: engine.Spades}}
	for _, tc := range []struct {
		in   engine.Input
		want string
	}{
		{engine.CardInput(engine.Card{Rank: 9, Suit: engine.Hearts}, engine.P3, engine.SourceShoe), "9H@P3"},
		{engine.WordInput(engine.TokVoid, 12), "void 12"},
		{engine.WordInput(engine.TokNoBet, 0), "nobet"},
		{engine.TurnInput(engine.HandBanker), "!turn banker"},
		{engine.InAcceptReviewInput(), "!accept"},
		{engine.ResultInput(engine.ManualResult{Winner: engine.Tie, Natural: true}), "!result tie natural"},
		{engine.Input{Kind: engine.InReconstruct, Cards: cards}, "!reconstruct 2C 5H KD 4S"},
		{engine.SettingInput("style", "C"), "!setting style=C"},
		{engine.DisputeInput(3), "!dispute 3"},
		{engine.DoubtInput(engine.DoubtLost, `1 frame(s): SEQ 0012 follows 0010 # "x"`), `!doubt lost "1 frame(s): SEQ 0012 follows 0010 # \"x\""`},
		{engine.DoubtInput(engine.DoubtRestart, ""), "!doubt restart"},
		{engine.ShoeResultInput(engine.ShoeResult{Winner: engine.Banker, PlayerTotal: 3, BankerTotal: 7, PlayerPair: true}), "!shoeresult banker 3 7 ppair"},
	} {
		in := tc.in
		got, err := Input{Game: &in}.ScriptLine()
		if err != nil || got != tc.want {
			t.Errorf("%+v: %q, %v; want %q", tc.in, got, err, tc.want)
			continue
		}
		items, err := ParseLine(1, got)
		if err != nil || len(items) != 1 {
			t.Fatalf("%q: %v", got, err)
		}
		if items[0].Kind == ItemToken {
			if items[0].Token.Kind != in.Token.Kind || items[0].Token.Card != in.Token.Card || items[0].Token.N != in.Token.N || items[0].Token.Pos != in.Token.Pos {
				t.Errorf("%q parses as %+v", got, items[0].Token)
			}
			continue
		}
		back, _ := GameCommand(in)
		if !reflect.DeepEqual(items[0].Command, back) {
			t.Errorf("%q parses as %+v, want %+v", got, items[0].Command, back)
		}
	}
	if _, err := (Input{Game: &engine.Input{Kind: engine.InDoubt}}).ScriptLine(); err == nil {
		t.Error("a doubt of no kind has a script line")
	}
	if _, err := (Input{Game: &engine.Input{Kind: engine.InShoeResult, ShoeResult: engine.ShoeResult{Winner: engine.Banker, PlayerTotal: 12}}}).ScriptLine(); err == nil {
		t.Error("a shoe result of 12 has a script line")
	}
}

// TestAuthorisedBankerFirst: at nz-baccarat the Banker hand is turned before the Player hand only
// with the casino supervisor's authorisation (004 8.17): "!turn banker" is refused with the rule,
// "!turn banker authorised" turns it; the authorised turn is its own script line both ways, so
// that a journal replays it as it was given.
func TestAuthorisedBankerFirst(t *testing.T) {
	p, err := engine.LookupProfile(engine.ProfileNZ)
	if err != nil {
		t.Fatal(err)
	}
	set, err := engine.ParseSettings(&p, []string{"style=C"})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := New(Config{Profile: p, Settings: set, Sign: engine.Sign{Player: engine.WagerLimit{Min: 1000, Max: 100000}, Banker: engine.WagerLimit{Min: 1000, Max: 100000}}}, DefaultStart)
	if err != nil {
		t.Fatal(err)
	}
	items, err := Parse("shoe noburn 9H 2C TD 3C\n!turn banker\n!turn banker authorised", 0)
	if err != nil {
		t.Fatal(err)
	}
	r := NewRunner(tab, DefaultStart)
	var refused []string
	for i := range items {
		out, err := r.Step(&items[i])
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range out.Events {
			if e.Kind == engine.EvRefused {
				refused = append(refused, items[i].String()+" ("+e.Rule+")")
			}
		}
	}
	if want := []string{"!turn banker (8.17)"}; !reflect.DeepEqual(refused, want) {
		t.Fatalf("refused %q, want %q", refused, want)
	}
	if v := tab.Game(); len(v.Banker) != 2 || len(v.Player) != 0 || v.PlayerFaceDown != 2 {
		t.Fatalf("after the authorised turn: Banker %v, Player %v with %d face down", v.Banker, v.Player, v.PlayerFaceDown)
	}
	turn := engine.AuthorisedTurnInput(engine.HandBanker)
	line, err := Input{Game: &turn}.ScriptLine()
	if err != nil || line != "!turn banker authorised" {
		t.Fatalf("script line %q, %v", line, err)
	}
	back, err := ParseLine(1, line)
	if err != nil {
		t.Fatal(err)
	}
	if in, ok := GameInput(back[0].Command); !ok || !reflect.DeepEqual(in, engine.AuthorisedTurnInput(engine.HandBanker)) {
		t.Fatalf("read back as %+v, %v", in, ok)
	}
}
