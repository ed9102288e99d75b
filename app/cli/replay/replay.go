// Package replay is the `coupboard replay` subcommand: it deals a shoe script
// (spec/shoe-protocol.md §4) under a rule profile and prints one JSON object per line for every
// round and every shoe event, with the field names of the spec.
package replay

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/coupboard/coupboard/app/cli/input"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// redDogProfile is the Red Dog profile id, replayed by package engine/reddog.
const redDogProfile = "vic-red-dog-1997"

// setFlags collects the repeatable --set key=value flag.
type setFlags []string

// String joins the pairs given so far.
func (s *setFlags) String() string { return strings.Join(*s, ",") }

// Set adds one pair.
func (s *setFlags) Set(v string) error { *s = append(*s, v); return nil }

// Run is `coupboard replay --profile ID [--set key=value ...] [FILE|-]`. It reads the script
// from FILE, or standard input when FILE is "-" or absent. A malformed script or setting is an
// error naming the line, the token and the reason (or the key), and nothing is printed.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	profile := fs.String("profile", "", "rule profile: "+strings.Join(engine.ProfileIDs(), ", ")+", "+redDogProfile)
	var sets setFlags
	fs.Var(&sets, "set", "table setting key=value (repeatable), e.g. --set style=C")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: coupboard replay --profile ID [--set key=value ...] [FILE|-]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *profile == "" {
		fs.Usage()
		return errors.New("--profile is required")
	}
	if fs.NArg() > 1 {
		return fmt.Errorf("want at most one script file, got %d", fs.NArg())
	}
	name := "-"
	if fs.NArg() == 1 {
		name = fs.Arg(0)
	}
	toks, err := readScript(name, stdin)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(stdout, 64<<10)
	if *profile == redDogProfile {
		err = replayRedDog(w, toks, sets)
	} else {
		err = replayBaccarat(w, *profile, toks, sets)
	}
	if err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// readScript reads the script a line at a time, within input's bounds (a line, the tokens).
func readScript(name string, stdin io.Reader) ([]engine.Token, error) {
	r, close, err := input.Open(name, stdin)
	if err != nil {
		return nil, fmt.Errorf("read script %s: %w", name, err)
	}
	defer close()
	toks, err := input.Script(r)
	if err != nil {
		return nil, fmt.Errorf("script %s: %w", name, err)
	}
	return toks, nil
}

func replayBaccarat(w *bufio.Writer, id string, toks []engine.Token, sets []string) error {
	p, err := engine.LookupProfile(id)
	if err != nil {
		return err
	}
	s, err := engine.ParseSettings(&p, sets)
	if err != nil {
		return err
	}
	r, err := engine.NewReplayer(p, s)
	if err != nil {
		return err
	}
	var line []byte
	for _, t := range toks {
		evs := r.Feed(t)
		for i := range evs {
			line = AppendEvent(line[:0], &evs[i], &t)
			if len(line) > 0 {
				line = append(line, '\n')
				if _, err := w.Write(line); err != nil {
					return fmt.Errorf("write output: %w", err)
				}
			}
		}
	}
	evs := r.End()
	for i := range evs {
		line = AppendEvent(line[:0], &evs[i], nil)
		if len(line) > 0 {
			if _, err := w.Write(append(line, '\n')); err != nil {
				return fmt.Errorf("write output: %w", err)
			}
		}
	}
	return nil
}

func replayRedDog(w *bufio.Writer, toks []engine.Token, sets []string) error {
	decks := 8
	for _, kv := range sets {
		k, v, _ := strings.Cut(kv, "=")
		if k != "decks" {
			return &engine.SettingError{Key: k, Value: v, Reason: "the Red Dog replay takes only decks"}
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return &engine.SettingError{Key: k, Value: v, Reason: "want a number of decks"}
		}
		decks = n
	}
	recs, err := reddog.Replay(toks, decks)
	if err != nil {
		return err
	}
	for _, rec := range recs {
		b, err := json.Marshal(rec)
		if err != nil {
			return fmt.Errorf("encode red dog record: %w", err)
		}
		if _, err := w.Write(append(b, '\n')); err != nil {
			return fmt.Errorf("write output: %w", err)
		}
	}
	return nil
}
