package pitcmd_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/pitwire"
)

// withdraw cancels posting id as person S042 and returns the ids of the !withdraw commands.
func (p *pit) withdraw(t testing.TB, id string) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ids, err := p.sender.Withdraw(ctx, id, "S042")
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// withdrawal is table's state with the withdrawal of command id, "" while none is known.
func (p *pit) withdrawal(id, table string) pitcmd.TableState {
	c, _ := p.sender.Command(id)
	for _, a := range c.Tables {
		if a.Table == table && a.Withdrawal != nil {
			return a.Withdrawal.State
		}
	}
	return ""
}

// TestWithdrawAPosting: the Cancel of a posting sends each table that accepted it a dated
// !withdraw of the time it accepted it for, linked to the posting. Each table decides by its
// book's withdraw rule (000 7.7, 13.7): one with a later change posted refuses, with the rule,
// until that change is withdrawn; a table that never accepted is sent nothing. A Sender started
// again on the bus links the withdrawals to the posting from the streams; a posting with
// nothing left to withdraw, an unknown posting and an unknown person are refused.
func TestWithdrawAPosting(t *testing.T) {
	p := startPit(t, "T1", "T2", "T3")
	t1, t2 := p.run(t, "T1"), p.run(t, "T2")
	raise := p.post(t, pitcmd.Target{Tables: []string{"T1", "T2", "T3"}}, "!limits at=20:30 player=50-1000 banker=50-1000")
	waitFor(t, "T1 and T2 accept the raise", func() bool {
		return p.state(raise, "T1") == pitcmd.Accepted && p.state(raise, "T2") == pitcmd.Accepted
	})
	later := p.wait(t, p.post(t, pitcmd.Target{Tables: []string{"T2"}}, "!limits at=20:45 player=50-2000 banker=50-2000"))
	if a := answerOf(t, later, "T2"); a.State != pitcmd.Accepted {
		t.Fatalf("the later change at T2: %+v %+v", a, a.Answer)
	}
	p.clk.Add(time.Minute)

	ids := p.withdraw(t, raise)
	if len(ids) != 1 {
		t.Fatalf("T1 and T2 accepted the raise for the same time: %d withdrawals, want one command", len(ids))
	}
	waitFor(t, "T1 and T2 answer the withdrawal", func() bool {
		return p.withdrawal(raise, "T1") == pitcmd.Accepted && p.withdrawal(raise, "T2") == pitcmd.Refused
	})
	c, _ := p.sender.Command(raise)
	if w := answerOf(t, c, "T2").Withdrawal; w.Answer.Rule != "000 7.7, 13.7" || !strings.Contains(w.Answer.Reason, "withdraw that one first") {
		t.Errorf("T2's refusal of the withdrawal: %+v", w.Answer)
	}
	if a := answerOf(t, c, "T3"); a.Withdrawal != nil || a.WithdrawalID != "" {
		t.Errorf("T3 never accepted the raise but was sent its withdrawal: %+v", a)
	}
	if len(c.Withdrawals) != 1 || c.Withdrawals[0] != ids[0] || answerOf(t, c, "T1").WithdrawalID != ids[0] {
		t.Errorf("the posting's withdrawals: %v, T1's %s, want [%s]", c.Withdrawals, answerOf(t, c, "T1").WithdrawalID, ids[0])
	}
	carried := t1.Carried()
	if len(carried) != 2 || carried[1].Line != "!withdraw at=2026-11-26T20:30:00" || carried[1].Withdraws != raise || carried[1].ID != ids[0] {
		t.Fatalf("T1 carried out %+v", carried)
	}
	if len(t1.Scheduled()) != 0 || len(t2.Scheduled()) != 2 {
		t.Fatalf("after the withdrawal T1 has %d changes posted (want 0), T2 %d (want 2)", len(t1.Scheduled()), len(t2.Scheduled()))
	}
	if w, _ := p.sender.Command(ids[0]); w.Withdraws != raise || len(w.Tables) != 2 {
		t.Errorf("the withdrawal command: %+v", w)
	}

	// The later change withdrawn first, the raise can be withdrawn at T2: only T2 is sent it.
	p.withdraw(t, later.ID)
	waitFor(t, "T2 withdraws the later change", func() bool { return p.withdrawal(later.ID, "T2") == pitcmd.Accepted })
	ids2 := p.withdraw(t, raise)
	waitFor(t, "T2 withdraws the raise", func() bool { return p.withdrawal(raise, "T2") == pitcmd.Accepted })
	c, _ = p.sender.Command(raise)
	if w, _ := p.sender.Command(ids2[0]); len(w.Tables) != 1 || w.Tables[0].Table != "T2" || len(c.Withdrawals) != 2 {
		t.Errorf("the second withdrawal: %+v; the posting's %v", w, c.Withdrawals)
	}
	if len(t2.Scheduled()) != 0 || len(t1.Carried()) != 2 {
		t.Errorf("T2 still has %d changes posted; T1 carried out %d commands (want 2)", len(t2.Scheduled()), len(t1.Carried()))
	}

	ctx := context.Background()
	for _, tc := range []struct {
		id, by string
		want   error
	}{
		{raise, "S042", pitcmd.ErrNothingToWithdraw},
		{ids[0], "S042", pitcmd.ErrNothingToWithdraw},
		{"nope", "S042", pitcmd.ErrUnknownCommand},
		{raise, "X1", pitcmd.ErrUnknownPerson},
	} {
		if _, err := p.sender.Withdraw(ctx, tc.id, tc.by); !errors.Is(err, tc.want) {
			t.Errorf("withdraw %s by %s: %v, want %v", tc.id, tc.by, err, tc.want)
		}
	}

	// A change in effect is not withdrawn: nothing is sent.
	now := p.wait(t, p.post(t, pitcmd.Target{Tables: []string{"T1"}}, "!limits player=10-1000 banker=10-1000"))
	if _, err := p.sender.Withdraw(ctx, now.ID, "S042"); !errors.Is(err, pitcmd.ErrNothingToWithdraw) {
		t.Errorf("withdraw a change in effect: %v", err)
	}

	// Started again, a Sender reads the withdrawals back from the streams, linked.
	s2, err := pitcmd.Start(pitcmd.Config{Conn: pitConn(p.srv), Tables: p.sender.Tables(), People: pitcmd.PeopleList{"S042"}, Now: p.clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	waitFor(t, "the restarted Sender's answers", func() bool {
		c, ok := s2.Command(raise)
		return ok && len(c.Withdrawals) == 2 && answerOf(t, c, "T1").Withdrawal != nil && answerOf(t, c, "T1").Withdrawal.State == pitcmd.Accepted &&
			answerOf(t, c, "T2").Withdrawal != nil && answerOf(t, c, "T2").Withdrawal.State == pitcmd.Accepted
	})
	if w, ok := s2.Command(ids[0]); !ok || w.Withdraws != raise || w.Line != pitwire.WithdrawLine(time.Date(2026, 11, 26, 20, 30, 0, 0, time.UTC)) {
		t.Errorf("the withdrawal read back: %+v", w)
	}
}
