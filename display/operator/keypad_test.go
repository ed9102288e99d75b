package operator

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/engine"
)

func TestKeypad(t *testing.T) {
	for _, tc := range []struct {
		keys    string
		pending string
		last    KeyResult
		note    string
	}{
		{"1234567890", "A 2 3 4 5 6 7 8 9 T", KeyCard, ""}, // 1 is the ace, 0 a ten-value card
		{"9h", "9H", KeySuit, ""},
		{"0sjdqhkc", "TS JD QH KC", KeySuit, ""},
		{"9hd", "9D", KeySuit, ""}, // a second suit key corrects the first
		{"h", "—", KeyIgnored, "type the rank first"},
		{"25.", "2", KeyUndo, ""},
		{"2.", "—", KeyUndo, ""},
		{".", "—", KeyIgnored, "nothing to undo"},
		{"\n", "—", KeyIgnored, "no cards to confirm"},
		{"7\n", "7", KeyConfirm, ""},
		{"7\r", "7", KeyConfirm, ""},
		{"x", "—", KeyIgnored, ""},
		{strings.Repeat("9", maxPending+1), strings.TrimSpace(strings.Repeat("9 ", maxPending)), KeyIgnored, "too many cards"},
	} {
		var k Keypad
		var res KeyResult
		var note string
		for _, r := range tc.keys {
			res, note = k.Press(r)
		}
		if k.String() != tc.pending || res != tc.last || !strings.Contains(note, tc.note) || (tc.note == "" && note != "") {
			t.Errorf("keys %q: pending %q result %d note %q; want %q %d %q", tc.keys, k.String(), res, note, tc.pending, tc.last, tc.note)
		}
	}
}

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

func FuzzKeypad(f *testing.F) {
	for _, s := range []string{"1234567890", "9h.\n", "0sjdqhkc\r", ".....", strings.Repeat("7", 40), "\x00\xff☃", "25h9.\n", "*1\n", "*2456*9", "9*.*3\n", "*4\n.r3n\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, keys string) {
		var k Keypad
		n := 0
		for _, r := range keys {
			res, _ := k.Press(r)
			switch res {
			case KeyCard:
				n++
			case KeyUndo:
				n--
			}
			if len(k.Pending()) != n || n < 0 || n > maxPending {
				t.Fatalf("after %q: %d pending, counted %d", keys, len(k.Pending()), n)
			}
			if k.ResultMode() && n != 0 {
				t.Fatalf("after %q: result-only entry with %d cards pending", keys, n)
			}
			if w := k.Result().Winner; res == KeyConfirmResult && w != engine.Banker && w != engine.Player && w != engine.Tie {
				t.Fatalf("after %q: a result confirmed with winner %d", keys, w)
			}
		}
		for _, c := range k.Pending() {
			if !c.Valid() {
				t.Fatalf("keys %q made an invalid card %+v", keys, c)
			}
			if _, err := engine.ParseCard(c.String()); err != nil {
				t.Fatalf("keys %q made card %s the engine cannot read: %v", keys, c, err)
			}
		}
	})
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
