package pitwire

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/internal/strictjson"
)

// Pit commands: the pit tells a table to change its sign, its settlement method, or to close
// (issue 25). A command is one table-script command line (spec/table-script.md §1) carried in a
// PitCommand on the table's command subject, PitCommandSubject(table), which only the pit's
// credentials may publish on. The table's own rules decide it exactly as for a local command,
// and the table answers with a PitAnswer on its own subject, PitAnswerSubject(table), which
// only its credentials may publish on.

// PitVersion is the schema version of PitCommand and PitAnswer ("v").
const PitVersion = 1

// PitCommandPrefix is the first two tokens of every command subject: pit.cmd.<table>.
const PitCommandPrefix = "pit.cmd"

// TypePitAnswer is the last token of a table's answer subject: table.<id>.pit_answer.
const TypePitAnswer Type = "pit_answer"

// PitCommandSubject is the subject of the pit's commands to table id.
func PitCommandSubject(id string) string { return PitCommandPrefix + "." + id }

// PitAnswerSubject is the subject of table id's answers to the pit.
func PitAnswerSubject(id string) string { return Subject(id, TypePitAnswer) }

// Limits of a pit command.
const (
	MaxPitID     = 64               // a command id or person id: at most this many characters
	MaxPitLine   = 512              // a command line, in bytes
	MaxPitReason = 512              // an answer's reason, in bytes
	MaxPitExpiry = 60 * time.Minute // the longest a command may wait for its table
	MaxPitSize   = 4 << 10          // the largest encoded command or answer
)

// PitVerbs are the table-script commands the pit may send: the sign, the differential, the
// settlement method (a !setting of settlement only), the closing, and the withdrawal of a
// change it posted (!withdraw at=YYYY-MM-DDTHH:MM:SS, dated: the time the table accepted the
// change for, PitCommand.Withdraws). A reopening is a !limits for a time at or after the
// closing (engine.Board.Schedule: a sign posted after a closing reopens the table).
var PitVerbs = []desk.Verb{desk.VerbLimits, desk.VerbDifferential, desk.VerbSetting, desk.VerbClose, desk.VerbWithdraw}

// PitCommand is one command from the pit to one table. ID is the same for every table of one
// post; (ID, Table) is unique.
type PitCommand struct {
	V     int    `json:"v"`     // PitVersion
	ID    string `json:"id"`    // the command id: 1 to MaxPitID letters, digits, '-', '_'
	Table string `json:"table"` // the table it is for; the last token of its subject
	// Line is one table-script command of PitVerbs: "!limits at=21:30 player=50-5000/5". It
	// names no as= (the person is By) and may give reason="…".
	Line string `json:"line"`
	// By is the person who gave the command (the people directory's id). The pit checked it
	// before sending; the table journals it as the command's actor.
	By string `json:"by"`
	// Withdraws is, for a !withdraw (and only then), the id of the command whose change it
	// takes back: the pit's Cancel of a posting the table accepted. The table decides the
	// !withdraw by its own rules; the pit links the answer back to the posting.
	Withdraws string    `json:"withdraws,omitempty"`
	Issued    time.Time `json:"issued"`  // when the pit sent it (the pit's clock)
	Expires   time.Time `json:"expires"` // a table that gets it later refuses it as too late
	// Subject is the subject it arrived on, set by the reader (never in the JSON).
	Subject string `json:"-"`
}

// Outcome is what a table did with a pit command.
type Outcome string

// The outcomes of a pit command.
const (
	// OutcomeAccepted: the table's rules accepted the command; it is journalled and takes
	// effect at Effective (its notice, if any, is on the sign).
	OutcomeAccepted Outcome = "accepted"
	// OutcomeRefused: the table's rules refused it (Rule, Reason, Earliest); it is journalled
	// and changed nothing.
	OutcomeRefused Outcome = "refused"
	// OutcomeTooLate: it reached the table after it expired; nothing was done.
	OutcomeTooLate Outcome = "too_late"
	// OutcomeRejected: it never reached the table's rules: not for this table, a malformed
	// line, a command the pit may not give, issued in the future. Nothing was done.
	OutcomeRejected Outcome = "rejected"
)

// PitAnswer is a table's answer to one pit command, sent once the command is durable in the
// table's journal (accepted and refused) or, for a command that never reached its rules, at once.
type PitAnswer struct {
	V       int     `json:"v"`       // PitVersion
	ID      string  `json:"id"`      // the command's id
	Table   string  `json:"table"`   // the answering table; the second token of its subject
	Outcome Outcome `json:"outcome"` // accepted, refused, too_late, rejected
	// Rule is the rule number behind a refusal ("000 7.7"), "" when the refusal cites none.
	Rule   string `json:"rule,omitempty"`
	Reason string `json:"reason,omitempty"` // why it was refused, too late or rejected
	// Effective is when an accepted change takes effect; Earliest, for a change refused for
	// its time, the earliest time it could take effect if posted when it was refused.
	Effective time.Time `json:"effective,omitzero"`
	Earliest  time.Time `json:"earliest,omitzero"`
	// Seq is the table's journal sequence of the command's record (accepted and refused).
	Seq  uint64    `json:"seq,omitempty"`
	Time time.Time `json:"time"` // when the table answered (its clock)
	// Subject is the subject it arrived on, set by the reader (never in the JSON).
	Subject string `json:"-"`
}

// ErrPitInvalid is wrapped by every validation error of a pit command or answer.
var ErrPitInvalid = errors.New("invalid pit message")

// validPitID reports whether s is 1 to MaxPitID letters, digits, '-', '_' (a person id also
// allows '.', '@' and ':').
func validPitID(s string, extra string) bool {
	if len(s) == 0 || len(s) > MaxPitID {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_':
		case strings.IndexByte(extra, c) >= 0:
		default:
			return false
		}
	}
	return true
}

// ValidPersonID reports whether id can be a person's id: 1 to 64 letters, digits, '-', '_',
// '.', '@' or ':'.
func ValidPersonID(id string) bool { return validPitID(id, ".@:") }

// ValidCommandID reports whether id can be a command id: 1 to 64 letters, digits, '-', '_'.
func ValidCommandID(id string) bool { return validPitID(id, "") }

// ParsePitLine reads a pit command's line: exactly one table-script command of PitVerbs,
// without as= (the person is the command's By), a !setting only of settlement. The error
// names what is wrong (the parser's *desk.SyntaxError for a malformed line).
func ParsePitLine(line string) (desk.Command, error) {
	if len(line) > MaxPitLine {
		return desk.Command{}, fmt.Errorf("line of %d bytes: at most %d", len(line), MaxPitLine)
	}
	if strings.ContainsAny(line, "\n\r") {
		return desk.Command{}, fmt.Errorf("line %.40q: one line only", line)
	}
	items, err := desk.ParseLine(1, line)
	if err != nil {
		return desk.Command{}, err
	}
	if len(items) != 1 || items[0].Kind != desk.ItemCommand || items[0].Command == nil {
		return desk.Command{}, fmt.Errorf("line %.40q: want exactly one command (!limits, !differential, !setting settlement=, !close, !withdraw), and no clock or card", line)
	}
	c := *items[0].Command
	ok := false
	for _, v := range PitVerbs {
		ok = ok || c.Verb == v
	}
	switch {
	case !ok:
		return desk.Command{}, fmt.Errorf("!%s: not a pit command: want !limits, !differential, !setting settlement=, !close or !withdraw", c.Verb)
	case !strings.HasPrefix(line, "!"+string(c.Verb)):
		return desk.Command{}, fmt.Errorf("line %.40q: write the command as the table script does, from its first character: !%s …", line, c.Verb)
	case c.As != (desk.Actor{}):
		return desk.Command{}, fmt.Errorf("as=%s: the person who gives a pit command is the command's by, not as=", c.As)
	case c.Verb == desk.VerbSetting && c.Key != "settlement":
		return desk.Command{}, fmt.Errorf("!setting %s: the pit changes only settlement= (a setting posted on the sign, 001 8.2)", c.Key)
	case c.Verb == desk.VerbWithdraw && (c.At == nil || !c.At.Full):
		return desk.Command{}, fmt.Errorf("line %.40q: the pit's !withdraw names the change by its date and time, at=YYYY-MM-DDTHH:MM:SS (the time the table accepted it for)", line)
	}
	return c, nil
}

// WithdrawLine is the pit's !withdraw of the change a table accepted for effective: the dated
// form, so that it names the same moment whenever the table reads it.
func WithdrawLine(effective time.Time) string {
	return "!withdraw at=" + effective.UTC().Format("2006-01-02T15:04:05")
}

// Effective is when command c, accepted by a table's rules at now, takes effect: the time it
// names (at=), now without one, and now for a !withdraw (the change comes off the sign at
// once; the time it names is the withdrawn change's).
func Effective(c desk.Command, now time.Time) time.Time {
	if c.At == nil || c.Verb == desk.VerbWithdraw {
		return now
	}
	return c.At.At(now)
}

func pitInvalid(what, id, table, format string, args ...any) error {
	return fmt.Errorf("pit %s %s for %s: %w: %s", what, id, table, ErrPitInvalid, fmt.Sprintf(format, args...))
}

// Validate checks a command: version, ids, line, person and times, and (when it came from the
// bus) that it arrived on its table's subject.
func (c *PitCommand) Validate() error {
	inv := func(format string, args ...any) error { return pitInvalid("command", c.ID, c.Table, format, args...) }
	switch {
	case c.V != PitVersion:
		return inv("version %d, want %d", c.V, PitVersion)
	case !ValidCommandID(c.ID):
		return inv("command id %.80q: want 1 to %d letters, digits, '-' or '_'", c.ID, MaxPitID)
	case !ValidTableID(c.Table):
		return inv("table %.80q: not a table id", c.Table)
	case c.Subject != "" && c.Subject != PitCommandSubject(c.Table):
		return inv("it names table %s but arrived on %s", c.Table, c.Subject)
	case !ValidPersonID(c.By):
		return inv("by %.80q: want the person's id, 1 to %d letters, digits, '-', '_', '.', '@' or ':'", c.By, MaxPitID)
	case c.Issued.IsZero() || c.Expires.IsZero():
		return inv("issued and expires are required")
	case !c.Expires.After(c.Issued):
		return inv("expires %s is not after issued %s", c.Expires.Format(time.RFC3339), c.Issued.Format(time.RFC3339))
	case c.Expires.Sub(c.Issued) > MaxPitExpiry:
		return inv("expires %v after it is issued: at most %v", c.Expires.Sub(c.Issued), MaxPitExpiry)
	}
	dc, err := ParsePitLine(c.Line)
	if err != nil {
		return inv("line: %v", err)
	}
	switch {
	case dc.Verb == desk.VerbWithdraw && c.Withdraws == "":
		return inv("a !withdraw names the command it withdraws (withdraws)")
	case dc.Verb != desk.VerbWithdraw && c.Withdraws != "":
		return inv("withdraws %.80q on a !%s: only a !withdraw withdraws a command", c.Withdraws, dc.Verb)
	case c.Withdraws != "" && (!ValidCommandID(c.Withdraws) || c.Withdraws == c.ID):
		return inv("withdraws %.80q: want the id of another command", c.Withdraws)
	}
	return nil
}

// Validate checks an answer: version, ids, outcome and (when it came from the bus) that it
// arrived on its table's answer subject.
func (a *PitAnswer) Validate() error {
	inv := func(format string, args ...any) error { return pitInvalid("answer", a.ID, a.Table, format, args...) }
	switch {
	case a.V != PitVersion:
		return inv("version %d, want %d", a.V, PitVersion)
	case !ValidCommandID(a.ID):
		return inv("command id %.80q", a.ID)
	case !ValidTableID(a.Table):
		return inv("table %.80q: not a table id", a.Table)
	case a.Subject != "" && a.Subject != PitAnswerSubject(a.Table):
		return inv("it names table %s but arrived on %s: %v", a.Table, a.Subject, ErrForged)
	case a.Time.IsZero():
		return inv("no time")
	case len(a.Rule) > 64 || len(a.Reason) > MaxPitReason:
		return inv("rule or reason too long")
	}
	switch a.Outcome {
	case OutcomeAccepted:
		if a.Effective.IsZero() || a.Seq == 0 {
			return inv("accepted with no effective time or journal sequence")
		}
	case OutcomeRefused:
		if a.Reason == "" || a.Seq == 0 {
			return inv("refused with no reason or journal sequence")
		}
	case OutcomeTooLate, OutcomeRejected:
		if a.Reason == "" {
			return inv("%s with no reason", a.Outcome)
		}
	default:
		return inv("outcome %.40q: want accepted, refused, too_late or rejected", a.Outcome)
	}
	return nil
}

// decodeStrict reads one pit message into v, at most MaxPitSize bytes (strictjson.Decode).
func decodeStrict(data []byte, v any) error {
	if len(data) > MaxPitSize {
		return fmt.Errorf("%w: %d bytes, at most %d", ErrPitInvalid, len(data), MaxPitSize)
	}
	if err := strictjson.Decode(data, v); err != nil {
		return fmt.Errorf("%w: %v", ErrPitInvalid, err)
	}
	return nil
}

// DecodePitCommand reads and validates a command that arrived on subject ("" when not from
// the bus).
func DecodePitCommand(subject string, data []byte) (PitCommand, error) {
	var c PitCommand
	if err := decodeStrict(data, &c); err != nil {
		return PitCommand{}, fmt.Errorf("decode pit command on %s: %w", subject, err)
	}
	c.Subject = subject
	if err := c.Validate(); err != nil {
		return PitCommand{}, err
	}
	return c, nil
}

// DecodePitAnswer reads and validates an answer that arrived on subject ("" when not from the
// bus).
func DecodePitAnswer(subject string, data []byte) (PitAnswer, error) {
	var a PitAnswer
	if err := decodeStrict(data, &a); err != nil {
		return PitAnswer{}, fmt.Errorf("decode pit answer on %s: %w", subject, err)
	}
	a.Subject = subject
	if err := a.Validate(); err != nil {
		return PitAnswer{}, err
	}
	return a, nil
}

// EncodePitCommand is the JSON of c after checking it.
func EncodePitCommand(c PitCommand) ([]byte, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return json.Marshal(c)
}

// EncodePitAnswer is the JSON of a after checking it.
func EncodePitAnswer(a PitAnswer) ([]byte, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	return json.Marshal(a)
}
