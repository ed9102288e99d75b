package reddog

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

func newTable(t testing.TB) *Table {
	t.Helper()
	tb, err := New(VicRedDog1997())
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func parse(t testing.TB, script string) []engine.Token {
	t.Helper()
	toks, err := engine.ParseScript(script)
	if err != nil {
		t.Fatal(err)
	}
	return toks
}

// summary writes an event as a short line for comparison; screen-only events (a card placed,
// the spread announced) give "".
func summary(e Event) string {
	switch e.Kind {
	case EvShuffle:
		return "shuffle " + e.Rule
	case EvBurn:
		return "burn " + e.Rule
	case EvRound:
		r := e.Round
		s := fmt.Sprintf("round %d %v %s %s", r.N, r.Cards, r.Spread, r.Outcome)
		if !r.Pays.IsZero() {
			s += " " + r.Pays.String()
		}
		if r.Kind != KindNormal {
			s += " " + r.Kind.String()
		}
		if len(r.Notes) > 0 {
			s += " notes " + strings.Join(r.Notes, ",")
		}
		if r.Review {
			s += " review"
		}
		return s
	case EvWithdrawn:
		return fmt.Sprintf("withdrawn %s %s", e.Card, e.Rule)
	case EvCut:
		return "cut " + e.Rule
	case EvShuffleDue:
		return "due " + e.Rule
	case EvCancel:
		return fmt.Sprintf("cancel %d", e.N)
	case EvAnomaly:
		s := "anomaly " + e.Rule
		if e.Card.Valid() {
			s += " " + e.Card.String()
		}
		return s
	case EvRefused:
		return "refused " + e.Token.Text
	}
	return ""
}

func play(t testing.TB, tb *Table, script string) []string {
	t.Helper()
	var out []string
	for _, tok := range parse(t, script) {
		for _, e := range tb.Apply(Input{Token: tok}) {
			if s := summary(e); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// TestScripts deals shoe scripts through Apply: ordinary rounds of every kind, the shuffle rules
// of 4.1 and every irregularity of section 9.
func TestScripts(t *testing.T) {
	for _, tc := range []struct {
		name, script string
		want         []string
	}{
		{"ordinary rounds", "shoe 7C  3H 9S 5D  4H 5C  8D 8S 8H  8C 8D 2S  2C AS KD  QH AS KD  2H 4D 4S", []string{
			"shuffle 4.1.1", "burn 4.6",
			"round 1 [3H 9S 5D] 5 win 1:1",
			"round 2 [4H 5C] consecutive push",
			"round 3 [8D 8S 8H] pair win 11:1",
			"round 4 [8C 8D 2S] pair push",
			"round 5 [2C AS KD] 11 win 1:1",
			"round 6 [QH AS KD] 1 win 5:1",
			"round 7 [2H 4D 4S] 1 lose",
		}},
		{"burn reported by the shoe", "shoe burn 7C 3H 9S 5D", []string{
			"shuffle 4.1.1", "burn 4.6", "round 1 [3H 9S 5D] 5 win 1:1"}},
		{"9.1 two cards burned", "shoe 7C burn 8D 3H 9S 5D", []string{
			"shuffle 4.1.1", "burn 4.6", "burn 9.1", "round 1 [3H 9S 5D] 5 win 1:1 notes 9.1"}},
		{"9.1 no card burned", "shoe noburn 3H 9S 5D", []string{
			"shuffle 4.1.1", "anomaly 9.1", "round 1 [3H 9S 5D] 5 win 1:1 notes 9.1"}},
		{"9.2 face up in the shoe, in a round", "shoe 7C 3H faceup 4D 9S 5D", []string{
			"shuffle 4.1.1", "burn 4.6", "anomaly 9.2 4D", "round 1 [3H 9S 5D] 5 win 1:1 notes 9.2"}},
		{"9.2 face up in the shoe, between rounds", "shoe 7C 4H 5C faceup QD 3H 9S 2D", []string{
			"shuffle 4.1.1", "burn 4.6", "round 1 [4H 5C] consecutive push", "anomaly 9.2 QD",
			"round 2 [3H 9S 2D] 5 lose notes 9.2"}},
		{"9.2 the card to burn found face up: discarded, the burn still owed", "shoe faceup 7C 8C 3H 9S 5D", []string{
			"shuffle 4.1.1", "anomaly 9.2 7C", "burn 4.6", "round 1 [3H 9S 5D] 5 win 1:1 notes 9.2"}},
		{"9.3 drawn in error, not exposed: the next card", "shoe 7C 4H 5C 9D 3H 9S", []string{
			"shuffle 4.1.1", "burn 4.6", "round 1 [4H 5C] consecutive push", "round 2 [9D 3H 9S] 5 lose"}},
		{"9.4 drawn in error and exposed: discarded", "shoe 7C 4H 5C 9D exposed 3H 9S 5D", []string{
			"shuffle 4.1.1", "burn 4.6", "round 1 [4H 5C] consecutive push", "withdrawn 9D 9.4",
			"round 2 [3H 9S 5D] 5 win 1:1 notes 9.4"}},
		{"9.4 with the cutting card out: the shuffle is due at once (4.1.2)", "shoe 7C 3H 9S 5D 9D cut exposed shoe 8C 3H 9S 5D", []string{
			"shuffle 4.1.1", "burn 4.6", "round 1 [3H 9S 5D] 5 win 1:1", "cut 4.1.3", "withdrawn 9D 9.4", "due 4.1.2",
			"shuffle 4.1.2", "burn 4.6", "round 2 [3H 9S 5D] 5 win 1:1"}},
		{"exposed burn card stays discarded", "shoe 7C exposed 3H 9S 5D", []string{
			"shuffle 4.1.1", "burn 4.6", "anomaly 9.4 7C", "round 1 [3H 9S 5D] 5 win 1:1"}},
		{"exposed after a card due by the deal is refused", "shoe 7C 3H 9S exposed 5D", []string{
			"shuffle 4.1.1", "burn 4.6", "refused exposed", "round 1 [3H 9S 5D] 5 win 1:1"}},
		{"4.1.2 cutting card as the first card of a round", "shoe 7C 3H 9S 5D cut shoe 8C 2H 4S 3C", []string{
			"shuffle 4.1.1", "burn 4.6", "round 1 [3H 9S 5D] 5 win 1:1", "cut 4.1.2", "due 4.1.2",
			"shuffle 4.1.2", "burn 4.6", "round 2 [2H 4S 3C] 1 win 5:1"}},
		{"4.1.3 cutting card in a round", "shoe 7C 3H cut 9S 5D shoe 8C 2H 4S 3C", []string{
			"shuffle 4.1.1", "burn 4.6", "cut 4.1.3", "round 1 [3H 9S 5D] 5 win 1:1", "due 4.1.3",
			"shuffle 4.1.3", "burn 4.6", "round 2 [2H 4S 3C] 1 win 5:1"}},
		{"9.6 shuffle missed: the round stands, shuffle at its end", "shoe 7C 3H cut 9S 5D 2H 4S 3C shoe 8C KH QD", []string{
			"shuffle 4.1.1", "burn 4.6", "cut 4.1.3", "round 1 [3H 9S 5D] 5 win 1:1", "due 4.1.3",
			"anomaly 9.6", "round 2 [2H 4S 3C] 1 win 5:1 notes 9.6", "due 9.6",
			"shuffle 9.6", "burn 4.6", "round 3 [KH QD] consecutive push"}},
		{"9.7 not enough cards: reshuffle, burn, finish; the history continues", "shoe 7C 3H 9S empty reshuffle 2D 5D 6H 8H 7S", []string{
			"shuffle 4.1.1", "burn 4.6", "due 9.7", "shuffle 9.7", "burn 4.6",
			"round 1 [3H 9S 5D] 5 win 1:1 notes 9.7", "round 2 [6H 8H 7S] 1 win 5:1"}},
		{"9.7 reshuffle with no burn", "shoe 7C 3H 9S reshuffle noburn 5D", []string{
			"shuffle 4.1.1", "burn 4.6", "shuffle 9.7", "anomaly 9.1", "round 1 [3H 9S 5D] 5 win 1:1 notes 9.7,9.1"}},
		{"a card after the shoe ran out, before the reshuffle", "shoe 7C 3H 9S empty 5D reshuffle 2D 6D", []string{
			"shuffle 4.1.1", "burn 4.6", "due 9.7", "anomaly 9.7 5D", "shuffle 9.7", "burn 4.6",
			"round 1 [3H 9S 6D] 5 win 1:1 notes 9.7 review"}},
		{"10.3 the round in progress invalidated", "shoe 7C 3H 9S void 2H 4S 3C", []string{
			"shuffle 4.1.1", "burn 4.6", "round 1 [3H 9S] 5 push cancelled notes 10.3,10.4", "round 2 [2H 4S 3C] 1 win 5:1"}},
		{"10.3 a round invalidated after the fact", "shoe 7C 3H 9S 5D 2H 4S 3C void 1 void 1 void 3", []string{
			"shuffle 4.1.1", "burn 4.6", "round 1 [3H 9S 5D] 5 win 1:1", "round 2 [2H 4S 3C] 1 win 5:1",
			"cancel 1", "refused void 1", "refused void 3"}},
		{"4.1.4 shuffled during a round", "shoe 7C 3H 9S shoe 8C 2H 4S 3C", []string{
			"shuffle 4.1.1", "burn 4.6", "anomaly 4.1.4", "round 1 [3H 9S] 5 push cancelled notes 4.1.4,10.4",
			"shuffle 4.1.4", "burn 4.6", "round 2 [2H 4S 3C] 1 win 5:1"}},
		{"requests the book does not allow", "dummy shoe faceburn nobet 7C reshuffle void noburn exposed 3H 9S 5D", []string{
			"refused dummy", "shuffle 4.1.1", "refused faceburn", "refused nobet", "burn 4.6", "refused reshuffle",
			"refused void", "refused noburn", "refused exposed", "round 1 [3H 9S 5D] 5 win 1:1"}},
		{"a card before any shoe", "3H shoe 7C 3H 9S 5D", []string{
			"anomaly 4.1.1 3H", "shuffle 4.1.1", "burn 4.6", "round 1 [3H 9S 5D] 5 win 1:1"}},
		{"a burn the rules do not call for", "shoe 7C 3H 9S 5D burn 2C 6H 8H 7S", []string{
			"shuffle 4.1.1", "burn 4.6", "round 1 [3H 9S 5D] 5 win 1:1", "anomaly 10.10", "burn 10.10",
			"round 2 [6H 8H 7S] 1 win 5:1 notes 10.10"}},
		{"a position a Red Dog layout does not have", "shoe 7C 3H@P1 9S 5D", []string{
			"shuffle 4.1.1", "burn 4.6", "anomaly 9.5 3H", "round 1 [3H 9S 5D] 5 win 1:1"}},
		{"a second cutting card", "shoe 7C 3H cut 9S cut 5D", []string{
			"shuffle 4.1.1", "burn 4.6", "cut 4.1.3", "anomaly 3.3", "round 1 [3H 9S 5D] 5 win 1:1 notes 3.3", "due 4.1.3"}},
		{"the shoe empty between rounds", "shoe 7C 3H 9S 5D empty shoe 8C 2H 4S 3C", []string{
			"shuffle 4.1.1", "burn 4.6", "round 1 [3H 9S 5D] 5 win 1:1", "anomaly 4.1.3", "due 4.1.3",
			"shuffle 4.1.3", "burn 4.6", "round 2 [2H 4S 3C] 1 win 5:1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := play(t, newTable(t), tc.script)
			if !slices.Equal(got, tc.want) {
				t.Errorf("script %q\n got: %s\nwant: %s", tc.script, strings.Join(got, " | "), strings.Join(tc.want, " | "))
			}
		})
	}
}

// TestNinthCard: a ninth 8♠ in an 8-deck shoe cannot be placed silently: anomaly and review (3.1, 3.3).
func TestNinthCard(t *testing.T) {
	script := "shoe 7C " + strings.Repeat("8S ", 8) + "2H " + "8S 3C 8S 9D"
	got := play(t, newTable(t), script)
	want := []string{"shuffle 4.1.1", "burn 4.6",
		"round 1 [8S 8S 8S] pair win 11:1", "round 2 [8S 8S 8S] pair win 11:1", "round 3 [8S 8S 2H] pair push",
		"anomaly 3.3 8S", "anomaly 3.3 8S", "round 4 [8S 3C 8S] 4 lose notes 3.3 review"}
	if !slices.Equal(got, want) {
		t.Errorf("\n got: %s\nwant: %s", strings.Join(got, " | "), strings.Join(want, " | "))
	}
	// A ninth ace of unknown suit among 32 aces.
	got = play(t, newTable(t), "shoe 7C "+strings.Repeat("A ", 33))
	if !slices.Contains(got, "anomaly 3.3 A") {
		t.Errorf("33 aces: no anomaly: %v", got)
	}
}

// TestWrongBoxes: first two cards reported in the wrong boxes are reconstructed by the order of
// the deal (9.5); the result is what the order gives.
func TestWrongBoxes(t *testing.T) {
	tb := newTable(t)
	var got []string
	for _, in := range []Input{
		{Token: engine.Token{Kind: engine.TokShoe}},
		{Token: engine.Token{Kind: engine.TokCard, Card: card(t, "7C")}},
		{Token: engine.Token{Kind: engine.TokCard, Card: card(t, "3H")}, Box: BoxLeft},
		{Token: engine.Token{Kind: engine.TokCard, Card: card(t, "9S")}, Box: BoxRight},
		{Token: engine.Token{Kind: engine.TokCard, Card: card(t, "5D")}, Box: BoxCentre},
		{Token: engine.Token{Kind: engine.TokCard, Card: card(t, "2H")}, Box: BoxRight},
		{Token: engine.Token{Kind: engine.TokCard, Card: card(t, "4H")}, Box: BoxLeft},
		{Token: engine.Token{Kind: engine.TokCard, Card: card(t, "3D")}, Box: BoxLeft},
	} {
		for _, e := range tb.Apply(in) {
			if s := summary(e); s != "" {
				got = append(got, s)
			}
		}
	}
	want := []string{"shuffle 4.1.1", "burn 4.6", "anomaly 9.5 3H", "anomaly 9.5 9S", "round 1 [3H 9S 5D] 5 win 1:1 notes 9.5",
		"anomaly 10.10 3D", "round 2 [2H 4H 3D] 1 win 5:1 notes 10.10"}
	if !slices.Equal(got, want) {
		t.Errorf("\n got: %s\nwant: %s", strings.Join(got, " | "), strings.Join(want, " | "))
	}
}

// TestView follows the stages of a round on the public view, which never holds a card burned
// face down or one not yet dealt.
func TestView(t *testing.T) {
	tb := newTable(t)
	type step struct {
		tok    string
		stage  Stage
		cards  string
		raise  int64
		due    string
		cutOut bool
	}
	steps := []step{
		{"", StageNoShoe, "[]", 0, "", false},
		{"shoe", StageBurn, "[]", 0, "", false},
		{"QC", StageFirst, "[]", 0, "", false}, // the burned queen is nowhere
		{"3H", StageSecond, "[3H]", 0, "", false},
		{"JS", StageRaise, "[3H JS]", 100, "", false},
		{"cut", StageRaise, "[3H JS]", 100, "", true},
		{"5D", StageShuffle, "[3H JS 5D]", 100, "4.1.3", true},
		{"shoe", StageBurn, "[3H JS 5D]", 100, "", false},
		{"KD", StageFirst, "[3H JS 5D]", 100, "", false},
		{"7H", StageSecond, "[7H]", 0, "", false},
		{"7S", StagePairDraw, "[7H 7S]", 0, "", false},
		{"empty", StageReshuffle, "[7H 7S]", 0, "", false},
		{"reshuffle", StageBurn, "[7H 7S]", 0, "", false},
		{"AH", StagePairDraw, "[7H 7S]", 0, "", false},
		{"7D", StageFirst, "[7H 7S 7D]", 0, "", false},
	}
	for i, s := range steps {
		if s.tok != "" {
			for _, tok := range parse(t, s.tok) {
				tb.Apply(Input{Token: tok})
			}
		}
		v := tb.View()
		if v.Stage != s.stage || fmt.Sprint(v.Round.Cards) != s.cards || v.Round.RaisePercent != s.raise || v.ShuffleDue != s.due || v.CutCardOut != s.cutOut {
			t.Errorf("step %d (%s): view %s %v raise %d due %q cut %v; want %s %s %d %q %v", i, s.tok, v.Stage, v.Round.Cards, v.Round.RaisePercent, v.ShuffleDue, v.CutCardOut, s.stage, s.cards, s.raise, s.due, s.cutOut)
		}
		if v.Profile != ProfileID {
			t.Errorf("view profile %q", v.Profile)
		}
	}
	// The view is a copy: changing it changes nothing.
	v := tb.View()
	v.Round.Cards[0] = card(t, "2C")
	if got := tb.View().Round.Cards[0].String(); got != "7H" {
		t.Errorf("view shares memory with the table: %s", got)
	}
}

// TestSpreadEvent: the announcement after the second card says whether raises are open.
func TestSpreadEvent(t *testing.T) {
	for _, tc := range []struct {
		script string
		spread Spread
		raise  int64
	}{
		{"shoe 7C 3H 9S", 5, 100},
		{"shoe 7C 3H 4S", Consecutive, 0},
		{"shoe 7C 3H 3S", Pair, 0},
		{"shoe 7C 2H AS", 11, 100},
	} {
		var got *Event
		tb := newTable(t)
		for _, tok := range parse(t, tc.script) {
			for _, e := range tb.Apply(Input{Token: tok}) {
				if e.Kind == EvSpread {
					got = &e
				}
			}
		}
		if got == nil || got.Spread != tc.spread || got.RaisePercent != tc.raise {
			t.Errorf("%s: spread event %+v; want spread %s raise %d", tc.script, got, tc.spread, tc.raise)
		}
	}
}

// TestApplyBadTokens: tokens ParseScript cannot produce are refused, not obeyed.
func TestApplyBadTokens(t *testing.T) {
	tb := newTable(t)
	tb.Apply(Input{Token: engine.Token{Kind: engine.TokShoe}})
	for _, tok := range []engine.Token{{Kind: 0}, {Kind: 200}, {Kind: engine.TokCard, Card: engine.Card{Rank: 20}}} {
		ev := tb.Apply(Input{Token: tok})
		if len(ev) != 1 || ev[0].Kind != EvRefused {
			t.Errorf("%+v: %+v, want one refusal", tok, ev)
		}
	}
	if v := tb.View(); v.Stage != StageBurn {
		t.Errorf("stage %s after refusals, want burn", v.Stage)
	}
}

// TestBurnedFaceDown: burned cards are kept for the audit (4.6), per shoe, and shown nowhere else.
func TestBurnedFaceDown(t *testing.T) {
	tb := newTable(t)
	var shown []engine.Card
	for _, tok := range parse(t, "shoe QC burn JD 3H 9S empty reshuffle 8H 5D") {
		for _, e := range tb.Apply(TokenInput(tok)) {
			if e.Card.Valid() {
				shown = append(shown, e.Card)
			}
		}
	}
	if got := fmt.Sprint(tb.BurnedFaceDown()); got != "[QC JD 8H]" {
		t.Errorf("burned %s, want [QC JD 8H]", got)
	}
	for _, c := range shown {
		if c == card(t, "QC") || c == card(t, "JD") || c == card(t, "8H") {
			t.Errorf("burned card %s shown in an event", c)
		}
	}
	tb.Apply(TokenInput(engine.Token{Kind: engine.TokShoe}))
	if b := tb.BurnedFaceDown(); len(b) != 0 {
		t.Errorf("burned %v after a new shoe", b)
	}
}

// TestExposedKeepsReview: a withdrawn first card (9.4) hands its notes and review mark to the
// round's real first card.
func TestExposedKeepsReview(t *testing.T) {
	got := play(t, newTable(t), "shoe 7C "+strings.Repeat("8S 8S 2H ", 4)+"8S exposed 3H 9S 5D")
	want := []string{"shuffle 4.1.1", "burn 4.6",
		"round 1 [8S 8S 2H] pair push", "round 2 [8S 8S 2H] pair push", "round 3 [8S 8S 2H] pair push",
		"round 4 [8S 8S 2H] pair push", "anomaly 3.3 8S", "withdrawn 8S 9.4", "round 5 [3H 9S 5D] 5 win 1:1 notes 3.3,9.4 review"}
	if !slices.Equal(got, want) {
		t.Errorf("\n got: %s\nwant: %s", strings.Join(got, " | "), strings.Join(want, " | "))
	}
}
