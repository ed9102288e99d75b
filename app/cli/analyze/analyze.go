// Package analyze is the `coupboard analyze` subcommand: the exact odds of a baccarat shoe and
// the house edge of every wager a rule profile offers, as JSON or a readable table.
package analyze

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// setFlags collects repeated --set key=value flags.
type setFlags []string

// String joins the settings (flag.Value).
func (s *setFlags) String() string { return strings.Join(*s, " ") }

// Set adds one key=value (flag.Value).
func (s *setFlags) Set(v string) error {
	if !strings.Contains(v, "=") {
		return fmt.Errorf("%q: want key=value", v)
	}
	*s = append(*s, v)
	return nil
}

// Report is the JSON the command prints. Percentages are exact fractions rounded to 6 decimals.
type Report struct {
	Profile       string                 `json:"profile"`       // the profile id
	Decks         int                    `json:"decks"`         // decks in the shoe
	Settings      []string               `json:"settings"`      // the --set pairs given
	Sequences     uint64                 `json:"sequences"`     // the denominator: ordered sequences of six cards
	Probabilities map[string]Probability `json:"probabilities"` // banker, player, tie, natural, banker_wins_on_6, insurance_no6_offered
	Wagers        []Wager                `json:"wagers"`        // every wager the table offers
}

// Probability is one event: its count of card sequences and its percentage.
type Probability struct {
	Count   uint64      `json:"count"`   // card sequences
	Percent json.Number `json:"percent"` // count / sequences, in percent
}

// Wager is the house edge of one wager the profile offers.
type Wager struct {
	Wager        string      `json:"wager"`              // Player, Banker, Tie, Insurance/No 6
	Pays         string      `json:"pays"`               // the payout
	Rule         string      `json:"rule"`               // the profile's rule numbers
	HouseEdge    json.Number `json:"house_edge_percent"` // in percent, 6 decimals
	HouseEdgeRat string      `json:"house_edge_exact"`   // the exact fraction (not in percent)
}

// Run is `coupboard analyze --profile ID [--decks N] [--set key=value ...] [--format json|table]`.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(stderr)
	profile := fs.String("profile", engine.ProfileVic2002, "rule profile id: "+strings.Join(append(engine.ProfileIDs(), reddog.ProfileID), ", "))
	decks := fs.Int("decks", 0, "decks in the shoe (default: the profile's default)")
	format := fs.String("format", "json", "output format: json or table")
	var sets setFlags
	fs.Var(&sets, "set", "table setting key=value (repeatable), e.g. --set version=crown")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: coupboard analyze --profile ID [--decks N] [--set key=value ...] [--format json|table]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *format != "json" && *format != "table" {
		return fmt.Errorf("--format %q: want json or table", *format)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if *profile == reddog.ProfileID {
		a, err := redDog(*decks, sets)
		if err != nil {
			return err
		}
		if *format == "table" {
			_, err = io.WriteString(stdout, a.Table())
			return err
		}
		return enc.Encode(a)
	}
	rep, err := Build(*profile, *decks, sets)
	if err != nil {
		return err
	}
	if *format == "table" {
		return writeTable(stdout, rep)
	}
	return enc.Encode(rep)
}

// redDog analyses vic-red-dog-1997 with package engine/reddog. The book's shoe has 8 decks
// (003 3.1); decks is the only setting that changes the odds, and only 8 is accepted.
func redDog(decks int, sets []string) (reddog.Analysis, error) {
	p := reddog.VicRedDog1997()
	for _, kv := range sets {
		k, v, _ := strings.Cut(kv, "=")
		if k != "decks" {
			return reddog.Analysis{}, fmt.Errorf("setting %s: not used by the analysis of %s (only decks)", k, p.ID)
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return reddog.Analysis{}, fmt.Errorf("setting decks=%s: want a number", v)
		}
		decks = n
	}
	if decks != 0 && decks != p.Decks {
		return reddog.Analysis{}, fmt.Errorf("setting decks=%d: %s is played with %d decks (003 3.1)", decks, p.ID, p.Decks)
	}
	return reddog.AnalyzeProfile(p)
}

// Build computes the report for a profile, a number of decks (0 for the profile's default)
// and table settings given as key=value. Settings are checked by the profile (engine.ParseSettings).
func Build(profileID string, decks int, sets []string) (Report, error) {
	p, err := engine.LookupProfile(profileID)
	if err != nil {
		return Report{}, err
	}
	pairs := append([]string(nil), sets...)
	if decks != 0 {
		pairs = append([]string{"decks=" + strconv.Itoa(decks)}, pairs...)
	}
	st, err := engine.ParseSettings(&p, pairs)
	if err != nil {
		return Report{}, err
	}
	rules, err := st.SettlementRules(&p)
	if err != nil {
		return Report{}, err
	}
	a, err := engine.Analyze(st.Decks)
	if err != nil {
		return Report{}, fmt.Errorf("analyze %s: %w", profileID, err)
	}
	rep := Report{Profile: p.ID, Decks: st.Decks, Settings: append([]string{}, sets...), Sequences: a.Sequences,
		Probabilities: map[string]Probability{}}
	for name, c := range map[string]uint64{
		"banker": a.Banker, "player": a.Player, "tie": a.Tie, "natural": a.Natural,
		"banker_wins_on_6": a.BankerWinsOn6, "insurance_no6_offered": a.InsuranceOffered,
	} {
		rep.Probabilities[name] = Probability{Count: c, Percent: percent(a.Probability(c))}
	}
	for _, e := range a.Edges(rules) {
		rep.Wagers = append(rep.Wagers, Wager{Wager: e.Wager, Pays: e.Pays, Rule: engine.CiteBook(e.Rule, p.Book), HouseEdge: percent(e.Edge), HouseEdgeRat: e.Edge.RatString()})
	}
	return rep, nil
}

func percent(r *big.Rat) json.Number {
	return json.Number(new(big.Rat).Mul(r, big.NewRat(100, 1)).FloatString(6))
}

var probOrder = []struct{ key, label string }{
	{"banker", "Banker wins"}, {"player", "Player wins"}, {"tie", "Tie"}, {"natural", "a natural (either hand)"},
	{"banker_wins_on_6", "Banker wins with 6"}, {"insurance_no6_offered", "Banker two-card 6, Player draws (Insurance/No 6 open)"},
}

func writeTable(w io.Writer, r Report) error {
	set := ""
	if len(r.Settings) > 0 {
		set = " (" + strings.Join(r.Settings, " ") + ")"
	}
	fmt.Fprintf(w, "%s, %d decks%s: exact over %d card sequences\n\n", r.Profile, r.Decks, set, r.Sequences)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "outcome\tprobability")
	for _, o := range probOrder {
		fmt.Fprintf(tw, "%s\t%s%%\n", o.label, r.Probabilities[o.key].Percent)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "wager\tpays\thouse edge\trule")
	for _, e := range r.Wagers {
		fmt.Fprintf(tw, "%s\t%s\t%s%%\t%s\n", e.Wager, e.Pays, e.HouseEdge, e.Rule)
	}
	return tw.Flush()
}
