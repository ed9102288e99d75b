package engine

import (
	"errors"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)

func baseSign() Sign {
	return Sign{
		Player: WagerLimit{Min: 2500, Max: 500000, Multiple: 500}, Banker: WagerLimit{Min: 2500, Max: 500000, Multiple: 500},
		Tie: WagerLimit{Min: 500, Max: 50000}, Settlement: BankerCommission,
	}
}

func raiseMin(s Sign, min int64) Sign {
	s.Player.Min, s.Banker.Min = min, min
	return s
}

func TestScheduleNotices(t *testing.T) {
	vic := NoticesVicBaccarat2002(20)
	dog := NoticesVicRedDog1997(20)
	act := NoticesACT2012(10)
	nz := NoticesNZ(20)
	lower := baseSign()
	lower.Player.Min = 1000
	newMax := baseSign()
	newMax.Banker.Max = 1000000
	method := baseSign()
	method.Settlement = BankerSixPaysHalf
	diff := baseSign()
	diff.DifferentialMax = 2000000
	tests := []struct {
		name     string
		rules    NoticeRules
		change   Change
		after    time.Duration // c.At = t0 + after
		earliest time.Duration // refused: the earliest allowed, from t0; 0: accepted
		err      string        // another error
	}{
		{name: "vic raise 10 min ahead refused", rules: vic, change: Change{Sign: raiseMin(baseSign(), 5000)}, after: 10 * time.Minute, earliest: 20 * time.Minute},
		{name: "vic raise 19:59 ahead refused", rules: vic, change: Change{Sign: raiseMin(baseSign(), 5000)}, after: 20*time.Minute - time.Second, earliest: 20 * time.Minute},
		{name: "vic raise 20 min ahead accepted", rules: vic, change: Change{Sign: raiseMin(baseSign(), 5000)}, after: 20 * time.Minute},
		{name: "vic raise waived by the players", rules: vic, change: Change{Sign: raiseMin(baseSign(), 5000), Waived: true, WaivedBy: "all seated players"}},
		{name: "vic lower at once", rules: vic, change: Change{Sign: lower}},
		{name: "vic maximum at once", rules: vic, change: Change{Sign: newMax}},
		{name: "vic close 19 min refused", rules: vic, change: Change{Close: true}, after: 19 * time.Minute, earliest: 20 * time.Minute},
		{name: "vic close cannot be waived", rules: vic, change: Change{Close: true, Waived: true}, after: time.Minute, err: "cannot waive"},
		{name: "vic close 20 min", rules: vic, change: Change{Close: true}, after: 20 * time.Minute},
		{name: "red dog raise cannot be waived", rules: dog, change: Change{Sign: raiseMin(baseSign(), 5000), Waived: true}, err: "cannot waive"},
		{name: "red dog raise 20 min", rules: dog, change: Change{Sign: raiseMin(baseSign(), 5000)}, after: 20 * time.Minute},
		{name: "act lowering needs notice", rules: act, change: Change{Sign: lower}, after: 0, earliest: 10 * time.Minute},
		{name: "act lowering with notice", rules: act, change: Change{Sign: lower}, after: 10 * time.Minute},
		{name: "act maximum needs notice", rules: act, change: Change{Sign: newMax}, after: 5 * time.Minute, earliest: 10 * time.Minute},
		{name: "act settlement method needs notice", rules: act, change: Change{Sign: method}, after: time.Minute, earliest: 10 * time.Minute},
		{name: "act differential needs notice", rules: act, change: Change{Sign: diff}, earliest: 10 * time.Minute},
		{name: "nz raise uses notice_minutes", rules: nz, change: Change{Sign: raiseMin(baseSign(), 5000)}, after: time.Minute, earliest: 20 * time.Minute},
		{name: "nz lower at once", rules: nz, change: Change{Sign: lower}},
		{name: "in the past", rules: vic, change: Change{Sign: lower}, after: -time.Minute, err: "in the past"},
	}
	for _, tt := range tests {
		b, err := NewBoard(tt.rules, baseSign())
		if err != nil {
			t.Fatal(err)
		}
		tt.change.At = t0.Add(tt.after)
		sc, err := b.Schedule(tt.change, t0)
		var ne *NoticeError
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want %q", tt.name, err, tt.err)
			}
		case tt.earliest != 0:
			if !errors.As(err, &ne) || !ne.Earliest.Equal(t0.Add(tt.earliest)) || ne.Rule == "" {
				t.Errorf("%s: error %v, want notice error with earliest %s", tt.name, err, t0.Add(tt.earliest))
			}
		case err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case sc.Notice&^ChangeClose != 0 && tt.change.At.Sub(sc.Posted) < tt.rules.Period():
			t.Errorf("%s: accepted without notice: %+v", tt.name, sc)
		}
	}
}

func TestNoticeRuleCited(t *testing.T) {
	b, _ := NewBoard(NoticesVicBaccarat2002(20), baseSign())
	_, err := b.Schedule(Change{At: t0.Add(time.Minute), Close: true}, t0)
	if err == nil || !strings.Contains(err.Error(), "000 13.7") {
		t.Errorf("closing: %v", err)
	}
	_, err = b.Schedule(Change{At: t0.Add(time.Minute), Sign: raiseMin(baseSign(), 5000)}, t0)
	if err == nil || !strings.Contains(err.Error(), "000 7.7") || !strings.Contains(err.Error(), "21:20:00") {
		t.Errorf("raise: %v", err)
	}
	d := baseSign()
	d.DifferentialMax = 100000
	b, _ = NewBoard(NoticesACT2012(5), d)
	if _, err := b.Schedule(Change{At: t0.Add(5 * time.Minute), Sign: baseSign()}, t0); err != nil {
		t.Fatal(err)
	}
	if v := b.SignAt(t0); len(v.Notices) != 1 || v.Notices[0].Text != "Maximum table differential removed at 21:05" {
		t.Errorf("notices %+v", v.Notices)
	}
}

func TestNoticeValidate(t *testing.T) {
	if err := NoticesVicBaccarat2002(19).Validate(); err == nil || !strings.Contains(err.Error(), "notice_minutes") {
		t.Errorf("vic 19 minutes: %v", err)
	}
	if err := NoticesACT2012(0).Validate(); err == nil {
		t.Error("act 0 minutes accepted")
	}
	if err := NoticesNZ(0).Validate(); err != nil {
		t.Errorf("nz 0 minutes: %v", err)
	}
	if _, err := NewBoard(NoticesVicRedDog1997(5), baseSign()); err == nil {
		t.Error("red dog board with 5 minutes accepted")
	}
}

func TestSignAt(t *testing.T) {
	r := NoticesVicBaccarat2002(20)
	r.Currency = Dollars
	b, err := NewBoard(r, baseSign())
	if err != nil {
		t.Fatal(err)
	}
	posted := t0.Add(10 * time.Minute) // 21:10, for 21:30
	if _, err := b.Schedule(Change{At: t0.Add(30 * time.Minute), Sign: raiseMin(baseSign(), 5000)}, posted); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Schedule(Change{At: t0.Add(30 * time.Minute), Sign: raiseMin(baseSign(), 4000)}, t0.Add(5*time.Minute)); err == nil {
		t.Error("posting before the last posting accepted")
	}
	if _, err := b.Schedule(Change{At: t0.Add(time.Hour), Close: true}, t0.Add(40*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Schedule(Change{At: t0.Add(90 * time.Minute), Close: true}, t0.Add(41*time.Minute)); err == nil {
		t.Error("a second closing accepted while one is posted")
	}
	if _, err := b.Schedule(Change{At: t0.Add(50 * time.Minute), Sign: baseSign()}, t0.Add(41*time.Minute)); err == nil {
		t.Error("an opening before the closing accepted")
	}
	// A sign posted after the closing opens the table again at its time. Closed for an hour,
	// longer than the notice period, it needs no notice even for a higher minimum than before
	// the closing: the players of the old sign were sent away by the closing (000 13.7).
	sc, err := b.Schedule(Change{At: t0.Add(2 * time.Hour), Sign: raiseMin(baseSign(), 10000)}, t0.Add(41*time.Minute))
	if err != nil {
		t.Fatalf("opening after the closing refused: %v", err)
	}
	if sc.Kinds != ChangeOpen|ChangeRaiseMinimum || sc.Notice != 0 || !sc.Reopen {
		t.Errorf("opening scheduled as %v with notice %v, want open+raise without notice", sc.Kinds, sc.Notice)
	}
	tests := []struct {
		at      time.Duration
		min     int64
		closed  bool
		notices []string
		count   []string
	}{
		{at: 5 * time.Minute, min: 2500},
		{at: 10 * time.Minute, min: 2500, notices: []string{"Minimum Player changes to $50 at 21:30", "Minimum Banker changes to $50 at 21:30"}, count: []string{"20:00", "20:00"}},
		{at: 17*time.Minute + 30*time.Second, min: 2500, notices: []string{"Minimum Player changes to $50 at 21:30", "Minimum Banker changes to $50 at 21:30"}, count: []string{"12:30", "12:30"}},
		{at: 30 * time.Minute, min: 5000},
		{at: 45 * time.Minute, min: 5000, notices: []string{"Table closes at 22:00", "Table opens at 23:00", "Minimum Player changes to $100 at 23:00", "Minimum Banker changes to $100 at 23:00"},
			count: []string{"15:00", "1:15:00", "1:15:00", "1:15:00"}},
		{at: 60 * time.Minute, min: 5000, closed: true, notices: []string{"Table opens at 23:00", "Minimum Player changes to $100 at 23:00", "Minimum Banker changes to $100 at 23:00"},
			count: []string{"1:00:00", "1:00:00", "1:00:00"}},
		{at: 2 * time.Hour, min: 10000},
	}
	for _, tt := range tests {
		v := b.SignAt(t0.Add(tt.at))
		if v.Sign.Player.Min != tt.min || v.Closed != tt.closed || len(v.Notices) != len(tt.notices) {
			t.Errorf("at +%s: min %d closed %v notices %+v", tt.at, v.Sign.Player.Min, v.Closed, v.Notices)
			continue
		}
		for i, n := range v.Notices {
			if n.Text != tt.notices[i] || n.Countdown != tt.count[i] || n.Remaining != n.At.Sub(t0.Add(tt.at)) {
				t.Errorf("at +%s: notice %d = %+v, want %q %s", tt.at, i, n, tt.notices[i], tt.count[i])
			}
		}
	}
}

func TestSignWaiverRecorded(t *testing.T) {
	b, _ := NewBoard(NoticesVicBaccarat2002(20), baseSign())
	sc, err := b.Schedule(Change{At: t0, Sign: raiseMin(baseSign(), 5000), Waived: true, WaivedBy: "seats 1-7"}, t0)
	if err != nil {
		t.Fatal(err)
	}
	if sc.NoticeWaived != ChangeRaiseMinimum || sc.Notice != 0 {
		t.Fatalf("scheduled %+v", sc)
	}
	v := b.SignAt(t0)
	if v.Sign.Banker.Min != 5000 || len(v.Waivers) != 1 || !strings.Contains(v.Waivers[0], "seats 1-7") || !strings.Contains(v.Waivers[0], "7.7.1") {
		t.Fatalf("sign %+v", v)
	}
	if len(b.Changes()) != 1 {
		t.Fatalf("changes %v", b.Changes())
	}
}

func TestSignLimitFor(t *testing.T) {
	s := baseSign()
	s.Markers = []Marker{{Seat: 4, Text: "personal limit", Limit: WagerLimit{Min: 100, Max: 2000000}}}
	if got := s.LimitFor(4, WagerBanker); got.Max != 2000000 {
		t.Errorf("seat 4: %+v", got)
	}
	if got := s.LimitFor(3, WagerBanker); got.Max != 500000 {
		t.Errorf("seat 3: %+v", got)
	}
	if got := (ChangeRaiseMinimum | ChangeClose).String(); got != "raise minimum+close" {
		t.Errorf("String = %q", got)
	}
}
