package table

import (
	"context"
	"encoding/json"
	"errors"
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
	// Access, when set, is the payload of a sign-in attempt or sign-out (access.Entry), journalled
	// as a journal.KindAccess record with Actor and Reason; Input is ignored and nothing is
	// applied to the game (nor replayed into it).
	Access json.RawMessage
	// Answer, when set, is the record of the answer to whoever gave the input (a pit command's
	// answer, app/pitcommands.go), written in the input's own transaction: it is called with
	// what the input did and the sequence number and time of the input's record. With
	// AnswerOnly, no input is applied or journalled (a pit command refused before it reached the
	// table's rules): the answer's record is journalled alone, and seq is its own.
	Answer     func(a Applied, seq int64, now time.Time) (journal.Record, error)
	AnswerOnly bool
	// Reply, when set, receives what the input did (or the journal error) once it is durable.
	Reply chan<- Result
	// call, when set, runs on the loop goroutine instead of an input (Inspect).
	call func()
	// drain, when set, asks the loop to stop at the end of the coup (Drain); it is closed once
	// the clean stop is journalled.
	drain chan struct{}
	// ShoeMark, when set, is where the shoe's sequence stands once this message is taken (the
	// last message of a shoe frame carries it; app/shoefeed). With no input it is the mark
	// alone (a heartbeat's frame, which journals nothing). The loop keeps the mark of the last
	// message it took and journals it with its clean stop (journal.KindShoeMark), so that the
	// table's next shoe reader takes up the sequence there.
	ShoeMark *journal.ShoeMark
}

// Result is what the loop did with one input.
type Result struct {
	Applied
	Records []journal.Record // the records written, with their sequence numbers
	Err     error            // the journal could not record the input; nothing of it was shown
}

// Machine is the game a table plays, with everything the loop needs of it: baccarat (State)
// or Red Dog. Only the loop calls it (one writer).
type Machine interface {
	// Apply makes one input's change at time now. The same inputs at the same times always
	// give the same state (the journal replays to the same screen).
	Apply(in Input, now time.Time) Applied
	// Records are the derived journal records of what Apply did (finished rounds and other
	// events), written in the same transaction as the input. m is the input's message.
	Records(a Applied, now time.Time, m Msg) ([]journal.Record, error)
	// Shoe is the current shoe number.
	Shoe() int
	// InCoup reports whether a round is in progress, and its number.
	InCoup() (bool, int)
	// Pending counts the changes posted to the sign that are still to come at now.
	Pending(now time.Time) int
	// Screen is the view model of the table screen at now.
	Screen(now time.Time, link Link) view.Screen
	// Raise shows an alert that cannot be journalled (the journal itself failed).
	Raise(text string, now time.Time)
}

// Options configure a Loop: how it shows its screen and tells of what it committed.
type Options struct {
	// Present receives every new screen, from the loop's goroutine; the table display wraps it
	// in fyne.Do. A screen an input changed is presented at most once per Frame; the clock's
	// once-a-second screen does not hold the next input's back.
	Present func(view.Screen)
	// Committed, when set, is told of every batch of records once it is durable (the pit
	// publisher's wake-up); it must not block.
	Committed func([]journal.Record)
	// Frame is the shortest time between two presents of inputs (default 1/60 s).
	Frame time.Duration
	// Clock is the time source (default time.Now); tests pass a fake one.
	Clock func() time.Time
	// Queue is the inbox size (default 256).
	Queue int
	// Failed, when set, is told why a journal write failed, in SQLite's or the system's own
	// words (the table display logs it); the screen's alert says only what kind of failure it
	// is. Called from the loop's goroutine; it must not block.
	Failed func(error)
}

// Loop is the single goroutine that changes table state: every input goes through it,
// is written to the journal and synced, and only then drawn or published.
type Loop struct {
	fresh func() (Machine, error)
	j     *journal.Journal
	opt   Options
	in    chan Msg
	st    Machine
	link  Link
	rec   Recovery
	// drained, once a drain is asked (Drain), are closed when the loop has journalled its clean
	// stop between coups.
	drained []chan struct{}
	// stopped is set once the loop has journalled its clean stop for a drain: it takes no more
	// input of the game (ErrStopped), only sign-outs and readers' calls, until Run returns.
	stopped bool
	// mark is the shoe mark of the last message taken (Msg.ShoeMark), nil before any.
	mark *journal.ShoeMark
}

// NewBaccaratLoop is the loop of a baccarat table (State) with the table screen's view model.
func NewBaccaratLoop(setup Setup, j *journal.Journal, opt Options) (*Loop, error) {
	return NewLoop(func() (Machine, error) { return NewState(setup) }, j, opt)
}

// NewLoop opens a table's loop over its journal: fresh makes the game with nothing played, and
// the journal is replayed into it. After an unclean stop it records an alert with the recovery
// banner, and a review alert when a coup was in progress (it cannot be completed from the
// journal: its remaining cards are on the table).
func NewLoop(fresh func() (Machine, error), j *journal.Journal, opt Options) (*Loop, error) {
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
	st, err := fresh()
	if err != nil {
		return nil, err
	}
	rec, err := Replay(j, st, start)
	if err != nil {
		return nil, err
	}
	rec.Duration = opt.Clock().Sub(start)
	l := &Loop{fresh: fresh, j: j, opt: opt, in: make(chan Msg, opt.Queue), st: st, rec: rec, link: view.LinkDisconnected}
	if b := rec.Banner(); b != "" && (rec.Inputs > 0 || rec.LossAccepted != "") {
		l.handle(Msg{Input: Input{Alert: &Alert{Text: b, Key: "recovery"}}, Source: journal.SourceConfig})
		if rec.InCoup {
			l.handle(Msg{Input: Input{Alert: &Alert{Text: fmt.Sprintf("coup %d was in progress when the display stopped: check the cards on the table and accept or void it", rec.CoupN),
				Key: fmt.Sprintf("recovery.coup.%d", rec.CoupN)}}, Source: journal.SourceConfig})
		}
	}
	if rec.DifferAlert != "" && !rec.DifferRaised { // once per set of differences, not at every start
		l.handle(Msg{Input: Input{Alert: &Alert{Text: rec.DifferAlert, Key: DifferAlertKey}}, Source: journal.SourceConfig})
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

// Do sends m to the loop and waits for its result: the input journalled and applied (or
// refused, or not taken). A send or a wait that ctx ends is the Result's Err. m.Reply is set
// by Do.
func (l *Loop) Do(ctx context.Context, m Msg) Result {
	reply := make(chan Result, 1)
	m.Reply = reply
	if err := l.Send(ctx, m); err != nil {
		return Result{Err: err}
	}
	select {
	case r := <-reply:
		return r
	case <-ctx.Done():
		return Result{Err: ctx.Err()}
	}
}

// Inspect runs fn with the table's machine on the loop goroutine, between inputs, and waits for
// it: the way for readers (the operator screen) to look at state without racing the one writer.
// fn must not keep the machine or change it.
func (l *Loop) Inspect(ctx context.Context, fn func(Machine)) error {
	done := make(chan struct{})
	if err := l.Send(ctx, Msg{call: func() { fn(l.st); close(done) }}); err != nil {
		return err
	}
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// ShoeMark is where the shoe's sequence stands as the loop has taken it (Msg.ShoeMark): nil
// before any frame. It waits for the messages already in the inbox.
func (l *Loop) ShoeMark(ctx context.Context) (*journal.ShoeMark, error) {
	var m *journal.ShoeMark
	done := make(chan struct{})
	if err := l.Send(ctx, Msg{call: func() { m = l.mark; close(done) }}); err != nil {
		return nil, err
	}
	select {
	case <-done:
		return m, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// ErrStopped is the Result.Err of an input sent after a drain stopped the table between coups:
// it is neither applied nor journalled. A shoe frame refused so is not in the shoe mark the
// clean stop journalled, so the table's next shoe reader finds it missing: a gap, a doubt.
var ErrStopped = errors.New("the table has stopped between coups for an update: input not taken")

// Drain asks the loop to stop at the end of the coup in progress (at once when none is): the
// loop itself, between two inputs, finds no coup in progress and nothing waiting in its inbox,
// and journals a clean stop; the returned channel is closed then. From that moment it takes
// no input of the game (each is answered ErrStopped, not journalled), so the journal's last
// input is a clean stop between coups; it still journals sign-ins and sign-outs (the screen's
// sign-out at shutdown) and answers Inspect, until ctx of Run is done. A coup that never ends
// (held for a supervisor) keeps the table playing.
func (l *Loop) Drain(ctx context.Context) (<-chan struct{}, error) {
	ch := make(chan struct{})
	if err := l.Send(ctx, Msg{drain: ch}); err != nil {
		return nil, err
	}
	return ch, nil
}

// drainIdle, once a drain was asked and until the table has stopped, handles what is already
// in the inbox and then, if no coup is in progress, journals the clean stop and marks the loop
// stopped. A clean stop the journal cannot take leaves the table playing (the drain waits, and
// tries again after the next input).
func (l *Loop) drainIdle() {
	if len(l.drained) == 0 || l.stopped {
		return
	}
	for {
		if in, _ := l.st.InCoup(); in {
			return
		}
		select {
		case m := <-l.in:
			l.handle(m) // already sent before the stop: it is taken, and may begin a coup
			if l.stopped {
				return
			}
			continue
		default:
		}
		if _, err := l.commit(Msg{Input: Input{Op: &Op{Kind: OpCleanStop}}, Source: journal.SourceConfig}); err != nil {
			return
		}
		l.stopped = true
		for _, ch := range l.drained {
			close(ch)
		}
		l.drained = nil
		return
	}
}

// Run is the event loop. It returns when ctx is done, after journalling a clean stop (unless a
// drain journalled it already).
func (l *Loop) Run(ctx context.Context) error {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	var frame <-chan time.Time
	var frameTimer *time.Timer
	dirty, input := true, false
	// lastInput is when a screen an input changed was last presented: inputs in a burst are
	// presented at most once per Frame. A clock tick's present does not count, so that a card
	// dealt just after the clock ticked is not held back up to a frame.
	lastInput := time.Time{}
	present := func() {
		if l.opt.Present != nil {
			l.opt.Present(l.st.Screen(l.opt.Clock(), l.link))
		}
		if input {
			lastInput = time.Now()
		}
		dirty, input = false, false
	}
	present()
	for {
		select {
		case <-ctx.Done():
			if l.stopped {
				return nil
			}
			_, err := l.commit(Msg{Input: Input{Op: &Op{Kind: OpCleanStop}}, Source: journal.SourceConfig})
			return err
		case m := <-l.in:
			l.handle(m)
			dirty, input = true, true
			l.drainIdle()
		case <-tick.C:
			l.due()
			dirty = true
		case <-frame:
			frame = nil
		}
		if !dirty || frame != nil {
			continue
		}
		if wait := l.opt.Frame - time.Since(lastInput); wait > 0 {
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

// due journals what changed by itself with the time (a scheduled sign change or closing that
// took effect), for machines that report it, so the pit board hears of it.
func (l *Loop) due() {
	if l.stopped { // nothing of the game is written after the clean stop
		return
	}
	d, ok := l.st.(interface {
		Due(now time.Time) []journal.Record
	})
	if !ok {
		return
	}
	recs := d.Due(l.opt.Clock())
	if len(recs) == 0 {
		return
	}
	out, err := l.j.AppendBatch(recs...)
	if err != nil {
		l.rebuild(err)
		return
	}
	if l.opt.Committed != nil {
		l.opt.Committed(out)
	}
}

// handle applies one message: journal first, then state visible.
func (l *Loop) handle(m Msg) {
	if m.call != nil {
		m.call()
		return
	}
	if m.drain != nil {
		if l.stopped {
			close(m.drain)
			return
		}
		l.drained = append(l.drained, m.drain)
		return
	}
	if m.Link != nil {
		l.link = *m.Link
		return
	}
	if m.ShoeMark != nil && m.Input.parts() == 0 && m.Access == nil && !m.AnswerOnly {
		if !l.stopped { // after the clean stop the table takes nothing from the shoe
			l.mark = m.ShoeMark
		}
		return
	}
	if l.stopped && m.Access == nil {
		if m.Reply != nil {
			select {
			case m.Reply <- Result{Err: ErrStopped}:
			default:
			}
		}
		return
	}
	commit := l.commit
	switch {
	case m.Access != nil:
		commit = l.commitAccess
	case m.AnswerOnly && m.Answer != nil:
		commit = l.commitAnswer
	}
	res, err := commit(m)
	if err != nil {
		res.Err = err
	} else if m.ShoeMark != nil {
		l.mark = m.ShoeMark
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
	shoeBefore := l.st.Shoe()
	a := l.st.Apply(m.Input, now)
	shoe := int64(max(l.st.Shoe(), shoeBefore))
	recs := []journal.Record{{Time: now, Kind: journal.InputKind(m.Source), Source: m.Source, Actor: m.Actor, Reason: m.Reason, Shoe: shoe, Payload: payload}}
	more, err := l.st.Records(a, now, m)
	if err != nil {
		l.rebuild(err)
		return Result{Applied: a}, err
	}
	recs = append(recs, more...)
	if m.Input.Op != nil && m.Input.Op.Kind == OpCleanStop && l.mark != nil {
		// Where the shoe's sequence stood, for the next start's shoe reader.
		p, err := journal.EncodeShoeMark(*l.mark)
		if err != nil {
			l.rebuild(err)
			return Result{Applied: a}, err
		}
		recs = append(recs, journal.Record{Time: now, Kind: journal.KindShoeMark, Source: journal.SourceShoe, Shoe: shoe, Payload: p})
	}
	out, err := l.j.AppendWith(func(first int64) ([]journal.Record, error) {
		if m.Answer == nil {
			return recs, nil
		}
		r, err := m.Answer(a, first, now)
		if err != nil {
			return nil, fmt.Errorf("the answer to input %d: %w", first, err)
		}
		return append(recs, r), nil
	})
	if err != nil {
		l.rebuild(err)
		return Result{Applied: a}, fmt.Errorf("journal input: %w", err)
	}
	if l.opt.Committed != nil {
		l.opt.Committed(out)
	}
	return Result{Applied: a, Records: out}, nil
}

// commitAccess journals a sign-in attempt or sign-out (m.Access): a record of who came to the
// operator screen, in the journal's order with the inputs, that changes no table state.
func (l *Loop) commitAccess(m Msg) (Result, error) {
	r := journal.Record{Time: l.opt.Clock(), Kind: journal.KindAccess, Source: journal.SourceOperator,
		Actor: m.Actor, Reason: m.Reason, Shoe: int64(l.st.Shoe()), Payload: m.Access}
	out, err := l.j.AppendBatch(r)
	if err != nil {
		return Result{}, fmt.Errorf("journal sign-in record: %w", err)
	}
	return Result{Records: out}, nil
}

// commitAnswer journals the answer to a pit command refused before it reached the table's
// rules (m.Answer with m.AnswerOnly): a record that changes no table state.
func (l *Loop) commitAnswer(m Msg) (Result, error) {
	now := l.opt.Clock()
	out, err := l.j.AppendWith(func(seq int64) ([]journal.Record, error) {
		r, err := m.Answer(Applied{}, seq, now)
		if err != nil {
			return nil, fmt.Errorf("the answer record %d: %w", seq, err)
		}
		r.Time, r.Shoe = now, int64(l.st.Shoe())
		return []journal.Record{r}, nil
	})
	if err != nil {
		return Result{}, fmt.Errorf("journal answer record: %w", err)
	}
	return Result{Records: out}, nil
}

// Records are the journal records of the engine's events: a round record for each finished
// round and for each round corrected after the fact (journal.Round.Corrected), an event record
// for the rest. Events never carry a face-down card, so these may be
// published.
func (s *State) Records(a Applied, now time.Time, m Msg) ([]journal.Record, error) {
	out := make([]journal.Record, 0, len(a.Events))
	for _, e := range a.Events {
		var extra func(*journal.Event)
		if e.Kind == engine.EvShoe {
			extra = func(ev *journal.Event) { ev.Sign, ev.Status = s.signPayload(now), s.statusPayload(now) }
		}
		r, err := derived(e, now, m, extra)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	notices, err := noticeRecords(a.Notices, s.setup.CurrencyCode, false, s.Shoe(), now, m)
	if err != nil {
		return nil, err
	}
	withdrawn, err := withdrawnRecords(a.Withdrawn, s.Shoe(), now, m)
	if err != nil {
		return nil, err
	}
	refused, err := refusalRecords(a.Refusals, s.Shoe(), now, m)
	if err != nil {
		return nil, err
	}
	return append(append(append(out, notices...), withdrawn...), refused...), nil
}

// derived is the journal record of one engine event; extra, when set, adds to an event's payload.
func derived(e engine.Event, now time.Time, m Msg, extra func(*journal.Event)) (journal.Record, error) {
	ev := journal.EventPayload(e)
	if extra != nil {
		extra(&ev)
	}
	var payload any = ev
	round := e.Kind == engine.EvRound || e.Kind == engine.EvCorrected
	if round {
		jr := RoundPayload(e.Round, m.Source, m.Actor.ID)
		jr.Corrected = e.Kind == engine.EvCorrected
		payload = jr
	}
	r, err := eventRecord(payload, e.Shoe, now, m)
	if err != nil {
		return r, fmt.Errorf("encode %s event: %w", e.Kind, err)
	}
	if round {
		r.Kind = journal.KindRound
	}
	return r, nil
}

// rebuild replaces the state with what the journal holds after a failed write, and raises the
// failure where the screen shows it (an alert that is itself not journalled: the journal failed).
func (l *Loop) rebuild(cause error) {
	if st, err := l.fresh(); err == nil {
		if _, err := Replay(l.j, st, l.opt.Clock()); err == nil {
			l.st = st
		}
	}
	if l.opt.Failed != nil {
		l.opt.Failed(cause)
	}
	l.st.Raise(fmt.Sprintf("journal write failed: %s — inputs are not being recorded; call a supervisor", WriteFailure(cause)), l.opt.Clock())
}

// WriteFailure says what kind of failure a journal write failed with, for the alert (and the
// start-up refusal of a journal that cannot be used): one of
// the phrases a screen words in its language (display/i18n alertEntries), not SQLite's or the
// system's own English, which Options.Failed is given for the log.
func WriteFailure(cause error) string {
	switch journal.FailureOf(cause) {
	case journal.FailureDiskFull:
		return "the disk is full"
	case journal.FailureReadOnly:
		return "the journal cannot be written (read-only)"
	case journal.FailureIO:
		return "a disk I/O error"
	case journal.FailureCorrupt:
		return "the journal's database is damaged"
	}
	return "an unexpected error (the log says what)"
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
		src = journal.SourceShoeAndManual
		if r.Manual == r.Player.N+r.Banker.N {
			src = journal.SourceManual
		}
	}
	if source == journal.SourceManual && r.Manual == 0 || r.Outcome.TotalsUnknown {
		src = journal.SourceManual
	}
	notes := r.Notes
	if notes == nil {
		notes = []string{}
	}
	jr := journal.Round{
		N: r.N, Shoe: int64(r.Shoe), Player: codes(r.Player.List()), Banker: codes(r.Banker.List()),
		PlayerTotal: r.Outcome.PlayerTotal, BankerTotal: r.Outcome.BankerTotal, Winner: r.Outcome.Winner.String(),
		Natural: r.Outcome.Natural, PlayerPair: r.Outcome.PlayerPair, BankerPair: r.Outcome.BankerPair,
		Kind: r.Kind, Notes: notes, Source: src, Operator: operator, ResultOnly: r.Outcome.TotalsUnknown,
	}
	if len(r.Why) > 0 {
		jr.Review = &journal.Review{Reasons: append([]string(nil), r.Why...), Resolution: r.Resolution, Rule: r.ResolutionRule}
	}
	return jr
}
