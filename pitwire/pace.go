package pitwire

// Pace is how fast a table deals, carried by its round messages (TypeRound, TypeRedDogRound):
// computed by the table from its journal's round times, so that every reader of the feed (and
// the pit board) sees the same figure whatever its own clock says.
type Pace struct {
	// HandsPerHour is the number of rounds with a result the table finished in the hour up to
	// and including this round (by their journal times): this one and those of the 60 minutes
	// before it. Cancelled rounds are not counted.
	HandsPerHour int `json:"hands_per_hour"`
}

// MaxHandsPerHour bounds Pace.HandsPerHour: faster than one round a second is not a table.
const MaxHandsPerHour = 3600

func (p *Pace) validate(m *Message) error {
	if p.HandsPerHour < 1 || p.HandsPerHour > MaxHandsPerHour {
		return invalid(m, "hands per hour %d out of 1..%d", p.HandsPerHour, MaxHandsPerHour)
	}
	return nil
}
