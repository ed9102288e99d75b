package engine

import (
	"testing"
)

func newGame(t testing.TB, id string, sets ...string) *Game {
	t.Helper()
	p, err := LookupProfile(id)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseSettings(&p, sets)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(p, s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func deal(t testing.TB, g *Game, codes ...string) []Event {
	t.Helper()
	var evs []Event
	for _, c := range mustCards(t, codes...) {
		evs = append(evs, g.Apply(CardInput(c, PosNone, SourceShoe))...)
	}
	return evs
}

func kinds(evs []Event) []EventKind {
	var k []EventKind
	for _, e := range evs {
		k = append(k, e.Kind)
	}
	return k
}

// noSecrets fails when the public view holds anything derived from a face-down card.
func noSecrets(t *testing.T, v View, step string) {
	t.Helper()
	if len(v.Player) != 0 || len(v.Banker) != 0 || v.PlayerTotalShown || v.BankerTotalShown || v.InsuranceOpen {
		t.Errorf("%s: face-down cards leaked into the view: %+v", step, v)
	}
}

// TestStyleCReveal: face-down cards stay out of the view until turned; the Player is turned
// first where the book says so (002 8.13-8.14), Banker first where it is allowed (004 8.17).
func TestStyleCReveal(t *testing.T) {
	g := newGame(t, ProfileNZ1998, "style=C")
	g.Apply(WordInput(TokShoe, 0))
	g.Apply(WordInput(TokNoBurn, 0))
	before := g.View().CardsDealt
	deal(t, g, "2C", "KD", "5H", "4S") // Player 7 stands, Banker 4 draws
	v := g.View()
	noSecrets(t, v, "after the initial deal")
	if v.PlayerFaceDown != 2 || v.BankerFaceDown != 2 || v.CardsDealt != before {
		t.Errorf("after the initial deal: face down %d/%d, dealt %d (was %d)", v.PlayerFaceDown, v.BankerFaceDown, v.CardsDealt, before)
	}
	// The Banker's third card arrives before anything is turned (a dealer's slip): still hidden.
	deal(t, g, "3D")
	noSecrets(t, g.View(), "third card before the turn")
	if v := g.View(); v.BankerFaceDown != 2 || v.PlayerFaceDown != 2 {
		t.Errorf("a third card's position leaked before the initial turn: %+v", v)
	}
	if evs := g.Apply(TurnInput(HandBanker)); len(evs) != 1 || evs[0].Kind != EvRefused || evs[0].Rule == "" {
		t.Errorf("Banker first under nz-1998: %v, want refused with a rule", kinds(evs))
	}
	g.Apply(TurnInput(HandPlayer))
	v = g.View()
	if len(v.Player) != 2 || !v.PlayerTotalShown || v.PlayerTotal != 7 || len(v.Banker) != 0 || v.BankerTotalShown {
		t.Errorf("after turning Player: %+v", v)
	}
	evs := g.Apply(TurnInput(HandBanker))
	if len(evs) != 1 || evs[0].Kind != EvRound || evs[0].Round.Banker.N != 3 || evs[0].Round.Outcome.Winner != Tie {
		t.Fatalf("after turning Banker: %v %+v", kinds(evs), evs)
	}
	if evs := g.Apply(TurnInput(HandBanker)); len(evs) != 1 || evs[0].Kind != EvRefused {
		t.Errorf("turn with no round: %v", kinds(evs))
	}

	// nz-baccarat allows the Banker hand first when authorised (004 8.17).
	g = newGame(t, ProfileNZ, "style=C")
	g.Apply(WordInput(TokShoe, 0))
	g.Apply(WordInput(TokNoBurn, 0))
	deal(t, g, "9H", "2C", "TD", "3C")
	if evs := g.Apply(TurnInput(HandBanker)); len(evs) != 1 || evs[0].Kind != EvRefused || evs[0].Rule != "8.17" {
		t.Errorf("Banker first under nz-baccarat without the supervisor's authorisation: %+v", evs)
	}
	if evs := g.Apply(AuthorisedTurnInput(HandBanker)); len(evs) != 0 {
		t.Errorf("Banker first under nz-baccarat, authorised: %v", kinds(evs))
	}
	if v := g.View(); len(v.Banker) != 2 || len(v.Player) != 0 || v.BankerTotal != 5 {
		t.Errorf("after turning Banker first: %+v", v)
	}
}

// TestStyleBThirdCard: in style B a third card is passed face down and turned like the first
// two (002 9.10, 004 9.8); in style C it is dealt face up (002 9.9, 004 9.7).
func TestStyleBThirdCard(t *testing.T) {
	for _, tc := range []struct {
		style    string
		faceDown int
	}{{"B", 1}, {"C", 0}} {
		g := newGame(t, ProfileNZ, "style="+tc.style)
		g.Apply(WordInput(TokShoe, 0))
		g.Apply(WordInput(TokNoBurn, 0))
		deal(t, g, "AH", "6C", "AD", "KS") // Player 2 draws, Banker 6
		g.Apply(TurnInput(HandPlayer))
		g.Apply(TurnInput(HandBanker))
		deal(t, g, "7H")
		v := g.View()
		if v.PlayerFaceDown != tc.faceDown || len(v.Player) != 3-tc.faceDown {
			t.Errorf("style %s: Player third card: %+v", tc.style, v)
		}
		if tc.faceDown == 1 && (v.PlayerTotalShown || v.PlayerTotal != 2) {
			t.Errorf("style B: a provisional total leaked: %+v", v)
		}
		g.Apply(TurnInput(HandPlayer))
		evs := deal(t, g, "2S")
		if tc.style == "B" {
			if len(evs) != 0 || g.View().BankerFaceDown != 1 {
				t.Errorf("style B: Banker third card face down: %v %+v", kinds(evs), g.View())
			}
			evs = g.Apply(TurnInput(HandBanker))
		}
		if len(evs) != 1 || evs[0].Kind != EvRound || evs[0].Round.Outcome.PlayerTotal != 9 || evs[0].Round.Outcome.BankerTotal != 8 {
			t.Errorf("style %s: %v %+v", tc.style, kinds(evs), evs)
		}
	}
}

// TestInsurance: Insurance/No 6 opens when the Banker's first two cards total 6 and the Player
// must draw (000 1.1), on a Crown table that offers it, only once those cards are turned,
// and closes when the next card is dealt.
func TestInsurance(t *testing.T) {
	tests := []struct {
		name  string
		sets  []string
		cards []string
		open  bool
	}{
		{"crown, B6, P draws", []string{"version=crown", "insurance_no6=true"}, []string{"AH", "6C", "AD", "KS"}, true},
		{"crown, B6, P stands", []string{"version=crown", "insurance_no6=true"}, []string{"3H", "6C", "4D", "KS"}, false},
		{"crown, B6, P natural", []string{"version=crown", "insurance_no6=true"}, []string{"4H", "6C", "4D", "KS"}, false},
		{"crown, B7, P draws", []string{"version=crown", "insurance_no6=true"}, []string{"AH", "7C", "AD", "KS"}, false},
		{"crown without insurance", []string{"version=crown"}, []string{"AH", "6C", "AD", "KS"}, false},
		{"traditional", nil, []string{"AH", "6C", "AD", "KS"}, false},
	}
	for _, tc := range tests {
		g := newGame(t, ProfileVic2002, tc.sets...)
		g.Apply(WordInput(TokShoe, 0))
		g.Apply(WordInput(TokNoBurn, 0))
		evs := deal(t, g, tc.cards...)
		got := len(evs) > 0 && evs[len(evs)-1].Kind == EvInsurance
		if got != tc.open || g.View().InsuranceOpen != tc.open {
			t.Errorf("%s: insurance event %v, view %v, want %v", tc.name, got, g.View().InsuranceOpen, tc.open)
		}
		if tc.open {
			deal(t, g, "7H")
			if g.View().InsuranceOpen {
				t.Errorf("%s: insurance still open after the next card", tc.name)
			}
		}
	}
	// Style C: not before the hands are turned.
	g := newGame(t, ProfileVic2002, "version=crown", "insurance_no6=true", "style=C")
	g.Apply(WordInput(TokShoe, 0))
	g.Apply(WordInput(TokNoBurn, 0))
	if evs := deal(t, g, "AH", "6C", "AD", "KS"); len(evs) != 0 || g.View().InsuranceOpen {
		t.Fatalf("insurance derived from face-down cards: %v", kinds(evs))
	}
	if evs := g.Apply(TurnInput(HandBanker)); len(evs) != 0 || g.View().InsuranceOpen {
		t.Fatalf("insurance open with the Player still face down: %v", kinds(evs))
	}
	if evs := g.Apply(TurnInput(HandPlayer)); len(evs) != 1 || evs[0].Kind != EvInsurance || !g.View().InsuranceOpen {
		t.Fatalf("insurance not opened once both hands were turned: %v", kinds(evs))
	}
}

// TestBurnNeverShown: face-down burn cards appear in no event and no view; they are in the
// audit record only.
func TestBurnNeverShown(t *testing.T) {
	g := newGame(t, ProfileNZ)
	var evs []Event
	evs = append(evs, g.Apply(WordInput(TokShoe, 0))...)
	evs = append(evs, deal(t, g, "3H", "QS", "QH", "QD")...)
	for _, e := range evs {
		for _, c := range append(append([]Card(nil), e.Shown...), append(e.Round.Player.List(), e.Round.Banker.List()...)...) {
			if c.Rank == Queen {
				t.Errorf("a face-down burn card is in event %v", e)
			}
		}
	}
	if len(evs) != 2 || evs[1].Kind != EvBurn || evs[1].Hidden != 3 || len(evs[1].Shown) != 1 {
		t.Fatalf("burn event: %+v", evs)
	}
	if a := g.BurnedFaceDown(); len(a) != 3 || a[0].Rank != Queen {
		t.Errorf("audit record: %v", a)
	}
	if v := g.View(); v.CardsDealt != 4 || v.CardsLeft != 8*52-4 {
		t.Errorf("counts after the burn: %+v", v)
	}
}
