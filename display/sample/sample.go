// Package sample builds the table screen's sample view models: the states the golden-image
// tests draw and the preview command renders. The roads come from package roadmap, built
// from hand strings, exactly as the app builds them.
package sample

import (
	"fmt"
	"sort"
	"time"

	"github.com/coupboard/coupboard/display/i18n"

	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/roadmap"
)

// Now is the sample clock: 21:10:18 on 22 November 2026, Melbourne summer time.
func Now() time.Time {
	return time.Date(2026, 11, 22, 21, 10, 18, 0, time.FixedZone("AEDT", 11*3600))
}

// MidShoe is a shoe with long streaks and dragon tails: ten Bankers, nine Players, eight
// Bankers, seven Players (the dragon tail of spec/roadmap.md §2), then chops, ties and pairs.
const MidShoe = "BBBBBBBBBB" + "PPPPPPPPP" + "BBBBBBBB" + "PPPPPPP" + "BPbBTPpBBTTPPBPBbPPBTB"

// Sign is a Victorian Crown-style limit sign with every wager on offer, the table
// differential and markers.
func Sign(settlement view.Settlement) view.Sign {
	return view.Sign{
		Currency: "$",
		Limits: []view.Limit{
			{Wager: view.WagerPlayerBanker, Min: 2500, Max: 500000, Multiple: 500},
			{Wager: view.WagerTie, Min: 500, Max: 50000},
			{Wager: view.WagerInsurance, Min: 500, Max: 100000},
			{Wager: view.WagerRuns, Min: 500, Max: 10000},
		},
		DifferentialMin: 1000000, DifferentialMax: 2500000,
		Settlement: settlement,
		Markers:    []view.Marker{{Seat: 3, Higher: true, Max: 2000000}},
	}
}

// RunPays is Diagram D of the Victorian rules (000 2.4, 10.1): Player, Banker and
// combination runs of 2 to 6 and Tie runs of 2 to 4.
func RunPays() []view.RunPay {
	var pays []view.RunPay
	pb := []int{3, 8, 20, 45, 100}
	for _, k := range []view.RunKind{view.RunPlayer, view.RunBanker} {
		for i, p := range pb {
			pays = append(pays, view.RunPay{Kind: k, Length: i + 2, Pays: p})
		}
	}
	for i, p := range []int{100, 1000, 10000} {
		pays = append(pays, view.RunPay{Kind: view.RunTie, Length: i + 2, Pays: p})
	}
	return pays
}

// roads builds the roads of a hand string with the roadmap; extra rounds (non-betting ones,
// say) follow the string's.
func roads(hands string, extra ...roadmap.Hand) (view.Roads, view.Stats, error) {
	hs, err := roadmap.ParseHands(hands)
	if err != nil {
		return view.Roads{}, view.Stats{}, fmt.Errorf("sample roads %q: %w", hands, err)
	}
	hs = append(hs, extra...)
	r, err := roadmap.Build(hs, roadmap.DefaultOptions())
	if err != nil {
		return view.Roads{}, view.Stats{}, fmt.Errorf("sample roads %q: %w", hands, err)
	}
	dealt := 0
	for range hs {
		dealt += 5 // about five cards a coup
	}
	if err := r.SetCards(dealt+1, 416-dealt-1); err != nil {
		return view.Roads{}, view.Stats{}, fmt.Errorf("sample cards: %w", err)
	}
	return view.RoadsFrom(r, 64), view.StatsFrom(r.Stats()), nil
}

// cards reads card codes ("9H", "KS"); "?" is a face-down card.
func cards(codes ...string) ([]view.Card, error) {
	out := make([]view.Card, 0, len(codes))
	for _, s := range codes {
		if s == "?" {
			out = append(out, view.Down())
			continue
		}
		c, err := engine.ParseCard(s)
		if err != nil {
			return nil, fmt.Errorf("sample card: %w", err)
		}
		out = append(out, view.Up(c))
	}
	return out, nil
}

// coup is a finished coup from the two hands' card codes, decided with the engine's rules.
func coup(settlement view.Settlement, player, banker []string) (view.Coup, error) {
	p, err := cards(player...)
	if err != nil {
		return view.Coup{}, err
	}
	b, err := cards(banker...)
	if err != nil {
		return view.Coup{}, err
	}
	pt, _ := view.HandTotal(p)
	bt, _ := view.HandTotal(b)
	p2, _ := view.HandTotal(p[:2])
	b2, _ := view.HandTotal(b[:2])
	pf, _ := p[0].Face()
	pg, _ := p[1].Face()
	bf, _ := b[0].Face()
	bg, _ := b[1].Face()
	o := engine.Outcome{
		Winner: engine.Decide(pt, bt), PlayerTotal: pt, BankerTotal: bt,
		Natural:    engine.IsNatural(p2) || engine.IsNatural(b2),
		PlayerPair: pf.Rank == pg.Rank, BankerPair: bf.Rank == bg.Rank,
		PlayerCards: len(p), BankerCards: len(b), BankerFirstTwo: b2,
	}
	r := view.ResultFrom(o, settlement)
	return view.Coup{Player: p, Banker: b, Result: &r}, nil
}

// States lists the names State knows, sorted.
func States() []string {
	names := make([]string, 0, len(builders()))
	for n := range builders() {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// State is the sample screen of the given name (see States).
func State(name string) (view.Screen, error) {
	b, ok := builders()[name]
	if !ok {
		return view.Screen{}, fmt.Errorf("sample %q: unknown (want one of %v)", name, States())
	}
	return b()
}

// base is a mid-shoe table with the given settlement and hands.
func base(settlement view.Settlement, hands string) (view.Screen, error) {
	rs, st, err := roads(hands)
	if err != nil {
		return view.Screen{}, err
	}
	game := view.BaccaratCommission
	if settlement == view.SettleSixHalf {
		game = view.BaccaratSixHalf
	}
	return view.Screen{
		Now:    Now(),
		Header: view.Header{Casino: "Riverside Casino", Table: "BA-07", Game: game, Shoe: 3, Coup: st.Hands + 1},
		Sign:   Sign(settlement),
		Roads:  rs, Stats: st,
		Status: view.Status{Link: view.LinkConnected},
	}, nil
}

// redDog is a Red Dog table (003) with the round on it.
func redDog(c view.RedDogCoup) view.Screen {
	return view.Screen{
		Now:    Now(),
		Header: view.Header{Casino: "Riverside Casino", Table: "RD-02", Game: view.RedDog, Shoe: 1, Coup: 12},
		Sign: view.Sign{Currency: "$",
			Limits:  []view.Limit{{Wager: view.WagerRedDog, Min: 1000, Max: 100000, Multiple: 500}},
			Markers: []view.Marker{{Seat: 4, Higher: true, Max: 500000}}},
		Coup:   view.Coup{RedDog: &c},
		Status: view.Status{Link: view.LinkConnected},
	}
}

func builders() map[string]func() (view.Screen, error) {
	return map[string]func() (view.Screen, error){
		"empty": func() (view.Screen, error) { // a shoe before its first card
			s, err := base(view.SettleCommission, "")
			s.Header.Coup = 1
			return s, err
		},
		"noshoe": func() (view.Screen, error) { // a table before its first shoe
			s, err := base(view.SettleCommission, "")
			s.Header.Shoe, s.Header.Coup = 0, 0
			s.Stats.CardsKnown = false
			return s, err
		},
		"midshoe": func() (view.Screen, error) {
			s, err := base(view.SettleCommission, MidShoe)
			if err != nil {
				return s, err
			}
			s.Coup, err = coup(view.SettleCommission, []string{"4D", "KC", "2S"}, []string{"7H", "QS"})
			return s, err
		},
		"natural": func() (view.Screen, error) {
			s, err := base(view.SettleCommission, MidShoe[:40])
			if err != nil {
				return s, err
			}
			s.Coup, err = coup(view.SettleCommission, []string{"9S", "KH"}, []string{"3D", "3C"})
			return s, err
		},
		"tie": func() (view.Screen, error) {
			s, err := base(view.SettleCommission, MidShoe[:52])
			if err != nil {
				return s, err
			}
			s.Coup, err = coup(view.SettleCommission, []string{"5H", "JD", "AS"}, []string{"6C", "KD"})
			return s, err
		},
		"sixhalf": func() (view.Screen, error) {
			s, err := base(view.SettleSixHalf, MidShoe[:47])
			if err != nil {
				return s, err
			}
			s.Coup, err = coup(view.SettleSixHalf, []string{"2H", "2D", "TS"}, []string{"4C", "2C"})
			return s, err
		},
		"insurance": func() (view.Screen, error) {
			s, err := base(view.SettleSixHalf, MidShoe[:30])
			if err != nil {
				return s, err
			}
			p, err := cards("3H", "QD")
			if err != nil {
				return s, err
			}
			b, err := cards("4S", "2D")
			s.Coup = view.Coup{Player: p, Banker: b, InsuranceOpen: true}
			runs := view.RunBoard{Pays: RunPays(), Wagers: []view.RunWager{
				{Seat: 2, Kind: view.RunBanker, Length: 4, Backs: []engine.Winner{engine.Banker, engine.Banker}, Won: []bool{true, true}},
				{Seat: 5, Kind: view.RunCombination, Length: 3, Backs: []engine.Winner{engine.Player, engine.Banker}, Won: []bool{true}},
				{Seat: 6, Kind: view.RunTie, Length: 2, Backs: []engine.Winner{engine.Tie}, Won: []bool{false}, State: view.RunLost},
			}}
			s.Runs = &runs
			return s, err
		},
		"facedown": func() (view.Screen, error) {
			s, err := base(view.SettleCommission, MidShoe[:20])
			if err != nil {
				return s, err
			}
			p, err := cards("8S", "?")
			if err != nil {
				return s, err
			}
			b, err := cards("?", "?")
			s.Coup = view.Coup{Player: p, Banker: b}
			return s, err
		},
		"lastcoup": func() (view.Screen, error) {
			s, err := base(view.SettleCommission, MidShoe+"BPPBTBBPBPPPB")
			s.Notices = []view.Notice{{Kind: view.NoticeLastCoup}}
			s.Stats.CardsLeft = 14
			return s, err
		},
		"notices-runs": func() (view.Screen, error) { // two notices over a coup, and the run board
			s, err := builders()["insurance"]()
			now := Now()
			s.Notices = []view.Notice{
				{Kind: view.NoticeMinimum, Amount: 5000, At: now.Add(20 * time.Minute)},
				{Kind: view.NoticeClosing, At: now.Add(5 * time.Hour)},
			}
			return s, err
		},
		"notices3": func() (view.Screen, error) { // three notices over a coup in play
			s, err := base(view.SettleCommission, MidShoe)
			if err != nil {
				return s, err
			}
			s.Coup, err = coup(view.SettleCommission, []string{"4D", "KC", "2S"}, []string{"7H", "QS"})
			now := Now()
			s.Notices = []view.Notice{
				{Kind: view.NoticeMinimum, Amount: 5000, At: now.Add(20 * time.Minute)},
				{Kind: view.NoticeClosing, At: now.Add(5 * time.Hour)},
				{Kind: view.NoticeLastCoup},
			}
			return s, err
		},
		"notice": func() (view.Screen, error) {
			s, err := base(view.SettleCommission, MidShoe[:35])
			now := Now()
			s.Notices = []view.Notice{
				{Kind: view.NoticeMinimum, Amount: 5000, At: time.Date(2026, 11, 22, 21, 30, 0, 0, now.Location())},
				{Kind: view.NoticeClosing, At: time.Date(2026, 11, 23, 2, 0, 0, 0, now.Location())},
			}
			return s, err
		},
		"review": func() (view.Screen, error) {
			s, err := base(view.SettleCommission, MidShoe[:25])
			// A reason as the engine words it (in English; the screen words it in its language).
			s.Status = view.Status{Link: view.LinkSilent, Review: 24,
				Errors: []string{"coup 24: shoe data lost (1 frame(s): SEQ 8812 follows 8810)"}}
			return s, err
		},
		"warnings": func() (view.Screen, error) {
			// The machine's conditions (app/health) after a supervisor's error.
			s, err := base(view.SettleCommission, MidShoe[:25])
			s.Status = view.Status{Link: view.LinkDisconnected, Errors: []string{"22:04 a second cutting card, but this book uses one"},
				Warnings:     []string{"shoe /dev/ttyUSB0: nothing readable (cable, protocol or baud?)", "clock not synchronised: notice times may be wrong"},
				WarningWords: []i18n.Message{{Key: i18n.WarnShoeUnreadable, Args: []any{"/dev/ttyUSB0"}}, {Key: i18n.WarnClock}}}
			return s, err
		},
		"manual": func() (view.Screen, error) {
			s, err := base(view.SettleCommission, MidShoe[:25])
			s.Status = view.Status{Link: view.LinkManual}
			s.Stats.CardsKnown = false
			return s, err
		},
		"dummy": func() (view.Screen, error) {
			s, err := base(view.SettleCommission, MidShoe[:44])
			if err != nil {
				return s, err
			}
			// Two dummy coups (000 11.4-11.9): on the bead plate hollow, and on the roads.
			s.Roads, s.Stats, err = roads(MidShoe[:44],
				roadmap.Hand{Winner: engine.Player, Kind: engine.KindNoBet},
				roadmap.Hand{Winner: engine.Banker, BankerPair: true, Kind: engine.KindNoBet})
			s.Notices = []view.Notice{{Kind: view.NoticeDummy}}
			s.Header.Coup = s.Stats.Hands + 1
			return s, err
		},
		"reddog": func() (view.Screen, error) {
			right, err := cards("7H")
			if err != nil {
				return view.Screen{}, err
			}
			left, err := cards("TS")
			s := redDog(view.RedDogCoup{Right: right, Left: left, Kind: view.RedDogSpread, Spread: 2, Pays: 4})
			return s, err
		},
		"reddogtrips": func() (view.Screen, error) {
			right, err := cards("8D")
			if err != nil {
				return view.Screen{}, err
			}
			left, err := cards("8S")
			if err != nil {
				return view.Screen{}, err
			}
			centre, err := cards("8C")
			s := redDog(view.RedDogCoup{Right: right, Left: left, Centre: centre, Kind: view.RedDogPair, Pays: 11, Outcome: view.RedDogTrips})
			return s, err
		},
		"closed": func() (view.Screen, error) {
			s, err := base(view.SettleCommission, "")
			s.Mode = view.Closed
			s.Reopens = time.Date(2026, 11, 23, 10, 0, 0, 0, Now().Location())
			// what the reopening changes, against the sign before the closing (000 7.7, 13.7)
			s.Notices = []view.Notice{{Kind: view.NoticeMinimum, Wager: view.WagerTie, Amount: 2500, At: s.Reopens}}
			s.Status = view.Status{Link: view.LinkDisconnected}
			return s, err
		},
		"idle": func() (view.Screen, error) {
			s, err := base(view.SettleCommission, MidShoe)
			s.Mode = view.Idle
			return s, err
		},
	}
}
