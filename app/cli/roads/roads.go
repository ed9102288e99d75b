// Package roads is the `coupboard roads` subcommand: it reads a shoe's results in hand notation and
// prints every road, the ask road and the statistics as one JSON object (spec/roadmap.md §7).
package roads

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

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

// readHands is the hand notation to read and a name for it in error messages.
func readHands(input string, args []string, stdin io.Reader) (text, source string, err error) {
	switch {
	case input != "" && len(args) > 0:
		return "", "", errors.New("give the hands as arguments or with --input, not both")
	case input == "-":
		b, err := io.ReadAll(stdin)
		if err != nil {
			return "", "", fmt.Errorf("read hands from standard input: %w", err)
		}
		return string(b), "standard input", nil
	case input != "":
		b, err := os.ReadFile(input)
		if err != nil {
			return "", "", fmt.Errorf("read hands: %w", err)
		}
		return string(b), input, nil
	case len(args) == 0:
		return "", "", errors.New("no hands: give them as arguments (e.g. BBPTbP) or with --input FILE|-")
	}
	return strings.Join(args, " "), "arguments", nil
}
