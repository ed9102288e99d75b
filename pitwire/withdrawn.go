package pitwire

import (
	"slices"
	"time"

	"github.com/coupboard/coupboard/engine"
)

// TypeWithdrawn is a change of a table's sign withdrawn before it took effect (the table
// script's !withdraw, at the operator screen or from the pit; engine.Board.Withdraw): every
// notice of that change (TypeNotice with the same Change) comes off the sign, and the sign in
// force stays as it is. Its payload is Message.Withdrawn.
const TypeWithdrawn Type = "withdrawn"

// The kinds of change a withdrawal names (Withdrawn.Kinds): engine.ChangeKind's, in the feed's words.
const (
	WithdrawnRaiseMinimum = "raise_minimum"
	WithdrawnLowerMinimum = "lower_minimum"
	WithdrawnMaximum      = "maximum"
	WithdrawnMultiples    = "multiples"
	WithdrawnDifferential = "differential"
	WithdrawnSettlement   = "settlement"
	WithdrawnClose        = "close"
	WithdrawnOpen         = "open"
)

// withdrawnKinds are the feed's words for engine.ChangeKind's bits, in the bits' order.
var withdrawnKinds = []struct {
	kind engine.ChangeKind
	word string
}{
	{engine.ChangeRaiseMinimum, WithdrawnRaiseMinimum}, {engine.ChangeLowerMinimum, WithdrawnLowerMinimum},
	{engine.ChangeMaximum, WithdrawnMaximum}, {engine.ChangeMultiples, WithdrawnMultiples},
	{engine.ChangeDifferential, WithdrawnDifferential}, {engine.ChangeSettlement, WithdrawnSettlement},
	{engine.ChangeClose, WithdrawnClose}, {engine.ChangeOpen, WithdrawnOpen},
}

// WithdrawnKindsOf is the feed's words for the kinds of change in k, in a fixed order.
func WithdrawnKindsOf(k engine.ChangeKind) []string {
	var out []string
	for _, w := range withdrawnKinds {
		if k&w.kind != 0 {
			out = append(out, w.word)
		}
	}
	return out
}

// Withdrawn is a change of the sign withdrawn before it took effect.
type Withdrawn struct {
	// Change is the number of the change withdrawn: the Change of its notices (Notice.Change).
	Change int `json:"change"`
	// Posted is when the change was posted; Effective when it would have taken effect.
	Posted    time.Time `json:"posted"`
	Effective time.Time `json:"effective"`
	// Kinds are what it would have changed (WithdrawnRaiseMinimum, ...), each once (a table
	// writes them in the order of the constants); absent when the table does not say.
	Kinds []string `json:"kinds,omitempty"`
	// Rule is the book's rule on withdrawing a posted change ("000 7.7, 13.7"); absent when the
	// book has none.
	Rule string `json:"rule,omitempty"`
}

func (w *Withdrawn) validate(m *Message) error {
	if w.Change < 1 {
		return invalid(m, "withdrawn change %d, want 1 or more", w.Change)
	}
	if w.Posted.IsZero() || w.Effective.IsZero() || w.Effective.Before(w.Posted) {
		return invalid(m, "withdrawn change posted %s, effective %s: want both, effective not before posted", w.Posted.Format(time.RFC3339), w.Effective.Format(time.RFC3339))
	}
	if w.Kinds != nil && len(w.Kinds) == 0 || len(w.Kinds) > len(withdrawnKinds) {
		return invalid(m, "withdrawn change of %d kinds: 1 to %d, or none given", len(w.Kinds), len(withdrawnKinds))
	}
	for i, k := range w.Kinds {
		known := false
		for _, x := range withdrawnKinds {
			known = known || x.word == k
		}
		if !known || slices.Contains(w.Kinds[:i], k) {
			return invalid(m, "withdrawn kind %.20q: want raise_minimum, lower_minimum, maximum, multiples, differential, settlement, close or open, each once", k)
		}
	}
	if !printable(w.Rule, MaxNoticeRule) {
		return invalid(m, "withdrawn rule %.80q: at most %d printable ASCII characters", w.Rule, MaxNoticeRule)
	}
	return nil
}
