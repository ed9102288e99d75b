package engine

import (
	"strings"
	"testing"
)

// Entering the cards of a finished round under review (issue 21): the third way to resolve a
// round disputed after it was shown — confirm it, cancel it, or enter the cards really dealt.
// Each book's rule: vic 13.10 (the supervisor decides any dispute; later rounds stand, 11.13),
// act 9.4 only until the next round commences (after it the round is deemed void, 9.5), nz
// 12.6 (reconstruction under a casino supervisor; 004 12.8 later hands stand as dealt).
func TestSupervisorEntersTheCardsOfAFinishedRound(t *testing.T) {
	const b9cards = "2C 9H 3C TD" // Player 5, Banker natural 9: Banker 5-9
	for _, tc := range []struct {
		name, id string
		steps    []string
		want     string
	}{
		{"vic: a disputed round is corrected under 13.10 and leaves review entered; the later round stands", ProfileVic2002,
			[]string{"shoe 9S" + c1 + c3, "!dispute 1", "!correct 1 " + b9cards},
			"burn +1; R1 T 7-7 normal; R2 T 9-9 normal; review 1 13.10; disputed [1]; corrected 1 R1 B 5-9 normal [13.10] review by 13.10; resolved 1 entered 13.10"},
		{"vic: the shoe's own result against the cards disputes the round; the same resolution", ProfileVic2002,
			[]string{"shoe 9S" + c1, "!rslt B 5 9", "!correct 1 " + b9cards},
			"burn +1; R1 T 7-7 normal; review 1; corrected 1 R1 B 5-9 normal [13.10] review by 13.10; resolved 1 entered 13.10"},
		{"vic: a round not under review, a round not dealt, a cancelled round, and cards that make no coup are refused with the rule", ProfileVic2002,
			[]string{"shoe 9S" + c1 + c3, "!correct 1 " + b9cards, "!correct 7 " + b9cards, "void 2", "!dispute 1", "!correct 2 " + b9cards, "!correct 1 2C 9H 3C", "!correct 1 2C 9H 3C TD 5S"},
			"burn +1; R1 T 7-7 normal; R2 T 9-9 normal; refused 13.10; refused 13.10; void 2 13.3; review 1 13.10; disputed [1]; refused 13.10; refused 13.10; refused 13.10"},
		{"act: the latest round, the next not commenced, is corrected under 9.4", ProfileACT2012,
			[]string{"shoe 9S" + c2 + c3, "!dispute 2", "!correct 2 " + b9cards},
			"burn +1; R1 P 9-8 normal; R2 T 9-9 normal; review 2 11.4; disputed [2]; corrected 2 R2 B 5-9 normal [9.4] review by 9.4; resolved 2 entered 9.4"},
		{"act: once the next round has commenced the round is deemed void (9.5), not corrected; void 1 is the remedy", ProfileACT2012,
			[]string{"shoe 9S" + c2 + c3, "!dispute 1", "!correct 1 " + b9cards, "void 1"},
			"burn +1; R1 P 9-8 normal; R2 T 9-9 normal; review 1 11.4; disputed [1]; refused 9.5; void 1 9.5; resolved 1 cancelled 9.5"},
		{"act: the next round's first card is out: refused under 9.5", ProfileACT2012,
			[]string{"shoe 9S" + c2, "!dispute 1", "7H", "!correct 1 " + b9cards},
			"burn +1; R1 P 9-8 normal; review 1 11.4; disputed [1]; refused 9.5"},
		{"nz-1998: corrected under 12.6", ProfileNZ1998,
			[]string{"shoe 9S TS TD TH TC TC TC TC TC TC" + c3, "!dispute 1", "!correct 1 " + b9cards},
			"burn 9S +9; R1 T 9-9 normal; review 1; disputed [1]; corrected 1 R1 B 5-9 normal [12.6] review by 12.6; resolved 1 entered 12.6"},
		{"nz: corrected under 12.6 after later hands, which stand as dealt (12.8)", ProfileNZ,
			[]string{"shoe 9S TS TD TH TC TC TC TC TC TC" + c3 + c1, "!dispute 1", "!correct 1 " + b9cards},
			"burn 9S +9; R1 T 9-9 normal; R2 T 7-7 normal; review 1; disputed [1]; corrected 1 R1 B 5-9 normal [12.6] review by 12.6; resolved 1 entered 12.6"},
		{"the round number of the coup in progress enters its cards (a reconstruction)", ProfileVic2002,
			[]string{"shoe 9S 2C", "!lost", "KD 5H 4S", "!correct 1 2C KD 5H 4S 3D"},
			"burn +1; held 1; held 1; resolved 1 entered 13.10; R1 T 7-7 normal [13.10] review entered"},
	} {
		t.Run(tc.name, func(t *testing.T) { check(t, tc.name, holdPlay(t, tc.id, tc.steps...), tc.want) })
	}
}

// The corrected round replaces the round in the game's own record: the shoe's counts take the
// cards entered instead of those read, the review flag drops once nothing else is under review,
// the shoe's own result is checked against the corrected cards, and a second dispute and
// correction start from the corrected round.
func TestCorrectedRoundReplacesTheRound(t *testing.T) {
	p, _ := LookupProfile(ProfileVic2002)
	s, _ := ParseSettings(&p, nil)
	g, err := NewGame(p, s)
	if err != nil {
		t.Fatal(err)
	}
	g.SetHold(true)
	feed := func(script string) {
		toks, err := ParseScript(script)
		if err != nil {
			t.Fatal(err)
		}
		for _, tok := range toks {
			if tok.Kind == TokCard {
				g.Apply(CardInput(tok.Card, tok.Pos, SourceShoe))
			} else {
				g.Apply(TokenInput(tok))
			}
		}
	}
	g.Apply(WordInput(TokShoe, 0))
	feed("9S" + c1)
	dealt := g.View().CardsDealt
	g.Apply(DisputeInput(1))
	if v := g.View(); !v.Review || len(v.Disputed) != 1 {
		t.Fatalf("after the dispute: review %v, disputed %v", v.Review, v.Disputed)
	}
	evs := g.Apply(CorrectInput(1, mustCards(t, "2C", "9H", "3C", "TD")))
	var got *Round
	for i := range evs {
		if evs[i].Kind == EvCorrected {
			got = &evs[i].Round
		}
	}
	if got == nil {
		t.Fatalf("no corrected round in %v", evs)
	}
	if got.Outcome.Winner != Banker || !got.Outcome.Natural || got.Outcome.BankerFirstTwo != 9 || got.Manual != 4 ||
		got.Resolution != ResolvedEntered || len(got.Why) != 1 || got.Why[0] != DisputedBySupervisor {
		t.Errorf("corrected round: %+v", *got)
	}
	if v := g.View(); v.Review || len(v.Disputed) != 0 || v.CardsDealt != dealt-1 {
		t.Errorf("after the correction: review %v, disputed %v, cards dealt %d (want %d: 4 entered for 5 read)", v.Review, v.Disputed, v.CardsDealt, dealt-1)
	}
	// The shoe's result is checked against the corrected round, which it now agrees with.
	if evs := g.Apply(ShoeResultInput(ShoeResult{Winner: Banker, PlayerTotal: 5, BankerTotal: 9})); len(evs) != 0 {
		t.Errorf("the shoe's result that agrees with the corrected round: %v", evs)
	}
	g.Apply(DisputeInput(1))
	evs = g.Apply(CorrectInput(1, mustCards(t, "7H", "6S", "KD", "TC")))
	if len(evs) < 1 || evs[0].Kind != EvCorrected || evs[0].Round.Outcome.Winner != Player ||
		strings.Join(evs[0].Round.Notes, " ") != "13.10" {
		t.Errorf("second correction: %+v", evs)
	}
}

// TestEnteredCardsReplaceTheCardsReadInTheCount: the cards the supervisor enters, for the coup
// in progress (a reconstruction) or for a finished round (a correction), take the place of the
// cards read in the shoe's count card by card: a card read and not entered goes back, a card
// entered and not read is out, and the cards out change by the difference.
func TestEnteredCardsReplaceTheCardsReadInTheCount(t *testing.T) {
	shoe := func(src string) []Input {
		toks, err := ParseScript(src)
		if err != nil {
			t.Fatal(err)
		}
		var out []Input
		for _, tok := range toks {
			out = append(out, TokenInput(tok))
		}
		return out
	}
	for _, tc := range []struct {
		name, id      string
		before        [][]Input
		entry         Input
		read, entered string // the cards the entry puts back, and those it takes out
	}{
		{"a reconstruction: the Player's first card read 2C was 2D, and the Banker's third 3D was missed", ProfileVic2002,
			[][]Input{shoe("shoe 9S 2C"), {DoubtInput(DoubtLost, "test")}, shoe("KD 5H 4S")},
			ReconstructInput(mustCards(t, "2D", "KD", "5H", "4S", "3D")), "2C", "2D 3D"},
		{"a correction of round 1 after round 2: five cards read, four entered", ProfileVic2002,
			[][]Input{shoe("shoe 9S" + c1 + c3), {DisputeInput(1)}},
			CorrectInput(1, mustCards(t, "2C", "9H", "3C", "TD")), "KD 5H 4S 3D", "9H 3C TD"},
		{"a correction at an act table, its next round not commenced: the Banker's first card", ProfileACT2012,
			[][]Input{shoe("shoe 9S" + c2), {DisputeInput(1)}},
			CorrectInput(1, mustCards(t, "AH", "6D", "AD", "KS", "7H", "2S")), "6C", "6D"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, tc.id)
			g.SetHold(true)
			for _, step := range tc.before {
				for _, in := range step {
					g.Apply(in)
				}
			}
			read, entered := mustCards(t, strings.Fields(tc.read)...), mustCards(t, strings.Fields(tc.entered)...)
			inv := &g.inv[g.setIdx]
			counts := func(cs []Card) []int {
				var out []int
				for _, c := range cs {
					out = append(out, inv.count(c))
				}
				return out
			}
			readBefore, enteredBefore, out := counts(read), counts(entered), inv.out
			evs := g.Apply(tc.entry)
			if len(evs) == 0 || evs[0].Kind == EvRefused {
				t.Fatalf("the entry was refused: %v", evs)
			}
			for i, c := range read {
				if got := inv.count(c); got != readBefore[i]-1 {
					t.Errorf("%s read and not entered: out %d times, want %d", c, got, readBefore[i]-1)
				}
			}
			for i, c := range entered {
				if got := inv.count(c); got != enteredBefore[i]+1 {
					t.Errorf("%s entered and not read: out %d times, want %d", c, got, enteredBefore[i]+1)
				}
			}
			if want := out - len(read) + len(entered); inv.out != want {
				t.Errorf("%d cards out, want %d", inv.out, want)
			}
		})
	}
}
