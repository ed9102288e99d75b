package serialin

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"
)

// TestScaleEverySpeed checks the pause at every kind of speed: never negative (a negative
// pause sent without pauses and without looking at ctx, issue 21), the longest Duration when
// it would overflow, none for a speed that is not a positive number.
func TestScaleEverySpeed(t *testing.T) {
	for _, tc := range []struct {
		speed float64
		want  time.Duration
	}{
		{1, time.Second}, {2, time.Second / 2}, {1000, time.Millisecond},
		{5e-324, math.MaxInt64}, {1e-300, math.MaxInt64}, {1e-9, 1e18},
		{math.Inf(1), 0}, {math.NaN(), 0}, {0, 0}, {-1, 0}, {math.Inf(-1), 0},
	} {
		s := NewSim(1)
		s.Speed = tc.speed
		if got := s.scale(time.Second); got != tc.want {
			t.Errorf("speed %v: scale(1s) = %v, want %v", tc.speed, got, tc.want)
		}
	}
}

// TestIdleStopsWhenCancelled checks that a cancelled shoe stops even with no pause to wait.
func TestIdleStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := NewSim(1)
	var w recorder
	if err := s.Idle(ctx, &w, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("Idle(cancelled, 0) = %v, want context.Canceled", err)
	}
	if err := s.Play(ctx, &w, []ShoeMsg{{Type: "CARD", Fields: []string{"9H"}}}); !errors.Is(err, context.Canceled) || w.n != 0 {
		t.Fatalf("Play(cancelled) = %v after %d writes, want context.Canceled and nothing sent", err, w.n)
	}
}

// recorder is a SimLine that counts writes.
type recorder struct{ n int }

func (r *recorder) Write(b []byte) (int, error) { r.n++; return len(b), nil }

func (r *recorder) Unplug(context.Context, time.Duration) error { return nil }
