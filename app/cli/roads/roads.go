// Package roads is the `coupboard roads` subcommand: it reads a shoe's results in hand notation and
// prints every road, the ask road and the statistics as one JSON object (spec/roadmap.md §7).
package roads

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/coupboard/coupboard/app/cli/input"
	"github.com/coupboard/coupboard/roadmap"
)

// Summary is the one-line description shown in `coupboard help`.
const Summary = "print every road, the ask road and the statistics of results like BBPTbP as JSON"

// Run runs `coupboard roads [--input FILE|-] [--pretty] [HANDS...]`. The hands come from HANDS (several
// arguments are joined with spaces) or from --input (a file, or - for stdin), not both. Bad notation is
// an error naming its position.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("roads", flag.ContinueOnError)
	fs.SetOutput(stderr)
	input := fs.String("input", "", "read the hands from `FILE` (- for standard input)")
	pretty := fs.Bool("pretty", false, "indent the JSON")
	cardsDealt := fs.Int("cards-dealt", -1, "cards dealt so far, for the statistics (-1: unknown)")
	cardsLeft := fs.Int("cards-left", -1, "cards left in the shoe, for the statistics (-1: unknown)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: coupboard roads [--input FILE|-] [--pretty] [HANDS...]\n\n"+
			"HANDS: one letter per hand, B, P or T, each optionally followed by b (banker pair)\n"+
			"and/or p (player pair), e.g. BBbPTpP; white space is ignored.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	text, source, err := readHands(*input, fs.Args(), stdin)
	if err != nil {
		return err
	}
	hands, err := roadmap.ParseHands(text)
	if err != nil {
		return fmt.Errorf("read hands from %s: %w", source, err)
	}
	r, err := roadmap.Build(hands, roadmap.DefaultOptions())
	if err != nil {
		return fmt.Errorf("build roads: %w", err)
	}
	if *cardsDealt >= 0 || *cardsLeft >= 0 {
		if err := r.SetCards(*cardsDealt, *cardsLeft); err != nil {
			return fmt.Errorf("--cards-dealt and --cards-left go together: %w", err)
		}
	}
	var out []byte
	if *pretty {
		out, err = json.MarshalIndent(r.Report(), "", "  ")
	} else {
		out, err = json.Marshal(r.Report())
	}
	if err != nil {
		return fmt.Errorf("encode roads: %w", err)
	}
	out = append(out, '\n')
	if _, err := stdout.Write(out); err != nil {
		return fmt.Errorf("write roads: %w", err)
	}
	return nil
}

// MaxHands is the most hands `roads` draws: roads are a shoe's (an 8-deck shoe deals at most
// 104 hands), and this leaves room for many shoes in a row while keeping memory small.
const MaxHands = 10_000

// MaxBytes is the most input `roads` reads, white space included.
const MaxBytes = 1 << 20

// readHands is the hand notation to read and a name for it in error messages. Files and
// standard input are read a line at a time and refused, naming the line, as soon as a line is
// over input.MaxLine bytes, the input over MaxBytes or the hands over MaxHands.
func readHands(name string, args []string, stdin io.Reader) (text, source string, err error) {
	var r io.Reader
	switch {
	case name != "" && len(args) > 0:
		return "", "", errors.New("give the hands as arguments or with --input, not both")
	case name == "-":
		r, source = stdin, "standard input"
	case name != "":
		f, close, err := input.Open(name, stdin)
		if err != nil {
			return "", "", fmt.Errorf("read hands: %w", err)
		}
		defer close()
		r, source = f, name
	case len(args) == 0:
		return "", "", errors.New("no hands: give them as arguments (e.g. BBPTbP) or with --input FILE|-")
	default:
		r, source = strings.NewReader(strings.Join(args, " ")), "arguments"
	}
	var b strings.Builder
	hands := 0
	err = input.Lines(r, func(n int, line string) error {
		if b.Len()+len(line)+1 > MaxBytes {
			return fmt.Errorf("line %d: %w: more than %d bytes", n, input.ErrTooLong, MaxBytes)
		}
		hands += strings.Count(line, "B") + strings.Count(line, "P") + strings.Count(line, "T")
		if hands > MaxHands {
			return fmt.Errorf("line %d: %w: more than %d hands", n, input.ErrTooLong, MaxHands)
		}
		if n > 1 {
			b.WriteByte('\n')
		}
		b.WriteString(line)
		return nil
	})
	if err != nil {
		return "", "", fmt.Errorf("read hands from %s: %w", source, err)
	}
	return b.String(), source, nil
}
