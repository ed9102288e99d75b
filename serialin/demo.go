package serialin

import (
	"context"
	"math/rand/v2"
	"time"
)

// DemoPace is the demo's live pace: cards as a dealer turns them, a short betting time
// (8 s, where RealisticPace has 45 s) and a short shuffle, so that a new user sees a coup
// every quarter of a minute or so.
func DemoPace() Pace {
	return Pace{Card: 1200 * time.Millisecond, Draw: 2 * time.Second, Coup: 8 * time.Second, Shuffle: 10 * time.Second}
}

// WarmStart is msgs with every pause before the first coups removed: the shoe's new-shoe
// message, its burn and its first coups (the coup-starting messages are those delayed by
// pace.Coup) are sent at once, and the rest keep their pace. A screen fed by it opens on a shoe
// already coups coups in.
func WarmStart(msgs []ShoeMsg, pace Pace, coups int) []ShoeMsg {
	out := append([]ShoeMsg(nil), msgs...)
	started := 0
	for i := range out {
		if out[i].Delay == pace.Coup && out[i].Type == "CARD" {
			if started == coups {
				break
			}
			started++
		}
		out[i].Delay = 0
	}
	return out
}

// StartDemoShoe starts the demo's simulated shoe on a new pseudo-terminal: random shoes from
// seed at DemoPace scaled by speed, the first of them opening with warm coups dealt at once
// (dealt like any others: the host reads and journals every card). Close it when done.
func StartDemoShoe(speed float64, seed uint64, warm int) (*SimShoe, error) {
	return startShoe(speed, seed, func(ctx context.Context, sim *Sim, line *PTYLine) {
		pace := DemoPace()
		rng := rand.New(rand.NewPCG(seed, seed>>1|1))
		msgs := WarmStart(RandomShoe(rng, ShoeOptions{Pace: pace}), pace, warm)
		for ctx.Err() == nil {
			if sim.Play(ctx, line, msgs) != nil {
				return
			}
			msgs = RandomShoe(rng, ShoeOptions{Pace: pace})
		}
	})
}
