// Package export implements `coupboard export`: a shoe's or a day's finished rounds from the
// journal, as CSV or JSON lines, for auditors.
package export

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/journal"
)

// Summary is the one-line description of the command for `coupboard help`.
const Summary = "write a shoe's or a day's coups (or, with --signins, its operator sign-ins) as CSV or JSON, or its inputs as a table script: export (--db PATH | --table ID) (--shoe N | --date YYYY-MM-DD) [--signins] --format csv|json|script"

// Row is one exported round: the round payload plus what the journal record says about it.
// Its JSON field names, and the CSV header (Header), are stable.
type Row struct {
	Table       string    `json:"table"`
	Shoe        int64     `json:"shoe"`
	Round       int       `json:"round"`
	Seq         int64     `json:"seq"`  // journal record number
	Time        time.Time `json:"time"` // when the round was recorded (UTC)
	Kind        string    `json:"kind"` // the round's kind (engine.RoundKind's word); review for a coup held with no result yet; loss_accepted for records lost (KindLossAccepted)
	Player      []string  `json:"player"`
	Banker      []string  `json:"banker"`
	PlayerTotal int       `json:"player_total"`
	BankerTotal int       `json:"banker_total"`
	Winner      string    `json:"winner"`
	Natural     bool      `json:"natural"`
	PlayerPair  bool      `json:"player_pair"`
	BankerPair  bool      `json:"banker_pair"`
	Notes       []string  `json:"notes"`
	Source      string    `json:"source"`
	Operator    string    `json:"operator"`
	Hash        string    `json:"hash"` // the record's hash, to check against `audit verify`
	// Review is "" for a round never in doubt, "under review" while a supervisor has not
	// resolved it, "resolved" once one has (issue 21), "corrected" on the row of a finished
	// round's cards entered by the supervisor after the fact, which replaces the round's earlier
	// row (kept as recorded, resolved "entered"); ReviewReasons says why it was put under
	// review and Resolution how it was resolved ("confirmed", "entered", "cancelled").
	Review        string   `json:"review"`
	ReviewReasons []string `json:"review_reasons"`
	Resolution    string   `json:"resolution"`
}

// Header returns the CSV header line's fields, in column order.
func Header() []string {
	return []string{"table", "shoe", "round", "seq", "time", "kind", "player", "banker", "player_total", "banker_total",
		"winner", "natural", "player_pair", "banker_pair", "notes", "source", "operator", "hash",
		"review", "review_reasons", "resolution"}
}

// csvFields returns the row's CSV fields in Header order: cards space-separated, notes
// separated by " | ".
func (r Row) csvFields() []string {
	return []string{r.Table, strconv.FormatInt(r.Shoe, 10), strconv.Itoa(r.Round), strconv.FormatInt(r.Seq, 10),
		r.Time.Format(time.RFC3339Nano), r.Kind, strings.Join(r.Player, " "), strings.Join(r.Banker, " "),
		strconv.Itoa(r.PlayerTotal), strconv.Itoa(r.BankerTotal), r.Winner, strconv.FormatBool(r.Natural),
		strconv.FormatBool(r.PlayerPair), strconv.FormatBool(r.BankerPair), strings.Join(r.Notes, " | "), r.Source, r.Operator, r.Hash,
		r.Review, strings.Join(r.ReviewReasons, " | "), r.Resolution}
}

// RowOf builds the export row of a KindRound record. Source and operator come from the round
// payload, or from the record when the payload leaves them empty.
func RowOf(rec journal.Record) (Row, error) {
	if rec.Kind != journal.KindRound {
		return Row{}, fmt.Errorf("record %d: kind %q is not a round", rec.Seq, rec.Kind)
	}
	rd, err := journal.DecodeRound(rec.Payload)
	if err != nil {
		return Row{}, fmt.Errorf("record %d: %w", rec.Seq, err)
	}
	if rd.Shoe != rec.Shoe {
		return Row{}, fmt.Errorf("record %d: round says shoe %d, record says shoe %d", rec.Seq, rd.Shoe, rec.Shoe)
	}
	row := Row{
		Table: rec.Table, Shoe: rd.Shoe, Round: rd.N, Seq: rec.Seq, Time: rec.Time.UTC(), Kind: rd.Kind.String(),
		Player: nonNil(rd.Player), Banker: nonNil(rd.Banker), PlayerTotal: rd.PlayerTotal, BankerTotal: rd.BankerTotal,
		Winner: rd.Winner, Natural: rd.Natural, PlayerPair: rd.PlayerPair, BankerPair: rd.BankerPair,
		Notes: nonNil(rd.Notes), Source: rd.Source, Operator: rd.Operator, Hash: rec.Hash.String(),
		ReviewReasons: []string{},
	}
	if rv := rd.Review; rv != nil {
		row.Review, row.ReviewReasons, row.Resolution = journal.ReviewPending, nonNil(rv.Reasons), rv.Resolution
		if rv.Resolution != "" || rd.Kind == journal.RoundCancelled {
			row.Review = journal.ReviewResolved
		}
	}
	if rd.Corrected { // the cards the supervisor entered after the fact: it replaces the earlier row of the round
		row.Review = journal.ReviewCorrected
	}
	if row.Source == "" {
		row.Source = rec.Source
	}
	if row.Operator == "" {
		row.Operator = rec.Actor.ID
	}
	return row, nil
}

// SignIn is one exported sign-in attempt or sign-out at the operator screen (a
// journal.KindAccess record): who, when, and what it came to. It never holds a PIN. Its JSON
// field names, and the CSV header (SignInHeader), are stable.
type SignIn struct {
	Table       string    `json:"table"`
	Shoe        int64     `json:"shoe"`
	Seq         int64     `json:"seq"`
	Time        time.Time `json:"time"`                  // when it happened (UTC)
	Event       string    `json:"event"`                 // sign_in or sign_out
	Outcome     string    `json:"outcome"`               // sign_in: granted, wrong_pin, lockout, locked (refused while locked), unknown_id, inactive (refused by the directory)
	Role        string    `json:"role"`                  // the role granted or signing out; empty for a refused attempt
	Operator    string    `json:"operator"`              // the operator id typed
	Reason      string    `json:"reason"`                // sign-in, signed out, idle
	Wrong       int       `json:"wrong"`                 // wrong_pin: wrong PINs in a row so far
	LockedUntil time.Time `json:"locked_until,omitzero"` // lockout, locked: when entry opened again
	Idle        string    `json:"idle"`                  // sign_out: how long the screen had stood unused
	Hash        string    `json:"hash"`
}

// SignInHeader returns the CSV header of --signins, in column order.
func SignInHeader() []string {
	return []string{"table", "shoe", "seq", "time", "event", "outcome", "role", "operator", "reason", "wrong", "locked_until", "idle", "hash"}
}

func (r SignIn) csvFields() []string {
	until := ""
	if !r.LockedUntil.IsZero() {
		until = r.LockedUntil.Format(time.RFC3339Nano)
	}
	return []string{r.Table, strconv.FormatInt(r.Shoe, 10), strconv.FormatInt(r.Seq, 10), r.Time.Format(time.RFC3339Nano),
		r.Event, r.Outcome, r.Role, r.Operator, r.Reason, strconv.Itoa(r.Wrong), until, r.Idle, r.Hash}
}

// SignInOf builds the export row of a journal.KindAccess record.
func SignInOf(rec journal.Record) (SignIn, error) {
	if rec.Kind != journal.KindAccess {
		return SignIn{}, fmt.Errorf("record %d: kind %q is not a sign-in record", rec.Seq, rec.Kind)
	}
	e, err := access.DecodeEntry(rec.Payload)
	if err != nil {
		return SignIn{}, fmt.Errorf("record %d: %w", rec.Seq, err)
	}
	return SignIn{
		Table: rec.Table, Shoe: rec.Shoe, Seq: rec.Seq, Time: rec.Time.UTC(), Event: e.Event, Outcome: string(e.Outcome),
		Role: rec.Actor.Role, Operator: rec.Actor.ID, Reason: rec.Reason, Wrong: e.Wrong, LockedUntil: e.LockedUntil.UTC(),
		Idle: e.Idle, Hash: rec.Hash.String(),
	}, nil
}

// signIns reads the sign-in records of shoe (when not 0) or of [from, to).
func signIns(j *journal.Journal, shoe int64, from, to time.Time) ([]SignIn, error) {
	var recs []journal.Record
	var err error
	if shoe != 0 {
		recs, err = j.ShoeRecords(shoe)
	} else {
		recs, err = j.KindBetween(journal.KindAccess, from, to)
	}
	if err != nil {
		return nil, err
	}
	out := []SignIn{}
	for _, rec := range recs {
		if rec.Kind != journal.KindAccess {
			continue
		}
		row, err := SignInOf(rec)
		if err != nil {
			return nil, err
		}
		out = append(out, row)
	}
	return out, nil
}

// nonNil returns s, or an empty slice for nil (so JSON shows [] rather than null).
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Run runs `coupboard export` with args (after "export").
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "", "journal database file (default: $XDG_DATA_HOME/coupboard/<table>.db)")
	table := fs.String("table", "", "table id, to find the journal at its default path")
	shoe := fs.Int64("shoe", 0, "export the rounds of this shoe")
	date := fs.String("date", "", "export the rounds recorded on this day, YYYY-MM-DD")
	tz := fs.String("tz", "Local", "time zone the --date is in (IANA name, e.g. Australia/Melbourne)")
	format := fs.String("format", "csv", "csv, json (one object per line), or script (the span's inputs as a table script for coupboard replay)")
	cfgPath := fs.String("config", "", "with --format script: the table's configuration file, to name its profile, settings and sign in the script's header")
	demo := fs.Bool("demo", false, "with --format script: the table ran the demo (name the demo's profile, settings and sign)")
	force := fs.Bool("force", false, "export even if the journal's hash chain is broken")
	signins := fs.Bool("signins", false, "export the operator sign-in attempts and sign-outs instead of the rounds")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	}
	if *format != "csv" && *format != "json" && *format != "script" {
		return fmt.Errorf("--format %q: want csv or json (the rounds), or script (the inputs)", *format)
	}
	if *format == "script" && *signins {
		return errors.New("--signins is not a table input: use --format csv or json")
	}
	if (*cfgPath != "" || *demo) && *format != "script" {
		return errors.New("--config and --demo name the table in a script's header: use them with --format script")
	}
	if (*shoe != 0) == (*date != "") {
		return errors.New("give exactly one of --shoe N and --date YYYY-MM-DD")
	}
	if *shoe < 0 {
		return fmt.Errorf("--shoe %d: shoe numbers start at 1", *shoe)
	}
	var from, to time.Time
	if *date != "" {
		loc, err := time.LoadLocation(*tz)
		if err != nil {
			return fmt.Errorf("--tz %q: %w", *tz, err)
		}
		day, err := time.ParseInLocation("2006-01-02", *date, loc)
		if err != nil {
			return fmt.Errorf("--date %q: want YYYY-MM-DD: %w", *date, err)
		}
		from, to = day, day.AddDate(0, 0, 1)
	}
	path, err := journal.PathFor(*db, *table)
	if err != nil {
		return err
	}
	j, err := journal.Open(path, journal.Options{ReadOnly: true, TailCheck: -1, SkipIntegrityCheck: true})
	if err != nil {
		return err
	}
	defer j.Close()
	v, err := j.Verify()
	if err != nil {
		return err
	}
	if !v.OK() {
		if !*force {
			return fmt.Errorf("%s: hash chain broken at %s; run `coupboard audit verify`, or export anyway with --force", path, v.Bad)
		}
		fmt.Fprintf(stderr, "export: warning: hash chain broken at %s\n", v.Bad)
	}
	for _, l := range v.Losses {
		// Never silent: the rounds of the lost records are not in the journal.
		fmt.Fprintf(stderr, "export: LOSS ACCEPTED: %s\n", l)
	}
	if *format == "script" {
		meta := ScriptMeta{}
		switch {
		case *cfgPath != "" && *demo:
			return errors.New("give --config or --demo, not both")
		case *cfgPath != "":
			cfg, err := config.Load(*cfgPath)
			if err != nil {
				return err
			}
			meta = MetaOf(cfg)
		case *demo:
			meta = MetaOf(config.Demo())
		}
		meta.Journal, meta.Span = path, "shoe "+strconv.FormatInt(*shoe, 10)
		if *date != "" {
			meta.Span = *date + " (" + *tz + ")"
		}
		n, err := exportScript(j, stdout, meta, *shoe, from, to)
		if err != nil {
			return fmt.Errorf("export from %s: %w", path, err)
		}
		fmt.Fprintf(stderr, "export: %d inputs\n", n)
		return nil
	}
	if *signins {
		rows, err := signIns(j, *shoe, from, to)
		if err != nil {
			return fmt.Errorf("export from %s: %w", path, err)
		}
		if err := writeRows(stdout, *format, rows, SignInHeader(), SignIn.csvFields); err != nil {
			return fmt.Errorf("write export: %w", err)
		}
		fmt.Fprintf(stderr, "export: %d sign-in records\n", len(rows))
		return nil
	}
	var recs []journal.Record
	if *shoe != 0 {
		recs, err = j.Rounds(*shoe)
	} else {
		recs, err = j.RoundsBetween(from, to)
	}
	if err != nil {
		return err
	}
	rdRecs, err := redDogRounds(j, *shoe, from, to)
	if err != nil {
		return err
	}
	if len(rdRecs) > 0 && len(recs) == 0 { // a Red Dog table (reddog.go)
		rows := make([]RedDogRow, 0, len(rdRecs))
		for _, rec := range rdRecs {
			row, err := RedDogRowOf(rec)
			if err != nil {
				return fmt.Errorf("export from %s: %w", path, err)
			}
			rows = append(rows, row)
		}
		if err := redDogCancels(j, rows); err != nil {
			return fmt.Errorf("export from %s: %w", path, err)
		}
		if rows, err = withReviews(j, rows, *shoe, (*RedDogRow).cols, heldRedDogRow); err != nil {
			return fmt.Errorf("export from %s: %w", path, err)
		}
		if err := eachLoss(j, func(rec journal.Record, l journal.AcceptedLoss) {
			rows = append(rows, RedDogRow{Table: rec.Table, Shoe: rec.Shoe, Seq: rec.Seq, Time: rec.Time.UTC(), Kind: KindLossAccepted,
				Cards: []string{}, Notes: []string{l.String()}, Source: rec.Source, Operator: rec.Actor.ID, Hash: rec.Hash.String(),
				ReviewReasons: []string{}})
		}); err != nil {
			return fmt.Errorf("export from %s: %w", path, err)
		}
		if err := writeRows(stdout, *format, rows, RedDogHeader(), RedDogRow.csvFields); err != nil {
			return fmt.Errorf("write export: %w", err)
		}
		fmt.Fprintf(stderr, "export: %d Red Dog rounds\n", len(rows))
		return nil
	}
	if len(rdRecs) > 0 {
		return fmt.Errorf("export from %s: the journal holds both baccarat and Red Dog rounds", path)
	}
	rows := make([]Row, 0, len(recs))
	for _, rec := range recs {
		row, err := RowOf(rec)
		if err != nil {
			return fmt.Errorf("export from %s: %w", path, err)
		}
		rows = append(rows, row)
	}
	if rows, err = withReviews(j, rows, *shoe, (*Row).cols, heldRow); err != nil {
		return fmt.Errorf("export from %s: %w", path, err)
	}
	if err := eachLoss(j, func(rec journal.Record, l journal.AcceptedLoss) {
		rows = append(rows, Row{Table: rec.Table, Shoe: rec.Shoe, Seq: rec.Seq, Time: rec.Time.UTC(), Kind: KindLossAccepted,
			Player: []string{}, Banker: []string{}, Notes: []string{l.String()}, Source: rec.Source, Operator: rec.Actor.ID,
			Hash: rec.Hash.String(), ReviewReasons: []string{}})
	}); err != nil {
		return fmt.Errorf("export from %s: %w", path, err)
	}
	if err := write(stdout, *format, rows); err != nil {
		return fmt.Errorf("write export: %w", err)
	}
	fmt.Fprintf(stderr, "export: %d rounds\n", len(rows))
	return nil
}

// KindLossAccepted is the kind of the row that names committed records lost from the journal
// whose loss a supervisor accepted (coupboard journal accept-loss): its notes say which records,
// who accepted the loss, when and why, and where the damaged files are; its operator is who
// accepted it. Every export of the journal ends with one such row per accepted loss (the rounds
// of the lost records are in no row), as its stderr says it.
const KindLossAccepted = "loss_accepted"

// eachLoss calls fn with every accepted loss the journal records, in order.
func eachLoss(j *journal.Journal, fn func(journal.Record, journal.AcceptedLoss)) error {
	return j.OfKind(journal.KindLossAccepted, func(rec journal.Record) error {
		l, err := journal.AcceptedLossOf(rec)
		if err != nil {
			return fmt.Errorf("record %d: %w", rec.Seq, err)
		}
		fn(rec, l)
		return nil
	})
}

// reviewEvent is what export reads of a "review", "resolved" or "void" event record.
type reviewEvent struct {
	Event  string `json:"event"`
	N      int    `json:"n"`
	Reason string `json:"reason"`
}

// withReviews adds what the journal's review events say to the rows (issue 21): a round put
// under review after it was recorded (the shoe's own result contradicted it) is "under review"
// until a "resolved", "void" (baccarat) or "cancel" (Red Dog) event follows; a coup held for
// review that has no round record yet is exported as a row of kind "review" with no result
// (held makes it). shoe is the shoe exported, or 0 for a day (the shoes of the day's rows are
// read). cols gives a row's place and review columns.
func withReviews[R any](j *journal.Journal, rows []R, shoe int64, cols func(*R) reviewCols,
	held func(rec journal.Record, shoe int64, n int, reasons []string) R) ([]R, error) {
	shoes := []int64{}
	seen := map[int64]bool{}
	if shoe != 0 {
		shoes, seen[shoe] = append(shoes, shoe), true
	}
	for i := range rows {
		if sh := cols(&rows[i]).shoe; !seen[sh] {
			shoes, seen[sh] = append(shoes, sh), true
		}
	}
	for _, sh := range shoes {
		recs, err := j.ShoeRecords(sh)
		if err != nil {
			return nil, err
		}
		type state struct {
			reasons  []string
			resolved string
			seq      int64
			rec      journal.Record
		}
		byN := map[int]*state{}
		var order []int
		for _, rec := range recs {
			if rec.Kind != journal.KindEvent {
				continue
			}
			var ev reviewEvent
			if json.Unmarshal(rec.Payload, &ev) != nil || ev.N < 1 {
				continue
			}
			st := byN[ev.N]
			switch ev.Event {
			case "review":
				if st == nil {
					st = &state{seq: rec.Seq, rec: rec}
					byN[ev.N] = st
					order = append(order, ev.N)
				}
				st.reasons = appendOnce(st.reasons, ev.Reason)
				st.resolved = ""
			case "resolved", "void", "cancel":
				if st != nil {
					st.resolved = ev.Reason
					if ev.Event != "resolved" {
						st.resolved = "cancelled"
					}
				}
			}
		}
		for i := range rows {
			c := cols(&rows[i])
			st := byN[c.round]
			if c.shoe != sh || st == nil {
				continue
			}
			if *c.review == "" && c.seq < st.seq { // put under review after it was recorded
				*c.review, *c.reasons = journal.ReviewPending, st.reasons
				if st.resolved != "" {
					*c.review, *c.resolution = journal.ReviewResolved, st.resolved
				}
			}
			st.seq = -1 // the coup has its round record
		}
		for _, n := range order {
			st := byN[n]
			if st.seq < 0 || st.resolved != "" {
				continue
			}
			rows = append(rows, held(st.rec, sh, n, st.reasons))
		}
	}
	return rows, nil
}

// heldRow is the row of a baccarat coup held for review that has no round record yet.
func heldRow(rec journal.Record, shoe int64, n int, reasons []string) Row {
	return Row{Table: rec.Table, Shoe: shoe, Round: n, Seq: rec.Seq, Time: rec.Time.UTC(),
		Kind: "review", Player: []string{}, Banker: []string{}, Notes: []string{"no result: the coup is under review"},
		Source: rec.Source, Operator: rec.Actor.ID, Hash: rec.Hash.String(),
		Review: journal.ReviewPending, ReviewReasons: reasons}
}

func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// write writes rounds in format (csv with a header line, or json: one object per line).
func write(w io.Writer, format string, rows []Row) error {
	return writeRows(w, format, rows, Header(), Row.csvFields)
}

// writeRows writes rows in format: csv with header and fields of each row, or json, one
// object per line.
func writeRows[R any](w io.Writer, format string, rows []R, header []string, fields func(R) []string) error {
	if format == "json" {
		enc := json.NewEncoder(w)
		for _, r := range rows {
			if err := enc.Encode(r); err != nil {
				return err
			}
		}
		return nil
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, r := range rows {
		if err := cw.Write(fields(r)); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// exportScript writes the inputs of shoe (when not 0) or of [from, to) as a table script.
func exportScript(j *journal.Journal, w io.Writer, meta ScriptMeta, shoe int64, from, to time.Time) (int, error) {
	var recs []journal.Record
	if shoe != 0 {
		var err error
		if recs, err = j.ShoeRecords(shoe); err != nil {
			return 0, err
		}
	} else {
		err := j.Scan(0, func(r journal.Record) error {
			if isInput(r.Kind) && !r.Time.Before(from) && r.Time.Before(to) {
				recs = append(recs, r)
			}
			return nil
		})
		if err != nil {
			return 0, err
		}
	}
	return WriteScript(w, meta, recs)
}
