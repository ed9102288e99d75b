package engine

import (
	"math/rand"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user and system CPU time. The machine is shared, so wall-clock
// rates understate the engine; coups per CPU-second is the figure that does not depend on load.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportRates(b *testing.B, coups int, cpu0 time.Duration) {
	b.ReportMetric(float64(coups)/b.Elapsed().Seconds(), "coups/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(coups)/cpu.Seconds(), "coups/cpu-s")
	}
}

// benchShoes is a fixed set of shuffled 8-deck shoes as script tokens.
func benchShoes(n int) [][]Token {
	rng := rand.New(rand.NewSource(1))
	shoes := make([][]Token, n)
	for i := range shoes {
		shoes[i] = randomShoe(rng, 8, 20)
	}
	return shoes
}

// BenchmarkReplay measures replay throughput: whole 8-deck shoes dealt through a Replayer
// (burn, cutting card, last coup, shoe end), style A. It reports coups per second.
func BenchmarkReplay(b *testing.B) {
	for _, style := range []string{"A", "C"} {
		b.Run("nz-baccarat-1998/style="+style, func(b *testing.B) {
			p, _ := LookupProfile(ProfileNZ1998)
			s, err := ParseSettings(&p, []string{"style=" + style})
			if err != nil {
				b.Fatal(err)
			}
			r, _ := NewReplayer(p, s)
			shoes := benchShoes(64)
			coups := 0
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				for _, tok := range shoes[i%len(shoes)] {
					for _, e := range r.Feed(tok) {
						if e.Kind == EvRound {
							coups++
						}
					}
				}
			}
			reportRates(b, coups, cpu0)
			b.ReportMetric(float64(coups)/float64(b.N), "coups/shoe")
		})
	}
}

// BenchmarkCoup measures one coup through Game.AppendApply with a reused event buffer.
func BenchmarkCoup(b *testing.B) {
	p, _ := LookupProfile(ProfileNZ)
	s, _ := ParseSettings(&p, []string{"shuffler=continuous"})
	g, _ := NewGame(p, s)
	g.Apply(WordInput(TokShoe, 0))
	g.Apply(WordInput(TokNoBurn, 0))
	coup := []Input{}
	for _, c := range []Card{{Ace, Hearts}, {6, Clubs}, {Ace, Diamonds}, {King, Spades}, {7, Hearts}, {2, Spades}} {
		coup = append(coup, CardInput(c, PosNone, SourceShoe))
	}
	buf := make([]Event, 0, 8)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		for _, in := range coup {
			buf = g.AppendApply(buf[:0], in)
		}
	}
	reportRates(b, b.N, cpu0)
}
