package reddog

import (
	"math/rand/v2"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

// shoeStream is a realistic token stream of shoes of 8 shuffled decks: shoe, the burn, rounds,
// the cutting card about 1.5 decks from the back (4.4-4.5), and the next shoe when the shuffle
// falls due. It is built by playing it, so that every token is one the table expects.
func shoeStream(tb testing.TB, shoes int) []engine.Token {
	rng := rand.New(rand.NewPCG(1997, 3))
	table := newTable(tb)
	var toks []engine.Token
	feed := func(tok engine.Token) []Event {
		toks = append(toks, tok)
		return table.Apply(Input{Token: tok})
	}
	for s := 0; s < shoes; s++ {
		var deck []engine.Card
		for d := 0; d < 8; d++ {
			for r := engine.Ace; r <= engine.King; r++ {
				for su := engine.Spades; su <= engine.Clubs; su++ {
					deck = append(deck, engine.Card{Rank: r, Suit: su})
				}
			}
		}
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		feed(engine.Token{Kind: engine.TokShoe, Text: "shoe"})
		cutAt := len(deck) - 78
	deal:
		for i, c := range deck {
			if i == cutAt {
				feed(engine.Token{Kind: engine.TokCut, Text: "cut"})
			}
			for _, e := range feed(engine.Token{Kind: engine.TokCard, Card: c, Text: c.String()}) {
				if e.Kind == EvShuffleDue {
					break deal
				}
			}
		}
	}
	return toks
}

// BenchmarkApply is the cost of one token at the table (ns/op is per token).
func BenchmarkApply(b *testing.B) {
	toks := shoeStream(b, 20)
	b.ResetTimer()
	var table *Table
	for i := 0; i < b.N; i++ {
		j := i % len(toks)
		if j == 0 {
			table = newTable(b)
		}
		table.Apply(Input{Token: toks[j]})
	}
}

// BenchmarkReplayShoe is the cost of replaying one whole 8-deck shoe (341 tokens, 121 rounds).
func BenchmarkReplayShoe(b *testing.B) {
	toks := shoeStream(b, 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Replay(toks, 8); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAnalyze is the cost of the exact analysis of an 8-deck shoe.
func BenchmarkAnalyze(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Analyze(8); err != nil {
			b.Fatal(err)
		}
	}
}

// TestShoeStream: the benchmark's stream is a clean shoe: rounds, no anomaly, no refusal.
func TestShoeStream(t *testing.T) {
	recs, err := Replay(shoeStream(t, 2), 8)
	if err != nil {
		t.Fatal(err)
	}
	rounds := 0
	for _, r := range recs {
		if r.Round != nil {
			rounds++
			continue
		}
		if k := r.Event.Kind; k == EvAnomaly || k == EvRefused {
			t.Errorf("event %+v", r.Event)
		}
	}
	if rounds < 200 {
		t.Errorf("%d rounds in two shoes", rounds)
	}
}
