package journal

import (
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
)

// The journal's event schema: the payloads of the records the table derives from its inputs
// besides baccarat's rounds (Round): engine events, the table's own "limits" and "status"
// events, and Red Dog's rounds. The table (app/table) writes them; recall, export and the pit
// publisher (app/outbox) read them.

// KindRoundRedDog is the journal kind of a finished Red Dog round, derived in the same batch as
// its input. Its payload is the round as `coupboard replay --profile vic-red-dog-1997` prints it
// (reddog.Record), not Round, which is baccarat's. Red Dog's other events are
// KindEvent records with reddog.Record payloads.
const KindRoundRedDog = "round.reddog"

// EventNotice is the event of a derived record holding one notice the table posted on its sign
// (engine/desk's outcome: the item, the wager, the old and new amount, when it takes effect and
// the rule), written in the same transaction as the command that posted it. The outbox
// publishes it as a pitwire.TypeNotice message. Replay ignores it (it is derived).
const EventNotice = "notice"

// NoticeVersion is the version of a notice record's payload (Event.V, Event.Notice).
const NoticeVersion = 1

// EventWithdrawn is the event of a derived record holding one change of the sign the table
// withdrew before it took effect (engine/desk's Outcome.Withdrawn: a !withdraw at the operator
// screen or from the pit), written in the same transaction as the command: the notices of that
// change (EventNotice records with its number) are off the sign. The outbox publishes it as a
// pitwire.TypeWithdrawn message. Replay ignores it (it is derived).
const EventWithdrawn = "withdrawn"

// WithdrawnVersion is the version of a withdrawn record's payload (Event.V, Event.Withdrawn).
const WithdrawnVersion = 1

// Event is the journal (and pit bus) payload of an engine event other than a round, and of the
// table's own "limits" and "status" events (written when the sign or the table's state changes).
type Event struct {
	Event string `json:"event"`
	// Sign and Status are snapshots for the pit board: on "shoe" (a new shoe starts the board's
	// picture of the table afresh), on "limits" (Sign) and on "status" (Status).
	Sign   *SignPayload   `json:"sign,omitempty"`
	Status *StatusPayload `json:"status,omitempty"`
	Shoe   int            `json:"shoe"`
	N      int            `json:"n,omitempty"`
	Shown  []string       `json:"shown,omitempty"`
	Hidden int            `json:"hidden,omitempty"`
	Rule   string         `json:"rule,omitempty"`
	Reason string         `json:"reason,omitempty"`
	Key    string         `json:"key,omitempty"`
	Value  string         `json:"value,omitempty"`
	// V is the version of a payload that carries one (EventNotice: NoticeVersion;
	// EventWithdrawn: WithdrawnVersion).
	V int `json:"v,omitempty"`
	// Notice is the notice of an EventNotice record (notices.go).
	Notice *pitwire.Notice `json:"notice,omitempty"`
	// Withdrawn is the change withdrawn of an EventWithdrawn record.
	Withdrawn *pitwire.Withdrawn `json:"withdrawn,omitempty"`
}

// SignPayload is the limit sign in effect (amounts in cents).
type SignPayload struct {
	Currency string      `json:"currency"` // ISO 4217 code
	Sign     engine.Sign `json:"sign"`
	// Wager names a sign of one wager, Sign.Player ("bet" at a Red Dog table, 003 6.1); ""
	// for baccarat's sign.
	Wager string `json:"wager,omitempty"`
}

// StatusPayload is whether the table is open, closing (at ClosesAt) or closed, with its name
// and game in words.
type StatusPayload struct {
	Name     string    `json:"name"`
	Game     string    `json:"game"`
	State    string    `json:"state"` // "open", "closing", "closed"
	ClosesAt time.Time `json:"closes_at,omitzero"`
	OpensAt  time.Time `json:"opens_at,omitzero"` // when closed: when it opens again, if posted
}

// EventPayload is the payload of an engine event: only what may be shown (a face-down burn is a count).
func EventPayload(e engine.Event) Event {
	ev := Event{Event: e.Kind.String(), Shoe: e.Shoe, N: e.N, Hidden: e.Hidden, Rule: e.Rule, Reason: e.Reason, Key: e.Key, Value: e.Value}
	for _, c := range e.Shown {
		ev.Shown = append(ev.Shown, c.String())
	}
	return ev
}
