package engine

import (
	"strings"
	"testing"
)

// The minor items of the rule audit (issue 22 item 6): every case name cites the rule it checks.

// TestBankerFirst: the Banker hand may be turned before the Player hand under vic (000 8.3.1)
// and act (001 6.3); never under nz-1998 (002 8.13-8.14, 8.17); under nz-baccarat only with
// the casino supervisor's authorisation (004 8.17).
func TestBankerFirst(t *testing.T) {
	tests := []struct {
		name       string
		profile    string
		authorised bool
		rule       string // refused with; "" turned
	}{
		{"000 8.3.1 vic turns Banker first", ProfileVic2002, false, ""},
		{"001 6.3 act turns Banker first", ProfileACT2012, false, ""},
		{"002 8.13-8.14 nz-1998 turns Player first even when authorised", ProfileNZ1998, true, "8.13-8.14, 8.17"},
		{"004 8.17 nz Banker first without authorisation is refused", ProfileNZ, false, "8.17"},
		{"004 8.17 nz Banker first authorised by the supervisor", ProfileNZ, true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, tc.profile, "style=C")
			g.Apply(WordInput(TokShoe, 0))
			g.Apply(WordInput(TokNoBurn, 0))
			deal(t, g, "9H", "2C", "TD", "3C")
			in := TurnInput(HandBanker)
			if tc.authorised {
				in = AuthorisedTurnInput(HandBanker)
			}
			evs := g.Apply(in)
			v := g.View()
			if tc.rule != "" {
				if len(evs) != 1 || evs[0].Kind != EvRefused || evs[0].Rule != tc.rule || len(v.Banker) != 0 {
					t.Fatalf("events %+v view %+v, want refused citing %s", evs, v, tc.rule)
				}
				return
			}
			if len(evs) != 0 || len(v.Banker) != 2 || len(v.Player) != 0 {
				t.Fatalf("events %+v view %+v, want Banker turned", evs, v)
			}
		})
	}
}

// TestCuttingCardDistance: a cutting card met with fewer cards behind it than the book has the
// dealer insert it is an anomaly for review naming the rule (000 4.2.4, 001 5.3, 002 7.4,
// 004 7.6); the books set only the least distance, so an early cutting card is no anomaly.
func TestCuttingCardDistance(t *testing.T) {
	tests := []struct {
		name    string
		profile string
		decks   int
		left    int    // cards left in the shoe when the cutting card comes out
		rule    string // the anomaly's rule; "" none
	}{
		{"000 4.2.4 vic 13 fanned cards behind the cutting card", ProfileVic2002, 4, 13, ""},
		{"000 4.2.4 vic 12 cards behind the cutting card", ProfileVic2002, 4, 12, "4.2.4"},
		{"000 4.2.4 vic an early cutting card is no anomaly", ProfileVic2002, 4, 150, ""},
		{"001 5.3 act 12 cards", ProfileACT2012, 8, 12, ""},
		{"001 5.3 act 11 cards", ProfileACT2012, 8, 11, "5.3"},
		{"002 7.4 nz-1998 20 cards", ProfileNZ1998, 8, 20, ""},
		{"002 7.4 nz-1998 19 cards", ProfileNZ1998, 8, 19, "7.4"},
		{"004 7.6 nz 20 cards", ProfileNZ, 4, 20, ""},
		{"004 7.6 nz 5 cards", ProfileNZ, 4, 5, "7.6"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := lookup(t, tc.profile)
			s, err := ParseSettings(&p, []string{"decks=" + string(rune('0'+tc.decks))})
			if err != nil {
				t.Fatal(err)
			}
			r, err := NewReplayer(p, s)
			if err != nil {
				t.Fatal(err)
			}
			r.Feed(Token{Kind: TokShoe})
			r.Feed(Token{Kind: TokNoBurn})
			total := 52 * tc.decks
			var got []Event
			dealt, cut := 0, false
			for rank := Ace; rank <= King && dealt < total; rank++ {
				for d := 0; d < tc.decks*4 && dealt < total; d++ {
					if total-dealt == tc.left {
						got, cut = append(got, r.Feed(Token{Kind: TokCut})...), true
					}
					// ranks dealt in runs give every kind of coup; each card at most decks times per suit
					evs := r.Feed(Token{Kind: TokCard, Card: Card{Rank: rank, Suit: Suit(1 + d%4)}})
					dealt++
					for _, e := range evs {
						if e.Kind == EvShoeEnd {
							dealt = total
						}
					}
				}
			}
			if !cut {
				t.Fatal("the cutting card was never reached")
			}
			var anomalies []Event
			for _, e := range got {
				if e.Kind == EvAnomaly {
					anomalies = append(anomalies, e)
				}
			}
			if tc.rule == "" {
				if len(anomalies) != 0 {
					t.Fatalf("anomalies %+v", anomalies)
				}
				return
			}
			if len(anomalies) != 1 || anomalies[0].Rule != tc.rule || !strings.Contains(anomalies[0].Reason, "cards behind it") || !r.Game().View().Review {
				t.Fatalf("anomalies %+v, want one citing %s", anomalies, tc.rule)
			}
		})
	}
}

// TestLayout: the layout setting decides the numbered wagering areas and how many players or
// wagers one area takes (000 2.1, 6.2.2; 004 3.1, 5.7-5.8).
func TestLayout(t *testing.T) {
	tests := []struct {
		name         string
		profile      string
		layout       string
		seat, onArea int
		errHas       string // "" accepted
	}{
		{"000 6.2.2 vic mini: a third wager on one area", ProfileVic2002, "mini", 3, 2, ""},
		{"000 6.2.2 vic mini: no fourth wager on one area", ProfileVic2002, "mini", 3, 3, "000 6.2.2"},
		{"000 6.2.2 vic full: no such limit", ProfileVic2002, "full", 3, 5, ""},
		{"000 2.1 vic: at most 14 seats", ProfileVic2002, "full", 15, 0, "000 2.1"},
		{"004 3.1(a) nz mini: 7 areas", ProfileNZ, "mini", 8, 0, "004 3.1(a)"},
		{"004 3.1(b) nz midi: 9 areas", ProfileNZ, "midi", 9, 0, ""},
		{"004 3.1(b) nz midi: no tenth area", ProfileNZ, "midi", 10, 0, "004 3.1(b)"},
		{"004 5.8(a) nz midi: up to three players on one area", ProfileNZ, "midi", 2, 2, ""},
		{"004 5.8(a) nz mini: no fourth player on one area", ProfileNZ, "mini", 2, 3, "004 5.8(a)"},
		{"004 5.7 nz full: one player on a numbered area", ProfileNZ, "full", 2, 1, "004 5.7"},
		{"004 5.6 nz full: a standing player is not held to a numbered area", ProfileNZ, "full", 0, 1, ""},
		{"004 3.1(c) nz full: 14 areas", ProfileNZ, "full", 14, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := lookup(t, tc.profile)
			s, err := ParseSettings(&p, []string{"layout=" + tc.layout})
			if err != nil {
				t.Fatal(err)
			}
			err = s.Area(&p).Check(tc.seat, tc.onArea)
			if tc.errHas == "" && err != nil || tc.errHas != "" && (err == nil || !strings.Contains(err.Error(), tc.errHas)) {
				t.Fatalf("err %v, want %q", err, tc.errHas)
			}
		})
	}
	act := lookup(t, ProfileACT2012)
	if _, err := ParseSettings(&act, []string{"layout=full"}); err == nil {
		t.Error("act (one mini layout) took a layout setting")
	}
}

// TestVoidCitations: the supervisor's void cites the book's rule for cancelling a round:
// vic 13.3 (not 11.12, an initial deal out of sequence), act 11.3 (not 9.4, a reconstruction).
func TestVoidCitations(t *testing.T) {
	tests := []struct{ name, profile, rule string }{
		{"000 13.3 vic void", ProfileVic2002, "13.3"},
		{"001 11.3 act void", ProfileACT2012, "11.3"},
		{"002 12.7 nz-1998 void", ProfileNZ1998, "12.7"},
		{"004 12.6 nz void", ProfileNZ, "12.6"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, tc.profile)
			g.Apply(WordInput(TokShoe, 0))
			g.Apply(WordInput(TokNoBurn, 0))
			deal(t, g, "7H", "6S")
			evs := g.Apply(WordInput(TokVoid, 0))
			if len(evs) != 1 || evs[0].Kind != EvRound || evs[0].Round.Kind != KindCancelled || len(evs[0].Round.Notes) != 1 || evs[0].Round.Notes[0] != tc.rule {
				t.Fatalf("events %+v, want the round cancelled citing %s", evs, tc.rule)
			}
		})
	}
}
