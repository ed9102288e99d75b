package console

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// Rehearsal is a Poster that decides every posting with each table's own engine (a desk.Table
// of the table's book, starting from the sign and state the table publishes) and answers as
// the table would — accepted with its notice, or refused with the rule — but sends nothing to
// the tables. It is what the console posts to until the pit's command sender is wired in:
// the page says so on every screen (Console.Rehearsal). Cancel withdraws a posting and decides
// the table's remaining postings again without it.
type Rehearsal struct {
	live  *Live
	books books
	now   func() time.Time

	mu       sync.Mutex
	n        int
	postings map[string]*rehearsed
	desks    map[string]*rehearsalDesk
}

type rehearsed struct {
	tables    []string
	line      string
	at        time.Time
	answers   []Answer
	cancelled bool
}

// rehearsalDesk is one table's engine: the sign it started from and the postings applied.
type rehearsalDesk struct {
	sign    engine.Sign
	closes  time.Time // the closing in effect or announced when it started; zero: none
	started time.Time
	table   *desk.Table
	applied []string // posting ids, in order
}

// NewRehearsal is a rehearsal over the live board (for each table's sign and state) and the
// console's books. now is the clock (nil: time.Now).
func NewRehearsal(live *Live, cfg Config, now func() time.Time) (*Rehearsal, error) {
	b, err := cfg.books()
	if err != nil {
		return nil, err
	}
	if now == nil {
		now = time.Now
	}
	return &Rehearsal{live: live, books: b, now: now, postings: map[string]*rehearsed{}, desks: map[string]*rehearsalDesk{}}, nil
}

// MaxPostings bounds what a rehearsal remembers; the oldest posting is forgotten first.
const MaxPostings = 1000

// Post decides line on every table (see Poster).
func (r *Rehearsal) Post(ctx context.Context, tables []string, line string, by Person) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	items, err := desk.ParseLine(1, line)
	if err != nil {
		return "", fmt.Errorf("post %q: %w", line, err)
	}
	if len(items) != 1 || items[0].Kind != desk.ItemCommand {
		return "", fmt.Errorf("post %q: want one command", line)
	}
	now := r.now()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.n++
	id := fmt.Sprintf("R%d", r.n)
	p := &rehearsed{tables: append([]string(nil), tables...), line: line, at: now}
	for _, t := range tables {
		p.answers = append(p.answers, r.decide(t, id, items[0].Command, now))
	}
	r.postings[id] = p
	if len(r.postings) > MaxPostings {
		delete(r.postings, fmt.Sprintf("R%d", r.n-MaxPostings))
	}
	return id, nil
}

// decide applies command c of posting id to table t's desk at now.
func (r *Rehearsal) decide(t, id string, c *desk.Command, now time.Time) Answer {
	d, err := r.desk(t, now)
	if err != nil {
		return Answer{Table: t, State: AnswerRefused, Reason: err.Error(), At: now}
	}
	cmd := *c
	out, err := d.table.Apply(desk.Input{Command: &cmd, Line: 1}, now)
	if err != nil {
		return Answer{Table: t, State: AnswerRefused, Reason: err.Error(), At: now}
	}
	if len(out.Refused) > 0 {
		rf := out.Refused[0]
		return Answer{Table: t, State: AnswerRefused, Rule: rf.Rule, Reason: rf.Reason, At: now}
	}
	d.applied = append(d.applied, id)
	var notes []string
	for _, n := range out.Notices {
		notes = append(notes, n.Text)
	}
	return Answer{Table: t, State: AnswerAccepted, Reason: strings.Join(notes, "; "), At: now}
}

// desk is table t's engine, started from what the table publishes now if it has none.
func (r *Rehearsal) desk(t string, now time.Time) (*rehearsalDesk, error) {
	if d, ok := r.desks[t]; ok {
		return d, nil
	}
	bk := r.books.of(t)
	var d *rehearsalDesk
	found := false
	r.live.View(func(v *BoardView) {
		tb, ok := v.Board.Table(t)
		if !ok || tb.State == "" {
			return
		}
		found = true
		d = &rehearsalDesk{sign: bk.signOf(tb.Limits), closes: closesOf(tb, now), started: now}
	})
	if !found {
		return nil, fmt.Errorf("table %s has published no sign yet", t)
	}
	if err := r.start(t, bk, d); err != nil {
		return nil, err
	}
	r.desks[t] = d
	return d, nil
}

// start makes d's engine afresh from its starting sign and state.
func (r *Rehearsal) start(t string, bk book, d *rehearsalDesk) error {
	cfg := bk.config(d.sign)
	start := d.started
	if !d.closes.IsZero() {
		start = earlier(start, d.closes.Add(-bk.notices.Period()))
	}
	tb, err := desk.New(cfg, start)
	if err != nil {
		return fmt.Errorf("table %s: %w", t, err)
	}
	if !d.closes.IsZero() {
		if out := tb.Schedule(engine.Change{At: d.closes, Close: true}, start); len(out.Refused) > 0 {
			return fmt.Errorf("table %s: its closing at %s: %w", t, d.closes.Format("15:04"), out.Refused[0])
		}
	}
	d.table = tb
	return nil
}

// Answers is what each table answered (see Poster).
func (r *Rehearsal) Answers(ctx context.Context, id string) ([]Answer, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	p, ok := r.postings[id]
	if !ok {
		return nil, fmt.Errorf("answers of %s: %w", id, ErrUnknownPosting)
	}
	return append([]Answer(nil), p.answers...), nil
}

// Cancel withdraws posting id from every table that accepted it and has not yet put it into
// effect: the table's engine is started again and given its other postings, in order, at the
// times they were posted.
func (r *Rehearsal) Cancel(ctx context.Context, id string, by Person) error {
	now := r.now()
	r.mu.Lock()
	defer r.mu.Unlock()
	p, ok := r.postings[id]
	if !ok {
		return fmt.Errorf("cancel %s: %w", id, ErrUnknownPosting)
	}
	items, err := desk.ParseLine(1, p.line)
	if err != nil || p.cancelled {
		return fmt.Errorf("cancel %s: %w", id, ErrNotCancellable)
	}
	if at := items[0].Command.At; at != nil && !at.At(p.at).After(now) {
		return fmt.Errorf("cancel %s: %w", id, ErrNotCancellable)
	}
	p.cancelled = true
	for i, a := range p.answers {
		if a.State != AnswerAccepted {
			continue
		}
		p.answers[i] = Answer{Table: a.Table, State: AnswerCancelled, At: now}
		d := r.desks[a.Table]
		if d == nil {
			continue
		}
		if err := r.start(a.Table, r.books.of(a.Table), d); err != nil {
			return fmt.Errorf("cancel %s: %w", id, err)
		}
		kept := d.applied[:0]
		for _, pid := range d.applied {
			q := r.postings[pid]
			if pid == id || q == nil {
				continue
			}
			its, err := desk.ParseLine(1, q.line)
			if err != nil {
				continue
			}
			out, err := d.table.Apply(desk.Input{Command: its[0].Command, Line: 1}, q.at)
			if err == nil && len(out.Refused) == 0 {
				kept = append(kept, pid)
			}
		}
		d.applied = kept
	}
	return nil
}
