package table

import (
	"context"
	"errors"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/internal/testclock"
)

// shoeScript is a shoe of 8 decks shuffled with seed: "shoe" and its 416 cards.
func shoeScript(seed int64) string {
	var cards []string
	for d := 0; d < 8; d++ {
		for _, r := range "A23456789TJQK" {
			for _, s := range "SHDC" {
				cards = append(cards, string(r)+string(s))
			}
		}
	}
	rand.New(rand.NewSource(seed)).Shuffle(len(cards), func(i, k int) { cards[i], cards[k] = cards[k], cards[i] })
	return "shoe\n" + strings.Join(cards, " ")
}

// TestDrainStopsBetweenCoupsWhileCardsKeepComing: a drain asked while the shoe keeps the loop's
// inbox full stops the table between two coups: the journal's last input is a clean stop with
// no coup in progress, every time; after it a card is refused (not journalled) and a sign-out
// is still journalled. The loop decides it itself; asking it whether a coup is in progress
// and then cancelling from outside (the first way) let the next queued card start a coup before
// the stop, and this test failed on nearly every run that way.
func TestDrainStopsBetweenCoupsWhileCardsKeepComing(t *testing.T) {
	for seed := int64(1); seed <= 5; seed++ {
		c := testclock.New(time.Date(2026, 11, 26, 21, 0, 0, 0, time.UTC))
		s := setup(t, "nz-baccarat-1998")
		path := filepath.Join(t.TempDir(), "t1.db")
		j := openJournal(t, path)
		// A small inbox, so that the drain request is not queued behind the whole shoe.
		r := startLoop(t, func(opt Options) (*Loop, error) { return NewBaccaratLoop(s, j, opt) },
			Options{Clock: c.Now, Frame: time.Millisecond, Queue: 8})
		toks, err := engine.ParseScript(shoeScript(seed))
		if err != nil {
			t.Fatal(err)
		}
		// The shoe: cards sent without waiting for a reply, as fast as the loop takes them until
		// the drain is asked, so that the inbox always holds the next ones; then in bursts of 1-8
		// cards, the last of each waited for (a dealer's pace), after which the loop may find the
		// coup ended and nothing more to take.
		feedCtx, stopFeed := context.WithCancel(context.Background())
		asked := make(chan struct{})
		fed := make(chan struct{})
		go func() {
			defer close(fed)
			rnd := rand.New(rand.NewSource(seed))
			burst := -1 // until the drain is asked
			for _, tok := range toks {
				if burst < 0 {
					select {
					case <-asked:
						burst = 1 + rnd.Intn(8)
					default:
					}
				}
				in := engine.TokenInput(tok)
				m := Msg{Input: Input{Game: &in}, Source: journal.SourceShoe}
				var reply chan Result
				if burst == 1 {
					reply = make(chan Result, 1)
					m.Reply = reply
				}
				if r.Loop.Send(feedCtx, m) != nil {
					return
				}
				if reply != nil {
					select {
					case <-reply:
					case <-feedCtx.Done():
						return
					}
					burst = 1 + rnd.Intn(8)
				} else if burst > 0 {
					burst--
				}
			}
		}()
		// Ask for the drain in the middle of the shoe.
		for {
			var coups int
			if err := r.Loop.Inspect(context.Background(), func(m Machine) { _, coups = m.InCoup() }); err != nil {
				t.Fatal(err)
			}
			if coups >= 3+int(seed) {
				break
			}
			time.Sleep(time.Millisecond)
		}
		drained, err := r.Loop.Drain(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		close(asked)
		select {
		case <-drained:
		case <-time.After(30 * time.Second):
			var in bool
			var n int
			var sc view.Screen
			_ = r.Loop.Inspect(context.Background(), func(m Machine) { in, n = m.InCoup(); sc = m.Screen(c.Now(), Link(0)) })
			t.Fatalf("no stop within 30 s of the drain: in coup %v, coup %d; %+v", in, n, sc.Status)
		}
		// Stopped: a card now is refused and not journalled; a sign-out is still journalled.
		in := engine.TokenInput(toks[len(toks)-1])
		reply := make(chan Result, 1)
		if err := r.Loop.Send(context.Background(), Msg{Input: Input{Game: &in}, Source: journal.SourceShoe, Reply: reply}); err != nil {
			t.Fatal(err)
		}
		if res := <-reply; !errors.Is(res.Err, ErrStopped) || len(res.Records) != 0 {
			t.Fatalf("a card after the drain: %+v", res)
		}
		reply = make(chan Result, 1)
		if err := r.Loop.Send(context.Background(), Msg{Access: []byte(`{"event":"sign_out"}`), Actor: journal.Actor{Role: "dealer", ID: "D1"}, Reason: "shutdown", Reply: reply}); err != nil {
			t.Fatal(err)
		}
		if res := <-reply; res.Err != nil || len(res.Records) != 1 {
			t.Fatalf("a sign-out after the drain: %+v", res)
		}
		stopFeed()
		<-fed
		stopped := make(chan error, 1)
		go func() { stopped <- r.Stop() }()
		select {
		case err := <-stopped:
			if err != nil {
				t.Fatalf("Run after the drain: %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("Run did not return after the drain and the stop")
		}
		if err := j.Close(); err != nil {
			t.Fatal(err)
		}

		j2 := openJournal(t, path)
		st, rec, err := ReplayState(j2, s, c.Now())
		if err != nil {
			t.Fatal(err)
		}
		if !rec.Clean || rec.InCoup {
			t.Errorf("seed %d: the journal after the drain: clean stop last %v, in coup %v (coup %d); want the clean stop last, between coups", seed, rec.Clean, rec.InCoup, rec.CoupN)
		}
		if rec.Inputs > len(toks) {
			t.Errorf("seed %d: %d inputs journalled of %d cards: the drain did not stop mid-shoe", seed, rec.Inputs, len(toks))
		}
		if in, _ := st.InCoup(); in {
			t.Errorf("seed %d: the replayed table is in a coup", seed)
		}
		j2.Close()
	}
}
