package pitwire

import "github.com/coupboard/coupboard/engine"

// The wagers of a limit sign, as Limit.Bet names them.
const (
	BetPlayerBanker = "player_banker" // Player and Banker with the same limit
	BetPlayer       = "player"
	BetBanker       = "banker"
	BetTie          = "tie"
	BetInsurance    = "insurance"
	BetRuns         = "runs"
	BetRedDog       = "bet" // Red Dog's one wager
)

// LimitsOf is the limit sign s as the board shows it, in currency (an ISO 4217 code): every
// wager that has a maximum, Player and Banker as one when their limits are the same, the
// table differentials and the Banker's settlement method. wager, when set, names a sign of
// one wager (Red Dog's BetRedDog), whose limit is s.Player.
func LimitsOf(currency, wager string, s engine.Sign) Limits {
	l := Limits{Currency: currency, DifferentialMin: s.DifferentialMin, DifferentialMax: s.DifferentialMax, Settlement: SettlementOf(s.Settlement)}
	add := func(bet string, w engine.WagerLimit) {
		if w.Max > 0 {
			l.Bets = append(l.Bets, Limit{Bet: bet, Min: w.Min, Max: w.Max})
		}
	}
	if wager != "" {
		add(wager, s.Player)
		return l
	}
	if s.Player == s.Banker {
		add(BetPlayerBanker, s.Player)
	} else {
		add(BetPlayer, s.Player)
		add(BetBanker, s.Banker)
	}
	add(BetTie, s.Tie)
	add(BetInsurance, s.Insurance)
	add(BetRuns, s.Run)
	return l
}

// Sign is the engine's sign for the limits l shows, the inverse of LimitsOf: Red Dog's one
// wager is its Player limit. What the board is not told (multiples, markers) is left zero, and
// so is a settlement method not given; a wager it does not know is left out.
func (l Limits) Sign() engine.Sign {
	s := engine.Sign{DifferentialMin: l.DifferentialMin, DifferentialMax: l.DifferentialMax}
	s.Settlement, _ = PayoutOf(l.Settlement) // none given: left zero
	for _, b := range l.Bets {
		w := engine.WagerLimit{Min: b.Min, Max: b.Max}
		switch b.Bet {
		case BetPlayerBanker:
			s.Player, s.Banker = w, w
		case BetPlayer, BetRedDog:
			s.Player = w
		case BetBanker:
			s.Banker = w
		case BetTie:
			s.Tie = w
		case BetInsurance:
			s.Insurance = w
		case BetRuns:
			s.Run = w
		}
	}
	return s
}
