package operator

import (
	"testing"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/engine"
)

func TestParseClock(t *testing.T) {
	now := time.Date(2026, 11, 22, 23, 30, 20, 0, time.UTC)
	for _, tc := range []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{"23:50", time.Date(2026, 11, 22, 23, 50, 0, 0, time.UTC), true},
		{"02:00", time.Date(2026, 11, 23, 2, 0, 0, 0, time.UTC), true}, // after midnight: tomorrow
		{"23:30", now, true}, // this minute: now, not tomorrow
		{"23:29", time.Date(2026, 11, 23, 23, 29, 0, 0, time.UTC), true},
		{"24:00", time.Time{}, false}, {"9:5", time.Time{}, false}, {"", time.Time{}, false}, {"ab:cd", time.Time{}, false},
		{"12:60", time.Time{}, false}, {"-1:30", time.Time{}, false},
		// a numeric keypad has no colon: the digits alone, or its point
		{"2350", time.Date(2026, 11, 22, 23, 50, 0, 0, time.UTC), true},
		{"930", time.Date(2026, 11, 23, 9, 30, 0, 0, time.UTC), true},
		{"0200", time.Date(2026, 11, 23, 2, 0, 0, 0, time.UTC), true},
		{"23.50", time.Date(2026, 11, 22, 23, 50, 0, 0, time.UTC), true},
		{"2360", time.Time{}, false}, {"2400", time.Time{}, false}, {"21", time.Time{}, false}, {"21300", time.Time{}, false},
		{"+930", time.Time{}, false}, {"21:3", time.Time{}, false},
	} {
		got, err := ParseClock(tc.in, now)
		if (err == nil) != tc.ok || !got.Equal(tc.want) {
			t.Errorf("ParseClock(%q) = %v, %v; want %v ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func TestStepClockByQuarters(t *testing.T) {
	from := time.Date(2026, 11, 22, 21, 7, 0, 0, time.UTC)
	for _, tc := range []struct {
		in    string
		steps int
		want  string
	}{
		{"21:07", 1, "21:15"}, {"21:07", -1, "21:00"}, {"21:15", 1, "21:30"}, {"21:15", -1, "21:00"},
		{"2130", 2, "22:00"}, {"23:45", 1, "00:00"}, {"00:00", -1, "23:45"}, {"00:10", -1, "00:00"},
		{"", 1, "21:15"}, {"nonsense", -1, "21:00"}, // unreadable: from the time given
	} {
		if got := StepClock(tc.in, tc.steps, from); got != tc.want {
			t.Errorf("StepClock(%q, %d) = %q, want %q", tc.in, tc.steps, got, tc.want)
		}
	}
}

func TestEarliestRoundsUpToTheMinute(t *testing.T) {
	n := engine.NoticesVicBaccarat2002(20)
	for _, tc := range []struct{ now, want time.Time }{
		{time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC), time.Date(2026, 11, 22, 21, 20, 0, 0, time.UTC)},
		{time.Date(2026, 11, 22, 21, 0, 1, 0, time.UTC), time.Date(2026, 11, 22, 21, 21, 0, 0, time.UTC)},
	} {
		if got := Earliest(n, tc.now); !got.Equal(tc.want) {
			t.Errorf("Earliest at %v = %v, want %v", tc.now, got, tc.want)
		}
	}
}

func TestHotspotOpensOnThreeQuickTapsOrALongPress(t *testing.T) {
	now := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	opened := 0
	h := NewHotspot(func() { opened++ })
	h.Clock = func() time.Time { return now }
	test.Tap(h)
	now = now.Add(time.Second)
	test.Tap(h)
	now = now.Add(time.Second) // the first tap is now 2 s old: only two count
	test.Tap(h)
	if opened != 0 {
		t.Fatal("three taps over 2 s opened the operator screen")
	}
	now = now.Add(200 * time.Millisecond)
	test.Tap(h)
	if opened != 1 {
		t.Fatalf("three quick taps: opened %d", opened)
	}
	test.TapSecondary(h)
	if opened != 2 {
		t.Fatalf("long press: opened %d", opened)
	}
}

func FuzzParseClock(f *testing.F) {
	for _, s := range []string{"21:20", "00:00", "23:59", "24:00", "9:5", "12:60", "", "::", "٢١:٢٠"} {
		f.Add(s, int64(1795381200))
	}
	f.Fuzz(func(t *testing.T, s string, unix int64) {
		if unix < 0 || unix > 1<<40 || !utf8.ValidString(s) {
			return
		}
		now := time.Unix(unix, 0).UTC()
		at, err := ParseClock(s, now)
		if err != nil {
			return
		}
		if at.Before(now) || at.Sub(now) > 24*time.Hour {
			t.Fatalf("ParseClock(%q, %v) = %v: not within the next day", s, now, at)
		}
		// The time it found, typed again as HH:MM, is the same moment.
		if again, err := ParseClock(at.Format("15:04"), now); err != nil || !again.Equal(at) {
			t.Fatalf("ParseClock(%q) = %v, but %s reads as %v, %v", s, at, at.Format("15:04"), again, err)
		}
	})
}
