// Package replay is the `coupboard replay` subcommand: it deals a table script
// (spec/table-script.md: a shoe script, spec/shoe-protocol.md §4, with "@" clock forms and "!"
// operator commands) under a rule profile through the table aggregate (engine/desk) and prints
// one JSON object per line for every round and every shoe event, and every settlement, run,
// commission, notice, sign and refusal, with the field names of the specs.
package replay

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/coupboard/coupboard/app/cli/input"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
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
	var signs setFlags
	fs.Var(&signs, "limit", "the opening sign: WAGER=MIN-MAX[/MULTIPLE] (repeatable), as !limits writes it")
	start := fs.String("start", desk.DefaultStart.Format(time.RFC3339), "the table clock at the start of the script (RFC 3339)")
	currency := fs.String("currency", "AUD", "the table's currency, an ISO 4217 code: notes, notices and refusals write their amounts in its symbol (AUD $, MOP MOP$, CNY \"CNY \")")
	hold := fs.Bool("hold", false, "hold a coup under review for the supervisor's !accept, !reconstruct or void, as a live table does (without it such a coup finishes flagged for review)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: coupboard replay --profile ID [--set key=value ...] [--limit WAGER=MIN-MAX ...] [--start TIME] [--currency CODE] [--hold] [FILE|-]")
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
	t0, err := time.Parse(time.RFC3339, *start)
	if err != nil {
		return fmt.Errorf("--start %q: want a time such as 2026-01-01T00:00:00Z", *start)
	}
	if !isCurrencyCode(*currency) {
		return fmt.Errorf("--currency %q: want an ISO 4217 code such as AUD, NZD or MOP", *currency)
	}
	cur := engine.CurrencyOf(*currency)
	sign, err := openingSign(signs)
	if err != nil {
		return err
	}
	items, tableScript, err := readScript(name, stdin)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(stdout, 64<<10)
	switch {
	case *profile == redDogProfile && !tableScript:
		err = replayRedDog(w, tokens(items), sets)
	case *profile == redDogProfile:
		err = replayRedDogTable(w, items, sets, sign, t0, cur, *hold)
	default:
		err = replayBaccarat(w, *profile, items, sets, sign, t0, cur, *hold)
	}
	if err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// readScript reads the table script a line at a time, within input's bounds (a line, the
// items, the bytes). tableScript says whether it has a clock form or a command (a plain shoe
// script has neither).
func readScript(name string, stdin io.Reader) (items []desk.Item, tableScript bool, err error) {
	r, close, err := input.Open(name, stdin)
	if err != nil {
		return nil, false, fmt.Errorf("read script %s: %w", name, err)
	}
	defer close()
	var read int64
	err = input.Lines(r, func(n int, line string) error {
		if read += int64(len(line)) + 1; read > input.MaxScriptBytes {
			return fmt.Errorf("line %d: %w: more than %d bytes", n, input.ErrTooLong, input.MaxScriptBytes)
		}
		its, err := desk.ParseLine(n, line)
		if err != nil {
			return err
		}
		if len(items)+len(its) > input.MaxTokens {
			return fmt.Errorf("line %d: %w: more than %d items; split the script", n, input.ErrTooLong, input.MaxTokens)
		}
		for _, it := range its {
			if it.Kind != desk.ItemToken {
				tableScript = true
			}
			// A token's text and a command's reason are pieces of their line, which input.Lines
			// gives as a string of its own: the lines stay in memory with their items (within
			// input.MaxScriptBytes in all) instead of a copy of every token.
			items = append(items, it)
		}
		return nil
	})
	if err != nil {
		return nil, false, fmt.Errorf("script %s: %w", name, err)
	}
	return items, tableScript, nil
}

// tokens are the shoe tokens of a script that has nothing else.
func tokens(items []desk.Item) []engine.Token {
	toks := make([]engine.Token, 0, len(items))
	for i := range items {
		toks = append(toks, items[i].Token)
	}
	return toks
}

// openingSign reads the --limit flags as one !limits command would.
func openingSign(limits []string) (engine.Sign, error) {
	var s engine.Sign
	if len(limits) == 0 {
		return s, nil
	}
	c, err := desk.ParseLine(0, "!limits "+strings.Join(limits, " "))
	if err != nil || len(c) != 1 || c[0].Command.At != nil || c[0].Command.Waived {
		return s, fmt.Errorf("--limit %s: want WAGER=MIN-MAX[/MULTIPLE]: %v", strings.Join(limits, " "), err)
	}
	for _, l := range c[0].Command.Limits {
		switch l.Wager {
		case desk.WagerPlayer, desk.WagerBet:
			s.Player = l.Limit
		case desk.WagerBanker:
			s.Banker = l.Limit
		case desk.WagerTie:
			s.Tie = l.Limit
		case desk.WagerInsurance:
			s.Insurance = l.Limit
		case desk.WagerRuns:
			s.Run = l.Limit
		}
	}
	return s, nil
}

// replayBaccarat deals the script through the table aggregate, hands turned over as soon as
// they may be unless the script turns them itself ("!turn").
func replayBaccarat(w *bufio.Writer, id string, items []desk.Item, sets []string, sign engine.Sign, start time.Time, cur engine.Currency, hold bool) error {
	p, err := engine.LookupProfile(id)
	if err != nil {
		return err
	}
	s, err := engine.ParseSettings(&p, sets)
	if err != nil {
		return err
	}
	auto := true
	for i := range items {
		if items[i].Kind == desk.ItemCommand && items[i].Command.Verb == desk.VerbTurn {
			auto = false
		}
	}
	t, err := desk.New(desk.Config{Profile: p, Settings: s, Sign: sign, AutoTurn: auto, Hold: hold, Currency: cur}, start)
	if err != nil {
		return err
	}
	run := desk.NewRunner(t, start)
	var line []byte
	for i := range items {
		it := &items[i]
		out, err := run.Step(it)
		if err != nil {
			return err
		}
		tok := &it.Token
		if it.Kind == desk.ItemCommand {
			tok = &engine.Token{Line: it.Line, Text: "!" + string(it.Command.Verb)}
		}
		line = line[:0]
		for j := range out.Events {
			if n := len(line); appendLine(&line, &out.Events[j], tok) > n {
				line = append(line, '\n')
			}
		}
		line = out.Lines(line, false)
		if _, err := w.Write(line); err != nil {
			return fmt.Errorf("write output: %w", err)
		}
	}
	line = line[:0]
	out := t.End()
	for j := range out.Events {
		if n := len(line); appendLine(&line, &out.Events[j], nil) > n {
			line = append(line, '\n')
		}
	}
	if _, err := w.Write(line); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// replayRedDogTable deals a Red Dog table script through the table aggregate: the records of
// reddog.Replay, with the settlement, notice, sign and refusal lines in their places.
func replayRedDogTable(w *bufio.Writer, items []desk.Item, sets []string, sign engine.Sign, start time.Time, cur engine.Currency, hold bool) error {
	p := reddog.VicRedDog1997()
	for _, kv := range sets {
		k, v, _ := strings.Cut(kv, "=")
		if k != "decks" || v != strconv.Itoa(p.Decks) {
			return &engine.SettingError{Key: k, Value: v, Reason: fmt.Sprintf("a Red Dog table script takes only decks=%d (3.1)", p.Decks)}
		}
	}
	t, err := desk.New(desk.Config{RedDog: &p, Sign: sign, Hold: hold, Currency: cur}, start)
	if err != nil {
		return err
	}
	run := desk.NewRunner(t, start)
	rec := reddog.NewRecorder(p)
	var lines []byte
	for i := range items {
		out, err := run.Step(&items[i])
		if err != nil {
			return err
		}
		for _, e := range out.RedDog {
			rec.Add(e)
		}
		lines = out.Lines(lines[:0], true)
		for len(lines) > 0 {
			n := bytes.IndexByte(lines, '\n')
			rec.Raw(lines[:n])
			lines = lines[n+1:]
		}
	}
	rec.End(t.RedDogInProgress())
	for _, r := range rec.Records() {
		b, err := json.Marshal(r)
		if err != nil {
			return fmt.Errorf("encode red dog record: %w", err)
		}
		if _, err := w.Write(append(b, '\n')); err != nil {
			return fmt.Errorf("write output: %w", err)
		}
	}
	return nil
}

// appendLine appends the event's line (without its newline) to *b and returns the new length.
func appendLine(b *[]byte, e *engine.Event, tok *engine.Token) int {
	*b = AppendEvent(*b, e, tok)
	return len(*b)
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

// isCurrencyCode reports whether s is written as an ISO 4217 code is: three capital letters.
func isCurrencyCode(s string) bool {
	if len(s) != 3 {
		return false
	}
	for _, r := range s {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}
