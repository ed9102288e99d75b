package app

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/internal/bustest"
	"github.com/coupboard/coupboard/internal/testbin"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// bacSign25 is the configuration of a baccarat table's sign: Player and Banker 25 to 5000.
const bacSign25 = `
[limits.player]
min = "25"
max = "5000"
[limits.banker]
min = "25"
max = "5000"`

// startPitTable starts a real table (its journal, its event loop, its publisher and its
// command reader) on the bus with its own credentials; extra is more of its configuration.
func startPitTable(t *testing.T, srv *bus.Server, id, extra string) *runningTable {
	t.Helper()
	tb, _ := startPitTableAt(t, srv, id, filepath.Join(t.TempDir(), id+".db"), extra)
	return tb
}

// startPitTableAt is startPitTable with its journal at path; stop stops it (once: the test's
// cleanup calls it too), so that a test can start it again on the same journal.
func startPitTableAt(t *testing.T, srv *bus.Server, id, path, extra string) (tb *runningTable, stop func()) {
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
`, id, id, extra, path, srv.URL(), id, id))
	if err != nil {
		t.Fatal(err)
	}
	var stderr testbin.Buffer
	tb, err = startTable(cfg, false, &stderr, nil)
	if err != nil {
		t.Fatal(err)
	}
	stop = sync.OnceFunc(func() {
		tb.close()
		if t.Failed() {
			t.Logf("table %s stderr:\n%s", id, stderr.String())
		}
	})
	t.Cleanup(stop)
	return tb, stop
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
	bac := startPitTable(t, srv, "BAC-01", bacSign25)
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
	if rec.Kind != journal.KindOperator || rec.Actor != (journal.Actor{Role: "pit", ID: "S042"}) || rec.Reason != "pit command "+c.ID+" (person not checked: no operator directory at the table, the pit's word): quiet night" {
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

// TestPitCommandOnceAcrossLostAnswerAndRestart: a command journalled whose answer cannot be
// published (the ANSWERS stream is gone) is not acknowledged; the table is stopped before it
// could be, and started again on its journal, with the stream back. The bus delivers the
// command again, and the table answers it from its journal: one record of the command, one
// answer, carried out once. The same id published again later is answered again, not carried
// out. Commands refused at the gate (too late, malformed) are journalled with their answers.
func TestPitCommandOnceAcrossLostAnswerAndRestart(t *testing.T) {
	srv := bustest.Start(t, bus.ServerConfig{Pits: []bus.Credential{{User: "pit", Password: "pit-secret"}},
		Tables: []bus.Credential{{Table: "BAC-01", User: "u-BAC-01", Password: "p-BAC-01"}}})
	adminJS := bustest.AdminJetStream(t, srv)
	pit, err := bus.Connect(bus.ConnConfig{URLs: []string{srv.URL()}, User: "pit", Password: "pit-secret"})
	if err != nil {
		t.Fatal(err)
	}
	defer pit.Close()
	pitJS, _ := jetstream.New(pit)
	send := func(c pitwire.PitCommand, data []byte) {
		t.Helper()
		if data == nil {
			var err error
			if data, err = pitwire.EncodePitCommand(c); err != nil {
				t.Fatal(err)
			}
		}
		m := nats.NewMsg(pitwire.PitCommandSubject("BAC-01"))
		m.Data = data
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if _, err := pitJS.PublishMsg(ctx, m, jetstream.WithMsgID(nats.NewInbox())); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "BAC-01.db")
	tb, stop := startPitTableAt(t, srv, "BAC-01", path, bacSign25)

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	if err := adminJS.DeleteStream(ctx, bus.AnswerStreamName); err != nil {
		t.Fatal(err)
	}
	cancel()
	now := time.Now()
	cmd := pitwire.PitCommand{V: pitwire.PitVersion, ID: "once-1", Table: "BAC-01", Line: "!limits player=10-5000 banker=10-5000",
		By: "S042", Issued: now, Expires: now.Add(5 * time.Minute)}
	send(cmd, nil)
	waitJournal(t, tb.j, func(recs []journal.Record) bool { return len(answerRecords(t, recs)) == 1 })
	time.Sleep(500 * time.Millisecond) // the answer's publish fails, and the command is not acknowledged
	stop()

	ctx, cancel = context.WithTimeout(context.Background(), 5*time.Second)
	if err := bus.EnsureCommandStreams(ctx, adminJS.Conn()); err != nil {
		t.Fatal(err)
	}
	cancel()
	tb, _ = startPitTableAt(t, srv, "BAC-01", path, bacSign25)
	got := waitAnswers(t, adminJS, 1)
	recs := journalAll(t, tb.j)
	carried := commandRecords(recs, "once-1")
	if len(carried) != 1 {
		t.Fatalf("the command was carried out %d times: %+v", len(carried), carried)
	}
	if a := got[0]; a.ID != "once-1" || a.Outcome != pitwire.OutcomeAccepted || a.Seq != uint64(carried[0].Seq) {
		t.Fatalf("the answer sent again: %+v, the command's record %d", a, carried[0].Seq)
	}
	if ans := answerRecords(t, recs); len(ans) != 1 || ans[0] != got[0] {
		t.Fatalf("the journal's answers %+v, the answer sent %+v", ans, got[0])
	}

	// The same id, published again as a new message: answered from the journal again (the
	// ANSWERS stream keeps one copy of an answer sent again), not carried out. Then two commands
	// refused at the gate, and journalled: too late, and a line that is not a pit command.
	send(cmd, nil)
	late := cmd
	late.ID, late.Issued, late.Expires = "late-1", now.Add(-10*time.Minute), now.Add(-5*time.Minute)
	send(late, nil)
	bad := cmd
	bad.ID, bad.Line = "bad-1", "!limits player=50-10"
	data, _ := json.Marshal(bad)
	send(bad, data)
	got = waitAnswers(t, adminJS, 3)
	recs = journalAll(t, tb.j)
	if n := len(commandRecords(recs, "once-1")); n != 1 {
		t.Fatalf("the command published again was carried out: %d records", n)
	}
	ans := answerRecords(t, recs)
	if len(ans) != 3 || ans[1] != got[1] || ans[2] != got[2] {
		t.Fatalf("the journal's answers %+v, the answers sent %+v", ans, got)
	}
	if got[1].ID != "late-1" || got[1].Outcome != pitwire.OutcomeTooLate || got[1].Seq == 0 ||
		got[2].ID != "bad-1" || got[2].Outcome != pitwire.OutcomeRejected || !strings.Contains(got[2].Reason, "player=50-10") {
		t.Fatalf("the gate's answers: %+v", got[1:])
	}
	if n := len(commandRecords(recs, "late-1")) + len(commandRecords(recs, "bad-1")); n != 0 {
		t.Fatalf("%d refused commands carried out", n)
	}
}

// journalAll is every record of j.
func journalAll(t *testing.T, j *journal.Journal) []journal.Record {
	t.Helper()
	var out []journal.Record
	for r, err := range j.Records(0) {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// waitJournal waits until ok holds of j's records.
func waitJournal(t *testing.T, j *journal.Journal, ok func([]journal.Record) bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !ok(journalAll(t, j)); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("timed out waiting for the journal")
		}
	}
}

// answerRecords are the answers journalled in recs.
func answerRecords(t *testing.T, recs []journal.Record) []pitwire.PitAnswer {
	t.Helper()
	var out []pitwire.PitAnswer
	for _, r := range recs {
		if r.Kind == journal.KindPitAnswer {
			a, err := pitwire.DecodePitAnswer("", r.Payload)
			if err != nil {
				t.Fatalf("record %d: %v", r.Seq, err)
			}
			out = append(out, a)
		}
	}
	return out
}

// commandRecords are the input records of pit command id in recs.
func commandRecords(recs []journal.Record, id string) []journal.Record {
	var out []journal.Record
	for _, r := range recs {
		if r.Kind == journal.KindOperator && (r.Reason == "pit command "+id || strings.HasPrefix(r.Reason, "pit command "+id+" ")) {
			out = append(out, r)
		}
	}
	return out
}

// waitAnswers waits until the ANSWERS stream holds n answers, and returns them in order.
func waitAnswers(t *testing.T, js jetstream.JetStream, n int) []pitwire.PitAnswer {
	t.Helper()
	var out []pitwire.PitAnswer
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		out = out[:0]
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		s, err := js.Stream(ctx, bus.AnswerStreamName)
		if err == nil {
			info, _ := s.Info(ctx)
			for seq := uint64(1); info != nil && seq <= info.State.LastSeq; seq++ {
				m, err := s.GetMsg(ctx, seq)
				if err != nil {
					continue
				}
				a, err := pitwire.DecodePitAnswer(m.Subject, m.Data)
				if err != nil {
					t.Fatal(err)
				}
				a.Subject = "" // as the journal's
				out = append(out, a)
			}
		}
		cancel()
		if len(out) >= n {
			if len(out) > n {
				t.Fatalf("%d answers, want %d: %+v", len(out), n, out)
			}
			return out
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %d answers: %+v", n, out)
		}
	}
}

// TestPitCommandPersonCheckedAtTheTable: a table with the pit's operator directory carries out
// a command of an active supervisor, and names the directory's version in the command's
// record; it refuses one of a dealer, of an inactive supervisor or of a person it does not
// know, with the reason, journalled, and carries out nothing.
func TestPitCommandPersonCheckedAtTheTable(t *testing.T) {
	srv := bustest.Start(t, bus.ServerConfig{Pits: []bus.Credential{{User: "pit", Password: "pit-secret"}},
		Tables:   []bus.Credential{{Table: "BAC-01", User: "u-BAC-01", Password: "p-BAC-01"}},
		Managers: []bus.Credential{{User: "mgr", Password: "mgr-secret"}}})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dirs := bustest.Manage(t, srv, "mgr", "mgr-secret")
	for _, c := range []people.Change{{ID: "4", Name: "Wei Chen", Role: people.RoleSupervisor, PIN: "90210"},
		{ID: "17", Name: "Ana Lima", Role: people.RoleDealer, PIN: "4821"}, {ID: "5", Name: "Rui Sa", Role: people.RoleSupervisor, PIN: "5555"}} {
		if _, err := dirs.Add(ctx, c, "installer"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := dirs.Deactivate(ctx, "5", "installer"); err != nil {
		t.Fatal(err)
	}
	tb := startPitTable(t, srv, "BAC-01", bacSign25)
	waitUntil(t, "the directory at the table", func() bool { d := tb.dir.Current(); return d != nil && d.Version == 4 })
	s, err := pitcmd.Start(pitcmd.Config{Conn: bus.ConnConfig{URLs: []string{srv.URL()}, User: "pit", Password: "pit-secret"},
		Tables: []pitcmd.Table{{ID: "BAC-01", Pit: "east", Game: pitcmd.GameBaccarat}}, People: pitcmd.PeopleList{"4", "17", "5", "99"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	post := func(by string) pitcmd.TableAnswer {
		t.Helper()
		id, err := s.Post(ctx, pitcmd.Target{Tables: []string{"BAC-01"}}, "!limits player=10-5000 banker=10-5000", by, 0)
		if err != nil {
			t.Fatal(err)
		}
		c, err := s.Wait(ctx, id)
		if err != nil {
			t.Fatalf("%v: %+v", err, c)
		}
		return c.Tables[0]
	}
	for _, tc := range []struct{ by, why string }{
		{"17", "person 17 (Ana Lima) is a dealer in the operator directory (version 4), not a supervisor"},
		{"5", "person 5 (Rui Sa) is inactive in the operator directory (version 4)"},
		{"99", `person "99" is not in the operator directory (version 4)`},
	} {
		a := post(tc.by)
		if a.State != pitcmd.Rejected || !strings.Contains(a.Answer.Reason, tc.why) || a.Answer.Seq == 0 {
			t.Errorf("a command by %s: %+v %+v, want rejected: %s", tc.by, a, a.Answer, tc.why)
		}
		if rec := journalRecord(t, tb.j, int64(a.Answer.Seq)); rec.Kind != journal.KindPitAnswer || rec.Actor.ID != tc.by {
			t.Errorf("the refusal's record: %+v", rec)
		}
	}
	a := post("4")
	if a.State != pitcmd.Accepted {
		t.Fatalf("an active supervisor's command: %+v %+v", a, a.Answer)
	}
	rec := journalRecord(t, tb.j, int64(a.Answer.Seq))
	if rec.Kind != journal.KindOperator || rec.Reason != "pit command "+a.Answer.ID+" (person 4, Wei Chen, a supervisor in operator directory version 4)" {
		t.Fatalf("the command's record: %+v", rec)
	}
	n := 0
	for _, r := range journalAll(t, tb.j) {
		if r.Kind == journal.KindOperator && r.Actor.Role == pitActorRole {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d pit commands carried out, want 1 (the supervisor's)", n)
	}
}
