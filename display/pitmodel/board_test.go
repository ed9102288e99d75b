package pitmodel

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
)

var t0 = time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)

// rec builds a journalled message of table id.
func rec(id string, seq uint64, typ pitwire.Type, shoe int) pitwire.Message {
	return pitwire.Message{V: pitwire.Version, Table: id, Seq: seq, Type: typ, Time: t0, Shoe: shoe}
}

// round is a round message with the given winner letter and totals consistent with it.
func round(id string, seq uint64, shoe, n int, w string, pairs string) pitwire.Message {
	totals := map[string][2]int{"B": {3, 7}, "P": {8, 2}, "T": {6, 6}}[w]
	m := rec(id, seq, pitwire.TypeRound, shoe)
	m.Round = &pitwire.Round{N: n, Kind: engine.KindNormal, Winner: w, PlayerTotal: totals[0], BankerTotal: totals[1],
		PlayerCards: 2, BankerCards: 3, BankerPair: pairs == "b", PlayerPair: pairs == "p", Natural: w == "P"}
	return m
}

func started(id string, seq uint64, shoe int) pitwire.Message {
	m := rec(id, seq, pitwire.TypeShoeStarted, shoe)
	m.Limits = &pitwire.Limits{Currency: "AUD", Bets: []pitwire.Limit{{Bet: "player_banker", Min: 2500, Max: 500000}}}
	m.Status = &pitwire.Status{Name: "Baccarat " + id, Game: "Baccarat — 5% commission", State: pitwire.StateOpen}
	return m
}

func heartbeat(id string, acked uint64) pitwire.Message {
	m := rec(id, acked, pitwire.TypeHeartbeat, 0)
	return m
}

func mustApply(t *testing.T, b *Board, m pitwire.Message, now time.Time) Result {
	t.Helper()
	r, err := b.Apply(m, now)
	if err != nil {
		t.Fatalf("Apply %+v: %v", m, err)
	}
	return r
}

func TestRoundsAndDedupe(t *testing.T) {
	tests := []struct {
		name      string
		msgs      []pitwire.Message
		codes     string
		last      string
		lastSeq   uint64
		dups      uint64
		missing   int
		streak    engine.Winner
		streakLen int
	}{
		{
			name:  "in order",
			msgs:  []pitwire.Message{started("T1", 1, 1), round("T1", 2, 1, 1, "B", ""), round("T1", 3, 1, 2, "P", "p"), round("T1", 4, 1, 3, "P", "")},
			codes: "BPpP", last: "P", lastSeq: 4, streak: engine.Player, streakLen: 2,
		},
		{
			name:  "resent records are dropped",
			msgs:  []pitwire.Message{started("T1", 1, 1), round("T1", 2, 1, 1, "B", ""), round("T1", 2, 1, 1, "B", ""), started("T1", 1, 1), round("T1", 3, 1, 2, "B", "b")},
			codes: "BBb", last: "B", lastSeq: 3, dups: 2, streak: engine.Banker, streakLen: 2,
		},
		{
			name: "cancelled round leaves the roads",
			msgs: []pitwire.Message{started("T1", 1, 1), round("T1", 2, 1, 1, "B", ""), round("T1", 3, 1, 2, "P", ""),
				func() pitwire.Message {
					m := rec("T1", 4, pitwire.TypeRound, 1)
					m.Round = &pitwire.Round{N: 2, Kind: engine.KindCancelled}
					return m
				}()},
			codes: "B", last: "B", lastSeq: 4, streak: engine.Banker, streakLen: 1,
		},
		{
			name:  "new shoe clears the roads",
			msgs:  []pitwire.Message{started("T1", 1, 1), round("T1", 2, 1, 1, "B", ""), rec("T1", 3, pitwire.TypeShoeEnded, 1), started("T1", 4, 2), round("T1", 5, 2, 1, "T", "")},
			codes: "T", last: "T", lastSeq: 5,
		},
		{
			name:  "a gap in round numbers is counted missing",
			msgs:  []pitwire.Message{started("T1", 1, 1), round("T1", 2, 1, 1, "B", ""), round("T1", 5, 1, 4, "P", "")},
			codes: "BP", last: "P", lastSeq: 5, missing: 2, streak: engine.Player, streakLen: 1,
		},
		{
			name:  "a round of a shoe whose start was not seen",
			msgs:  []pitwire.Message{round("T1", 7, 3, 2, "B", "")},
			codes: "B", last: "B", lastSeq: 7, missing: 1, streak: engine.Banker, streakLen: 1,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := New(Config{})
			for _, m := range tc.msgs {
				mustApply(t, b, m, t0)
			}
			tb, ok := b.Table("T1")
			if !ok {
				t.Fatal("no table T1")
			}
			if got := tb.Codes(); got != tc.codes {
				t.Errorf("codes %q, want %q", got, tc.codes)
			}
			if tb.Last == nil || tb.Last.Winner != tc.last {
				t.Errorf("last %+v, want winner %q", tb.Last, tc.last)
			}
			if tb.LastSeq != tc.lastSeq || tb.Missing != tc.missing {
				t.Errorf("last seq %d missing %d, want %d %d", tb.LastSeq, tb.Missing, tc.lastSeq, tc.missing)
			}
			if _, dups, _ := b.Counters(); dups != tc.dups {
				t.Errorf("duplicates %d, want %d", dups, tc.dups)
			}
			if s := tb.Stats().Streak; s.Winner != tc.streak || s.Length != tc.streakLen {
				t.Errorf("streak %+v, want %v×%d", s, tc.streak, tc.streakLen)
			}
		})
	}
}

func TestRejects(t *testing.T) {
	b := New(Config{})
	mustApply(t, b, started("T1", 1, 1), t0)
	mustApply(t, b, round("T1", 2, 1, 1, "B", ""), t0)
	before := b.Summaries()
	bad := []pitwire.Message{
		round("T1", 3, 1, 1, "P", ""), // round 1 again with another result
		func() pitwire.Message { m := round("T1", 4, 1, 2, "P", ""); m.Round.PlayerTotal = 1; return m }(), // winner contradicts totals
		func() pitwire.Message { m := round("T1", 5, 1, 2, "P", ""); m.Table = "T 1"; return m }(),
		func() pitwire.Message {
			m := rec("T1", 6, pitwire.TypeRound, 1)
			m.Round = &pitwire.Round{N: 9, Kind: engine.KindCancelled}
			return m
		}(), // cancel a round that never was
	}
	for _, m := range bad {
		if _, err := b.Apply(m, t0); err == nil {
			t.Errorf("Apply(%+v) accepted", m.Round)
		} else if m.Table == "T 1" && !errors.Is(err, pitwire.ErrInvalid) {
			t.Errorf("Apply: %v, want ErrInvalid", err)
		}
	}
	if after := b.Summaries(); !reflect.DeepEqual(before, after) {
		t.Fatalf("rejected messages changed the board:\n%+v\n%+v", before, after)
	}
	if _, _, rej := b.Counters(); rej != uint64(len(bad)) {
		t.Fatalf("rejected %d, want %d", rej, len(bad))
	}
}

// TestForgedRefused: a message whose body does not match the subject it arrived on (a table
// claiming another table's id, or another type) changes nothing, is counted as forged and
// rejected, and the newest is kept in words for the board's alert.
func TestForgedRefused(t *testing.T) {
	b := New(Config{})
	on := func(m pitwire.Message, subject string) pitwire.Message { m.Subject = subject; return m }
	mustApply(t, b, on(started("T1", 1, 1), "table.T1.shoe_started"), t0)
	mustApply(t, b, on(round("T1", 2, 1, 1, "B", ""), "table.T1.round"), t0)
	mustApply(t, b, on(started("T2", 1, 1), "table.T2.shoe_started"), t0)
	before := b.Summaries()
	forged := []pitwire.Message{
		on(round("T2", 7, 1, 1, "P", ""), "table.T1.round"),              // T1 speaks for T2
		on(round("T1", 3, 1, 2, "P", ""), "table.T1.status"),             // a round on the status subject
		on(rec("T3", 1, pitwire.TypeHeartbeat, 0), "table.T1.heartbeat"), // a heartbeat for a table T1 is not
		on(started("T2", 9, 2), "table.T1.shoe_started"),                 // a new shoe for T2
	}
	for i, m := range forged {
		if _, err := b.Apply(m, t0); !errors.Is(err, pitwire.ErrForged) {
			t.Errorf("forged message %d: %v, want ErrForged", i, err)
		}
	}
	if after := b.Summaries(); !reflect.DeepEqual(before, after) {
		t.Fatalf("forged messages changed the board:\n%+v\n%+v", before, after)
	}
	if _, ok := b.Table("T3"); ok {
		t.Fatal("a forged heartbeat put table T3 on the board")
	}
	n, last := b.Forged()
	if _, _, rej := b.Counters(); n != uint64(len(forged)) || rej != n {
		t.Fatalf("forged %d, rejected %d, want %d", n, rej, len(forged))
	}
	if !strings.Contains(last, "table T2, type shoe_started on subject table.T1.shoe_started") {
		t.Fatalf("last forged message in words: %q", last)
	}
}

func TestLiveness(t *testing.T) {
	cfg := Config{StaleAfter: 6 * time.Second, OfflineAfter: 30 * time.Second}
	tests := []struct {
		name string
		msgs []pitwire.Message // applied at t0
		at   time.Duration     // liveness asked at t0+at
		want Liveness
	}{
		{"never heard", []pitwire.Message{started("T1", 1, 1)}, 0, Offline},
		{"fresh heartbeat", []pitwire.Message{started("T1", 1, 1), heartbeat("T1", 1)}, 2 * time.Second, Live},
		{"late heartbeat", []pitwire.Message{started("T1", 1, 1), heartbeat("T1", 1)}, 7 * time.Second, Stale},
		{"no heartbeat for long", []pitwire.Message{started("T1", 1, 1), heartbeat("T1", 1)}, 31 * time.Second, Offline},
		{"records in flight", []pitwire.Message{heartbeat("T1", 3), started("T1", 1, 1)}, 1 * time.Second, Live},
		{"records missing", []pitwire.Message{heartbeat("T1", 3), started("T1", 1, 1), heartbeat("T1", 3)}, 5 * time.Second, Live},
		{"rounds missing", []pitwire.Message{heartbeat("T1", 3), round("T1", 3, 1, 2, "B", "")}, 0, Stale},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := New(cfg)
			for _, m := range tc.msgs {
				mustApply(t, b, m, t0)
			}
			tb, _ := b.Table("T1")
			if got := b.Liveness(tb, t0.Add(tc.at)); got != tc.want {
				t.Fatalf("liveness %v, want %v", got, tc.want)
			}
		})
	}
}

func TestBehindTooLongIsStale(t *testing.T) {
	b := New(Config{StaleAfter: 6 * time.Second, OfflineAfter: 30 * time.Second})
	mustApply(t, b, started("T1", 1, 1), t0)
	// The table says it has published up to 5 but the board has only 1, for 7 seconds, with
	// fresh heartbeats all along.
	for s := 0; s <= 7; s++ {
		mustApply(t, b, heartbeat("T1", 5), t0.Add(time.Duration(s)*time.Second))
	}
	tb, _ := b.Table("T1")
	if got := b.Liveness(tb, t0.Add(7*time.Second)); got != Stale {
		t.Fatalf("liveness %v, want stale", got)
	}
	mustApply(t, b, round("T1", 5, 1, 1, "B", ""), t0.Add(7*time.Second))
	if got := b.Liveness(tb, t0.Add(7*time.Second)); got != Live {
		t.Fatalf("after catching up: liveness %v, want live", got)
	}
}

func TestHotAndStatus(t *testing.T) {
	b := New(Config{HotStreak: 3})
	mustApply(t, b, started("T1", 1, 1), t0)
	for i := range 3 {
		mustApply(t, b, round("T1", uint64(2+i), 1, 1+i, "B", ""), t0)
		tb, _ := b.Table("T1")
		if got, want := b.Hot(tb), i == 2; got != want {
			t.Fatalf("after %d banker wins: hot %v, want %v", i+1, got, want)
		}
	}
	m := rec("T1", 9, pitwire.TypeStatus, 1)
	m.Status = &pitwire.Status{State: pitwire.StateClosing, ClosesAt: t0.Add(20 * time.Minute)}
	mustApply(t, b, m, t0)
	tb, _ := b.Table("T1")
	if tb.State != pitwire.StateClosing || !tb.ClosesAt.Equal(t0.Add(20*time.Minute)) || tb.Name != "Baccarat T1" {
		t.Fatalf("status not applied (or name lost): %+v", tb)
	}
}

func TestTablesInNaturalOrder(t *testing.T) {
	b := New(Config{})
	for i, id := range []string{"BAC-10", "T3", "BAC-9", "BAC-100", "BAC-010", "MINI-2", "BAC-09", "T1"} {
		mustApply(t, b, started(id, uint64(i+1), 1), t0)
	}
	want := []string{"BAC-09", "BAC-9", "BAC-010", "BAC-10", "BAC-100", "MINI-2", "T1", "T3"}
	if got := b.IDs(); !reflect.DeepEqual(got, want) {
		t.Fatalf("ids %v, want %v", got, want)
	}
	for _, tc := range []struct {
		a, b string
		want int
	}{{"a2", "a10", -1}, {"a10", "a2", 1}, {"a", "a1", -1}, {"x1y", "x1y", 0}, {"1", "a", -1}, {"a01", "a1", -1}} {
		if got := CompareIDs(tc.a, tc.b); got != tc.want {
			t.Errorf("CompareIDs(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestSoftware checks that the build named in a table's heartbeats is kept, changes the table
// (its tile is repainted) only when it changes, and that a bad one is refused.
func TestSoftware(t *testing.T) {
	b := New(Config{})
	now := time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)
	mustApply(t, b, started("T1", 1, 1), now)
	tb, _ := b.Table("T1")
	v := tb.Version
	hb := heartbeat("T1", 1)
	if r := mustApply(t, b, hb, now); r != Heartbeat || tb.Software != "" || tb.Version != v {
		t.Fatalf("heartbeat without software: result %v, software %q, version %d (was %d)", r, tb.Software, tb.Version, v)
	}
	hb.Software = "coupboard 0.9.0+abc"
	if r := mustApply(t, b, hb, now); r != Applied || tb.Software != hb.Software || tb.Version != v+1 {
		t.Fatalf("heartbeat naming a build: result %v, software %q, version %d (want %d)", r, tb.Software, tb.Version, v+1)
	}
	if r := mustApply(t, b, hb, now); r != Heartbeat || tb.Version != v+1 {
		t.Fatalf("same build again: result %v, version %d", r, tb.Version)
	}
	for _, bad := range []string{strings.Repeat("x", pitwire.MaxSoftware+1), "coupboard\n0.9"} {
		hb.Software = bad
		if _, err := b.Apply(hb, now); err == nil {
			t.Errorf("software %q accepted", bad)
		}
	}
	st := started("T1", 2, 1)
	st.Software = "coupboard 1.0"
	if _, err := b.Apply(st, now); err == nil {
		t.Error("software outside a heartbeat accepted")
	}
}
