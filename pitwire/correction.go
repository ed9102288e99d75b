package pitwire

import "github.com/coupboard/coupboard/engine"

// TypeRoundCorrected is a finished round corrected after the fact: the supervisor put it under
// review (a dispute, or the shoe's own result against the cards) and entered the cards really
// dealt ("!reconstruct N CARD…", issue 21; 000 13.10, 002/004 12.6). Its payload is
// Message.Corrected. A reader replaces round N of the shoe with Corrected.Round: the roads and
// statistics follow it; the hands per hour do not change (the round was dealt once). A reader
// that does not know the type ignores it (docs/integrator.md "Upgrading"), and keeps the first
// result.
const TypeRoundCorrected Type = "round_corrected"

// Correction is round N of the shoe as corrected, the result it replaces and the rule applied.
// Both rounds are baccarat rounds with a result: a cancelled round has no result to correct,
// and a Red Dog round cannot be corrected (its book has no such rule: a disputed Red Dog round
// is confirmed or cancelled, 003 10.10).
type Correction struct {
	// Round is round N as corrected: its cards, every one turned, and the result they make.
	Round Round `json:"round"`
	// Replaces is the result round N had until now (the round message, or the previous
	// correction, it replaces): the same N and kind.
	Replaces Round `json:"replaces"`
	// Rule is the book's rule the supervisor corrected the round under (000 13.10, ...).
	Rule string `json:"rule"`
}

func (c *Correction) validate(m *Message) error {
	for _, r := range []*Round{&c.Round, &c.Replaces} {
		if r.Kind == engine.KindCancelled {
			return invalid(m, "correction of round %d: a cancelled round has no result to correct", r.N)
		}
		if err := r.check(m); err != nil {
			return err
		}
	}
	if c.Replaces.N != c.Round.N || c.Replaces.Kind != c.Round.Kind {
		return invalid(m, "correction of round %d (%s) replaces round %d (%s): want the same round and kind", c.Round.N, c.Round.Kind, c.Replaces.N, c.Replaces.Kind)
	}
	if c.Rule == "" || !printable(c.Rule, MaxNoticeRule) {
		return invalid(m, "correction rule %.80q: want 1 to %d printable ASCII characters", c.Rule, MaxNoticeRule)
	}
	return nil
}
