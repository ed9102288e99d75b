package engine

import "fmt"

// Rank is a card rank: 1 (ace) to 13 (king). The zero Rank is not a card.
type Rank uint8

// The ranks with names; 2 to 9 are their own numbers.
const (
	Ace   Rank = 1
	Ten   Rank = 10
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
)

// rankLetters maps a rank to its one-letter code (CSP1 and the shoe script: A23456789TJQK).
const rankLetters = "?A23456789TJQK"

// Suit is a card suit. SuitUnknown means the shoe did not read the suit (a rank-only card).
type Suit uint8

// The suits, in the order of the CSP1 letters S, H, D, C.
const (
	SuitUnknown Suit = iota
	Spades
	Hearts
	Diamonds
	Clubs
)

const suitLetters = "?SHDC"

// Card is one playing card. Suit may be SuitUnknown when only the rank was read.
type Card struct {
	Rank Rank
	Suit Suit
}

// Valid reports whether c is a real card (a rank from ace to king and a known or unknown suit).
func (c Card) Valid() bool { return c.Rank >= Ace && c.Rank <= King && c.Suit <= Clubs }

// Point is the baccarat point value of the card: 2-9 face value, 10/J/Q/K 0, A 1
// (000 3.2, 001 2.4, 002 4.1).
func (c Card) Point() int {
	if c.Rank >= Ten {
		return 0
	}
	return int(c.Rank)
}

// BurnCount is the number of cards burned after this card is shown face up under the
// face-value burn (000 4.3.1(b), 001 5.4(b), 002 7.5): 10, J, Q and K count 10, an ace 1.
func (c Card) BurnCount() int {
	if c.Rank >= Ten {
		return 10
	}
	return int(c.Rank)
}

// String is the card's code: rank letter then suit letter ("9H", "TS"), or the rank
// letter alone when the suit is unknown ("9").
func (c Card) String() string {
	if !c.Valid() {
		return "??"
	}
	if c.Suit == SuitUnknown {
		return rankLetters[c.Rank : c.Rank+1]
	}
	return rankLetters[c.Rank:c.Rank+1] + suitLetters[c.Suit:c.Suit+1]
}

// MarshalText encodes the card as its code, so cards are strings in JSON; the zero Card
// (no card) is the empty string.
func (c Card) MarshalText() ([]byte, error) {
	if c == (Card{}) {
		return []byte{}, nil
	}
	if !c.Valid() {
		return nil, fmt.Errorf("marshal card: rank %d suit %d is not a card", c.Rank, c.Suit)
	}
	return []byte(c.String()), nil
}

// UnmarshalText decodes a card code written by MarshalText ("" is the zero Card).
func (c *Card) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = Card{}
		return nil
	}
	p, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = p
	return nil
}

// ParseCard reads a card code: a rank letter from A23456789TJQK, optionally followed by
// a suit letter from SHDC. Lower case is accepted. Anything else is an error that says why.
func ParseCard(s string) (Card, error) {
	if len(s) < 1 || len(s) > 2 {
		return Card{}, fmt.Errorf("card %q: want a rank (A23456789TJQK) and an optional suit (SHDC)", s)
	}
	r := rankOf(s[0])
	if r == 0 {
		return Card{}, fmt.Errorf("card %q: %q is not a rank (A23456789TJQK)", s, s[0])
	}
	c := Card{Rank: r}
	if len(s) == 2 {
		c.Suit = suitOf(s[1])
		if c.Suit == SuitUnknown {
			return Card{}, fmt.Errorf("card %q: %q is not a suit (SHDC)", s, s[1])
		}
	}
	return c, nil
}

func rankOf(b byte) Rank {
	if b >= 'a' && b <= 'z' {
		b -= 'a' - 'A'
	}
	for i := 1; i < len(rankLetters); i++ {
		if rankLetters[i] == b {
			return Rank(i)
		}
	}
	return 0
}

func suitOf(b byte) Suit {
	if b >= 'a' && b <= 'z' {
		b -= 'a' - 'A'
	}
	for i := 1; i < len(suitLetters); i++ {
		if suitLetters[i] == b {
			return Suit(i)
		}
	}
	return SuitUnknown
}

// Total is the baccarat total of a hand: the sum of point values modulo 10 (000 3.3).
func Total(cards []Card) int {
	t := 0
	for _, c := range cards {
		t += c.Point()
	}
	return t % 10
}
