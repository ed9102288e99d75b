package engine

// Winner is the result of a baccarat coup for the roads and settlement.
type Winner uint8

// The winners. WinnerNone is a round with no result (cancelled, or not finished).
const (
	WinnerNone Winner = iota
	Banker
	Player
	Tie
)

// String is the one-letter code used by the roads, the CLI and the journal: "B", "P", "T", or "" for none.
func (w Winner) String() string {
	switch w {
	case Banker:
		return "B"
	case Player:
		return "P"
	case Tie:
		return "T"
	}
	return ""
}

// Decide is the winner of totals: higher wins, equal is a Tie (000 10.1, 001 8.3, 002 5.1).
func Decide(playerTotal, bankerTotal int) Winner {
	switch {
	case playerTotal > bankerTotal:
		return Player
	case bankerTotal > playerTotal:
		return Banker
	}
	return Tie
}

// Outcome is the result of a finished baccarat coup: what settlement, the roads, the
// statistics and the screen need, and nothing that was never shown.
type Outcome struct {
	Winner         Winner
	PlayerTotal    int  // final Player total
	BankerTotal    int  // final Banker total
	Natural        bool // either two-card total was 8 or 9 (000 9.1)
	PlayerPair     bool // Player's first two cards have equal rank
	BankerPair     bool // Banker's first two cards have equal rank
	PlayerCards    int  // 2 or 3
	BankerCards    int  // 2 or 3
	BankerFirstTwo int  // total of Banker's first two cards (Insurance/No 6 is offered on 6, 000 1.1)
	// TotalsUnknown is set for a result entered by hand without its cards (issue 10, display.md
	// §2): the totals, card counts and BankerFirstTwo are then zero and mean nothing; Winner,
	// Natural and the pairs are as entered. The zero value means the totals are known.
	TotalsUnknown bool
}
