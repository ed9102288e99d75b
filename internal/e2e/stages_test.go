package e2e

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// timedCard is one card (or burn) of TestMeasureCardLatency that was painted.
type timedCard struct {
	sent, paint time.Time // its frame's last byte written on the line; the X server's paint after it
	first       bool      // a coup's first card
	kind        string    // CARD or BURN
}

// stageStamp is one line of the table's --stages diagnostic (app/stages.go): the times of an
// input's stages, taken, durable, presented, apply, applied and frame, and the collections
// ended between durable and frame.
type stageStamp struct {
	seq int64
	at  [6]time.Time
	gc  int
}

// stageNames names the stages of a card's way to the screen, in order: from its frame written
// on the line to the loop taking it (the serial reader, the decoder, app/shoefeed), the engine
// and the journal (applied, then synced), the screen made, the wait in Fyne's queue, the widgets
// changed, the frame painted, and the X server's paint reported after it (DAMAGE).
var stageNames = [...]string{"line to loop", "engine and journal", "screen", "Fyne queue", "widgets", "frame", "X server"}

// cardStages is one card's time in each stage (stageNames) and the collections on its way.
type cardStages struct {
	d  [len(stageNames)]time.Duration
	gc int
}

// readStages reads the --stages file; a line it cannot read fails the test.
func readStages(t *testing.T, path string) []stageStamp {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("--stages: %v", err)
	}
	out, err := parseStages(string(b))
	if err != nil {
		t.Fatalf("--stages %s: %v", path, err)
	}
	return out
}

// parseStages reads the lines of the --stages diagnostic.
func parseStages(s string) ([]stageStamp, error) {
	keys := [...]string{"taken", "durable", "presented", "apply", "applied", "frame"}
	var out []stageStamp
	for n, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l == "" {
			continue
		}
		v := map[string]int64{}
		for _, f := range strings.Fields(l) {
			k, x, ok := strings.Cut(f, "=")
			i, err := strconv.ParseInt(x, 10, 64)
			if !ok || err != nil {
				return nil, fmt.Errorf("line %d: field %q", n+1, f)
			}
			v[k] = i
		}
		st := stageStamp{seq: v["seq"], gc: int(v["gc"])}
		for i, k := range keys {
			x, ok := v[k]
			if !ok {
				return nil, fmt.Errorf("line %d: no %s", n+1, k)
			}
			if x != 0 {
				st.at[i] = time.Unix(0, x)
			}
		}
		out = append(out, st)
	}
	return out, nil
}

// stageTimes is the stages of a run's cards.
type stageTimes struct {
	cards []timedCard
	of    []*cardStages // per card; nil where no complete line was found for it
}

// stageLatencies finds each card's line: the last one the loop took between just before the
// card was sent (the write returns after the bytes are in the line) and its paint, with every
// stage stamped (a line without its frame is the window's last, after its close).
func stageLatencies(cards []timedCard, stamps []stageStamp, gap time.Duration) stageTimes {
	out := stageTimes{cards: cards, of: make([]*cardStages, len(cards))}
	for i, c := range cards {
		var best *stageStamp
		for j := range stamps {
			s := &stamps[j]
			if s.at[5].IsZero() || s.at[0].Before(c.sent.Add(-gap/8)) || s.at[0].After(c.paint) {
				continue
			}
			if best == nil || s.at[0].After(best.at[0]) {
				best = s
			}
		}
		if best == nil {
			continue
		}
		cs := &cardStages{gc: best.gc}
		prev := c.sent
		for k, at := range best.at {
			cs.d[k], prev = at.Sub(prev), at
		}
		cs.d[len(stageNames)-1] = c.paint.Sub(prev)
		out.of[i] = cs
	}
	return out
}

// log writes the percentiles of each stage over the cards, a coup's first cards and the
// others, and the stages of the five slowest cards.
func (s stageTimes) log(t *testing.T, how string) {
	r := func(d time.Duration) time.Duration { return d.Round(10 * time.Microsecond) }
	var all, first, other []*cardStages
	gcs, withGC := 0, 0
	for i, c := range s.of {
		if c == nil {
			continue
		}
		all = append(all, c)
		if s.cards[i].first {
			first = append(first, c)
		} else {
			other = append(other, c)
		}
		if c.gc > 0 {
			gcs += c.gc
			withGC++
		}
	}
	t.Logf("  stages (%s, --stages): %d of %d cards lined up; %d collections ended on the way of %d cards", how, len(all), len(s.cards), gcs, withGC)
	for _, k := range []struct {
		what string
		c    []*cardStages
	}{{"all cards", all}, {"a coup's first card", first}, {"the other cards", other}} {
		if len(k.c) == 0 {
			continue
		}
		t.Logf("    %s (%d), p50 / p90 / p99 / max:", k.what, len(k.c))
		for n, name := range stageNames {
			d := make([]time.Duration, len(k.c))
			for i, c := range k.c {
				d[i] = c.d[n]
			}
			slices.Sort(d)
			t.Logf("      %-18s %v / %v / %v / %v", name, r(percentile(d, 50)), r(percentile(d, 90)), r(percentile(d, 99)), r(d[len(d)-1]))
		}
	}
	idx := make([]int, 0, len(s.cards))
	for i := range s.cards {
		if s.of[i] != nil {
			idx = append(idx, i)
		}
	}
	slices.SortFunc(idx, func(a, b int) int {
		return cmp.Compare(s.cards[b].paint.Sub(s.cards[b].sent), s.cards[a].paint.Sub(s.cards[a].sent))
	})
	for _, i := range idx[:min(5, len(idx))] {
		c := s.cards[i]
		var parts []string
		for n, name := range stageNames {
			parts = append(parts, fmt.Sprintf("%s %v", name, r(s.of[i].d[n])))
		}
		t.Logf("    slow: card %d (first of its coup %v) %v: %s; gc %d", i+1, c.first, r(c.paint.Sub(c.sent)), strings.Join(parts, ", "), s.of[i].gc)
	}
}

// TestStageLatencies: each card is lined up with the input the loop took after it was sent and
// before its paint, and its time is split into the stages between them.
func TestStageLatencies(t *testing.T) {
	t0 := time.Unix(1_700_000_000, 0)
	at := func(ms float64) time.Time { return t0.Add(time.Duration(ms * float64(time.Millisecond))) }
	line := func(seq int, ms ...float64) string {
		keys := []string{"taken", "durable", "presented", "apply", "applied", "frame"}
		f := []string{fmt.Sprintf("seq=%d", seq)}
		for i, k := range keys {
			x := int64(0)
			if i < len(ms) {
				x = at(ms[i]).UnixNano()
			}
			f = append(f, fmt.Sprintf("%s=%d", k, x))
		}
		return strings.Join(append(f, "gc=1"), " ")
	}
	ms := func(x float64) time.Duration { return time.Duration(x * float64(time.Millisecond)) }
	const gap = 400 * time.Millisecond
	for _, tc := range []struct {
		name  string
		lines []string
		card  timedCard
		want  []time.Duration // nil: no line for the card
	}{
		{"one card", []string{line(5, 1, 4, 5, 6, 7, 12)}, timedCard{sent: at(0), paint: at(13)},
			[]time.Duration{ms(1), ms(3), ms(1), ms(1), ms(1), ms(5), ms(1)}},
		{"the message before, taken late, is passed over",
			[]string{line(4, -390, -385, -384, -383, -382, -380), line(5, 2, 4, 5, 6, 7, 12)}, timedCard{sent: at(0), paint: at(13)},
			[]time.Duration{ms(2), ms(2), ms(1), ms(1), ms(1), ms(5), ms(1)}},
		{"taken an instant before the write returned", []string{line(5, -0.1, 4, 5, 6, 7, 12)}, timedCard{sent: at(0), paint: at(12.5)},
			[]time.Duration{-100 * time.Microsecond, ms(4) + 100*time.Microsecond, ms(1), ms(1), ms(1), ms(5), ms(0.5)}},
		{"a line without its frame", []string{line(5, 1, 4, 5)}, timedCard{sent: at(0), paint: at(13)}, nil},
		{"a line after the paint", []string{line(5, 14, 15, 16, 17, 18, 19)}, timedCard{sent: at(0), paint: at(13)}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stamps, err := parseStages(strings.Join(tc.lines, "\n") + "\n")
			if err != nil {
				t.Fatal(err)
			}
			got := stageLatencies([]timedCard{tc.card}, stamps, gap).of[0]
			if (got != nil) != (tc.want != nil) {
				t.Fatalf("stages %+v, want %v", got, tc.want)
			}
			if got == nil {
				return
			}
			if !slices.Equal(got.d[:], tc.want) || got.gc != 1 {
				t.Errorf("stages %v gc %d, want %v gc 1", got.d, got.gc, tc.want)
			}
		})
	}
	if _, err := parseStages("seq=1 taken=x\n"); err == nil {
		t.Error("a line with a bad time was read")
	}
	if _, err := parseStages("seq=1 taken=5 durable=6\n"); err == nil {
		t.Error("a line without its stages was read")
	}
}
