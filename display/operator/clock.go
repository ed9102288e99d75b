package operator

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/engine"
)

// ParseClock reads a time of day typed by an operator as the next such moment at or after now,
// in now's location (a closing at 02:00 typed at 23:30 is tomorrow's). It takes "HH:MM", "H:MM"
// and, for a numeric keypad that has no colon, the digits alone ("2130" or "930") or the
// keypad's point ("21.30").
func ParseClock(s string, now time.Time) (time.Time, error) {
	hh, mm, ok := clockOf(s)
	if !ok {
		return time.Time{}, fmt.Errorf("time %q: type 2130 or 21:30 (24-hour)", s)
	}
	t := time.Date(now.Year(), now.Month(), now.Day(), hh, mm, 0, 0, now.Location())
	if t.Before(now.Truncate(time.Minute)) {
		t = t.AddDate(0, 0, 1)
	}
	if t.Before(now) {
		t = now
	}
	return t, nil
}

// clockOf reads the hour and minute of a time of day as ParseClock takes it.
func clockOf(s string) (hh, mm int, ok bool) {
	s = strings.TrimSpace(s)
	h, m, sep := strings.Cut(strings.ReplaceAll(s, ".", ":"), ":")
	if !sep {
		if len(s) < 3 || len(s) > 4 {
			return 0, 0, false
		}
		h, m = s[:len(s)-2], s[len(s)-2:]
	}
	if len(h) < 1 || len(h) > 2 || len(m) != 2 || strings.Trim(h+m, "0123456789") != "" {
		return 0, 0, false
	}
	hh, _ = strconv.Atoi(h)
	mm, _ = strconv.Atoi(m)
	return hh, mm, hh <= 23 && mm <= 59
}

// StepClock moves a time of day typed as ParseClock takes it by steps quarters of an hour,
// to the next (or, stepping back, the previous) quarter: 21:07 +1 is 21:15, 21:07 -1 is 21:00,
// 23:45 +1 is 00:00. A time that cannot be read starts from from.
func StepClock(s string, steps int, from time.Time) string {
	hh, mm, ok := clockOf(s)
	if !ok {
		hh, mm = from.Hour(), from.Minute()
	}
	m := hh*60 + mm
	switch {
	case steps > 0:
		m = (m/15 + steps) * 15
	case steps < 0:
		m = ((m+14)/15 + steps) * 15
	}
	m = ((m % 1440) + 1440) % 1440
	return fmt.Sprintf("%02d:%02d", m/60, m%60)
}

// clockField is a time of day on the operator screen: typed on the numeric keypad (2130) or
// set with the −15 and +15 min buttons, for a touch screen with no keyboard.
type clockField struct {
	entry *widget.Entry
	box   fyne.CanvasObject
}

func newClockField(sc *Screen) clockField {
	f := clockField{entry: widget.NewEntry()}
	f.entry.SetPlaceHolder("2130")
	step := func(n int) func() {
		return func() { f.entry.SetText(StepClock(f.entry.Text, n, sc.c.Now())) }
	}
	f.box = container.NewBorder(nil, nil, widget.NewButton(sc.t(i18n.OpMinus15), step(-1)), widget.NewButton(sc.t(i18n.OpPlus15), step(1)), f.entry)
	return f
}

// parse reads the field and writes the time back as HH:MM.
func (f clockField) parse(now time.Time) (time.Time, error) {
	t, err := ParseClock(f.entry.Text, now)
	if err == nil {
		f.entry.SetText(t.Format("15:04"))
	}
	return t, err
}

// Earliest is the earliest time a change posted at now may take effect when it needs the
// book's notice, rounded up to the minute so it can be typed as HH:MM.
func Earliest(n engine.NoticeRules, now time.Time) time.Time {
	t := now.Add(n.Period())
	if r := t.Truncate(time.Minute); r.Before(t) {
		t = r.Add(time.Minute)
	}
	return t
}
