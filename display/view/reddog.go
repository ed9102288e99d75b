package view

// RedDogBoard is what a Red Dog table shows beside its round (003): the pay table and the
// history of rounds. It is nil at baccarat.
type RedDogBoard struct {
	// Pays is the pay table from the rule profile (003 8.1.1): one line per spread, then three
	// of a kind.
	Pays []RedDogPay
	// History is the latest finished rounds, oldest first.
	History []RedDogRound
}

// RedDogPay is one line of the Red Dog pay table.
type RedDogPay struct {
	Spread int  // the spread the line pays; 0 on the three-of-a-kind line
	OrMore bool // the line also pays every larger spread ("4-card spread or more")
	Trips  bool // the line pays three of a kind after a pair
	Pays   int  // to 1
}

// RedDogRound is one finished round in the history: its cards, spread and outcome.
type RedDogRound struct {
	N         int        // the round number
	Coup      RedDogCoup // the cards (all face up), the spread and the outcome
	Cancelled bool       // invalidated by the supervisor; every wager refunded (003 10.3, 10.4)
}
