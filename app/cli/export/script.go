package export

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/journal/inputs"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// redDogProfile is the profile id of a Red Dog table (its one wager is "bet" on a script's sign).
const redDogProfile = "vic-red-dog-1997"

// ScriptMeta is what the header of an exported table script names: the table, its profile,
// settings and opening sign (from its configuration: the journal does not hold them), and the span.
type ScriptMeta struct {
	Journal  string   // the journal's path
	Table    string   // the table id (from the records when empty)
	Profile  string   // "" when not known
	Settings []string // key=value
	Limits   []string // the configured sign, WAGER=MIN-MAX[/MULTIPLE], as replay --limit takes it
	// Currency is the table's ISO 4217 code (table.currency): a table whose amounts are not in
	// dollars is replayed with --currency, so that the replay writes its notes as it did.
	Currency string
	Span     string // "shoe 3", "2026-11-25 (Australia/Melbourne)"
}

// MetaOf is the header of a table configured by cfg.
func MetaOf(cfg *config.Config) ScriptMeta {
	m := ScriptMeta{Table: cfg.Table.ID, Profile: cfg.Game.Profile, Settings: cfg.SettingsList(), Currency: cfg.Table.Currency}
	names := make([]string, 0, len(cfg.Limits))
	for n := range cfg.Limits {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		l := cfg.Limits[n]
		w := n
		if m.Profile == redDogProfile && n == "player" {
			w = "bet"
		}
		s := w + "=" + orZero(l.Min) + "-" + orZero(l.Max)
		if l.Multiple != "" && l.Multiple != "0" {
			s += "/" + l.Multiple
		}
		m.Limits = append(m.Limits, s)
	}
	return m
}

func orNone(s, none string) string {
	if s == "" {
		return "(" + none + ")"
	}
	return s
}

func orZero(s string) string {
	if s == "" {
		return "0"
	}
	return s
}

// isInput reports whether a record is a table input (the kinds the table replays at start-up).
func isInput(kind string) bool {
	switch kind {
	case journal.KindShoe, journal.KindManual, journal.KindOperator, journal.KindConfig:
		return true
	}
	return false
}

// WriteScript writes the input records among recs as a table script (spec/table-script.md §3):
// comment lines naming the table, its profile, settings and the span; then, in journal order,
// the clock ("@" with the full time whenever it moves), every shoe token, and every operator
// command with its as= and reason=, the shoe link's doubts and results as !doubt and
// !shoeresult. What a script cannot say yet (alerts, an older release's reopening, the clean
// stop, a sign's personal-limit markers) is written as a comment saying so, so the script still reads as the table's day. It returns how many
// inputs it wrote. A payload that does not decode is an error naming its record.
func WriteScript(w io.Writer, meta ScriptMeta, recs []journal.Record) (int, error) {
	bw := bufio.NewWriter(w)
	s := scriptWriter{w: bw, meta: meta}
	var first, last int64
	for _, r := range recs {
		if isInput(r.Kind) {
			if first == 0 {
				first, s.start = r.Seq, r.Time.UTC().Truncate(time.Second)
			}
			last = r.Seq
			if s.meta.Table == "" {
				s.meta.Table = r.Table
			}
		}
	}
	s.header(first, last)
	n := 0
	for _, r := range recs {
		if r.Kind == journal.KindLossAccepted {
			// The inputs of the lost records are not in the journal: the script says so where
			// they were, and replays on without them, as the table did.
			l, err := journal.AcceptedLossOf(r)
			if err != nil {
				return n, fmt.Errorf("record %d: %w", r.Seq, err)
			}
			s.line("", "LOSS ACCEPTED: "+l.String())
			continue
		}
		if !isInput(r.Kind) {
			continue
		}
		in, err := inputs.Decode(r.Payload)
		if err != nil {
			return n, fmt.Errorf("record %d: %w", r.Seq, err)
		}
		s.record(r, in)
		n++
	}
	if n == 0 {
		fmt.Fprintln(bw, "# no table inputs in this span")
	}
	return n, bw.Flush()
}

type scriptWriter struct {
	w     *bufio.Writer
	meta  ScriptMeta
	clock time.Time // the script's clock, to the second
	start time.Time // the first input's time, to the second
	shoe  int64
	set   bool
}

func (s *scriptWriter) header(first, last int64) {
	m := s.meta
	fmt.Fprintln(s.w, "# coupboard table script (spec/table-script.md), written by coupboard export --format script")
	if m.Journal != "" {
		fmt.Fprintf(s.w, "# journal: %s\n", oneLine(m.Journal))
	}
	fmt.Fprintf(s.w, "# table: %s\n", oneLine(m.Table))
	if m.Span != "" {
		fmt.Fprintf(s.w, "# span: %s, records %d to %d\n", oneLine(m.Span), first, last)
	}
	if m.Profile == "" {
		fmt.Fprintln(s.w, "# profile: not in the journal; give export --config (or --demo) to name it, or replay with the table's --profile and --set")
		return
	}
	fmt.Fprintf(s.w, "# profile: %s\n", oneLine(m.Profile))
	fmt.Fprintf(s.w, "# settings: %s\n", oneLine(orNone(strings.Join(m.Settings, " "), "the profile's defaults")))
	fmt.Fprintf(s.w, "# sign at start: %s\n", oneLine(orNone(strings.Join(m.Limits, " "), "none configured")))
	cmd := "coupboard replay --hold --profile " + m.Profile
	if !s.start.IsZero() {
		cmd += " --start " + s.start.Format(time.RFC3339)
	}
	for _, kv := range m.Settings {
		cmd += " --set " + kv
	}
	for _, l := range m.Limits {
		cmd += " --limit " + l
	}
	if m.Currency != "" && engine.CurrencyOf(m.Currency) != engine.Dollars {
		cmd += " --currency " + m.Currency // replay writes dollars unless told
	}
	fmt.Fprintf(s.w, "# replay: %s FILE\n", oneLine(cmd))
}

// oneLine keeps a header value on its comment line.
func oneLine(v string) string { return strings.NewReplacer("\n", " ", "\r", " ").Replace(v) }

func (s *scriptWriter) line(text, note string) {
	if note != "" {
		if text != "" {
			text += "  "
		}
		text += "# " + oneLine(note)
	}
	s.w.WriteString(text)
	s.w.WriteByte('\n')
}

// record writes one input record: the clock when it moved, then the input.
func (s *scriptWriter) record(r journal.Record, in inputs.Input) {
	if !s.set || r.Shoe != s.shoe {
		s.line("", fmt.Sprintf("shoe %d (journal record %d)", r.Shoe, r.Seq))
		s.shoe = r.Shoe
	}
	at := r.Time.UTC().Truncate(time.Second)
	switch {
	case !s.set || at.After(s.clock):
		s.line(desk.ClockAt(at).String(), "")
		s.clock, s.set = at, true
	case at.Before(s.clock):
		s.line("", fmt.Sprintf("the table's clock went back to %s here; the script keeps %s", at.Format(time.RFC3339), s.clock.Format(time.RFC3339)))
	}
	who := actor(r)
	switch in.Kind {
	case inputs.KindToken:
		note := ""
		switch {
		case r.Kind == journal.KindManual || in.Source != engine.SourceShoe:
			note = "entered by hand" + by(who) + because(r.Reason)
		case who != "" || r.Reason != "":
			note = "given" + by(who) + because(r.Reason)
		}
		s.line(in.Line(), note)
	case inputs.KindCommand:
		s.command(r, *in.Command)
	case inputs.KindSchedule:
		s.schedule(r, in)
	case inputs.KindDoubt, inputs.KindShoeResult:
		// The shoe link's own inputs: a command of the script, so that a replay with --hold
		// holds the coup as the table did.
		var gi engine.Input
		if in.Kind == inputs.KindDoubt {
			gi = engine.DoubtInput(in.Doubt.Kind, in.Doubt.Detail)
		} else {
			gi = engine.ShoeResultInput(in.ShoeResult)
		}
		c, err := desk.GameCommand(gi)
		if err != nil {
			s.line("", fmt.Sprintf("an input of the shoe link with no script line: %v", err))
			return
		}
		s.line(c.String(), "from the shoe link")
	case inputs.KindAlert:
		s.line("", "alert: "+in.Alert.Text)
	case inputs.KindAlertClear:
		s.line("", fmt.Sprintf("alert %d cleared%s%s", in.AlertID, by(who), because(r.Reason)))
	case inputs.KindReopen:
		s.line("", "the table reopened"+by(who)+because(r.Reason))
	case inputs.KindStop:
		s.line("", "the display stopped cleanly")
	}
}

// actor is the record's actor as a script's as= when it can be one ("dealer:12"), else "".
func actor(r journal.Record) string {
	if r.Actor.Role == "" && r.Actor.ID == "" {
		return ""
	}
	return r.Actor.Role + ":" + r.Actor.ID
}

func by(who string) string {
	if who == "" {
		return ""
	}
	return " by " + who
}

func because(reason string) string {
	if reason == "" {
		return ""
	}
	return ": " + reason
}

// command writes an operator command with who gave it and why. A command whose line would not
// read back as itself (an actor the script cannot name, an overlong reason) keeps them in a comment.
func (s *scriptWriter) command(r journal.Record, c desk.Command) {
	note := ""
	if r.Actor.Role != "" || r.Actor.ID != "" {
		id, err := strconv.Atoi(r.Actor.ID)
		if (r.Actor.Role == "dealer" || r.Actor.Role == "supervisor") && err == nil && id >= 0 && id <= 1_000_000 && r.Actor.ID == strconv.Itoa(id) {
			c.As = desk.Actor{Role: r.Actor.Role, ID: id}
		} else {
			note = "given by " + actor(r)
		}
	}
	if r.Reason != "" {
		if len(r.Reason) <= desk.MaxReason && utf8.ValidString(r.Reason) {
			c.Reason = r.Reason
		} else {
			note = strings.TrimPrefix(note+"; reason: "+r.Reason, "; ")
		}
	}
	text := c.String()
	if items, err := desk.ParseLine(1, text); err != nil || len(items) != 1 || items[0].Command == nil {
		s.line("", "not replayable as written ("+errText(err)+"): "+text)
		return
	}
	s.line(text, note)
}

func errText(err error) string {
	if err == nil {
		return "it reads back as something else"
	}
	return err.Error()
}

// schedule writes a sign posted by the operator screen as the !limits (and !differential) that
// post it, or a closing as !close, at the time it takes effect on the clock's day.
func (s *scriptWriter) schedule(r journal.Record, in inputs.Input) {
	c := in.Change
	who := actor(r)
	at := c.At.UTC()
	var atArg string
	switch {
	case !at.After(s.clock):
		atArg = "" // now
	case at.Truncate(24 * time.Hour).Equal(s.clock.Truncate(24 * time.Hour)):
		atArg = " at=" + at.Format("15:04:05")
	default:
		s.line("", fmt.Sprintf("not replayable: a change for %s, on another day than the clock's%s", at.Format(time.RFC3339), by(who)))
		return
	}
	var lines []string
	if c.Close {
		if atArg == "" {
			atArg = " at=" + s.clock.Format("15:04:05")
		}
		lines = append(lines, "!close"+atArg)
	} else {
		l := "!limits" + atArg
		if c.Waived {
			l += " waived"
		}
		sg := c.Sign
		if s.meta.Profile == redDogProfile {
			l += " bet=" + limitText(sg.Player)
		} else {
			l += " player=" + limitText(sg.Player) + " banker=" + limitText(sg.Banker) + " tie=" + limitText(sg.Tie) +
				" insurance=" + limitText(sg.Insurance) + " runs=" + limitText(sg.Run)
		}
		lines = append(lines, l)
		if sg.DifferentialMin != 0 || sg.DifferentialMax != 0 {
			lines = append(lines, "!differential"+atArg+" min="+desk.FormatAmount(sg.DifferentialMin)+" max="+desk.FormatAmount(sg.DifferentialMax))
		}
		for _, m := range sg.Markers {
			s.line("", fmt.Sprintf("the sign shows a %s marker at seat %d: %s (no script form yet)", m.Text, m.Seat, limitText(m.Limit)))
		}
	}
	for _, text := range lines {
		items, err := desk.ParseLine(1, text)
		if err != nil || len(items) != 1 {
			s.line("", "not replayable as written ("+errText(err)+"): "+text)
			continue
		}
		cmd := *items[0].Command
		s.command(r, cmd)
	}
	if c.WaivedBy != "" {
		s.line("", "waived by "+c.WaivedBy)
	}
}

func limitText(l engine.WagerLimit) string {
	t := desk.FormatAmount(l.Min) + "-" + desk.FormatAmount(l.Max)
	if l.Multiple != 0 {
		t += "/" + desk.FormatAmount(l.Multiple)
	}
	return t
}
