package desk

import (
	"time"

	"github.com/coupboard/coupboard/engine"
)

// Earliest is the earliest time at which the change of the sign that command c posts (limits,
// a differential, a setting shown on the sign, a closing) may take effect at a table started
// with cfg, whose sign now is cfg.Sign, if posted at now: what that table's own rules answer
// (Table.Apply: the command accepted, or refused for its time with the earliest time), for a
// pit that offers a time before it posts. c.At is the time asked for (nil: now). closes is
// when the table closed or closes (zero when it is open and no closing is announced): the
// closing is taken as posted at least its notice period before it. rule is the rule that asks
// for notice ("" when none is needed). A command the rules refuse whatever its time (a wager
// the table does not have, a differential at Red Dog) is that refusal, as an error naming
// its rule.
func Earliest(cfg Config, closes time.Time, c Command, now time.Time) (at time.Time, rule string, err error) {
	t, err := New(cfg, time.Time{})
	if err != nil {
		return time.Time{}, "", err
	}
	now = now.Truncate(time.Second) // the script's clock forms name seconds
	if !closes.IsZero() {
		posted := closes.Add(-t.notices.Period())
		if now.Before(posted) {
			posted = now
		}
		cl := ClockAt(closes)
		out, _ := t.Apply(Input{Command: &Command{Verb: VerbClose, At: &cl}}, posted)
		if len(out.Refused) > 0 {
			return time.Time{}, "", out.Refused[0]
		}
	}
	if c.At == nil {
		cl := ClockAt(now)
		c.At = &cl
	}
	asked := c.At.At(now)
	out, err := t.Apply(Input{Command: &c}, now)
	if err != nil {
		return time.Time{}, "", err
	}
	if len(out.Refused) == 0 {
		return asked, "", nil
	}
	r := out.Refused[0]
	if r.Earliest.IsZero() {
		return time.Time{}, "", r
	}
	return r.Earliest, r.Rule, nil
}

// Earliest is this table's own answer to Earliest: the earliest time at which the change of the
// sign that command c posts, posted at now, may take effect here with the table open, given the
// config the table was made with and the sign in force at now (its settlement method too:
// Config.WithSign), and the rule that asks for notice ("" when none is needed). The table itself
// is not changed.
func (t *Table) Earliest(c Command, now time.Time) (time.Time, string, error) {
	return Earliest(t.cfg.WithSign(t.board.SignAt(now).Sign), time.Time{}, c, now)
}

// WithSign is cfg with sign in force. New sets a baccarat sign's settlement method from the
// settings, so where the book lets the method change (act 001 8.1, 8.2: the settings'
// "settlement" key) the settings take the method the sign shows: what is asked of a table whose
// posted change of method is in force is asked of that method, not the one it started with.
func (cfg Config) WithSign(sign engine.Sign) Config {
	cfg.Sign = sign
	if m := engine.MethodACT2012(sign.Settlement); cfg.RedDog == nil && cfg.Profile.UsesKey("settlement") && m != "" {
		cfg.Settings.Method = m
	}
	return cfg
}
