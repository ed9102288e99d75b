package desk

import (
	"fmt"
	"time"

	"github.com/coupboard/coupboard/engine"
)

// DefaultStart is where a replay's table clock starts unless told otherwise (spec §1).
var DefaultStart = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Runner drives a Table with the items of a table script, keeping the script's clock: a clock
// form moves it (never backwards), tokens and commands take no time.
type Runner struct {
	t   *Table
	now time.Time
	tok engine.Input // the game input of a token item: only its Token changes (Table.Apply reads it, never keeps it)
}

// NewRunner starts a runner on t with the clock at start.
func NewRunner(t *Table, start time.Time) *Runner {
	return &Runner{t: t, now: start, tok: engine.Input{Kind: engine.InToken}}
}

// Table is the runner's table.
func (r *Runner) Table() *Table { return r.t }

// Now is the script's clock.
func (r *Runner) Now() time.Time { return r.now }

// Step applies one item. A clock form before the clock is an error naming the line.
func (r *Runner) Step(it *Item) (*Outcome, error) {
	switch it.Kind {
	case ItemClock:
		at := it.Clock.At(r.now)
		if at.Before(r.now) {
			return nil, fmt.Errorf("line %d: %q: %w: the clock is at %s", it.Line, it.Clock.String(), ErrBackwards, r.now.UTC().Format(time.RFC3339))
		}
		r.now = at
		return r.t.Advance(at), nil
	case ItemToken:
		r.tok.Token = it.Token // engine.TokenInput(it.Token), without building the whole input again
		return r.t.Apply(Input{Game: &r.tok, Line: it.Line}, r.now)
	case ItemCommand:
		return r.t.Apply(Input{Command: it.Command, Line: it.Line}, r.now)
	}
	return nil, fmt.Errorf("line %d: unknown script item", it.Line)
}
