// The game's vocabulary: what goes in (inputs, their sources) and what comes out (events,
// rounds, the cards of a hand).

package engine

import "fmt"

// Source is where a card came from. Its word (String) is the journal's: a record's and a
// table input's source (app/journal SourceShoe and SourceManual).
type Source uint8

// The card sources: one path into the engine for both (spec/shoe-protocol.md). The numbers are
// those of version 1 of the journal's table inputs.
const (
	SourceShoe   Source = iota // read by a smart shoe (or a script)
	SourceManual               // entered by the dealer on the operator screen
)

var sourceNames = [...]string{"shoe", "manual"}

// String is the source's word: "shoe" or "manual".
func (s Source) String() string {
	if int(s) < len(sourceNames) {
		return sourceNames[s]
	}
	return fmt.Sprintf("Source(%d)", uint8(s))
}

// ParseSource reads a source's word as String writes it.
func ParseSource(w string) (Source, error) {
	for i, name := range sourceNames {
		if name == w {
			return Source(i), nil
		}
	}
	return 0, fmt.Errorf("card source %q: want shoe or manual", w)
}

// Hand names one of the two hands of a coup.
type Hand uint8

// The hands.
const (
	HandPlayer Hand = iota + 1
	HandBanker
)

// String is "Player" or "Banker".
func (h Hand) String() string {
	if h == HandBanker {
		return "Banker"
	}
	return "Player"
}

// InputKind is what an Input carries.
type InputKind uint8

// The kinds of input.
const (
	// InToken is a shoe-script token: a card (with an optional position) or a word such as
	// shoe, cut, burn, nobet, void (spec/shoe-protocol.md §4).
	InToken InputKind = iota + 1
	// InTurn turns one hand's face-down cards over (dealing styles B and C).
	InTurn
	// InSetting changes a table setting; it takes effect between rounds (or between shoes for
	// decks, shuffler, burn and, where the book fixes it for a shoe, style).
	InSetting
	// InAcceptReview is the supervisor accepting what was flagged for review.
	InAcceptReview
	// InResult is a coup's result entered by hand when its cards are unknown (Result): it
	// finishes a round with no cards, and is accepted only between rounds of a shoe in play.
	InResult
	// InDoubt is something the shoe link could not vouch for (Doubt): the coup it touches is
	// held for the supervisor (doubt.go).
	InDoubt
	// InShoeResult is the shoe's own result of a coup (ShoeResult), a cross-check: a
	// contradiction puts the coup under review.
	InShoeResult
	// InReconstruct is the supervisor entering the cards of the coup under review (Cards); with
	// a round number (Token.N > 0), the cards really dealt for finished round N of the shoe, under
	// review after the fact: the round is corrected and re-settled (CorrectInput, correct.go).
	InReconstruct
	// InDispute is the supervisor putting finished round Token.N of the shoe, already shown
	// and counted, under review (DisputeInput).
	InDispute
)

// Input is one thing that happens at the table, in order.
type Input struct {
	Kind   InputKind
	Token  Token  // InToken: what the shoe, dealer or supervisor reported; InDispute, InReconstruct: the round (N)
	Source Source // InToken with a card: where the card came from
	Hand   Hand   // InTurn: the hand to turn
	Key    string // InSetting: the setting's key
	Value  string // InSetting: its new value
	// Result is, for InResult, the result entered by hand; it is left out of the journal's
	// JSON for every other kind, so older records read the same.
	Result ManualResult `json:",omitzero"`
	// Doubt is, for InDoubt, what the shoe link could not vouch for.
	Doubt Doubt `json:",omitzero"`
	// ShoeResult is, for InShoeResult, the shoe's own result.
	ShoeResult ShoeResult `json:",omitzero"`
	// Cards are, for InReconstruct, the coup's cards in deal order.
	Cards []Card `json:",omitempty"`
	// Authorised is, for InTurn, that the casino supervisor authorised the turn where the book
	// asks for it: the Banker hand before the Player hand at nz-baccarat (004 8.17).
	Authorised bool `json:",omitempty"`
}

// TokenInput is the input for a shoe-script token.
func TokenInput(t Token) Input { return Input{Kind: InToken, Token: t} }

// CardInput is the input for a card read by the shoe or entered by hand; pos is PosNone when
// the shoe does not know the position.
func CardInput(c Card, pos Position, src Source) Input {
	return Input{Kind: InToken, Token: Token{Kind: TokCard, Card: c, Pos: pos}, Source: src}
}

// WordInput is the input for a script word without a card (shoe, cut, nobet, ...); n is the
// round for "void N", else 0.
func WordInput(k TokenKind, n int) Input { return Input{Kind: InToken, Token: Token{Kind: k, N: n}} }

// TurnInput is the input that turns a hand over.
func TurnInput(h Hand) Input { return Input{Kind: InTurn, Hand: h} }

// AuthorisedTurnInput is the input that turns a hand over with the casino supervisor's
// authorisation: the Banker hand first at nz-baccarat (004 8.17).
func AuthorisedTurnInput(h Hand) Input { return Input{Kind: InTurn, Hand: h, Authorised: true} }

// SettingInput is the input that changes a table setting.
func SettingInput(key, value string) Input { return Input{Kind: InSetting, Key: key, Value: value} }

// InAcceptReviewInput is the input by which the supervisor accepts what was flagged for review.
func InAcceptReviewInput() Input { return Input{Kind: InAcceptReview} }

// EventKind is what an Event reports.
type EventKind uint8

// The events. Every event is public: none carries a face-down card or anything derived from one.
const (
	EvShoe      EventKind = iota + 1 // a new shoe (Shoe); a new set of roads starts
	EvBurn                           // the burn: Shown (face-up cards), Hidden (face-down count), Rule if not the start-of-shoe burn
	EvNoBurn                         // the dealer did not burn; play continues (Rule)
	EvRound                          // a round is over: Round
	EvLastCoup                       // round N is the last coup of the shoe (Rule)
	EvShoeEnd                        // the shoe is over
	EvAnomaly                        // something the rules cannot place: Reason (Rule when one applies), N the round if any
	EvRefused                        // a request the book does not allow: Reason, Rule
	EvReview                         // a round needs the supervisor's review: N, Reason
	EvVoid                           // finished round N is cancelled after the fact (Rule); roads must be recomputed
	EvInsurance                      // Insurance/No 6 is open on round N (000 1.1)
	EvSetting                        // a table setting took effect: Key, Value
	EvResolved                       // the supervisor resolved the review of round N: Reason is how (ResolvedConfirmed, ...), Rule the book's rule
	EvCorrected                      // finished round N was corrected after the fact (Rule): Round is it as corrected; roads, statistics and wagers must follow
)

var eventNames = [...]string{"", "shoe", "burn", "noburn", "round", "last_coup", "shoe_end", "anomaly", "refused", "review", "void", "insurance_open", "setting", "resolved", "corrected"}

// String is the event's name in replay output.
func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return "?"
}

// HandCards is the cards of one hand, in deal order.
type HandCards struct {
	Cards [3]Card
	N     int
}

// List is the cards as a slice.
func (h *HandCards) List() []Card { return h.Cards[:h.N] }

func (h *HandCards) add(c Card) {
	if h.N < len(h.Cards) {
		h.Cards[h.N] = c
		h.N++
	}
}

// Round is a finished (or cancelled) round as it may be shown.
type Round struct {
	N      int
	Shoe   int
	Kind   RoundKind
	Player HandCards // the Player's cards that were shown
	Banker HandCards // the Banker's cards that were shown
	// Hidden counts the round's cards never turned over (only in a round cancelled before its
	// cards were turned); they are not listed.
	Hidden int
	// Outcome is the result. A cancelled round has Winner WinnerNone and the totals of its shown cards.
	Outcome Outcome
	// Notes lists the rule numbers applied to the round ("11.7.1"), in order.
	Notes []string
	// Review is set when something about the round needed the supervisor (an anomaly, a doubt).
	Review bool
	// Why lists the reasons the round was put under review, and Resolution how the supervisor
	// resolved it (ResolvedConfirmed, ResolvedEntered, ResolvedCancelled); both empty for a
	// round that was never in doubt. A live table (SetHold) finishes such a round only once
	// resolved; a script replay finishes it flagged, with no Resolution.
	Why            []string
	Resolution     string
	ResolutionRule string // the book's rule the supervisor resolved it under, if any
	// Manual counts the cards entered by hand.
	Manual int
}

// Event is one thing the engine reports. Fields not named for a kind are zero.
type Event struct {
	Kind   EventKind
	Shoe   int    // the shoe number
	N      int    // the round concerned, if any
	Round  Round  // EvRound
	Shown  []Card // EvBurn: the burn cards shown face up
	Hidden int    // EvBurn: the burn cards burned face down (never shown)
	Rule   string // the rule number applied
	Reason string // EvAnomaly, EvRefused, EvReview
	Key    string // EvSetting
	Value  string // EvSetting
}
