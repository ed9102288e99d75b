package roadmap

import (
	"fmt"

	"github.com/coupboard/coupboard/engine"
)

// A round's kind (engine.RoundKind, spec/rule-profiles.md "Round kinds") says how it counts
// for the roads:
//   - engine.KindNormal, an ordinary round: on every road;
//   - engine.KindNoBet, a round played out to a result with no wagers settled on it (vic dummy
//     coup 000 11.4-11.9, act no-bet coup 001 4.7, nz void hand 002 12.1-12.3): always on the
//     bead plate, marked, and on the other roads unless Options.IncludeNonBetting is false;
//   - engine.KindCancelled, a round with no result (000 11.11-11.12, 13.3-13.4; 001 9.5-9.6;
//     002 12.5-12.7): on no road and in no statistic.

// Hand is one round as the roads see it.
type Hand struct {
	Total      int              // the winning total (the tied total for a Tie), 0-9, when TotalKnown
	Winner     engine.Winner    // Banker, Player or Tie; ignored for a cancelled round
	BankerPair bool             // Banker's first two cards have equal rank
	PlayerPair bool             // Player's first two cards have equal rank
	Natural    bool             // either two-card total was 8 or 9 (000 9.1)
	TotalKnown bool             // whether Total is known (results entered without cards have none)
	Kind       engine.RoundKind // KindNormal, KindNoBet or KindCancelled
}

// FromOutcome is the hand for the roads of a finished coup of the given kind; a result entered
// without its cards (Outcome.TotalsUnknown) has no total.
func FromOutcome(o engine.Outcome, kind engine.RoundKind) Hand {
	total := o.BankerTotal
	if o.Winner == engine.Player {
		total = o.PlayerTotal
	}
	if o.TotalsUnknown {
		total = 0
	}
	return Hand{
		Winner:     o.Winner,
		BankerPair: o.BankerPair,
		PlayerPair: o.PlayerPair,
		Natural:    o.Natural,
		Total:      total,
		TotalKnown: !o.TotalsUnknown,
		Kind:       kind,
	}
}

// Validate reports why h cannot be put on the roads, or nil.
func (h Hand) Validate() error {
	switch h.Kind {
	case engine.KindNormal, engine.KindNoBet:
	case engine.KindCancelled:
		return nil
	default:
		return fmt.Errorf("hand: unknown kind %d", uint8(h.Kind))
	}
	switch h.Winner {
	case engine.Banker, engine.Player, engine.Tie:
	default:
		return fmt.Errorf("hand: a %s round needs a winner B, P or T, got %d", h.Kind, uint8(h.Winner))
	}
	if h.TotalKnown && (h.Total < 0 || h.Total > 9) {
		return fmt.Errorf("hand: winning total %d out of range 0-9", h.Total)
	}
	return nil
}

// Code is the hand in the notation of `coupboard roads`: the winner letter, then "b" for a banker pair
// and "p" for a player pair (spec/roadmap.md §7).
func (h Hand) Code() string {
	s := h.Winner.String()
	if h.BankerPair {
		s += "b"
	}
	if h.PlayerPair {
		s += "p"
	}
	return s
}
