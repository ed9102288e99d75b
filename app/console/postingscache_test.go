package console

import (
	"context"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/app/pitcmd/simdesk"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/internal/bustest"
)

// TestPostingsMadeAgainOnlyOnChange: on a real bus with simulated tables, Commands made by
// NewCommands makes its list of postings again when and only when the sender's list changed (a
// posting, a withdrawal), not on a refresh with nothing new nor on the tables' answers; the
// answers still show at once (Answers), and the kept list names who cancelled.
func TestPostingsMadeAgainOnlyOnChange(t *testing.T) {
	clk := newClock()
	ids := []string{"BAC-1", "BAC-2"}
	start, _ := simPit(t, clk.Now, ids)
	s := start()
	c := NewCommands(s, 0)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var id string
	var err error
	accepted := func(t *testing.T, wantWithdrawn bool) {
		t.Helper()
		cmd, err := s.Wait(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if wantWithdrawn {
			for _, w := range cmd.Withdrawals {
				if _, err := s.Wait(ctx, w); err != nil {
					t.Fatal(err)
				}
			}
		}
		answers, err := c.Answers(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range answers {
			want := AnswerAccepted
			if wantWithdrawn {
				want = AnswerCancelled
			}
			if a.State != want || (a.Withdrawal != nil && a.Withdrawal.State == WithdrawalDone) != wantWithdrawn {
				t.Errorf("table %s: answer %+v, withdrawal %+v; want %s", a.Table, a, a.Withdrawal, want)
			}
		}
		if len(answers) != len(ids) {
			t.Errorf("%d answers, want %d", len(answers), len(ids))
		}
	}
	steps := []struct {
		name       string
		do         func(t *testing.T)
		wantBuilds int
		wantN      int
		cancelled  string
	}{
		{"first page", func(*testing.T) {}, 1, 0, ""},
		{"refresh, nothing new", func(*testing.T) {}, 1, 0, ""},
		{"a posting", func(t *testing.T) {
			if id, err = c.Post(ctx, ids, "!limits at=09:30 player=50-5000 banker=50-5000", Person{ID: "101"}); err != nil {
				t.Fatal(err)
			}
		}, 2, 1, ""},
		{"refresh after the posting", func(*testing.T) {}, 2, 1, ""},
		{"the tables answer", func(t *testing.T) { accepted(t, false) }, 2, 1, ""},
		{"the posting cancelled", func(t *testing.T) {
			if err := c.Cancel(ctx, id, Person{ID: "101"}); err != nil {
				t.Fatal(err)
			}
		}, 3, 1, "101"},
		{"the tables withdraw it", func(t *testing.T) { accepted(t, true) }, 3, 1, "101"},
		{"refresh after all", func(*testing.T) {}, 3, 1, "101"},
	}
	for _, st := range steps {
		st.do(t)
		got := c.Postings()
		if c.cache.builds != st.wantBuilds {
			t.Errorf("%s: the list was made %d times, want %d", st.name, c.cache.builds, st.wantBuilds)
		}
		if len(got) != st.wantN {
			t.Fatalf("%s: %d postings, want %d", st.name, len(got), st.wantN)
		}
		if st.wantN > 0 && (got[0].ID != id || len(got[0].Tables) != len(ids) || got[0].CancelledBy != st.cancelled) {
			t.Errorf("%s: posting %+v, want %s to %v cancelled by %q", st.name, got[0], id, ids, st.cancelled)
		}
	}
}

// simPit starts a real bus with the tables ids, each a simulated table (simdesk) on clock now,
// and gives a start of the pit's command sender on it (person 101 may post) and the tables.
func simPit(t *testing.T, now func() time.Time, ids []string) (start func() *pitcmd.Sender, tables map[string]*simdesk.Table) {
	t.Helper()
	cfg := bus.ServerConfig{Pits: []bus.Credential{{User: "pit", Password: "pit-secret"}}}
	var pit []pitcmd.Table
	for _, id := range ids {
		cfg.Tables = append(cfg.Tables, bus.Credential{Table: id, User: "u-" + id, Password: "p-" + id})
		pit = append(pit, pitcmd.Table{ID: id, Pit: "A", Game: pitcmd.GameBaccarat})
	}
	srv := bustest.Start(t, cfg)
	sign := engine.Sign{Player: engine.WagerLimit{Min: 2500, Max: 500000}, Banker: engine.WagerLimit{Min: 2500, Max: 500000}, Tie: engine.WagerLimit{Min: 500, Max: 50000}}
	tables = map[string]*simdesk.Table{}
	for _, id := range ids {
		tb, err := simdesk.New(simdesk.Config{ID: id, Conn: bus.ConnConfig{URLs: []string{srv.URL()}, User: "u-" + id, Password: "p-" + id}, Sign: sign, Now: now})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { _ = tb.Run(ctx); close(done) }()
		t.Cleanup(func() { cancel(); <-done })
		tables[id] = tb
	}
	return func() *pitcmd.Sender {
		s, err := pitcmd.Start(pitcmd.Config{Conn: bus.ConnConfig{URLs: []string{srv.URL()}, User: "pit", Password: "pit-secret"},
			Tables: pit, People: pitcmd.PeopleList{"101"}, Now: now})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(s.Close)
		return s
	}, tables
}
