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
		b, err := json.Marshal(journal.Event{Event: EventCommandRefused, Shoe: shoe, Key: string(r.Command), Rule: r.Rule, Reason: r.Reason})
		if err != nil {
			return nil, fmt.Errorf("encode refusal: %w", err)
		}
		out = append(out, journal.Record{Time: now, Kind: journal.KindEvent, Source: m.Source, Shoe: int64(shoe), Payload: b})
	}
	return out, nil
}

// isRefusalRecord reports whether r is a derived EventCommandRefused record.
func isRefusalRecord(r journal.Record) bool {
	if r.Kind != journal.KindEvent || !bytes.Contains(r.Payload, []byte(EventCommandRefused)) {
		return false
	}
	var ev journal.Event
	return json.Unmarshal(r.Payload, &ev) == nil && ev.Event == EventCommandRefused
}

// differ follows, during a replay, whether the table refuses each input as the journal says it
// did: an input's refusals now against the EventCommandRefused records written with it.
type differ struct {
	seq      int64  // the input record being followed
	line     string // its command, as the script says it
	now      []desk.Refusal
	recorded int
	n        int    // inputs whose refusals differ
	first    string // the first of them, in words
}

// input starts following the input record seq, applied with the refusals now.
func (d *differ) input(seq int64, in Input, now []desk.Refusal) {
	d.done()
	d.seq, d.now, d.recorded, d.line = seq, append(d.now[:0], now...), 0, ""
	if in.Command != nil {
		d.line = in.Command.String()
	}
}

// done compares the input followed with what was recorded of it.
func (d *differ) done() {
	if d.seq == 0 || len(d.now) == d.recorded {
		d.seq = 0
		return
	}
	d.n++
	if d.first == "" {
		what := "is accepted now but was refused when recorded"
		if len(d.now) > d.recorded {
			what = "is refused now (" + d.now[0].Error() + ") but is not recorded as refused"
		}
		d.first = fmt.Sprintf("record %d %s %s", d.seq, d.line, what)
	}
	d.seq = 0
}

// Alert is the alert a supervisor must see when the replay differs from the record, or "".
func (d *differ) alert() string {
	if d.n == 0 {
		return ""
	}
	return fmt.Sprintf("replay: %d journalled command(s) are decided differently by the table's rules now (first: %s); what the table showed then may differ from what it shows now — check the journal with a supervisor", d.n, d.first)
}
