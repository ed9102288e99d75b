package reddog

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

// doubtScript plays a shoe script with the live table's extra inputs: "?kind" is a doubt from
// the shoe link (?lost, ?unreadable, ?conflict, ...), "confirm" the supervisor confirming,
// "enter:3H,9S,5D" the supervisor entering the cards, "dispute:N" the supervisor disputing
// finished round N, "void:N" cancelling round N. It returns one line per event that
// matters, the round lines with their resolution.
func doubtScript(t *testing.T, tb *Table, script string) []string {
	t.Helper()
	var out []string
	for _, w := range strings.Fields(script) {
		var in Input
		switch {
		case strings.HasPrefix(w, "?"):
			in = DoubtInput(engine.Doubt{Kind: engine.DoubtKind(w[1:]), Detail: "test"})
		case w == "confirm":
			in = ConfirmInput()
		case strings.HasPrefix(w, "enter:"):
			var cs []engine.Card
			for _, f := range strings.Split(w[len("enter:"):], ",") {
				cs = append(cs, card(t, f))
			}
			in = EnterInput(cs)
		case strings.HasPrefix(w, "dispute:"):
			n := 0
			fmt.Sscan(w[len("dispute:"):], &n)
			in = DisputeInput(n)
		case strings.HasPrefix(w, "void:"):
			in = TokenInput(parse(t, "void "+w[len("void:"):])[0])
		default:
			in = TokenInput(parse(t, w)[0])
		}
		for _, e := range tb.Apply(in) {
			if s := doubtSummary(e); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

func doubtSummary(e Event) string {
	switch e.Kind {
	case EvReview:
		return fmt.Sprintf("review %d", e.N)
	case EvResolved:
		return fmt.Sprintf("resolved %d %s %s", e.N, e.Reason, e.Rule)
	case EvRefused:
		return "refused " + e.Reason
	case EvRound:
		s := summary(e)
		if r := e.Round; len(r.Why) > 0 {
			s += fmt.Sprintf(" why %d %q", len(r.Why), r.Resolution)
		}
		return s
	}
	return summary(e)
}

func TestDoubtHold(t *testing.T) {
	const start = "shoe 7C 3H "
	cases := []struct {
		name, script string
		hold         bool
		want         []string
		stage        Stage
	}{
		{"a lost frame holds the round; confirm settles it", start + "?lost 9S 5D confirm", true, []string{
			"anomaly 10.10", "review 1", "anomaly 10.10", "resolved 1 confirmed 10.10", `round 1 [3H 9S 5D] 5 win 1:1 notes 10.10 why 1 "confirmed"`}, StageFirst},
		{"held until the supervisor: more cards are set aside", start + "?unreadable 9S 5D 4C", true, []string{
			"anomaly 10.10", "review 1", "anomaly 10.10", "anomaly 10.10 4C"}, StageReview},
		{"the supervisor enters the cards as they lie", start + "?lost 9S 5D enter:3H,9S,KD", true, []string{
			"anomaly 10.10", "review 1", "anomaly 10.10", "resolved 1 entered 10.10", `round 1 [3H 9S KD] 5 lose notes 10.10 why 1 "entered"`}, StageFirst},
		{"the supervisor enters a third card the shoe never sent", start + "?lost 9S enter:3H,9S,5D", true, []string{
			"anomaly 10.10", "review 1", "resolved 1 entered 10.10", `round 1 [3H 9S 5D] 5 win 1:1 notes 10.10 why 1 "entered"`}, StageFirst},
		{"the supervisor cancels the round: wagers refunded", start + "?restart 9S 5D void", true, []string{
			"anomaly 10.10", "review 1", "anomaly 10.10", `round 1 [3H 9S 5D] 5 push cancelled notes 10.10,10.4 why 1 "cancelled"`}, StageFirst},
		{"a doubt between rounds holds the next round", start + "9S 5D ?lost 2C 2D 2H confirm", true, []string{
			"round 1 [3H 9S 5D] 5 win 1:1", "anomaly 10.10", "review 2", "anomaly 10.10", "resolved 2 confirmed 10.10", `round 2 [2C 2D 2H] pair win 11:1 notes 10.10 why 1 "confirmed"`}, StageFirst},
		{"a conflicting resend of the last card disputes the round it finished", start + "9S 5D ?conflict confirm", true, []string{
			"round 1 [3H 9S 5D] 5 win 1:1", "review 1", "anomaly 10.10", "resolved 1 confirmed 10.10"}, StageFirst},
		{"a disputed round cancelled", start + "9S 5D ?conflict void:1", true, []string{
			"round 1 [3H 9S 5D] 5 win 1:1", "review 1", "anomaly 10.10", "cancel 1"}, StageFirst},
		{"the supervisor disputes a finished round (10.10) and confirms it", start + "9S 5D 2C 2D 2H dispute:1 confirm", true, []string{
			"round 1 [3H 9S 5D] 5 win 1:1", "round 2 [2C 2D 2H] pair win 11:1", "review 1", "resolved 1 confirmed 10.10"}, StageFirst},
		{"the supervisor disputes a finished round and invalidates it (10.3)", start + "9S 5D dispute:1 void:1", true, []string{
			"round 1 [3H 9S 5D] 5 win 1:1", "review 1", "cancel 1"}, StageFirst},
		{"a dispute of the round in progress, a round not dealt, and a cancelled round is refused", start + "9S 5D void:1 2C dispute:2 dispute:7 dispute:1", true, []string{
			"round 1 [3H 9S 5D] 5 win 1:1", "cancel 1",
			"refused dispute: round 2 is in progress, not finished: confirm it, enter its cards or void it (10.10)",
			"refused dispute: no such finished round 7 (10.10)",
			"refused dispute: round 1 is cancelled: it has no result to dispute (10.10)"}, StageSecond},
		{"an impossible card holds the round", "shoe 7C " + strings.Repeat("8S 8S 2H ", 4) + "3H 8S 5D confirm", true, []string{
			"round 1 [8S 8S 2H] pair push", "round 2 [8S 8S 2H] pair push", "round 3 [8S 8S 2H] pair push", "round 4 [8S 8S 2H] pair push",
			"anomaly 3.3 8S", "review 5", "anomaly 10.10", "resolved 5 confirmed 10.10", `round 5 [3H 8S 5D] 4 win 1:1 notes 3.3,10.10 why 1 "confirmed"`}, StageFirst},
		{"a script replay has no supervisor: the round finishes flagged", start + "?lost 9S 5D", false, []string{
			"anomaly 10.10", "review 1", `round 1 [3H 9S 5D] 5 win 1:1 review why 1 ""`}, StageFirst},
		{"a doubt with no shoe loaded changes nothing", "?lost shoe 7C 3H 9S 5D", true, []string{
			"round 1 [3H 9S 5D] 5 win 1:1"}, StageFirst},
		{"a new shoe forgets a doubt about the old one", start + "9S 5D ?lost shoe 7C 3H 9S 5D", true, []string{
			"round 1 [3H 9S 5D] 5 win 1:1", "anomaly 10.10", "round 2 [3H 9S 5D] 5 win 1:1"}, StageFirst},
		{"refusals", start + "?bogus confirm enter:3H enter:3H,4H,5H enter:3H,9S enter:3H,9S,5D,6D 9S 5D enter:3H,9S,5D", true, []string{
			`refused doubt: unknown doubt "bogus"`, "refused confirm: nothing is under review",
			"refused enter: 1 cards given: a round has the right and left box cards, and a centre card when the spread draws one (7.1, 7.2)",
			"refused enter: 3 cards given, but 3H 4H draws 2 in all (7.2)", "refused enter: 2 cards given, but 3H 9S draws 3 in all (7.2)",
			"refused enter: 4 cards given: a round has the right and left box cards, and a centre card when the spread draws one (7.1, 7.2)",
			"round 1 [3H 9S 5D] 5 win 1:1", "refused enter: no round in progress"}, StageFirst},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newTable(t)
			tb.SetHold(c.hold)
			got := doubtScript(t, tb, c.script)
			var kept []string
			for _, s := range got {
				if !strings.HasPrefix(s, "shuffle") && !strings.HasPrefix(s, "burn") {
					kept = append(kept, s)
				}
			}
			if !slices.Equal(kept, c.want) {
				t.Errorf("\n got: %s\nwant: %s", strings.Join(kept, " | "), strings.Join(c.want, " | "))
			}
			if v := tb.View(); v.Stage != c.stage {
				t.Errorf("stage %s, want %s", v.Stage, c.stage)
			}
		})
	}
}

// TestDoubtHeldShowsNoResult: a round that waits for review shows its cards but no outcome or
// payout, and the view says why; the next round is under review after cards were set aside.
func TestDoubtHeldShowsNoResult(t *testing.T) {
	tb := newTable(t)
	tb.SetHold(true)
	doubtScript(t, tb, "shoe 7C 3H ?lost 9S 5D")
	v := tb.View()
	if v.Stage != StageReview || !v.Round.Review || v.Round.Outcome != OutcomeNone || !v.Round.Pays.IsZero() || len(v.Round.Cards) != 3 {
		t.Fatalf("held round view %+v", v)
	}
	if len(v.Round.Why) != 1 || !strings.Contains(v.Round.Why[0], "shoe data lost") {
		t.Errorf("why %q", v.Round.Why)
	}
	doubtScript(t, tb, "KD void")
	v = tb.View()
	if len(v.NextWhy) != 1 || !strings.Contains(v.NextWhy[0], "while round 1 waited") {
		t.Errorf("next why %q", v.NextWhy)
	}
	got := doubtScript(t, tb, "2C 9D 5H confirm")
	want := []string{"review 2", "anomaly 10.10", "resolved 2 confirmed 10.10", `round 2 [2C 9D 5H] 6 win 1:1 notes 10.10 why 1 "confirmed"`}
	if !slices.Equal(got, want) {
		t.Errorf("\n got: %s\nwant: %s", strings.Join(got, " | "), strings.Join(want, " | "))
	}
}

// TestDoubtBounded: a hostile line cannot grow the reasons or the disputed rounds without bound.
func TestDoubtBounded(t *testing.T) {
	tb := newTable(t)
	tb.SetHold(true)
	doubtScript(t, tb, "shoe 7C 3H")
	for i := 0; i < 1000; i++ {
		tb.Apply(DoubtInput(engine.Doubt{Kind: engine.DoubtLost, Detail: fmt.Sprint(i)}))
	}
	if r, _ := tb.InProgress(); len(r.Why) != maxWhy {
		t.Errorf("%d reasons kept, want %d", len(r.Why), maxWhy)
	}
	tb.Apply(ConfirmInput())
	tb.SetHold(false) // rounds under review finish, so that many can be disputed
	for i := 0; i < 100; i++ {
		doubtScript(t, tb, "9S 5D ?conflict 3H")
	}
	if n := len(tb.Disputed()); n != maxDisputes {
		t.Errorf("%d disputed rounds kept, want %d", n, maxDisputes)
	}
}

// TestDoubtRecord: the replay/journal record of a round resolved after review says why and how.
func TestDoubtRecord(t *testing.T) {
	tb := newTable(t)
	tb.SetHold(true)
	var round *Round
	for _, in := range []Input{TokenInput(engine.Token{Kind: engine.TokShoe}), TokenInput(cardTok(t, "7C")), TokenInput(cardTok(t, "3H")),
		DoubtInput(engine.Doubt{Kind: engine.DoubtLost, Detail: "SEQ 0012 follows 0010"}), TokenInput(cardTok(t, "9S")), TokenInput(cardTok(t, "5D")), ConfirmInput()} {
		for _, e := range tb.Apply(in) {
			if e.Kind == EvRound {
				round = e.Round
			}
		}
	}
	if round == nil {
		t.Fatal("no round")
	}
	b, err := json.Marshal(Record{Round: round})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"n":1,"cards":["3H","9S","5D"],"spread":5,"raise":true,"outcome":"win","pays":"1:1","kind":"normal","notes":["10.10"],"why":["shoe data lost (SEQ 0012 follows 0010)"],"resolution":"confirmed","resolution_rule":"10.10"}`
	if string(b) != want {
		t.Errorf("\n got %s\nwant %s", b, want)
	}
}

func cardTok(t *testing.T, s string) engine.Token {
	return engine.Token{Kind: engine.TokCard, Card: card(t, s), Text: s}
}

// decodeHoldInputs is decodeInputs with the live table's inputs mixed in: doubts of every kind
// (and an unknown one), the supervisor's confirmation and cards entered (two or three, some
// not making a round).
func decodeHoldInputs(data []byte) []Input {
	kinds := []engine.DoubtKind{engine.DoubtLost, engine.DoubtUnreadable, engine.DoubtConflict, engine.DoubtReplay,
		engine.DoubtRestart, engine.DoubtDisconnect, engine.DoubtRepeat, "bogus"}
	var ins []Input
	for i := 0; i+1 < len(data); i += 2 {
		k, v := data[i], data[i+1]
		c := func(x byte) engine.Card {
			return engine.Card{Rank: engine.Rank(x%13 + 1), Suit: engine.Suit(x/13%4 + 1)}
		}
		switch k % 24 {
		case 20:
			ins = append(ins, DoubtInput(engine.Doubt{Kind: kinds[v%8]}))
		case 21:
			ins = append(ins, ConfirmInput())
		case 22:
			ins = append(ins, EnterInput([]engine.Card{c(v), c(v * 7)}))
		case 23:
			ins = append(ins, EnterInput([]engine.Card{c(v), c(v + 5), c(v * 3)}))
		default:
			ins = append(ins, decodeInputs([]byte{k % 24, v})...)
		}
	}
	return ins
}

// checkHold applies inputs to a live table and checks the hold's invariants: no panic; no round
// is ever finished under review; a round that was under review is finished only by a supervisor's
// resolution (confirmed or entered, with its rule) or cancelled; a round is settled as Resolve
// gives its cards; while a round waits nothing but a resolution, a new shoe or a void finishes
// it; the reasons and disputes stay bounded; every event marshals.
func checkHold(t *testing.T, ins []Input) {
	tb := newTable(t)
	tb.SetHold(true)
	p := tb.Profile()
	for i, in := range ins {
		waiting := tb.View().Stage == StageReview
		for _, e := range tb.Apply(in) {
			if _, err := json.Marshal(Record{Event: &e}); e.Kind != EvRound && err != nil {
				t.Fatalf("input %d: marshal %+v: %v", i, e, err)
			}
			if e.Kind != EvRound {
				continue
			}
			r := e.Round
			if _, err := json.Marshal(Record{Round: r}); err != nil {
				t.Fatalf("input %d: marshal round: %v", i, err)
			}
			if r.Review {
				t.Fatalf("input %d (%+v): round %d finished under review: %q", i, in, r.N, r.Why)
			}
			resolved := in.Kind == InConfirm || in.Kind == InEnter || in.Token.Kind == engine.TokVoid || in.Token.Kind == engine.TokShoe
			if waiting && !resolved {
				t.Fatalf("input %d (%+v): round %d left the hold", i, in, r.N)
			}
			if r.Kind == KindNormal && len(r.Why) > 0 && !(r.Resolution == engine.ResolvedConfirmed && r.ResolutionRule == p.Rules.ReviewConfirm || r.Resolution == engine.ResolvedEntered && r.ResolutionRule == p.Rules.ReviewEnter) {
				t.Fatalf("input %d: round %d under review %q finished with resolution %q %q", i, r.N, r.Why, r.Resolution, r.ResolutionRule)
			}
			checkSettled(t, p, i, r)
		}
		v := tb.View()
		if len(v.Round.Why) > maxWhy || len(v.NextWhy) > maxWhy || len(v.Disputed) > maxDisputes {
			t.Fatalf("input %d: %d reasons, %d next, %d disputed", i, len(v.Round.Why), len(v.NextWhy), len(v.Disputed))
		}
		if v.Stage == StageReview && (v.Round.Outcome != OutcomeNone || !v.Round.Review) {
			t.Fatalf("input %d: waiting round shows %+v", i, v.Round)
		}
	}
}

func FuzzHold(f *testing.F) {
	f.Add([]byte{8, 0, 0, 5, 0, 1, 20, 0, 0, 20, 0, 7, 21, 0})        // shoe, burn, card, lost, two cards, confirm
	f.Add([]byte{8, 0, 0, 5, 0, 1, 20, 1, 0, 20, 0, 7, 0, 9, 23, 4})  // unreadable, a card set aside, enter
	f.Add([]byte{8, 0, 0, 5, 0, 1, 0, 20, 0, 7, 20, 2, 16, 1, 20, 7}) // conflict after a round, void 1, bogus
	f.Fuzz(func(t *testing.T, data []byte) {
		checkHold(t, decodeHoldInputs(data))
	})
}

// TestRandomHoldStreams runs FuzzHold's invariants over long pseudo-random streams.
func TestRandomHoldStreams(t *testing.T) {
	for _, data := range randomStreams(88172645, 50, 2000) {
		checkHold(t, decodeHoldInputs(data))
	}
}
