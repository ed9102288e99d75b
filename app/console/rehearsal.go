package console

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/pitwire"
)

// Rehearsal is a Poster that decides every posting with each table's own engine (a desk.Table
// of the table's book, starting from the sign and state the table publishes) and answers as
// the table would — accepted with its notice, or refused with the rule — but sends nothing to
// the tables. It is what the console posts to until the pit's command sender is wired in:
// the page says so on every screen (Console.Rehearsal). Cancel gives each table that accepted a
// posting the pit's !withdraw of it, which the table's engine decides by its book's withdraw
// rule (only the last change posted, not yet in effect), as a table would.
type Rehearsal struct {
	live  *Live
	books books
	now   func() time.Time

	mu       sync.Mutex
	n        int
	postings map[string]*rehearsed
	desks    map[string]*rehearsalDesk
}

// rehearsed is one posting: each table's answer, in the order posted.
type rehearsed struct {
	answers []Answer
}

// rehearsalDesk is one table's engine and the sign it started from.
type rehearsalDesk struct {
	sign    engine.Sign
	cur     engine.Currency // the table's currency, as it publishes it (currencyOf)
	closes  time.Time       // the closing in effect or announced when it started; zero: none
	started time.Time
	table   *desk.Table
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
	p := &rehearsed{}
	for _, t := range tables {
		p.answers = append(p.answers, r.decide(t, items[0].Command, now))
	}
	r.postings[id] = p
	if len(r.postings) > MaxPostings {
		delete(r.postings, fmt.Sprintf("R%d", r.n-MaxPostings))
	}
	return id, nil
}

// decide applies command c to table t's desk at now.
func (r *Rehearsal) decide(t string, c *desk.Command, now time.Time) Answer {
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
	var notes []string
	for _, n := range out.Notices {
		notes = append(notes, n.Text)
	}
	return Answer{Table: t, State: AnswerAccepted, Reason: strings.Join(notes, "; "), At: now, Effective: pitwire.Effective(cmd, now)}
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
		d = &rehearsalDesk{sign: bk.signOf(tb.Limits), cur: currencyOf(tb.Limits.Currency), closes: closesOf(tb, now), started: now}
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
	cfg := bk.config(d.sign, d.cur)
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

// Cancel withdraws posting id at every table that accepted it for a time still to come
// (Answer.Withdrawable): the table's engine is given the pit's !withdraw of it
// (pitwire.WithdrawLine), and decides by its book's withdraw rule — a change posted after it
// there must be withdrawn first. Each table's answer is its Answer's Withdrawal;
// ErrNotCancellable when no table holds the posting as a change still to come.
func (r *Rehearsal) Cancel(ctx context.Context, id string, by Person) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	now := r.now()
	r.mu.Lock()
	defer r.mu.Unlock()
	p, ok := r.postings[id]
	if !ok {
		return fmt.Errorf("cancel %s: %w", id, ErrUnknownPosting)
	}
	done := false
	for i, a := range p.answers {
		d := r.desks[a.Table]
		if !a.Withdrawable(now) || d == nil {
			continue
		}
		done = true
		items, err := desk.ParseLine(1, pitwire.WithdrawLine(a.Effective))
		if err != nil {
			return fmt.Errorf("cancel %s at %s: %w", id, a.Table, err)
		}
		w := &Withdrawal{State: WithdrawalDone, At: now}
		out, err := d.table.Apply(desk.Input{Command: items[0].Command, Line: 1}, now)
		switch {
		case err != nil:
			w.State, w.Reason = WithdrawalRefused, err.Error()
		case len(out.Refused) > 0:
			w.State, w.Rule, w.Reason = WithdrawalRefused, out.Refused[0].Rule, out.Refused[0].Reason
		default:
			a.State, a.Reason = AnswerCancelled, ""
		}
		a.Withdrawal = w
		p.answers[i] = a
	}
	if !done {
		return fmt.Errorf("cancel %s: %w", id, ErrNotCancellable)
	}
	return nil
}
