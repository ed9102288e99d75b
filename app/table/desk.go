package table

import (
	"fmt"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// tableDesk is what every table keeps beside its game: the table aggregate (engine/desk: every
// rule decision) with its latest outcome, the alerts a supervisor must clear and the operator's
// notes. Baccarat's State and Red Dog's RedDog both hold one and give it every input the same
// way (apply), so that a refusal, a settlement and its words are shown and journalled alike at
// every table. Only the event loop calls its methods (one writer).
type tableDesk struct {
	desk *desk.Table
	// out is the desk's outcome of the latest input (LastOutcome): valid until the next apply,
	// the only caller of the desk's methods that change it.
	out       *desk.Outcome
	alerts    []Alert
	nextAlert int
	messages  []string // transient notes for the operator (refusals, settlements), newest last
}

// apply gives one input to the desk at now and reports what it did: follow keeps the game's own
// view (roads, history) in step with the outcome's engine events and reports those the operator
// must see; then the settlements and commission are worded for the operator (each with its
// rule) and the refusals kept for the journal ("command_refused", refusals.go).
func (d *tableDesk) apply(in Input, now time.Time, follow func(o *desk.Outcome, a *Applied)) Applied {
	var a Applied
	out, err := d.input(in, now)
	d.out = out
	follow(out, &a)
	for _, r := range out.Runs {
		a.Runs = append(a.Runs, r.RunSettlement)
	}
	a.Settled = append(a.Settled, out.Settled...)
	for _, st := range out.Settled {
		a.Notes = append(a.Notes, d.desk.SettledText(st))
	}
	for _, c := range out.Commission {
		a.Notes = append(a.Notes, d.desk.CommissionText(c))
	}
	a.Notices = append(a.Notices, out.Notices...)
	a.Withdrawn = append(a.Withdrawn, out.Withdrawn...)
	for _, n := range a.Notes {
		d.note(n)
	}
	a.Refusals = append(a.Refusals, out.Refused...)
	if len(out.Refused) > 0 {
		a.Refused = out.Refused[0]
	}
	if err != nil { // an input the desk could not take at all (not one of its refusals)
		a.Refused = err
	}
	if a.Refused != nil {
		d.note(a.Refused.Error())
	}
	return a
}

// input gives one input to the desk: a game input or a table-script command to decide, an
// operator action that is not a command, or an alert from the shoe link.
func (d *tableDesk) input(in Input, now time.Time) (*desk.Outcome, error) {
	switch {
	case in.Game != nil:
		return d.desk.Apply(desk.Input{Game: in.Game}, now)
	case in.Command != nil:
		return d.desk.Apply(desk.Input{Command: in.Command}, now)
	case in.Op != nil:
		return d.op(*in.Op, now)
	case in.Alert != nil:
		d.raiseKeyed(in.Alert.Key, in.Alert.Text, now)
	}
	return d.desk.Advance(now), nil
}

// op carries out an operator action that is not a command of the table script: a whole sign
// posted from the operator screen (the desk decides it: its refusal is in the outcome), an
// alert cleared, the clean stop. An error says why the action itself is wrong.
func (d *tableDesk) op(o Op, now time.Time) (*desk.Outcome, error) {
	switch o.Kind {
	case OpSchedule:
		if o.Change == nil {
			return d.desk.Advance(now), fmt.Errorf("schedule: no change given")
		}
		return d.desk.Schedule(*o.Change, now), nil
	case OpClearAlert:
		out := d.desk.Advance(now)
		for i, a := range d.alerts {
			if a.ID == o.AlertID {
				d.alerts = append(d.alerts[:i], d.alerts[i+1:]...)
				return out, nil
			}
		}
		return out, fmt.Errorf("clear alert %d: no such alert", o.AlertID)
	case OpCleanStop:
		return d.desk.Advance(now), nil
	}
	return d.desk.Advance(now), fmt.Errorf("unknown operator command %q", o.Kind)
}

func (d *tableDesk) raise(text string, now time.Time) { d.raiseKeyed("", text, now) }

// raiseKeyed raises an alert that replaces an uncleared one with the same key (none when "").
func (d *tableDesk) raiseKeyed(key, text string, now time.Time) {
	d.nextAlert++
	d.alerts = replaceAlert(d.alerts, Alert{ID: d.nextAlert, Text: text, Raised: now, Key: key})
}

func (d *tableDesk) note(text string) {
	d.messages = append(d.messages, text)
	if n := len(d.messages); n > 16 {
		d.messages = d.messages[n-16:]
	}
}

// LastOutcome is what the table aggregate decided for the latest input: the settlements, runs,
// commission, notices, signs and refusals it reported. The caller must not keep or change it.
func (d *tableDesk) LastOutcome() *desk.Outcome {
	if d.out == nil {
		return &desk.Outcome{}
	}
	return d.out
}

// Earliest is the earliest time at which command c (a change of the sign), posted at now, may
// take effect at this table, the table open: its own rules' answer (desk.Table.Earliest: the
// sign in force at now), with the rule that asks for notice.
func (d *tableDesk) Earliest(c desk.Command, now time.Time) (time.Time, string, error) {
	return d.desk.Earliest(c, now)
}

// SignAt is what the limit sign shows at t.
func (d *tableDesk) SignAt(t time.Time) engine.SignView { return d.desk.SignAt(t) }

// Scheduled lists the changes posted to the sign.
func (d *tableDesk) Scheduled() []engine.Scheduled { return d.desk.Scheduled() }

// Alerts lists the alerts a supervisor has not cleared.
func (d *tableDesk) Alerts() []Alert { return append([]Alert(nil), d.alerts...) }

// Messages are the latest operator notes (refusals, settlements), newest last.
func (d *tableDesk) Messages() []string { return append([]string(nil), d.messages...) }

// Pending counts the changes posted to the sign that are still to come at now.
func (d *tableDesk) Pending(now time.Time) int { return d.desk.Pending(now) }

// Raise shows an alert that is not journalled (used when the journal itself has failed).
func (d *tableDesk) Raise(text string, now time.Time) { d.raise(text, now) }
