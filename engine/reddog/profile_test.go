package reddog

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

func card(t testing.TB, code string) engine.Card {
	t.Helper()
	c, err := engine.ParseCard(code)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func cards(t testing.TB, codes ...string) []engine.Card {
	t.Helper()
	var cs []engine.Card
	for _, c := range codes {
		cs = append(cs, card(t, c))
	}
	return cs
}

// TestSpreadOf covers every spread 0 (consecutive) to 11 and the pair: ranks A (14) high to 2,
// suits ignored (3.2), the spread being the number of ranks strictly between (1.1).
func TestSpreadOf(t *testing.T) {
	p := VicRedDog1997()
	for _, tc := range []struct {
		a, b string
		want Spread
	}{
		{"2S", "3H", Consecutive}, {"KD", "AC", Consecutive}, {"AS", "KS", Consecutive}, {"9C", "TC", Consecutive},
		{"2S", "4H", 1}, {"QD", "AH", 1}, {"JD", "9S", 1},
		{"2S", "5H", 2}, {"3S", "7H", 3}, {"8S", "3H", 4}, {"TH", "4D", 5}, {"2C", "9D", 6},
		{"5C", "KD", 7}, {"AC", "5S", 8}, {"3C", "KH", 9}, {"2C", "KH", 10}, {"AS", "2S", 11}, {"2H", "AD", 11},
		{"7S", "7H", Pair}, {"AS", "AS", Pair}, {"2D", "2C", Pair}, {"K", "KH", Pair},
	} {
		if got := p.SpreadOf(card(t, tc.a), card(t, tc.b)); got != tc.want {
			t.Errorf("SpreadOf(%s, %s) = %s, want %s", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestSpreadPays is the table of 8.1.1.
func TestSpreadPays(t *testing.T) {
	p := VicRedDog1997()
	want := map[Spread]string{1: "5:1", 2: "4:1", 3: "2:1", 4: "1:1", 5: "1:1", 6: "1:1", 7: "1:1", 8: "1:1", 9: "1:1", 10: "1:1", 11: "1:1", Consecutive: "0:0", Pair: "0:0"}
	for s, w := range want {
		if got := p.SpreadPays(s).String(); got != w {
			t.Errorf("SpreadPays(%s) = %s, want %s", s, got, w)
		}
	}
	if got := p.PaysTrips.String(); got != "11:1" {
		t.Errorf("trips pay %s, want 11:1 (7.2.3.1, 8.1.1)", got)
	}
}

// TestResolve settles every spread with a winning and a losing third card, no spread, and a pair
// with and without three of a kind (5.9, 7.2, 8.1.1).
func TestResolve(t *testing.T) {
	p := VicRedDog1997()
	for _, tc := range []struct {
		cards   []string
		spread  Spread
		outcome Outcome
		pays    string // "" for none
		done    bool
	}{
		{[]string{"7H"}, 0, OutcomeNone, "", false},
		{[]string{"7H", "9S"}, 1, OutcomeNone, "", false},
		{[]string{"7H", "9S", "8D"}, 1, Win, "5:1", true},
		{[]string{"9S", "7H", "8D"}, 1, Win, "5:1", true},
		{[]string{"7H", "9S", "9D"}, 1, Lose, "", true}, // equal to an end is not between
		{[]string{"7H", "9S", "7D"}, 1, Lose, "", true},
		{[]string{"QH", "AS", "KD"}, 1, Win, "5:1", true},
		{[]string{"2H", "5S", "3D"}, 2, Win, "4:1", true},
		{[]string{"2H", "5S", "6D"}, 2, Lose, "", true},
		{[]string{"TH", "6S", "7D"}, 3, Win, "2:1", true},
		{[]string{"TH", "6S", "AD"}, 3, Lose, "", true},
		{[]string{"3H", "8S", "4C"}, 4, Win, "1:1", true},
		{[]string{"3H", "8S", "2C"}, 4, Lose, "", true},
		{[]string{"3H", "9S", "5D"}, 5, Win, "1:1", true},
		{[]string{"3H", "9S", "9H"}, 5, Lose, "", true},
		{[]string{"3H", "TS", "9D"}, 6, Win, "1:1", true},
		{[]string{"3H", "TS", "JD"}, 6, Lose, "", true},
		{[]string{"3H", "JS", "4D"}, 7, Win, "1:1", true},
		{[]string{"3H", "JS", "3D"}, 7, Lose, "", true},
		{[]string{"3H", "QS", "JD"}, 8, Win, "1:1", true},
		{[]string{"3H", "QS", "AD"}, 8, Lose, "", true},
		{[]string{"3H", "KS", "8D"}, 9, Win, "1:1", true},
		{[]string{"3H", "KS", "2D"}, 9, Lose, "", true},
		{[]string{"2H", "KS", "QD"}, 10, Win, "1:1", true},
		{[]string{"3H", "AS", "AD"}, 10, Lose, "", true},
		{[]string{"2H", "AS", "KD"}, 11, Win, "1:1", true},
		{[]string{"AH", "2S", "3D"}, 11, Win, "1:1", true},
		{[]string{"AH", "2S", "2D"}, 11, Lose, "", true},
		{[]string{"AH", "2S", "AD"}, 11, Lose, "", true},
		{[]string{"4H", "5S"}, Consecutive, Push, "", true}, // 7.2.2.1: no third card
		{[]string{"AH", "KS"}, Consecutive, Push, "", true},
		{[]string{"8H", "8S"}, Pair, OutcomeNone, "", false},
		{[]string{"8H", "8S", "8D"}, Pair, Win, "11:1", true}, // 7.2.3.1
		{[]string{"8H", "8S", "9D"}, Pair, Push, "", true},    // 5.9.2.2
		{[]string{"AH", "AS", "A"}, Pair, Win, "11:1", true},
		{[]string{"2H", "2S", "AD"}, Pair, Push, "", true},
	} {
		s, o, pays, done, err := p.Resolve(cards(t, tc.cards...))
		if err != nil {
			t.Errorf("Resolve(%v): %v", tc.cards, err)
			continue
		}
		wantPays := Pays{}
		if tc.pays != "" {
			wantPays = map[string]Pays{"5:1": {5, 1}, "4:1": {4, 1}, "2:1": {2, 1}, "1:1": {1, 1}, "11:1": {11, 1}}[tc.pays]
		}
		if len(tc.cards) >= 2 && s != tc.spread || o != tc.outcome || pays != wantPays || done != tc.done {
			t.Errorf("Resolve(%v) = %s %s %s %v, want %s %s %s %v", tc.cards, s, o, pays, done, tc.spread, tc.outcome, wantPays, tc.done)
		}
	}
	for _, bad := range [][]engine.Card{
		cards(t, "4H", "5S", "6D"),       // no third card after no spread
		cards(t, "4H", "9S", "6D", "7D"), // four cards
		{card(t, "4H"), {Rank: 0}},       // not a card
		{card(t, "4H"), {Rank: 14}},
	} {
		if _, _, _, _, err := p.Resolve(bad); err == nil {
			t.Errorf("Resolve(%v): no error", bad)
		}
	}
}

func TestRaiseAllowed(t *testing.T) {
	p := VicRedDog1997()
	for s := Spread(1); s <= 11; s++ {
		if !p.RaiseAllowed(s) || !p.DrawsThird(s) {
			t.Errorf("spread %s: raise %v, third card %v; want both (7.2.1.1)", s, p.RaiseAllowed(s), p.DrawsThird(s))
		}
	}
	if p.RaiseAllowed(Consecutive) || p.DrawsThird(Consecutive) {
		t.Error("no spread: want no raise and no third card (7.2.2.1)")
	}
	if p.RaiseAllowed(Pair) || !p.DrawsThird(Pair) {
		t.Error("pair: want no raise and a third card (7.2.3.1)")
	}
}

func TestProfileValidate(t *testing.T) {
	if err := VicRedDog1997().Validate(); err != nil {
		t.Fatal(err)
	}
	for name, mod := range map[string]func(*Profile){
		"no decks":       func(p *Profile) { p.Decks = 0 },
		"too many decks": func(p *Profile) { p.Decks = maxDecks + 1 },
		"equal ranks":    func(p *Profile) { p.RankValue[engine.Ace] = 13 },
		"no pays":        func(p *Profile) { p.PaysSpread = nil },
		"bad pays":       func(p *Profile) { p.PaysTrips = Pays{11, 0} },
		"negative burn":  func(p *Profile) { p.Burn = -1 },
		"bad raise":      func(p *Profile) { p.RaisePercent = -5 },
	} {
		p := VicRedDog1997()
		mod(&p)
		if err := p.Validate(); err == nil {
			t.Errorf("%s: no error", name)
		}
		if _, err := New(p); err == nil {
			t.Errorf("%s: New accepted the profile", name)
		}
	}
}

func TestProfileData(t *testing.T) {
	p := VicRedDog1997()
	if p.ID != "vic-red-dog-1997" || p.Decks != 8 || p.Burn != 1 || p.CuttingCards != 1 {
		t.Errorf("profile %+v: want vic-red-dog-1997, 8 decks, 1 burn, 1 cutting card (3.1, 4.6)", p)
	}
	if p.RankValue[engine.Ace] != 14 || p.RankValue[engine.King] != 13 || p.RankValue[2] != 2 {
		t.Errorf("rank values %v: want A 14, K 13, 2 2 (3.2)", p.RankValue)
	}
	if p.Notices.MinMinutes != 20 || p.Notices.Waivable != 0 || p.Notices.NeedsNotice&engine.ChangeRaiseMinimum == 0 || p.Notices.NeedsNotice&engine.ChangeClose == 0 {
		t.Errorf("notices %+v: want 20 minutes before a higher minimum (6.4) and closing (10.7), no exception", p.Notices)
	}
	if err := p.Notices.Validate(); err != nil {
		t.Error(err)
	}
}

func TestSpreadJSON(t *testing.T) {
	for s, want := range map[Spread]string{Pair: `"pair"`, Consecutive: `"consecutive"`, 1: `1`, 11: `11`} {
		b, err := json.Marshal(s)
		if err != nil || string(b) != want {
			t.Errorf("marshal %d = %s, %v; want %s", s, b, err, want)
		}
	}
}

// TestProfileFieldsDriveTheRules: the engine and the analysis read the profile's fields, not the
// book's numbers: changing a field changes the play.
func TestProfileFieldsDriveTheRules(t *testing.T) {
	p := VicRedDog1997()
	p.ThirdCardOnConsecutive = true
	p.RaisePercent = 0
	tb, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tok := range parse(t, "shoe 7C 4H 5C 9D 3H 9S") {
		for _, e := range tb.Apply(TokenInput(tok)) {
			if s := summary(e); s != "" {
				got = append(got, s)
			}
		}
	}
	want := "shuffle 4.1.1 | burn 4.6 | round 1 [4H 5C 9D] consecutive lose"
	if g := strings.Join(got, " | "); g != want {
		t.Errorf("got %s, want %s", g, want)
	}
	if v := tb.View(); v.Round.RaisePercent != 0 || v.Stage != StageRaise {
		t.Errorf("view %+v: want no raise allowed", v)
	}
	a, err := AnalyzeProfile(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.RaiseSpreads) != 0 || a.HouseEdge.Exact != a.HouseEdgeRaising.Exact || a.AverageWager.Exact != "1" {
		t.Errorf("no raise allowed: raise on %v, edges %s %s", a.RaiseSpreads, a.HouseEdge.Exact, a.HouseEdgeRaising.Exact)
	}
	for _, l := range a.Spreads {
		if l.Spread == Consecutive && l.Expectation.Exact != "-1" {
			t.Errorf("a third card on no spread always loses: expectation %s", l.Expectation.Exact)
		}
	}
}

func TestNames(t *testing.T) {
	for _, s := range []string{StageNoShoe.String(), StageReshuffle.String(), BoxCentre.String(), Win.String(), KindCancelled.String(), EvRefused.String()} {
		if s == "" || s == "?" {
			t.Errorf("name %q", s)
		}
	}
	for _, s := range []string{Stage(99).String(), Box(9).String(), Outcome(9).String(), engine.RoundKind(9).String(), EventKind(99).String()} {
		if s != "?" {
			t.Errorf("name of an unknown value %q, want ?", s)
		}
	}
	if b, err := BoxLeft.MarshalText(); err != nil || string(b) != "left" {
		t.Errorf("box text %s %v", b, err)
	}
	if (Round{}).Finished() || !(Round{Outcome: Push}).Finished() {
		t.Error("Finished")
	}
}
