package pitwire

import "github.com/coupboard/coupboard/engine"

// TypeReview is a coup held for the supervisor's review, or the review resolved (doubt stops
// the coup: spec/shoe-protocol.md §2; docs/operator.md "Under review"). Its payload is
// Message.Review. It names the kind of each reason, never the reason's words: those may name a
// card still face down, or totals made of one.
const TypeReview Type = "review"

// The states of a Review.
const (
	ReviewHeld     = "held"     // coup N waits for the supervisor; Reasons says why
	ReviewResolved = "resolved" // the supervisor resolved the review of coup N; Resolution says how
)

// The resolutions of a review (engine.ResolvedConfirmed, ...).
const (
	ResolutionConfirmed = "confirmed" // the cards were confirmed as read
	ResolutionEntered   = "entered"   // the supervisor entered the cards (the coup was reconstructed)
	ResolutionCancelled = "cancelled" // the coup was cancelled
)

// The kinds of reason a Review gives are engine.ReviewKinds: the shoe link's doubts ("lost",
// "unreadable", "conflict", "replay", "restart", "disconnect", "repeat"), the shoe's own result
// ("shoe_result") and an irregularity the rules cannot place ("irregular").

// MaxReviewReasons bounds Review.Reasons.
const MaxReviewReasons = 16

// Review is a coup held for review, or its review resolved.
type Review struct {
	// N is the coup: its number in the shoe (baccarat), or the round's number over the session
	// (Red Dog, 003 9.7).
	N     int    `json:"n"`
	State string `json:"state"` // ReviewHeld or ReviewResolved
	// Reasons are, when held, the kinds of reason (ReviewReasons), never the words.
	Reasons []string `json:"reasons,omitempty"`
	// Resolution is, when resolved, how (ResolutionConfirmed, ...).
	Resolution string `json:"resolution,omitempty"`
	// Rule is the rule the table applied: the book's rule for disputes (held, Red Dog 003 10.10)
	// or the one the supervisor resolved under (000 13.10, ...); absent when the book has none.
	Rule string `json:"rule,omitempty"`
}

func (r *Review) validate(m *Message) error {
	if r.N < 1 {
		return invalid(m, "review of coup %d", r.N)
	}
	switch r.State {
	case ReviewHeld:
		if len(r.Reasons) == 0 || len(r.Reasons) > MaxReviewReasons || r.Resolution != "" {
			return invalid(m, "coup %d held with %d reasons and resolution %.20q: want 1 to %d reasons and no resolution", r.N, len(r.Reasons), r.Resolution, MaxReviewReasons)
		}
		for _, k := range r.Reasons {
			if !knownReason(k) {
				return invalid(m, "coup %d held: reason %.20q is not a kind of reason (%v)", r.N, k, engine.ReviewKinds())
			}
		}
	case ReviewResolved:
		switch r.Resolution {
		case ResolutionConfirmed, ResolutionEntered, ResolutionCancelled:
		default:
			return invalid(m, "coup %d resolved: resolution %.20q, want confirmed, entered or cancelled", r.N, r.Resolution)
		}
		if len(r.Reasons) > 0 {
			return invalid(m, "coup %d resolved with reasons", r.N)
		}
	default:
		return invalid(m, "review state %.20q, want held or resolved", r.State)
	}
	if !printable(r.Rule, MaxNoticeRule) {
		return invalid(m, "review rule %.80q: at most %d printable ASCII characters", r.Rule, MaxNoticeRule)
	}
	return nil
}

func knownReason(k string) bool {
	for _, r := range engine.ReviewKinds() {
		if k == string(r) {
			return true
		}
	}
	return false
}

// ReviewReasonOf is the kind of reason the bus carries for a review's reason as the engine
// words it (engine.ReviewKindOf): never the words.
func ReviewReasonOf(reason string) string { return string(engine.ReviewKindOf(reason)) }
