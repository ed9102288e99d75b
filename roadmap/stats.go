package roadmap

import (
	"fmt"

	"github.com/coupboard/coupboard/engine"
)

// Cards is how many cards of the shoe have been dealt and how many are left, where the cards are known
// (results entered by hand have none). The roads do not count cards: the caller passes them in.
type Cards struct {
	Known       bool
	Dealt, Left int
}

// Streak is a run of one winner on the big road (ties do not break it).
type Streak struct {
	Winner engine.Winner // Banker or Player; WinnerNone when there is no B/P hand yet
	Length int
}

// Stats are the statistics shown beside the roads (spec §5). They count the rounds on the big road:
// every Normal round, and the NoBet rounds unless Options.IncludeNonBetting is false; NonBetting counts
// the NoBet rounds on the bead plate whatever the setting. Cancelled rounds count nowhere.
type Stats struct {
	Hands         int    // rounds counted (B + P + T)
	Banker        int    // Banker wins
	Player        int    // Player wins
	Tie           int    // ties
	BankerPairs   int    // rounds with a banker pair, ties included
	PlayerPairs   int    // rounds with a player pair, ties included
	Naturals      int    // rounds marked natural
	NonBetting    int    // NoBet rounds on the bead plate
	Streak        Streak // the current streak: the big road's last column
	LongestBanker int    // the longest Banker column of the shoe
	LongestPlayer int    // the longest Player column of the shoe
	Cards         Cards  // as last given to SetCards
}

// Percent is the share of Hands won by w (Banker, Player or Tie), in percent; 0 when no hands.
func (s Stats) Percent(w engine.Winner) float64 {
	if s.Hands == 0 {
		return 0
	}
	n := 0
	switch w {
	case engine.Banker:
		n = s.Banker
	case engine.Player:
		n = s.Player
	case engine.Tie:
		n = s.Tie
	}
	return 100 * float64(n) / float64(s.Hands)
}

// Stats are the statistics of the shoe so far.
func (r *Roads) Stats() Stats {
	s := Stats{
		Hands:         r.counts.hands,
		Banker:        r.counts.banker,
		Player:        r.counts.player,
		Tie:           r.counts.tie,
		BankerPairs:   r.counts.bankerPairs,
		PlayerPairs:   r.counts.playerPairs,
		Naturals:      r.counts.natural,
		NonBetting:    r.counts.nonBetting,
		LongestBanker: r.counts.longestBanker,
		LongestPlayer: r.counts.longestPlayer,
		Cards:         r.cards,
	}
	if c, row := r.big.last(); c >= 0 {
		s.Streak = Streak{Winner: r.big.cells[len(r.big.cells)-1].Winner, Length: row + 1}
	}
	return s
}

// SetCards records the cards dealt and left in the shoe, for the statistics. Negative counts are an
// error and change nothing.
func (r *Roads) SetCards(dealt, left int) error {
	if dealt < 0 || left < 0 {
		return fmt.Errorf("set cards: dealt %d and left %d must not be negative", dealt, left)
	}
	r.cards = Cards{Known: true, Dealt: dealt, Left: left}
	return nil
}
