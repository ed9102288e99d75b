package roadmap

import "github.com/coupboard/coupboard/engine"

// Ask is the ask road (spec §4): for each derived road, the mark it would add if the next hand were
// Banker, and if it were Player; NoColor where the road would add none. For every road the two are
// both NoColor or opposite colours.
type Ask struct {
	Banker [NumDerived]Color // indexed by Derived
	Player [NumDerived]Color // indexed by Derived
}

// Ask is the ask road for the next hand.
func (r *Roads) Ask() Ask {
	return Ask{Banker: r.predict(engine.Banker), Player: r.predict(engine.Player)}
}

// predict is the mark each derived road would add if the next hand were w (a Banker or Player hand with
// no pairs). It reads only the big road.
func (r *Roads) predict(w engine.Winner) [NumDerived]Color {
	var out [NumDerived]Color
	c, row := r.big.last()
	if c < 0 {
		return out // the next cell would be the first: no road has started
	}
	if r.big.cells[len(r.big.cells)-1].Winner == w {
		row++
	} else {
		c, row = c+1, 0
	}
	for i := range out {
		out[i] = markColor(Derived(i).K(), c, row, r.big.lens)
	}
	return out
}
