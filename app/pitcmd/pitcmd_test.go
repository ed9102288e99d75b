package pitcmd_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/app/pitcmd/simdesk"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/internal/bustest"
	"github.com/coupboard/coupboard/internal/testclock"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// errs collects what the readers and the Sender report.
type errs struct {
	mu   sync.Mutex
	list []string
}

func (e *errs) add(err error) {
	e.mu.Lock()
	e.list = append(e.list, err.Error())
	e.mu.Unlock()
}

func (e *errs) has(sub string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, s := range e.list {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// pit is a bus with credentials for tables T1..Tn, Red Dog table RD1 and the pit, and a Sender.
type pit struct {
	srv    *bus.Server
	clk    *testclock.Clock // the tables' and the pit's clock, moved by the test
	sender *pitcmd.Sender
	errs   *errs
	tables map[string]*simdesk.Table
	stop   map[string]context.CancelFunc
}

var startSign = engine.Sign{
	Player: engine.WagerLimit{Min: 1000, Max: 100000}, Banker: engine.WagerLimit{Min: 1000, Max: 100000},
	Tie: engine.WagerLimit{Min: 500, Max: 10000},
}

func tableConn(srv *bus.Server, id string) bus.ConnConfig {
	return bus.ConnConfig{URLs: []string{srv.URL()}, User: "u-" + id, Password: "p-" + id}
}

func pitConn(srv *bus.Server) bus.ConnConfig {
	return bus.ConnConfig{URLs: []string{srv.URL()}, User: "pit", Password: "pit-secret"}
}

func startPit(t testing.TB, ids ...string) *pit {
	t.Helper()
	cfg := bus.ServerConfig{Pits: []bus.Credential{{User: "pit", Password: "pit-secret"}}}
	var tables []pitcmd.Table
	for _, id := range ids {
		cfg.Tables = append(cfg.Tables, bus.Credential{Table: id, User: "u-" + id, Password: "p-" + id})
		game := pitcmd.GameBaccarat
		if strings.HasPrefix(id, "RD") {
			game = pitcmd.GameRedDog
		}
		pitName := "east"
		if strings.HasSuffix(id, "9") {
			pitName = "west"
		}
		tables = append(tables, pitcmd.Table{ID: id, Pit: pitName, Game: game})
	}
	p := &pit{srv: bustest.Start(t, cfg), clk: testclock.New(time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)), errs: &errs{},
		tables: map[string]*simdesk.Table{}, stop: map[string]context.CancelFunc{}}
	s, err := pitcmd.Start(pitcmd.Config{Conn: pitConn(p.srv), Tables: tables, People: pitcmd.PeopleList{"S042", "S7"},
		Now: p.clk.Now, OnError: p.errs.add, Offline: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	p.sender = s
	return p
}

// run starts simulated table id reading its commands.
func (p *pit) run(t testing.TB, id string) *simdesk.Table {
	t.Helper()
	sign := startSign
	if strings.HasPrefix(id, "RD") {
		sign = engine.Sign{Player: engine.WagerLimit{Min: 1000, Max: 50000}}
	}
	tb := p.tables[id]
	if tb == nil {
		var err error
		tb, err = simdesk.New(simdesk.Config{ID: id, Conn: tableConn(p.srv, id), RedDog: strings.HasPrefix(id, "RD"), Sign: sign, Now: p.clk.Now, OnError: p.errs.add})
		if err != nil {
			t.Fatal(err)
		}
		p.tables[id] = tb
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = tb.Run(ctx); close(done) }()
	p.stop[id] = func() { cancel(); <-done }
	t.Cleanup(p.stop[id])
	return tb
}

func (p *pit) wait(t testing.TB, id string) pitcmd.Command {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := p.sender.Wait(ctx, id)
	if err != nil {
		t.Fatalf("%v: %+v", err, c)
	}
	return c
}

func (p *pit) post(t testing.TB, target pitcmd.Target, line string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	id, err := p.sender.Post(ctx, target, line, "S042", 0)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// state is table's state with command id, "" while the Sender has not heard of either.
func (p *pit) state(id, table string) pitcmd.TableState {
	c, _ := p.sender.Command(id)
	for _, a := range c.Tables {
		if a.Table == table {
			return a.State
		}
	}
	return ""
}

func answerOf(t testing.TB, c pitcmd.Command, table string) pitcmd.TableAnswer {
	t.Helper()
	for _, a := range c.Tables {
		if a.Table == table {
			return a
		}
	}
	t.Fatalf("command %s has no table %s: %+v", c.ID, table, c)
	return pitcmd.TableAnswer{}
}

func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// TestAcceptAndRefuseByRule: a raise of the minimum posted with its 20 minutes' notice is
// accepted by every table of the pit; one posted for 5 minutes later is refused by each table's
// own rules (000 7.7), with the earliest time allowed in the reason; a Red Dog table takes its
// one wager, and refuses a baccarat wager.
func TestAcceptAndRefuseByRule(t *testing.T) {
	p := startPit(t, "T1", "T2", "RD1", "T9")
	for _, id := range []string{"T1", "T2", "RD1", "T9"} {
		p.run(t, id)
	}
	c := p.wait(t, p.post(t, pitcmd.Target{Pit: "east", Game: pitcmd.GameBaccarat}, `!limits at=20:30 player=50-1000 banker=50-1000 reason="evening"`))
	if len(c.Tables) != 2 || c.By != "S042" {
		t.Fatalf("east baccarat tables: %+v", c)
	}
	for _, a := range c.Tables {
		if a.State != pitcmd.Accepted || !a.Answer.Effective.Equal(time.Date(2026, 11, 26, 20, 30, 0, 0, time.UTC)) {
			t.Errorf("table %s: %+v %+v", a.Table, a, a.Answer)
		}
	}
	if got := p.tables["T1"].Scheduled(); len(got) != 1 || got[0].Sign.Player.Min != 5000 || got[0].Sign.Tie.Min != 500 {
		t.Errorf("T1's sign after the post: %+v", got)
	}
	// T9 (pit west) has no change posted: each table's own rules refuse a raise of the Tie
	// minimum for 5 minutes later.
	c = p.wait(t, p.post(t, pitcmd.Target{Pit: "west"}, "!limits at=20:05 tie=10-100"))
	for _, a := range c.Tables {
		if a.State != pitcmd.Refused || !strings.HasPrefix(a.Answer.Rule, "000 7.7") || !strings.Contains(a.Answer.Reason, "earliest 20:") {
			t.Errorf("table %s: want refused under 000 7.7 with the earliest time: %+v %+v", a.Table, a, a.Answer)
		}
	}
	c = p.wait(t, p.post(t, pitcmd.Target{Game: pitcmd.GameRedDog}, "!limits bet=10-400"))
	if a := answerOf(t, c, "RD1"); a.State != pitcmd.Accepted {
		t.Errorf("Red Dog lowering its maximum now: %+v %+v", a, a.Answer)
	}
	c = p.wait(t, p.post(t, pitcmd.Target{Tables: []string{"RD1"}}, "!limits player=10-400"))
	if a := answerOf(t, c, "RD1"); a.State != pitcmd.Refused || !strings.Contains(a.Answer.Reason, "not a wager of this table") {
		t.Errorf("Red Dog given a Player limit: %+v %+v", a, a.Answer)
	}
	// A change before the one already posted at 20:30: refused for its time, not by a rule.
	c = p.wait(t, p.post(t, pitcmd.Target{Tables: []string{"T1"}}, "!limits at=20:20 player=10-500"))
	if a := answerOf(t, c, "T1"); a.State != pitcmd.Refused || a.Answer.Rule != "" || !strings.Contains(a.Answer.Reason, "before the change already scheduled at 20:30:00") {
		t.Errorf("a change before the one posted: %+v %+v", a, a.Answer)
	}
	c = p.wait(t, p.post(t, pitcmd.Target{Tables: []string{"T9"}}, "!close at=20:10"))
	if a := answerOf(t, c, "T9"); a.State != pitcmd.Refused || a.Answer.Rule != "000 13.7" {
		t.Errorf("closing with 10 minutes' notice: %+v %+v", a, a.Answer)
	}
	all := p.sender.Commands()
	if len(all) != 6 || all[len(all)-1].Line != `!limits at=20:30 player=50-1000 banker=50-1000 reason="evening"` {
		t.Errorf("the day's commands: %+v", all)
	}
}

// TestOfflineTableGetsItWhileInTime: a table that is not reading when the command is posted
// gets it when it comes back, if it is still in time; one that comes back after the command
// expired answers too late and does nothing, and the pit shows the tables that never answered.
func TestOfflineTableGetsItWhileInTime(t *testing.T) {
	p := startPit(t, "T1", "T2", "T3")
	t1 := p.run(t, "T1")
	id := p.post(t, pitcmd.Target{Tables: []string{"T1", "T2", "T3"}}, "!limits at=20:30 player=50-1000")
	waitFor(t, "T1's answer", func() bool { return p.state(id, "T1") == pitcmd.Accepted })
	c, _ := p.sender.Command(id)
	if s := answerOf(t, c, "T2").State; s != pitcmd.Offline {
		t.Fatalf("T2 is not reading: state %s, want offline", s)
	}
	p.clk.Add(2 * time.Minute) // in time (5 minutes)
	p.run(t, "T2")
	waitFor(t, "T2's answer on reconnecting", func() bool { return p.state(id, "T2") == pitcmd.Accepted })

	p.clk.Add(4 * time.Minute) // now past the expiry
	c, _ = p.sender.Command(id)
	if s := answerOf(t, c, "T3").State; s != pitcmd.NoAnswer || !c.Done() {
		t.Fatalf("T3 never answered and the command expired: state %s, done %v", s, c.Done())
	}
	t3 := p.run(t, "T3")
	waitFor(t, "T3's too-late answer", func() bool { return p.state(id, "T3") == pitcmd.TooLate })
	c, _ = p.sender.Command(id)
	if a := answerOf(t, c, "T3"); !strings.Contains(a.Answer.Reason, "after it expired") || len(t3.Scheduled()) != 0 {
		t.Fatalf("T3 too late: %+v, sign changes %v", a.Answer, t3.Scheduled())
	}
	if !p.errs.has("table T3 refused pit command " + id + ": it expired") {
		t.Error("T3's refusal of the expired command is not logged")
	}
	if len(t1.Scheduled()) != 1 {
		t.Fatalf("T1 carried the command out %d times", len(t1.Scheduled()))
	}
}

// TestForgedAndForeignCommands: a table's credentials cannot publish a command (nor read
// another table's, nor answer for another table); a command on one table's subject naming
// another is rejected; a command published again is not carried out twice; a line that is
// not a pit command is rejected with the parser's reason.
func TestForgedAndForeignCommands(t *testing.T) {
	p := startPit(t, "T1", "T2")
	t1, t2 := p.run(t, "T1"), p.run(t, "T2")

	// T1 tries to command T2, and to answer for T2.
	nc1, err := bus.Connect(bus.ConnConfig{URLs: []string{p.srv.URL()}, User: "u-T1", Password: "p-T1", InboxPrefix: bus.TableInbox("T1")})
	if err != nil {
		t.Fatal(err)
	}
	defer nc1.Close()
	js1, _ := jetstream.New(nc1)
	forged := pitwire.PitCommand{V: 1, ID: "forged-1", Table: "T2", Line: "!close at=20:30", By: "S042", Issued: p.clk.Now(), Expires: p.clk.Now().Add(time.Minute)}
	data, err := pitwire.EncodePitCommand(forged)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	_, err = js1.Publish(ctx, pitwire.PitCommandSubject("T2"), data)
	cancel()
	if err == nil {
		t.Fatal("T1's credentials published a command to T2")
	}
	ans, _ := pitwire.EncodePitAnswer(pitwire.PitAnswer{V: 1, ID: "forged-1", Table: "T2", Outcome: pitwire.OutcomeRejected, Reason: "x", Time: p.clk.Now()})
	ctx, cancel = context.WithTimeout(context.Background(), time.Second)
	_, err = js1.Publish(ctx, pitwire.PitAnswerSubject("T2"), ans)
	cancel()
	if err == nil {
		t.Fatal("T1's credentials answered for T2")
	}
	ctx, cancel = context.WithTimeout(context.Background(), 2*time.Second)
	_, err = js1.CreateOrUpdateConsumer(ctx, bus.CommandStreamName, jetstream.ConsumerConfig{Durable: bus.CommandConsumer("T1"), FilterSubject: pitwire.PitCommandSubject("T2")})
	cancel()
	if err == nil {
		t.Fatal("T1's credentials made a consumer of T2's commands")
	}

	// The pit's own credentials, misused: a command for T2 on T1's subject, one sent twice, a bad line.
	ncp, err := bus.Connect(pitConn(p.srv))
	if err != nil {
		t.Fatal(err)
	}
	defer ncp.Close()
	jsp, _ := jetstream.New(ncp)
	raw := func(subject string, c pitwire.PitCommand, msgID string) {
		t.Helper()
		b, err := pitwire.EncodePitCommand(c)
		if err != nil {
			b, _ = jsonOf(c)
		}
		m := nats.NewMsg(subject)
		m.Data = b
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if _, err := jsp.PublishMsg(ctx, m, jetstream.WithMsgID(msgID)); err != nil {
			t.Fatal(err)
		}
	}
	foreign := forged
	foreign.ID = "foreign-1"
	raw(pitwire.PitCommandSubject("T1"), foreign, "a")
	waitFor(t, "T1's rejection of T2's command", func() bool { return p.state("foreign-1", "T1") == pitcmd.Rejected })
	if c, _ := p.sender.Command("foreign-1"); !strings.Contains(answerOf(t, c, "T1").Answer.Reason, "arrived on pit.cmd.T1") {
		t.Errorf("T1's reason: %+v", answerOf(t, c, "T1").Answer)
	}

	twice := forged
	twice.ID, twice.Line = "twice-1", "!limits at=20:30 player=50-1000"
	raw(pitwire.PitCommandSubject("T2"), twice, "b")
	waitFor(t, "T2's answer", func() bool { return p.state("twice-1", "T2") == pitcmd.Accepted })
	raw(pitwire.PitCommandSubject("T2"), twice, "c") // a new stream message: past the stream's de-duplication
	waitFor(t, "the replay logged", func() bool {
		return p.errs.has("table T2 refused pit command twice-1: command already answered (replayed)")
	})
	if n := len(t2.Carried()); n != 1 {
		t.Fatalf("T2 carried the command out %d times", n)
	}

	bad := forged
	bad.ID, bad.Table, bad.Line = "bad-1", "T1", "!limits at=20:30 player=50-10"
	raw(pitwire.PitCommandSubject("T1"), bad, "d")
	waitFor(t, "T1's rejection of a malformed line", func() bool { return p.state("bad-1", "T1") == pitcmd.Rejected })
	if c, _ := p.sender.Command("bad-1"); !strings.Contains(answerOf(t, c, "T1").Answer.Reason, "player=50-10") {
		t.Errorf("T1's reason names no token: %+v", answerOf(t, c, "T1").Answer)
	}
	if len(t1.Carried()) != 0 {
		t.Fatalf("T1 carried out %v", t1.Carried())
	}
}

// jsonOf encodes a command that fails its own checks, as a careless or hostile pit would.
func jsonOf(c pitwire.PitCommand) ([]byte, error) {
	return []byte(fmt.Sprintf(`{"v":1,"id":%q,"table":%q,"line":%q,"by":%q,"issued":%q,"expires":%q}`,
		c.ID, c.Table, c.Line, c.By, c.Issued.Format(time.RFC3339Nano), c.Expires.Format(time.RFC3339Nano))), nil
}

// TestPostRefusesBeforeSending: an unknown person, a malformed line, a command the pit may not
// give, an unknown table or an empty target is refused with the reason, and nothing is sent.
func TestPostRefusesBeforeSending(t *testing.T) {
	p := startPit(t, "T1")
	tests := []struct {
		target       pitcmd.Target
		line, by, in string
	}{
		{pitcmd.Target{Tables: []string{"T1"}}, "!close at=21:00", "S999", "unknown person"},
		{pitcmd.Target{Tables: []string{"T1"}}, "!close at=21:00", "", "not a person id"},
		{pitcmd.Target{Tables: []string{"T1"}}, "!limits at=21:00 player=50", "S042", `"player=50"`},
		{pitcmd.Target{Tables: []string{"T1"}}, "!bet 1 banker 100", "S042", "not a pit command"},
		{pitcmd.Target{Tables: []string{"T1"}}, "!close at=21:00 as=supervisor:3", "S042", "not as="},
		{pitcmd.Target{Tables: []string{"T1"}}, "!setting commission=4", "S042", "only settlement="},
		{pitcmd.Target{Tables: []string{"T1"}}, "@21:00 !close at=21:30", "S042", "exactly one command"},
		{pitcmd.Target{Tables: []string{"T7"}}, "!close at=21:00", "S042", "not one of the pit's tables"},
		{pitcmd.Target{Pit: "north"}, "!close at=21:00", "S042", "no such table"},
		{pitcmd.Target{}, "!close at=21:00", "S042", "name tables, a pit or a game"},
	}
	for _, tc := range tests {
		_, err := p.sender.Post(context.Background(), tc.target, tc.line, tc.by, 0)
		if err == nil || !strings.Contains(err.Error(), tc.in) {
			t.Errorf("post %q by %q to %v: %v, want an error containing %q", tc.line, tc.by, tc.target, err, tc.in)
		}
		if tc.by == "S999" && !errors.Is(err, pitcmd.ErrUnknownPerson) {
			t.Errorf("unknown person: %v does not wrap ErrUnknownPerson", err)
		}
	}
	if n := len(p.sender.Commands()); n != 0 {
		t.Fatalf("%d commands sent", n)
	}
}

// TestARestartedPitReadsEveryAnswer: a Sender started after the tables answered reads the day's
// commands to their end before the answers, so none of the answers waits for its command, even
// with room for one (MaxEarly 1), and every table's answer is shown.
func TestARestartedPitReadsEveryAnswer(t *testing.T) {
	p := startPit(t, "T1", "T2")
	p.run(t, "T1")
	p.run(t, "T2")
	var ids []string
	for i := range 8 {
		id := p.post(t, pitcmd.Target{Pit: "east"}, fmt.Sprintf("!limits player=10-%d banker=10-1000", 1000-10*i))
		p.wait(t, id)
		ids = append(ids, id)
	}
	s, err := pitcmd.Start(pitcmd.Config{Conn: pitConn(p.srv), Tables: []pitcmd.Table{{ID: "T1", Pit: "east", Game: pitcmd.GameBaccarat},
		{ID: "T2", Pit: "east", Game: pitcmd.GameBaccarat}}, People: pitcmd.PeopleList{"S042"}, Now: p.clk.Now, OnError: p.errs.add, MaxEarly: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	waitFor(t, "every answer at the restarted pit", func() bool {
		for _, id := range ids {
			if c, ok := s.Command(id); !ok || len(c.Tables) != 2 || c.Tables[0].Answer == nil || c.Tables[1].Answer == nil {
				return false
			}
		}
		return true
	})
	if p.errs.has("answer dropped") {
		t.Fatal("an answer was dropped")
	}
}
