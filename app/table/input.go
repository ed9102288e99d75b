package table

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/coupboard/coupboard/engine"
)

// Input is one input to a table, as it is journalled (the payload of an input record).
// Exactly one of its fields is set.
type Input struct {
	// Game is a card or a shoe/dealer/supervisor word for the engine (spec/shoe-protocol.md §4).
	Game *engine.Input `json:"game,omitempty"`
	// Op is an operator command that is not a game input: limits, closing, runs, commission, alerts.
	Op *Op `json:"op,omitempty"`
	// Alert is a problem reported by the shoe link that a supervisor must clear
	// ("shoe sent conflicting data", "shoe restarted"); it persists across restarts.
	Alert *Alert `json:"alert,omitempty"`
}

// OpKind names an operator command.
type OpKind string

// The operator commands.
const (
	OpSchedule   OpKind = "schedule"           // post a change of the sign (Change), or the closing (Change.Close)
	OpPlaceRun   OpKind = "run.place"          // register a Run wager: Seat, RunKind, Length, Amount (000 6.5.5)
	OpNominate   OpKind = "run.nominate"       // a combination run's hand for the next coup: RunID, Hand (000 6.5.7)
	OpDefer      OpKind = "commission.defer"   // defer Amount of commission for Seat (000 10.2)
	OpCollect    OpKind = "commission.collect" // collect Seat's deferred commission (000 10.2)
	OpInsurance  OpKind = "insurance"          // place an Insurance/No 6 wager while it is open: Seat, Amount, Covers (000 1.1)
	OpClearAlert OpKind = "alert.clear"        // clear alert AlertID
	OpReopen     OpKind = "reopen"             // reopen a closed table
	OpCleanStop  OpKind = "stop"               // the program stopped cleanly (written at exit; not an operator action)
)

// Op is an operator command.
type Op struct {
	Kind    OpKind         `json:"kind"`
	Change  *engine.Change `json:"change,omitempty"`
	Seat    int            `json:"seat,omitempty"`
	RunKind engine.RunKind `json:"run_kind,omitempty"`
	Length  int            `json:"length,omitempty"`
	Amount  int64          `json:"amount,omitempty"` // cents
	Covers  int64          `json:"covers,omitempty"` // OpInsurance: the covered Player or Banker wager in cents, 0 if not given (000 1.1)
	RunID   int            `json:"run_id,omitempty"`
	Hand    engine.Winner  `json:"hand,omitempty"`
	AlertID int            `json:"alert_id,omitempty"`
}

// Alert is a problem a supervisor must clear. ID is assigned by State.
type Alert struct {
	ID     int       `json:"id,omitempty"`
	Text   string    `json:"text"`
	Raised time.Time `json:"raised,omitempty"`
	// Key, when set, makes the alert replace an uncleared alert with the same key: there is
	// one current recovery notice, not one per restart (the journal keeps every one).
	Key string `json:"key,omitempty"`
}

// replaceAlert adds a to alerts, removing first any uncleared alert with a's Key.
func replaceAlert(alerts []Alert, a Alert) []Alert {
	if a.Key != "" {
		alerts = slices.DeleteFunc(alerts, func(x Alert) bool { return x.Key == a.Key })
	}
	return append(alerts, a)
}

// parts counts the fields that are set; a valid input has exactly one.
func (in Input) parts() int {
	n := 0
	for _, set := range []bool{in.Game != nil, in.Op != nil, in.Alert != nil} {
		if set {
			n++
		}
	}
	return n
}

// Encode is the input's journal payload, in the journal's input schema (app/journal/inputs).
func (in Input) Encode() (json.RawMessage, error) { return encodeSchema(in) }

// DecodeInput reads an input's journal payload, of any schema version (app/journal/inputs).
func DecodeInput(payload []byte) (Input, error) { return decodeSchema(payload) }
