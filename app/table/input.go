package table

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// Input is one input to a table, as it is journalled (the payload of an input record).
// Exactly one of its fields is set.
type Input struct {
	// Game is a card or a shoe/dealer/supervisor word for the engine (spec/shoe-protocol.md §4),
	// or a game input the shoe link reports (a doubt, the shoe's own result).
	Game *engine.Input `json:"game,omitempty"`
	// Command is an operator command of the table script (spec/table-script.md §1): a wager,
	// a Run wager or nomination, commission deferred or collected, limits, a differential, a
	// setting, the closing. The table aggregate (engine/desk) decides it. Its As and Reason are
	// left zero: who gave it and why are the journal record's actor and reason.
	Command *desk.Command `json:"command,omitempty"`
	// Op is an operator action that is not a command of the table script: a whole sign posted
	// from the operator screen, an alert cleared, the clean stop.
	Op *Op `json:"op,omitempty"`
	// Alert is a problem reported by the shoe link that a supervisor must clear
	// ("shoe sent conflicting data", "shoe restarted"); it persists across restarts.
	Alert *Alert `json:"alert,omitempty"`
}

// OpKind names an operator command.
type OpKind string

// The operator actions that are not table-script commands (those are Input.Command).
const (
	OpSchedule   OpKind = "schedule"    // post a change of the sign (Change), or the closing (Change.Close)
	OpClearAlert OpKind = "alert.clear" // clear alert AlertID
	OpReopen     OpKind = "reopen"      // reopen a closed table (journal schema kind "reopen"; the table refuses it: a reopening is a sign posted after the closing)
	OpCleanStop  OpKind = "stop"        // the program stopped cleanly (written at exit; not an operator action)
)

// Op is an operator action that is not a table-script command.
type Op struct {
	Kind    OpKind         `json:"kind"`
	Change  *engine.Change `json:"change,omitempty"`
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
	for _, set := range []bool{in.Game != nil, in.Command != nil, in.Op != nil, in.Alert != nil} {
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
