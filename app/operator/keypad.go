package operator

import (
	"strings"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/opwords"

	"github.com/coupboard/coupboard/engine"
)

// Keypad is the manual card entry: the cards typed for the coup, in dealing order, held until
// the dealer confirms them. It is laid out for a numeric keypad: 1-9 are A-9 (1 is the ace),
// 0 is a ten-value card (T), '.' undoes the last entry and Enter confirms. On a keyboard or the
// touch screen J, Q, K name the court cards and S, H, D, C give the suit of the card just
// typed (the suit is optional). It does no I/O: Session sends the confirmed cards.
//
// '*' (or R) switches to result-only entry, for a coup whose cards are unknown (issue 10):
// then 1 is Banker, 2 Player, 3 Tie, 4 toggles a Banker pair, 5 a Player pair, 6 a natural;
// Enter confirms the result, '.' or '*' goes back to cards without sending anything.
type Keypad struct {
	pending []engine.Card

	resultMode bool
	result     engine.ManualResult
}

// KeyResult is what one key did.
type KeyResult uint8

// The results of a key.
const (
	KeyIgnored       KeyResult = iota // not a keypad key, or nothing to act on (Note says why)
	KeyCard                           // a card was added
	KeySuit                           // the last card got its suit
	KeyUndo                           // the last card was taken back
	KeyConfirm                        // the dealer confirmed the pending cards
	KeyResultMode                     // result-only entry was switched on or off (ResultMode says which)
	KeyResultSet                      // the winner, a pair or the natural of the result was chosen
	KeyConfirmResult                  // the dealer confirmed the result entered (Result)
)

// Press handles one key and says what it did; note explains an ignored key (in English).
func (k *Keypad) Press(r rune) (res KeyResult, note string) {
	res, n := k.press(r)
	return res, n.English()
}

// press is Press with the note as a message for the log strip.
func (k *Keypad) press(r rune) (res KeyResult, note opwords.Line) {
	if r == '*' || r == 'r' || r == 'R' {
		return k.toggleResult()
	}
	if k.resultMode {
		return k.pressResult(r)
	}
	switch {
	case r >= '1' && r <= '9':
		return k.add(engine.Rank(r - '0'))
	case r == '0':
		return k.add(engine.Ten)
	}
	// Letters are the shoe's own card codes (engine.ParseCard): a rank A T J Q K or a suit S H D C.
	if c, err := engine.ParseCard(string(r)); err == nil {
		return k.add(c.Rank)
	}
	if c, err := engine.ParseCard("A" + string(r)); err == nil {
		return k.suit(c.Suit)
	}
	switch r {
	case '.', ',', '\b', 0x7f:
		if !k.Undo() {
			return KeyIgnored, opwords.M(i18n.LogNothingToUndo)
		}
		return KeyUndo, opwords.Line{}
	case '\n', '\r', '=', '+':
		if len(k.pending) == 0 {
			return KeyIgnored, opwords.M(i18n.LogNoCards)
		}
		return KeyConfirm, opwords.Line{}
	}
	return KeyIgnored, opwords.Line{}
}

// toggleResult switches result-only entry on (when no card is pending) or off.
func (k *Keypad) toggleResult() (KeyResult, opwords.Line) {
	if k.resultMode {
		k.resultMode, k.result = false, engine.ManualResult{}
		return KeyResultMode, opwords.Line{}
	}
	if len(k.pending) > 0 {
		return KeyIgnored, opwords.M(i18n.LogResultCardsFirst)
	}
	k.resultMode = true
	return KeyResultMode, opwords.Line{}
}

// pressResult handles a key in result-only entry.
func (k *Keypad) pressResult(r rune) (KeyResult, opwords.Line) {
	mr := &k.result
	switch r {
	case '1', 'b', 'B':
		mr.Winner = engine.Banker
	case '2', 'p', 'P':
		mr.Winner = engine.Player
	case '3', 't', 'T':
		mr.Winner = engine.Tie
	case '4':
		mr.BankerPair = !mr.BankerPair
	case '5':
		mr.PlayerPair = !mr.PlayerPair
	case '6', 'n', 'N':
		mr.Natural = !mr.Natural
	case '.', ',', '\b', 0x7f:
		k.resultMode, k.result = false, engine.ManualResult{}
		return KeyResultMode, opwords.Line{}
	case '\n', '\r', '=', '+':
		if mr.Winner == engine.WinnerNone {
			return KeyIgnored, opwords.M(i18n.LogResultChoose)
		}
		return KeyConfirmResult, opwords.Line{}
	default:
		return KeyIgnored, opwords.M(i18n.LogResultKeys)
	}
	return KeyResultSet, opwords.Line{}
}

// ResultMode reports whether the keypad is entering a result without cards.
func (k *Keypad) ResultMode() bool { return k.resultMode }

// Result is the result entered so far in result-only entry.
func (k *Keypad) Result() engine.ManualResult { return k.result }

// maxPending is the most cards one confirmation may carry: a coup has at most six cards,
// and a face-value burn at most ten more.
const maxPending = 16

func (k *Keypad) add(r engine.Rank) (KeyResult, opwords.Line) {
	if len(k.pending) >= maxPending {
		return KeyIgnored, opwords.M(i18n.LogTooMany)
	}
	k.pending = append(k.pending, engine.Card{Rank: r})
	return KeyCard, opwords.Line{}
}

func (k *Keypad) suit(s engine.Suit) (KeyResult, opwords.Line) {
	n := len(k.pending)
	if n == 0 {
		return KeyIgnored, opwords.M(i18n.LogRankFirst)
	}
	k.pending[n-1].Suit = s
	return KeySuit, opwords.Line{}
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

// Clear drops every pending card and leaves result-only entry.
func (k *Keypad) Clear() {
	k.pending = k.pending[:0]
	k.resultMode, k.result = false, engine.ManualResult{}
}

// drop removes the first n pending cards (they were sent).
func (k *Keypad) drop(n int) { k.pending = append(k.pending[:0], k.pending[n:]...) }

// String is the pending cards as codes ("9H T 5"), or "—" when none; in result-only entry,
// "RESULT " and the result so far.
func (k *Keypad) String() string { return k.line().English() }

// line is String as a line to word in the reader's language.
func (k *Keypad) line() opwords.Line {
	if k.resultMode {
		return opwords.M(i18n.LogResultTyped, opwords.ResultText(k.result))
	}
	if len(k.pending) == 0 {
		return opwords.Verbatim("—")
	}
	parts := make([]string, len(k.pending))
	for i, c := range k.pending {
		parts[i] = c.String()
	}
	return opwords.Verbatim(strings.Join(parts, " "))
}
