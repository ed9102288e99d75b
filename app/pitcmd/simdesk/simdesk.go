// Package simdesk is a simulated table that takes the pit's commands: a real engine/desk table
// (the rule book's notice rules, earliest times and refusals) behind a real bus.CommandReader,
// for the tests and the benchmark of the pit commands (issue 25). It journals nothing: its
// answers carry a sequence number of its own, and it keeps them in memory (its
// bus.CommandJournal), so a command is carried out once while it runs.
package simdesk

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/engine/reddog"
	"github.com/coupboard/coupboard/pitwire"
)

// Config configures a simulated table.
type Config struct {
	ID      string         // the table id
	Conn    bus.ConnConfig // the table's credentials
	RedDog  bool           // a Red Dog table (vic-red-dog-1997); else baccarat (vic-baccarat-2002)
	Sign    engine.Sign    // the sign at the start (a Red Dog table's wager is Sign.Player)
	Now     func() time.Time
	OnError func(error) // the reader's refusals and failures; optional
	// Heartbeat, when positive, publishes the table's heartbeat this often (the pit's "offline").
	Heartbeat time.Duration
}

// Table is a simulated table; Run reads its commands.
type Table struct {
	cfg    Config
	reader *bus.CommandReader

	mu   sync.Mutex
	desk *desk.Table
	seq  uint64
	log  []pitwire.PitCommand // the commands carried out (accepted or refused), in order
	// answers are every answer given, by command id (the table's journal, in memory).
	answers map[string]pitwire.PitAnswer
}

// New is a simulated table with the sign cfg.Sign at cfg.Now().
func New(cfg Config) (*Table, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	dc := desk.Config{Sign: cfg.Sign, Hold: true, Currency: engine.Dollars} // the simulated tables are AUD
	if cfg.RedDog {
		p := reddog.VicRedDog1997()
		dc.RedDog = &p
	} else {
		p, err := engine.LookupProfile(engine.ProfileVic2002)
		if err != nil {
			return nil, err
		}
		s, err := engine.ParseSettings(&p, nil)
		if err != nil {
			return nil, err
		}
		dc.Profile, dc.Settings = p, s
	}
	d, err := desk.New(dc, cfg.Now())
	if err != nil {
		return nil, fmt.Errorf("simulated table %s: %w", cfg.ID, err)
	}
	t := &Table{cfg: cfg, desk: d, answers: map[string]pitwire.PitAnswer{}}
	t.reader, err = bus.NewCommandReader(bus.CommandReaderConfig{Table: cfg.ID, Conn: cfg.Conn, Journal: t, Now: cfg.Now, OnError: cfg.OnError}, t.handle)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// Run reads and answers commands until ctx is done.
func (t *Table) Run(ctx context.Context) error {
	if t.cfg.Heartbeat > 0 {
		nc, err := bus.Connect(t.cfg.Conn)
		if err != nil {
			return err
		}
		defer nc.Close()
		go func() {
			tick := time.NewTicker(t.cfg.Heartbeat)
			defer tick.Stop()
			for {
				m := pitwire.Message{V: pitwire.Version, Table: t.cfg.ID, Type: pitwire.TypeHeartbeat, Time: t.cfg.Now()}
				if data, err := pitwire.Encode(m); err == nil && nc.IsConnected() {
					_ = nc.Publish(pitwire.Subject(t.cfg.ID, pitwire.TypeHeartbeat), data)
				}
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
			}
		}()
	}
	return t.reader.Run(ctx)
}

// Answered implements bus.CommandJournal.
func (t *Table) Answered(id string) (pitwire.PitAnswer, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	a, ok := t.answers[id]
	return a, ok
}

// Refuse implements bus.CommandJournal: the answer is kept with a sequence number of its own.
func (t *Table) Refuse(_ context.Context, cmd pitwire.PitCommand, ans pitwire.PitAnswer) (pitwire.PitAnswer, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.seq++
	ans.Seq = t.seq
	t.answers[cmd.ID] = ans
	return ans, nil
}

// handle applies one command to the desk at the table's clock, as a live table's loop does.
func (t *Table) handle(_ context.Context, cmd pitwire.PitCommand, c desk.Command) (pitwire.PitAnswer, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.cfg.Now()
	out, err := t.desk.Apply(desk.Input{Command: &c, Line: 1}, now)
	if err != nil {
		return pitwire.PitAnswer{}, err
	}
	t.seq++
	t.log = append(t.log, cmd)
	a := pitwire.PitAnswer{V: pitwire.PitVersion, ID: cmd.ID, Table: t.cfg.ID, Seq: t.seq, Time: now}
	if len(out.Refused) > 0 {
		r := out.Refused[0]
		// The desk reports a refusal as data: the earliest time allowed is in its reason.
		a.Outcome, a.Rule, a.Reason = pitwire.OutcomeRefused, r.Rule, bus.ClipReason(r.Reason)
	} else {
		a.Outcome, a.Effective = pitwire.OutcomeAccepted, pitwire.Effective(c, now)
	}
	t.answers[cmd.ID] = a
	return a, nil
}

// Carried are the commands the table carried out (accepted or refused by its rules), in order.
func (t *Table) Carried() []pitwire.PitCommand {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]pitwire.PitCommand(nil), t.log...)
}

// Scheduled are the changes posted to the table's sign.
func (t *Table) Scheduled() []engine.Scheduled {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.desk.Scheduled()
}
