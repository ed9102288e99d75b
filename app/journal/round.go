package journal

import (
	"encoding/json"
	"fmt"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/internal/strictjson"
)

// Round is the payload of a KindRound record: one finished round as recall, export and the
// pit publisher read it. The app fills it from the engine's result in the same AppendBatch as
// the input that finished the round.
type Round struct {
	N           int              `json:"n"`                  // round number within the shoe, from 1
	Shoe        int64            `json:"shoe"`               // shoe number
	Player      []string         `json:"player"`             // Player's cards in the order dealt, as card codes ("AS", "TD", …)
	Banker      []string         `json:"banker"`             // Banker's cards in the order dealt
	PlayerTotal int              `json:"player_total"`       // 0-9
	BankerTotal int              `json:"banker_total"`       // 0-9
	Winner      string           `json:"winner"`             // "B", "P", "T", or "" for a cancelled round
	Natural     bool             `json:"natural"`            // either hand was a natural
	PlayerPair  bool             `json:"player_pair"`        // Player's first two cards are a pair
	BankerPair  bool             `json:"banker_pair"`        // Banker's first two cards are a pair
	Kind        engine.RoundKind `json:"kind"`               // "normal", "nobet" or "cancelled" (rule-profiles.md "Round kinds"); required
	Notes       []string         `json:"notes,omitempty"`    // irregularities and the rules applied, e.g. "11.7.1 dummy coup"
	Source      string           `json:"source,omitempty"`   // where the cards came from: SourceShoe, SourceManual or SourceShoeAndManual
	Operator    string           `json:"operator,omitempty"` // operator id who entered or corrected cards, if any
	// ResultOnly is set for a result entered by hand without its cards (issue 10): no cards,
	// totals 0 (unknown), the winner and the natural and pairs as entered.
	ResultOnly bool `json:"result_only,omitempty"`
	// Review is set for a round that was put under review (issue 21): why, and how the
	// supervisor resolved it. A live table writes a round under review only once resolved.
	Review *Review `json:"review,omitempty"`
	// Corrected is set on the record of a finished round whose cards the supervisor entered
	// after the fact ("!reconstruct N …", issue 21): it replaces the earlier record of round N of
	// the shoe, which stays in the journal as it was recorded.
	Corrected bool `json:"corrected,omitempty"`
}

// Review says why a round was put under review and how the supervisor resolved it.
type Review struct {
	Reasons []string `json:"reasons"` // why, in words ("shoe data lost (1 frame(s): SEQ 0012 follows 0010)")
	// Resolution is "confirmed" (the cards as read), "entered" (the supervisor entered the
	// cards), "cancelled", or "" when no supervisor resolved it (a script replay, or a round
	// cancelled by the rules).
	Resolution string `json:"resolution"`
	Rule       string `json:"rule,omitempty"` // the book's rule the supervisor resolved it under
}

// Review states, as export shows them.
const (
	ReviewPending  = "under review"
	ReviewResolved = "resolved"
	// ReviewCorrected is the state of a round's record that corrects an earlier one (Round.Corrected).
	ReviewCorrected = "corrected"
)

// Round kinds are the engine's (engine.RoundKind, spec/rule-profiles.md "Round kinds"), named
// here as the operator screen reads them.
const (
	RoundNormal    = engine.KindNormal
	RoundNoBet     = engine.KindNoBet
	RoundCancelled = engine.KindCancelled
)

// DecodeRound parses the payload of a KindRound record strictly (unknown fields and trailing
// data are errors) and checks that it is a possible round: shoe and round number positive,
// totals 0-9, a known kind, the winner the totals make, at most three cards a side; for a
// result entered without cards (ResultOnly), no cards, totals 0 and a winner B, P or T.
func DecodeRound(payload []byte) (Round, error) {
	var r Round
	if err := strictjson.Decode(payload, &r); err != nil {
		return Round{}, fmt.Errorf("decode round: %w", err)
	}
	if err := strictjson.Require(payload, "kind"); err != nil {
		return Round{}, fmt.Errorf("decode round: %w", err)
	}
	if err := r.Check(); err != nil {
		return Round{}, fmt.Errorf("decode round: %w", err)
	}
	return r, nil
}

// Check reports the first thing that makes r impossible.
func (r Round) Check() error {
	switch {
	case r.N < 1:
		return fmt.Errorf("round number %d: must be 1 or more", r.N)
	case r.Shoe < 1:
		return fmt.Errorf("round %d: shoe %d: must be 1 or more", r.N, r.Shoe)
	case r.PlayerTotal < 0 || r.PlayerTotal > 9 || r.BankerTotal < 0 || r.BankerTotal > 9:
		return fmt.Errorf("round %d: totals %d/%d: must be 0-9", r.N, r.PlayerTotal, r.BankerTotal)
	case len(r.Player) > 3 || len(r.Banker) > 3:
		return fmt.Errorf("round %d: %d Player and %d Banker cards: at most 3 each", r.N, len(r.Player), len(r.Banker))
	case r.ResultOnly && (len(r.Player) > 0 || len(r.Banker) > 0 || r.PlayerTotal != 0 || r.BankerTotal != 0):
		return fmt.Errorf("round %d: result only, but %d Player and %d Banker cards, totals %d/%d: want none",
			r.N, len(r.Player), len(r.Banker), r.PlayerTotal, r.BankerTotal)
	}
	if r.Review != nil && len(r.Review.Reasons) == 0 {
		return fmt.Errorf("round %d: under review with no reason", r.N)
	}
	switch r.Kind {
	case engine.KindNormal, engine.KindNoBet:
		if r.ResultOnly {
			if r.Winner != "B" && r.Winner != "P" && r.Winner != "T" {
				return fmt.Errorf("round %d: result only, winner %q: must be B, P or T", r.N, r.Winner)
			}
			return nil
		}
		want := "T"
		if r.PlayerTotal > r.BankerTotal {
			want = "P"
		} else if r.BankerTotal > r.PlayerTotal {
			want = "B"
		}
		if r.Winner != want {
			return fmt.Errorf("round %d: winner %q but totals Player %d, Banker %d make it %q", r.N, r.Winner, r.PlayerTotal, r.BankerTotal, want)
		}
	case engine.KindCancelled:
		if r.Winner != "" {
			return fmt.Errorf("round %d: cancelled round has winner %q", r.N, r.Winner)
		}
	default:
		return fmt.Errorf("round %d: kind %q: must be normal, nobet or cancelled", r.N, r.Kind)
	}
	return nil
}

// Payload encodes r as the payload of a KindRound record, after checking it.
func (r Round) Payload() (json.RawMessage, error) {
	if err := r.Check(); err != nil {
		return nil, fmt.Errorf("encode round: %w", err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("encode round %d: %w", r.N, err)
	}
	return b, nil
}
