// What the screens may see of a game: no face-down card.

package engine

// View is the public state of the table: what the table screen, the operator screen and the
// pit bus may show. It never holds a face-down card, its value, a total or a draw decision
// that depends on one, nor Insurance/No 6 derived from hidden cards.
type View struct {
	Profile string
	Shoe    int  // the shoe number, from 1; 0 before the first shoe
	Set     int  // batch shuffler: the set of decks in the shoe (0 or 1)
	InShoe  bool // a shoe is in play (burned or being burned, not yet ended)
	Coup    int  // the round in progress, or the last one finished this shoe
	InCoup  bool // a round is in progress
	Kind    RoundKind
	// Player and Banker are the turned cards of the round in progress.
	Player, Banker []Card
	// PlayerFaceDown and BankerFaceDown count the face-down cards on the table.
	PlayerFaceDown, BankerFaceDown int
	// PlayerTotal and BankerTotal are the totals of the turned cards; valid only when the
	// hand has cards and none face down (PlayerTotalShown, BankerTotalShown).
	PlayerTotal, BankerTotal           int
	PlayerTotalShown, BankerTotalShown bool
	// CardsDealt and CardsLeft count the cards out of and left in the shoe, burns included,
	// leaving out face-down cards of the round in progress; CountsKnown is false for a
	// continuous shuffler, where cards return to play (004 7.2), and for the rest of a shoe
	// once a result was entered by hand (its cards left the shoe unread).
	CardsDealt, CardsLeft int
	CountsKnown           bool
	// LastCoup is set once the last coup has been announced and it is the round in progress or next.
	LastCoup bool
	// ShoeEnded is set after the last coup, until the next shoe.
	ShoeEnded bool
	// InsuranceOpen is set while Insurance/No 6 may be placed (000 1.1).
	InsuranceOpen bool
	// Review is set while something waits for the supervisor; Reasons says what.
	Review  bool
	Reasons []string
	// Held is set while the round in progress is under review: it has no result until the
	// supervisor confirms its cards, enters them, or cancels it (doubt.go); HeldWhy says why.
	Held    bool
	HeldWhy []string
	// NextHeld is set when the next coup will be under review from its first card.
	NextHeld bool
	// Disputed lists finished rounds of the shoe under review after the fact.
	Disputed []int
	// NoBetInARow counts the rounds without wagers played in a row at a request.
	NoBetInARow int
}

// View returns the public state.
func (g *Game) View() View {
	v := View{
		Profile: g.prof.ID, Shoe: g.shoe, Set: g.setIdx, InShoe: g.ph == phBurn || g.ph == phPlay,
		Coup: g.rounds, InCoup: g.inRound, ShoeEnded: g.ph == phEnded, InsuranceOpen: g.insurance,
		Review: g.review, Reasons: append([]string(nil), g.reasons...), NoBetInARow: g.nobetRow,
		NextHeld: g.pendReview,
	}
	for _, d := range g.disputed {
		if d.shoe == g.shoe {
			v.Disputed = append(v.Disputed, d.n)
		}
	}
	if g.inRound && g.c.review {
		v.Held = true
		v.HeldWhy = append([]string(nil), g.c.why...)
	}
	hiddenNow := 0
	if g.inRound {
		c := &g.c
		v.Kind = c.kind
		for i := 0; i < c.np; i++ {
			if c.visible(c.pUp, i) {
				v.Player = append(v.Player, c.p[i])
			}
		}
		for i := 0; i < c.nb; i++ {
			if c.visible(c.bUp, i) {
				v.Banker = append(v.Banker, c.b[i])
			}
		}
		v.PlayerFaceDown, v.BankerFaceDown = c.faceDown(c.np, c.pUp), c.faceDown(c.nb, c.bUp)
		hiddenNow = c.hidden()
	}
	v.PlayerTotal, v.BankerTotal = Total(v.Player), Total(v.Banker)
	v.PlayerTotalShown = len(v.Player) > 0 && v.PlayerFaceDown == 0
	v.BankerTotalShown = len(v.Banker) > 0 && v.BankerFaceDown == 0
	if !g.continuous() && g.shoe > 0 && !g.countsUnknown {
		v.CountsKnown = true
		v.CardsDealt = g.inv[g.setIdx].out - hiddenNow - g.nCarry
		v.CardsLeft = 52*g.decksIn - g.inv[g.setIdx].out
		if v.CardsLeft < 0 {
			v.CardsLeft = 0
		}
		v.CardsLeft += hiddenNow + g.nCarry
	}
	next := g.rounds
	if !g.inRound {
		next++
	}
	v.LastCoup = g.announced && g.lastN == next && g.ph != phEnded
	return v
}

// InCoup reports whether a round is in progress (its first card is out and it has not
// finished): what View().InCoup says, without building the view. A table's wager desk asks it
// before every wager (no wager after the first card: 000 6.4).
func (g *Game) InCoup() bool { return g.inRound }

// Shoe is View().Shoe without building the view: the loop asks it for every input.
func (g *Game) Shoe() int { return g.shoe }

// Coup is View().Coup without building the view: the number of the latest round begun.
func (g *Game) Coup() int { return g.rounds }
