// Package pitwire is the wire schema of the pit bus: what a table publishes about its coups
// and its state, and what the pit board (and any management system reading the bus) consumes.
//
// The package is pure (standard library and the engine packages only) so that both the table side
// (app/bus) and the board's state model (display/pitmodel) can share it without linking
// NATS or a UI toolkit. Nothing derived from a face-down card is in any message: a round is
// published only once it is finished, with exactly what the table screen shows
// (architecture.md, invariant 4).
package pitwire

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/internal/strictjson"
)

// Version is the schema version written in every message's "v" field.
const Version = 1

// Type says what a message is about; it is also the last token of its subject.
type Type string

// The message types.
const (
	TypeRound       Type = "round"        // a round finished, or a past round was cancelled
	TypeShoeStarted Type = "shoe_started" // a new shoe: carries a snapshot of limits and status
	TypeShoeEnded   Type = "shoe_ended"   // the shoe is finished
	TypeLimits      Type = "limits"       // the limit sign changed
	TypeStatus      Type = "status"       // the table opened, announced its closing, or closed
	TypeHeartbeat   Type = "heartbeat"    // the table is alive (not journalled, not in the stream)
	// TypeHead anchors the table's journal: the hash of its newest record (Seq) when it was
	// sent, kept by the pit in the HEADS stream so that a journal rewritten afterwards is
	// found out (coupboard audit verify --against-bus). Not journalled.
	TypeHead Type = "head"
)

// TableState is whether a table is taking bets.
type TableState string

// The table states.
const (
	StateOpen    TableState = "open"    // taking bets
	StateClosing TableState = "closing" // taking bets, closing at ClosesAt (000 13.7: announced at least 20 minutes before)
	StateClosed  TableState = "closed"  // not taking bets
)

// Message is one record of the pit bus. Table and Seq identify it: Seq is the table's journal
// sequence (the journal is the outbox), so a resent message is recognised as the same one.
type Message struct {
	V      int       `json:"v"`               // schema version (Version)
	Table  string    `json:"table"`           // table id: letters, digits, '-' and '_' (a NATS subject token)
	Seq    uint64    `json:"seq"`             // journal sequence; for a heartbeat, the last committed sequence
	Type   Type      `json:"type"`            // what the message is about
	Time   time.Time `json:"time"`            // when the table committed it to its journal (or sent the heartbeat)
	Shoe   int       `json:"shoe"`            // the shoe number the table is on
	Round  *Round    `json:"round,omitempty"` // for TypeRound
	Limits *Limits   `json:"limits,omitempty"`
	Status *Status   `json:"status,omitempty"`
	Head   *Head     `json:"head,omitempty"` // for TypeHead
	// RedDog is the round of a TypeRedDogRound (a Red Dog table, reddog.go).
	RedDog *RedDogRound `json:"reddog,omitempty"`
	// Access is the sign-in attempt or sign-out of a TypeAccess (access.go).
	Access *Access `json:"access,omitempty"`
	// Notice is the notice posted on the sign of a TypeNotice (notice.go).
	Notice *Notice `json:"notice,omitempty"`
	// Review is the coup held for review, or resolved, of a TypeReview (review.go).
	Review *Review `json:"review,omitempty"`
	// Corrected is the round corrected after the fact of a TypeRoundCorrected (correction.go).
	Corrected *Correction `json:"corrected,omitempty"`
	// Withdrawn is the change of the sign withdrawn of a TypeWithdrawn (withdrawn.go).
	Withdrawn *Withdrawn `json:"withdrawn,omitempty"`
	// Pace is, on a round with a result (TypeRound, TypeRedDogRound), the table's hands per
	// hour (pace.go).
	Pace *Pace `json:"pace,omitempty"`
	// Subject is the subject the message arrived on, set by the reader of the bus (never
	// part of the JSON); "" for a message that did not come from the bus. See CheckSubject.
	Subject string `json:"-"`
	// Software is, in a heartbeat, the build the table runs (e.g. "coupboard 0.9.0+3f2a9c1"):
	// at most MaxSoftware printable ASCII characters.
	Software string `json:"software,omitempty"`
	// Refused is set by a reader of the bus to a message that failed its schema (Decode),
	// with the reason: Validate then refuses it, so that the board counts and shows it
	// (Refuse). Never part of the JSON.
	Refused string `json:"-"`
}

// Refuse is the message the board is handed for data that arrived on subject and failed its
// schema with err: what could be read of it, marked Refused (Validate fails with the reason).
// Where the data names no table or type, they are taken from the subject, so the refusal is
// counted as a bad message, not as a forged one.
func Refuse(subject string, data []byte, err error) Message {
	var m Message
	_ = json.Unmarshal(data, &m)
	m.Subject, m.Refused = subject, err.Error()
	if tok := strings.Split(subject, "."); len(tok) == 3 {
		if m.Table == "" {
			m.Table = tok[1]
		}
		if m.Type == "" {
			m.Type = Type(tok[2])
		}
	}
	return m
}

// MaxSoftware is the longest Software a message may carry.
const MaxSoftware = 64

// Round is a finished round as the table screen shows it: the fields of engine.Outcome plus
// its number in the shoe and its kind. For engine.KindCancelled only N is meaningful.
type Round struct {
	N int `json:"n"` // round number within the shoe, from 1
	// Kind is how the round counts for the roads, spelled "normal", "nobet" (a dummy coup, no-bet
	// coup or void hand: a result, but nobody bet) or "cancelled" (round N of the shoe has no
	// result and leaves every road). Required: the zero kind is normal, so a round without it is
	// refused (UnmarshalJSON).
	Kind           engine.RoundKind `json:"kind"`
	Winner         string           `json:"winner"`           // "B", "P" or "T"; "" when cancelled
	PlayerTotal    int              `json:"player_total"`     // final Player total, 0..9
	BankerTotal    int              `json:"banker_total"`     // final Banker total, 0..9
	Natural        bool             `json:"natural"`          // either two-card total was 8 or 9 (000 9.1)
	PlayerPair     bool             `json:"player_pair"`      // Player's first two cards of equal rank
	BankerPair     bool             `json:"banker_pair"`      // Banker's first two cards of equal rank
	PlayerCards    int              `json:"player_cards"`     // 2 or 3
	BankerCards    int              `json:"banker_cards"`     // 2 or 3
	BankerFirstTwo int              `json:"banker_first_two"` // Banker's two-card total (Insurance/No 6, 000 1.1)
	// ResultOnly is set for a result entered by hand without its cards (issue 10): the totals,
	// card counts and BankerFirstTwo are then 0 and mean nothing.
	ResultOnly bool `json:"result_only,omitempty"`
	// PlayerHand and BankerHand are the cards of the finished round, in the order dealt, as
	// card codes ("9H", "TS"; a rank alone when the shoe reads no suits). A round is
	// published only once finished, every card turned: no face-down card is ever in them.
	// Absent for a result entered by hand, a cancelled round, or a table that does not send
	// them; when present they agree with the card counts and totals.
	PlayerHand []string `json:"player_hand,omitempty"`
	BankerHand []string `json:"banker_hand,omitempty"`
}

// Limit is the minimum and maximum of one wager, in cents of the table's currency (the
// project's one money unit: 2500 is $25.00).
type Limit struct {
	Bet string `json:"bet"` // "player_banker", "tie", "insurance", "runs", "pairs", ...
	Min int64  `json:"min"` // cents
	Max int64  `json:"max"` // cents
}

// Limits is the table's limit sign as the board shows it.
type Limits struct {
	Currency string  `json:"currency"` // ISO 4217 code, e.g. "AUD"
	Bets     []Limit `json:"bets"`     // in the order the sign lists them; the first is the main wager
	// DifferentialMin and DifferentialMax are the table differentials the sign shows, in
	// cents (000 7.2-7.5, 001 3.6, 002 5.13, 004 5.17): the difference between the totals
	// wagered on the Banker and on the Player. Absent (0) for none. Added in v1 (issue 25).
	DifferentialMin int64 `json:"differential_min,omitempty"`
	DifferentialMax int64 `json:"differential_max,omitempty"`
	// Settlement is the Banker wager's settlement method the sign shows (SettleCommission or
	// SettleSixPaysHalf; 000 5.1, 001 8.2, 004 5.11); absent at a table that has none (Red
	// Dog). Added in v1 (issue 25).
	Settlement string `json:"settlement,omitempty"`
}

// Status is the table's identity and whether it is taking bets.
type Status struct {
	Name     string     `json:"name"`               // the table's name for people, e.g. "Baccarat 7"
	Game     string     `json:"game"`               // the game and version in words, e.g. "Baccarat — 5% commission"
	State    TableState `json:"state"`              // open, closing or closed
	ClosesAt time.Time  `json:"closes_at,omitzero"` // when closing: the announced closing time
	OpensAt  time.Time  `json:"opens_at,omitzero"`  // when closed: the reopening time, if known
}

// Head is an anchored journal head: the hash of the table's journal record Message.Seq, its
// newest when the message was sent.
type Head struct {
	Hash string `json:"hash"` // the record's hash, HeadHashLen lower-case hex digits
}

// HeadHashLen is the length of Head.Hash: a SHA-256 in hex.
const HeadHashLen = 64

// Subject is the NATS subject a message of type t from table id is published on:
// table.<id>.<type>.
func Subject(id string, t Type) string { return "table." + id + "." + string(t) }

// ErrForged is wrapped by CheckSubject's error: a message on one table's subject that claims
// to be another table's, or another type.
var ErrForged = errors.New("message does not match its subject")

// CheckSubject binds a message read from the bus to its sender: the bus's credentials let a
// table publish only on its own subjects (table.<id>.>), so a message is the table's only
// if it arrived on Subject(Table, Type). A message with no Subject (not read from the bus)
// passes.
func (m *Message) CheckSubject() error {
	if m.Subject == "" || m.Subject == Subject(m.Table, m.Type) {
		return nil
	}
	return fmt.Errorf("%w: table %s, type %s on subject %s", ErrForged, m.Table, m.Type, m.Subject)
}

// ValidTableID reports whether id can be a table id: 1 to 64 letters, digits, '-' or '_'
// (one NATS subject token, no wildcards).
func ValidTableID(id string) bool { return validPitID(id, "") }

// RoundFromOutcome is the round payload of outcome o, round n of the shoe.
func RoundFromOutcome(n int, kind engine.RoundKind, o engine.Outcome) Round {
	return Round{
		N: n, Kind: kind, Winner: o.Winner.String(),
		PlayerTotal: o.PlayerTotal, BankerTotal: o.BankerTotal, Natural: o.Natural,
		PlayerPair: o.PlayerPair, BankerPair: o.BankerPair,
		PlayerCards: o.PlayerCards, BankerCards: o.BankerCards, BankerFirstTwo: o.BankerFirstTwo,
		ResultOnly: o.TotalsUnknown,
	}
}

// Outcome is the engine outcome the round carries (WinnerNone for a cancelled round).
func (r Round) Outcome() engine.Outcome {
	return engine.Outcome{
		Winner: winnerOf(r.Winner), PlayerTotal: r.PlayerTotal, BankerTotal: r.BankerTotal,
		Natural: r.Natural, PlayerPair: r.PlayerPair, BankerPair: r.BankerPair,
		PlayerCards: r.PlayerCards, BankerCards: r.BankerCards, BankerFirstTwo: r.BankerFirstTwo,
		TotalsUnknown: r.ResultOnly,
	}
}

func winnerOf(s string) engine.Winner {
	switch s {
	case "B":
		return engine.Banker
	case "P":
		return engine.Player
	case "T":
		return engine.Tie
	}
	return engine.WinnerNone
}

// ErrInvalid is wrapped by every validation error of Decode and Validate.
var ErrInvalid = errors.New("invalid message")

// Decode parses and validates one message against its schema: a field the schema does not
// have (schema/v1) is refused like a missing one.
func Decode(data []byte) (Message, error) {
	var m Message
	if err := strictjson.Decode(data, &m); err != nil {
		return Message{}, fmt.Errorf("decode message: %w: %v", ErrInvalid, err)
	}
	if err := m.Validate(); err != nil {
		return Message{}, err
	}
	return m, nil
}

// Encode is the JSON of m after checking it is valid.
func Encode(m Message) ([]byte, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("encode message %s:%d: %w", m.Table, m.Seq, err)
	}
	return b, nil
}

func invalid(m *Message, format string, args ...any) error {
	return fmt.Errorf("message %s:%d (%s): %w: %s", m.Table, m.Seq, m.Type, ErrInvalid, fmt.Sprintf(format, args...))
}

// Validate checks that m is a message a board can apply without guessing: a known version and
// type, a valid table id, a journal sequence, and the payload its type requires, in range.
func (m *Message) Validate() error {
	if m.Refused != "" {
		return fmt.Errorf("message on %s refused: %w: %s", m.Subject, ErrInvalid, m.Refused)
	}
	if m.V != Version {
		return invalid(m, "version %d, want %d", m.V, Version)
	}
	if !ValidTableID(m.Table) {
		return invalid(m, "bad table id %q", m.Table)
	}
	if m.Type != TypeHeartbeat && m.Seq == 0 {
		return invalid(m, "no journal sequence")
	}
	if m.Shoe < 0 {
		return invalid(m, "negative shoe %d", m.Shoe)
	}
	switch {
	case m.Head != nil && m.Type != TypeHead:
		return invalid(m, "a head in a %s message", m.Type)
	case m.Round != nil && m.Type != TypeRound:
		return invalid(m, "a round in a %s message", m.Type)
	case m.Limits != nil && m.Type != TypeLimits && m.Type != TypeShoeStarted:
		return invalid(m, "limits in a %s message", m.Type)
	case m.Status != nil && m.Type != TypeStatus && m.Type != TypeShoeStarted:
		return invalid(m, "a status in a %s message", m.Type)
	case m.Access != nil && m.Type != TypeAccess:
		return invalid(m, "an access in a %s message", m.Type)
	case m.Notice != nil && m.Type != TypeNotice:
		return invalid(m, "a notice in a %s message", m.Type)
	case m.Review != nil && m.Type != TypeReview:
		return invalid(m, "a review in a %s message", m.Type)
	case m.Corrected != nil && m.Type != TypeRoundCorrected:
		return invalid(m, "a corrected round in a %s message", m.Type)
	case m.Withdrawn != nil && m.Type != TypeWithdrawn:
		return invalid(m, "a withdrawn change in a %s message", m.Type)
	}
	if m.Pace != nil {
		if (m.Round == nil || m.Round.Kind == engine.KindCancelled) && (m.RedDog == nil || m.RedDog.Kind == engine.KindCancelled) {
			return invalid(m, "a pace in a %s message that is not a round with a result", m.Type)
		}
		if err := m.Pace.validate(m); err != nil {
			return err
		}
	}
	if m.Software != "" && (m.Type != TypeHeartbeat || !printable(m.Software, MaxSoftware)) {
		return invalid(m, "software %.80q: only in a heartbeat, at most %d printable ASCII characters", m.Software, MaxSoftware)
	}
	switch m.Type {
	case TypeRound:
		if m.Round == nil {
			return invalid(m, "no round")
		}
		return m.Round.validate(m)
	case TypeShoeStarted:
		if m.Limits != nil {
			if err := m.Limits.validate(m); err != nil {
				return err
			}
		}
		if m.Status != nil {
			return m.Status.validate(m)
		}
	case TypeLimits:
		if m.Limits == nil {
			return invalid(m, "no limits")
		}
		return m.Limits.validate(m)
	case TypeStatus:
		if m.Status == nil {
			return invalid(m, "no status")
		}
		return m.Status.validate(m)
	case TypeHead:
		if m.Head == nil {
			return invalid(m, "no head")
		}
		if !lowerHex(m.Head.Hash, HeadHashLen) {
			return invalid(m, "head hash %.80q: want %d lower-case hex digits", m.Head.Hash, HeadHashLen)
		}
	case TypeRedDogRound:
		if m.RedDog == nil {
			return invalid(m, "no red dog round")
		}
		return m.RedDog.validate(m)
	case TypeAccess:
		if m.Access == nil {
			return invalid(m, "no access")
		}
		return m.Access.validate(m)
	case TypeNotice:
		if m.Notice == nil {
			return invalid(m, "no notice")
		}
		return m.Notice.validate(m)
	case TypeReview:
		if m.Review == nil {
			return invalid(m, "no review")
		}
		return m.Review.validate(m)
	case TypeRoundCorrected:
		if m.Corrected == nil {
			return invalid(m, "no corrected round")
		}
		return m.Corrected.validate(m)
	case TypeWithdrawn:
		if m.Withdrawn == nil {
			return invalid(m, "no withdrawn change")
		}
		return m.Withdrawn.validate(m)
	case TypeShoeEnded, TypeHeartbeat:
	default:
		return invalid(m, "unknown type %q", m.Type)
	}
	return nil
}

// UnmarshalJSON reads a round strictly, and refuses one without a kind.
func (r *Round) UnmarshalJSON(b []byte) error {
	type plain Round
	return decodeRound(b, (*plain)(r))
}

// decodeRound reads a round of either game into v strictly, its kind required.
func decodeRound(b []byte, v any) error {
	if err := strictjson.Decode(b, v); err != nil {
		return err
	}
	if err := strictjson.Require(b, "kind"); err != nil {
		return fmt.Errorf("round: %w", err)
	}
	return nil
}

func (r *Round) validate(m *Message) error { return r.check(m) }

// check checks round r of message m (a round, or either round of a correction).
func (r *Round) check(m *Message) error {
	if r.N < 1 {
		return invalid(m, "round number %d", r.N)
	}
	switch r.Kind {
	case engine.KindCancelled:
		if r.PlayerHand != nil || r.BankerHand != nil {
			return invalid(m, "round %d: cancelled, but cards given", r.N)
		}
		return nil
	case engine.KindNormal, engine.KindNoBet:
	default:
		return invalid(m, "unknown round kind %q", r.Kind)
	}
	w := winnerOf(r.Winner)
	if w == engine.WinnerNone {
		return invalid(m, "round %d: winner %q, want B, P or T", r.N, r.Winner)
	}
	if r.ResultOnly {
		if r.PlayerHand != nil || r.BankerHand != nil {
			return invalid(m, "round %d: result only, but cards given", r.N)
		}
		if r.PlayerTotal != 0 || r.BankerTotal != 0 || r.PlayerCards != 0 || r.BankerCards != 0 || r.BankerFirstTwo != 0 {
			return invalid(m, "round %d: result only, but totals %d/%d, cards %d/%d, banker first two %d (want all 0)",
				r.N, r.PlayerTotal, r.BankerTotal, r.PlayerCards, r.BankerCards, r.BankerFirstTwo)
		}
		return nil
	}
	if r.PlayerTotal < 0 || r.PlayerTotal > 9 || r.BankerTotal < 0 || r.BankerTotal > 9 {
		return invalid(m, "round %d: totals %d/%d out of 0..9", r.N, r.PlayerTotal, r.BankerTotal)
	}
	if engine.Decide(r.PlayerTotal, r.BankerTotal) != w {
		return invalid(m, "round %d: winner %s does not match Player %d, Banker %d", r.N, r.Winner, r.PlayerTotal, r.BankerTotal)
	}
	if r.PlayerCards < 2 || r.PlayerCards > 3 || r.BankerCards < 2 || r.BankerCards > 3 {
		return invalid(m, "round %d: card counts %d/%d, want 2 or 3", r.N, r.PlayerCards, r.BankerCards)
	}
	if r.BankerFirstTwo < 0 || r.BankerFirstTwo > 9 {
		return invalid(m, "round %d: banker first two %d out of 0..9", r.N, r.BankerFirstTwo)
	}
	if r.PlayerHand == nil && r.BankerHand == nil {
		return nil
	}
	if err := checkHand(m, r.N, "player_hand", r.PlayerHand, r.PlayerCards, r.PlayerTotal); err != nil {
		return err
	}
	return checkHand(m, r.N, "banker_hand", r.BankerHand, r.BankerCards, r.BankerTotal)
}

// checkHand checks a hand of round rn: n canonical card codes whose total is total.
func checkHand(m *Message, rn int, key string, hand []string, n, total int) error {
	if len(hand) != n {
		return invalid(m, "round %d: %s has %d cards, the round says %d", rn, key, len(hand), n)
	}
	cards := make([]engine.Card, len(hand))
	for i, code := range hand {
		c, err := engine.ParseCard(code)
		if err != nil || c.String() != code {
			return invalid(m, "round %d: %s card %.10q: want a card code such as 9H, TS or 9", rn, key, code)
		}
		cards[i] = c
	}
	if t := engine.Total(cards); t != total {
		return invalid(m, "round %d: %s totals %d, the round says %d", rn, key, t, total)
	}
	return nil
}

func (l *Limits) validate(m *Message) error {
	for _, b := range l.Bets {
		if b.Bet == "" || b.Min < 0 || b.Max < b.Min {
			return invalid(m, "limit %q %d..%d", b.Bet, b.Min, b.Max)
		}
	}
	if l.DifferentialMin < 0 || l.DifferentialMax < 0 || l.DifferentialMin > 0 && l.DifferentialMax > 0 && l.DifferentialMin > l.DifferentialMax {
		return invalid(m, "table differential_min %d, differential_max %d: want 0 (none) or more, the minimum not above the maximum", l.DifferentialMin, l.DifferentialMax)
	}
	if _, ok := PayoutOf(l.Settlement); l.Settlement != "" && !ok {
		return invalid(m, "settlement %.20q: want commission or six_pays_half", l.Settlement)
	}
	return nil
}

func (s *Status) validate(m *Message) error {
	switch s.State {
	case StateOpen, StateClosed:
	case StateClosing:
		if s.ClosesAt.IsZero() {
			return invalid(m, "closing with no closing time")
		}
	default:
		return invalid(m, "unknown table state %q", s.State)
	}
	return nil
}

// printable reports whether s is at most n printable ASCII characters.
func printable(s string, n int) bool {
	if len(s) > n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// lowerHex reports whether s is exactly n lower-case hex digits.
func lowerHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && (s[i] < 'a' || s[i] > 'f') {
			return false
		}
	}
	return true
}
