package console

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
)

// formTime reads the form's HH:MM as the first such moment after now less pastWindow, in the
// console's zone: near midnight a time after midnight is tomorrow's, and a time a little past
// (before or after midnight) is the one that passed.
func TestFormTime(t *testing.T) {
	melbourne := time.FixedZone("AEDT", 11*60*60)
	day := func(d, h, m, s int, loc *time.Location) time.Time { return time.Date(2026, 11, d, h, m, s, 0, loc) }
	for _, tc := range []struct {
		name string
		now  time.Time
		hm   [2]int
		want time.Time
	}{
		{"23:50, a time after midnight", day(26, 23, 50, 0, time.UTC), [2]int{0, 5}, day(27, 0, 5, 0, time.UTC)},
		{"23:50, later tonight", day(26, 23, 50, 0, time.UTC), [2]int{23, 55}, day(26, 23, 55, 0, time.UTC)},
		{"23:50, the minute now", day(26, 23, 50, 0, time.UTC), [2]int{23, 50}, day(26, 23, 50, 0, time.UTC)},
		{"23:50, a time just past", day(26, 23, 50, 0, time.UTC), [2]int{23, 45}, day(26, 23, 45, 0, time.UTC)},
		{"23:50, an hour past to the minute", day(26, 23, 50, 0, time.UTC), [2]int{22, 50}, day(26, 22, 50, 0, time.UTC)},
		{"23:50, more than an hour past: tomorrow's", day(26, 23, 50, 0, time.UTC), [2]int{22, 49}, day(27, 22, 49, 0, time.UTC)},
		{"23:50, tomorrow morning", day(26, 23, 50, 0, time.UTC), [2]int{9, 0}, day(27, 9, 0, 0, time.UTC)},
		{"23:59:40, midnight", day(26, 23, 59, 40, time.UTC), [2]int{0, 0}, day(27, 0, 0, 0, time.UTC)},
		{"23:59:40, the minute now", day(26, 23, 59, 40, time.UTC), [2]int{23, 59}, day(26, 23, 59, 0, time.UTC)},
		{"23:59:40, a minute after midnight", day(26, 23, 59, 40, time.UTC), [2]int{0, 1}, day(27, 0, 1, 0, time.UTC)},
		{"00:00, the minute now", day(27, 0, 0, 0, time.UTC), [2]int{0, 0}, day(27, 0, 0, 0, time.UTC)},
		{"00:00, yesterday's last minute, just past", day(27, 0, 0, 0, time.UTC), [2]int{23, 59}, day(26, 23, 59, 0, time.UTC)},
		{"00:00, yesterday evening is tonight", day(27, 0, 0, 0, time.UTC), [2]int{22, 0}, day(27, 22, 0, 0, time.UTC)},
		{"00:00, later", day(27, 0, 0, 0, time.UTC), [2]int{0, 20}, day(27, 0, 20, 0, time.UTC)},
		{"midday, this afternoon", day(26, 12, 0, 0, time.UTC), [2]int{12, 21}, day(26, 12, 21, 0, time.UTC)},
		{"midday, tonight", day(26, 12, 0, 0, time.UTC), [2]int{23, 59}, day(26, 23, 59, 0, time.UTC)},
		{"midday, half an hour past", day(26, 12, 0, 0, time.UTC), [2]int{11, 30}, day(26, 11, 30, 0, time.UTC)},
		{"midday, an hour past to the minute", day(26, 12, 0, 0, time.UTC), [2]int{11, 0}, day(26, 11, 0, 0, time.UTC)},
		{"midday, this morning is tomorrow's", day(26, 12, 0, 0, time.UTC), [2]int{10, 59}, day(27, 10, 59, 0, time.UTC)},
		{"local midnight in Melbourne (13:50 UTC)", day(26, 23, 50, 0, melbourne), [2]int{0, 5}, day(27, 0, 5, 0, melbourne)},
		{"Melbourne at 11:10 local, UTC's midnight is no boundary", day(27, 11, 10, 0, melbourne), [2]int{11, 5}, day(27, 11, 5, 0, melbourne)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := formTime(tc.hm[0], tc.hm[1], tc.now); !got.Equal(tc.want) || got.Location() != tc.now.Location() {
				t.Errorf("%02d:%02d at %s: %s, want %s", tc.hm[0], tc.hm[1], tc.now.Format(time.RFC3339), got.Format(time.RFC3339), tc.want.Format(time.RFC3339))
			}
		})
	}
}

// Near midnight (the console in UTC, its clock fixed): the earliest time the console offers
// may be after midnight, and posting it sends it dated for tomorrow, which BAC-1's own rules
// (000 7.7, the transit margin) accept whenever it arrives within the margin, on either side of
// midnight; a time that has passed is held back, naming the earliest. At midday the same, and
// a time of the morning is tomorrow's.
func TestPostNearMidnight(t *testing.T) {
	raise := []string{"table", "BAC-1", "kind", "limits", "main_min", "50", "main_max", "5000"}
	lower := []string{"table", "BAC-1", "kind", "limits", "main_min", "10", "main_max", "5000"}
	for _, tc := range []struct {
		name     string
		clock    time.Time
		kv       []string
		earliest string // what Earliest time answers
		at       string // the time posted
		sent     string // the line sent ("": nothing sent)
		refused  string // the page's answer when nothing is sent
	}{
		{"23:50, the earliest after midnight", time.Date(2026, 11, 26, 23, 50, 0, 0, time.UTC), raise,
			"Earliest allowed: 00:11 (table BAC-1, notice rule 000 7.7, s66(2))", "00:11", "!limits at=2026-11-27T00:11:00 player=50-5000 banker=50-5000", ""},
		{"23:50, a minute before the earliest", time.Date(2026, 11, 26, 23, 50, 0, 0, time.UTC), raise,
			"Earliest allowed: 00:11", "00:10", "", "Not sent: 00:10 is no longer allowed; the earliest is now 00:11."},
		{"23:50, tonight without notice", time.Date(2026, 11, 26, 23, 50, 0, 0, time.UTC), lower,
			"No notice needed: from 23:51", "23:51", "!limits at=2026-11-26T23:51:00 player=10-5000 banker=10-5000", ""},
		{"23:59:40, no notice needed: from midnight and a minute", time.Date(2026, 11, 26, 23, 59, 40, 0, time.UTC), lower,
			"No notice needed: from 00:01", "00:01", "!limits at=2026-11-27T00:01:00 player=10-5000 banker=10-5000", ""},
		{"23:59:40, the minute now has passed", time.Date(2026, 11, 26, 23, 59, 40, 0, time.UTC), lower,
			"No notice needed: from 00:01", "23:59", "", "Not sent: 23:59 is no longer allowed; the earliest is now 00:01."},
		{"23:59:40, midnight is inside the margin", time.Date(2026, 11, 26, 23, 59, 40, 0, time.UTC), lower,
			"No notice needed: from 00:01", "00:00", "", "Not sent: 00:00 is no longer allowed; the earliest is now 00:01."},
		{"23:59:40, notice across midnight", time.Date(2026, 11, 26, 23, 59, 40, 0, time.UTC), raise,
			"Earliest allowed: 00:21 (table BAC-1, notice rule 000 7.7, s66(2))", "00:21", "!limits at=2026-11-27T00:21:00 player=50-5000 banker=50-5000", ""},
		{"00:00, the earliest", time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC), raise,
			"Earliest allowed: 00:21 (table BAC-1, notice rule 000 7.7, s66(2))", "00:21", "!limits at=2026-11-27T00:21:00 player=50-5000 banker=50-5000", ""},
		{"00:00, yesterday's time offered before midnight, posted after", time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC), lower,
			"No notice needed: from 00:01", "23:59", "", "Not sent: 23:59 is no longer allowed; the earliest is now 00:01."},
		{"midday, the earliest", time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC), raise,
			"Earliest allowed: 12:21 (table BAC-1, notice rule 000 7.7, s66(2))", "12:21", "!limits at=2026-11-26T12:21:00 player=50-5000 banker=50-5000", ""},
		{"midday, half an hour past", time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC), raise,
			"Earliest allowed: 12:21", "11:30", "", "Not sent: 11:30 is no longer allowed; the earliest is now 12:21."},
		{"midday, the morning is tomorrow's", time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC), raise,
			"Earliest allowed: 12:21", "09:00", "!limits at=2026-11-27T09:00:00 player=50-5000 banker=50-5000", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t)
			r.clk.Set(tc.clock)
			b := r.browser()
			csrf := csrfOf(t, b.signIn("101", "2468"))
			form := func(action string, kv ...string) url.Values {
				v := url.Values{"csrf": {csrf}, "action": {action}}
				for i := 0; i+1 < len(tc.kv); i += 2 {
					v.Add(tc.kv[i], tc.kv[i+1])
				}
				for i := 0; i+1 < len(kv); i += 2 {
					v.Add(kv[i], kv[i+1])
				}
				return v
			}
			if res, page := b.post("/", form("earliest")); res.StatusCode != http.StatusOK || !strings.Contains(page, tc.earliest) {
				t.Fatalf("earliest: %d, want %q in\n%s", res.StatusCode, tc.earliest, page)
			}
			res, page := b.post("/", form("post", "at", tc.at))
			r.poster.mu.Lock()
			posts := slices.Clone(r.poster.posts)
			r.poster.mu.Unlock()
			if tc.sent == "" {
				if res.StatusCode != http.StatusBadRequest || len(posts) != 0 || !strings.Contains(page, tc.refused) {
					t.Fatalf("%d, %d postings; want nothing sent and %q in\n%s", res.StatusCode, len(posts), tc.refused, page)
				}
				return
			}
			if res.StatusCode != http.StatusSeeOther || len(posts) != 1 || posts[0].line != tc.sent {
				t.Fatalf("%d, posted %+v; want %q sent\n%s", res.StatusCode, posts, tc.sent, page)
			}
			tableAccepts(t, r, posts[0].line, tc.clock, true)
		})
	}
}
