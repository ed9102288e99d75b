package app

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/internal/testclock"
)

// TestDemoKeepsANotice runs the demo's table (its configuration, its rules, a journal) on a
// clock the test moves a minute at a time for five hours: the first posting's notice is gone
// once its change takes effect (the demo used to be left without one after ~21 minutes), and
// with the keeper looking each minute a notice is on the screen at every minute, each change
// posted with at least the book's notice where the book asks for it (the desk accepted it) and
// the minimum going up and back down.
func TestDemoKeepsANotice(t *testing.T) {
	setup, err := SetupFrom(config.Demo())
	if err != nil {
		t.Fatal(err)
	}
	notices, err := demoNoticeRules(setup, table.RedDogSetup{}, false)
	if err != nil {
		t.Fatal(err)
	}
	j, err := journal.Open(filepath.Join(t.TempDir(), "demo.journal"), journal.Options{Table: setup.ID})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	c := testclock.New(time.Date(2026, 11, 26, 20, 7, 13, 0, time.Local))
	loop, err := table.NewBaccaratLoop(setup, j, table.Options{Clock: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- loop.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	screen := func() view.Screen {
		var s view.Screen
		if err := loop.Inspect(ctx, func(m table.Machine) { s = m.Screen(c.Now(), view.LinkConnected) }); err != nil {
			t.Fatal(err)
		}
		return s
	}
	keeper := &demoNotices{loop: loop, now: c.Now, low: setup.Sign.Player.Min, notices: notices}

	first, err := keeper.keep(ctx)
	if err != nil || first == nil {
		t.Fatalf("first posting: %v, %v", first, err)
	}
	if lead := first.At.Sub(c.Now()); lead < notices.Period() || lead > notices.Period()+time.Minute {
		t.Errorf("the raise takes effect %v after it is posted, want the notice period %v (rounded up to the minute)", lead, notices.Period())
	}
	if again, err := keeper.keep(ctx); again != nil || err != nil {
		t.Fatalf("a second posting while the first is to come: %v, %v", again, err)
	}
	c.Add(first.At.Sub(c.Now()) + time.Minute)
	if n := screen().Notices; len(n) != 0 {
		t.Fatalf("the raise took effect, yet the screen shows %v: the test would not see a notice lost", n)
	}

	var raises, lowers int
	for minute := 0; minute < 5*60; minute++ {
		posted := c.Now()
		ch, err := keeper.keep(ctx)
		if err != nil {
			t.Fatalf("minute %d: %v", minute, err)
		}
		s := screen()
		if len(s.Notices) != 1 || s.Notices[0].Kind != view.NoticeMinimum {
			t.Fatalf("minute %d (%s): notices %+v, want one of the minimum", minute, c.Now().Format("15:04"), s.Notices)
		}
		if ch != nil {
			switch ch.Sign.Player.Min {
			case 2 * setup.Sign.Player.Min:
				raises++
				if ch.At.Sub(posted) < notices.Period() {
					t.Errorf("minute %d: a raise posted at %s takes effect at %s, under the notice period", minute, posted.Format("15:04:05"), ch.At.Format("15:04:05"))
				}
			case setup.Sign.Player.Min:
				lowers++
			default:
				t.Errorf("minute %d: the minimum changes to %d", minute, ch.Sign.Player.Min)
			}
			if ch.Sign.Banker.Min != ch.Sign.Player.Min {
				t.Errorf("minute %d: Banker minimum %d, Player %d", minute, ch.Sign.Banker.Min, ch.Sign.Player.Min)
			}
			if got := view.Money(ch.Sign.Player.Min); s.Notices[0].Amount != got || !s.Notices[0].At.Equal(ch.At) {
				t.Errorf("minute %d: notice %+v, want %v at %s", minute, s.Notices[0], got, ch.At.Format("15:04"))
			}
		}
		c.Add(time.Minute)
	}
	if raises < 6 || lowers < 6 {
		t.Errorf("in five hours %d raises and %d lowerings, want the minimum going up and down every notice period", raises, lowers)
	}
	var unnoticed int
	if err := loop.Inspect(ctx, func(m table.Machine) {
		for _, sc := range m.(*table.State).Scheduled() {
			if sc.Notice&engine.ChangeRaiseMinimum == 0 && sc.Kinds&engine.ChangeRaiseMinimum != 0 {
				unnoticed++ // a raise that took effect without the notice the book asks for
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	if unnoticed > 0 {
		t.Errorf("%d raises were posted without notice", unnoticed)
	}
}

// The demo's posting names the wagers of the table's game, not of the sign's shape: a
// baccarat sign without a Banker maximum is still baccarat's Player and Banker, a Red Dog
// sign its one bet.
func TestDemoLimitsCommandByGame(t *testing.T) {
	lim := engine.WagerLimit{Min: 2500, Max: 500000}
	tests := []struct {
		name   string
		sign   engine.Sign
		redDog bool
		want   []desk.Wager
	}{
		{"baccarat", engine.Sign{Player: lim, Banker: lim}, false, []desk.Wager{desk.WagerPlayer, desk.WagerBanker}},
		{"baccarat, no Banker maximum", engine.Sign{Player: lim, Banker: engine.WagerLimit{Min: 2500}}, false, []desk.Wager{desk.WagerPlayer, desk.WagerBanker}},
		{"red dog", engine.Sign{Player: lim}, true, []desk.Wager{desk.WagerBet}},
	}
	for _, tt := range tests {
		c := limitsCommand(tt.sign, tt.redDog)
		var got []desk.Wager
		for _, l := range c.Limits {
			got = append(got, l.Wager)
		}
		if c.Verb != desk.VerbLimits || !slices.Equal(got, tt.want) {
			t.Errorf("%s: %s %v, want limits %v", tt.name, c.Verb, got, tt.want)
		}
	}
}
