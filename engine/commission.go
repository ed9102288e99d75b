package engine

import (
	"fmt"
	"sort"
)

// CollectReason is why deferred commission is collected (000 10.2.1(a)).
type CollectReason uint8

// The occasions on which deferred commission is settled.
const (
	CollectEndOfShoe  CollectReason = iota + 1 // at the completion of each shoe, before the next (10.2.1(a))
	CollectOnRequest                           // the player asks for an earlier settlement (10.2.1(a)(i))
	CollectLeaving                             // the player ceases wagering before the end of the shoe (10.2.1(a)(ii))
	CollectManagement                          // at the discretion of management (10.2.1(a)(iii))
)

var collectReasonNames = [...]string{"", "end of shoe", "player's request", "player leaving", "management"}

// String names the occasion.
func (r CollectReason) String() string {
	if int(r) < len(collectReasonNames) && r != 0 {
		return collectReasonNames[r]
	}
	return "?"
}

// Collection is deferred commission collected from one seat.
type Collection struct {
	Seat   int           // the seat that paid
	Amount int64         // cents
	Reason CollectReason // the occasion
	Rule   string        // the rule number
}

// CommissionMarker is the marker button showing the commission a seat owes (000 10.2.1(b)).
type CommissionMarker struct {
	Seat   int   // the seat owing
	Amount int64 // cents owed
}

// CommissionLedger records commission deferred per seat (000 10.2.1). The zero value is an
// empty ledger ready to use. It is a pure value type: methods never read the clock.
type CommissionLedger struct {
	owed map[int]int64
}

// Record adds the deferred commission of a settlement to its seat's marker. A settlement with
// no deferred commission changes nothing.
func (l *CommissionLedger) Record(s Settlement) error {
	if s.DeferredCommission == 0 {
		return nil
	}
	return l.Defer(s.Wager.Seat, s.DeferredCommission)
}

// Defer adds cents to what the seat owes. Only seated players may defer (seat > 0, 10.2.1).
func (l *CommissionLedger) Defer(seat int, cents int64) error {
	if seat <= 0 {
		return fmt.Errorf("defer commission for seat %d: seated players only (000 10.2.1)", seat)
	}
	if cents <= 0 || cents > maxCents {
		return fmt.Errorf("defer commission of %d cents for seat %d: amount out of range", cents, seat)
	}
	if l.owed == nil {
		l.owed = map[int]int64{}
	}
	if l.owed[seat]+cents > maxCents {
		return fmt.Errorf("defer commission for seat %d: total owed out of range", seat)
	}
	l.owed[seat] += cents
	return nil
}

// Owed is what the seat owes now.
func (l *CommissionLedger) Owed(seat int) int64 { return l.owed[seat] }

// Total is what all seats owe.
func (l *CommissionLedger) Total() int64 {
	var t int64
	for _, v := range l.owed {
		t += v
	}
	return t
}

// Markers lists the marker buttons on the layout, by seat (000 10.2.1(b)).
func (l *CommissionLedger) Markers() []CommissionMarker {
	out := make([]CommissionMarker, 0, len(l.owed))
	for s, v := range l.owed {
		out = append(out, CommissionMarker{Seat: s, Amount: v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Seat < out[j].Seat })
	return out
}

// Collect settles one seat's deferred commission early: on request, when the player leaves, or
// at management's discretion (000 10.2.1(a)(i)-(iii)). A seat that owes nothing is an error.
func (l *CommissionLedger) Collect(seat int, why CollectReason) (Collection, error) {
	if why < CollectOnRequest || why > CollectManagement {
		return Collection{}, fmt.Errorf("collect commission from seat %d: use EndOfShoe for the end of a shoe", seat)
	}
	v, ok := l.owed[seat]
	if !ok {
		return Collection{}, fmt.Errorf("collect commission from seat %d: nothing owed", seat)
	}
	delete(l.owed, seat)
	return Collection{Seat: seat, Amount: v, Reason: why, Rule: "000 10.2.1(a)"}, nil
}

// EndOfShoe collects every seat's deferred commission at the completion of the shoe and empties
// the ledger (000 10.2.1(a)), seats in order.
func (l *CommissionLedger) EndOfShoe() []Collection {
	var out []Collection
	for _, m := range l.Markers() {
		out = append(out, Collection{Seat: m.Seat, Amount: m.Amount, Reason: CollectEndOfShoe, Rule: "000 10.2.1(a)"})
	}
	l.owed = nil
	return out
}

// ReadyForNextShoe is an error naming the seats that still owe deferred commission: it must be
// collected before the next shoe commences (000 10.2.1(a)); it writes the amount in the table's
// currency c.
func (l *CommissionLedger) ReadyForNextShoe(c Currency) error {
	if len(l.owed) == 0 {
		return nil
	}
	return fmt.Errorf("deferred commission of %s still owed by %d seat(s) (000 10.2.1(a)): collect before the next shoe",
		c.Amount(l.Total()), len(l.owed))
}
