package table

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

// Msg is one message to the event loop: an input to journal and apply, or a change of the
// shoe link (which is shown but not journalled: it changes no game state).
type Msg struct {
	Input  Input
	Source string        // journal.SourceShoe, SourceManual, SourceOperator, SourceConfig
	Actor  journal.Actor // who, for operator actions
	Reason string        // why, for operator actions
	// Link, when set, is a new state of the shoe connection; Input is ignored.
	Link *Link
	// Reply, when set, receives what the input did (or the journal error) once it is durable.
	Reply chan<- Result
}

// Result is what the loop did with one input.
type Result struct {
	Applied
	Records []journal.Record // the records written, with their sequence numbers
	Err     error            // the journal could not record the input; nothing of it was shown
}

// Options configure a Loop.
type Options struct {
	// Present receives every new screen, from the loop's goroutine; the table display wraps it
	// in fyne.Do. It is called at most once per Frame, and at least once a second (the clock).
	Present func(view.Screen)
	// Committed, when set, is told of every batch of records once it is durable (the pit
	// publisher's wake-up); it must not block.
	Committed func([]journal.Record)
	// Frame is the shortest time between two presents (default 1/60 s).
	Frame time.Duration
	// Clock is the time source (default time.Now); tests pass a fake one.
	Clock func() time.Time
	// Queue is the inbox size (default 256).
	Queue int
}

// Loop is the single goroutine that changes table state: every input goes through it,
// is written to the journal and synced, and only then drawn or published.
type Loop struct {
	setup Setup
	j     *journal.Journal
	opt   Options
	in    chan Msg
	st    *State
	link  Link
	rec   Recovery
}

// NewLoop opens a table's loop over its journal, rebuilding the state the journal holds. After
// an unclean stop it records an alert with the recovery banner, and a review alert when a coup
// was in progress (it cannot be completed from the journal: its remaining cards are on the table).
func NewLoop(setup Setup, j *journal.Journal, opt Options) (*Loop, error) {
	if opt.Frame <= 0 {
		opt.Frame = time.Second / 60
	}
	if opt.Clock == nil {
		opt.Clock = time.Now
	}
	if opt.Queue <= 0 {
		opt.Queue = 256
	}
	start := opt.Clock()
	st, rec, err := Replay(j, setup, start)
	if err != nil {
		return nil, err
	}
	rec.Duration = opt.Clock().Sub(start)
	l := &Loop{setup: setup, j: j, opt: opt, in: make(chan Msg, opt.Queue), st: st, rec: rec, link: view.LinkDisconnected}
	if b := rec.Banner(); b != "" && rec.Inputs > 0 {
		l.handle(Msg{Input: Input{Alert: &Alert{Text: b}}, Source: journal.SourceConfig})
		if rec.InCoup {
			l.handle(Msg{Input: Input{Alert: &Alert{Text: fmt.Sprintf("coup %d was in progress when the display stopped: check the cards on the table and accept or void it", rec.CoupN)}}, Source: journal.SourceConfig})
		}
	}
	return l, nil
}

// Recovery is what start-up rebuilt from the journal.
func (l *Loop) Recovery() Recovery { return l.rec }

// Send queues a message for the loop; it blocks only while the inbox is full, and gives up
// when ctx is done. Readers (the shoe, the UI, the clock) call it from their own goroutines.
func (l *Loop) Send(ctx context.Context, m Msg) error {
	select {
	case l.in <- m:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Run is the event loop. It returns when ctx is done, after journalling a clean stop.
func (l *Loop) Run(ctx context.Context) error {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	var frame <-chan time.Time
	var frameTimer *time.Timer
	dirty := true
	lastPresent := time.Time{}
	present := func() {
		if l.opt.Present != nil {
			l.opt.Present(l.st.Screen(l.opt.Clock(), l.link))
		}
		lastPresent, dirty = time.Now(), false
	}
	present()
	for {
		select {
		case <-ctx.Done():
			_, err := l.commit(Msg{Input: Input{Op: &Op{Kind: OpCleanStop}}, Source: journal.SourceConfig})
			return err
		case m := <-l.in:
			l.handle(m)
			dirty = true
		case <-tick.C:
			dirty = true
		case <-frame:
			frame = nil
		}
		if !dirty || frame != nil {
			continue
		}
		if wait := l.opt.Frame - time.Since(lastPresent); wait > 0 {
			if frameTimer == nil {
				frameTimer = time.NewTimer(wait)
			} else {
				frameTimer.Reset(wait)
			}
			frame = frameTimer.C
			continue
		}
		present()
	}
}

// handle applies one message: journal first, then state visible.
func (l *Loop) handle(m Msg) {
	if m.Link != nil {
		l.link = *m.Link
		return
	}
	res, err := l.commit(m)
	if err != nil {
		res.Err = err
	}
	if m.Reply != nil {
		select {
		case m.Reply <- res:
		default:
		}
	}
}

// commit applies the input to the state, writes the input and what it produced to the journal in
// one synced transaction, and tells the publisher. If the journal cannot take it, the state is
// rebuilt from the journal, so that nothing is shown that is not on disk, and the failure is shown.
func (l *Loop) commit(m Msg) (Result, error) {
	now := l.opt.Clock()
	payload, err := m.Input.Encode()
	if err != nil {
		return Result{}, err
	}
	shoeBefore := l.st.Game().Shoe
	a := l.st.Apply(m.Input, now)
	kind := journal.KindShoe
	switch m.Source {
	case journal.SourceManual:
		kind = journal.KindManual
	case journal.SourceOperator:
		kind = journal.KindOperator
	case journal.SourceConfig:
		kind = journal.KindConfig
	}
	shoe := int64(l.st.Game().Shoe)
	if shoe < int64(shoeBefore) {
		shoe = int64(shoeBefore)
	}
	recs := []journal.Record{{Time: now, Kind: kind, Source: m.Source, Actor: m.Actor, Reason: m.Reason, Shoe: shoe, Payload: payload}}
	for _, e := range a.Events {
		r, err := derived(e, now, m)
		if err != nil {
			return Result{}, err
		}
		recs = append(recs, r)
	}
	out, err := l.j.AppendBatch(recs...)
	if err != nil {
		l.rebuild(err)
		return Result{Applied: a}, fmt.Errorf("journal input: %w", err)
	}
	if l.opt.Committed != nil {
		l.opt.Committed(out)
	}
	return Result{Applied: a, Records: out}, nil
}

// derived is the journal record of one engine event: a round record for a finished round, an
// event record for the rest. Events never carry a face-down card, so these may be published.
func derived(e engine.Event, now time.Time, m Msg) (journal.Record, error) {
	r := journal.Record{Time: now, Kind: journal.KindEvent, Source: m.Source, Shoe: int64(e.Shoe)}
	var payload any = EventPayload(e)
	if e.Kind == engine.EvRound {
		r.Kind = journal.KindRound
		payload = RoundPayload(e.Round, m.Source, m.Actor.ID)
	}
	b, err := json.Marshal(payload)
	if err != nil {
		return r, fmt.Errorf("encode %s event: %w", e.Kind, err)
	}
	r.Payload = b
	return r, nil
}

// rebuild replaces the state with what the journal holds after a failed write, and raises the
// failure where the screen shows it (an alert that is itself not journalled: the journal failed).
func (l *Loop) rebuild(cause error) {
	st, _, err := Replay(l.j, l.setup, l.opt.Clock())
	if err == nil {
		l.st = st
	}
	l.st.raise(fmt.Sprintf("journal write failed: %v — inputs are not being recorded; call a supervisor", cause), l.opt.Clock())
}

// RoundPayload is the journal's round record for a finished round.
func RoundPayload(r engine.Round, source, operator string) journal.Round {
	codes := func(cs []engine.Card) []string {
		out := make([]string, len(cs))
		for i, c := range cs {
			out[i] = c.String()
		}
		return out
	}
	src := journal.SourceShoe
	if r.Manual > 0 {
		src = "shoe+manual"
		if r.Manual == r.Player.N+r.Banker.N {
			src = journal.SourceManual
		}
	}
	if source == journal.SourceManual && r.Manual == 0 {
		src = journal.SourceManual
	}
	kind := journal.RoundNormal
	switch r.Kind {
	case engine.KindNoBet:
		kind = journal.RoundNoBet
	case engine.KindCancelled:
		kind = journal.RoundCancelled
	}
	notes := r.Notes
	if notes == nil {
		notes = []string{}
	}
	return journal.Round{
		N: r.N, Shoe: int64(r.Shoe), Player: codes(r.Player.List()), Banker: codes(r.Banker.List()),
		PlayerTotal: r.Outcome.PlayerTotal, BankerTotal: r.Outcome.BankerTotal, Winner: r.Outcome.Winner.String(),
		Natural: r.Outcome.Natural, PlayerPair: r.Outcome.PlayerPair, BankerPair: r.Outcome.BankerPair,
		Kind: kind, Notes: notes, Source: src, Operator: operator,
	}
}

// Event is the journal (and pit bus) payload of an engine event other than a round.
type Event struct {
	Event  string   `json:"event"`
	Shoe   int      `json:"shoe"`
	N      int      `json:"n,omitempty"`
	Shown  []string `json:"shown,omitempty"`
	Hidden int      `json:"hidden,omitempty"`
	Rule   string   `json:"rule,omitempty"`
	Reason string   `json:"reason,omitempty"`
	Key    string   `json:"key,omitempty"`
	Value  string   `json:"value,omitempty"`
}

// EventPayload is the payload of an engine event: only what may be shown (a face-down burn is a count).
func EventPayload(e engine.Event) Event {
	ev := Event{Event: e.Kind.String(), Shoe: e.Shoe, N: e.N, Hidden: e.Hidden, Rule: e.Rule, Reason: e.Reason, Key: e.Key, Value: e.Value}
	for _, c := range e.Shown {
		ev.Shown = append(ev.Shown, c.String())
	}
	return ev
}
