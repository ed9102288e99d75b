package desk

import (
	"math/rand"
	"syscall"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
)

// benchSeats is how many seats wager on every coup of the benchmark (a full mini or midi layout).
const benchSeats = 7

// cpuTime is the process's user and system CPU time: the machine is shared, so coups per
// CPU-second is the figure that does not depend on the load.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchScript is a table script of n shuffled 8-deck shoes under profile p in which every seat
// 1-7 places a wager (Player, Banker or Tie in turn) before every coup, with a clock form every
// coup. It returns the items and the number of coups.
func benchScript(b *testing.B, p engine.Profile, s engine.Settings, n int) ([]Item, int) {
	rng := rand.New(rand.NewSource(1))
	g, err := engine.NewReplayer(p, s)
	if err != nil {
		b.Fatal(err)
	}
	var items []Item
	coups := 0
	clock := DefaultStart
	wagers := [...]Wager{WagerPlayer, WagerBanker, WagerTie}
	for i := 0; i < n; i++ {
		cards := make([]engine.Card, 0, 52*8)
		for d := 0; d < 8; d++ {
			for r := engine.Ace; r <= engine.King; r++ {
				for su := engine.Spades; su <= engine.Clubs; su++ {
					cards = append(cards, engine.Card{Rank: r, Suit: su})
				}
			}
		}
		rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		items = append(items, Item{Kind: ItemToken, Token: engine.Token{Kind: engine.TokShoe}})
		g.Feed(engine.Token{Kind: engine.TokShoe})
		for k, c := range cards {
			if k == len(cards)-20 {
				items = append(items, Item{Kind: ItemToken, Token: engine.Token{Kind: engine.TokCut}})
				g.Feed(engine.Token{Kind: engine.TokCut})
			}
			v := g.Game().View()
			if v.ShoeEnded {
				break
			}
			if !v.InCoup && v.InShoe && v.CardsDealt > 0 {
				clock = clock.Add(40 * time.Second)
				c := ClockAt(clock)
				items = append(items, Item{Kind: ItemClock, Clock: &c})
				for seat := 1; seat <= benchSeats; seat++ {
					items = append(items, Item{Kind: ItemCommand, Command: &Command{Verb: VerbBet, Seat: seat, Wager: wagers[(seat+coups)%3], Amount: 2000}})
				}
			}
			t := engine.Token{Kind: engine.TokCard, Card: c}
			items = append(items, Item{Kind: ItemToken, Token: t})
			for _, e := range g.Feed(t) {
				if e.Kind == engine.EvRound {
					coups++
				}
			}
		}
	}
	return items, coups
}

// BenchmarkTableScript replays a table script with a wager on every seat of every coup through
// the aggregate (clock, bets, cards, settlements): target ≥ 1 M coups/s on one core.
func BenchmarkTableScript(b *testing.B) {
	p, _ := engine.LookupProfile(engine.ProfileVic2002)
	s := engine.DefaultSettings(&p)
	items, coups := benchScript(b, p, s, 16)
	sign := engine.Sign{Player: engine.WagerLimit{Min: 1000, Max: 100000}, Banker: engine.WagerLimit{Min: 1000, Max: 100000}, Tie: engine.WagerLimit{Min: 500, Max: 10000}}
	settled := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		tab, err := New(Config{Profile: p, Settings: s, Sign: sign, AutoTurn: true}, DefaultStart)
		if err != nil {
			b.Fatal(err)
		}
		run := NewRunner(tab, DefaultStart)
		for k := range items {
			out, err := run.Step(&items[k])
			if err != nil {
				b.Fatal(err)
			}
			if len(out.Refused) > 0 {
				b.Fatalf("refused: %v", out.Refused[0])
			}
			settled += len(out.Settled)
		}
	}
	b.StopTimer()
	if settled != b.N*coups*benchSeats {
		b.Fatalf("settled %d wagers, want %d", settled, b.N*coups*benchSeats)
	}
	b.ReportMetric(float64(b.N*coups)/b.Elapsed().Seconds(), "coups/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(b.N*coups)/cpu.Seconds(), "coups/cpu-s")
	}
	b.ReportMetric(float64(coups), "coups/op")
}

// BenchmarkSettleOne is one wager settled by the aggregate on a finished coup (limits, warning,
// engine.Settle, the record), never one it has settled before: target ≤ 1 µs.
func BenchmarkSettleOne(b *testing.B) {
	p, _ := engine.LookupProfile(engine.ProfileVic2002)
	tab, err := New(Config{Profile: p, Settings: engine.DefaultSettings(&p), Sign: engine.Sign{Banker: engine.WagerLimit{Min: 1000, Max: 100000}}}, DefaultStart)
	if err != nil {
		b.Fatal(err)
	}
	r := engine.Round{N: 1, Shoe: 1, Outcome: engine.Outcome{Winner: engine.Banker, PlayerTotal: 5, BankerTotal: 7, PlayerCards: 2, BankerCards: 2, BankerFirstTwo: 7}}
	w := placed{w: engine.Wager{Seat: 3, Kind: engine.WagerBanker, Amount: 10000, Limit: engine.WagerLimit{Min: 1000, Max: 100000}}}
	o := r.Outcome.ForSettlement()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		tab.out.Settled = tab.out.Settled[:0]
		tab.pass++                                 // a new coup
		tab.memo[memoSlot(&w.w, &o)] = memoEntry{} // never seen: engine.Settle every time
		tab.settleOne(&w, &r, &o)
	}
	if tab.out.Settled[0].Paid != 9500 {
		b.Fatalf("paid %d", tab.out.Settled[0].Paid)
	}
}
