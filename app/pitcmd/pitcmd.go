// Package pitcmd is the pit's side of the pit commands (issue 25): a Sender posts one
// table-script command (a sign, a differential, a settlement method, a closing or reopening,
// spec/table-script.md §1) to one table, a list, a pit or every table of a game, and follows
// each table's answer.
//
// The API, for the pit server and the pit console:
//
//	s, err := pitcmd.Start(pitcmd.Config{Conn: srv.PitConn(), Tables: tables, People: people})
//	id, err := s.Post(ctx, pitcmd.Target{Pit: "east"}, "!limits at=21:30 player=50-5000/5", "S042", 0)
//	c, ok := s.Command(id)            // every table's answer so far
//	c, err = s.Wait(ctx, id)          // until every table has answered or the command expired
//	all := s.Commands()               // the day's commands, newest first (who did what)
//	wids, err := s.Withdraw(ctx, id, "S042") // the Cancel of a posting: !withdraw at each table that accepted it
//
// The Sender checks what it can before sending — the person (People), the line (the table
// script's own parser, pitwire.ParsePitLine) and the target — and refuses with a clear
// error; every rule decision is the table's: each table's engine accepts or refuses exactly as
// for a local command, journals it with the person, and answers. A table that is offline gets
// the command when it comes back, if that is before the command expires (default 5 minutes
// after it is sent); otherwise it answers too_late, or never answers (TableState NoAnswer).
//
// The person is not authenticated here: the Sender is told who gave the command (the pit
// console signs people in) and checks only that the id is a known, active person (People).
// Each table checks the person again against its own copy of the operator directory (an
// active supervisor) and rejects, journalled, anyone else.
//
// A change posted and accepted but not yet in effect is cancelled with Withdraw: each table that
// accepted it is sent a dated !withdraw at=YYYY-MM-DDTHH:MM:SS of the time it accepted the
// change for (pitwire.WithdrawLine), a command of its own that names the posting
// (pitwire.PitCommand.Withdraws). The table decides it by its book's withdraw rule (only the
// last change posted, not yet in effect: engine.Board.Withdraw) and answers accepted or refused
// with the rule, exactly as for a local command; the posting's view shows each table's answer
// to its withdrawal (TableAnswer.Withdrawal).
package pitcmd

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Games a Target may name.
const (
	GameBaccarat = "baccarat"
	GameRedDog   = "reddog"
)

// Table is a table the pit may command: its id, its pit and its game (GameBaccarat or GameRedDog).
type Table struct {
	ID   string `toml:"id" json:"id"`
	Pit  string `toml:"pit" json:"pit"`
	Game string `toml:"game" json:"game"`
}

// Target says which tables a command is for: the tables named, or every table of a pit, or
// every table of a game, or every table of a game in a pit. Exactly one of Tables and
// Pit/Game is used.
type Target struct {
	Tables []string `json:"tables,omitempty"`
	Pit    string   `json:"pit,omitempty"`
	Game   string   `json:"game,omitempty"`
}

// String is the target in words, for logs.
func (t Target) String() string {
	switch {
	case len(t.Tables) > 0:
		return "tables " + strings.Join(t.Tables, ", ")
	case t.Pit != "" && t.Game != "":
		return t.Game + " tables of pit " + t.Pit
	case t.Pit != "":
		return "pit " + t.Pit
	}
	return "every " + t.Game + " table"
}

// People says whether a person may give pit commands. The people directory (issue 25, item 3)
// implements it; Check returns nil for a known, active person allowed to command tables.
type People interface {
	Check(ctx context.Context, id string) error
}

// PeopleList is a fixed list of person ids, for a pit with no people directory yet.
type PeopleList []string

// ErrUnknownPerson is wrapped by a refusal of a person the pit does not know.
var ErrUnknownPerson = errors.New("unknown person")

// ErrUnknownCommand is wrapped by Withdraw's error for a command the pit did not send (or no
// longer keeps).
var ErrUnknownCommand = errors.New("no such command")

// ErrNothingToWithdraw is wrapped by Withdraw's error when no table holds the command as a
// change still to come that the pit could withdraw: none accepted it, it is in effect, or its
// withdrawal was sent (and not refused) at every table that did.
var ErrNothingToWithdraw = errors.New("nothing to withdraw")

// Check implements People.
func (l PeopleList) Check(_ context.Context, id string) error {
	if slices.Contains(l, id) {
		return nil
	}
	return fmt.Errorf("%w %q: not in the pit's list of people who may command tables", ErrUnknownPerson, id)
}

// Config configures a Sender.
type Config struct {
	Conn   bus.ConnConfig // the pit's credentials (bus.PitPermissions); Server.PitConn in-process
	Tables []Table        // the tables the pit may command
	People People         // who may give commands (required)
	// Expiry is how long after it is sent a command may still be carried out by a table that was
	// offline (default 5 minutes, at most pitwire.MaxPitExpiry).
	Expiry time.Duration
	// Offline is how long a table's heartbeat may be silent before it is shown offline
	// (default 10 s).
	Offline time.Duration
	Now     func() time.Time // default time.Now
	OnError func(error)      // told every answer that fails its checks; must not block. Optional.
	// Keep is how long after it was issued a command is kept (default bus.CommandsMaxAge, the
	// streams' day); MaxCommands bounds how many are kept (default DefaultMaxCommands): the
	// oldest is forgotten first.
	Keep        time.Duration
	MaxCommands int
	// MaxEarly bounds the answers kept for commands not read yet (default DefaultMaxEarly): an
	// answer to a command another pit server posted may come a moment before the command.
	// Past it, the oldest is dropped and reported.
	MaxEarly int
}

// Defaults of the Sender's bounds.
const (
	DefaultMaxCommands = 10000
	DefaultMaxEarly    = 10000
)

// TableState is where one table stands with a command.
type TableState string

// The states of one table's answer.
const (
	Pending  TableState = "pending"   // sent, not answered yet, still in time
	Offline  TableState = "offline"   // not answered, and the table's heartbeat is silent: it gets the command when it is back, if in time
	NoAnswer TableState = "no_answer" // not answered before the command expired: the table did not carry it out
	Accepted TableState = "accepted"  // the table accepted it (Answer.Effective)
	Refused  TableState = "refused"   // the table's rules refused it (Answer.Rule, Answer.Reason)
	TooLate  TableState = "too_late"  // it reached the table after it expired: not carried out
	Rejected TableState = "rejected"  // the table could not take it (Answer.Reason)
	NotSent  TableState = "not_sent"  // the bus did not store it for this table (TableAnswer.Unsent): never sent
)

// SendError is Post's and Withdraw's error when the bus did not store the command for some of
// its tables (the others have it, and their answers come as usual): Unsent says why for each
// table not sent to, which the command's view shows as NotSent.
type SendError struct {
	ID     string
	Tables int              // how many tables the command was for
	Unsent map[string]error // the tables it was not sent to, and why
}

// Error names the tables not sent to.
func (e *SendError) Error() string {
	ids := e.NotSent()
	var b strings.Builder
	fmt.Fprintf(&b, "post %s: not sent to %d of %d tables:", e.ID, len(ids), e.Tables)
	for i, t := range ids {
		if i > 0 {
			b.WriteString(";")
		}
		fmt.Fprintf(&b, " %s: %v", t, e.Unsent[t])
	}
	return b.String()
}

// NotSent are the tables not sent to, in order.
func (e *SendError) NotSent() []string {
	ids := make([]string, 0, len(e.Unsent))
	for t := range e.Unsent {
		ids = append(ids, t)
	}
	sort.Strings(ids)
	return ids
}

// TableAnswer is one table's state with one command.
type TableAnswer struct {
	Table  string             `json:"table"`
	State  TableState         `json:"state"`
	Answer *pitwire.PitAnswer `json:"answer,omitempty"` // once it answered
	// Received is when the pit read the answer (its clock); zero before.
	Received time.Time `json:"received,omitzero"`
	Seen     time.Time `json:"last_seen,omitzero"` // the table's last heartbeat heard
	// Unsent is, for NotSent, why the bus did not store the command for this table.
	Unsent string `json:"unsent,omitempty"`
	// Withdrawal is, for a command the pit withdrew at this table (Withdraw), the table's state
	// with the last !withdraw sent to it; nil when none was.
	Withdrawal *TableAnswer `json:"withdrawal,omitempty"`
	// WithdrawalID is the id of that !withdraw command.
	WithdrawalID string `json:"withdrawal_id,omitempty"`
}

// Command is one posted command and every table's answer.
type Command struct {
	ID      string        `json:"id"`
	Line    string        `json:"line"`
	By      string        `json:"by"`
	Target  string        `json:"target"` // in words
	Issued  time.Time     `json:"issued"`
	Expires time.Time     `json:"expires"`
	Tables  []TableAnswer `json:"tables"` // in the order sent
	// Withdraws is, for a !withdraw the pit sent (Withdraw), the id of the command it withdraws.
	Withdraws string `json:"withdraws,omitempty"`
	// Withdrawals are the ids of the !withdraw commands sent for this one, oldest first.
	Withdrawals []string `json:"withdrawals,omitempty"`
}

// Done reports whether every table has a final state (answered, or the command expired).
func (c Command) Done() bool {
	for _, t := range c.Tables {
		if t.State == Pending || t.State == Offline {
			return false
		}
	}
	return true
}

// posted is what the Sender keeps of a command.
type posted struct {
	cmd     pitwire.PitCommand // the first table's message (ID, Line, By, times)
	target  string
	tables  []string
	answers map[string]pitwire.PitAnswer
	read    map[string]time.Time // when each answer was read
	// withdrawals are the ids of the !withdraw commands sent for this command, oldest first.
	withdrawals []string
	// unsent are the tables the bus did not store it for, and why (this Sender's own posts).
	unsent map[string]string
}

// Sender posts commands and follows the answers.
type Sender struct {
	cfg Config
	nc  *nats.Conn
	js  jetstream.JetStream

	mu    sync.Mutex
	cmds  map[string]*posted
	order []string             // command ids, oldest first (as the Sender learnt of them)
	seen  map[string]time.Time // last heartbeat of each of the pit's tables
	known map[string]bool      // the pit's tables (Config.Tables)
	// forgot is the issue time of the newest command forgotten for the count (MaxCommands):
	// one read from the stream issued no later is not kept again.
	forgot time.Time
	// early are the answers read before their command (record), by command id, until it is
	// read; earlyOrder is their ids in the order read (for dropping the oldest), nEarly
	// how many answers they hold.
	early      map[string][]pitwire.PitAnswer
	earlyOrder []string
	nEarly     int
	changed    chan struct{} // closed and replaced on every change
	// listed counts the changes to what Commands lists apart from the answers: a command
	// kept or forgotten, a table added to one, a withdrawal linked (ListChanges).
	listed uint64

	ccs []jetstream.ConsumeContext
	hb  *nats.Subscription
}

// Start connects and starts following the commands of the day (the PITCMD stream) and the
// tables' answers (ANSWERS) and heartbeats: a Sender started again knows what was sent before.
func Start(cfg Config) (*Sender, error) {
	if cfg.People == nil {
		return nil, errors.New("pit commands: no people directory: nobody could be checked")
	}
	if cfg.Expiry <= 0 {
		cfg.Expiry = 5 * time.Minute
	}
	if cfg.Expiry > pitwire.MaxPitExpiry {
		return nil, fmt.Errorf("pit commands: expiry %v: at most %v", cfg.Expiry, pitwire.MaxPitExpiry)
	}
	if cfg.Offline <= 0 {
		cfg.Offline = 10 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Keep <= 0 {
		cfg.Keep = bus.CommandsMaxAge
	}
	if cfg.MaxCommands <= 0 {
		cfg.MaxCommands = DefaultMaxCommands
	}
	if cfg.MaxEarly <= 0 {
		cfg.MaxEarly = DefaultMaxEarly
	}
	for _, t := range cfg.Tables {
		if !pitwire.ValidTableID(t.ID) {
			return nil, fmt.Errorf("pit commands: bad table id %q", t.ID)
		}
		if t.Game != GameBaccarat && t.Game != GameRedDog {
			return nil, fmt.Errorf("pit commands: table %s: game %q: want %s or %s", t.ID, t.Game, GameBaccarat, GameRedDog)
		}
	}
	if cfg.Conn.Name == "" {
		cfg.Conn.Name = "pit commands"
	}
	nc, err := bus.Connect(cfg.Conn)
	if err != nil {
		return nil, fmt.Errorf("pit commands: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("pit commands: %w", err)
	}
	s := newSender(cfg)
	s.nc, s.js = nc, js
	if s.hb, err = nc.Subscribe(pitwire.Subject("*", pitwire.TypeHeartbeat), s.heartbeat); err != nil {
		s.Close()
		return nil, fmt.Errorf("pit commands: heartbeats: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// The day's commands are read to their end before the first answer: an answer is then
	// read before its command only when another pit server posted it a moment ago.
	read, err := s.follow(ctx, bus.CommandStreamName, s.sent)
	if err != nil {
		s.Close()
		return nil, err
	}
	select {
	case <-read:
	case <-ctx.Done():
		s.Close()
		return nil, fmt.Errorf("pit commands: read stream %s: %w", bus.CommandStreamName, ctx.Err())
	}
	if _, err := s.follow(ctx, bus.AnswerStreamName, s.answer); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// newSender is a Sender of cfg (checked, with its defaults) that follows nothing yet.
func newSender(cfg Config) *Sender {
	s := &Sender{cfg: cfg, cmds: map[string]*posted{}, seen: map[string]time.Time{}, early: map[string][]pitwire.PitAnswer{},
		known: map[string]bool{}, changed: make(chan struct{})}
	for _, t := range cfg.Tables {
		s.known[t.ID] = true
	}
	return s
}

// follow reads stream from its start, handing every message to handle; the channel is closed
// once the messages the stream held when follow was called are handed over.
func (s *Sender) follow(ctx context.Context, stream string, handle func(jetstream.Msg)) (<-chan struct{}, error) {
	st, err := s.js.Stream(ctx, stream)
	if err != nil {
		return nil, fmt.Errorf("pit commands: read stream %s: %w", stream, err)
	}
	info, err := st.Info(ctx)
	if err != nil {
		return nil, fmt.Errorf("pit commands: read stream %s: %w", stream, err)
	}
	last, read := info.State.LastSeq, make(chan struct{})
	var once sync.Once
	if info.State.Msgs == 0 {
		once.Do(func() { close(read) })
	}
	cons, err := st.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{DeliverPolicy: jetstream.DeliverAllPolicy})
	if err != nil {
		return nil, fmt.Errorf("pit commands: read stream %s: %w", stream, err)
	}
	cc, err := cons.Consume(func(msg jetstream.Msg) {
		handle(msg)
		if md, err := msg.Metadata(); err == nil && md.Sequence.Stream >= last {
			once.Do(func() { close(read) })
		}
	})
	if err != nil {
		return nil, fmt.Errorf("pit commands: read stream %s: %w", stream, err)
	}
	s.ccs = append(s.ccs, cc)
	return read, nil
}

// Close stops following and closes the connection.
func (s *Sender) Close() {
	for _, cc := range s.ccs {
		cc.Stop()
	}
	if s.hb != nil {
		_ = s.hb.Unsubscribe()
	}
	if s.nc != nil {
		s.nc.Close()
	}
}

// Tables are the tables the pit may command.
func (s *Sender) Tables() []Table { return append([]Table(nil), s.cfg.Tables...) }

// Resolve is the tables a target names, in the configuration's order (a list, in its own
// order). A table the pit does not know, an empty target or one that names no table is an error.
func (s *Sender) Resolve(t Target) ([]string, error) {
	if len(t.Tables) > 0 {
		if t.Pit != "" || t.Game != "" {
			return nil, errors.New("target: a list of tables, or a pit and/or a game, not both")
		}
		var out []string
		for _, id := range t.Tables {
			if !slices.ContainsFunc(s.cfg.Tables, func(x Table) bool { return x.ID == id }) {
				return nil, fmt.Errorf("target: table %.64q is not one of the pit's tables", id)
			}
			if slices.Contains(out, id) {
				return nil, fmt.Errorf("target: table %s named twice", id)
			}
			out = append(out, id)
		}
		return out, nil
	}
	if t.Pit == "" && t.Game == "" {
		return nil, errors.New("target: name tables, a pit or a game")
	}
	if t.Game != "" && t.Game != GameBaccarat && t.Game != GameRedDog {
		return nil, fmt.Errorf("target: game %.32q: want %s or %s", t.Game, GameBaccarat, GameRedDog)
	}
	var out []string
	for _, x := range s.cfg.Tables {
		if (t.Pit == "" || x.Pit == t.Pit) && (t.Game == "" || x.Game == t.Game) {
			out = append(out, x.ID)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("target: %s: no such table", t)
	}
	return out, nil
}

// newID is a command id: the time it is sent and 6 random bytes ("20261126T212512Z-3fa9c01b22de").
func newID(now time.Time) (string, error) {
	b := make([]byte, 6)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("command id: %w", err)
	}
	return now.UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b), nil
}

// Post sends line, given by person by, to the tables of target, and returns the command's id
// once the bus has stored it for every table; a *SendError (with the id) names the tables the
// bus did not store it for, which the command shows as NotSent. expiry is how long a table may
// still carry it out (0: the Sender's default). A person the pit does not know, a line that is
// not a pit command, or a target that names no table is refused with the reason and nothing is
// sent.
func (s *Sender) Post(ctx context.Context, target Target, line, by string, expiry time.Duration) (string, error) {
	if !pitwire.ValidPersonID(by) {
		return "", fmt.Errorf("post: %w %.64q: not a person id", ErrUnknownPerson, by)
	}
	if err := s.cfg.People.Check(ctx, by); err != nil {
		return "", fmt.Errorf("post: %w", err)
	}
	if _, err := pitwire.ParsePitLine(line); err != nil {
		return "", fmt.Errorf("post %.80q: %w", line, err)
	}
	tables, err := s.Resolve(target)
	if err != nil {
		return "", fmt.Errorf("post: %w", err)
	}
	if expiry == 0 {
		expiry = s.cfg.Expiry
	}
	if expiry < time.Second || expiry > pitwire.MaxPitExpiry {
		return "", fmt.Errorf("post: expiry %v: want 1s to %v", expiry, pitwire.MaxPitExpiry)
	}
	now := s.cfg.Now()
	id, err := newID(now)
	if err != nil {
		return "", err
	}
	base := pitwire.PitCommand{V: pitwire.PitVersion, ID: id, Line: line, By: by, Issued: now, Expires: now.Add(expiry)}
	s.mu.Lock()
	s.keepLocked(base, target.String(), tables, now)
	s.mu.Unlock()
	return id, s.publish(ctx, base, tables)
}

// keepLocked keeps command c, about to be sent to tables, as the Sender's own (the stream
// gives it back later; adopt then finds it). s.mu is held.
func (s *Sender) keepLocked(c pitwire.PitCommand, target string, tables []string, now time.Time) {
	s.cmds[c.ID] = &posted{cmd: c, target: target, tables: tables, answers: map[string]pitwire.PitAnswer{}, read: map[string]time.Time{}}
	s.order = append(s.order, c.ID)
	s.link(c)
	s.pruneLocked(now)
	s.listed++
	s.notifyLocked()
}

// link records !withdraw c with the command it withdraws, if the Sender keeps it. s.mu is held.
func (s *Sender) link(c pitwire.PitCommand) {
	if o, ok := s.cmds[c.Withdraws]; ok && c.Withdraws != "" && !slices.Contains(o.withdrawals, c.ID) {
		o.withdrawals = append(o.withdrawals, c.ID)
	}
}

// publish sends base to each of tables (exactly once per table: the stream drops a message
// id it has stored) and waits until the bus has stored every one. Tables the bus did not store
// it for are kept as not sent (NotSent) and named by a *SendError.
func (s *Sender) publish(ctx context.Context, base pitwire.PitCommand, tables []string) error {
	id := base.ID
	unsent := map[string]error{}
	type sent struct {
		table string
		f     jetstream.PubAckFuture
	}
	futures := make([]sent, 0, len(tables))
	for _, t := range tables {
		c := base
		c.Table = t
		data, err := pitwire.EncodePitCommand(c)
		if err != nil {
			unsent[t] = err
			continue
		}
		msg := nats.NewMsg(pitwire.PitCommandSubject(t))
		msg.Data = data
		f, err := s.js.PublishMsgAsync(msg, jetstream.WithMsgID(id+"."+t), jetstream.WithExpectStream(bus.CommandStreamName))
		if err != nil {
			unsent[t] = err
			continue
		}
		futures = append(futures, sent{t, f})
	}
	for _, f := range futures {
		select {
		case <-f.f.Ok():
		case err := <-f.f.Err():
			unsent[f.table] = fmt.Errorf("the bus did not store it: %w", err)
		case <-ctx.Done():
			unsent[f.table] = fmt.Errorf("the bus did not confirm it: %w", ctx.Err())
		}
	}
	if len(unsent) == 0 {
		return nil
	}
	s.mu.Lock()
	if p, ok := s.cmds[id]; ok {
		if p.unsent == nil {
			p.unsent = map[string]string{}
		}
		for t, err := range unsent {
			p.unsent[t] = err.Error()
		}
		s.notifyLocked()
	}
	s.mu.Unlock()
	return &SendError{ID: id, Tables: len(tables), Unsent: unsent}
}

// Withdraw cancels command id, given by person by: each table that accepted it as a change
// still to come (its answer's Effective after now), and holds no withdrawal of it but a refused
// or unanswered one, is sent !withdraw at= the date and time it accepted the change for. The
// tables that accepted it for the same time get one !withdraw command (one id); tables that
// accepted it for different times, one each. It returns the ids of the !withdraw commands once
// the bus has stored them (a *SendError names the tables it did not store one for); each
// table's answer is its TableAnswer.Withdrawal. A person the pit does not know, a command it
// did not send or a !withdraw is refused, and ErrNothingToWithdraw when no table holds the
// change still to come.
func (s *Sender) Withdraw(ctx context.Context, id, by string) ([]string, error) {
	if !pitwire.ValidPersonID(by) {
		return nil, fmt.Errorf("withdraw: %w %.64q: not a person id", ErrUnknownPerson, by)
	}
	if err := s.cfg.People.Check(ctx, by); err != nil {
		return nil, fmt.Errorf("withdraw: %w", err)
	}
	now := s.cfg.Now()
	s.mu.Lock()
	p, ok := s.cmds[id]
	switch {
	case !ok:
		s.mu.Unlock()
		return nil, fmt.Errorf("withdraw %.64q: %w", id, ErrUnknownCommand)
	case p.cmd.Withdraws != "":
		s.mu.Unlock()
		return nil, fmt.Errorf("withdraw %s: %w: it is itself a withdrawal", id, ErrNothingToWithdraw)
	}
	view := s.view(p, now)
	var times []time.Time
	groups := map[time.Time][]string{}
	for _, t := range view.Tables {
		if t.State != Accepted || !t.Answer.Effective.After(now) {
			continue
		}
		if w := t.Withdrawal; w != nil && w.State != Refused && w.State != Rejected && w.State != TooLate && w.State != NoAnswer && w.State != NotSent {
			continue // withdrawn, or its withdrawal still on its way
		}
		at := t.Answer.Effective.UTC()
		if _, ok := groups[at]; !ok {
			times = append(times, at)
		}
		groups[at] = append(groups[at], t.Table)
	}
	if len(times) == 0 {
		s.mu.Unlock()
		return nil, fmt.Errorf("withdraw %s: %w: no table holds it as a change still to come (not accepted, in effect, or withdrawn)", id, ErrNothingToWithdraw)
	}
	var sends []pitwire.PitCommand
	for _, at := range times {
		wid, err := newID(now)
		if err != nil {
			s.mu.Unlock()
			return nil, err
		}
		// It may wait for an offline table no longer than the change it withdraws is to come.
		c := pitwire.PitCommand{V: pitwire.PitVersion, ID: wid, Line: pitwire.WithdrawLine(at), By: by, Withdraws: id,
			Issued: now, Expires: now.Add(min(s.cfg.Expiry, at.Sub(now)))}
		s.keepLocked(c, "withdrawal of "+id, groups[at], now)
		sends = append(sends, c)
	}
	s.mu.Unlock()
	ids := make([]string, 0, len(sends))
	var errs []error
	for i, c := range sends {
		if err := s.publish(ctx, c, groups[times[i]]); err != nil {
			errs = append(errs, err)
		}
		ids = append(ids, c.ID)
	}
	if err := errors.Join(errs...); err != nil {
		return ids, fmt.Errorf("withdraw %s: %w", id, err)
	}
	return ids, nil
}

// sent follows the PITCMD stream: the commands sent before this Sender started (and, again,
// its own).
func (s *Sender) sent(msg jetstream.Msg) {
	c, err := pitwire.DecodePitCommand(msg.Subject(), msg.Data())
	if err != nil {
		// Sent with the pit's credentials all the same: kept, so that the table's rejection is
		// shown against it.
		s.report(fmt.Errorf("pit commands: stream %s: %w", bus.CommandStreamName, err))
		c = pitwire.PitCommand{}
		if json.Unmarshal(msg.Data(), &c) != nil || !pitwire.ValidCommandID(c.ID) {
			return
		}
		if md, err := msg.Metadata(); err == nil && c.Issued.IsZero() {
			c.Issued = md.Timestamp // for how long it is kept
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.adopt(c, msg.Subject()[len(pitwire.PitCommandPrefix)+1:])
	s.notifyLocked()
}

// adopt keeps command c, sent to table (the message on its subject), unless it is older than the
// Sender keeps, and records the answers read before it. s.mu is held.
func (s *Sender) adopt(c pitwire.PitCommand, table string) {
	p, ok := s.cmds[c.ID]
	if !ok {
		now := s.cfg.Now()
		if c.Issued.Before(now.Add(-s.cfg.Keep)) || !c.Issued.After(s.forgot) {
			delete(s.early, c.ID) // forgotten, or to be forgotten at once: its answers with it
			return
		}
		c.Table = ""
		p = &posted{cmd: c, target: "tables", answers: map[string]pitwire.PitAnswer{}, read: map[string]time.Time{}}
		s.cmds[c.ID] = p
		s.order = append(s.order, c.ID)
		s.link(c)
		s.pruneLocked(now)
		s.listed++
	}
	if !slices.Contains(p.tables, table) {
		p.tables = append(p.tables, table)
		s.listed++
	}
	if early, ok := s.early[c.ID]; ok {
		delete(s.early, c.ID)
		s.nEarly -= len(early)
		for _, a := range early {
			s.record(a)
		}
	}
}

// pruneLocked forgets the commands issued longer than Keep before now (the streams have dropped
// them), and the oldest past MaxCommands. s.mu is held.
func (s *Sender) pruneLocked(now time.Time) {
	cut := now.Add(-s.cfg.Keep)
	n := 0
	for n < len(s.order) {
		p := s.cmds[s.order[n]]
		over := len(s.order)-n > s.cfg.MaxCommands
		if !over && !p.cmd.Issued.Before(cut) {
			break
		}
		if over && p.cmd.Issued.After(s.forgot) {
			s.forgot = p.cmd.Issued
		}
		delete(s.cmds, s.order[n])
		n++
	}
	if n > 0 {
		s.listed++
		clear(s.order[:n])
		s.order = s.order[n:] // not moved: the next growth of order copies only what is kept
	}
}

// answer follows the ANSWERS stream. An answer must come on its own table's subject; the
// first answer of a table to a command stands.
func (s *Sender) answer(msg jetstream.Msg) {
	a, err := pitwire.DecodePitAnswer(msg.Subject(), msg.Data())
	if err != nil {
		s.report(fmt.Errorf("pit commands: stream %s: %w", bus.AnswerStreamName, err))
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.record(a)
	s.notifyLocked()
}

// record keeps a table's first answer to a command. The two streams are read apart, so an
// answer may come before its command: it is kept until the command is read (adopt), at most
// MaxEarly answers, the oldest dropped first. s.mu is held.
func (s *Sender) record(a pitwire.PitAnswer) {
	p, ok := s.cmds[a.ID]
	if !ok || !slices.Contains(p.tables, a.Table) {
		if _, waiting := s.early[a.ID]; !waiting {
			s.earlyOrder = append(s.earlyOrder, a.ID)
		}
		s.early[a.ID] = append(s.early[a.ID], a)
		s.nEarly++
		for s.nEarly > s.cfg.MaxEarly && len(s.earlyOrder) > 0 {
			id := s.earlyOrder[0]
			s.earlyOrder = s.earlyOrder[1:]
			for _, x := range s.early[id] {
				s.report(fmt.Errorf("pit commands: table %s answered command %s, which the pit has not read: answer dropped", x.Table, x.ID))
			}
			s.nEarly -= len(s.early[id])
			delete(s.early, id)
		}
		s.compactEarly()
		return
	}
	if _, dup := p.answers[a.Table]; !dup {
		p.answers[a.Table], p.read[a.Table] = a, s.cfg.Now()
	}
}

// compactEarly drops from earlyOrder the ids no longer waiting, once they are most of it, so
// that it stays within twice the answers waiting. s.mu is held.
func (s *Sender) compactEarly() {
	if len(s.earlyOrder) <= 2*len(s.early)+16 {
		return
	}
	s.earlyOrder = slices.DeleteFunc(s.earlyOrder, func(id string) bool {
		_, ok := s.early[id]
		return !ok
	})
}

func (s *Sender) heartbeat(msg *nats.Msg) {
	m, err := pitwire.Decode(msg.Data)
	if err != nil {
		return
	}
	m.Subject = msg.Subject
	if m.CheckSubject() != nil || !s.known[m.Table] {
		return // a table the pit does not command: not kept
	}
	s.mu.Lock()
	s.seen[m.Table] = s.cfg.Now()
	s.mu.Unlock()
}

func (s *Sender) report(err error) {
	if s.cfg.OnError != nil {
		s.cfg.OnError(err)
	}
}

func (s *Sender) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// view is the command as it stands at now, each table with its withdrawal. s.mu is held.
func (s *Sender) view(p *posted, now time.Time) Command {
	c := Command{ID: p.cmd.ID, Line: p.cmd.Line, By: p.cmd.By, Target: p.target, Issued: p.cmd.Issued, Expires: p.cmd.Expires,
		Withdraws: p.cmd.Withdraws, Withdrawals: slices.Clone(p.withdrawals)}
	for _, t := range p.tables {
		ta := s.tableState(p, t, now)
		for i := len(p.withdrawals) - 1; i >= 0; i-- {
			if w, ok := s.cmds[p.withdrawals[i]]; ok && slices.Contains(w.tables, t) {
				ws := s.tableState(w, t, now)
				ta.Withdrawal, ta.WithdrawalID = &ws, w.cmd.ID
				break
			}
		}
		c.Tables = append(c.Tables, ta)
	}
	return c
}

// tableState is table t's state with command p at now. s.mu is held.
func (s *Sender) tableState(p *posted, t string, now time.Time) TableAnswer {
	ta := TableAnswer{Table: t, Seen: s.seen[t]}
	if a, ok := p.answers[t]; ok {
		ta.Answer, ta.Received = &a, p.read[t]
		ta.State = map[pitwire.Outcome]TableState{pitwire.OutcomeAccepted: Accepted, pitwire.OutcomeRefused: Refused,
			pitwire.OutcomeTooLate: TooLate, pitwire.OutcomeRejected: Rejected}[a.Outcome]
		return ta
	}
	switch {
	case p.unsent[t] != "":
		ta.State, ta.Unsent = NotSent, p.unsent[t]
	case now.After(p.cmd.Expires):
		ta.State = NoAnswer
	case ta.Seen.IsZero() || now.Sub(ta.Seen) > s.cfg.Offline:
		ta.State = Offline
	default:
		ta.State = Pending
	}
	return ta
}

// Command is command id and every table's answer so far; false if the pit never sent it.
func (s *Sender) Command(id string) (Command, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.cmds[id]
	if !ok {
		return Command{}, false
	}
	return s.view(p, s.cfg.Now()), true
}

// Commands are the commands the pit sent (the streams keep a day), newest first.
func (s *Sender) Commands() []Command {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.cfg.Now()
	out := make([]Command, 0, len(s.order))
	for i := len(s.order) - 1; i >= 0; i-- {
		out = append(out, s.view(s.cmds[s.order[i]], now))
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Issued.After(out[j].Issued) })
	return out
}

// ListChanges counts the changes to the commands the Sender keeps other than their answers
// and states: a command kept or forgotten, a table added to one, a withdrawal linked to the
// command it withdraws. While it stays the same, Commands lists the same commands with the same
// ids, lines, persons, issue times, tables and withdrawals (only the answers may differ), so a
// list made of those alone (console.Commands.Postings) need not be made again.
func (s *Sender) ListChanges() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.listed
}

// Wait returns command id once every table has a final state: it answered, or the command
// expired (NoAnswer). ctx bounds the wait; the command as it stands is returned with its error.
func (s *Sender) Wait(ctx context.Context, id string) (Command, error) {
	for {
		s.mu.Lock()
		p, ok := s.cmds[id]
		var c Command
		if ok {
			c = s.view(p, s.cfg.Now())
		}
		ch := s.changed
		s.mu.Unlock()
		if !ok {
			return Command{}, fmt.Errorf("wait for command %.64q: the pit did not send it", id)
		}
		if c.Done() {
			return c, nil
		}
		wait := time.Until(c.Expires) + 10*time.Millisecond
		if wait > time.Second {
			wait = time.Second // heartbeats move offline and pending
		}
		t := time.NewTimer(max(wait, 10*time.Millisecond))
		select {
		case <-ch:
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return c, fmt.Errorf("wait for command %s: %w", id, ctx.Err())
		}
		t.Stop()
	}
}
