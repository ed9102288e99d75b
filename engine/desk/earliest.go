package desk

import (
	"errors"
	"time"

	"github.com/coupboard/coupboard/engine"
)

// Earliest is the earliest time at which change may take effect on a table whose notice rules
// are notices and whose sign is sign, if posted at now — what the table's own board would
// answer (engine.Board.Schedule, engine.Earliest), for a pit that offers a time before it
// posts. closes is when the table closed or closes (zero when it is open and no closing is
// announced): the closing is taken as posted at least its notice period before it. rule is
// the rule that asks for notice ("" when none is needed). A change the rules refuse whatever
// its time is an error.
func Earliest(notices engine.NoticeRules, sign engine.Sign, closes time.Time, change engine.Change, now time.Time) (at time.Time, rule string, err error) {
	b, err := engine.NewBoard(notices, sign)
	if err != nil {
		return time.Time{}, "", err
	}
	if !closes.IsZero() {
		posted := closes.Add(-notices.Period())
		if now.Before(posted) {
			posted = now
		}
		if _, err := b.Schedule(engine.Change{At: closes, Close: true}, posted); err != nil {
			return time.Time{}, "", err
		}
	}
	change.At = now
	if _, err = b.Schedule(change, now); err == nil {
		return now, "", nil
	}
	t, ok := engine.Earliest(err)
	if !ok {
		return time.Time{}, "", err
	}
	var ne *engine.NoticeError
	if errors.As(err, &ne) {
		rule = ne.Rule
	}
	return t, rule, nil
}
