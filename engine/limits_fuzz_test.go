package engine

import (
	"errors"
	"testing"
	"time"
)

// FuzzSchedule: a fuzzed stream of changes never panics, and every change the board accepts
// that needed notice (and was not waived) was posted at least the notice period before it took
// effect; a reopening accepted without notice of what needs it follows a closing at least the
// notice period long (000 7.7, 003 6.4, 001 3.1); a refusal for notice or for its time always
// names an earliest time that would be accepted (spec/table-script.md §1). A withdrawal takes back
// only the last change, not in effect, and never changes the sign in force; one refused changes nothing.
func FuzzSchedule(f *testing.F) {
	f.Add(uint8(0), 20, []byte{0, 10, 40, 0, 20, 50, 1, 30, 10, 3, 20, 0})
	f.Add(uint8(2), 5, []byte{0, 0, 10, 2, 5, 20})
	f.Add(uint8(1), 20, []byte{4, 0, 50, 1, 25, 60})
	f.Add(uint8(0), 20, []byte{129, 25, 0, 35, 25, 100, 51, 5, 50, 35, 0, 120})     // close, reopen higher, one in the past
	f.Add(uint8(2), 20, []byte{129, 25, 0, 0, 30, 50, 9, 0, 0, 9, 0, 0, 0, 30, 10}) // close, a sign after it, both withdrawn, posted again
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
			c := Change{At: now.Add(dt), Sign: s, Waived: op&0x40 != 0, Reopen: op&0x20 != 0}
			if op&0x10 != 0 {
				c.At = now.Add(-dt)
			}
			before := b.Changes()
			if op%5 == 4 && op&0x08 != 0 { // withdraw the last change, or what is posted for c.At, if the board lets it
				in, at := b.SignAt(now), c.At
				if len(before) > 0 && op&0x10 == 0 {
					at = before[len(before)-1].At
				}
				w, err := b.Withdraw(at, now)
				var we *WithdrawError
				switch {
				case errors.As(err, &we):
					if len(b.Changes()) != len(before) || we.Rule != rules.WithdrawRule {
						t.Fatalf("a refused withdrawal changed the board or cites %q: %v", we.Rule, err)
					}
				case err == nil:
					if last := before[len(before)-1]; w.ID != last.ID || !w.At.After(now) || len(b.Changes()) != len(before)-1 {
						t.Fatalf("withdrew %+v at %s: not the last change %+v, or in effect", w, now, last)
					}
					if after := b.SignAt(now); after.Closed != in.Closed || after.Sign.Player != in.Sign.Player || after.Sign.Banker != in.Sign.Banker {
						t.Fatal("a withdrawal changed the sign in force")
					}
				}
				continue
			}
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
			var te *TimeError
			if errors.As(err, &ne) || errors.As(err, &te) {
				if len(b.Changes()) != len(before) {
					t.Fatal("a refused change was scheduled")
				}
				if ne != nil {
					c.At = ne.Earliest
				} else {
					c.At = te.Earliest
				}
				if c.At.Before(now) {
					t.Fatalf("earliest %s before now %s", c.At, now)
				}
				if _, err := b.Schedule(c, now); err != nil {
					t.Fatalf("earliest %s refused: %v", c.At, err)
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
			if sc.Kinds&ChangeOpen != 0 {
				last := before[len(before)-1]
				if need := sc.Kinds & rules.NeedsNotice &^ sc.NoticeWaived; need != 0 && sc.Notice == 0 && sc.At.Sub(last.At) < rules.Period() {
					t.Fatalf("reopened %s after a %s closing with %s and no notice", sc.At.Sub(last.At), rules.Period(), need)
				}
			}
			_ = b.SignAt(sc.At)
		}
	})
}
