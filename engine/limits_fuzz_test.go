package engine

import (
	"errors"
	"testing"
	"time"
)

// FuzzSchedule: a fuzzed stream of changes never panics, and every change the board accepts
// that needed notice (and was not waived) was posted at least the notice period before it took
// effect; a refusal for notice always names a later earliest time that would be accepted.
func FuzzSchedule(f *testing.F) {
	f.Add(uint8(0), 20, []byte{0, 10, 40, 0, 20, 50, 1, 30, 10, 3, 20, 0})
	f.Add(uint8(2), 5, []byte{0, 0, 10, 2, 5, 20})
	f.Add(uint8(1), 20, []byte{4, 0, 50, 1, 25, 60})
	f.Fuzz(func(t *testing.T, book uint8, minutes int, ops []byte) {
		var rules NoticeRules
		switch book % 4 {
		case 0:
			rules = NoticesVicBaccarat2002(minutes)
		case 1:
			rules = NoticesVicRedDog1997(minutes)
		case 2:
			rules = NoticesACT2012(minutes)
		default:
			rules = NoticesNZ(minutes)
		}
		b, err := NewBoard(rules, baseSign())
		if err != nil {
			return
		}
		now := t0
		for i := 0; i+2 < len(ops) && i < 90; i += 3 {
			op, dt, val := ops[i], time.Duration(ops[i+1])*time.Minute, int64(ops[i+2])*100
			now = now.Add(time.Duration(op%4) * time.Minute)
			s := b.SignAt(now).Sign
			c := Change{At: now.Add(dt), Sign: s, Waived: op&0x40 != 0}
			switch op % 5 {
			case 0:
				c.Sign.Player.Min = val
			case 1:
				c.Sign.Banker.Max = val * 10
			case 2:
				c.Sign.DifferentialMax = val
			case 3:
				c.Sign.Settlement = BankerPayout(1 + op%2)
			default:
				c.Close = op&0x80 != 0
			}
			sc, err := b.Schedule(c, now)
			var ne *NoticeError
			if errors.As(err, &ne) {
				c.At = ne.Earliest
				if _, err := b.Schedule(c, now); err != nil {
					t.Fatalf("earliest %s refused: %v", ne.Earliest, err)
				}
				continue
			}
			if err != nil {
				continue
			}
			if sc.Notice != 0 && sc.At.Sub(sc.Posted) < rules.Period() {
				t.Fatalf("accepted %s without %d minutes' notice", sc.Notice, rules.Minutes)
			}
			if sc.NoticeWaived&^rules.Waivable != 0 {
				t.Fatalf("waived %s, not waivable", sc.NoticeWaived)
			}
			_ = b.SignAt(sc.At)
		}
	})
}
