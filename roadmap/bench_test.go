package roadmap

import (
	"math/rand"
	"testing"
)

// benchShoe is a 90-hand shoe of random results with pairs and naturals (fixed seed).
func benchShoe() []Hand {
	return randomHands(rand.New(rand.NewSource(90)), 90, false)
}

// BenchmarkAppend appends one hand to the roads of a shoe, in steady state: the roads are reset every
// 90 hands (a new shoe) and reuse their memory.
func BenchmarkAppend(b *testing.B) {
	shoe := benchShoe()
	r := New(DefaultOptions())
	b.ReportAllocs()
	done := reportThreadCPU(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i % len(shoe)
		if j == 0 {
			r.Reset()
		}
		if err := r.Append(shoe[j]); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	done()
}

// BenchmarkBuild90 computes every road and statistic of a 90-hand shoe from scratch.
func BenchmarkBuild90(b *testing.B) {
	shoe := benchShoe()
	b.ReportAllocs()
	done := reportThreadCPU(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Build(shoe, DefaultOptions()); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	done()
}

// BenchmarkAskAndStats reads the ask road and the statistics, as a screen does after every hand.
func BenchmarkAskAndStats(b *testing.B) {
	r, err := Build(benchShoe(), DefaultOptions())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = r.Ask()
		_ = r.Stats()
	}
}

// TestAppendAllocatesNothing: in steady state an appended hand allocates nothing.
func TestAppendAllocatesNothing(t *testing.T) {
	shoe := benchShoe()
	r := New(DefaultOptions())
	i := 0
	allocs := testing.AllocsPerRun(1000, func() {
		if i%len(shoe) == 0 {
			r.Reset()
		}
		if err := r.Append(shoe[i%len(shoe)]); err != nil {
			t.Fatal(err)
		}
		i++
	})
	if allocs != 0 {
		t.Errorf("%v allocations per appended hand, want 0", allocs)
	}
}
