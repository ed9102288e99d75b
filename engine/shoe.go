package engine

import "fmt"

// inventory counts the cards that have left one set of decks since it was last shuffled, to
// catch a card that appears more often than the decks hold (spec/rule-profiles.md "Shoe lifecycle").
type inventory struct {
	byCard [King + 1][Clubs + 1]uint16 // cards with a known suit, by rank and suit
	byRank [King + 1]uint16            // every card, by rank (a rank-only card counts here only)
	out    int                         // every card out of the set, burns included
}

// take records one card out of a set of decks decks and returns a reason when it is one more
// than the decks hold ("" when it is not).
func (inv *inventory) take(c Card, decks int) string {
	inv.out++
	if !c.Valid() {
		return fmt.Sprintf("card %s is not a card", c)
	}
	inv.byRank[c.Rank]++
	if c.Suit != SuitUnknown {
		inv.byCard[c.Rank][c.Suit]++
		if n := int(inv.byCard[c.Rank][c.Suit]); n > decks {
			return fmt.Sprintf("%s seen %d times: %d decks hold %d", c, n, decks, decks)
		}
	}
	if n := int(inv.byRank[c.Rank]); n > 4*decks {
		return fmt.Sprintf("rank %s seen %d times: %d decks hold %d", c.String()[:1], n, decks, 4*decks)
	}
	if inv.out > 52*decks {
		return fmt.Sprintf("%d cards out of %d decks of 52", inv.out, decks)
	}
	return ""
}

// count is how many times the card has left the set: by rank and suit, or by rank for a
// rank-only card.
func (inv *inventory) count(c Card) int {
	if !c.Valid() {
		return 0
	}
	if c.Suit == SuitUnknown {
		return int(inv.byRank[c.Rank])
	}
	return int(inv.byCard[c.Rank][c.Suit])
}
