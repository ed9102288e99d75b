package outbox

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/internal/testclock"
	"github.com/coupboard/coupboard/pitwire"
)

// TestSignOnTheFeed: the journal's sign payload reaches the feed whole — the wagers, the table
// differentials and the Banker's settlement method — in a limits message and in a shoe's
// start, for either method, with or without differentials, and at a Red Dog table (one
// wager, no method); each message fits its JSON Schema and the board's decoder.
func TestSignOnTheFeed(t *testing.T) {
	set := schemas(t)
	lim := engine.WagerLimit{Min: 2500, Max: 500000}
	for _, tc := range []struct {
		name         string
		event        string
		sign         journal.SignPayload
		settlement   string
		diffMin, max int64
	}{
		{"vic, both differentials", "limits", journal.SignPayload{Currency: "AUD", Sign: engine.Sign{Player: lim, Banker: lim,
			DifferentialMin: 500000, DifferentialMax: 2000000, Settlement: engine.BankerCommission}}, pitwire.SettleCommission, 500000, 2000000},
		{"act, six pays half, a maximum differential", "limits", journal.SignPayload{Currency: "AUD", Sign: engine.Sign{Player: lim, Banker: lim,
			DifferentialMax: 100000, Settlement: engine.BankerSixPaysHalf}}, pitwire.SettleSixPaysHalf, 0, 100000},
		{"a shoe's start, commission, no differential", "shoe", journal.SignPayload{Currency: "NZD", Sign: engine.Sign{Player: lim, Banker: lim,
			Settlement: engine.BankerCommission}}, pitwire.SettleCommission, 0, 0},
		{"red dog", "limits", journal.SignPayload{Currency: "AUD", Sign: engine.Sign{Player: engine.WagerLimit{Min: 1000, Max: 100000}}, Wager: "bet"}, "", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sp := tc.sign
			ev := journal.Event{Event: tc.event, Shoe: 2, Sign: &sp}
			if tc.event == "shoe" {
				ev.Status = &journal.StatusPayload{Name: "Baccarat 7", Game: "Baccarat — 5% commission", State: "open"}
			}
			payload, err := json.Marshal(ev)
			if err != nil {
				t.Fatal(err)
			}
			r := journal.Record{Seq: 41, Table: "bac7", Time: evening, Kind: journal.KindEvent, Shoe: 2, Payload: payload}
			m, ok, err := Message(r)
			if err != nil || !ok || m.Limits == nil {
				t.Fatalf("Message = %+v, %v, %v", m, ok, err)
			}
			l := m.Limits
			if l.Currency != sp.Currency || l.Settlement != tc.settlement || l.DifferentialMin != tc.diffMin || l.DifferentialMax != tc.max || len(l.Bets) == 0 || l.Bets[0].Min != sp.Sign.Player.Min {
				t.Errorf("limits %+v, want settlement %q, differentials %d..%d", *l, tc.settlement, tc.diffMin, tc.max)
			}
			fitsSchema(t, set, m)
		})
	}
}

// TestSignChangesReachTheFeed: at a real table (act, 001), the pit posts the settlement method
// B for 20:30 and a maximum table differential of $2,000 for 20:40; as each takes effect the
// table publishes its sign again with it, and the first sign says the method it opened with.
func TestSignChangesReachTheFeed(t *testing.T) {
	set := schemas(t)
	c := testclock.New(evening)
	setup := bacSetup("act3", "Mini 3", engine.ProfileACT2012, "AUD")
	loop, j, id, ctx := startLoopClock(t, setup, nil, c.Now)
	for _, line := range []string{"!setting at=20:30 settlement=B", "!differential at=20:40 max=2000"} {
		r := loop.Do(ctx, table.Msg{Input: cmd(t, line), Source: journal.SourceOperator, Actor: journal.Actor{Role: "supervisor", ID: "pit:S7"}, Reason: "evening game"})
		if r.Err != nil {
			t.Fatalf("%s: %v", line, r.Err)
		}
	}
	want := []struct {
		settlement string
		max        int64
	}{{pitwire.SettleCommission, 0}, {pitwire.SettleSixPaysHalf, 0}, {pitwire.SettleSixPaysHalf, 200000}}
	// signs waits (the loop journals what took effect on its second's tick) for the table's
	// limits messages, and checks each against its schema.
	signs := func(n int) []pitwire.Limits {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			var out []pitwire.Limits
			var feed []string
			for _, m := range feedOf(t, set, j, id, pitwire.TypeLimits) {
				data, err := pitwire.Encode(m)
				if err != nil {
					t.Fatal(err)
				}
				feed = append(feed, pitwire.Subject(m.Table, m.Type)+" "+string(data))
				out = append(out, *m.Limits)
			}
			if len(out) >= n || time.Now().After(deadline) {
				if len(out) == len(want) {
					t.Log("the feed as a subscriber reads it (go test -v):\n" + strings.Join(feed, "\n"))
				}
				return out
			}
		}
	}
	check := func(got []pitwire.Limits) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%d signs on the feed, want %d: %+v", len(got), len(want), got)
		}
		for i, w := range want {
			if got[i].Settlement != w.settlement || got[i].DifferentialMax != w.max || got[i].DifferentialMin != 0 || len(got[i].Bets) == 0 {
				t.Errorf("sign %d: %+v, want settlement %q, maximum differential %d", i, got[i], w.settlement, w.max)
			}
		}
	}
	got := signs(1)
	c.Add(35 * time.Minute) // 20:35: the method B is in force
	got = signs(len(got) + 1)
	c.Add(10 * time.Minute) // 20:45: and the differential
	got = signs(len(got) + 1)
	check(got)
}
