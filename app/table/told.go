package table

import (
	"encoding/json"
	"reflect"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/engine"
)

// told is what the pit board was last told of a table's sign and state (Due), for baccarat's
// State and Red Dog's RedDog alike.
type told struct {
	sign   *engine.Sign
	status journal.StatusPayload
}

// due returns the "limits" and "status" event records for sp and st that the pit board has not
// been told of, and remembers them as told.
func (t *told) due(now time.Time, shoe int, sp *journal.SignPayload, st *journal.StatusPayload) []journal.Record {
	var out []journal.Record
	add := func(ev journal.Event) {
		b, err := json.Marshal(ev)
		if err != nil {
			return
		}
		out = append(out, journal.Record{Time: now, Kind: journal.KindEvent, Source: journal.SourceConfig, Shoe: int64(shoe), Payload: b})
	}
	if t.sign == nil || !reflect.DeepEqual(*t.sign, sp.Sign) {
		t.sign = &sp.Sign
		add(journal.Event{Event: "limits", Shoe: shoe, Sign: sp})
	}
	if *st != t.status {
		t.status = *st
		add(journal.Event{Event: "status", Shoe: shoe, Status: st})
	}
	return out
}

// signBoard is what the status needs of a sign board: engine.Board, or the desk that holds it.
type signBoard interface {
	SignAt(time.Time) engine.SignView
	Changes() []engine.Scheduled
}

// boardStatus says whether a table with sign board b is open, closing (a closing posted and
// still to come) or closed at now.
func boardStatus(b signBoard, name, game string, now time.Time) *journal.StatusPayload {
	st := &journal.StatusPayload{Name: name, Game: game, State: "open"}
	if b.SignAt(now).Closed {
		st.State, st.OpensAt = "closed", opensAt(b.Changes(), now)
		return st
	}
	for _, c := range b.Changes() {
		if c.Close && c.At.After(now) && !c.Posted.After(now) {
			st.State, st.ClosesAt = "closing", c.At
			break
		}
	}
	return st
}
