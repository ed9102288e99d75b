package engine

import (
	"errors"
	"strings"
	"testing"
)

func TestParseSettings(t *testing.T) {
	tests := []struct {
		id    string
		pairs []string
		key   string // the key the error must name; "" for no error
	}{
		{ProfileVic2002, nil, ""},
		{ProfileVic2002, []string{"version=crown", "insurance_no6=true", "runs=true", "layout=midi", "decks=6", "differential_min=50000", "differential_max=100000"}, ""},
		{ProfileVic2002, []string{"insurance_no6=true"}, "insurance_no6"}, // Traditional has no Insurance/No 6 (000 1.1)
		{ProfileVic2002, []string{"version=royal"}, "version"},
		{ProfileVic2002, []string{"decks=3"}, "decks"}, // 000 3.1: 4 to 8
		{ProfileVic2002, []string{"decks=9"}, "decks"},
		{ProfileVic2002, []string{"notice_minutes=19"}, "notice_minutes"}, // s66(2)
		{ProfileVic2002, []string{"notice_minutes=20"}, ""},
		{ProfileVic2002, []string{"settlement=B"}, "settlement"}, // act's key
		{ProfileVic2002, []string{"shuffler=continuous"}, "shuffler"},
		{ProfileVic2002, []string{"burn=face-value"}, ""},
		{ProfileVic2002, []string{"differential_min=200", "differential_max=100"}, "differential_min"},
		{ProfileVic2002, []string{"colour=red"}, "colour"},
		{ProfileVic2002, []string{"style"}, "style"},
		{ProfileACT2012, []string{"settlement=B", "style=C"}, ""},
		{ProfileACT2012, []string{"settlement=C"}, "settlement"},
		{ProfileACT2012, []string{"decks=6"}, "decks"}, // 001 2.1: eight decks
		{ProfileACT2012, []string{"notice_minutes=0"}, "notice_minutes"},
		{ProfileACT2012, []string{"notice_minutes=1"}, ""},
		{ProfileACT2012, []string{"differential_min=100"}, "differential_min"},
		{ProfileACT2012, []string{"version=crown"}, "version"},
		{ProfileNZ1998, []string{"burn=one"}, "burn"}, // 002 7.5: face value only
		{ProfileNZ1998, []string{"notice_minutes=0", "style=B"}, ""},
		{ProfileNZ1998, []string{"layout=full"}, "layout"},
		{ProfileNZ, []string{"shuffler=continuous", "style=B"}, "style"}, // 004 3.4(a)(iii)
		{ProfileNZ, []string{"style=B", "shuffler=continuous"}, "style"},
		{ProfileNZ, []string{"shuffler=batch", "style=B", "decks=4", "banker_six_half=true", "layout=full"}, ""},
		{ProfileNZ, []string{"banker_six_half=maybe"}, "banker_six_half"},
		{ProfileNZ, []string{"smallest_chip=0"}, "smallest_chip"},
		{ProfileNZ, []string{"smallest_chip=-5"}, "smallest_chip"},
		{ProfileNZ, []string{"roads_include_non_betting=false"}, ""},
		{ProfileNZ, []string{"runs=true"}, "runs"},
	}
	for _, tc := range tests {
		p, _ := LookupProfile(tc.id)
		_, err := ParseSettings(&p, tc.pairs)
		if tc.key == "" {
			if err != nil {
				t.Errorf("%s %v: %v", tc.id, tc.pairs, err)
			}
			continue
		}
		var se *SettingError
		if !errors.As(err, &se) || se.Key != tc.key || !strings.Contains(err.Error(), tc.key) {
			t.Errorf("%s %v: error %v, want one naming %q", tc.id, tc.pairs, err, tc.key)
		}
	}
}

// TestSettingsSettlement: the settings select the book's settlement and notice rules.
func TestSettingsSettlement(t *testing.T) {
	tests := []struct {
		id      string
		pairs   []string
		banker  BankerPayout
		extra   BasisPoints
		minutes int
	}{
		{ProfileVic2002, nil, BankerCommission, 250, 20},                        // 000 10.1, 7.5
		{ProfileVic2002, []string{"version=crown"}, BankerSixPaysHalf, 0, 20},   // 000 1.1
		{ProfileACT2012, []string{"settlement=B"}, BankerSixPaysHalf, 0, 20},    // 001 8.7
		{ProfileACT2012, []string{"notice_minutes=5"}, BankerCommission, 0, 5},  // 001 3.1
		{ProfileNZ1998, nil, BankerCommission, 0, 20},                           // 002 5.7
		{ProfileNZ, []string{"banker_six_half=true"}, BankerSixPaysHalf, 0, 20}, // 004 5.11
		{ProfileNZ, []string{"banker_six_half=false"}, BankerCommission, 0, 20}, // 004 5.10
	}
	for _, tc := range tests {
		p, _ := LookupProfile(tc.id)
		s, err := ParseSettings(&p, tc.pairs)
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.SettlementRules(&p)
		if err != nil {
			t.Fatal(err)
		}
		n, err := s.NoticeRules(&p)
		if err != nil {
			t.Fatal(err)
		}
		if r.Banker != tc.banker || r.ExtraCommission != tc.extra || n.Minutes != tc.minutes || r.Commission != 500 || r.TieOdds != 8 {
			t.Errorf("%s %v: banker %v extra %d minutes %d", tc.id, tc.pairs, r.Banker, r.ExtraCommission, n.Minutes)
		}
	}
}

// TestProfiles checks the data against the rule books, field by field where they differ.
func TestProfiles(t *testing.T) {
	for _, id := range ProfileIDs() {
		p, err := LookupProfile(id)
		if err != nil || p.ID != id {
			t.Fatalf("%s: %v", id, err)
		}
		if err := DefaultSettings(&p).Validate(&p); err != nil {
			t.Errorf("%s: default settings invalid: %v", id, err)
		}
		if err := p.Settlement.Validate(); err != nil {
			t.Errorf("%s: settlement: %v", id, err)
		}
		if err := p.Notices.Validate(); err != nil {
			t.Errorf("%s: notices: %v", id, err)
		}
	}
	if _, err := LookupProfile("vic-baccarat-1999"); err == nil {
		t.Error("an unknown profile was found")
	}
	type row struct {
		decks              [2]int
		cutCards           [2]int
		burns              int
		faceRequest        bool
		during, first      int
		tie, bankerFirst   bool
		noBet              bool
		noBetMax           int
		minMinutes         int
		sixHalf            bool
		continuousAllowed  bool
		fixedStylePerShoe  bool
		deferredCommission bool
	}
	want := map[string]row{
		ProfileVic2002: {[2]int{4, 8}, [2]int{1, 1}, 2, true, 1, 0, false, true, true, 0, 20, false, false, false, true},
		ProfileACT2012: {[2]int{8, 8}, [2]int{2, 2}, 2, true, 0, 0, true, true, true, 3, 1, false, false, false, false},
		ProfileNZ1998:  {[2]int{8, 8}, [2]int{1, 2}, 1, false, 1, 0, false, false, false, 0, 0, false, false, true, false},
		ProfileNZ:      {[2]int{4, 8}, [2]int{1, 2}, 1, false, 1, 0, false, true, true, 3, 0, false, true, true, false},
	}
	for id, w := range want {
		p, _ := LookupProfile(id)
		got := row{[2]int{p.DecksMin, p.DecksMax}, [2]int{p.CuttingCardsMin, p.CuttingCardsMax}, len(p.Burns), p.FaceBurnRequest,
			p.Cut.DuringExtra, p.Cut.FirstExtra, p.Cut.TieOneMore, p.BankerFirst, p.NoBet.Allowed, p.NoBet.MaxInARow,
			p.Notices.MinMinutes, p.Settlement.Banker == BankerSixPaysHalf, p.allowsShuffler(ShufflerContinuous),
			p.StyleFixedPerShoe, p.Settlement.DeferredCommission}
		if got != w {
			t.Errorf("%s:\n got %+v\nwant %+v", id, got, w)
		}
	}
}

// TestSettingBetweenRounds: a change takes effect between rounds, and the style between shoes
// where the book fixes it for a shoe (002 8.4).
func TestSettingBetweenRounds(t *testing.T) {
	g := newGame(t, ProfileACT2012)
	g.Apply(WordInput(TokShoe, 0))
	g.Apply(WordInput(TokNoBurn, 0))
	deal(t, g, "7H", "6S")
	if evs := g.Apply(SettingInput("style", "C")); len(evs) != 0 || g.Settings().Style != StyleA {
		t.Fatalf("changed inside a round: %v", kinds(evs))
	}
	evs := deal(t, g, "KD", "TC")
	if len(evs) != 2 || evs[1].Kind != EvSetting || g.Settings().Style != StyleC {
		t.Fatalf("after the round: %v, style %s", kinds(evs), g.Settings().Style)
	}
	if evs := g.Apply(SettingInput("decks", "6")); len(evs) != 1 || evs[0].Kind != EvRefused {
		t.Errorf("decks=6 under act: %v", kinds(evs))
	}

	g = newGame(t, ProfileNZ1998)
	g.Apply(WordInput(TokShoe, 0))
	g.Apply(WordInput(TokNoBurn, 0))
	if evs := g.Apply(SettingInput("style", "C")); len(evs) != 0 {
		t.Fatalf("style change inside a shoe: %v", kinds(evs))
	}
	deal(t, g, "7H", "6S", "KD", "TC")
	if g.Settings().Style != StyleA {
		t.Fatal("style changed inside a shoe (002 8.4)")
	}
	evs = g.Apply(WordInput(TokShoe, 0))
	if g.Settings().Style != StyleC || len(evs) != 3 || evs[1].Kind != EvSetting {
		t.Errorf("style at the next shoe: %v %v", g.Settings().Style, kinds(evs))
	}
}

// TestInventory: a card seen more often than the decks hold is an anomaly for review; a batch
// shuffler keeps one count per set of decks; a continuous shuffler keeps none (004 7.2).
func TestInventory(t *testing.T) {
	g := newGame(t, ProfileNZ, "decks=4")
	g.Apply(WordInput(TokShoe, 0))
	g.Apply(WordInput(TokNoBurn, 0))
	evs := deal(t, g, "AS", "AS", "AS", "AS")
	if len(evs) != 0 {
		t.Fatalf("four aces of spades in four decks: %v", kinds(evs))
	}
	evs = deal(t, g, "AS")
	if len(evs) < 1 || evs[0].Kind != EvAnomaly || !g.View().Review {
		t.Fatalf("a fifth ace of spades: %v", kinds(evs))
	}
	evs = deal(t, g, "KS")
	if len(evs) != 1 || evs[0].Kind != EvRound || !evs[0].Round.Review {
		t.Fatalf("the round with a fifth ace of spades is not flagged for review: %+v", evs)
	}
	if n := g.inv[0].count(Card{Ace, Spades}); n != 5 {
		t.Errorf("count = %d", n)
	}
	g.Apply(InAcceptReviewInput())
	if g.View().Review {
		t.Error("review not cleared")
	}
	// A card over the decks that starts a round flags that round.
	deal(t, g, "9S", "9S", "TS", "TS", "9S", "9S", "TS", "TS")
	if evs := deal(t, g, "9S"); len(evs) < 1 || evs[0].Kind != EvAnomaly || evs[0].N != 4 {
		t.Fatalf("a fifth 9S: %+v", evs)
	}
	if evs := deal(t, g, "TH", "9C", "TD"); len(evs) != 1 || !evs[0].Round.Review || evs[0].N != 4 {
		t.Fatalf("round 4 not flagged: %+v", evs)
	}

	g = newGame(t, ProfileNZ, "decks=4", "shuffler=batch")
	for shoe := 1; shoe <= 3; shoe++ {
		g.Apply(WordInput(TokShoe, 0))
		g.Apply(WordInput(TokNoBurn, 0))
		if g.View().Set != (shoe-1)%2 {
			t.Errorf("shoe %d uses set %d", shoe, g.View().Set)
		}
		if evs := deal(t, g, "AS", "AS", "AS", "AS", "KS", "KS"); len(evs) != 1 || evs[0].Kind != EvRound {
			t.Errorf("batch shoe %d: %v", shoe, kinds(evs))
		}
	}

	g = newGame(t, ProfileNZ, "decks=4", "shuffler=continuous")
	g.Apply(WordInput(TokShoe, 0))
	g.Apply(WordInput(TokNoBurn, 0))
	for i := 0; i < 5; i++ {
		for _, e := range deal(t, g, "AS", "AS", "AS", "AS", "KS", "KS") {
			if e.Kind != EvRound {
				t.Fatalf("continuous shuffler: %v", e)
			}
		}
	}
	if g.View().CountsKnown {
		t.Error("a continuous shuffler has no cards-left count")
	}
}
