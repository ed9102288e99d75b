package table

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/engine/desk"
)

// EventCommandRefused is the event of a derived record saying that the table refused the
// operator command of the input record before it (engine/desk's refusal: the rule and the
// reason). The journal is the record: replay compares its own refusals with these (Replay,
// Recovery.Differ), so that a command the rules now decide differently is never silent.
const EventCommandRefused = "command_refused"

// refusalRecords are the derived records of the table's refusals of one input's command.
func refusalRecords(rs []desk.Refusal, shoe int, now time.Time, m Msg) ([]journal.Record, error) {
	out := make([]journal.Record, 0, len(rs))
	for _, r := range rs {
		rec, err := eventRecord(journal.Event{Event: EventCommandRefused, Shoe: shoe, Key: string(r.Command), Rule: r.Rule, Reason: r.Reason}, shoe, now, m)
		if err != nil {
			return nil, fmt.Errorf("encode refusal: %w", err)
		}
		out = append(out, rec)
	}
	return out, nil
}

// eventRecord is the derived journal.KindEvent record of one event payload.
func eventRecord(payload any, shoe int, now time.Time, m Msg) (journal.Record, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return journal.Record{}, err
	}
	return journal.Record{Time: now, Kind: journal.KindEvent, Source: m.Source, Shoe: int64(shoe), Payload: b}, nil
}

// refusalOf reads a derived EventCommandRefused record; false for any other record.
func refusalOf(r journal.Record) (journal.Event, bool) {
	if r.Kind != journal.KindEvent || !bytes.Contains(r.Payload, []byte(EventCommandRefused)) {
		return journal.Event{}, false
	}
	var ev journal.Event
	if json.Unmarshal(r.Payload, &ev) != nil || ev.Event != EventCommandRefused {
		return journal.Event{}, false
	}
	return ev, true
}

// isRefusalRecord reports whether r is a derived EventCommandRefused record.
func isRefusalRecord(r journal.Record) bool {
	_, ok := refusalOf(r)
	return ok
}

// differ follows, during a replay, whether the table refuses each input as the journal says it
// did: an input's refusals now against the EventCommandRefused records written with it, one by
// one — the command and the rule (a reason worded otherwise by a later release is the same
// decision).
type differ struct {
	seq      int64  // the input record being followed
	line     string // its command, as the script says it
	now      []desk.Refusal
	recorded []journal.Event
	n        int    // inputs whose refusals differ
	first    string // the first of them, in words
	// raised is the text of the last replay.differ alert the journal holds: the alert is
	// raised once for the same differences, not again at every start.
	raised string
}

// input starts following the input record seq, applied with the refusals now.
func (d *differ) input(seq int64, in Input, now []desk.Refusal) {
	d.done()
	d.seq, d.now, d.recorded, d.line = seq, append(d.now[:0], now...), d.recorded[:0], ""
	if in.Command != nil {
		d.line = in.Command.String()
	}
	if in.Alert != nil && in.Alert.Key == DifferAlertKey {
		d.raised = in.Alert.Text
	}
}

// record follows a derived record of the input followed.
func (d *differ) record(r journal.Record) {
	if ev, ok := refusalOf(r); ok && d.seq != 0 {
		d.recorded = append(d.recorded, ev)
	}
}

// same reports whether the refusals now are the ones recorded: the same commands refused
// under the same rules, in order.
func (d *differ) same() bool {
	if len(d.now) != len(d.recorded) {
		return false
	}
	for i, r := range d.now {
		if string(r.Command) != d.recorded[i].Key || r.Rule != d.recorded[i].Rule {
			return false
		}
	}
	return true
}

// done compares the input followed with what was recorded of it.
func (d *differ) done() {
	if d.seq == 0 || d.same() {
		d.seq = 0
		return
	}
	d.n++
	if d.first == "" {
		// One format per case, whole, so that a screen can word it (display/i18n differEntries,
		// TestDifferFormatsFollowTheTable).
		switch {
		case len(d.recorded) == 0:
			d.first = fmt.Sprintf("record %d %s is refused now (%s) but is not recorded as refused", d.seq, d.line, d.now[0].Error())
		case len(d.now) == 0:
			d.first = fmt.Sprintf("record %d %s is accepted now but was refused when recorded (%s)", d.seq, d.line, d.recorded[0].Rule)
		default:
			d.first = fmt.Sprintf("record %d %s is refused now (%s) otherwise than recorded (%s refused, %s)", d.seq, d.line, d.now[0].Error(), d.recorded[0].Key, d.recorded[0].Rule)
		}
	}
	d.seq = 0
}

// DifferAlertKey is the key of the supervisor's alert that the replay differs from the record.
const DifferAlertKey = "replay.differ"

// alert is the alert a supervisor must see when the replay differs from the record, or "".
func (d *differ) alert() string {
	if d.n == 0 {
		return ""
	}
	return fmt.Sprintf("replay: %d journalled command(s) are decided differently by the table's rules now (first: %s); what the table showed then may differ from what it shows now — check the journal with a supervisor", d.n, d.first)
}
