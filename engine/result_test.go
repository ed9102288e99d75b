package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestResultRefused: a result entered by hand is refused, with a reason, unless a shoe is in
// play and no card of the next coup has been dealt; nothing of the game changes.
func TestResultRefused(t *testing.T) {
	banker := ManualResult{Winner: Banker}
	tests := []struct {
		name   string
		setup  func(g *Game)
		result ManualResult
		reason string
	}{
		{"no shoe", func(*Game) {}, banker, "no shoe"},
		{"during the burn", func(g *Game) { g.Apply(WordInput(TokShoe, 0)) }, banker, "burn"},
		{"no winner", playing, ManualResult{}, "not Banker, Player or Tie"},
		{"winner out of range", playing, ManualResult{Winner: 9}, "not Banker, Player or Tie"},
		{"a card dealt", func(g *Game) { playing(g); deal(t, g, "2C") }, banker, "round 1 is being dealt"},
		{"initial deal face down", func(g *Game) {
			playing(g)
			g.Apply(SettingInput("style", "B"))
			deal(t, g, "2C", "KD", "5H", "4S")
		}, banker, "round 1 is being dealt"},
		{"a burn requested", func(g *Game) { playing(g); g.Apply(WordInput(TokBurn, 0)) }, banker, "burned"},
		{"the shoe is over", func(g *Game) { playing(g); g.Apply(WordInput(TokEmpty, 0)) }, banker, "shoe is over"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, ProfileVic2002)
			tt.setup(g)
			before := g.View()
			evs := g.Apply(ResultInput(tt.result))
			if len(evs) != 1 || evs[0].Kind != EvRefused || !strings.Contains(evs[0].Reason, tt.reason) {
				t.Fatalf("events %+v, want one refusal saying %q", evs, tt.reason)
			}
			if after := g.View(); after.Coup != before.Coup || after.CountsKnown != before.CountsKnown || after.InCoup != before.InCoup {
				t.Errorf("a refused result changed the game: %+v then %+v", before, after)
			}
		})
	}
}

// playing loads a shoe and skips the burn.
func playing(g *Game) {
	g.Apply(WordInput(TokShoe, 0))
	g.Apply(WordInput(TokNoBurn, 0))
}

// TestResultFinishesRound: a result entered by hand is a round like any other, numbered in
// turn, with no cards, unknown totals, the result as entered and a note; the card counts are
// unknown for the rest of the shoe and known again in the next.
func TestResultFinishesRound(t *testing.T) {
	tests := []struct {
		name string
		in   ManualResult
	}{
		{"banker", ManualResult{Winner: Banker}},
		{"player natural, player pair", ManualResult{Winner: Player, Natural: true, PlayerPair: true}},
		{"tie, both pairs", ManualResult{Winner: Tie, PlayerPair: true, BankerPair: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, ProfileACT2012)
			playing(g)
			deal(t, g, "3H", "4D", "9S", "QC") // round 1: Player 2 draws... dealt by the shoe
			deal(t, g, "2C")
			if !g.View().CountsKnown {
				t.Fatal("counts unknown before any result by hand")
			}
			r1 := g.View().Coup
			for g.View().InCoup {
				deal(t, g, "AS")
			}
			evs := g.Apply(ResultInput(tt.in))
			if len(evs) != 1 || evs[0].Kind != EvRound {
				t.Fatalf("events %+v, want one round", evs)
			}
			r := evs[0].Round
			o := r.Outcome
			if r.N != r1+1 || r.Kind != KindNormal || r.Player.N != 0 || r.Banker.N != 0 || r.Manual != 0 {
				t.Errorf("round %+v", r)
			}
			if !o.TotalsUnknown || o.Winner != tt.in.Winner || o.Natural != tt.in.Natural || o.PlayerPair != tt.in.PlayerPair || o.BankerPair != tt.in.BankerPair || o.PlayerTotal != 0 || o.BankerTotal != 0 {
				t.Errorf("outcome %+v for %+v", o, tt.in)
			}
			if !slices.Contains(r.Notes, NoteResultOnly) {
				t.Errorf("notes %q lack %q", r.Notes, NoteResultOnly)
			}
			if msg := checkRound(&r); msg != "" {
				t.Error(msg)
			}
			v := g.View()
			if v.CountsKnown || v.InCoup || v.Coup != r.N {
				t.Errorf("view after the result: %+v", v)
			}
			if evs := deal(t, g, "9H", "2S", "KC", "3D"); len(evs) != 1 || evs[0].Round.N != r.N+1 || evs[0].Round.Outcome.TotalsUnknown {
				t.Errorf("the next round from the shoe: %+v", evs)
			}
			if g.View().CountsKnown {
				t.Error("counts known again later in the same shoe")
			}
			playing(g)
			if !g.View().CountsKnown {
				t.Error("counts still unknown in the next shoe")
			}
		})
	}
}

// TestResultBookkeeping: requests pending for the next round apply to a result entered by hand,
// the last-coup rule ends the shoe after it, and it can be cancelled after the fact.
func TestResultBookkeeping(t *testing.T) {
	t.Run("nobet request (000 11.5)", func(t *testing.T) {
		g := newGame(t, ProfileVic2002)
		playing(g)
		g.Apply(WordInput(TokNoBet, 0))
		evs := g.Apply(ResultInput(ManualResult{Winner: Player}))
		r := evs[0].Round
		if r.Kind != KindNoBet || !slices.Equal(r.Notes, []string{"11.5", NoteResultOnly}) || g.View().NoBetInARow != 1 {
			t.Errorf("round %+v, in a row %d", r, g.View().NoBetInARow)
		}
	})
	t.Run("directed dummy coup (000 11.4)", func(t *testing.T) {
		g := newGame(t, ProfileVic2002)
		playing(g)
		g.Apply(WordInput(TokDummy, 0))
		r := g.Apply(ResultInput(ManualResult{Winner: Banker}))[0].Round
		if r.Kind != KindNoBet || r.Notes[0] != "11.4" {
			t.Errorf("round %+v", r)
		}
	})
	t.Run("last coup (001 5.7)", func(t *testing.T) {
		g := newGame(t, ProfileACT2012)
		playing(g)
		evs := g.Apply(WordInput(TokCut, 0)) // between rounds: the next round is the last
		if len(evs) != 1 || evs[0].Kind != EvLastCoup || evs[0].N != 1 {
			t.Fatalf("cut: %+v", evs)
		}
		evs = g.Apply(ResultInput(ManualResult{Winner: Banker}))
		if got := kinds(evs); !slices.Equal(got, []EventKind{EvRound, EvShoeEnd}) {
			t.Fatalf("events %v, want round, shoe end", got)
		}
		if evs := g.Apply(ResultInput(ManualResult{Winner: Banker})); evs[0].Kind != EvRefused {
			t.Errorf("a result after the last coup: %+v", evs)
		}
	})
	t.Run("void after the fact (000 13.3)", func(t *testing.T) {
		g := newGame(t, ProfileVic2002)
		playing(g)
		g.Apply(ResultInput(ManualResult{Winner: Tie}))
		evs := g.Apply(WordInput(TokVoid, 1))
		if len(evs) != 1 || evs[0].Kind != EvVoid || evs[0].N != 1 {
			t.Errorf("void 1: %+v", evs)
		}
	})
	t.Run("same inputs, same events", func(t *testing.T) {
		var runs [2][]Event
		for i := range runs {
			g := newGame(t, ProfileNZ)
			playing(g)
			runs[i] = append(runs[i], g.Apply(ResultInput(ManualResult{Winner: Player, BankerPair: true}))...)
			runs[i] = append(runs[i], deal(t, g, "9H", "2S", "KC", "3D")...)
		}
		if !slices.EqualFunc(runs[0], runs[1], func(a, b Event) bool { return a.Kind == b.Kind && a.Round.Outcome == b.Round.Outcome }) {
			t.Errorf("%+v\n%+v", runs[0], runs[1])
		}
	})
}

// TestSettleResultOnly: a result entered by hand settles like any other, except a Banker win
// where the Banker on 6 pays 1 to 2 (000 1.1, 001 8.7(b)): the total is unknown, so it is refused
// rather than paid in full; Insurance/No 6 was never offered on such a coup.
func TestSettleResultOnly(t *testing.T) {
	crown, err := SettlementVic2002("crown", true, false)
	if err != nil {
		t.Fatal(err)
	}
	trad, err := SettlementVic2002("traditional", false, false)
	if err != nil {
		t.Fatal(err)
	}
	bankerWin := Outcome{Winner: Banker, TotalsUnknown: true}
	tests := []struct {
		name    string
		w       Wager
		o       Outcome
		rules   SettlementRules
		wantErr bool
		net     int64
	}{
		{"crown banker wins: refused", Wager{Kind: WagerBanker, Amount: 1000}, bankerWin, crown, true, 0},
		{"crown player loses", Wager{Kind: WagerPlayer, Amount: 1000}, bankerWin, crown, false, -1000},
		{"crown banker loses to player", Wager{Kind: WagerBanker, Amount: 1000}, Outcome{Winner: Player, TotalsUnknown: true}, crown, false, -1000},
		{"crown insurance: never offered", Wager{Kind: WagerInsurance, Amount: 1000, Covers: 1000}, bankerWin, crown, true, 0},
		{"traditional banker wins with commission", Wager{Kind: WagerBanker, Amount: 2000}, bankerWin, trad, false, 1900},
		{"tie pays 8:1", Wager{Kind: WagerTie, Amount: 1000}, Outcome{Winner: Tie, TotalsUnknown: true}, trad, false, 8000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Settle(tt.w, tt.o, tt.rules)
			if (err != nil) != tt.wantErr {
				t.Fatalf("error %v, want error %v", err, tt.wantErr)
			}
			if err == nil && s.Net != tt.net {
				t.Errorf("net %d, want %d", s.Net, tt.net)
			}
		})
	}
}

// BenchmarkResult is one result entered by hand: a round finished with no cards.
func BenchmarkResult(b *testing.B) {
	g := newGame(b, ProfileVic2002)
	playing(g)
	in := ResultInput(ManualResult{Winner: Banker, PlayerPair: true})
	buf := make([]Event, 0, 8)
	b.ReportAllocs()
	for b.Loop() {
		buf = g.AppendApply(buf[:0], in)
	}
	if len(buf) != 1 || buf[0].Kind != EvRound {
		b.Fatalf("events %+v", buf)
	}
}
