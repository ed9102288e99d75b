package engine

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// The sign side of the rule audit (issue 22 item 6): every case name cites the rule it checks.

func mins(n int) time.Duration { return time.Duration(n) * time.Minute }

func lookup(t *testing.T, id string) Profile {
	t.Helper()
	p, err := LookupProfile(id)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSettlementMethodNeedsNotice: act displays the settlement method on the sign and changes
// it only with prior notice (001 8.2); the table differential likewise (001 3.7). The game
// refuses them as settings applied between rounds; the board takes them as changes of the sign,
// refused with the earliest allowed time when too soon, and the method in force is the sign's.
func TestSettlementMethodNeedsNotice(t *testing.T) {
	games := []struct {
		name, profile, key, value string
		rule                      string // the rule of the refusal; "" when applied between rounds
	}{
		{"001 8.2 settlement=B is a change of the sign, never applied at once", ProfileACT2012, "settlement", "B", "001 8.2"},
		{"001 8.2 settlement=A likewise", ProfileACT2012, "settlement", "A", "001 8.2"},
		{"001 3.7 differential_max is a change of the sign with notice", ProfileACT2012, "differential_max", "100000", "001 3.7"},
		{"000 7.2 vic differential_max needs no notice: between rounds", ProfileVic2002, "differential_max", "100000", ""},
		{"004 5.11 nz banker_six_half needs no notice: between rounds", ProfileNZ, "banker_six_half", "true", ""},
	}
	for _, tc := range games {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, tc.profile)
			before := g.Settings()
			evs := g.Apply(SettingInput(tc.key, tc.value))
			if tc.rule == "" {
				if len(evs) != 1 || evs[0].Kind != EvSetting {
					t.Fatalf("events %+v, want the setting applied", evs)
				}
				return
			}
			if len(evs) != 1 || evs[0].Kind != EvRefused || evs[0].Rule != tc.rule || !strings.Contains(evs[0].Reason, "20 minutes' prior notice") {
				t.Fatalf("events %+v, want refused citing %s", evs, tc.rule)
			}
			if after := g.Settings(); after != before {
				t.Errorf("settings changed by a refused setting: %+v", after)
			}
		})
	}

	act := lookup(t, ProfileACT2012)
	vic := lookup(t, ProfileVic2002)
	boards := []struct {
		name     string
		prof     *Profile
		key, val string
		at       time.Duration // after t0, posted at t0
		rule     string        // of the NoticeError; "" accepted
		earliest time.Duration
		errHas   string // another error
	}{
		{"001 8.2 settlement=B now is refused with the earliest time", &act, "settlement", "B", 0, "001 8.2", mins(20), ""},
		{"001 8.2 settlement=B in 19 minutes is refused", &act, "settlement", "B", mins(19), "001 8.2", mins(20), ""},
		{"001 8.2 settlement=B in 20 minutes is posted", &act, "settlement", "B", mins(20), "", 0, ""},
		{"001 8.2 settlement=A (no change) needs no notice", &act, "settlement", "A", 0, "", 0, ""},
		{"001 3.7 differential_max now is refused", &act, "differential_max", "200000", 0, "001 3.7", mins(20), ""},
		{"001 3.6 act has no minimum differential", &act, "differential_min", "100", mins(30), "", 0, "not used by profile"},
		{"000 1.1 vic has no settlement key", &vic, "settlement", "B", mins(30), "", 0, "not used by profile"},
		{"decks is not on the sign", &act, "decks", "8", mins(30), "", 0, "not shown on the sign"},
	}
	for _, tc := range boards {
		t.Run(tc.name, func(t *testing.T) {
			st := DefaultSettings(tc.prof)
			n, err := st.NoticeRules(tc.prof)
			if err != nil {
				t.Fatal(err)
			}
			b, err := NewBoard(n, baseSign())
			if err != nil {
				t.Fatal(err)
			}
			sc, err := b.ScheduleSetting(tc.prof, tc.key, tc.val, Change{At: t0.Add(tc.at)}, t0)
			var ne *NoticeError
			switch {
			case tc.errHas != "":
				if err == nil || !strings.Contains(err.Error(), tc.errHas) {
					t.Fatalf("err %v, want %q", err, tc.errHas)
				}
			case tc.rule != "":
				if !errors.As(err, &ne) || ne.Rule != tc.rule || !ne.Earliest.Equal(t0.Add(tc.earliest)) {
					t.Fatalf("err %v, want a notice error citing %s, earliest +%s", err, tc.rule, tc.earliest)
				}
				if len(b.Changes()) != 0 {
					t.Error("a refused change was scheduled")
				}
				// the earliest time given is allowed
				if _, err := b.ScheduleSetting(tc.prof, tc.key, tc.val, Change{At: ne.Earliest}, t0); err != nil {
					t.Errorf("at the earliest time given: %v", err)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if tc.key == "settlement" && tc.val == "B" {
					if sc.Kinds != ChangeSettlement || sc.Notice != ChangeSettlement {
						t.Errorf("scheduled %v with notice %v", sc.Kinds, sc.Notice)
					}
					v := b.SignAt(t0)
					if v.Sign.Settlement != BankerCommission || len(v.Notices) != 1 || v.Notices[0].Item != NoticeSettlement || v.Notices[0].Settlement != BankerSixPaysHalf {
						t.Errorf("before: %+v", v)
					}
					v = b.SignAt(t0.Add(tc.at))
					if v.Sign.Settlement != BankerSixPaysHalf {
						t.Errorf("at +%s: method %v", tc.at, v.Sign.Settlement)
					}
					r := v.Sign.Settle(act.Settlement)
					if r.Banker != BankerSixPaysHalf || r.ExtraCommission != 0 {
						t.Errorf("settlement under the sign: %+v", r)
					}
					if r := b.SignAt(t0).Sign.Settle(act.Settlement); r.Banker != BankerCommission {
						t.Errorf("settlement before the change: %+v", r)
					}
				}
			}
		})
	}
}

// TestNoticeNamesWhatChanges: a notice names the new limit of exactly the wager that changes
// (s66(2): "a sign indicating the new minimum"; 001 3.1), never the Player/Banker amount when
// only another wager's limit changes.
func TestNoticeNamesWhatChanges(t *testing.T) {
	type item struct {
		it     NoticeItem
		wager  string
		amount int64
	}
	base := baseSign()
	base.Insurance = WagerLimit{Min: 500, Max: 25000}
	base.Run = WagerLimit{Min: 1000, Max: 20000}
	with := func(f func(*Sign)) Sign {
		s := base.clone()
		f(&s)
		return s
	}
	tests := []struct {
		name  string
		rules NoticeRules
		sign  Sign
		want  []item
	}{
		{"s66(2) 000 7.7 only the Tie minimum rises", NoticesVicBaccarat2002(20), with(func(s *Sign) { s.Tie.Min = 1000 }),
			[]item{{NoticeMinimum, "Tie", 1000}}},
		{"s66(2) 000 7.7 only the Insurance minimum rises", NoticesVicBaccarat2002(20), with(func(s *Sign) { s.Insurance.Min = 1000 }),
			[]item{{NoticeMinimum, "Insurance/No 6", 1000}}},
		{"s66(2) 000 7.7 only the Run minimum rises", NoticesVicBaccarat2002(20), with(func(s *Sign) { s.Run.Min = 2000 }),
			[]item{{NoticeMinimum, "Run", 2000}}},
		{"001 3.1 only the Player maximum changes", NoticesACT2012(20), with(func(s *Sign) { s.Player.Max = 1000000 }),
			[]item{{NoticeMaximum, "Player", 1000000}}},
		{"001 3.1 only the Tie maximum changes", NoticesACT2012(20), with(func(s *Sign) { s.Tie.Max = 10000 }),
			[]item{{NoticeMaximum, "Tie", 10000}}},
		{"001 3.3 only the Banker multiple changes", NoticesACT2012(20), with(func(s *Sign) { s.Banker.Multiple = 1000 }),
			[]item{{NoticeMultiple, "Banker", 1000}}},
		{"001 3.1 Banker minimum and Tie maximum, one line each", NoticesACT2012(20), with(func(s *Sign) { s.Banker.Min = 5000; s.Tie.Max = 10000 }),
			[]item{{NoticeMinimum, "Banker", 5000}, {NoticeMaximum, "Tie", 10000}}},
		{"001 3.7 only the differential", NoticesACT2012(20), with(func(s *Sign) { s.DifferentialMax = 300000 }),
			[]item{{NoticeDifferentialMax, "", 300000}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := NewBoard(tc.rules, base)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := b.Schedule(Change{At: t0.Add(mins(30)), Sign: tc.sign}, t0); err != nil {
				t.Fatal(err)
			}
			v := b.SignAt(t0)
			var got []item
			for _, n := range v.Notices {
				got = append(got, item{n.Item, n.Wager, n.Amount})
				if n.Wager != "" && !strings.Contains(n.Text, " "+n.Wager+" ") {
					t.Errorf("text %q does not name %s", n.Text, n.Wager)
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("notices %+v, want %+v", v.Notices, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("notice %d = %+v, want %+v (%q)", i, got[i], tc.want[i], v.Notices[i].Text)
				}
			}
		})
	}
}

// TestReopen: a reopening is measured against the sign in force when the table closed. After a
// closing at least as long as the notice period it needs no notice; after a shorter one (a
// "closing and reopening" at the same instant) a higher minimum still needs its sign for the
// whole period (000 7.7, s66(2); 003 6.4; 001 3.1), and is refused with the earliest time.
func TestReopen(t *testing.T) {
	higher := raiseMin(baseSign(), 5000)
	lower := raiseMin(baseSign(), 1000)
	bigger := baseSign()
	bigger.Player.Max = 1000000
	tests := []struct {
		name        string
		rules       NoticeRules
		closeAt     time.Duration // posted at t0
		posted      time.Duration // the reopening, posted at t0+posted
		at          time.Duration
		sign        Sign
		waived      bool
		rule        string        // refused with this rule; "" accepted
		earliest    time.Duration // of the refusal
		wantNotice  ChangeKind    // accepted: the kinds that needed notice
		wantOpenAdd ChangeKind    // accepted: the kinds besides ChangeOpen
	}{
		{"000 7.7 s66(2) closing and reopening at the same instant with a higher minimum is refused", NoticesVicBaccarat2002(20),
			mins(20), mins(10), mins(20), higher, false, "000 7.7, s66(2)", mins(30), 0, 0},
		{"000 7.7 s66(2) the higher minimum posted 20 minutes before the reopening is accepted", NoticesVicBaccarat2002(20),
			mins(20), mins(10), mins(30), higher, false, "", 0, ChangeRaiseMinimum, ChangeRaiseMinimum},
		{"000 7.7 s66(2) reopening after 20 minutes closed needs no notice", NoticesVicBaccarat2002(20),
			mins(20), mins(15), mins(40), higher, false, "", 0, 0, ChangeRaiseMinimum},
		{"000 7.7 s66(2) reopening after 19 minutes closed, posted 4 before, is refused", NoticesVicBaccarat2002(20),
			mins(20), mins(35), mins(39), higher, false, "000 7.7, s66(2)", mins(40), 0, 0},
		{"000 7.7.1 the players may waive notice of a higher minimum on reopening too", NoticesVicBaccarat2002(20),
			mins(20), mins(10), mins(20), higher, true, "", 0, 0, ChangeRaiseMinimum},
		{"000 7.7 a lower minimum at the same instant needs no notice", NoticesVicBaccarat2002(20),
			mins(20), mins(10), mins(20), lower, false, "", 0, 0, ChangeLowerMinimum},
		{"000 7.7 a new maximum at the same instant needs no notice", NoticesVicBaccarat2002(20),
			mins(20), mins(10), mins(20), bigger, false, "", 0, 0, ChangeMaximum},
		{"000 13.7 reopening with the same sign at the same instant", NoticesVicBaccarat2002(20),
			mins(20), mins(10), mins(20), baseSign(), false, "", 0, 0, 0},
		{"003 6.4 red dog closing and reopening with a higher minimum is refused", NoticesVicRedDog1997(20),
			mins(20), mins(10), mins(20), higher, false, "003 6.4, s66(2)", mins(30), 0, 0},
		{"001 3.1 act closing and reopening with a new maximum is refused", NoticesACT2012(20),
			mins(20), mins(10), mins(20), bigger, false, "001 3.1", mins(30), 0, 0},
		{"001 3.1 act reopening after the notice period closed needs no notice", NoticesACT2012(20),
			mins(20), mins(10), mins(40), bigger, false, "", 0, 0, ChangeMaximum},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := NewBoard(tc.rules, baseSign())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := b.Schedule(Change{At: t0.Add(tc.closeAt), Close: true}, t0); err != nil {
				t.Fatal(err)
			}
			c := Change{At: t0.Add(tc.at), Sign: tc.sign, Reopen: true, Waived: tc.waived}
			sc, err := b.Schedule(c, t0.Add(tc.posted))
			if tc.rule != "" {
				var ne *NoticeError
				if !errors.As(err, &ne) || ne.Rule != tc.rule || !ne.Earliest.Equal(t0.Add(tc.earliest)) || !strings.Contains(err.Error(), "reopening") {
					t.Fatalf("err %v, want refused citing %s, earliest +%s", err, tc.rule, tc.earliest)
				}
				c.At = ne.Earliest
				if _, err := b.Schedule(c, t0.Add(tc.posted)); err != nil {
					t.Errorf("at the earliest time given: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if sc.Kinds != ChangeOpen|tc.wantOpenAdd || sc.Notice != tc.wantNotice || !sc.Reopen {
				t.Errorf("scheduled kinds %v notice %v reopen %v", sc.Kinds, sc.Notice, sc.Reopen)
			}
			if v := b.SignAt(t0.Add(tc.at)); v.Closed || v.Sign.Player.Min != tc.sign.Player.Min {
				t.Errorf("after the reopening: %+v", v)
			}
			if tc.wantOpenAdd&ChangeRaiseMinimum != 0 && !tc.waived {
				// the sign shows the new minimum from its posting (s66(2))
				v := b.SignAt(t0.Add(tc.posted))
				found := false
				for _, n := range v.Notices {
					found = found || n.Item == NoticeMinimum && n.Amount == 5000
				}
				if !found {
					t.Errorf("no notice of the new minimum: %+v", v.Notices)
				}
			}
		})
	}

	b, _ := NewBoard(NoticesVicBaccarat2002(20), baseSign())
	if _, err := b.Schedule(Change{At: t0.Add(mins(30)), Sign: lower, Reopen: true}, t0); err == nil || !strings.Contains(err.Error(), "not closed") {
		t.Errorf("reopen of an open table: %v", err)
	}
}

// TestScheduleRefusesNeverMoves: a change asked for too soon is refused with the earliest
// allowed time in its reason, never moved (spec/table-script.md §1); the earliest time given
// is accepted.
func TestScheduleRefusesNeverMoves(t *testing.T) {
	tests := []struct {
		name     string
		rules    NoticeRules
		first    *Change // scheduled at t0 first, if any
		change   Change
		now      time.Duration
		earliest time.Duration
		notice   bool // a *NoticeError (else a *TimeError)
	}{
		{"000 7.7 a higher minimum now: earliest in 20 minutes", NoticesVicBaccarat2002(20), nil,
			Change{At: t0, Sign: raiseMin(baseSign(), 5000)}, 0, mins(20), true},
		{"table-script §1 a change in the past: earliest now", NoticesVicBaccarat2002(20), nil,
			Change{At: t0.Add(-time.Minute), Sign: raiseMin(baseSign(), 1000)}, 0, 0, false},
		{"table-script §1 before a change already scheduled: earliest that change", NoticesVicBaccarat2002(20),
			&Change{At: t0.Add(mins(60)), Sign: raiseMin(baseSign(), 5000)},
			Change{At: t0.Add(mins(30)), Close: true}, 0, mins(60), false},
		{"001 3.1 a notice earliest never before a change already scheduled", NoticesACT2012(10),
			&Change{At: t0.Add(mins(60)), Sign: raiseMin(baseSign(), 5000)},
			Change{At: t0.Add(mins(65)), Sign: raiseMin(baseSign(), 1000)}, mins(59), mins(69), true},
		{"000 13.7 a sign before a posted closing: earliest the closing, which it would reopen", NoticesVicBaccarat2002(20),
			&Change{At: t0.Add(mins(30)), Close: true},
			Change{At: t0.Add(mins(25)), Sign: raiseMin(baseSign(), 1000)}, 0, mins(30), false},
		{"000 13.7 closing now: earliest in 20 minutes", NoticesVicBaccarat2002(20), nil,
			Change{At: t0.Add(mins(5)), Close: true}, 0, mins(20), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := NewBoard(tc.rules, baseSign())
			if err != nil {
				t.Fatal(err)
			}
			if tc.first != nil {
				if _, err := b.Schedule(*tc.first, t0); err != nil {
					t.Fatal(err)
				}
			}
			n := len(b.Changes())
			now := t0.Add(tc.now)
			_, err = b.Schedule(tc.change, now)
			var ne *NoticeError
			var te *TimeError
			var earliest time.Time
			switch {
			case tc.notice && errors.As(err, &ne):
				earliest = ne.Earliest
			case !tc.notice && errors.As(err, &te):
				earliest = te.Earliest
			default:
				t.Fatalf("err %v (%T)", err, err)
			}
			if e, ok := Earliest(fmt.Errorf("wrapped: %w", err)); !ok || !e.Equal(earliest) {
				t.Errorf("Earliest(%v) = %s %v", err, e, ok)
			}
			if !earliest.Equal(t0.Add(tc.earliest)) || !strings.Contains(err.Error(), "earliest "+earliest.Format("15:04:05")) {
				t.Errorf("err %v, want earliest %s in the reason", err, t0.Add(tc.earliest).Format("15:04:05"))
			}
			if len(b.Changes()) != n {
				t.Fatal("a refused change was scheduled (moved)")
			}
			c := tc.change
			c.At = earliest
			if _, err := b.Schedule(c, now); err != nil {
				t.Errorf("at the earliest time given: %v", err)
			}
		})
	}
}
