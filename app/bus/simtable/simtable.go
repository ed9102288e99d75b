// Package simtable is a simulated baccarat table for the pit board's demo and load tests. It
// plays real coups — a seeded, shuffled shoe dealt by the engine's table of play — and
// commits what a real table would publish (shoe started and ended, rounds, status) to an
// outbox, from which a real bus.Publisher publishes them. Nothing is made up: every result
// is the result of the cards.
package simtable

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
)

// Committer is where the table commits its records: the journal, or a bus.MemOutbox.
type Committer interface {
	Append(m pitwire.Message) (pitwire.Message, error)
}

// Config configures a simulated table.
type Config struct {
	ID     string         // table id
	Name   string         // name for people; default "Baccarat <ID>"
	Game   string         // game in words; default "Baccarat — 5% commission"
	Seed   uint64         // the shuffles' seed
	Decks  int            // decks in the shoe; default 8
	Limits pitwire.Limits // the limit sign; default AUD 25–5000 main, 5–500 tie, 5–250 pairs
	// Closing, when positive, announces that the table closes this long after Open.
	Closing time.Duration
	// Closed opens the table closed (reopening ReopensIn after Open, when positive); a
	// closed table still has its shoe but should not be stepped.
	Closed    bool
	ReopensIn time.Duration
	Now       func() time.Time // the clock for closing times; default time.Now
}

// Table is one simulated table. It is not safe for concurrent use.
type Table struct {
	cfg    Config
	out    Committer
	rng    *rand.Rand
	shoe   []engine.Card
	pos    int // next card to deal
	cutAt  int // the cut card lies before card cutAt
	shoeNo int
	n      int // rounds dealt in this shoe
	status pitwire.Status
}

// New is a simulated table committing to out.
func New(cfg Config, out Committer) (*Table, error) {
	if !pitwire.ValidTableID(cfg.ID) {
		return nil, fmt.Errorf("simulated table: bad id %q", cfg.ID)
	}
	if cfg.Name == "" {
		cfg.Name = "Baccarat " + cfg.ID
	}
	if cfg.Game == "" {
		cfg.Game = "Baccarat — 5% commission"
	}
	if cfg.Decks <= 0 {
		cfg.Decks = 8
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if len(cfg.Limits.Bets) == 0 {
		cfg.Limits = pitwire.Limits{Currency: "AUD", Bets: []pitwire.Limit{
			{Bet: "player_banker", Min: 2500, Max: 500000}, {Bet: "tie", Min: 500, Max: 50000}, {Bet: "pairs", Min: 500, Max: 25000},
		}}
	}
	return &Table{cfg: cfg, out: out, rng: rand.New(rand.NewPCG(cfg.Seed, 0x5eed))}, nil
}

// Rounds is the number of rounds dealt in the current shoe.
func (t *Table) Rounds() int { return t.n }

// Open commits the table's opening status and its first shoe.
func (t *Table) Open() error {
	t.status = pitwire.Status{Name: t.cfg.Name, Game: t.cfg.Game, State: pitwire.StateOpen}
	switch {
	case t.cfg.Closed:
		t.status.State = pitwire.StateClosed
		if t.cfg.ReopensIn > 0 {
			t.status.OpensAt = t.cfg.Now().Add(t.cfg.ReopensIn).Truncate(time.Minute)
		}
	case t.cfg.Closing > 0:
		t.status.State = pitwire.StateClosing
		t.status.ClosesAt = t.cfg.Now().Add(t.cfg.Closing).Truncate(time.Minute)
	}
	st := t.status
	if _, err := t.out.Append(pitwire.Message{Type: pitwire.TypeStatus, Status: &st}); err != nil {
		return fmt.Errorf("open table %s: %w", t.cfg.ID, err)
	}
	return t.newShoe()
}

// newShoe shuffles, burns (face-value burn, 000 4.3.1(b)) and commits shoe_started with a
// snapshot of the limits and status.
func (t *Table) newShoe() error {
	t.shoe = t.shoe[:0]
	for range t.cfg.Decks {
		for s := engine.Spades; s <= engine.Clubs; s++ {
			for r := engine.Ace; r <= engine.King; r++ {
				t.shoe = append(t.shoe, engine.Card{Rank: r, Suit: s})
			}
		}
	}
	t.rng.Shuffle(len(t.shoe), func(i, j int) { t.shoe[i], t.shoe[j] = t.shoe[j], t.shoe[i] })
	t.pos = 1 + t.shoe[0].BurnCount()
	t.cutAt = len(t.shoe) - 14 - t.rng.IntN(8)
	t.shoeNo++
	t.n = 0
	lim, st := t.cfg.Limits, t.status
	lim.Bets = append([]pitwire.Limit(nil), lim.Bets...)
	if _, err := t.out.Append(pitwire.Message{Type: pitwire.TypeShoeStarted, Shoe: t.shoeNo, Limits: &lim, Status: &st}); err != nil {
		return fmt.Errorf("table %s shoe %d: %w", t.cfg.ID, t.shoeNo, err)
	}
	return nil
}

func (t *Table) draw() engine.Card {
	c := t.shoe[t.pos]
	t.pos++
	return c
}

// play deals one coup by the table of play (000 Tables 1 and 2, 001 7.2-7.3).
func (t *Table) play() (engine.Outcome, []engine.Card, []engine.Card) {
	p := []engine.Card{t.draw()}
	b := []engine.Card{t.draw()}
	p = append(p, t.draw())
	b = append(b, t.draw())
	pt, bt := engine.Total(p), engine.Total(b)
	o := engine.Outcome{
		Natural:    engine.IsNatural(pt) || engine.IsNatural(bt),
		PlayerPair: p[0].Rank == p[1].Rank, BankerPair: b[0].Rank == b[1].Rank,
		BankerFirstTwo: bt,
	}
	if !o.Natural {
		var third engine.Card
		drew := engine.PlayerDraws(pt)
		if drew {
			third = t.draw()
			p = append(p, third)
		}
		if engine.BankerDraws(bt, drew, third) {
			b = append(b, t.draw())
		}
	}
	o.PlayerTotal, o.BankerTotal = engine.Total(p), engine.Total(b)
	o.PlayerCards, o.BankerCards = len(p), len(b)
	o.Winner = engine.Decide(o.PlayerTotal, o.BankerTotal)
	return o, p, b
}

// codes are the cards' codes.
func codes(cards []engine.Card) []string {
	s := make([]string, len(cards))
	for i, c := range cards {
		s[i] = c.String()
	}
	return s
}

// Step plays the next coup and commits it; when the cut card has come out, it commits the
// end of the shoe and the start of the next instead. It returns the records committed.
func (t *Table) Step() ([]pitwire.Message, error) {
	if t.pos >= t.cutAt {
		end, err := t.out.Append(pitwire.Message{Type: pitwire.TypeShoeEnded, Shoe: t.shoeNo})
		if err != nil {
			return nil, fmt.Errorf("table %s end shoe %d: %w", t.cfg.ID, t.shoeNo, err)
		}
		if err := t.newShoe(); err != nil {
			return []pitwire.Message{end}, err
		}
		return []pitwire.Message{end}, nil
	}
	o, p, b := t.play()
	t.n++
	r := pitwire.RoundFromOutcome(t.n, engine.KindNormal, o)
	r.PlayerHand, r.BankerHand = codes(p), codes(b)
	m, err := t.out.Append(pitwire.Message{Type: pitwire.TypeRound, Shoe: t.shoeNo, Round: &r})
	if err != nil {
		return nil, fmt.Errorf("table %s shoe %d round %d: %w", t.cfg.ID, t.shoeNo, t.n, err)
	}
	return []pitwire.Message{m}, nil
}

// Run plays a coup about every interval (jittered ±50% so that tables do not deal in step)
// until ctx is cancelled, calling notify after each commit (the publisher's Notify).
func (t *Table) Run(ctx context.Context, interval time.Duration, notify func()) error {
	for {
		d := interval/2 + time.Duration(t.rng.Int64N(int64(interval)+1))
		timer := time.NewTimer(d)
		select {
		case <-ctx.Done():
			timer.Stop()
			return ctx.Err()
		case <-timer.C:
		}
		if _, err := t.Step(); err != nil {
			return err
		}
		if notify != nil {
			notify()
		}
	}
}
