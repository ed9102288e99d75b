package table

import (
	"errors"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/roadmap"
)

// Setup is what a table starts with: who it is, its rule book and settings, and its opening sign.
type Setup struct {
	ID, Name, Casino string
	Profile          engine.Profile
	Settings         engine.Settings
	Sign             engine.Sign
	Currency         string        // symbol shown on the sign, e.g. "$"
	CurrencyCode     string        // ISO 4217 code for the pit bus feed, e.g. "AUD"
	IdleAfter        time.Duration // attract view after this long without a coup; 0 never
}

// State is one table's live state. Only the event loop calls its methods (one writer).
type State struct {
	setup      Setup
	settlement engine.SettlementRules
	game       *engine.Game
	roads      *roadmap.Roads
	board      *engine.Board
	runs       *engine.Runs // nil where Run wagers are not offered
	ledger     engine.CommissionLedger

	rounds    []engine.Round // finished rounds of the current shoe, in order
	roadIndex map[int]int    // round number in the shoe → its index in roads
	last      *engine.Round  // the latest finished round, for the result banner
	lastAt    time.Time      // when the latest round finished (idle view)
	runResult []engine.RunSettlement
	alerts    []Alert
	nextAlert int
	// disputed are finished rounds of the shoe under review after the fact (the shoe's result
	// contradicted them): off the roads and the result banner until the supervisor resolves them.
	disputed map[int]bool
	messages []string // transient notes for the operator (refusals), newest last

	// Insurance/No 6 wagers placed on round insuranceN while it was open (000 1.1), settled
	// when that round finishes.
	insurance  []engine.Wager
	insuranceN int

	// What the pit board was last told of the sign and the table's state (Due).
	told told
}

// NewState starts a table with no shoe loaded.
func NewState(s Setup) (*State, error) {
	p := s.Profile
	if err := s.Settings.Validate(&p); err != nil {
		return nil, fmt.Errorf("table %s: %w", s.ID, err)
	}
	settle, err := s.Settings.SettlementRules(&p)
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", s.ID, err)
	}
	notices, err := s.Settings.NoticeRules(&p)
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", s.ID, err)
	}
	g, err := engine.NewGame(p, s.Settings)
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", s.ID, err)
	}
	sign := s.Sign
	sign.Settlement = settle.Banker
	b, err := engine.NewBoard(notices, sign)
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", s.ID, err)
	}
	st := &State{
		setup: s, settlement: settle, game: g, board: b,
		roads:     roadmap.New(roadmap.Options{IncludeNonBetting: s.Settings.RoadsIncludeNonBetting, Capacity: 96}),
		roadIndex: map[int]int{}, disputed: map[int]bool{},
	}
	g.SetHold(true) // doubt stops the coup: a coup under review waits for the supervisor
	if settle.Runs {
		if st.runs, err = engine.NewRuns(engine.RunSettings{}); err != nil {
			return nil, fmt.Errorf("table %s: %w", s.ID, err)
		}
	}
	return st, nil
}

// Applied is what one input did.
type Applied struct {
	Events  []engine.Event         // what the engine reported, in order
	Runs    []engine.RunSettlement // run wagers decided by this input
	Refused error                  // an operator command refused, with the reason (it is still journalled, for the audit)
	// Insurance is the Insurance/No 6 wagers settled by this input (their round finished);
	// a wager on a round that ended with no result is returned (ResultVoid).
	Insurance []engine.Settlement
}

// ErrNoRuns is returned for a run command at a table that does not offer Run wagers.
var ErrNoRuns = errors.New("this table does not offer Run wagers (000 1.1, 2.4)")

// Apply makes one input's change at time now. The same inputs at the same times always give the same state.
func (s *State) Apply(in Input, now time.Time) Applied {
	var a Applied
	switch {
	case in.Game != nil:
		a.Events = s.game.Apply(*in.Game)
		for _, e := range a.Events {
			a.Runs = append(a.Runs, s.follow(e, now)...)
			a.Insurance = append(a.Insurance, s.settleInsurance(e)...)
		}
	case in.Op != nil:
		a.Refused = s.op(*in.Op, now)
		if a.Refused != nil {
			s.note(a.Refused.Error())
		}
	case in.Alert != nil:
		s.raiseKeyed(in.Alert.Key, in.Alert.Text, now)
	}
	s.runResult = append(s.runResult, a.Runs...)
	if n := len(s.runResult); n > 32 {
		s.runResult = s.runResult[n-32:]
	}
	return a
}

// follow keeps the roads, the rounds and the runs in step with one engine event.
func (s *State) follow(e engine.Event, now time.Time) []engine.RunSettlement {
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
	case engine.EvShoeEnd:
		// Deferred commission is settled at the end of each shoe, before the next (000 10.2.1(a)).
		for _, c := range s.ledger.EndOfShoe() {
			s.note(fmt.Sprintf("seat %d: collect deferred commission %s (000 10.2.1)", c.Seat, engine.FormatCents(c.Amount)))
		}
		if s.runs != nil {
			return s.runs.ShoeEnd()
		}
	case engine.EvRound:
		r := e.Round
		s.rounds = append(s.rounds, r)
		s.last = &s.rounds[len(s.rounds)-1]
		s.lastAt = now
		s.appendRoad(r, now)
		if s.runs != nil {
			settled, err := s.runs.Coup(engine.RunCoup{Number: r.N, Kind: runCoupKind(r.Kind), Winner: r.Outcome.Winner})
			if err != nil {
				s.raise(fmt.Sprintf("runs at round %d: %v", r.N, err), now)
			}
			return settled
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
	return nil
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
	if err := s.roads.Append(roadmap.FromOutcome(r.Outcome, roadKind(r.Kind))); err != nil {
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
func (s *State) UnderReview() []int { return s.game.Disputed() }

func roadKind(k engine.RoundKind) roadmap.Kind {
	switch k {
	case engine.KindNoBet:
		return roadmap.NoBet
	case engine.KindCancelled:
		return roadmap.Cancelled
	}
	return roadmap.Normal
}

func runCoupKind(k engine.RoundKind) engine.RunCoupKind {
	switch k {
	case engine.KindNoBet:
		return engine.RunCoupDummy
	case engine.KindCancelled:
		return engine.RunCoupCancelled
	}
	return engine.RunCoupNormal
}

// op carries out an operator command; an error says why it was refused.
func (s *State) op(o Op, now time.Time) error {
	switch o.Kind {
	case OpSchedule:
		if o.Change == nil {
			return errors.New("schedule: no change given")
		}
		c := *o.Change
		c.Sign.Settlement = s.settlement.Banker
		_, err := s.board.Schedule(c, now)
		return err
	case OpPlaceRun:
		if s.runs == nil {
			return ErrNoRuns
		}
		_, err := s.runs.Place(o.Seat, o.RunKind, o.Length, o.Amount)
		return err
	case OpNominate:
		if s.runs == nil {
			return ErrNoRuns
		}
		return s.runs.Nominate(o.RunID, o.Hand)
	case OpInsurance:
		return s.placeInsurance(o, now)
	case OpDefer:
		return s.ledger.Defer(o.Seat, o.Amount)
	case OpCollect:
		_, err := s.ledger.Collect(o.Seat, engine.CollectOnRequest)
		return err
	case OpClearAlert:
		for i, a := range s.alerts {
			if a.ID == o.AlertID {
				s.alerts = append(s.alerts[:i], s.alerts[i+1:]...)
				return nil
			}
		}
		return fmt.Errorf("clear alert %d: no such alert", o.AlertID)
	case OpCleanStop:
		return nil
	}
	return fmt.Errorf("unknown operator command %q", o.Kind)
}

func (s *State) raise(text string, now time.Time) { s.raiseKeyed("", text, now) }

// raiseKeyed raises an alert that replaces an uncleared one with the same key (none when "").
func (s *State) raiseKeyed(key, text string, now time.Time) {
	s.nextAlert++
	s.alerts = replaceAlert(s.alerts, Alert{ID: s.nextAlert, Text: text, Raised: now, Key: key})
}

func (s *State) note(text string) {
	s.messages = append(s.messages, text)
	if n := len(s.messages); n > 16 {
		s.messages = s.messages[n-16:]
	}
}

// Setup is what the table was started with.
func (s *State) Setup() Setup { return s.setup }

// Game is the engine's public view of the game (never a face-down card).
func (s *State) Game() engine.View { return s.game.View() }

// Roads are the current shoe's roads. The caller must not change them.
func (s *State) Roads() *roadmap.Roads { return s.roads }

// Rounds are the finished rounds of the current shoe. The caller must not change them.
func (s *State) Rounds() []engine.Round { return s.rounds }

// SignAt is what the limit sign shows at t.
func (s *State) SignAt(t time.Time) engine.SignView { return s.board.SignAt(t) }

// Scheduled lists the changes posted to the sign.
func (s *State) Scheduled() []engine.Scheduled { return s.board.Changes() }

// OpenRuns lists the Run wagers still open (nil where runs are not offered).
func (s *State) OpenRuns() []engine.RunWager {
	if s.runs == nil {
		return nil
	}
	return s.runs.Open()
}

// Alerts lists the alerts a supervisor has not cleared.
func (s *State) Alerts() []Alert { return append([]Alert(nil), s.alerts...) }

// Insurance lists the Insurance/No 6 wagers placed on the round in progress, not yet settled.
func (s *State) Insurance() []engine.Wager { return append([]engine.Wager(nil), s.insurance...) }

// Messages are the latest operator notes (refusals), newest last.
func (s *State) Messages() []string { return append([]string(nil), s.messages...) }

// Commission is the deferred-commission ledger (000 10.2).
func (s *State) Commission() *engine.CommissionLedger { return &s.ledger }

// Settlement is the table's settlement rules.
func (s *State) Settlement() engine.SettlementRules { return s.settlement }

// Shoe is the current shoe number (0 before the first shoe).
func (s *State) Shoe() int { return s.game.View().Shoe }

// InCoup reports whether a round is in progress, and its number.
func (s *State) InCoup() (bool, int) {
	v := s.game.View()
	return v.InCoup, v.Coup
}

// Pending counts the changes posted to the sign that are still to come at now.
func (s *State) Pending(now time.Time) int {
	n := 0
	for _, c := range s.board.Changes() {
		if c.At.After(now) {
			n++
		}
	}
	return n
}

// Raise shows an alert that is not journalled (used when the journal itself has failed).
func (s *State) Raise(text string, now time.Time) { s.raise(text, now) }

// signPayload is the sign in effect at now.
func (s *State) signPayload(now time.Time) *SignPayload {
	return &SignPayload{Currency: s.setup.CurrencyCode, Sign: s.board.SignAt(now).Sign}
}

// statusPayload says whether the table is open, closing (a closing posted and still to come) or closed at now.
func (s *State) statusPayload(now time.Time) *StatusPayload {
	return boardStatus(s.board, s.setup.Name, s.gameName(), now)
}

// gameName is the game and version in words, as the header says it.
func (s *State) gameName() string {
	if s.settlement.Banker == engine.BankerSixPaysHalf {
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
