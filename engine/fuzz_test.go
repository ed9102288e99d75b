package engine

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzParseScript: any text parses or fails with a *ScriptError naming a line, the token and a
// reason; what parses round-trips through its tokens' text.
func FuzzParseScript(f *testing.F) {
	for _, s := range []string{
		"shoe\n3H 4D 9S QC\n2C KD 5H 4S 3D # tie\ncut 9D 8C KH AC",
		"shoe faceburn noburn burn 9H@P3 T@B1 exposed faceup dummy nobet void void 12 reshuffle empty",
		"void 0", "9H@Q1", "ZZ", "shoe\n  banana", "#", "\n\n\t", "void -3 void 99999999999999999999", "a@@b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		toks, err := ParseScript(src)
		if err != nil {
			se, ok := err.(*ScriptError)
			if !ok || se.Line < 1 || se.Token == "" || se.Reason == "" {
				t.Fatalf("error %v (%T) lacks line, token or reason", err, err)
			}
			return
		}
		lines := strings.Count(src, "\n") + 1
		var text []string
		for _, tk := range toks {
			if tk.Line < 1 || tk.Line > lines || tk.Kind < TokCard || tk.Kind > TokEmpty {
				t.Fatalf("token %+v out of range", tk)
			}
			if tk.Kind == TokCard && !tk.Card.Valid() {
				t.Fatalf("invalid card %+v", tk)
			}
			text = append(text, tk.Text)
		}
		again, err := ParseScript(strings.Join(text, " "))
		if err != nil || len(again) != len(toks) {
			t.Fatalf("re-parse of %q: %v, %d tokens, want %d", text, err, len(again), len(toks))
		}
		for i := range again {
			if again[i].Kind != toks[i].Kind || again[i].Card != toks[i].Card || again[i].Pos != toks[i].Pos || again[i].N != toks[i].N {
				t.Fatalf("token %d: %+v then %+v", i, toks[i], again[i])
			}
		}
	})
}

var fuzzSettings = []setting{
	{"style", "A"}, {"style", "B"}, {"style", "C"}, {"decks", "4"}, {"decks", "8"}, {"shuffler", "batch"},
	{"shuffler", "continuous"}, {"shuffler", "shoe"}, {"version", "crown"}, {"insurance_no6", "true"},
	{"settlement", "B"}, {"banker_six_half", "true"}, {"burn", "one"}, {"burn", "face-value"}, {"notice_minutes", "3"},
}

// fuzzInputs turns bytes into a sequence of inputs: mostly cards, with every script word,
// reveals, settings and review acceptance mixed in.
func fuzzInputs(data []byte) []Input {
	var ins []Input
	for i := 0; i < len(data); i++ {
		op := data[i]
		next := func() byte {
			if i+1 < len(data) {
				i++
				return data[i]
			}
			return 0
		}
		switch o := op % 32; {
		case o < 18:
			x := next()
			pos := PosNone
			if op >= 224 {
				pos = Position(1 + x%6)
			}
			src := SourceShoe
			if op&32 != 0 {
				src = SourceManual
			}
			ins = append(ins, CardInput(Card{Rank(1 + x%13), Suit((x / 13) % 5)}, pos, src))
		case o < 30:
			k := []TokenKind{TokShoe, TokFaceBurn, TokBurn, TokNoBurn, TokCut, TokExposed, TokFaceUp, TokDummy, TokNoBet, TokVoid, TokReshuffle, TokEmpty}[o-18]
			n := 0
			if k == TokVoid && op >= 128 {
				n = 1 + int(next()%20)
			}
			ins = append(ins, WordInput(k, n))
		case o == 30:
			x := next()
			if op >= 128 { // a result entered by hand; the winner byte may be out of range
				ins = append(ins, ResultInput(ManualResult{Winner: Winner(x % 5), PlayerPair: x&8 != 0, BankerPair: x&16 != 0, Natural: x&32 != 0}))
				break
			}
			switch x % 4 {
			case 0:
				ins = append(ins, TurnInput(HandPlayer))
			case 1:
				ins = append(ins, TurnInput(HandBanker))
			case 2:
				s := fuzzSettings[int(x/4)%len(fuzzSettings)]
				ins = append(ins, SettingInput(s.key, s.value))
			default:
				ins = append(ins, InAcceptReviewInput())
			}
		default:
			ins = append(ins, Input{Kind: InputKind(op / 32), Hand: Hand(op % 5), Token: Token{Kind: TokenKind(op % 17)}})
		}
	}
	return ins
}

// FuzzGame feeds arbitrary input sequences to every profile: Apply never panics, every round
// follows the table of play or is cancelled, the view never shows a total with a face-down card
// in the hand, and the same inputs give the same events.
func FuzzGame(f *testing.F) {
	f.Add([]byte{0, 0, 16 + 32*0, 3, 0, 10, 0, 22, 0, 44, 0, 5})
	f.Add([]byte("shoe 3H 4D 9S QC 2C KD 5H 4S 3D cut AH 6C AD"))
	f.Add([]byte{1, 2, 16, 19, 0, 1, 0, 2, 0, 3, 0, 4, 30, 0, 30, 1, 0, 9, 21, 29, 0, 7, 20, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7})
	f.Add([]byte{3, 1, 16, 30, 2, 30, 6, 16, 19, 224, 5, 225, 7, 26, 27, 155, 3, 0, 1, 0, 2, 0, 3, 0, 4, 28, 29, 31, 63})
	f.Add([]byte{0, 0, 16, 19, 158, 1, 158, 26, 0, 1, 158, 3, 0, 9, 0, 9, 158, 2, 20, 158, 57, 26, 158, 4, 158, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		id := allProfiles[int(data[0])%len(allProfiles)]
		style := []string{"A", "B", "C"}[int(data[1])%3]
		ins := fuzzInputs(data[2:])
		var runs [2][]Event
		for run := range runs {
			g := newGame(t, id, "style="+style)
			byHand := false // a result was entered by hand this shoe
			for _, in := range ins {
				evs := g.Apply(in)
				for i := range evs {
					if evs[i].Kind == EvShoe {
						byHand = false
					}
					if evs[i].Kind == EvRound && evs[i].Round.Outcome.TotalsUnknown {
						byHand = true
					}
					if evs[i].Kind == EvRound {
						if msg := checkRound(&evs[i].Round); msg != "" {
							t.Fatalf("%s style %s: round %d: %s: %+v", id, style, evs[i].N, msg, evs[i].Round)
						}
					}
				}
				runs[run] = append(runs[run], evs...)
				v := g.View()
				if len(v.Player) > 3 || len(v.Banker) > 3 ||
					v.PlayerTotalShown && v.PlayerFaceDown > 0 || v.BankerTotalShown && v.BankerFaceDown > 0 {
					t.Fatalf("view: %+v", v)
				}
				if byHand && v.CountsKnown {
					t.Fatalf("card counts known after a result entered by hand: %+v", v)
				}
				if v.CountsKnown && v.CardsLeft < 0 {
					t.Fatalf("negative cards left: %+v", v)
				}
			}
		}
		if !reflect.DeepEqual(runs[0], runs[1]) {
			t.Fatal("the same inputs gave different events")
		}
	})
}
