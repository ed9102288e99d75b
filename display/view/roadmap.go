package view

import (
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/roadmap"
)

// RoadsFrom copies the newest cols drawn columns of every road of r (and the ask road) into
// a view model, marking each road's newest mark. It copies: the result does not share the
// roads' memory and may be handed to the UI goroutine. It draws nothing and decides nothing:
// the layout is the roadmap's.
func RoadsFrom(r *roadmap.Roads, cols int) Roads {
	var v Roads
	if r == nil || cols <= 0 {
		return v
	}
	bw := r.BeadWindow(cols)
	if n := len(bw.Beads); n > 0 {
		v.Bead.Columns = make([]Column, (n+Rows-1)/Rows)
		for i, b := range bw.Beads {
			v.Bead.Columns[i/Rows][i%Rows] = Cell{
				Mark: winnerMark(b.Winner), BankerPair: b.BankerPair, PlayerPair: b.PlayerPair,
				NoBet: b.Kind == engine.KindNoBet, Total: b.Total, TotalKnown: b.TotalKnown,
				Newest: i == bw.Newest,
			}
		}
	}
	big := r.BigRoad()
	w := big.Window(cols)
	v.Big.Columns = make([]Column, len(w.Columns))
	for x, col := range w.Columns {
		for y, p := range col {
			c, ok := big.CellAt(p)
			if !ok {
				continue
			}
			v.Big.Columns[x][y] = Cell{
				Mark: winnerMark(c.Winner), Ties: c.Ties, BankerPair: c.BankerPair, PlayerPair: c.PlayerPair,
				Newest: x == w.NewestX && y == w.NewestY,
			}
		}
	}
	for d, dst := range []*Road{&v.BigEye, &v.Small, &v.Cockroach} {
		road := r.Derived(roadmap.Derived(d))
		dw := road.Window(cols)
		dst.Columns = make([]Column, len(dw.Columns))
		for x, col := range dw.Columns {
			for y, p := range col {
				if m := colourMark(road.MarkAt(p)); m != MarkNone {
					dst.Columns[x][y] = Cell{Mark: m, Newest: x == dw.NewestX && y == dw.NewestY}
				}
			}
		}
	}
	ask := r.Ask()
	for d := range roadmap.NumDerived {
		v.Ask.Banker[d] = colourMark(ask.Banker[d])
		v.Ask.Player[d] = colourMark(ask.Player[d])
	}
	return v
}

// StatsFrom is the view of the roadmap's statistics.
func StatsFrom(s roadmap.Stats) Stats {
	return Stats{
		Hands: s.Hands, Banker: s.Banker, Player: s.Player, Tie: s.Tie,
		BankerPairs: s.BankerPairs, PlayerPairs: s.PlayerPairs, Naturals: s.Naturals,
		Streak: s.Streak.Winner, StreakLength: s.Streak.Length,
		LongestBanker: s.LongestBanker, LongestPlayer: s.LongestPlayer,
		CardsKnown: s.Cards.Known, CardsLeft: s.Cards.Left,
	}
}

func winnerMark(w engine.Winner) Mark {
	switch w {
	case engine.Banker:
		return MarkBanker
	case engine.Player:
		return MarkPlayer
	case engine.Tie:
		return MarkTie
	}
	return MarkNone
}

func colourMark(c roadmap.Color) Mark {
	switch c {
	case roadmap.Red:
		return MarkRed
	case roadmap.Blue:
		return MarkBlue
	}
	return MarkNone
}
