package operator

import (
	"time"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/opwords"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/serialin"
)

// Controller is the operator's session as the screen drives it: who is signed in, the card
// keypad, the log, each operator's language, and the requests sent to the table. The screen
// holds no table state and reads no state machine: it sends plain requests and draws the plain
// snapshot and lines it gets back. app/operator's Session implements it; use it from the Fyne
// goroutine.
type Controller interface {
	// Enter signs in with operator id and PIN; when refused, refusal says why (journalled
	// either way).
	Enter(id, pin string) (refusal opwords.Line, ok bool)
	// SignOutBecause signs the operator out, the journal recording why ("signed out", "idle").
	SignOutBecause(reason string)
	// Recheck signs the operator out at once when the pit's directory no longer has them
	// active, and says why (out false: nothing changed).
	Recheck() (why opwords.Line, out bool)
	// Signed is who is signed in: the role (view.OperatorNone when nobody is), id and name.
	Signed() (role view.OperatorRole, id, name string)
	// Language is the language the signed-in operator chose (ok false: none, the table's).
	Language() (lang i18n.Lang, ok bool)
	// SetLanguage remembers the signed-in operator's language.
	SetLanguage(lang i18n.Lang)
	// Press handles one key of the card keypad (Enter sends the pending cards).
	Press(r rune)
	// Typed is what the card keypad holds, to word in the screen's language.
	Typed() opwords.Line
	// Send sends one request, with the reason given on screen when it is a supervisor's; an
	// error means nothing was sent or nothing recorded (the log says why).
	Send(r view.Request, reason string) (view.Outcome, error)
	// Say adds a line to the log (what was wrong with a form's input).
	Say(line opwords.Line)
	// Lines are the log, newest last.
	Lines() []opwords.Line
	// Snapshot is what the screen draws of the table, taken now.
	Snapshot() view.Operator
	// Now is the controller's clock; Idle is how long the operator has not pressed a key or
	// sent a request.
	Now() time.Time
	Idle() time.Duration
}

// Recall words the finished rounds of an earlier shoe from the journal, for the recall view
// (app/operator's Recall).
type Recall interface {
	// Lines are the rounds of shoe in w's words, oldest first, their times in loc.
	Lines(shoe int64, w i18n.Catalogue, loc *time.Location) ([]string, error)
}

// Diagnostics is the shoe link as the diagnostics view shows and drives it. The app
// implements it over serialin.Manager: it keeps the newest frames of Manager.Events as the
// log, and restarts the manager to reconnect or to change port or protocol.
type Diagnostics interface {
	// Status is the link's state and counters.
	Status() serialin.Status
	// Ports lists the serial ports found on the machine.
	Ports() ([]string, error)
	// Protocols lists the shoe protocols the registry knows ("csp1", ...).
	Protocols() []string
	// Log is the live frame log: the newest frames and link events, oldest first, one line each.
	Log() []string
	// Reconnect closes the port and opens it again.
	Reconnect() error
	// Use switches to another port and protocol (not journalled: it changes no game state).
	Use(port, protocol string) error
}
