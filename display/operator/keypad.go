package operator

import (
	"strings"

	"github.com/coupboard/coupboard/engine"
)

// Keypad is the manual card entry: the cards typed for the coup, in dealing order, held until
// the dealer confirms them. It is laid out for a numeric keypad: 1-9 are A-9 (1 is the ace),
// 0 is a ten-value card (T), '.' undoes the last entry and Enter confirms. On a keyboard or the
// touch screen J, Q, K name the court cards and S, H, D, C give the suit of the card just
// typed (the suit is optional). It does no I/O: Session sends the confirmed cards.
type Keypad struct {
	pending []engine.Card
}

// KeyResult is what one key did.
type KeyResult uint8

// The results of a key.
const (
	KeyIgnored KeyResult = iota // not a keypad key, or nothing to act on (Note says why)
	KeyCard                     // a card was added
	KeySuit                     // the last card got its suit
	KeyUndo                     // the last card was taken back
	KeyConfirm                  // the dealer confirmed the pending cards
)

// Press handles one key and says what it did; note explains an ignored key.
func (k *Keypad) Press(r rune) (res KeyResult, note string) {
	switch {
	case r >= '1' && r <= '9':
		return k.add(engine.Rank(r - '0'))
	case r == '0':
		return k.add(engine.Ten)
	}
	switch r {
	case 't', 'T':
		return k.add(engine.Ten)
	case 'j', 'J':
		return k.add(engine.Jack)
	case 'q', 'Q':
		return k.add(engine.Queen)
	case 'k', 'K':
		return k.add(engine.King)
	case 'a', 'A':
		return k.add(engine.Ace)
	case 's', 'S':
		return k.suit(engine.Spades)
	case 'h', 'H':
		return k.suit(engine.Hearts)
	case 'd', 'D':
		return k.suit(engine.Diamonds)
	case 'c', 'C':
		return k.suit(engine.Clubs)
	case '.', ',', '\b', 0x7f:
		if !k.Undo() {
			return KeyIgnored, "nothing to undo: cards already confirmed are corrected by a supervisor (void)"
		}
		return KeyUndo, ""
	case '\n', '\r', '=', '+':
		if len(k.pending) == 0 {
			return KeyIgnored, "no cards to confirm"
		}
		return KeyConfirm, ""
	}
	return KeyIgnored, ""
}

// maxPending is the most cards one confirmation may carry: a coup has at most six cards,
// and a face-value burn at most ten more.
const maxPending = 16

func (k *Keypad) add(r engine.Rank) (KeyResult, string) {
	if len(k.pending) >= maxPending {
		return KeyIgnored, "too many cards pending: confirm or undo first"
	}
	k.pending = append(k.pending, engine.Card{Rank: r})
	return KeyCard, ""
}

func (k *Keypad) suit(s engine.Suit) (KeyResult, string) {
	n := len(k.pending)
	if n == 0 {
		return KeyIgnored, "type the rank first, then the suit"
	}
	k.pending[n-1].Suit = s
	return KeySuit, ""
}

// Undo takes back the last card typed; it reports false when there is none.
func (k *Keypad) Undo() bool {
	if len(k.pending) == 0 {
		return false
	}
	k.pending = k.pending[:len(k.pending)-1]
	return true
}

// Pending is a copy of the cards typed and not yet confirmed, in order.
func (k *Keypad) Pending() []engine.Card { return append([]engine.Card(nil), k.pending...) }

// Clear drops every pending card.
func (k *Keypad) Clear() { k.pending = k.pending[:0] }

// drop removes the first n pending cards (they were sent).
func (k *Keypad) drop(n int) { k.pending = append(k.pending[:0], k.pending[n:]...) }

// String is the pending cards as codes ("9H T 5"), or "—" when none.
func (k *Keypad) String() string {
	if len(k.pending) == 0 {
		return "—"
	}
	parts := make([]string, len(k.pending))
	for i, c := range k.pending {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}
