package app

import (
	"runtime/debug"
	"testing"
)

// TestWindowGC checks that the window lowers the collector's target only when GOGC chose none.
func TestWindowGC(t *testing.T) {
	orig := debug.SetGCPercent(100)
	defer debug.SetGCPercent(orig)
	for _, tc := range []struct {
		gogc string
		want int
	}{
		{"", windowGCPercent},
		{"100", 100},
		{"off", 100},
	} {
		debug.SetGCPercent(100)
		windowGC(tc.gogc)
		if got := debug.SetGCPercent(100); got != tc.want {
			t.Errorf("GOGC=%q: collector target %d, want %d", tc.gogc, got, tc.want)
		}
	}
}
