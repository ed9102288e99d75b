package table

import (
	"errors"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/engine"
)

// maxSeat is the highest seat number an Insurance/No 6 wager may name (0 is a standing player).
const maxSeat = 99

// placeInsurance registers an Insurance/No 6 wager on the round in progress. It is refused
// unless the table offers the wager (000 1.1, 6.5.4) and the engine has it open: the Banker's
// first two cards total 6, the Player must draw and the next card is not yet dealt (000 1.1).
// The amount must be a positive number of chips (000 6.1), no more than the covered Player or
// Banker wager when the dealer gives it (000 1.1), and no more than the sign's Insurance/No 6
// maximum (or, when the sign has none, its Player/Banker maximum, which bounds the covered wager).
func (s *State) placeInsurance(o Op, now time.Time) error {
	if !s.settlement.InsuranceNo6 {
		return errors.New("insurance: this table does not offer Insurance/No 6 (000 1.1, 6.5.4)")
	}
	v := s.game.View()
	if !v.InsuranceOpen {
		return errors.New("insurance: Insurance/No 6 is not open: it is placed only when the Banker's first two cards total 6 and the Player must draw, before the next card is dealt (000 1.1)")
	}
	if o.Seat < 0 || o.Seat > maxSeat {
		return fmt.Errorf("insurance: seat %d: want 0 (standing) to %d", o.Seat, maxSeat)
	}
	if o.Amount <= 0 {
		return fmt.Errorf("insurance: amount %s: must be positive", engine.FormatCents(o.Amount))
	}
	if chip := s.settlement.SmallestChip; chip > 0 && o.Amount%chip != 0 {
		return fmt.Errorf("insurance: amount %s: not a multiple of the smallest chip %s (000 6.1)", engine.FormatCents(o.Amount), engine.FormatCents(chip))
	}
	if o.Covers < 0 {
		return fmt.Errorf("insurance: covered wager %s: must not be negative", engine.FormatCents(o.Covers))
	}
	if o.Covers > 0 && o.Amount > o.Covers {
		return fmt.Errorf("insurance: %s is more than the player's Player or Banker wager %s (000 1.1)", engine.FormatCents(o.Amount), engine.FormatCents(o.Covers))
	}
	sign := s.board.SignAt(now).Sign
	limit := sign.Insurance.Max
	if limit <= 0 {
		limit = max(sign.Player.Max, sign.Banker.Max)
	}
	if limit > 0 && o.Amount > limit {
		return fmt.Errorf("insurance: %s is over the table's Insurance/No 6 maximum %s", engine.FormatCents(o.Amount), engine.FormatCents(limit))
	}
	covers := o.Covers
	if covers == 0 {
		covers = o.Amount
	}
	if len(s.insurance) > 0 && s.insuranceN != v.Coup {
		s.insurance = s.insurance[:0] // left from a round that never finished (cannot happen: settled or dropped at its end)
	}
	s.insuranceN = v.Coup
	s.insurance = append(s.insurance, engine.Wager{Seat: o.Seat, Kind: engine.WagerInsurance, Amount: o.Amount, Covers: covers})
	s.note(fmt.Sprintf("%s insurance %s on round %d (000 1.1)", seatName(o.Seat), engine.FormatCents(o.Amount), v.Coup))
	return nil
}

// settleInsurance settles the Insurance/No 6 wagers of a round when it finishes (000 10.1:
// 2 to 1, lost only to a Banker win with 6), with a note for each. A round that ends with no
// result, or a new shoe, returns them.
func (s *State) settleInsurance(e engine.Event) []engine.Settlement {
	if len(s.insurance) == 0 {
		return nil
	}
	switch {
	case e.Kind == engine.EvRound && e.Round.N == s.insuranceN:
	case e.Kind == engine.EvShoe:
	default:
		return nil
	}
	out := make([]engine.Settlement, 0, len(s.insurance))
	for _, w := range s.insurance {
		var st engine.Settlement
		err := fmt.Errorf("round %d has no result", s.insuranceN)
		if e.Kind == engine.EvRound && e.Round.Outcome.Winner != engine.WinnerNone {
			st, err = engine.Settle(w, e.Round.Outcome, s.settlement)
		}
		if err != nil {
			st = engine.Settlement{Wager: w, Result: engine.ResultVoid, Void: w.Amount, Returned: w.Amount}
			s.note(fmt.Sprintf("%s insurance %s returned: %v", seatName(w.Seat), engine.FormatCents(w.Amount), err))
			out = append(out, st)
			continue
		}
		s.note(InsuranceLine(st))
		out = append(out, st)
	}
	s.insurance = s.insurance[:0]
	return out
}

// InsuranceLine words a settled Insurance/No 6 wager: "seat 3 insurance wins $20 (000 10.1)",
// "seat 3 insurance loses $10 (000 1.1)", or returned when it could not be settled.
func InsuranceLine(st engine.Settlement) string {
	w := st.Wager
	head := seatName(w.Seat) + " insurance"
	var line string
	switch st.Result {
	case engine.ResultWin:
		line = fmt.Sprintf("%s wins %s (000 10.1)", head, engine.FormatCents(st.Paid))
	case engine.ResultLose:
		line = fmt.Sprintf("%s loses %s: Banker won with 6 (000 1.1)", head, engine.FormatCents(st.Lost))
	default:
		return fmt.Sprintf("%s %s returned", head, engine.FormatCents(st.Returned))
	}
	if st.Void > 0 {
		line += fmt.Sprintf("; %s over the covered wager returned (000 1.1)", engine.FormatCents(st.Void))
	}
	return line
}

func seatName(seat int) string {
	if seat == 0 {
		return "standing player"
	}
	return fmt.Sprintf("seat %d", seat)
}
