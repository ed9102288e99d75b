package engine

import (
	"fmt"
	"math/rand"
	"testing"
)

// randomShoe is a shuffled shoe of decks decks as script tokens: "shoe", then the cards, with
// "cut" placed cutFromBack cards from the back.
func randomShoe(rng *rand.Rand, decks, cutFromBack int) []Token {
	cards := make([]Card, 0, 52*decks)
	for d := 0; d < decks; d++ {
		for r := Ace; r <= King; r++ {
			for s := Spades; s <= Clubs; s++ {
				cards = append(cards, Card{r, s})
			}
		}
	}
	rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	toks := make([]Token, 0, len(cards)+2)
	toks = append(toks, Token{Kind: TokShoe})
	for i, c := range cards {
		if i == len(cards)-cutFromBack {
			toks = append(toks, Token{Kind: TokCut})
		}
		toks = append(toks, Token{Kind: TokCard, Card: c})
	}
	return toks
}

// checkRound checks a finished round against the table of play; it returns "" or what is wrong.
func checkRound(r *Round) string {
	p, b := r.Player.List(), r.Banker.List()
	if r.Player.N > 3 || r.Banker.N > 3 {
		return "more than three cards in a hand"
	}
	if r.Kind == KindCancelled {
		if r.Outcome.Winner != WinnerNone {
			return "a cancelled round has a winner"
		}
		return ""
	}
	if r.Outcome.TotalsUnknown { // a result entered by hand: no cards, no totals
		o := r.Outcome
		switch {
		case r.Player.N != 0 || r.Banker.N != 0 || r.Hidden != 0:
			return "a result entered by hand has cards"
		case o.PlayerTotal != 0 || o.BankerTotal != 0 || o.PlayerCards != 0 || o.BankerCards != 0 || o.BankerFirstTwo != 0:
			return "a result entered by hand has totals"
		case o.Winner != Banker && o.Winner != Player && o.Winner != Tie:
			return "a result entered by hand has no winner"
		}
		return ""
	}
	if len(p) < 2 || len(b) < 2 {
		return fmt.Sprintf("a finished round with %d/%d cards", len(p), len(b))
	}
	o := r.Outcome
	if o.PlayerTotal != Total(p) || o.BankerTotal != Total(b) || o.Winner != Decide(o.PlayerTotal, o.BankerTotal) {
		return "totals or winner inconsistent"
	}
	p2, b2 := Total(p[:2]), Total(b[:2])
	natural := IsNatural(p2) || IsNatural(b2)
	if o.Natural != natural || o.BankerFirstTwo != b2 {
		return "natural inconsistent"
	}
	pDrew := !natural && PlayerDraws(p2)
	if (len(p) == 3) != pDrew {
		return "Player third card contrary to Table 1"
	}
	var third Card
	if pDrew {
		third = p[2]
	}
	if (len(b) == 3) != (!natural && BankerDraws(b2, pDrew, third)) {
		return "Banker third card contrary to Table 2"
	}
	if o.PlayerPair != (p[0].Rank == p[1].Rank) || o.BankerPair != (b[0].Rank == b[1].Rank) {
		return "pairs inconsistent"
	}
	return ""
}

// TestRandomShoes deals thousands of shuffled shoes under every profile and style: every coup
// has 4-6 cards in shoe order (P1 B1 P2 B2 P3 B3), totals and draws follow the table of play,
// the inventory never exceeds the decks, and every shoe ends after its last coup with no anomaly.
func TestRandomShoes(t *testing.T) {
	shoes := 3000
	if testing.Short() {
		shoes = 300
	}
	rng := rand.New(rand.NewSource(20261122))
	styles := []string{"A", "B", "C"}
	coups := 0
	for i := 0; i < shoes; i++ {
		id := allProfiles[i%len(allProfiles)]
		p, _ := LookupProfile(id)
		decks := p.DecksMin + rng.Intn(p.DecksMax-p.DecksMin+1)
		sets := []string{"style=" + styles[rng.Intn(3)], fmt.Sprintf("decks=%d", decks)}
		s, err := ParseSettings(&p, sets)
		if err != nil {
			t.Fatal(err)
		}
		r, _ := NewReplayer(p, s)
		toks := randomShoe(rng, decks, p.CutMinFromBack+rng.Intn(40))
		var dealt []Card // cards of rounds, in shoe order
		var consumed []Card
		counts := map[Card]int{}
		ended, lastSeen := false, false
		for _, tok := range toks {
			if ended {
				break
			}
			if tok.Kind == TokCard {
				consumed = append(consumed, tok.Card)
				counts[tok.Card]++
				if counts[tok.Card] > decks {
					t.Fatalf("shoe %d: the generator dealt %s %d times", i, tok.Card, counts[tok.Card])
				}
			}
			for _, e := range r.Feed(tok) {
				switch e.Kind {
				case EvAnomaly, EvRefused, EvReview:
					t.Fatalf("shoe %d (%s %v): unexpected %s: %s", i, id, sets, e.Kind, e.Reason)
				case EvRound:
					coups++
					if msg := checkRound(&e.Round); msg != "" {
						t.Fatalf("shoe %d (%s %v) round %d: %s: %+v", i, id, sets, e.N, msg, e.Round)
					}
					n := e.Round.Player.N + e.Round.Banker.N
					if n < 4 || n > 6 || e.Round.Kind != KindNormal {
						t.Fatalf("shoe %d round %d: %d cards, kind %s", i, e.N, n, e.Round.Kind)
					}
					p, b := e.Round.Player.List(), e.Round.Banker.List()
					dealt = append(dealt, p[0], b[0], p[1], b[1])
					dealt = append(dealt, p[2:]...)
					dealt = append(dealt, b[2:]...)
				case EvLastCoup:
					lastSeen = true
				case EvShoeEnd:
					ended = true
				}
			}
			v := r.Game().View()
			if v.CardsDealt+v.CardsLeft != 52*decks {
				t.Fatalf("shoe %d: dealt %d + left %d != %d", i, v.CardsDealt, v.CardsLeft, 52*decks)
			}
		}
		if !ended || !lastSeen {
			t.Fatalf("shoe %d (%s %v): ended %v, last coup announced %v", i, id, sets, ended, lastSeen)
		}
		burned := len(r.Game().BurnedFaceDown())
		if p.DefaultBurn == BurnFaceValue || s.Burn == BurnFaceValue {
			burned++ // the face-up card
		}
		if got := consumed[burned:]; len(got) != len(dealt) {
			t.Fatalf("shoe %d: %d cards after the burn, %d in rounds", i, len(got), len(dealt))
		} else {
			for k := range got {
				if got[k] != dealt[k] {
					t.Fatalf("shoe %d: card %d of the rounds is %s, the shoe gave %s", i, k, dealt[k], got[k])
				}
			}
		}
		if inv := &r.Game().inv[0]; inv.out != len(consumed) {
			t.Fatalf("shoe %d: inventory counts %d cards, %d consumed", i, inv.out, len(consumed))
		}
	}
	t.Logf("%d shoes, %d coups", shoes, coups)
}
