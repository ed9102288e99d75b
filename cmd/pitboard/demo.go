package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/bus/simtable"
	"github.com/coupboard/coupboard/pitwire"
)

// demo is a floor of simulated tables publishing through real publishers.
type demo struct {
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// demoGames are the games and limit signs the demo tables cycle through.
var demoGames = []struct {
	game   string
	limits pitwire.Limits
}{
	{"Baccarat — 5% commission", pitwire.Limits{Currency: "AUD", Bets: []pitwire.Limit{{Bet: "player_banker", Min: 2500, Max: 500000}, {Bet: "tie", Min: 500, Max: 50000}}}},
	{"No commission: Banker wins on 6 pays 1 to 2", pitwire.Limits{Currency: "AUD", Bets: []pitwire.Limit{{Bet: "player_banker", Min: 5000, Max: 1000000}, {Bet: "tie", Min: 1000, Max: 100000}}}},
	{"Mini Baccarat — 5% commission", pitwire.Limits{Currency: "AUD", Bets: []pitwire.Limit{{Bet: "player_banker", Min: 1000, Max: 200000}, {Bet: "tie", Min: 500, Max: 20000}}}},
	{"Baccarat — 5% commission", pitwire.Limits{Currency: "AUD", Bets: []pitwire.Limit{{Bet: "player_banker", Min: 10000, Max: 2500000}, {Bet: "tie", Min: 2500, Max: 250000}}}},
}

// startDemo starts n simulated tables publishing to the server at url, each dealing a coup
// about every interval. Each table first deals part of a shoe at once, so the board is full
// from the start. Table 6 of every 17 opens closed, table 4 of every 9 announces its closing,
// and with 12 tables or more the middle one loses its connection to the bus after 20 seconds
// (its publisher stops: the board marks it stale, then offline).
func startDemo(url string, n int, interval time.Duration, report func(error)) (*demo, error) {
	ctx, cancel := context.WithCancel(context.Background())
	d := &demo{cancel: cancel}
	for i := range n {
		id := fmt.Sprintf("BAC-%02d", i+1)
		g := demoGames[i%len(demoGames)]
		cfg := simtable.Config{
			ID: id, Name: fmt.Sprintf("Baccarat %02d", i+1), Game: g.game, Limits: g.limits, Seed: uint64(1000 + i),
		}
		switch {
		case i%17 == 6:
			cfg.Closed, cfg.ReopensIn = true, 90*time.Minute
		case i%9 == 4:
			cfg.Closing = time.Duration(12+i%25) * time.Minute
		}
		ob := newDemoOutbox(id, time.Now)
		sim, err := simtable.New(cfg, ob)
		if err != nil {
			d.stop()
			return nil, err
		}
		if err := sim.Open(); err != nil {
			d.stop()
			return nil, err
		}
		// Part of a shoe dealt already: 5 to 74 coups (none at a closed table).
		for range (5 + (i*37)%70) * btoi(!cfg.Closed) {
			if _, err := sim.Step(); err != nil {
				d.stop()
				return nil, err
			}
		}
		pub, err := bus.NewPublisher(bus.PublisherConfig{Table: id, Conn: bus.ConnConfig{URLs: []string{url}}, OnError: report}, ob)
		if err != nil {
			d.stop()
			return nil, err
		}
		pctx := ctx
		if n >= 12 && i == n/2 {
			var pcancel context.CancelFunc
			pctx, pcancel = context.WithTimeout(ctx, 20*time.Second)
			_ = pcancel // released when the timeout fires or ctx is cancelled
		}
		d.wg.Add(1)
		go func() {
			defer d.wg.Done()
			_ = pub.Run(pctx)
		}()
		if cfg.Closed {
			continue
		}
		d.wg.Add(1)
		go func() {
			defer d.wg.Done()
			if err := sim.Run(ctx, interval, pub.Notify); err != nil && ctx.Err() == nil {
				report(fmt.Errorf("demo table %s: %w", id, err))
			}
		}()
	}
	return d, nil
}

func (d *demo) stop() {
	d.cancel()
	d.wg.Wait()
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
