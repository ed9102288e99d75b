package testclock

import (
	"sync"
	"testing"
	"time"
)

// TestClockMovesAndIsSafeAcrossGoroutines: the clock stands where it is put and moves by what
// it is given, while another goroutine reads it (-race checks the locking).
func TestClockMovesAndIsSafeAcrossGoroutines(t *testing.T) {
	start := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	c := New(start)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 100 {
			if c.Now().Before(start) {
				t.Error("the clock went back")
				return
			}
		}
	}()
	for _, tc := range []struct {
		move time.Duration
		want time.Time
	}{
		{time.Minute, start.Add(time.Minute)},
		{59 * time.Minute, start.Add(time.Hour)},
		{0, start.Add(time.Hour)},
	} {
		c.Add(tc.move)
		if got := c.Now(); !got.Equal(tc.want) {
			t.Fatalf("after %v: %v, want %v", tc.move, got, tc.want)
		}
	}
	wg.Wait()
	c.Set(start)
	if !c.Now().Equal(start) {
		t.Fatalf("Set: %v, want %v", c.Now(), start)
	}
}
