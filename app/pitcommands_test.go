package app

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/internal/bustest"
	"github.com/coupboard/coupboard/internal/testbin"
)

// startPitTable starts a real table (its journal, its event loop, its publisher and its
// command reader) on the bus with its own credentials; extra is more of its configuration.
func startPitTable(t *testing.T, srv *bus.Server, id, extra string) *runningTable {
	t.Helper()
	cfg, err := config.Parse(fmt.Sprintf(`
[table]
id = %q
name = "Table %s"
%s
[shoe]
sim_speed = 50
[journal]
path = %q
[bus]
urls = [%q]
user = "u-%s"
password = "p-%s"
`, id, id, extra, filepath.Join(t.TempDir(), id+".db"), srv.URL(), id, id))
	if err != nil {
		t.Fatal(err)
	}
	var stderr testbin.Buffer
	tb, err := startTable(cfg, false, &stderr, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		tb.close()
		if t.Failed() {
			t.Logf("table %s stderr:\n%s", id, stderr.String())
		}
	})
	return tb
}

// TestPitCommandsAtRealTables: the pit's commands reach a baccarat and a Red Dog table's event
// loops as local operator commands: each table's engine decides (a lower minimum now is
// accepted, a higher minimum now is refused with the rule and the earliest time), the journal
// records the command with the person and the command id, and the answer comes after it.
func TestPitCommandsAtRealTables(t *testing.T) {
	cfg := bus.ServerConfig{Pits: []bus.Credential{{User: "pit", Password: "pit-secret"}}}
	for _, id := range []string{"BAC-01", "RD-01"} {
		cfg.Tables = append(cfg.Tables, bus.Credential{Table: id, User: "u-" + id, Password: "p-" + id})
	}
	srv := bustest.Start(t, cfg)
	bac := startPitTable(t, srv, "BAC-01", `
[limits.player]
min = "25"
max = "5000"
[limits.banker]
min = "25"
max = "5000"`)
	rd := startPitTable(t, srv, "RD-01", `
[game]
profile = "vic-red-dog-1997"
[limits.bet]
min = "10"
max = "500"`)
	s, err := pitcmd.Start(pitcmd.Config{Conn: bus.ConnConfig{URLs: []string{srv.URL()}, User: "pit", Password: "pit-secret"},
		Tables: []pitcmd.Table{{ID: "BAC-01", Pit: "east", Game: pitcmd.GameBaccarat}, {ID: "RD-01", Pit: "east", Game: pitcmd.GameRedDog}},
		People: pitcmd.PeopleList{"S042"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	post := func(target pitcmd.Target, line string) pitcmd.Command {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		id, err := s.Post(ctx, target, line, "S042", 0)
		if err != nil {
			t.Fatal(err)
		}
		c, err := s.Wait(ctx, id)
		if err != nil {
			t.Fatalf("%v: %+v", err, c)
		}
		return c
	}

	c := post(pitcmd.Target{Tables: []string{"BAC-01"}}, `!limits player=10-5000 banker=10-5000 reason="quiet night"`)
	a := c.Tables[0]
	if a.State != pitcmd.Accepted || a.Answer.Seq == 0 {
		t.Fatalf("a lower minimum now: %+v %+v", a, a.Answer)
	}
	rec := journalRecord(t, bac.j, int64(a.Answer.Seq))
	if rec.Kind != journal.KindOperator || rec.Actor != (journal.Actor{Role: "pit", ID: "S042"}) || rec.Reason != "pit command "+c.ID+": quiet night" {
		t.Fatalf("the journal's record of the command: %+v", rec)
	}
	if !strings.Contains(string(rec.Payload), `"kind":"command","line":"!limits player=10-5000 banker=10-5000"`) {
		t.Fatalf("the command's input: %s", rec.Payload)
	}

	c = post(pitcmd.Target{Pit: "east"}, "!limits player=50-5000 banker=50-5000")
	if a := c.Tables[0]; a.State != pitcmd.Refused || a.Answer.Rule == "" || a.Answer.Earliest.IsZero() ||
		a.Answer.Earliest.Sub(a.Answer.Time) < 19*time.Minute {
		t.Errorf("baccarat, a higher minimum now: %+v %+v", a, a.Answer)
	} else if rec := journalRecord(t, bac.j, int64(a.Answer.Seq)); rec.Actor.ID != "S042" {
		t.Errorf("the refused command is not journalled with the person: %+v", rec)
	}
	// Refused by the table's own rules (engine/desk), and journalled as refused.
	if a := c.Tables[1]; a.State != pitcmd.Refused || a.Answer.Seq == 0 || !strings.Contains(a.Answer.Reason, "not a wager of this table") {
		t.Errorf("Red Dog given a Player limit: %+v %+v", a, a.Answer)
	}

	c = post(pitcmd.Target{Game: pitcmd.GameRedDog}, "!limits bet=20-500")
	if a := c.Tables[0]; a.State != pitcmd.Refused || a.Answer.Rule == "" || !strings.Contains(a.Answer.Reason, "earliest") {
		t.Errorf("Red Dog, a higher minimum now: %+v %+v", a, a.Answer)
	} else if rec := journalRecord(t, rd.j, int64(a.Answer.Seq)); rec.Actor.ID != "S042" || rec.Kind != journal.KindOperator {
		t.Errorf("Red Dog's journal record: %+v", rec)
	}
	c = post(pitcmd.Target{Game: pitcmd.GameRedDog}, "!limits bet=10-400")
	if a := c.Tables[0]; a.State != pitcmd.Accepted {
		t.Errorf("Red Dog, a lower maximum now: %+v %+v", a, a.Answer)
	}
	c = post(pitcmd.Target{Game: pitcmd.GameRedDog}, "!differential max=100")
	if a := c.Tables[0]; a.State != pitcmd.Refused || a.Answer.Seq == 0 || !strings.Contains(a.Answer.Reason, "no table differential") {
		t.Errorf("Red Dog given a differential: %+v %+v", a, a.Answer)
	}
}

// journalRecord is record seq of journal j.
func journalRecord(t *testing.T, j *journal.Journal, seq int64) journal.Record {
	t.Helper()
	for r, err := range j.Records(seq) {
		if err != nil {
			t.Fatal(err)
		}
		if r.Seq == seq {
			return r
		}
		break
	}
	t.Fatalf("no journal record %d", seq)
	return journal.Record{}
}
