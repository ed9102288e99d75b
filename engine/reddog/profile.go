package reddog

import (
	"fmt"
	"strconv"

	"github.com/coupboard/coupboard/engine"
)

// ProfileID is the stable identifier of the Victorian Red Dog rules of 1997 (spec/rule-profiles.md).
const ProfileID = "vic-red-dog-1997"

// Pays is a payout at odds of Win to Stake ("5:1": five paid for each one wagered).
type Pays struct {
	Win   int64 // paid for each Stake wagered
	Stake int64 // the wager the Win is paid for; 1 for every Red Dog payout
}

// String is the payout as the layout writes it, "5:1".
func (p Pays) String() string {
	return strconv.FormatInt(p.Win, 10) + ":" + strconv.FormatInt(p.Stake, 10)
}

// MarshalText encodes the payout as "5:1", so payouts are strings in JSON.
func (p Pays) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// IsZero reports whether p is no payout at all (a push, a loss or a round not settled).
func (p Pays) IsZero() bool { return p.Win == 0 && p.Stake == 0 }

// Rules are the rule numbers of the book that the engine writes into round notes and events,
// so that every note names the rule that was applied.
type Rules struct {
	ShuffleStart      string // shuffle before play (4.1.1)
	ShuffleCutFirst   string // shuffle when the cutting card is the first card of a round (4.1.2)
	ShuffleAfterRound string // shuffle at the end of the round in which the cutting card came out (4.1.3)
	ShuffleAbnormal   string // shuffle at once when the supervisor finds the sequence abnormal (4.1.4)
	Burn              string // the first card after a shuffle is burned face down (4.6)
	BurnError         string // two cards burned or none: play continues (9.1)
	FaceUpInShoe      string // a card found face up in the shoe is discarded (9.2)
	ExposedInError    string // a card drawn in error and exposed is discarded (9.4)
	WrongBox          string // first two cards in the wrong boxes: the hand is reconstructed (9.5)
	MissedShuffle     string // a missed shuffle takes place at the end of the round in play (9.6)
	Reshuffle         string // not enough cards: the discards are shuffled, cut and burned, the round finishes (9.7)
	Invalidate        string // the supervisor may invalidate the outcome of a game (10.3)
	Refund            string // wagers on an invalidated game are refunded (10.4)
	Disputes          string // anything the rules do not cover: the casino supervisor decides (10.10)
	CardsChecked      string // cards are checked before and after use (3.3): an impossible card needs review
	// The supervisor's resolutions of a round under review (doubt.go). 003 has no rule for a
	// card the shoe could not vouch for, so each falls under 10.10 (the supervisor decides what
	// the rules do not cover); a cancelled round's wagers are refunded as for an invalidated
	// game (Refund, 10.4).
	ReviewConfirm string // the cards as read stand (10.10)
	ReviewEnter   string // the supervisor enters the cards as they lie, as 9.5 has the hand reconstructed (10.10)
	ReviewCancel  string // the round is cancelled and its wagers refunded (10.10, 10.4)
}

// Profile is one Red Dog rule book turned into data. Each field names the rule it encodes.
type Profile struct {
	ID   string // stable identifier, "vic-red-dog-1997"
	Book string // the rule book in shared/seeds

	Decks        int // decks of 52 cards without jokers (3.1)
	CuttingCards int // cutting cards in the shoe (3.1)
	// RankValue is the value of each rank, indexed by engine.Rank; suits are ignored (3.2):
	// A 14, K 13, Q 12, J 11, then face value.
	RankValue [engine.King + 1]int
	// Burn is the number of cards burned face down after each shuffle, shown to nobody unless
	// a player asks (4.6).
	Burn int

	// ThirdCardOnConsecutive is whether a third card is drawn when the first two cards are
	// consecutive: no, the dealer announces "no spread" and the hand is void (7.2.2.1, 5.9.3.1).
	ThirdCardOnConsecutive bool
	// RaiseOnPair is whether players may raise after a pair: no (7.2.3.1).
	RaiseOnPair bool
	// RaisePercent is the largest raise after a spread is announced, in percent of the original
	// wager: up to the amount of the original wager (5.4, 7.2.1.1).
	RaisePercent int64
	// PaysTrips is the payout when the third card makes three of a kind after a pair; any other
	// third card makes the hand void (7.2.3.1, 5.9.2, 8.1.1).
	PaysTrips Pays
	// PaysSpread is the payout of a winning third card by spread: entry i is a spread of i+1
	// cards, and the last entry applies to every larger spread (8.1.1: 1-card 5:1, 2-card 4:1,
	// 3-card 2:1, 4 or more 1:1).
	PaysSpread []Pays

	// Notices is the notice rule: 20 minutes before a higher minimum, no exception (6.4), and
	// before closing a table with players present (10.7).
	Notices engine.NoticeRules

	Rules Rules // rule numbers for notes
}

// VicRedDog1997 is the profile vic-red-dog-1997: Red Dog under the Victorian rules of 1997
// (seed 003). notice_minutes is taken as 20, the least the book allows (6.4, 10.7).
func VicRedDog1997() Profile {
	p := Profile{
		ID:                     ProfileID,
		Book:                   "003_850ff695d2f36be7.txt",
		Decks:                  8,                                      // 3.1
		CuttingCards:           1,                                      // 3.1
		Burn:                   1,                                      // 4.6
		ThirdCardOnConsecutive: false,                                  // 7.2.2.1
		RaiseOnPair:            false,                                  // 7.2.3.1
		RaisePercent:           100,                                    // 5.4
		PaysTrips:              Pays{11, 1},                            // 8.1.1
		PaysSpread:             []Pays{{5, 1}, {4, 1}, {2, 1}, {1, 1}}, // 8.1.1
		Notices:                engine.NoticesVicRedDog1997(20),        // 6.4, 10.7
		Rules: Rules{
			ShuffleStart: "4.1.1", ShuffleCutFirst: "4.1.2", ShuffleAfterRound: "4.1.3", ShuffleAbnormal: "4.1.4",
			Burn: "4.6", BurnError: "9.1", FaceUpInShoe: "9.2", ExposedInError: "9.4",
			WrongBox: "9.5", MissedShuffle: "9.6", Reshuffle: "9.7", Invalidate: "10.3", Refund: "10.4",
			Disputes: "10.10", CardsChecked: "3.3",
			ReviewConfirm: "10.10", ReviewEnter: "10.10", ReviewCancel: "10.10",
		},
	}
	for r := engine.Rank(2); r <= engine.King; r++ { // 3.2
		p.RankValue[r] = int(r)
	}
	p.RankValue[engine.Ace] = 14 // 3.2: the ace is high
	return p
}

// Validate checks that the profile is usable: a positive number of decks, a rank value for every
// rank with no two ranks equal, payouts for at least the 1-card spread, and a raise limit.
func (p Profile) Validate() error {
	if p.Decks < 1 || p.Decks > maxDecks {
		return fmt.Errorf("profile %s: decks %d: want 1 to %d", p.ID, p.Decks, maxDecks)
	}
	if p.Burn < 0 {
		return fmt.Errorf("profile %s: burn %d: want 0 or more", p.ID, p.Burn)
	}
	seen := map[int]bool{}
	for r := engine.Ace; r <= engine.King; r++ {
		v := p.RankValue[r]
		if v < 1 || seen[v] {
			return fmt.Errorf("profile %s: rank value of %s is %d: want distinct positive values", p.ID, engine.Card{Rank: r}, v)
		}
		seen[v] = true
	}
	if len(p.PaysSpread) == 0 {
		return fmt.Errorf("profile %s: no spread payouts", p.ID)
	}
	for i, pay := range append([]Pays{p.PaysTrips}, p.PaysSpread...) {
		if pay.Win < 0 || pay.Stake < 1 || pay.Win > 1000 || pay.Stake > 1000 {
			return fmt.Errorf("profile %s: payout %d (%s) out of range", p.ID, i, pay)
		}
	}
	if p.RaisePercent < 0 || p.RaisePercent > 1000 {
		return fmt.Errorf("profile %s: raise %d%%: want 0 to 1000", p.ID, p.RaisePercent)
	}
	return nil
}

// maxDecks bounds the shoe so that every count in Analyze and the inventory stays small.
const maxDecks = 64

// Spread is the number of ranks strictly between the first two cards of a round (1.1): 0 when
// they are consecutive ("no spread", 7.2.2), Pair when they are of equal rank (7.2.3), and 1 to
// 11 otherwise. It encodes in JSON as the number, "consecutive" or "pair".
type Spread int8

// The spreads with names. Consecutive is the spread 0.
const (
	Pair        Spread = -1
	Consecutive Spread = 0
)

// String is "pair", "consecutive" or the number.
func (s Spread) String() string {
	switch {
	case s == Pair:
		return "pair"
	case s == Consecutive:
		return "consecutive"
	}
	return strconv.Itoa(int(s))
}

// MarshalJSON encodes a spread as a number, or as "consecutive" or "pair".
func (s Spread) MarshalJSON() ([]byte, error) {
	if s <= 0 {
		return []byte(strconv.Quote(s.String())), nil
	}
	return []byte(strconv.Itoa(int(s))), nil
}

// Value is the value of a card's rank under the profile (3.2); 0 for a card that is not valid.
func (p Profile) Value(c engine.Card) int {
	if !c.Valid() {
		return 0
	}
	return p.RankValue[c.Rank]
}

// SpreadOf is the spread of the first two cards of a round (1.1, 7.2): suits are ignored.
func (p Profile) SpreadOf(first, second engine.Card) Spread {
	a, b := p.Value(first), p.Value(second)
	if a == b {
		return Pair
	}
	d := a - b
	if d < 0 {
		d = -d
	}
	return Spread(d - 1)
}

// RaiseAllowed reports whether players may raise after the first two cards: only when a spread
// was announced (7.2.1.1), never after "no spread" (7.2.2.1), and after a pair only where the
// book allows it (7.2.3.1).
func (p Profile) RaiseAllowed(s Spread) bool {
	switch {
	case s == Pair:
		return p.RaiseOnPair
	case s == Consecutive:
		return false
	}
	return true
}

// DrawsThird reports whether a third card is drawn after the first two cards have spread s
// (7.2.1.1, 7.2.2.1, 7.2.3.1).
func (p Profile) DrawsThird(s Spread) bool {
	return s != Consecutive || p.ThirdCardOnConsecutive
}

// SpreadPays is the payout of a winning third card on a spread of s (8.1.1); zero for a pair or
// no spread.
func (p Profile) SpreadPays(s Spread) Pays {
	if s < 1 || len(p.PaysSpread) == 0 {
		return Pays{}
	}
	i := int(s) - 1
	if i >= len(p.PaysSpread) {
		i = len(p.PaysSpread) - 1
	}
	return p.PaysSpread[i]
}

// Outcome is what a round means for every wager on it.
type Outcome uint8

// The outcomes. OutcomeNone is a round not yet settled.
const (
	OutcomeNone Outcome = iota
	Win                 // the third card falls strictly between, or makes three of a kind (5.9.1.1, 5.9.2.1)
	Lose                // the third card does not fall between (5.9.1.2)
	Push                // void, a stand-off: no spread, a pair without trips, or an invalidated round (1.2, 5.9.2.2, 5.9.3.1, 10.4)
)

var outcomeNames = [...]string{"", "win", "lose", "push"}

// String is "win", "lose", "push", or "" for none.
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return "?"
}

// MarshalText encodes the outcome as its word.
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// Resolve decides a round from its cards in the order dealt: the right box, the left box, and the
// centre box when a third card was drawn. It returns the spread, the outcome and the payout (zero
// unless the outcome is Win). done is false when the cards do not yet decide the round (fewer
// than two, or two that need a third card); an invalid card or too many cards is an error.
func (p Profile) Resolve(cards []engine.Card) (s Spread, o Outcome, pays Pays, done bool, err error) {
	for _, c := range cards {
		if !c.Valid() {
			return 0, OutcomeNone, Pays{}, false, fmt.Errorf("resolve %v: %s is not a card", cards, c)
		}
	}
	switch {
	case len(cards) < 2:
		return 0, OutcomeNone, Pays{}, false, nil
	case len(cards) > 3:
		return 0, OutcomeNone, Pays{}, false, fmt.Errorf("resolve %v: a round has at most 3 cards (7.2)", cards)
	}
	s = p.SpreadOf(cards[0], cards[1])
	if !p.DrawsThird(s) {
		if len(cards) == 3 {
			return s, OutcomeNone, Pays{}, false, fmt.Errorf("resolve %v: no third card is drawn on no spread (7.2.2.1)", cards)
		}
		return s, Push, Pays{}, true, nil // 5.9.3.1
	}
	if len(cards) == 2 {
		return s, OutcomeNone, Pays{}, false, nil
	}
	a, b, c := p.Value(cards[0]), p.Value(cards[1]), p.Value(cards[2])
	if s == Pair {
		if c == a {
			return s, Win, p.PaysTrips, true, nil // 5.9.2.1, 7.2.3.1
		}
		return s, Push, Pays{}, true, nil // 5.9.2.2
	}
	lo, hi := min(a, b), max(a, b)
	if c > lo && c < hi {
		return s, Win, p.SpreadPays(s), true, nil // 5.9.1.1, 8.1.1
	}
	return s, Lose, Pays{}, true, nil // 5.9.1.2
}
