package serialin

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

type bufLine struct{ bytes.Buffer }

func (b *bufLine) Unplug(context.Context, time.Duration) error { return nil }

// shoeCapture is the CSP1 bytes of a whole random shoe with positions and results.
func shoeCapture(b *testing.B, proto string) []byte {
	sim := NewSim(9)
	sim.Protocol, sim.Speed = proto, 0
	var line bufLine
	sim.Start(&line)
	msgs := RandomShoe(rand.New(rand.NewPCG(9, 9)), ShoeOptions{Positions: true, Results: true})
	if err := sim.Play(context.Background(), &line, msgs); err != nil {
		b.Fatal(err)
	}
	return line.Bytes()
}

// BenchmarkCSP1Feed is decoder throughput on a whole shoe fed in 64-byte reads.
func BenchmarkCSP1Feed(b *testing.B) {
	data := shoeCapture(b, "csp1")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	d := &CSP1{}
	for b.Loop() {
		d.Reset()
		for i := 0; i < len(data); i += 64 {
			d.Feed(data[i:min(i+64, len(data))])
		}
	}
}

// BenchmarkCSP1FeedNoise is decoder throughput on pure line noise (no frames).
func BenchmarkCSP1FeedNoise(b *testing.B) {
	data := bytes.Repeat([]byte{0x00, 0xFF, 'A', 'T', '\r', '\n'}, 10000)
	b.SetBytes(int64(len(data)))
	d := &CSP1{}
	for b.Loop() {
		d.Feed(data)
	}
}

// BenchmarkCardlineFeed is the cardline decoder's throughput on a whole shoe.
func BenchmarkCardlineFeed(b *testing.B) {
	data := shoeCapture(b, "cardline")
	b.SetBytes(int64(len(data)))
	d := &Cardline{}
	for b.Loop() {
		d.Reset()
		for i := 0; i < len(data); i += 64 {
			d.Feed(data[i:min(i+64, len(data))])
		}
	}
}

// TestLatencyPTY measures the time from the last byte of a frame written on a
// pseudo-terminal to its event arriving on the manager's channel, over 10,000 frames
// (one at a time), and prints p50/p99 (target: p99 under 2 ms). Run: go test -run TestLatencyPTY -v
func TestLatencyPTY(t *testing.T) {
	if testing.Short() {
		t.Skip("latency measurement: skipped under -short")
	}
	line := newPTY(t, "")
	c := startManager(t, Config{Path: line.Path()})
	c.until(patience, "connected", func(evs []Event) bool { return countKind(evs, KindLink) > 0 })
	const n = 10000
	lat := make([]time.Duration, 0, n)
	cards := []string{"9H", "KD", "2C", "AS"}
	for i := 0; i < n; i++ {
		f := Frame("CARD", i+1, cards[i%len(cards)])
		if _, err := line.Write(f); err != nil {
			t.Fatal(err)
		}
		sent := time.Now()
		select {
		case ev := <-c.m.Events():
			got := time.Since(sent)
			if ev.Kind != KindCard || ev.Seq != (i+1)%seqModulus || ev.Card.String() != cards[i%len(cards)] {
				t.Fatalf("frame %d: got %v", i, ev)
			}
			lat = append(lat, got)
		case <-time.After(patience):
			t.Fatalf("frame %d: no event within %v", i, patience)
		}
	}
	slices.Sort(lat)
	p50, p99, worst := lat[n/2], lat[n*99/100], lat[n-1]
	fmt.Printf("serialin pty latency, %d frames: p50 %v  p99 %v  max %v  (target p99 < 2ms)\n", n, p50, p99, worst)
	t.Logf("p50 %v p99 %v max %v", p50, p99, worst)
}
