package replay

import (
	"io"
	"math/rand"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user and system CPU time: the machine is shared, so coups per
// CPU-second is the figure that does not depend on the load (as engine/desk's benchmarks).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// shoeScript writes n shuffled 8-deck shoes as a shoe script, the cutting card 20 cards from the back.
func shoeScript(n int) string {
	rng := rand.New(rand.NewSource(1))
	var b strings.Builder
	for s := 0; s < n; s++ {
		var cards []string
		for d := 0; d < 8; d++ {
			for _, r := range "A23456789TJQK" {
				for _, su := range "SHDC" {
					cards = append(cards, string(r)+string(su))
				}
			}
		}
		rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		b.WriteString("shoe\n")
		for i, c := range cards {
			if i == len(cards)-20 {
				b.WriteString("cut\n")
			}
			b.WriteString(c)
			b.WriteByte(' ')
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// BenchmarkRun measures the whole command: parse a script of 16 shoes, deal it, print JSON.
func BenchmarkRun(b *testing.B) {
	src := shoeScript(16)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		if err := Run([]string{"--profile", "nz-baccarat-1998"}, strings.NewReader(src), io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	// A shuffled 8-deck shoe cut 20 cards from the back deals about 80 coups (BenchmarkReplay
	// in package engine counts them exactly: 80.03).
	b.ReportMetric(float64(16*b.N)*80/b.Elapsed().Seconds(), "coups/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(16*b.N)*80/cpu.Seconds(), "coups/cpu-s")
	}
}
