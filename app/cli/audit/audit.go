// Package audit implements `coupboard audit verify`: it checks the whole hash chain of a
// table's journal (the audit trail) and names the first bad record, and checks the journal
// against its head file: committed records lost from its end are reported.
package audit

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/coupboard/coupboard/app/cli"
	"github.com/coupboard/coupboard/app/journal"
)

// Summary is the one-line description of the command for `coupboard help`.
const Summary = "check the journal's hash chain: audit verify [--db PATH | --table ID] [--against-bus URL] [--json]"

// ErrChainBroken is returned (wrapped) when verify finds a bad record or a damaged file, so
// the command exits non-zero.
var ErrChainBroken = errors.New("audit trail is not intact")

// Report is what `audit verify --json` prints: one object with stable field names.
type Report struct {
	OK            bool               `json:"ok"`
	DB            string             `json:"db"`
	Records       int64              `json:"records"`
	FirstSeq      int64              `json:"first_seq"`
	LastSeq       int64              `json:"last_seq"`
	Head          journal.Hash       `json:"head"`
	PrunedThrough int64              `json:"pruned_through"`
	Integrity     []string           `json:"integrity,omitempty"`
	Bad           *journal.BadRecord `json:"bad,omitempty"`
	// CommittedSeq is the last committed record the journal's head file records (0: none).
	CommittedSeq int64 `json:"committed_seq"`
	// Missing says which committed records the journal no longer holds (see journal.HeadSuffix).
	Missing string `json:"missing,omitempty"`
	// Warnings are findings that weaken the check, e.g. no head file.
	Warnings []string `json:"warnings,omitempty"`
	// LossesAccepted are the committed records lost from the journal's end whose loss a
	// supervisor accepted (coupboard journal accept-loss): the chain is whole by their
	// record, and they are never silent.
	LossesAccepted []journal.AcceptedLoss `json:"losses_accepted,omitempty"`
	// Bus is the comparison with the heads the pit bus anchored (--against-bus).
	Bus *BusCheck `json:"bus,omitempty"`
}

// Run runs `coupboard audit` with args (after "audit"). The only subcommand is verify.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	_, args, err := cli.Subcommand(args, "usage: coupboard audit verify [--db PATH | --table ID] [--against-bus URL[,URL…]] [--json]", stderr, "verify")
	if err != nil {
		return err
	}
	fs := flag.NewFlagSet("audit verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "", "journal database file (default: $XDG_DATA_HOME/coupboard/<table>.db)")
	table := fs.String("table", "", "table id, to find the journal at its default path")
	asJSON := fs.Bool("json", false, "print one JSON object instead of a line of text")
	var bo busOptions
	fs.StringVar(&bo.urls, "against-bus", "", "also compare the journal with the heads its table anchored on the pit bus at these URLs (comma-separated)")
	fs.StringVar(&bo.table, "bus-table", "", "with --against-bus: the table id on the bus (default: the one the journal records)")
	fs.StringVar(&bo.user, "bus-user", "", "with --against-bus: a board's read-only user; its password in $COUPBOARD_BUS_PASSWORD")
	fs.StringVar(&bo.nkeySeed, "bus-nkey-seed", "", "with --against-bus: a board's nkey seed file instead of --bus-user")
	fs.StringVar(&bo.ca, "bus-ca", "", "with --against-bus: the CA of the bus's certificate (tls:// URLs)")
	fs.BoolVar(&bo.open, "open-bus", false, "with --against-bus: connect with no credentials on purpose")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	}
	path, err := journal.PathFor(*db, *table)
	if err != nil {
		return err
	}
	j, err := journal.Open(path, journal.Options{ReadOnly: true, TailCheck: -1})
	if err != nil {
		return err
	}
	defer j.Close()
	v, err := j.Verify()
	if err != nil {
		return err
	}
	su := j.Startup()
	rep := Report{
		OK: v.OK() && !su.Damaged(), DB: j.Path(), Records: v.Records, FirstSeq: v.FirstSeq, LastSeq: v.LastSeq,
		Head: v.Head, PrunedThrough: v.PrunedThrough, Integrity: su.Integrity, Bad: v.Bad,
		CommittedSeq: su.CommittedSeq, Missing: su.Missing, Warnings: su.Warnings, LossesAccepted: v.Losses,
	}
	if bo.urls != "" {
		if rep.Bus, err = checkAgainstBus(j, bo, v.Losses); err != nil {
			return err
		}
		rep.OK = rep.OK && rep.Bus.Mismatch == ""
	}
	if *asJSON {
		b, err := json.Marshal(rep)
		if err != nil {
			return fmt.Errorf("encode report: %w", err)
		}
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		printText(stdout, rep)
	}
	switch {
	case rep.Missing != "":
		return fmt.Errorf("%s: %w: committed records lost: %s", path, ErrChainBroken, rep.Missing)
	case rep.Bad != nil:
		return fmt.Errorf("%s: %w: %s", path, ErrChainBroken, rep.Bad)
	case len(rep.Integrity) > 0:
		return fmt.Errorf("%s: %w: the database file is damaged: %s", path, ErrChainBroken, rep.Integrity[0])
	case rep.Bus != nil && rep.Bus.Mismatch != "":
		return fmt.Errorf("%s: %w: %s", path, ErrRewritten, rep.Bus.Mismatch)
	}
	return nil
}

// printText writes the report for a person.
func printText(w io.Writer, r Report) {
	for _, p := range r.Integrity {
		fmt.Fprintf(w, "DAMAGED: %s\n", p)
	}
	if r.Bad != nil {
		fmt.Fprintf(w, "BAD: %s\n", r.Bad)
	}
	if r.Missing != "" {
		fmt.Fprintf(w, "LOST: %s\n", r.Missing)
	}
	for _, m := range r.Warnings {
		fmt.Fprintf(w, "WARNING: %s\n", m)
	}
	var lost int64
	for _, l := range r.LossesAccepted {
		fmt.Fprintf(w, "LOSS ACCEPTED: %s\n", l)
		lost += l.Lost()
	}
	if r.Bad != nil {
		if r.Records > 0 {
			fmt.Fprintf(w, "records %d to %d are intact; last good hash %s\n", r.FirstSeq, r.LastSeq, r.Head)
		}
		return
	}
	if r.Bus != nil {
		if r.Bus.Mismatch != "" {
			fmt.Fprintf(w, "REWRITTEN: %s\n", r.Bus.Mismatch)
		}
		for _, l := range r.Bus.LostAccepted {
			fmt.Fprintf(w, "LOST ON THE BUS: %s\n", l)
		}
		fmt.Fprintf(w, "pit bus %s: %d heads anchored for table %s (newest record %d), %d compared with the journal, %d before its first record (pruned), %d in accepted losses\n",
			r.Bus.URL, r.Bus.Anchors, r.Bus.Table, r.Bus.LastSeq, r.Bus.Checked, r.Bus.Pruned, r.Bus.Lost)
		if r.Bus.Anchors == 0 {
			fmt.Fprintf(w, "WARNING: the pit bus holds no head of table %s: nothing outside the file vouches for it\n", r.Bus.Table)
		}
		if r.Bus.Mismatch != "" {
			return
		}
	}
	if len(r.Integrity) > 0 || r.Missing != "" {
		return
	}
	pruned := ""
	if r.PrunedThrough > 0 {
		pruned = fmt.Sprintf(", records 1 to %d pruned under a checkpoint", r.PrunedThrough)
	}
	if r.Records == 0 {
		fmt.Fprintf(w, "OK: 0 records%s\n", pruned)
		return
	}
	if len(r.LossesAccepted) > 0 {
		pruned += fmt.Sprintf(", %d committed records lost and the loss accepted (%d LOSS ACCEPTED above)", lost, len(r.LossesAccepted))
	}
	fmt.Fprintf(w, "OK: %d records (seq %d to %d)%s; head %s\n", r.Records, r.FirstSeq, r.LastSeq, pruned, r.Head)
}
