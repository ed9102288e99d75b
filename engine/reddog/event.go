package reddog

import "github.com/coupboard/coupboard/engine"

// Box is one of the three card places on the layout (2.1.2).
type Box uint8

// The boxes, as the dealer faces them. BoxNone is a card whose box nobody reported.
const (
	BoxNone   Box = iota
	BoxRight      // the first card of a round (7.1.2)
	BoxLeft       // the second card (7.1.3)
	BoxCentre     // the third card (7.2.1.1, 7.2.3.1)
)

var boxNames = [...]string{"", "right", "left", "centre"}

// String is "right", "left", "centre", or "" for none.
func (b Box) String() string {
	if int(b) < len(boxNames) {
		return boxNames[b]
	}
	return "?"
}

// MarshalText encodes the box as its name.
func (b Box) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// Input is one thing the table is told: a shoe-script token (spec/shoe-protocol.md §4) and, for a
// card entered by hand, the box the dealer reports having put it in. The shoe script has no
// notation for boxes, so a script always gives BoxNone; a box that contradicts the order of the
// deal is reconstructed (9.5), never obeyed.
//
// A live table is also told what the shoe link could not vouch for (Kind InDoubt) and the
// supervisor's resolution of a round under review (InConfirm, InEnter): see doubt.go.
type Input struct {
	Kind  InputKind // InToken (the zero value) for a shoe-script token
	Token engine.Token
	Box   Box
	Doubt engine.Doubt  // InDoubt
	Cards []engine.Card // InEnter: the cards of the round as they lie, right, left, centre box
}

// TokenInput is the input of a shoe-script token with no box reported.
func TokenInput(t engine.Token) Input { return Input{Token: t} }

// EventKind is what an event reports.
type EventKind uint8

// The events a table emits. Every card in an event was dealt face up or exposed; a card burned
// face down never appears in any event (4.6).
const (
	// EvShuffle: a shuffled shoe was loaded (Rule is why: 4.1.1 before play, 4.1.2, 4.1.3, 9.6,
	// or 4.1.4 when no shuffle was due), or the discards were reshuffled to finish a round (9.7).
	EvShuffle EventKind = iota + 1
	// EvBurn: one card was burned face down (Rule 4.6; 9.1 for a second one; 10.10 for a burn
	// the rules do not call for).
	EvBurn
	// EvCard: a card was placed face up in Box of round N.
	EvCard
	// EvWithdrawn: the first card of round N was drawn in error and exposed: it is taken back
	// and discarded (9.4); the next card is the round's first card.
	EvWithdrawn
	// EvSpread: the first two cards of round N are down. Spread is announced; RaisePercent > 0
	// means players may now raise (7.2.1.1); "no spread" and a pair allow none (7.2.2.1, 7.2.3.1).
	EvSpread
	// EvRound: round N was settled or cancelled; Round holds it.
	EvRound
	// EvCut: the cutting card came out. Rule 4.1.3: during round N, shuffle at its end;
	// Rule 4.1.2: as the first card of a round, shuffle now.
	EvCut
	// EvShuffleDue: the rules now require a shuffle before another round (Rule 4.1.2, 4.1.3,
	// 9.6), or, with N set, the shoe ran out during round N and the discards must be
	// reshuffled to finish it (9.7).
	EvShuffleDue
	// EvCancel: round N, already settled, was invalidated by the supervisor after the fact:
	// every wager on it is refunded (10.3, 10.4).
	EvCancel
	// EvAnomaly: an irregularity and how the rule book handled it (Rule, Reason); Card is the
	// card concerned when it may be shown.
	EvAnomaly
	// EvRefused: Token is not allowed by the rule book or not possible now (Reason); nothing
	// changed.
	EvRefused
	// EvReview: round N is under review and waits for the supervisor (Reason says why): a round
	// in progress that has all its cards, or a finished round whose result was contradicted
	// after the fact. Its result is not shown, published or counted until EvResolved or a
	// cancellation.
	EvReview
	// EvResolved: the supervisor resolved the review of round N: Reason is "confirmed" or
	// "entered" (engine.ResolvedConfirmed, engine.ResolvedEntered), Rule the rule applied.
	EvResolved
)

var eventNames = [...]string{"", "shuffle", "burn", "card", "withdrawn", "spread", "round", "cut", "shuffle_due", "cancel", "anomaly", "refused", "review", "resolved"}

// String is the event's name as replay prints it ("burn", "shuffle_due", ...).
func (k EventKind) String() string {
	if int(k) < len(eventNames) && k != 0 {
		return eventNames[k]
	}
	return "?"
}

// Event is one thing that happened at the table, in the order it happened.
type Event struct {
	Kind EventKind
	Shoe int // the shoe, from 1 (0 before the first)
	N    int // the round concerned, or 0
	// Card is the card placed (EvCard), withdrawn (EvWithdrawn) or concerned (EvAnomaly), when
	// it may be shown; the zero Card otherwise. Never a card burned face down.
	Card         engine.Card
	Box          Box          // EvCard
	Spread       Spread       // EvSpread
	RaisePercent int64        // EvSpread: the largest raise, in percent of the original wager; 0 for none
	Round        *Round       // EvRound: a copy of the round
	Rule         string       // the rule number applied
	Reason       string       // what happened and what was done, for the dealer and the audit log
	Token        engine.Token // EvRefused: the token refused
}
