package pitwire

import (
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// TypeRedDogRound is a Red Dog round (003) finished, or cancelled after the fact: its payload is
// Message.RedDog. A Red Dog table publishes no TypeRound (that is baccarat's, with totals).
const TypeRedDogRound Type = "reddog_round"

// RedDogRound is a finished Red Dog round as the table screen shows it. Every card of a Red Dog
// round is dealt face up (003 7.1.2, 7.1.3, 7.2), so the cards are the result; a card burned
// face down is in no round. For engine.KindCancelled only N is meaningful.
type RedDogRound struct {
	N int `json:"n"` // round number, from 1, counted over the session (003 9.7)
	// Kind is normal or cancelled (Red Dog has no round without wagers); required, as Round's.
	Kind engine.RoundKind `json:"kind"`
	// Cards are the right, left and centre box, as codes ("7H"); two when the first two are
	// consecutive (7.2.2.1).
	Cards []string `json:"cards,omitempty"`
	// Spread is the spread of the first two cards: "1" to "11", "consecutive" or "pair".
	Spread  string `json:"spread,omitempty"`
	Outcome string `json:"outcome,omitempty"` // win, lose or push
	Pays    string `json:"pays,omitempty"`    // the odds paid on a win, "5:1" (8.1.1); "" otherwise
}

// redDogProfile is the book a Red Dog round is checked against: the only one coupboard has.
var redDogProfile = reddog.VicRedDog1997()

// RedDogRoundOf is the round payload of a finished reddog.Round.
func RedDogRoundOf(r reddog.Round) RedDogRound {
	if r.Kind == reddog.KindCancelled {
		return RedDogRound{N: r.N, Kind: engine.KindCancelled}
	}
	m := RedDogRound{N: r.N, Kind: engine.KindNormal, Spread: r.Spread.String(), Outcome: r.Outcome.String()}
	for _, c := range r.Cards {
		m.Cards = append(m.Cards, c.String())
	}
	if !r.Pays.IsZero() {
		m.Pays = r.Pays.String()
	}
	return m
}

// UnmarshalJSON reads a Red Dog round strictly, and refuses one without a kind.
func (r *RedDogRound) UnmarshalJSON(b []byte) error {
	type plain RedDogRound
	return decodeRound(b, (*plain)(r))
}

// validate checks a Red Dog round against the book: two or three cards that make exactly the
// spread, outcome and payout it claims (003 7.2, 8.1.1).
func (r *RedDogRound) validate(m *Message) error {
	if r.N < 1 {
		return invalid(m, "red dog round number %d", r.N)
	}
	switch r.Kind {
	case engine.KindCancelled:
		if len(r.Cards) > 0 || r.Outcome != "" {
			return invalid(m, "red dog round %d: cancelled, but with cards or an outcome", r.N)
		}
		return nil
	case engine.KindNormal:
	default:
		return invalid(m, "red dog round %d: kind %q, want normal or cancelled", r.N, r.Kind)
	}
	if len(r.Cards) < 2 || len(r.Cards) > 3 {
		return invalid(m, "red dog round %d: %d cards, want 2 or 3", r.N, len(r.Cards))
	}
	cards := make([]engine.Card, len(r.Cards))
	for i, code := range r.Cards {
		c, err := engine.ParseCard(code)
		if err != nil || c.Suit == engine.SuitUnknown {
			return invalid(m, "red dog round %d: card %d %q is not a card", r.N, i+1, code)
		}
		cards[i] = c
	}
	s, o, pays, done, err := redDogProfile.Resolve(cards)
	if err != nil || !done {
		return invalid(m, "red dog round %d: cards %v do not make a round (003 7.2)", r.N, r.Cards)
	}
	want := ""
	if !pays.IsZero() {
		want = pays.String()
	}
	if r.Spread != s.String() || r.Outcome != o.String() || r.Pays != want {
		return invalid(m, "red dog round %d: %v make %s, %s, pays %q; the message says %s, %s, pays %q",
			r.N, r.Cards, s, o, want, r.Spread, r.Outcome, r.Pays)
	}
	return nil
}
