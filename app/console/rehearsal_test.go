package console

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/pitwire"
)

func TestRehearsalDecidesAsTheTable(t *testing.T) {
	clk := newClock() // 09:00:30 UTC
	live := NewLive(pitmodel.Config{}, clk.Now)
	f := &feed{t: t, live: live, seq: map[string]uint64{}}
	f.table("BAC-1", "Baccarat 1", "Baccarat", pitwire.Status{State: pitwire.StateOpen}, vicLimits)
	f.table("RD-1", "Red Dog 1", "Red Dog", pitwire.Status{State: pitwire.StateOpen},
		pitwire.Limits{Currency: "AUD", Bets: []pitwire.Limit{{Bet: "bet", Min: 1000, Max: 100000}}})
	r, err := NewRehearsal(live, Config{Tables: map[string]TableConfig{"RD-1": {Profile: "vic-red-dog-1997"}}}, clk.Now)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ana := Person{ID: "101", Name: "Ana Lee", Role: RoleSupervisor}
	answers := func(id string) []Answer {
		t.Helper()
		a, err := r.Answers(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	post := func(tables []string, line string) string {
		t.Helper()
		id, err := r.Post(ctx, tables, line, ana)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	// A higher minimum too soon: refused by 000 7.7, with the earliest time.
	a := answers(post([]string{"BAC-1", "NOPE"}, "!limits at=09:10 player=50-5000 banker=50-5000"))
	if a[0].State != AnswerRefused || a[0].Rule != "000 7.7, s66(2)" || !strings.Contains(a[0].Reason, "earliest 09:20:30") {
		t.Fatalf("too soon: %+v", a[0])
	}
	if a[1].State != AnswerRefused || !strings.Contains(a[1].Reason, "NOPE has published no sign yet") {
		t.Fatalf("unknown table: %+v", a[1])
	}
	// In time: accepted, with its notice.
	raise := post([]string{"BAC-1"}, "!limits at=09:21 player=50-5000 banker=50-5000")
	if a := answers(raise); a[0].State != AnswerAccepted || !strings.Contains(a[0].Reason, "$50") {
		t.Fatalf("in time: %+v", a[0])
	}
	// A lower minimum before the raise is refused: changes take effect in order.
	if a := answers(post([]string{"BAC-1"}, "!limits at=09:05 player=10-5000 banker=10-5000")); a[0].State != AnswerRefused {
		t.Fatalf("before the raise: %+v", a[0])
	}
	// A change posted after the raise: the book lets only the last change not yet in effect be
	// withdrawn (000 7.7, 13.7), so the Cancel of the raise is refused at the table, with the
	// rule, until the later one is cancelled.
	later := post([]string{"BAC-1"}, "!limits at=09:40 player=50-8000 banker=50-8000")
	if err := r.Cancel(ctx, raise, ana); err != nil {
		t.Fatal(err)
	}
	if a := answers(raise); a[0].State != AnswerAccepted || a[0].Withdrawal == nil || a[0].Withdrawal.State != WithdrawalRefused ||
		a[0].Withdrawal.Rule != "000 7.7, 13.7" || !strings.Contains(a[0].Withdrawal.Reason, "withdraw that one first") {
		t.Fatalf("the raise cancelled under a later change: %+v %+v", a[0], a[0].Withdrawal)
	}
	if err := r.Cancel(ctx, later, ana); err != nil {
		t.Fatal(err)
	}
	if a := answers(later); a[0].State != AnswerCancelled || a[0].Withdrawal.State != WithdrawalDone {
		t.Fatalf("the later change cancelled: %+v %+v", a[0], a[0].Withdrawal)
	}
	// Cancelled, the raise is gone from the table's engine: the lower minimum now goes.
	clk.Add(time.Minute)
	if err := r.Cancel(ctx, raise, ana); err != nil {
		t.Fatal(err)
	}
	if a := answers(raise); a[0].State != AnswerCancelled || a[0].Withdrawal.State != WithdrawalDone {
		t.Fatalf("cancelled: %+v", a[0])
	}
	if err := r.Cancel(ctx, raise, ana); !errors.Is(err, ErrNotCancellable) {
		t.Fatalf("cancelled twice: %v", err)
	}
	lower := post([]string{"BAC-1"}, "!limits at=09:05 player=10-5000 banker=10-5000")
	if a := answers(lower); a[0].State != AnswerAccepted {
		t.Fatalf("after the cancel: %+v", a[0])
	}
	// In effect, a change cannot be withdrawn.
	clk.Add(5 * time.Minute)
	if err := r.Cancel(ctx, lower, ana); !errors.Is(err, ErrNotCancellable) {
		t.Fatalf("cancel a change in effect: %v", err)
	}
	if err := r.Cancel(ctx, "R999", ana); !errors.Is(err, ErrUnknownPosting) {
		t.Fatalf("cancel an unknown posting: %v", err)
	}
	// Red Dog: its one wager, and no differential (003).
	if a := answers(post([]string{"RD-1"}, "!limits at=09:30 bet=20-1000")); a[0].State != AnswerAccepted {
		t.Fatalf("red dog limits: %+v", a[0])
	}
	if a := answers(post([]string{"RD-1"}, "!differential at=09:40 max=100")); a[0].State != AnswerRefused || !strings.Contains(a[0].Reason, "Red Dog has no table differential") {
		t.Fatalf("red dog differential: %+v", a[0])
	}
	// A line that is not one command is the sender's error, not a table's answer.
	if _, err := r.Post(ctx, []string{"BAC-1"}, "!limits at=9 player=x", ana); err == nil {
		t.Fatal("a malformed line was posted")
	}
}
