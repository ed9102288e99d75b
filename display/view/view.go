// Package view holds the table screen's view models: plain values describing everything
// the screen shows, built by the app's event loop from the engine and the roadmap and
// handed to package display to draw. It does not import Fyne, holds no game logic and does
// no I/O; time is a value (Screen.Now), so the same view model always draws the same screen.
package view

import (
	"time"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/engine"
)

// Mode is what the table screen shows as a whole.
type Mode uint8

// The modes.
const (
	// Play is the ordinary screen: header, sign, notices, coup, roads, statistics, run board, status.
	Play Mode = iota
	// Idle is the attract view shown after a while without a coup: roads and limits large.
	Idle
	// Closed shows "Closed" and, if known, the reopening time.
	Closed
)

// Screen is one complete state of the table screen.
type Screen struct {
	Mode    Mode
	Now     time.Time // the local time now: the header clock and every countdown are drawn from it
	Header  Header
	Sign    Sign
	Notices []Notice
	Coup    Coup
	Roads   Roads
	Stats   Stats
	Runs    *RunBoard // nil where the table does not offer Run wagers
	Status  Status
	Reopens time.Time    // Closed mode: when the table reopens; the zero time when not known
	RedDog  *RedDogBoard // the pay table and history of a Red Dog table; nil at baccarat
}

// Game is the game and version in words on the header.
type Game uint8

// The games.
const (
	// BaccaratCommission is baccarat settled with 5% commission on Banker wins
	// (000 traditional; 001 method A; 002; 004 5.10).
	BaccaratCommission Game = iota
	// BaccaratSixHalf is baccarat without commission where a Banker win on 6 pays 1 to 2
	// (000 Crown version 5.1; 001 method B 8.1; 004 5.11).
	BaccaratSixHalf
	// RedDog is Red Dog (003).
	RedDog
)

// Header is the top line: who, where, what, when.
type Header struct {
	Casino string // casino name; empty shows the theme's name, or none
	Table  string // table name, e.g. "BA-07"
	Game   Game
	Shoe   int // shoe number of the day; 0 hides it
	Coup   int // coup number in the shoe; 0 hides it
}

// Money is an amount in cents.
type Money int64

// Wager is a wager on the limit sign.
type Wager uint8

// The wagers.
const (
	WagerPlayerBanker Wager = iota // Player and Banker together
	WagerPlayer
	WagerBanker
	WagerTie
	WagerInsurance // Insurance/No 6 (000 1.1)
	WagerRuns      // Run wagers (000 2.4, Diagram D)
	WagerRedDog    // the Red Dog wager (003)
)

// Limit is one line of the limit sign.
type Limit struct {
	Wager    Wager
	Min, Max Money
	Multiple Money // wagers must be multiples of it; 0 shows no multiple
}

// Settlement is the settlement method shown on the sign (000 5.1, 001 8.2, 004 5.11).
type Settlement uint8

// The settlement methods.
const (
	SettleNone       Settlement = iota // no baccarat settlement (Red Dog)
	SettleCommission                   // 5% commission on Banker wins
	SettleSixHalf                      // Banker wins on 6 pay 1 to 2
)

// Marker is a personal-limit marker on the sign (000 7.6, 001 3.2-3.3, 003 6.5).
type Marker struct {
	Seat   int
	Higher bool  // a "higher limit" marker; otherwise a "personal limit"
	Max    Money // the agreed maximum
}

// Sign is the limit sign: always visible.
type Sign struct {
	Currency        string // currency symbol, e.g. "$"
	Limits          []Limit
	DifferentialMin Money // the minimum table differential (Victoria, 000 7.2-7.5); 0 shows none
	DifferentialMax Money // the maximum table differential; 0 shows none
	Settlement      Settlement
	Markers         []Marker
}

// NoticeKind is what a notice announces.
type NoticeKind uint8

// The notices.
const (
	NoticeMinimum      NoticeKind = iota // the minimum changes to Amount at At (000 7.7, 003 6.4)
	NoticeMaximum                        // the maximum changes to Amount at At
	NoticeLimits                         // the limits change at At (001 3.1)
	NoticeDifferential                   // the table differential changes at At (001 3.7)
	NoticeSettlement                     // the settlement method changes at At (001 8.2, 004 5.11)
	NoticeClosing                        // the table closes at At (000 13.7, 003 10.7, 001 10.2)
	NoticeLastCoup                       // the next coup is the last of the shoe
	NoticeNoBets                         // no bets this hand
	NoticeDummy                          // a dummy coup (000 11.4-11.9)
	NoticeShoeChange                     // shoe change
	NoticeReopening                      // the closed table opens again at At (000 13.7, 003 10.7)
)

// Notice is one notice to the players. The screen draws a live countdown to At from
// Screen.Now; the app keeps the notice in the view model from the moment it is scheduled.
type Notice struct {
	Kind NoticeKind
	// Wager is the wager whose minimum or maximum changes, for NoticeMinimum and NoticeMaximum:
	// the notice names it (s66(2), 001 3.1), so that a change of the Tie minimum is never read
	// as a change of the Player/Banker minimum.
	Wager  Wager
	Amount Money     // the new amount, for NoticeMinimum and NoticeMaximum
	At     time.Time // when it takes effect; the zero time for notices without a time
}

// Card is one card of a hand as the players may see it. A face-down card is just a back:
// it carries no rank and no suit (architecture.md invariant 4).
type Card struct {
	face engine.Card
}

// Up is a card turned face up.
func Up(c engine.Card) Card { return Card{face: c} }

// Down is a face-down card: a back, with nothing to read.
func Down() Card { return Card{} }

// FaceUp reports whether the card has been turned over (and is a real card).
func (c Card) FaceUp() bool { return c.face.Valid() }

// Face is the card's face, and false for a face-down card.
func (c Card) Face() (engine.Card, bool) { return c.face, c.face.Valid() }

// HandTotal is the baccarat total of a hand, and whether it may be shown: only when the
// hand has cards and every one of them is face up (000 3.3).
func HandTotal(cards []Card) (int, bool) {
	if len(cards) == 0 {
		return 0, false
	}
	faces := make([]engine.Card, len(cards))
	for i, c := range cards {
		f, ok := c.Face()
		if !ok {
			return 0, false
		}
		faces[i] = f
	}
	return engine.Total(faces), true
}

// Result is the decided result of a coup.
type Result struct {
	Winner      engine.Winner
	PlayerTotal int
	BankerTotal int
	TotalsKnown bool // false for a result entered by hand without cards
	Natural     bool
	PlayerPair  bool
	BankerPair  bool
	// SixPaysHalf is set where the table's settlement pays a Banker win on 6 at 1 to 2 and
	// Banker won with 6 (000 5.1, 001 8.1 method B, 004 5.11).
	SixPaysHalf bool
}

// ResultFrom is the result of a finished coup; sixPaysHalf is the table's settlement
// method (SettleSixHalf), and the result says "pays half" only when Banker won on 6.
func ResultFrom(o engine.Outcome, settlement Settlement) Result {
	return Result{
		Winner: o.Winner, PlayerTotal: o.PlayerTotal, BankerTotal: o.BankerTotal, TotalsKnown: !o.TotalsUnknown,
		Natural: o.Natural, PlayerPair: o.PlayerPair, BankerPair: o.BankerPair,
		SixPaysHalf: settlement == SettleSixHalf && o.Winner == engine.Banker && o.BankerTotal == 6 && !o.TotalsUnknown,
	}
}

// RedDogKind is what the first two cards of a Red Dog round make (003 7.1-7.2).
type RedDogKind uint8

// The Red Dog kinds.
const (
	RedDogDealing     RedDogKind = iota // fewer than two cards turned
	RedDogSpread                        // a spread: Spread ranks strictly between, players may raise
	RedDogConsecutive                   // consecutive ranks: no spread, a push
	RedDogPair                          // a pair: no raise, a third card; three of a kind pays
)

// RedDogOutcome is how a Red Dog round ended.
type RedDogOutcome uint8

// The Red Dog outcomes.
const (
	RedDogPending RedDogOutcome = iota // not decided yet
	RedDogWin                          // the third card fell strictly between: Pays to 1 (8.1.1)
	RedDogLose                         // it did not
	RedDogPush                         // consecutive ranks, or a pair without a third of its rank
	RedDogTrips                        // three of a kind: Pays to 1
)

// RedDogCoup is a Red Dog round (003): the right box (first card, 7.1.2), the left box
// (second card, 7.1.3) and the centre (third card), what they make and how it ended. Pays
// comes from the rule profile (8.1.1): the payout of the spread, or of three of a kind.
type RedDogCoup struct {
	Right, Left, Centre []Card // zero or one card each
	Kind                RedDogKind
	Spread              int // RedDogSpread: the number of ranks strictly between
	Pays                int // to 1: the spread's payout, or three of a kind's for a pair
	Outcome             RedDogOutcome
}

// Coup is the coup on the table.
type Coup struct {
	// RedDog is the Red Dog round on a Red Dog table (Header.Game RedDog); nil at baccarat.
	RedDog         *RedDogCoup
	Player, Banker []Card
	// Result is nil until the coup is decided. The screen draws it only when no card of
	// either hand is face down.
	Result *Result
	// InsuranceOpen: Insurance/No 6 may be placed now (000 1.1, 10.1). The app sets it only
	// once the cards it depends on are face up.
	InsuranceOpen bool
}

// Mark is what a road cell holds.
type Mark uint8

// The marks.
const (
	MarkNone   Mark = iota // an empty cell
	MarkBanker             // a Banker hand (bead plate, big road)
	MarkPlayer             // a Player hand
	MarkTie                // a Tie (bead plate; the big road's leading-tie placeholder)
	MarkRed                // a derived road's red mark: "repeating" (roadmap.md §3.4)
	MarkBlue               // a derived road's blue mark: "choppy"
)

// Rows is the height of every road.
const Rows = 6

// Cell is one drawn cell of a road.
type Cell struct {
	Mark       Mark
	Ties       int  // big road: ties after this hand (a green slash; the number when more than one)
	BankerPair bool // a red dot at the top-left
	PlayerPair bool // a blue dot at the bottom-right
	NoBet      bool // bead plate: a non-betting round (dummy coup, no-bet coup, void hand)
	Total      int  // bead plate: the winning total, when TotalKnown
	TotalKnown bool
	Newest     bool // the newest mark of the road: highlighted
}

// Column is one drawn column of a road, top to bottom.
type Column [Rows]Cell

// Road is the newest part of a drawn road, oldest column first. The screen shows as many of
// the last columns as fit, scrolling by whole columns.
type Road struct {
	Columns []Column
}

// Ask is the ask road: for each derived road (big eye boy, small road, cockroach pig), the
// mark it would add if the next hand were Banker, or Player; MarkNone where it would add none.
type Ask struct {
	Banker [3]Mark
	Player [3]Mark
}

// Roads are the five roads and the ask road.
type Roads struct {
	Bead, Big, BigEye, Small, Cockroach Road
	Ask                                 Ask
}

// Stats are the statistics beside the roads (roadmap.md §5).
type Stats struct {
	Hands, Banker, Player, Tie int
	BankerPairs, PlayerPairs   int
	Naturals                   int
	Streak                     engine.Winner // the current streak's winner; WinnerNone for none
	StreakLength               int
	LongestBanker              int
	LongestPlayer              int
	CardsKnown                 bool // whether CardsLeft is known (not with manual results or a continuous shuffler)
	CardsLeft                  int
}

// RunKind is the kind of a Run wager (000 Diagram D).
type RunKind uint8

// The run kinds.
const (
	RunPlayer      RunKind = iota // a run of Player wins
	RunBanker                     // a run of Banker wins
	RunCombination                // the hand the player nominates each coup wins (000 10.1, 6.5.7)
	RunTie                        // a run of ties
)

// RunState is how a run wager stands.
type RunState uint8

// The run states.
const (
	RunAlive RunState = iota
	RunWon
	RunLost
)

// RunPay is one cell of Diagram D: a run kind and length and what it pays (to 1).
type RunPay struct {
	Kind   RunKind
	Length int
	Pays   int
}

// RunWager is one active (or just settled) run wager.
type RunWager struct {
	Seat   int
	Kind   RunKind
	Length int
	// Backs is the hand the player backs on each coup of the run so far (for a combination,
	// the coup-by-coup nomination); Won says, for each decided coup, whether it went the run's way.
	Backs []engine.Winner
	Won   []bool
	State RunState
}

// RunBoard is Diagram D and the run wagers on it.
type RunBoard struct {
	Pays   []RunPay // from the rule profile (000 Diagram D): Player and Banker × 2..6, Tie × 2..4
	Wagers []RunWager
}

// Link is the state of the smart shoe's connection.
type Link uint8

// The link states.
const (
	LinkConnected    Link = iota // cards arrive from the shoe
	LinkSilent                   // connected, but the shoe has gone quiet
	LinkDisconnected             // the shoe is not connected
	LinkManual                   // cards or results are entered by hand
	// LinkUnproven: frames arrive after the link came back, but they do not prove they are the
	// table's shoe's, and none is taken (a coup under review says why).
	LinkUnproven
)

// Status is the status strip.
type Status struct {
	Link Link
	// Review is the number of a coup under review; 0 for none.
	Review int
	// Errors are errors a supervisor must clear, in words; they persist across restarts
	// until cleared.
	Errors []string
	// ErrorWords are errors as catalogue messages (display/i18n), one for each of Errors at
	// most: the screen words an error that has one (its Key set) in its language, and shows
	// the others as they are.
	ErrorWords []i18n.Message
	// Warnings are conditions of the machine the table plays through (the clock not
	// synchronised, the pit server unreachable, a backup failed), in words, while they last.
	Warnings []string
	// WarningWords are the same warnings as catalogue messages (display/i18n), which the
	// screen words in its language; when they are not given (or not one for each warning)
	// the screen shows Warnings as they are.
	WarningWords []i18n.Message
}
