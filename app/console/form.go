package console

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// Kind is what a posting changes.
type Kind string

// The kinds of change the console posts.
const (
	KindLimits       Kind = "limits"       // !limits: the main wager (and the Tie) from a time
	KindDifferential Kind = "differential" // !differential
	KindSettlement   Kind = "settlement"   // !setting settlement=A|B (act, 001 8.2)
	KindClose        Kind = "close"        // !close
	KindReopen       Kind = "reopen"       // !limits after a closing: the table opens with that sign
)

// Kinds are the kinds in the order the form offers them.
func Kinds() []Kind {
	return []Kind{KindLimits, KindDifferential, KindSettlement, KindClose, KindReopen}
}

// fieldError is malformed input: the field (a catalogue key naming it) and what is wrong (a
// catalogue key and its arguments). Shown as the message; never a stack trace.
type fieldError struct {
	Field i18n.Key
	Key   i18n.Key
	Args  []any
}

func (e *fieldError) Error() string { return fmt.Sprintf("%s: %s %v", e.Field, e.Key, e.Args) }

// change is a posting read from the form: what to change, when, and the values.
type change struct {
	Kind                Kind
	At                  time.Time // in the console's zone, to the minute (formTime)
	MainMin, MainMax    int64     // limits, reopen: Player/Banker (Red Dog: the bet), cents
	TieMin, TieMax      int64     // limits, reopen: 0, 0 when not given
	HasTie              bool
	DiffMin, DiffMax    int64 // differential, cents
	HasDiffMin, HasDiff bool  // differential: which were given (HasDiff: max)
	Settlement          string
}

// maxFormValue bounds every field of the form.
const maxFormValue = 64

// readChange reads the change fields of a posted form. now is in the console's zone; the
// form's HH:MM is the moment formTime reads. A time is required for a posting (needAt); asking
// for the earliest time needs none.
func readChange(f url.Values, now time.Time, needAt bool) (change, error) {
	var c change
	for k, vs := range f {
		for _, v := range vs {
			if len(v) > maxFormValue && k != "csrf" {
				return c, &fieldError{Field: i18n.Key(fieldKey(k)), Key: i18n.ConErrTooLong, Args: []any{maxFormValue}}
			}
		}
	}
	c.Kind = Kind(f.Get("kind"))
	switch c.Kind {
	case KindLimits, KindDifferential, KindSettlement, KindClose, KindReopen:
	default:
		return c, &fieldError{Field: i18n.ConChange, Key: i18n.ConErrKind}
	}
	if s := strings.TrimSpace(f.Get("at")); s != "" || needAt {
		t, err := time.ParseInLocation("15:04", s, now.Location())
		if err != nil {
			return c, &fieldError{Field: i18n.ConAt, Key: i18n.ConErrTime}
		}
		c.At = formTime(t.Hour(), t.Minute(), now)
	}
	amount := func(field string, key i18n.Key, required bool) (int64, bool, error) {
		s := strings.TrimSpace(f.Get(field))
		if s == "" {
			if required {
				return 0, false, &fieldError{Field: key, Key: i18n.ConErrRequired}
			}
			return 0, false, nil
		}
		// A plain number, read by each table in its own currency: a symbol is refused, since the
		// tables posted to may not share one (a "$" typed for a MOP table is no amount of it).
		v, err := engine.Currency("").Parse(s)
		if err != nil || v < 0 {
			return 0, false, &fieldError{Field: key, Key: i18n.ConErrAmount}
		}
		return v, true, nil
	}
	var err error
	switch c.Kind {
	case KindLimits, KindReopen:
		if c.MainMin, _, err = amount("main_min", i18n.ConMainMin, true); err != nil {
			return c, err
		}
		if c.MainMax, _, err = amount("main_max", i18n.ConMainMax, true); err != nil {
			return c, err
		}
		if c.MainMin > c.MainMax {
			return c, &fieldError{Field: i18n.ConMainMin, Key: i18n.ConErrMinMax}
		}
		var hasMin, hasMax bool
		if c.TieMin, hasMin, err = amount("tie_min", i18n.ConTieMin, false); err != nil {
			return c, err
		}
		if c.TieMax, hasMax, err = amount("tie_max", i18n.ConTieMax, false); err != nil {
			return c, err
		}
		if hasMin != hasMax {
			f := i18n.ConTieMin
			if hasMin {
				f = i18n.ConTieMax
			}
			return c, &fieldError{Field: f, Key: i18n.ConErrRequired}
		}
		if c.HasTie = hasMin; c.HasTie && c.TieMin > c.TieMax {
			return c, &fieldError{Field: i18n.ConTieMin, Key: i18n.ConErrMinMax}
		}
	case KindDifferential:
		if c.DiffMin, c.HasDiffMin, err = amount("diff_min", i18n.ConDiffMin, false); err != nil {
			return c, err
		}
		if c.DiffMax, c.HasDiff, err = amount("diff_max", i18n.ConDiffMax, false); err != nil {
			return c, err
		}
		if !c.HasDiffMin && !c.HasDiff {
			return c, &fieldError{Field: i18n.ConDiffMax, Key: i18n.ConErrRequired}
		}
	case KindSettlement:
		c.Settlement = f.Get("settlement")
		if c.Settlement != "A" && c.Settlement != "B" {
			return c, &fieldError{Field: i18n.ConKindSettlement, Key: i18n.ConErrSettlement}
		}
	}
	return c, nil
}

// fieldKey is the catalogue key naming a form field.
func fieldKey(field string) string {
	switch field {
	case "at":
		return string(i18n.ConAt)
	case "main_min":
		return string(i18n.ConMainMin)
	case "main_max":
		return string(i18n.ConMainMax)
	case "tie_min":
		return string(i18n.ConTieMin)
	case "tie_max":
		return string(i18n.ConTieMax)
	case "diff_min":
		return string(i18n.ConDiffMin)
	case "diff_max":
		return string(i18n.ConDiffMax)
	}
	return string(i18n.ConChange)
}

// units writes cents as the table script's amounts: currency units, two decimals when needed.
func units(c int64) string {
	if c%100 == 0 {
		return fmt.Sprint(c / 100)
	}
	return fmt.Sprintf("%d.%02d", c/100, c%100)
}

// pastWindow is how long ago a time typed in the form may be and still be read as the one just
// gone, a time that has passed (refused at Post: tooEarly); an earlier time of day is read as
// the next one to come, tomorrow's. An hour covers a time offered by **Earliest time** and
// posted late, or one typed a little late, without reading it as the same time 24 hours on;
// a time more than an hour before now is not one anybody posts for.
const pastWindow = time.Hour

// formTime is the moment the form's HH:MM names in now's zone (the console's): the first
// moment with that time of day after now less pastWindow. Near midnight, 00:05 typed at 23:50
// is tomorrow's 00:05, as is an earliest time offered after midnight; 23:45 typed at 23:50, or
// at 00:10 the next day, is the 23:45 that has passed. The tables read the time the console
// sends dated (change.line), so they take the same moment whatever their clock's day.
func formTime(hour, minute int, now time.Time) time.Time {
	y, m, d := now.Date()
	after := now.Add(-pastWindow)
	for day := d - 1; ; day++ { // yesterday's, today's or tomorrow's
		if at := time.Date(y, m, day, hour, minute, 0, 0, now.Location()); !at.Before(after) {
			return at
		}
	}
}

// line is the table-script line of the change for a table (redDog: a Red Dog table, whose one
// wager is "bet"). The time is written dated in UTC (at=YYYY-MM-DDTHH:MM:SS): a table reads
// an at=HH:MM as a time of its own clock's day, which near midnight (a posting sent at 23:59:50
// read at 00:00:01, or a time after midnight) would be another moment than the console meant.
func (c change) line(redDog bool) (string, error) {
	when := "at=" + c.At.UTC().Format("2006-01-02T15:04:05")
	switch c.Kind {
	case KindLimits, KindReopen:
		if redDog {
			return fmt.Sprintf("!limits %s bet=%s-%s", when, units(c.MainMin), units(c.MainMax)), nil
		}
		s := fmt.Sprintf("!limits %s player=%s-%s banker=%s-%s", when, units(c.MainMin), units(c.MainMax), units(c.MainMin), units(c.MainMax))
		if c.HasTie {
			s += fmt.Sprintf(" tie=%s-%s", units(c.TieMin), units(c.TieMax))
		}
		return s, nil
	case KindDifferential:
		s := "!differential " + when
		if c.HasDiffMin {
			s += " min=" + units(c.DiffMin)
		}
		if c.HasDiff {
			s += " max=" + units(c.DiffMax)
		}
		return s, nil
	case KindSettlement:
		return fmt.Sprintf("!setting %s settlement=%s", when, c.Settlement), nil
	case KindClose:
		return "!close " + when, nil
	}
	return "", fmt.Errorf("change %q: no line", c.Kind)
}

// command is the table-script command of the change for a table (redDog: a Red Dog table),
// taking effect at its time, or with no time (now) when the form gives none: what the table's
// own rules decide (desk.Earliest), as the line posted to it is.
func (c change) command(redDog bool, now time.Time) (desk.Command, error) {
	forNow := c.At.IsZero()
	if forNow {
		c.At = now
	}
	line, err := c.line(redDog)
	if err != nil {
		return desk.Command{}, err
	}
	items, err := desk.ParseLine(1, line)
	if err != nil {
		return desk.Command{}, fmt.Errorf("change %q: %w", c.Kind, err)
	}
	if len(items) != 1 || items[0].Kind != desk.ItemCommand {
		return desk.Command{}, fmt.Errorf("change %q: %q is not one command", c.Kind, line)
	}
	cmd := *items[0].Command
	if forNow {
		cmd.At = nil // the line names the minute; now is to the second
	}
	return cmd, nil
}
