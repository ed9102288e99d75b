package engine

// InCoup reports whether a round is in progress (its first card is out and it has not
// finished): what View().InCoup says, without building the view. A table's wager desk asks it
// before every wager (no wager after the first card: 000 6.4).
func (g *Game) InCoup() bool { return g.inRound }
