package reddog

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

// decodeInputs turns arbitrary bytes into table inputs, two bytes each: every token kind, cards of
// every rank and suit (and the unknown suit), reported boxes (also an invalid one), positions,
// void with a round number, and token kinds that do not exist.
func decodeInputs(data []byte) []Input {
	var ins []Input
	for i := 0; i+1 < len(data); i += 2 {
		k, v := data[i], data[i+1]
		in := Input{}
		tok := &in.Token
		tok.Line = i/2 + 1
		switch k % 20 {
		case 0, 1, 2, 3, 4, 5, 6, 7:
			tok.Kind = engine.TokCard
			tok.Card = engine.Card{Rank: engine.Rank(v%13 + 1), Suit: engine.Suit(v / 13 % 5)}
			in.Box = Box(k / 20 % 5)
		case 8:
			tok.Kind = engine.TokShoe
		case 9:
			tok.Kind = engine.TokBurn
		case 10:
			tok.Kind = engine.TokNoBurn
		case 11:
			tok.Kind = engine.TokCut
		case 12:
			tok.Kind = engine.TokExposed
		case 13:
			tok.Kind = engine.TokFaceUp
		case 14:
			tok.Kind = engine.TokReshuffle
		case 15:
			tok.Kind = engine.TokEmpty
		case 16:
			tok.Kind, tok.N = engine.TokVoid, int(v%8)
		case 17:
			tok.Kind = []engine.TokenKind{engine.TokDummy, engine.TokNoBet, engine.TokFaceBurn}[v%3]
		case 18:
			tok.Kind = engine.TokCard
			tok.Card = engine.Card{Rank: engine.Rank(v%13 + 1), Suit: engine.Hearts}
			tok.Pos = engine.Position(v % 8)
		default:
			tok.Kind = engine.TokenKind(v) // mostly not a token kind at all
			tok.Card = engine.Card{Rank: engine.Rank(v % 16)}
		}
		tok.Text = tok.Kind.String()
		ins = append(ins, in)
	}
	return ins
}

// checkStream applies inputs and checks the invariants: no panic; a card input places, burns or
// discards at most that one card and a burn event never carries a card; the rounds rebuilt from
// the card events are exactly the rounds the table reports and shows; round numbers run 1, 2, 3;
// every round's result is what Resolve gives its cards; every round settles with money conserved;
// every event marshals.
func checkStream(t *testing.T, ins []Input) (rounds int) {
	tb := newTable(t)
	p := tb.Profile()
	var placed []engine.Card
	curN, lastN := 0, 0
	for i, in := range ins {
		evs := tb.Apply(in)
		moves := 0
		for _, e := range evs {
			if _, err := json.Marshal(Record{Event: &e}); e.Kind != EvRound && err != nil {
				t.Fatalf("input %d: marshal %+v: %v", i, e, err)
			}
			switch e.Kind {
			case EvBurn:
				moves++
				if e.Card != (engine.Card{}) {
					t.Fatalf("input %d: burn event shows %s", i, e.Card)
				}
			case EvCard:
				moves++
				if in.Token.Kind != engine.TokCard || e.Card != in.Token.Card {
					t.Fatalf("input %d (%+v): placed %s", i, in.Token, e.Card)
				}
				want := [...]Box{BoxRight, BoxLeft, BoxCentre}[min(len(placed), 2)]
				if e.Box != want || len(placed) > 2 {
					t.Fatalf("input %d: %s to the %s box with %v down", i, e.Card, e.Box, placed)
				}
				if e.Box == BoxRight {
					curN = e.N
					if curN != lastN+1 {
						t.Fatalf("input %d: round %d after round %d", i, curN, lastN)
					}
				}
				placed = append(placed, e.Card)
			case EvWithdrawn:
				if len(placed) != 1 || placed[0] != e.Card || e.N != curN {
					t.Fatalf("input %d: withdrew %s of round %d with %v down", i, e.Card, e.N, placed)
				}
				placed = nil
			case EvRound:
				r := e.Round
				if r.N != curN || !slices.Equal(r.Cards, placed) || r.N != lastN+1 {
					t.Fatalf("input %d: round %d %v; placed %v in round %d after %d", i, r.N, r.Cards, placed, curN, lastN)
				}
				if _, err := json.Marshal(Record{Round: r}); err != nil {
					t.Fatalf("input %d: marshal round: %v", i, err)
				}
				checkSettled(t, p, i, r)
				var raise int64
				if r.RaisePercent > 0 {
					raise = 500
				}
				st, err := Settle(500, raise, *r)
				if err != nil || st.Wager+st.Raise != st.Returned+st.Lost || st.Net != st.Won-st.Lost {
					t.Fatalf("input %d: settle round %+v: %+v %v", i, r, st, err)
				}
				lastN = r.N
				placed = nil
				rounds++
			}
		}
		burned := slices.ContainsFunc(evs, func(e Event) bool { return e.Kind == EvBurn })
		for _, e := range evs {
			if e.Kind == EvAnomaly && e.Card.Valid() && (burned || in.Token.Kind != engine.TokCard && in.Token.Kind != engine.TokExposed) {
				t.Fatalf("input %d (%+v): anomaly shows %s", i, in.Token, e.Card)
			}
		}
		if moves > 1 || (moves == 1 && in.Token.Kind != engine.TokCard) {
			t.Fatalf("input %d (%+v): %d cards moved", i, in.Token, moves)
		}
		v := tb.View()
		if r, ok := tb.InProgress(); ok {
			if !slices.Equal(r.Cards, placed) || !slices.Equal(v.Round.Cards, placed) || len(placed) == 0 {
				t.Fatalf("input %d: in progress %v, view %v, placed %v", i, r.Cards, v.Round.Cards, placed)
			}
		} else if len(placed) != 0 {
			t.Fatalf("input %d: no round in progress but %v down", i, placed)
		}
		if len(v.Round.Cards) > 3 {
			t.Fatalf("input %d: view holds %v", i, v.Round.Cards)
		}
	}
	return rounds
}

// checkSettled checks a finished round: a normal round is settled as Resolve gives its cards,
// a cancelled one is a push with no payout.
func checkSettled(t *testing.T, p Profile, i int, r *Round) {
	t.Helper()
	switch r.Kind {
	case KindNormal:
		s, o, pays, done, err := p.Resolve(r.Cards)
		if err != nil || !done || s != r.Spread || o != r.Outcome || pays != r.Pays {
			t.Fatalf("input %d: round %+v; Resolve gives %s %s %s %v %v", i, r, s, o, pays, done, err)
		}
	case KindCancelled:
		if r.Outcome != Push || !r.Pays.IsZero() {
			t.Fatalf("input %d: cancelled round %+v", i, r)
		}
	default:
		t.Fatalf("input %d: round kind %d", i, r.Kind)
	}
}

func FuzzApply(f *testing.F) {
	f.Add([]byte{8, 0, 0, 5, 1, 20, 2, 7})                               // shoe, burn, three cards
	f.Add([]byte{8, 0, 10, 0, 0, 1, 1, 2, 11, 0, 3, 30, 8, 0, 0, 9})     // noburn, no spread, cut, shuffle
	f.Add([]byte{8, 0, 0, 1, 0, 5, 15, 0, 2, 6, 14, 0, 10, 0, 3, 3})     // empty, card, reshuffle
	f.Add([]byte{8, 0, 0, 1, 0, 5, 12, 0, 16, 0, 16, 1, 17, 1, 19, 200}) // exposed, void, refused
	f.Add([]byte{8, 0, 9, 0, 0, 1, 0, 2, 13, 0, 3, 4, 20, 6, 61, 6, 82, 9, 18, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		checkStream(t, decodeInputs(data))
	})
}

// FuzzReplay feeds arbitrary text through ParseScript and Replay: a script either fails to parse
// with a ScriptError or replays without error, and every record marshals.
func FuzzReplay(f *testing.F) {
	f.Add(replayExample)
	f.Add("shoe 7C 3H cut 9S 5D 2H 4S 3C shoe 8C KH QD")
	f.Add("shoe 7C 3H 9S empty 5D reshuffle 2D 6D void 1 void 1")
	f.Add("3H shoe faceup 7C exposed burn 8C 9H@P1 9H@B3 noburn")
	f.Fuzz(func(t *testing.T, src string) {
		toks, err := engine.ParseScript(src)
		if err != nil {
			return
		}
		recs, err := Replay(toks, 8)
		if err != nil {
			t.Fatalf("replay %q: %v", src, err)
		}
		for _, r := range recs {
			if _, err := json.Marshal(r); err != nil {
				t.Fatalf("marshal %+v: %v", r, err)
			}
		}
	})
}

// TestRandomStreams runs the invariants of FuzzApply over long deterministic pseudo-random streams.
func TestRandomStreams(t *testing.T) {
	for n, data := range randomStreams(2463534242, 50, 2000) {
		if rounds := checkStream(t, decodeInputs(data)); rounds < 10 {
			t.Errorf("stream %d: only %d rounds", n, rounds)
		}
	}
}

// randomStreams is n deterministic pseudo-random byte streams of size bytes (xorshift32 from seed).
func randomStreams(seed uint32, n, size int) [][]byte {
	x := seed
	out := make([][]byte, n)
	for k := range out {
		data := make([]byte, size)
		for i := range data {
			x ^= x << 13
			x ^= x >> 17
			x ^= x << 5
			data[i] = byte(x)
		}
		out[k] = data
	}
	return out
}
