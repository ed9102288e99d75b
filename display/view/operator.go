package view

import (
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// Operator is a copy of everything the operator screen (display/operator) draws of its table,
// taken at one moment by the operator controller (app/operator) between two inputs of the
// table's loop. It holds no face-down card: Game is the engine's public View.
type Operator struct {
	Now       time.Time                 // when it was taken
	Name      string                    // the table's name
	Currency  string                    // the symbol of the table's currency ([table] currency: "$" for AUD, "MOP$", "CNY "), as its sign writes amounts
	Profile   engine.Profile            // the table's rule profile (a Red Dog table's: its ID and notice rules)
	Settings  engine.Settings           // the table's settings (dealing style, notice minutes, ...)
	Game      engine.View               // the coup in progress and the shoe, as the public may see it
	Rounds    []engine.Round            // the finished rounds of the current shoe, in order
	Sign      engine.SignView           // what the limit sign shows now, with its notices
	Scheduled []engine.Scheduled        // every change posted to the sign
	Notices   engine.NoticeRules        // the book's notice rules with this table's notice_minutes
	Settle    engine.SettlementRules    // settlement rules in force (runs, insurance, commission)
	OpenRuns  []engine.RunWager         // open Run wagers (nil where runs are not offered)
	Insurance []engine.Wager            // Insurance/No 6 wagers placed on the coup in progress (000 1.1)
	RunBoard  *RunBoard                 // the run board as the table screen shows it, decided runs included
	Owed      []engine.CommissionMarker // deferred commission per seat (000 10.2)
	Alerts    []OperatorAlert           // problems a supervisor must clear
	Messages  []string                  // the latest refusals and notes, newest last
	RedDog    *RedDogOperator           // a Red Dog table's deal; nil at baccarat
}

// OperatorAlert is one problem a supervisor must clear, as the Corrections tab lists it.
type OperatorAlert struct {
	ID     int       // what the supervisor's Clear names
	Text   string    // the alert in the journal's words
	Raised time.Time // when it was raised
}

// RedDogOperator is what the operator screen shows of a Red Dog table's deal: the engine's view
// (the round in progress or the last one, with its review), the finished rounds of the history,
// and the profile for the pay table. Every card in it was dealt face up.
type RedDogOperator struct {
	View    reddog.View
	History []reddog.Round
	Profile reddog.Profile
}

// OperatorRole is who is signed in at the operator screen.
type OperatorRole uint8

// The roles at the operator screen, the least first.
const (
	OperatorNone       OperatorRole = iota // signed out: the PIN pad
	OperatorDealer                         // manual entry, reveal, new shoe, wagers
	OperatorSupervisor                     // and corrections, limits, alerts, the kiosk exit
)

// RequestKind is what an operator asks the table to do from the operator screen.
type RequestKind uint8

// The requests of the operator screen; the fields of Request each one reads are named.
const (
	RequestNone         RequestKind = iota
	RequestTurn                     // turn Hand over (dealing styles B and C)
	RequestBankerFirst              // turn the Banker hand first with the supervisor's authorisation (004 8.17)
	RequestResult                   // a coup's result without its cards: Result
	RequestWord                     // a shoe-script word: Word (with Round, a void of that finished round)
	RequestDispute                  // put finished round Round under review
	RequestAcceptReview             // accept what waits for the supervisor's review
	RequestReconstruct              // the cards of the coup under review as they lie: Cards (with Round, those really dealt for finished round Round under review)
	RequestClearAlert               // clear alert Alert
	RequestSchedule                 // post Change to the limit sign (or the closing)
	RequestSettlement               // post settlement method Method from At (001 8.1)
	RequestInsurance                // an Insurance/No 6 wager: Seat, Amount, Covers (000 1.1)
	RequestRun                      // a Run wager: Seat, Run, Length, Amount (000 6.5.5)
	RequestNominate                 // the hand Winner combination run RunID backs next (000 6.5.7)
	RequestDefer                    // defer Seat's commission of Amount (000 10.2.1)
	RequestCollect                  // collect Seat's deferred commission
)

// Request is one thing an operator asks the table to do: a plain value the operator screen
// fills from what was tapped and typed; the controller (app/operator) turns it into the
// table's input, checks the role and sends it. Amounts are in cents.
type Request struct {
	Kind   RequestKind
	Hand   engine.Hand
	Result engine.ManualResult
	Word   engine.TokenKind
	Round  int
	Cards  []engine.Card
	Alert  int
	Change engine.Change
	Method string
	At     time.Time
	Seat   int
	Amount int64
	Covers int64
	Run    engine.RunKind
	Length int
	RunID  int
	Winner engine.Winner
}

// Outcome is what the table did with a request that was recorded.
type Outcome struct {
	Refused  error // the table's refusal of the command (an *engine.NoticeError names the earliest time), or nil
	Flagged  bool  // the engine refused an input or found it anomalous
	Reasoned bool  // the request was a supervisor's, sent with the reason given
}
