package engine

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestWithdraw: a change posted and not yet in effect may be withdrawn, citing each book's rule
// (NoticeRules.WithdrawRule): its notices come off the sign and the sign in force stays. Nothing
// posted for the time named, a change in effect, and a change with a later one measured from it
// are refused with that rule, and change nothing.
func TestWithdraw(t *testing.T) {
	books := []struct {
		book  string
		rules NoticeRules
		rule  string
	}{
		{"000 vic baccarat", lookup(t, ProfileVic2002).Notices, "000 7.7, 13.7"},
		{"001 act", lookup(t, ProfileACT2012).Notices, "001 3.1, 3.7, 8.2, 10.2"},
		{"002 nz 1998", lookup(t, ProfileNZ1998).Notices, "002, 004: no rule in these divisions"},
		{"003 vic red dog", NoticesVicRedDog1997(20), "003 6.4, 10.7"},
		{"004 nz", lookup(t, ProfileNZ).Notices, "002, 004: no rule in these divisions"},
	}
	type post struct {
		at    int // minutes after t0
		close bool
		min   int64 // the Player and Banker minimum posted
	}
	cases := []struct {
		name     string
		posts    []post
		withdraw int // minutes after t0
		now      int // minutes after t0, when withdrawn
		refused  string
		left     int // changes left on the board
	}{
		{"a higher minimum posted for 21:30, withdrawn at 21:10", []post{{at: 30, min: 5000}}, 30, 10, "", 0},
		{"a closing posted for 21:30, withdrawn at 21:29", []post{{at: 30, close: true}}, 30, 29, "", 0},
		{"a reopening withdrawn: the table stays closed", []post{{at: 30, close: true}, {at: 60, min: 2500}}, 60, 40, "", 1},
		{"the last of two changes", []post{{at: 30, min: 5000}, {at: 40, min: 1000}}, 40, 10, "", 1},
		{"nothing posted for that time", []post{{at: 30, min: 5000}}, 31, 10, "no change of the sign is posted for 21:31:00", 1},
		{"nothing posted at all", nil, 30, 10, "no change of the sign is posted for 21:30:00", 0},
		{"in effect at its time", []post{{at: 30, min: 5000}}, 30, 30, "the change of the sign at 21:30:00 has taken effect", 1},
		{"a closing in effect", []post{{at: 30, close: true}}, 30, 45, "the closing at 21:30:00 has taken effect", 1},
		{"a later change is measured from it", []post{{at: 30, min: 5000}, {at: 40, min: 1000}}, 30, 10,
			"the change of the sign at 21:40:00, posted after the change of the sign at 21:30:00, is measured from it", 2},
		{"a reopening is measured from the closing", []post{{at: 30, close: true}, {at: 60, min: 2500}}, 30, 10,
			"the reopening at 22:00:00, posted after the closing at 21:30:00", 2},
	}
	for _, bk := range books {
		for _, tc := range cases {
			t.Run(bk.book+"/"+tc.name, func(t *testing.T) {
				b, err := NewBoard(bk.rules, baseSign())
				if err != nil {
					t.Fatal(err)
				}
				var last Scheduled
				for _, p := range tc.posts {
					c := Change{At: t0.Add(mins(p.at)), Close: p.close, Sign: raiseMin(baseSign(), p.min)}
					if last, err = b.Schedule(c, t0); err != nil {
						t.Fatalf("post %+v: %v", p, err)
					}
				}
				now := t0.Add(mins(tc.now))
				before := b.SignAt(now)
				got, err := b.Withdraw(t0.Add(mins(tc.withdraw)), now)
				if tc.refused != "" {
					var we *WithdrawError
					if !errors.As(err, &we) || we.Rule != bk.rule || !strings.Contains(err.Error(), tc.refused) {
						t.Fatalf("withdraw: %v, want a *WithdrawError citing %s: %q", err, bk.rule, tc.refused)
					}
					if after := b.SignAt(now); len(after.Notices) != len(before.Notices) || after.Closed != before.Closed {
						t.Errorf("a refused withdrawal changed the sign: %+v, was %+v", after, before)
					}
				} else {
					if err != nil {
						t.Fatalf("withdraw: %v", err)
					}
					if got.ID != last.ID || !got.At.Equal(last.At) {
						t.Errorf("withdrew %+v, want the change posted last %+v", got, last)
					}
					v := b.SignAt(now)
					for _, n := range v.Notices {
						if n.ChangeID == got.ID {
							t.Errorf("notice %q of the withdrawn change still on the sign", n.Text)
						}
					}
					if v.Sign.Player != before.Sign.Player || v.Closed != before.Closed {
						t.Errorf("the sign in force changed: %+v closed %v, was %+v closed %v", v.Sign.Player, v.Closed, before.Sign.Player, before.Closed)
					}
					if a := b.SignAt(got.At); len(tc.posts) == 1 && (a.Closed || a.Sign.Player != baseSign().Player) {
						t.Errorf("at %s the sign is %+v, closed %v: the withdrawn change still takes effect", got.At.Format("15:04"), a.Sign.Player, a.Closed)
					}
				}
				if n := len(b.Changes()); n != tc.left {
					t.Errorf("%d changes left, want %d", n, tc.left)
				}
			})
		}
	}
}

// TestWithdrawnIDNotReused: the number of a change withdrawn is never given again, so that a
// notice the feed published for it cannot be taken for a later change's (pitwire.Notice.Change).
func TestWithdrawnIDNotReused(t *testing.T) {
	b, err := NewBoard(lookup(t, ProfileVic2002).Notices, baseSign())
	if err != nil {
		t.Fatal(err)
	}
	first, err := b.Schedule(Change{At: t0.Add(mins(30)), Close: true}, t0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Withdraw(first.At, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	again, err := b.Schedule(Change{At: t0.Add(mins(30)), Close: true}, t0.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if again.ID == first.ID {
		t.Errorf("the new closing has the withdrawn closing's number %d", first.ID)
	}
	if n := b.SignAt(t0.Add(time.Minute)).Notices; len(n) != 1 || n[0].ChangeID != again.ID {
		t.Errorf("notices %+v, want the new closing's only", n)
	}
}
