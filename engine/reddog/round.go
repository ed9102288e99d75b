package reddog

import (
	"fmt"

	"github.com/coupboard/coupboard/engine"
)

// The kinds of a Red Dog round are the engine's (engine.RoundKind, spec/rule-profiles.md "Round
// kinds"): a round stands or is cancelled. Red Dog has no round without wagers, so it never has
// engine.KindNoBet. The two are named here as the operator screen reads them.
const (
	KindNormal    = engine.KindNormal    // an ordinary round of play
	KindCancelled = engine.KindCancelled // invalidated by the supervisor; every wager is refunded (10.3, 10.4)
)

// Round is one round of Red Dog as the table saw it: only cards that were dealt face up.
type Round struct {
	N     int           // the round number, from 1, counted over the whole session (9.7: the history continues)
	Shoe  int           // the shoe it was dealt from, from 1
	Cards []engine.Card // in the order dealt: the right box, the left box, the centre box (7.1.2, 7.1.3, 7.2)
	// Spread is the spread of the first two cards; meaningful once two cards are down.
	Spread Spread
	// RaisePercent is the largest raise that was allowed after the spread was announced, in percent
	// of the original wager (5.4, 7.2.1.1); 0 when no raise was allowed (no spread, a pair: 7.2.2.1,
	// 7.2.3.1) or the round ended before the second card.
	RaisePercent int64
	Outcome      Outcome          // OutcomeNone until the round is settled
	Pays         Pays             // the payout of a win (8.1.1); zero otherwise
	Kind         engine.RoundKind // normal or cancelled (never nobet)
	Notes        []string         // rule numbers of the irregularity procedures applied to the round
	// Review is set while the round needs a supervisor's review: a card the shoe cannot hold
	// (a ninth 8♠ in 8 decks, 3.1, 3.3), or input the shoe link could not vouch for (doubt.go).
	// A live table (SetHold) never finishes such a round until the supervisor resolves it, which
	// clears Review; a script replay finishes it with Review set.
	Review bool
	// Why says in words why the round was put under review (kept after it is resolved).
	Why []string
	// Resolution is how the supervisor resolved the review: engine.ResolvedConfirmed,
	// ResolvedEntered or ResolvedCancelled; "" when nobody did. ResolutionRule is the rule.
	Resolution, ResolutionRule string
}

// Finished reports whether the round has been settled or cancelled.
func (r Round) Finished() bool { return r.Outcome != OutcomeNone }

// clone is a deep copy, so that events never share memory with the table's state.
func (r Round) clone() Round {
	r.Cards = append([]engine.Card(nil), r.Cards...)
	r.Notes = append([]string(nil), r.Notes...)
	r.Why = append([]string(nil), r.Why...)
	return r
}

// note adds a rule number once.
func (r *Round) note(rule string) {
	for _, n := range r.Notes {
		if n == rule {
			return
		}
	}
	r.Notes = append(r.Notes, rule)
}

// maxCents bounds every amount (10^12 cents) so that wager × odds stays far below 2^63.
const maxCents = 1_000_000_000_000

// Settlement is the settlement of one player's wager on a round. Amounts are integer cents.
// Money is conserved: Wager + Raise = Returned + Lost, and Net = Won - Lost.
type Settlement struct {
	Wager    int64   // the original wager, placed before the first card (5.2)
	Raise    int64   // the second wager placed after the spread was announced (5.4)
	Outcome  Outcome // the round's outcome
	Pays     Pays    // the odds paid on a win (8.1.1)
	Won      int64   // paid to the player on top of the returned chips
	Lost     int64   // collected from the player
	Returned int64   // chips of the wagers given back (both wagers on a win or a push)
	Net      int64   // the player's change: Won - Lost
}

// Settle settles a wager and its raise on a finished round. raise is 0 when the player did not
// raise; it may be placed only after a spread was announced (7.2.1.1) and is at most the original
// wager (5.4; in general the round's RaisePercent of it). A win pays both wagers at the round's
// odds (8.1.1), a loss collects both, a push (1.2, 5.9.2.2, 5.9.3.1) or a cancelled round
// (10.4) returns both. An error means nothing is paid or collected: an amount out of range, a
// raise the rules do not allow, or a round without a result.
func Settle(wager, raise int64, r Round) (Settlement, error) {
	switch {
	case wager <= 0 || wager > maxCents:
		return Settlement{}, fmt.Errorf("settle round %d: wager %d cents: want 1 to %d", r.N, wager, int64(maxCents))
	case raise < 0 || raise > maxCents:
		return Settlement{}, fmt.Errorf("settle round %d: raise %d cents: want 0 to %d", r.N, raise, int64(maxCents))
	case raise > 0 && r.RaisePercent == 0:
		return Settlement{}, fmt.Errorf("settle round %d: raise %d cents: no raise is allowed after %s (7.2.1.1, 7.2.2.1, 7.2.3.1)", r.N, raise, r.Spread)
	case raise*100 > wager*r.RaisePercent:
		return Settlement{}, fmt.Errorf("settle round %d: raise %d cents is more than %d%% of the wager of %d cents (5.4)", r.N, raise, r.RaisePercent, wager)
	}
	s := Settlement{Wager: wager, Raise: raise, Outcome: r.Outcome}
	total := wager + raise
	switch {
	case r.Kind == KindCancelled:
		s.Outcome = Push
		s.Returned = total // 10.4
	case r.Outcome == Win:
		if r.Pays.Stake < 1 || r.Pays.Win < 0 || r.Pays.Win > 1000 || r.Pays.Stake > 1000 {
			return Settlement{}, fmt.Errorf("settle round %d: payout %s out of range", r.N, r.Pays)
		}
		s.Pays = r.Pays
		s.Won = total * r.Pays.Win / r.Pays.Stake // every Red Dog payout is x to 1: exact
		s.Returned = total
	case r.Outcome == Lose:
		s.Lost = total
	case r.Outcome == Push:
		s.Returned = total
	default:
		return Settlement{}, fmt.Errorf("settle round %d: the round has no result", r.N)
	}
	s.Net = s.Won - s.Lost
	return s, nil
}
