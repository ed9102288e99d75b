package table

import (
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/roadmap"
)

// Setup is what a table starts with: who it is, its rule book and settings, and its opening sign.
type Setup struct {
	ID, Name, Casino string
	Profile          engine.Profile
	Settings         engine.Settings
	Sign             engine.Sign
	Currency         string        // symbol shown on the sign and written in the journal's notes and reasons, e.g. "$" (engine.CurrencyOf)
	CurrencyCode     string        // ISO 4217 code for the pit bus feed, e.g. "AUD"
	IdleAfter        time.Duration // attract view after this long without a coup; 0 never
}

// State is one table's live state: the table aggregate (engine/desk: the game, the sign and
// its notices, wagers, Run wagers, the commission ledger and corrections — every rule decision)
// and what the screen needs besides it (the roads, the rounds of the shoe, the alerts and the
// operator's notes). Only the event loop calls its methods (one writer).
type State struct {
	tableDesk // the desk, its latest outcome, the alerts and the operator's notes (desk.go)
	setup     Setup
	roads     *roadmap.Roads

	rounds    []engine.Round // finished rounds of the current shoe, in order
	roadIndex map[int]int    // round number in the shoe → its index in roads
	last      *engine.Round  // the latest finished round, for the result banner
	lastAt    time.Time      // when the latest round finished (idle view)
	runResult []engine.RunSettlement
	// disputed are finished rounds of the shoe under review after the fact (the shoe's result
	// contradicted them): off the roads and the result banner until the supervisor resolves them.
	disputed map[int]bool

	// What the pit board was last told of the sign and the table's state (Due).
	told told
}

// NewState starts a table with no shoe loaded.
func NewState(s Setup) (*State, error) {
	p := s.Profile
	if err := s.Settings.Validate(&p); err != nil {
		return nil, fmt.Errorf("table %s: %w", s.ID, err)
	}
	// Doubt stops the coup: a coup under review waits for the supervisor (Hold).
	cfg := desk.Config{Profile: p, Settings: s.Settings, Sign: s.Sign, Hold: true, Currency: engine.Currency(s.Currency)}
	d, err := desk.New(cfg, time.Time{})
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", s.ID, err)
	}
	return &State{
		tableDesk: tableDesk{desk: d}, setup: s,
		roads:     roadmap.New(roadmap.Options{IncludeNonBetting: s.Settings.RoadsIncludeNonBetting, Capacity: 96}),
		roadIndex: map[int]int{}, disputed: map[int]bool{},
	}, nil
}

// Applied is what one input did.
type Applied struct {
	Events []engine.Event         // what the engine reported, in order
	Runs   []engine.RunSettlement // run wagers decided by this input
	// Refused is an operator command refused, with the rule and the reason (it is still
	// journalled, for the audit); for a desk command it is the first of Refusals.
	Refused error
	// Refusals are the table's refusals of the command (engine/desk), journalled as
	// "command_refused" events so that a replay can tell whether the rules still agree.
	Refusals []desk.Refusal
	// Settled are the wagers this input settled (Player/Banker/Tie, Insurance/No 6, refunds),
	// and Notes the operator's words for them and for the commission it settled, each with its rule.
	Settled []desk.Settled
	Notes   []string
	// Notices are the notices the input posted on the sign (engine/desk), journalled as
	// "notice" events (notices.go) for the feed.
	Notices []desk.Notice
	// Withdrawn are the changes of the sign the input withdrew (a !withdraw), journalled as
	// "withdrawn" events (notices.go) for the feed.
	Withdrawn []desk.Withdrawal
}

// Apply makes one input's change at time now. The same inputs at the same times always give the same state.
func (s *State) Apply(in Input, now time.Time) Applied {
	a := s.apply(in, now, func(o *desk.Outcome, a *Applied) {
		a.Events = append(a.Events, o.Events...)
		for _, e := range o.Events {
			s.followEvent(e, now)
		}
	})
	s.runResult = append(s.runResult, a.Runs...)
	if n := len(s.runResult); n > 32 {
		s.runResult = s.runResult[n-32:]
	}
	return a
}

// followEvent keeps the roads and the rounds in step with one engine event.
func (s *State) followEvent(e engine.Event, now time.Time) {
	switch e.Kind {
	case engine.EvShoe:
		s.roads.Reset()
		s.rounds = s.rounds[:0]
		clear(s.roadIndex)
		clear(s.disputed)
		s.last = nil
	case engine.EvReview:
		if s.finished(e.N, e.Shoe) && !s.disputed[e.N] {
			s.disputed[e.N] = true
			s.rebuildRoads(now)
		}
	case engine.EvResolved:
		if s.disputed[e.N] && e.Shoe == s.Shoe() {
			delete(s.disputed, e.N)
			s.rebuildRoads(now)
		}
	case engine.EvRound:
		r := e.Round
		s.rounds = append(s.rounds, r)
		s.last = &s.rounds[len(s.rounds)-1]
		s.lastAt = now
		s.appendRoad(r, now)
	case engine.EvCorrected:
		// The supervisor entered the cards really dealt: the round, the result banner, the
		// roads and what is counted from them follow the corrected cards.
		if e.Shoe == s.Shoe() {
			for i := range s.rounds {
				if s.rounds[i].N == e.N {
					s.rounds[i] = e.Round
				}
			}
			s.rebuildRoads(now)
		}
	case engine.EvVoid:
		if i, ok := s.roadIndex[e.N]; ok {
			if err := s.roads.Cancel(i); err != nil {
				s.raise(fmt.Sprintf("cancel round %d on the roads: %v", e.N, err), now)
			}
		}
		for i := range s.rounds {
			if s.rounds[i].N == e.N {
				s.rounds[i].Kind = engine.KindCancelled
				s.rounds[i].Outcome.Winner = engine.WinnerNone
			}
		}
	case engine.EvRefused:
		s.note(fmt.Sprintf("refused (%s): %s", e.Rule, e.Reason))
	}
}

// finished reports whether round n of shoe is one of the shoe's finished rounds.
func (s *State) finished(n, shoe int) bool {
	if shoe != s.Shoe() {
		return false
	}
	for i := range s.rounds {
		if s.rounds[i].N == n {
			return true
		}
	}
	return false
}

// appendRoad puts a finished round on the roads, unless it is under review.
func (s *State) appendRoad(r engine.Round, now time.Time) {
	if s.disputed[r.N] {
		return
	}
	s.roadIndex[r.N] = s.roads.Rounds()
	if err := s.roads.Append(roadmap.FromOutcome(r.Outcome, r.Kind)); err != nil {
		s.raise(fmt.Sprintf("round %d could not be put on the roads: %v", r.N, err), now)
	}
}

// rebuildRoads lays the roads out again from the shoe's rounds, leaving out those under review:
// a round taken off for review, or put back by the supervisor, changes every later column.
func (s *State) rebuildRoads(now time.Time) {
	s.roads.Reset()
	clear(s.roadIndex)
	for _, r := range s.rounds {
		s.appendRoad(r, now)
	}
}

// UnderReview lists the finished rounds of the shoe under review after the fact.
func (s *State) UnderReview() []int { return s.desk.Game().Disputed }

// Setup is what the table was started with.
func (s *State) Setup() Setup { return s.setup }

// Game is the engine's public view of the game (never a face-down card).
func (s *State) Game() engine.View { return s.desk.Game() }

// Roads are the current shoe's roads. The caller must not change them.
func (s *State) Roads() *roadmap.Roads { return s.roads }

// Rounds are the finished rounds of the current shoe. The caller must not change them.
func (s *State) Rounds() []engine.Round { return s.rounds }

// OpenRuns lists the Run wagers still open (nil where runs are not offered).
func (s *State) OpenRuns() []engine.RunWager { return s.desk.OpenRuns() }

// Insurance lists the Insurance/No 6 wagers placed on the round in progress, not yet settled.
func (s *State) Insurance() []engine.Wager { return s.desk.Insurance() }

// Bets lists the Player, Banker and Tie wagers placed on the next coup.
func (s *State) Bets() []engine.Wager { return s.desk.Bets() }

// Commission is the deferred-commission ledger (000 10.2).
func (s *State) Commission() *engine.CommissionLedger { return s.desk.Commission() }

// Settlement is the settlement rules in force: the table's settings with the settlement method
// and differentials the sign in force shows.
func (s *State) Settlement() engine.SettlementRules { return s.desk.Settlement() }

// Shoe is the current shoe number (0 before the first shoe).
func (s *State) Shoe() int { return s.desk.Shoe() }

// InCoup reports whether a round is in progress, and its number.
func (s *State) InCoup() (bool, int) {
	return s.desk.InCoup()
}

// signPayload is the sign in effect at now.
func (s *State) signPayload(now time.Time) *journal.SignPayload {
	return &journal.SignPayload{Currency: s.setup.CurrencyCode, Sign: s.desk.SignAt(now).Sign}
}

// statusPayload says whether the table is open, closing (a closing posted and still to come) or closed at now.
func (s *State) statusPayload(now time.Time) *journal.StatusPayload {
	return boardStatus(s.desk, s.setup.Name, s.gameName(now), now)
}

// gameName is the game and version in words, as the header says it at now.
func (s *State) gameName(now time.Time) string {
	if s.desk.SignAt(now).Sign.Settlement == engine.BankerSixPaysHalf {
		return "Baccarat — Banker wins on 6 pays 1 to 2"
	}
	return "Baccarat — 5% commission"
}

// Due returns the "limits" and "status" event records for changes that took effect by now and
// the pit board has not been told of (at start-up, the state as it is). The loop journals them
// on its clock tick; replay ignores them (they are derived).
func (s *State) Due(now time.Time) []journal.Record {
	return s.told.due(now, s.Shoe(), s.signPayload(now), s.statusPayload(now))
}
