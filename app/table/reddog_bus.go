package table

import (
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/engine"
)

// RedDogGame is a Red Dog table's game in words on the pit bus.
const RedDogGame = "Red Dog"

// Due returns the "limits" and "status" event records for changes of the sign or the table's
// state that took effect by now and the pit board has not been told of (at start-up, the
// state as it is), as baccarat's State does: the sign of the one wager, "bet" (003 6.1), and
// open, closing (10.7) or closed. The loop journals them on its clock tick; they are derived
// and replay ignores them.
func (r *RedDog) Due(now time.Time) []journal.Record {
	sp := &journal.SignPayload{Currency: r.setup.CurrencyCode, Sign: engine.Sign{Player: r.desk.SignAt(now).Sign.Player}, Wager: "bet"}
	return r.told.due(now, r.Shoe(), sp, boardStatus(r.desk, r.setup.Name, RedDogGame, now))
}
