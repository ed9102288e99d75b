package operator

import (
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/serialin"
)

// Table is the live table as the operator screen sees it. The screen never changes table
// state itself: it sends commands through Do and draws what Snapshot returns.
type Table interface {
	// Do hands one command to the table's event loop and blocks until it is durable in the
	// journal (the app implements it over table.Loop.Send with a Reply channel). The Result
	// says what the engine did, or why the journal could not take it.
	Do(cmd table.Msg) table.Result
	// Snapshot is what the operator screen draws, taken now (build it with SnapshotOf on
	// the loop's goroutine).
	Snapshot() Snapshot
}

// Snapshot is a copy of everything the operator screen draws. It holds no face-down card:
// Game is the engine's public View.
type Snapshot struct {
	Now       time.Time                 // when it was taken
	Setup     table.Setup               // the table's name, profile, settings, opening sign and currency
	Game      engine.View               // the coup in progress and the shoe, as the public may see it
	Rounds    []engine.Round            // the finished rounds of the current shoe, in order
	Sign      engine.SignView           // what the limit sign shows now, with its notices
	Scheduled []engine.Scheduled        // every change posted to the sign
	Notices   engine.NoticeRules        // the book's notice rules with this table's notice_minutes
	Settle    engine.SettlementRules    // settlement rules in force (runs, insurance, commission)
	OpenRuns  []engine.RunWager         // open Run wagers (nil where runs are not offered)
	Insurance []engine.Wager            // Insurance/No 6 wagers placed on the coup in progress (000 1.1)
	RunBoard  *view.RunBoard            // the run board as the table screen shows it, decided runs included
	Owed      []engine.CommissionMarker // deferred commission per seat (000 10.2)
	Alerts    []table.Alert             // problems a supervisor must clear
	Messages  []string                  // the latest refusals and notes, newest last
	RedDog    *RedDogSnapshot           // a Red Dog table's deal (reddog_review.go); nil at baccarat
}

// SnapshotOf copies what the operator screen needs from st at time now. Call it only where
// st may be read: on the table loop's goroutine (or on a state nobody else is changing).
func SnapshotOf(st *table.State, now time.Time) Snapshot {
	setup := st.Setup()
	p := setup.Profile
	notices, err := setup.Settings.NoticeRules(&p)
	if err != nil {
		notices = p.Notices // the settings were validated when the state was made; this is the book's default
	}
	scr := st.Screen(now, view.LinkDisconnected)
	return Snapshot{
		Now:       now,
		Setup:     setup,
		Game:      st.Game(),
		Rounds:    append([]engine.Round(nil), st.Rounds()...),
		Sign:      st.SignAt(now),
		Scheduled: st.Scheduled(),
		Notices:   notices,
		Settle:    st.Settlement(),
		OpenRuns:  st.OpenRuns(),
		Insurance: st.Insurance(),
		RunBoard:  scr.Runs,
		Owed:      st.Commission().Markers(),
		Alerts:    st.Alerts(),
		Messages:  st.Messages(),
	}
}

// Recall reads finished rounds of any shoe from the journal, for the recall view. A
// *journal.Journal satisfies it (its Rounds method); records are of kind journal.KindRound.
type Recall interface {
	Rounds(shoe int64) ([]journal.Record, error)
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
