package console

import (
	"net/url"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine/desk"
)

// FuzzReadChange: any form is read without a panic, and a change read from it is written as a
// line the table script's parser takes as one command of its kind, for a baccarat and a Red
// Dog table, naming the moment the form named whatever the day of the table's clock.
func FuzzReadChange(f *testing.F) {
	f.Add("limits", "21:30", "50", "5,000", "10", "500", "", "", "A")
	f.Add("differential", "09:05", "", "", "", "", "100", "1000.50", "")
	f.Add("settlement", "23:59", "", "", "", "", "", "", "B")
	f.Add("close", "00:00", "", "", "", "", "", "", "")
	f.Add("reopen", "12:00", "2.50", "$1,000", "", "", "", "", "")
	f.Add("limits", "7:5", "-1", "x", "1", "", "", "", "Z")
	now := time.Date(2026, 11, 26, 9, 0, 30, 0, time.UTC)
	f.Fuzz(func(t *testing.T, kind, at, mainMin, mainMax, tieMin, tieMax, diffMin, diffMax, settle string) {
		form := url.Values{"kind": {kind}, "at": {at}, "main_min": {mainMin}, "main_max": {mainMax}, "tie_min": {tieMin},
			"tie_max": {tieMax}, "diff_min": {diffMin}, "diff_max": {diffMax}, "settlement": {settle}}
		c, err := readChange(form, now, true)
		if err != nil {
			if _, ok := err.(*fieldError); !ok {
				t.Fatalf("%v: not a field error", err)
			}
			return
		}
		for _, redDog := range []bool{false, true} {
			line, err := c.line(redDog)
			if err != nil {
				if _, ok := err.(*fieldError); !ok {
					t.Fatalf("line: %v: not a field error", err)
				}
				continue
			}
			items, err := desk.ParseLine(1, line)
			if err != nil || len(items) != 1 || items[0].Kind != desk.ItemCommand {
				t.Fatalf("%q from %v: %v %v", line, form, items, err)
			}
			if a := items[0].Command.At; a == nil || !a.Full || !a.At(now.AddDate(0, 0, 1)).Equal(c.At) {
				t.Fatalf("%q from %v: at %v, want the dated %v", line, form, a, c.At)
			}
		}
	})
}
