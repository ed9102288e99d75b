package app

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/internal/bustest"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/nats-io/nats.go"
)

// TestPitWithdrawAtARealTable: the pit's Cancel of a posting reaches a real table's event loop
// as the dated !withdraw of the time the table accepted the change for; the table's engine
// decides it by the book's withdraw rule (000 7.7, 13.7) — refused, with the rule, while a later
// change is posted, then accepted — journals it with the person, and answers, linked back to
// the posting. Each change withdrawn is journalled as a withdrawn event with the command and
// published on the feed (table.<id>.withdrawn): a pit board fed from the bus drops its notices.
func TestPitWithdrawAtARealTable(t *testing.T) {
	srv := bustest.Start(t, bus.ServerConfig{Pits: []bus.Credential{{User: "pit", Password: "pit-secret"}},
		Tables: []bus.Credential{{Table: "BAC-01", User: "u-BAC-01", Password: "p-BAC-01"}}})
	admin, err := srv.AdminConn()
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	var feedMu sync.Mutex
	var feed []pitwire.Message
	sub, err := admin.Subscribe("table.BAC-01.>", func(msg *nats.Msg) {
		if msg.Subject == pitwire.PitAnswerSubject("BAC-01") {
			return // the answers to the pit: not the feed
		}
		m, err := pitwire.Decode(msg.Data)
		if err != nil {
			t.Errorf("the feed carries %s: %v", msg.Data, err)
			return
		}
		feedMu.Lock()
		feed = append(feed, m)
		feedMu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = sub.Unsubscribe() }()
	ofType := func(typ pitwire.Type) []pitwire.Message {
		feedMu.Lock()
		defer feedMu.Unlock()
		var out []pitwire.Message
		for _, m := range feed {
			if m.Type == typ {
				out = append(out, m)
			}
		}
		return out
	}
	tb := startPitTable(t, srv, "BAC-01", bacSign25)
	s, err := pitcmd.Start(pitcmd.Config{Conn: bus.ConnConfig{URLs: []string{srv.URL()}, User: "pit", Password: "pit-secret"},
		Tables: []pitcmd.Table{{ID: "BAC-01", Pit: "east", Game: pitcmd.GameBaccarat}}, People: pitcmd.PeopleList{"S042"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	at := time.Now().UTC().Truncate(time.Minute).Add(40 * time.Minute)
	dated := func(t time.Time) string { return t.Format("2006-01-02T15:04:05") }
	post := func(line string) pitcmd.Command {
		t.Helper()
		id, err := s.Post(ctx, pitcmd.Target{Tables: []string{"BAC-01"}}, line, "S042", 0)
		if err != nil {
			t.Fatal(err)
		}
		c, err := s.Wait(ctx, id)
		if err != nil || c.Tables[0].State != pitcmd.Accepted {
			t.Fatalf("%q: %v %+v", line, err, c.Tables[0].Answer)
		}
		return c
	}
	withdrawn := func(id string) *pitcmd.TableAnswer {
		t.Helper()
		wids, err := s.Withdraw(ctx, id, "S042")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Wait(ctx, wids[0]); err != nil {
			t.Fatal(err)
		}
		c, _ := s.Command(id)
		return c.Tables[0].Withdrawal
	}
	raise := post("!limits at=" + dated(at) + " player=50-5000 banker=50-5000")
	later := post("!limits at=" + dated(at.Add(10*time.Minute)) + " player=50-8000 banker=50-8000")

	w := withdrawn(raise.ID)
	if w.State != pitcmd.Refused || w.Answer.Rule != "000 7.7, 13.7" || !strings.Contains(w.Answer.Reason, "withdraw that one first") {
		t.Fatalf("withdrawing the raise under a later change: %+v %+v", w, w.Answer)
	}
	if w = withdrawn(later.ID); w.State != pitcmd.Accepted {
		t.Fatalf("withdrawing the later change: %+v %+v", w, w.Answer)
	}
	if w = withdrawn(raise.ID); w.State != pitcmd.Accepted || w.Answer.Seq == 0 {
		t.Fatalf("withdrawing the raise: %+v %+v", w, w.Answer)
	}
	c, _ := s.Command(raise.ID)
	rec := journalRecord(t, tb.j, int64(w.Answer.Seq))
	if rec.Kind != journal.KindOperator || rec.Actor != (journal.Actor{Role: "pit", ID: "S042"}) ||
		!strings.HasPrefix(rec.Reason, "pit command "+c.Tables[0].WithdrawalID+" ") ||
		!strings.Contains(string(rec.Payload), `"line":"!withdraw at=`+dated(at)+`"`) {
		t.Fatalf("the journal's record of the withdrawal: %+v %s", rec, rec.Payload)
	}
	if _, err := s.Withdraw(ctx, raise.ID, "S042"); !errors.Is(err, pitcmd.ErrNothingToWithdraw) {
		t.Fatalf("withdrawn twice: %v", err)
	}
	// On the feed: the notices of both changes, then the two changes withdrawn, by number.
	waitUntil(t, "the withdrawn changes on the feed", func() bool { return len(ofType(pitwire.TypeWithdrawn)) == 2 })
	notices, gone := ofType(pitwire.TypeNotice), ofType(pitwire.TypeWithdrawn)
	if len(notices) != 4 || gone[0].Withdrawn.Change != notices[2].Notice.Change || gone[1].Withdrawn.Change != notices[0].Notice.Change ||
		!gone[1].Withdrawn.Effective.Equal(at) || gone[1].Withdrawn.Rule != "000 7.7, 13.7" ||
		strings.Join(gone[1].Withdrawn.Kinds, ",") != pitwire.WithdrawnRaiseMinimum {
		t.Fatalf("notices %+v, withdrawn %+v %+v", notices, gone[0].Withdrawn, gone[1].Withdrawn)
	}
	if rec := journalRecord(t, tb.j, int64(gone[1].Seq)); rec.Kind != journal.KindEvent || rec.Seq != int64(w.Answer.Seq)+1 {
		t.Errorf("the withdrawn event is not journalled beside its command (record %d): %+v", w.Answer.Seq, rec)
	}
	if data, err := pitwire.Encode(gone[1]); err == nil {
		t.Logf("%s %s", pitwire.Subject(gone[1].Table, gone[1].Type), data) // go test -v: the feed as a subscriber reads it
	}
	board := pitmodel.New(pitmodel.Config{})
	feedMu.Lock()
	for _, m := range feed {
		if m.Type != pitwire.TypeHeartbeat && m.Type != pitwire.TypeHead {
			if _, err := board.Apply(m, time.Now()); err != nil {
				t.Errorf("the board refuses %+v: %v", m, err)
			}
		}
	}
	feedMu.Unlock()
	if bt, ok := board.Table("BAC-01"); !ok || len(bt.NoticesAt(time.Now())) != 0 {
		t.Errorf("the pit board still shows the withdrawn changes' notices: %+v", bt)
	}
	// The sign has no change left to come: a lower minimum now is not behind any.
	now := post("!limits player=10-5000 banker=10-5000")
	if a := now.Tables[0].Answer; a.Outcome != pitwire.OutcomeAccepted {
		t.Fatalf("a change now after the withdrawals: %+v", a)
	}
}
