package desk

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// Config is what a table starts with.
type Config struct {
	// Profile and Settings are a baccarat table's rule book and settings (see engine.ParseSettings).
	Profile  engine.Profile
	Settings engine.Settings
	// RedDog, when set, makes this a Red Dog table under that profile (Profile and Settings unused).
	RedDog *reddog.Profile
	// Sign is the sign in force at the start. A Red Dog table's one wager is the sign's Player
	// limit (003 6.1), with the higher-limit markers (6.5): New keeps only those.
	Sign engine.Sign
	// NoticeMinutes is a Red Dog table's notice period; 0 keeps the profile's (003 6.4, 10.7).
	NoticeMinutes int
	// Currency is the table's currency (engine.CurrencyOf its code): every amount the table
	// writes in a settlement's notes, a notice, a refusal or the operator's words is in it.
	// "" writes amounts with no symbol; the table script and replay use engine.Dollars.
	Currency engine.Currency
	// AutoTurn turns face-down hands over as soon as they may be, Player first, as a replay of a
	// script without "!turn" commands does (engine.Replayer); a live table leaves it false.
	AutoTurn bool
	// Hold makes a coup under review wait for the supervisor (engine.Game.SetHold), as a live table does.
	Hold bool
}

// Input is one input to a table: exactly one of Game (a card, a shoe word, or a game input of
// the shoe link) and Command (an operator command). Line is the script line, for refusals.
type Input struct {
	Game    *engine.Input
	Command *Command
	Line    int
}

// Settled is one wager settled (spec/table-script.md §2 "settle").
type Settled struct {
	Shoe, N int   // the coup
	Seat    int   // the seat, 0 for a standing player
	Wager   Wager // player, banker, tie, insurance, bet
	Amount  int64 // the wager as placed, cents (a Red Dog bet: with its raise)
	Raise   int64 // Red Dog: the raise, cents
	Result  engine.Result
	// Paid is what the player receives beyond the returned stake, after commission; Commission
	// the commission charged on it (collected now or deferred); Lost what was collected;
	// Returned the chips given back.
	Paid, Commission, Lost, Returned int64
	Notes                            []engine.Note
	// Reverses is set on the refund of an earlier settlement of a coup whose outcome was
	// invalidated after the fact (000 13.4): Result is void and Reverses the result undone.
	Reverses engine.Result
}

// RunResult is a Run wager decided (spec §2 "run").
type RunResult struct {
	engine.RunSettlement
	Asked int64 // the amount the player put up, cents; the run stands for at most the sign's maximum (000 7.3.2)
	// Reverses is set when a run decided on a coup invalidated after the fact is refunded (000 13.4).
	Reverses engine.RunState
}

// Commission is deferred commission owed or collected (spec §2 "commission").
type Commission struct {
	Seat      int
	Owed      int64 // after a deferral: what the seat owes now
	Collected int64 // collected now
	Rule      string
}

// Notice is a notice posted on the sign (spec §2 "notice"): one item of a change posted, named
// exactly (the wager, the old and the new amount, when it takes effect and the rule that asks
// for the notice), as the feed publishes it.
type Notice struct {
	ChangeID          int
	Posted, Effective time.Time
	Text              string
	// Item is what the notice changes; Wager the wager ("Player", "Banker", "Tie",
	// "Insurance/No 6", "Run"; "" for the other items; a Red Dog table's one wager is "Player").
	Item  engine.NoticeItem
	Wager string
	// Old and New are the amounts before and after, in cents (a minimum, maximum, multiple or
	// differential; a differential removed is New 0); OldSettlement and NewSettlement the
	// settlement methods of a NoticeSettlement.
	Old, New                     int64
	OldSettlement, NewSettlement engine.BankerPayout
	// Kind is the kind of change; Rule the rule that asks for the notice, "" when none does.
	Kind engine.ChangeKind
	Rule string
}

// Withdrawal is a change of the sign withdrawn before it took effect (spec §2 "withdrawn"): the
// notices of change ChangeID come off the sign and the sign in force stays as it is.
type Withdrawal struct {
	ChangeID          int
	Posted, Effective time.Time         // when it was posted, and when it would have taken effect
	Kinds             engine.ChangeKind // what it would have changed (engine.ChangeClose: a closing)
	Rule              string            // the book's rule on withdrawing (engine.NoticeRules.WithdrawRule)
}

// SignChange is a sign taking effect (spec §2 "sign"): the whole sign in force from At.
type SignChange struct {
	At     time.Time
	Sign   engine.Sign
	Closed bool
}

// Refusal is a command the rules refuse: it changes nothing (spec §2 "refused").
type Refusal struct {
	Line    int
	Command Verb
	Rule    string // the rule number, "" when the refusal is not a rule's (a malformed amount, no such run)
	Reason  string
	// Earliest is, for a change of the sign refused for its time (its notice, or a moment
	// past), the earliest time the rules allow it; zero otherwise.
	Earliest time.Time
	// cause is the error behind the refusal where there is one: the board's *engine.NoticeError
	// or *engine.TimeError for a change of the sign refused for its time (Unwrap).
	cause error
}

// Unwrap is the error behind the refusal, nil when the refusal is the desk's own: for a change of
// the sign refused for its time, the board's *engine.NoticeError or *engine.TimeError, so that
// errors.As and engine.Earliest read the rule and the earliest time from the refusal itself.
func (r Refusal) Unwrap() error { return r.cause }

// Error is "bet refused (000 6.4): …"; the rule is not repeated where the reason already
// names it ("limits refused: raise minimum needs 20 minutes' notice (000 7.7, s66(2)): …").
func (r Refusal) Error() string {
	if r.Rule == "" || strings.Contains(r.Reason, "("+r.Rule+")") {
		return fmt.Sprintf("%s refused: %s", r.Command, r.Reason)
	}
	return fmt.Sprintf("%s refused (%s): %s", r.Command, r.Rule, r.Reason)
}

// Outcome is everything one input did, in the order it happened within each list. The slices are
// reused by the next Apply: a caller that keeps them copies them.
type Outcome struct {
	Events     []engine.Event // the baccarat engine's events
	RedDog     []reddog.Event // the Red Dog engine's events
	Settled    []Settled
	Runs       []RunResult
	Commission []Commission
	Notices    []Notice
	Withdrawn  []Withdrawal
	Signs      []SignChange
	Refused    []Refusal
}

// reset empties the lists for the next input, keeping their room. One list a statement: the
// compiler writes only the length of a slice cut from itself (s = s[:0]), where a multiple
// assignment writes whole slices, their pointers through the garbage collector's write barrier.
func (o *Outcome) reset() {
	o.Events = o.Events[:0]
	o.RedDog = o.RedDog[:0]
	o.Settled = o.Settled[:0]
	o.Runs = o.Runs[:0]
	o.Commission = o.Commission[:0]
	o.Notices = o.Notices[:0]
	o.Signs = o.Signs[:0]
	o.Refused = o.Refused[:0]
	o.Withdrawn = o.Withdrawn[:0]
}

// placed is a wager on the next coup (or Red Dog round) and, once the coup is settled, that
// wager as the history keeps it (roundRecord): the record takes over the coup's list of wagers
// instead of copying it, and result is the one field a settlement adds to it. A placed holds no
// pointer, so the list is plain memory for the garbage collector.
type placed struct {
	w     engine.Wager // as placed (a Red Dog bet: its seat and amount, kind 0); a correction settles it again (resettle)
	raise int64        // Red Dog
	valid int64        // Red Dog: the part in action (to the maximum, 003 6.3)
	// result is how the wager was settled (Settled.Result), set when its coup is settled; what a
	// reversal undoes (reverse).
	result engine.Result
}

// amount is the wager's amount in its settlement (Settled.Amount): a Red Dog bet's with its raise
// (a baccarat wager's raise is 0).
func (b *placed) amount() int64 { return b.w.Amount + b.raise }

// roundRecord is what was settled on one finished coup, kept for a cancellation or a correction
// after the fact.
type roundRecord struct {
	live    bool // false once refunded
	shoe, n int
	// settled are the coup's wagers, settled (each with its result), in the order of their
	// settlements: the coup's wagers, then its Insurance/No 6 wagers (settleRound).
	settled []placed
	runs    []RunResult
}

// historyLen bounds the coups kept for "void N" (the engine keeps as many).
const historyLen = 256

// histPiece is the room for settlements a coup of the history starts with (a full table of seven
// seats and a standing player), and histBlock how many coups' room is allocated at once.
const (
	histPiece = 8
	histBlock = 32
)

// Table is one table's every rule decision: the game, the sign and its notices, setting changes,
// wagers, Run wagers and nominations, the commission ledger and corrections. It is pure: no I/O,
// no clock (the time is passed in), no goroutine. The same inputs at the same times always give
// the same outcomes. It is not safe for concurrent use (one writer: the table's event loop).
type Table struct {
	cfg    Config // what the table was made with (Earliest)
	book   Rules
	prof   engine.Profile
	rules  engine.SettlementRules
	game   *engine.Game
	replay *engine.Replayer // AutoTurn
	rd     *reddog.Table
	board  *engine.Board
	runs   *engine.Runs // nil where Run wagers are not offered

	ledger  engine.CommissionLedger
	notices engine.NoticeRules // the book's notice rules with this table's notice period
	now     time.Time
	pending []engine.Scheduled // changes posted and not yet in effect, in time order
	sign    engine.Sign        // the sign in force
	closed  bool
	// base is the settlement rules of the table's settings; rules is base with what the sign in
	// force shows applied (its settlement method and differentials: Sign.Settle, 001 8.2).
	base engine.SettlementRules

	bets      []placed // the wagers on the next coup; settleRound gives the list to the history (remember)
	insurance []engine.Wager
	insN      int
	warned    [MaxSeat + 1]bool // seats told that wagers under the minimum will be returned (000 7.3.1); every command's seat is checked against MaxSeat
	runAsked  map[int]int64
	hist      []roundRecord // a ring: histNext is the next to overwrite
	histNext  int
	pass      uint64   // the settling pass: one more for each coup settled, or settled again (settle)
	histFree  []placed // room for a coup's wagers not yet given to a coup (remember)
	shoe      int      // the current shoe (baccarat events; Red Dog view)

	memo *[memoLen]memoEntry

	curLine int // the command being carried out, for its refusals
	curVerb Verb

	out Outcome
}

// New starts a table with no shoe loaded, at time start.
func New(cfg Config, start time.Time) (*Table, error) {
	t := &Table{cfg: cfg, now: start, runAsked: map[int]int64{}, memo: new([memoLen]memoEntry)}
	var notices engine.NoticeRules
	if cfg.RedDog != nil {
		p := *cfg.RedDog
		if cfg.NoticeMinutes != 0 {
			p.Notices.Minutes = cfg.NoticeMinutes
		}
		rd, err := reddog.New(p)
		if err != nil {
			return nil, fmt.Errorf("new desk: %w", err)
		}
		rd.SetHold(cfg.Hold)
		t.rd, notices = rd, p.Notices
		cfg.Sign = redDogSign(cfg.Sign)
		t.book = books["003"]
		t.rules = engine.SettlementRules{SmallestChip: 100, Currency: cfg.Currency} // chips of the table (003 5.1)
	} else {
		p := cfg.Profile
		rules, err := cfg.Settings.SettlementRules(&p)
		if err != nil {
			return nil, fmt.Errorf("new desk %s: %w", p.ID, err)
		}
		if notices, err = cfg.Settings.NoticeRules(&p); err != nil {
			return nil, fmt.Errorf("new desk %s: %w", p.ID, err)
		}
		if cfg.AutoTurn {
			if t.replay, err = engine.NewReplayer(p, cfg.Settings); err != nil {
				return nil, fmt.Errorf("new desk: %w", err)
			}
			t.game = t.replay.Game()
		} else if t.game, err = engine.NewGame(p, cfg.Settings); err != nil {
			return nil, fmt.Errorf("new desk: %w", err)
		}
		t.game.SetHold(cfg.Hold)
		var ok bool
		if t.book, ok = books[p.Book]; !ok {
			return nil, fmt.Errorf("new desk %s: no wager rules for book %q", p.ID, p.Book)
		}
		rules.Currency = cfg.Currency
		t.prof, t.base = p, rules
		cfg.Sign.Settlement = rules.Banker
		if rules.Runs {
			if t.runs, err = engine.NewRuns(engine.RunSettings{}); err != nil {
				return nil, fmt.Errorf("new desk: %w", err)
			}
		}
	}
	notices.Currency = cfg.Currency
	b, err := engine.NewBoard(notices, cfg.Sign)
	if err != nil {
		return nil, fmt.Errorf("new desk: %w", err)
	}
	t.board, t.sign, t.notices = b, b.SignAt(start).Sign, notices
	if t.rd == nil {
		t.rules = t.sign.Settle(t.base)
	}
	return t, nil
}

// ErrBackwards is wrapped by a Runner's error for a clock form before the script's clock.
var ErrBackwards = errors.New("the table clock never moves backwards")

// Apply takes one input at time now and returns everything it did. The table clock never moves
// backwards: a now before it (a wall clock stepped back) applies the input at the table clock.
// The Outcome is valid until the next call. An error means the input was not applied (neither
// or both parts).
func (t *Table) Apply(in Input, now time.Time) (*Outcome, error) {
	t.out.reset()
	if (in.Game == nil) == (in.Command == nil) {
		return &t.out, fmt.Errorf("line %d: desk input: want exactly one of a game input and a command", in.Line)
	}
	t.advance(now)
	t.curLine, t.curVerb = in.Line, ""
	if in.Game != nil {
		t.feed(in.Game)
	} else {
		t.command(in.Command, in.Line)
	}
	return &t.out, nil
}

// Advance moves the table clock to now (never backwards): the sign changes due by then take effect.
func (t *Table) Advance(now time.Time) *Outcome {
	t.out.reset()
	t.advance(now)
	return &t.out
}

// Schedule posts a change to the sign at now, as the operator screen gives it (limits, markers,
// closing); a Red Dog sign keeps only its one wager's limit and the markers. A change refused
// is the outcome's one refusal, which unwraps to the board's *engine.NoticeError or
// *engine.TimeError (the rule and the earliest time).
func (t *Table) Schedule(c engine.Change, now time.Time) *Outcome {
	t.out.reset()
	t.advance(now)
	if t.rd != nil {
		c.Sign = redDogSign(c.Sign)
	} else {
		next := t.nextSign()
		c.Sign.Settlement, c.Sign.DifferentialMin, c.Sign.DifferentialMax = next.Settlement, next.DifferentialMin, next.DifferentialMax
	}
	t.curLine, t.curVerb = 0, VerbLimits
	t.schedule(c)
	return &t.out
}

// redDogSign is what a Red Dog sign shows of s: the limit of its one wager, the sign's Player
// limit (003 6.1), and the higher-limit markers (6.5).
func redDogSign(s engine.Sign) engine.Sign {
	return engine.Sign{Player: s.Player, Markers: s.Markers}
}

// Pending counts the changes posted to the sign still to come at now.
func (t *Table) Pending(now time.Time) int {
	n := 0
	for _, c := range t.board.Changes() {
		if c.At.After(now) {
			n++
		}
	}
	return n
}

// End reports a coup left unfinished when a replay ends (an anomaly, as engine.Replayer.End).
func (t *Table) End() *Outcome {
	t.out.reset()
	if t.replay != nil {
		t.out.Events = append(t.out.Events, t.replay.End()...)
	}
	return &t.out
}

func (t *Table) advance(now time.Time) {
	// Most inputs come at the table clock itself (a script's items between two clock forms, the
	// loop's inputs within a tick): the same time.Time, compared as a value, is neither before the
	// clock nor a change of it. Any other value, the same instant or not, is compared as a time.
	if now != t.now {
		if now.Before(t.now) {
			return
		}
		t.now = now
	}
	for len(t.pending) > 0 && !t.pending[0].At.After(now) {
		c := t.pending[0]
		t.pending = t.pending[1:]
		if c.Close {
			t.closed = true
		} else {
			t.sign, t.closed = c.Sign, false
		}
		t.out.Signs = append(t.out.Signs, SignChange{At: c.At, Sign: t.sign, Closed: t.closed})
		t.signRules()
	}
}

// feed gives a game input to the table. A setting is the !setting command however it comes
// (a script line, or a game input as an old journal holds it): the same rules decide it live
// and in a replay, and one that changes the sign is posted with its notice (001 8.2).
func (t *Table) feed(in *engine.Input) {
	if in.Kind == engine.InSetting {
		c, _ := GameCommand(*in)
		t.command(c, t.curLine)
		return
	}
	t.engineInput(in)
}

// engineInput gives a game input to the engine and follows its events. in is only read.
func (t *Table) engineInput(in *engine.Input) {
	if t.rd != nil {
		rin, ok := RedDogInput(*in)
		if !ok {
			var verb Verb
			if c, err := GameCommand(*in); err == nil && c != nil {
				verb = c.Verb
			}
			t.refuse(t.curLine, verb, t.book.NotInGame, fmt.Sprintf("not an input of Red Dog: %v (only shoe-script tokens, cards, doubts and the supervisor's review)", in.Kind))
			return
		}
		start := len(t.out.RedDog)
		t.out.RedDog = append(t.out.RedDog, t.rd.Apply(rin)...)
		for i := start; i < len(t.out.RedDog); i++ {
			t.followRedDog(&t.out.RedDog[i])
		}
		return
	}
	start := len(t.out.Events)
	if t.replay != nil && in.Kind == engine.InToken {
		t.out.Events = t.replay.AppendFeed(t.out.Events, &in.Token)
	} else {
		t.out.Events = t.game.AppendApply(t.out.Events, *in)
	}
	for i := start; i < len(t.out.Events); i++ {
		t.follow(&t.out.Events[i])
	}
}

// refuse records a refused command.
func (t *Table) refuse(line int, verb Verb, rule, reason string) {
	t.out.Refused = append(t.out.Refused, Refusal{Line: line, Command: verb, Rule: rule, Reason: reason})
}

// follow keeps the wagers, runs and commission in step with one baccarat event.
func (t *Table) follow(e *engine.Event) {
	switch e.Kind {
	case engine.EvShoe:
		t.shoe = e.Shoe
		// Deferred commission is collected before the next shoe commences (000 10.2.1(a)).
		if t.ledger.ReadyForNextShoe(t.cfg.Currency) != nil {
			t.collectAll()
		}
	case engine.EvShoeEnd:
		// ... and settled at the completion of each shoe.
		t.collectAll()
		if t.runs != nil {
			for _, s := range t.runs.ShoeEnd() {
				t.out.Runs = append(t.out.Runs, RunResult{RunSettlement: s, Asked: t.asked(s.Run)})
			}
		}
	case engine.EvRound:
		t.settleRound(&e.Round)
	case engine.EvVoid:
		t.refund(e.Shoe, e.N, e.Rule)
	case engine.EvCorrected:
		t.resettle(&e.Round, e.Rule)
	case engine.EvSetting:
		p := t.prof
		if r, err := t.game.Settings().SettlementRules(&p); err == nil {
			r.Currency = t.cfg.Currency
			t.base = r
			t.signRules()
		}
	}
}

// signRules sets the settlement rules in force from the table's settings and the sign in force:
// the method and the differentials the sign shows are the ones used (001 8.2, 3.6; 000 7.2-7.5).
func (t *Table) signRules() {
	if t.rd != nil {
		return
	}
	t.rules = t.sign.Settle(t.base)
	*t.memo = [memoLen]memoEntry{} // settled under the old rules
}

// collectAll collects every seat's deferred commission (000 10.2.1(a)).
func (t *Table) collectAll() {
	for _, c := range t.ledger.EndOfShoe() {
		t.out.Commission = append(t.out.Commission, Commission{Seat: c.Seat, Collected: c.Amount, Rule: c.Rule})
	}
}

func (t *Table) asked(w engine.RunWager) int64 {
	if a, ok := t.runAsked[w.ID]; ok {
		return a
	}
	return w.Amount
}

// runCoupKind is how a finished coup of kind k counts for the runs: a coup without wagers is a
// dummy coup, a cancelled coup none.
func runCoupKind(k engine.RoundKind) engine.RunCoupKind {
	switch k {
	case engine.KindNoBet:
		return engine.RunCoupDummy
	case engine.KindCancelled:
		return engine.RunCoupCancelled
	}
	return engine.RunCoupNormal
}

// settleRound settles the wagers, the insurance and the runs of a finished coup.
func (t *Table) settleRound(r *engine.Round) {
	r0 := len(t.out.Runs)
	// What a settlement reads of the coup, worked out once for all its wagers (the key of the
	// settlements remembered, settle).
	o := r.Outcome.ForSettlement()
	t.pass++
	if len(t.insurance) > 0 && t.insN == r.N {
		// The coup's Insurance/No 6 wagers are settled after its other wagers, as placed: one list
		// of the coup's wagers for the settlements and for the history.
		for i := range t.insurance {
			t.bets = append(t.bets, placed{w: t.insurance[i]})
		}
		t.insurance = t.insurance[:0]
	}
	for i := range t.bets {
		t.settleOne(&t.bets[i], r, &o)
	}
	if t.runs != nil {
		settled, err := t.runs.Coup(engine.RunCoup{Number: r.N, Shoe: r.Shoe, Kind: runCoupKind(r.Kind), Winner: r.Outcome.Winner})
		if err == nil {
			for _, s := range settled {
				t.out.Runs = append(t.out.Runs, RunResult{RunSettlement: s, Asked: t.asked(s.Run)})
				delete(t.runAsked, s.Run.ID)
			}
		}
	}
	if len(t.bets) > 0 || len(t.out.Runs) > r0 {
		t.bets = t.remember(r.Shoe, r.N, t.bets, t.out.Runs[r0:])
	}
}

// remember keeps what was settled on a coup, for a cancellation or a correction after the fact: a
// ring of the last historyLen coups. The record takes over settled, the coup's list of wagers with
// their results (nothing else refers to it once its coup is settled), instead of copying it, and
// gives back, emptied, the list of the coup it overwrites: the room for the next coup's wagers.
func (t *Table) remember(shoe, n int, settled []placed, runs []RunResult) (room []placed) {
	if len(t.hist) < historyLen {
		t.hist = append(t.hist, roundRecord{})
	}
	i := t.histNext
	t.histNext = (t.histNext + 1) % historyLen
	rec := &t.hist[i]
	rec.shoe, rec.n, rec.live = shoe, n, true
	room, rec.settled = rec.settled[:0], settled
	if cap(room) < histPiece {
		// Until the ring is full the records give back no room: it comes from a block shared by
		// histBlock coups, not an allocation (and its growths) for each coup.
		if len(t.histFree) < histPiece {
			t.histFree = make([]placed, histPiece*histBlock)
		}
		room, t.histFree = t.histFree[:0:histPiece], t.histFree[histPiece:]
	}
	rec.runs = append(rec.runs[:0], runs...)
	return room
}

// settleOne settles wager b on a finished coup whose outcome reduced for settlement is o
// (r.Outcome.ForSettlement()) and sets its result: a coup without wagers or with no result
// returns it (000 11.9.4, 001 4.7, 002/004 "Void Hand"; 000 11.11, 13.4). The settlement is
// written once, at the end of the outcome's list, whole.
func (t *Table) settleOne(b *placed, r *engine.Round, o *engine.Outcome) {
	w := &b.w
	switch {
	case r.Kind == engine.KindNoBet:
		t.settleVoid(b, r, t.book.NoWagers, fmt.Sprintf("coup %d was played without wagers: the wager is void and returned", r.N))
		return
	case r.Kind == engine.KindCancelled || r.Outcome.Winner == engine.WinnerNone:
		t.settleVoid(b, r, t.book.Refund, fmt.Sprintf("coup %d has no result: the wager is returned", r.N))
		return
	}
	warned := w.Kind != engine.WagerInsurance && t.warned[w.Seat]
	s, err := t.settle(w, warned, &r.Outcome, o)
	if err != nil {
		t.settleVoid(b, r, t.book.Refund, fmt.Sprintf("not settled: %v; the wager is returned", err))
		return
	}
	if s.warning {
		t.warned[w.Seat] = true
	}
	b.result = s.result
	t.out.Settled = append(t.out.Settled, Settled{Shoe: r.Shoe, N: r.N, Seat: w.Seat, Wager: wagerName(w.Kind), Amount: w.Amount,
		Result: s.result, Paid: s.paid, Commission: s.commission, Lost: s.lost, Returned: s.returned, Notes: s.notes})
}

// settleVoid settles wager b on coup r as void, returned whole, with the rule and the reason.
func (t *Table) settleVoid(b *placed, r *engine.Round, rule, why string) {
	st := Settled{Shoe: r.Shoe, N: r.N, Seat: b.w.Seat, Wager: wagerName(b.w.Kind), Amount: b.w.Amount}
	st.void(rule, why)
	b.result = st.Result
	t.out.Settled = append(t.out.Settled, st)
}

// void makes the settlement a void wager returned whole, with the rule and the reason.
func (st *Settled) void(rule, why string) {
	st.Result, st.Returned = engine.ResultVoid, st.Amount
	st.Notes = []engine.Note{{Rule: rule, Text: why}}
}

// memoLen is how many settlements are remembered, in a direct-mapped cache: a table's wagers
// repeat (the same chips on the same results), so most are looked up, not computed again.
const memoLen = 512

// memoEntry is one remembered settlement: the wager as settled, keyed (its MinimumWarned set,
// its seat 0 unless a commission is deferred against the seat), the coup's outcome reduced for
// settlement (Outcome.ForSettlement) and the settlement. pass is the last settling pass
// (Table.pass) that settled or found it, 0 for an empty entry.
type memoEntry struct {
	pass uint64
	w    engine.Wager
	o    engine.Outcome
	s    memoSettled
}

// memoSettled is what a table reads of an engine.Settlement (settleOne), kept small so that the
// cache is: commission is what is collected now and what is deferred.
type memoSettled struct {
	result                           engine.Result
	warning                          bool
	paid, commission, lost, returned int64
	notes                            []engine.Note
}

// memoSlot is the cache slot of wager w on an outcome reduced for settlement o.
func memoSlot(w *engine.Wager, o *engine.Outcome) int {
	h := uint64(w.Amount) ^ uint64(w.Kind)<<40 ^ uint64(o.Winner)<<44 ^ uint64(o.BankerTotal)<<48 ^ uint64(o.PlayerCards)<<52 ^ uint64(w.Covers)<<20
	return int((h * 0x9E3779B97F4A7C15) >> 55) // the top 9 bits: 0 to memoLen-1
}

// settle is engine.Settle(w with MinimumWarned warned, *o, rules in force), remembered: the same
// wager on the same outcome as far as settlement reads it (key, Outcome.ForSettlement of o) under
// the same rules settles the same way, whatever the seat (but for a deferred commission, recorded
// against it); engine.Settle is a function of the wager, the outcome and the rules alone, and the
// cache is emptied when the rules change (signRules). warned is the seat's minimum warning
// (000 7.3.1).
//
// Within one settling pass (a coup's wagers settled by settleRound, or again by resettle: the
// pass is new for each) the outcome is the same for every wager, so an entry the pass has already
// settled or found is known to be for this outcome and only the wager is compared
// (sameSettlement, field by field in place); an entry of an earlier pass has its outcome compared
// too, once. A table's wagers on a coup are few and mostly alike (the same chips on the same
// hands), so most wagers cost a hash and a few compares. The settlement returned is the cache's
// own (read-only, valid until the next settle; the notes are shared).
func (t *Table) settle(w *engine.Wager, warned bool, o, key *engine.Outcome) (*memoSettled, error) {
	e := &t.memo[memoSlot(w, key)]
	if e.pass != 0 && sameSettlement(&e.w, w, warned) && (e.pass == t.pass || e.o == *key) {
		e.pass = t.pass
		return &e.s, nil
	}
	wg := *w
	wg.MinimumWarned = warned
	s, err := engine.Settle(wg, *o, t.rules)
	if err != nil {
		return nil, err
	}
	if !wg.DeferCommission {
		wg.Seat = 0
	}
	*e = memoEntry{pass: t.pass, w: wg, o: *key, s: memoSettled{result: s.Result, warning: s.Warning, paid: s.Paid,
		commission: s.Commission + s.DeferredCommission, lost: s.Lost, returned: s.Returned, notes: s.Notes}}
	return &e.s, nil
}

// sameSettlement reports whether wager w, with the seat's minimum warning warned, is the wager k
// as settle keys it (MinimumWarned set, the seat 0 unless a commission is deferred against it):
// every field of engine.Wager compared in place (TestSameSettlementEveryField), which is cheaper
// than a copy of w made into a key and compared whole. Kind and amount first: they tell most
// wagers of a coup apart.
func sameSettlement(k, w *engine.Wager, warned bool) bool {
	return k.Kind == w.Kind && k.Amount == w.Amount && k.MinimumWarned == warned && k.Limit == w.Limit &&
		k.Covers == w.Covers && k.DeferCommission == w.DeferCommission && (!w.DeferCommission || k.Seat == w.Seat)
}

// refund undoes what was settled on coup n of shoe, whose outcome was invalidated after the
// fact: every wager on it is refunded, the runs it decided are refunded, and the open runs
// no longer count it (000 13.4; 003 10.4).
func (t *Table) refund(shoe, n int, rule string) {
	note := engine.Note{Rule: t.book.Refund, Text: fmt.Sprintf("coup %d was cancelled after the fact (%s): the wager is refunded", n, rule)}
	if rec := t.record(shoe, n); rec != nil {
		for i := range rec.settled {
			t.reverse(rec.shoe, rec.n, &rec.settled[i], note)
		}
		for _, r := range rec.runs {
			t.reverseRun(r, note)
		}
		rec.live = false
	}
	if t.runs != nil {
		t.runs.Uncount(shoe, n)
	}
}

// record is what was settled on coup n of shoe and still stands, nil when nothing was.
func (t *Table) record(shoe, n int) *roundRecord {
	for k := 1; k <= len(t.hist); k++ {
		rec := &t.hist[(t.histNext-k+historyLen)%historyLen]
		if rec.live && rec.shoe == shoe && rec.n == n {
			return rec
		}
	}
	return nil
}

// reverse records the reversal of settlement s: the wager's stake is returned and what it won or
// lost undone (Reverses); a void settlement has nothing to reverse. It reports whether it did.
func (t *Table) reverse(shoe, n int, s *placed, note engine.Note) bool {
	if s.result == engine.ResultVoid {
		return false
	}
	name := WagerBet
	if t.rd == nil {
		name = wagerName(s.w.Kind)
	}
	t.out.Settled = append(t.out.Settled, Settled{Shoe: shoe, N: n, Seat: s.w.Seat, Wager: name, Amount: s.amount(), Raise: s.raise,
		Result: engine.ResultVoid, Returned: s.amount(), Notes: []engine.Note{note}, Reverses: s.result})
	return true
}

// reverseRun records the reversal of a run decided on a coup: its wager is returned and its
// win or loss undone (Reverses). It reports whether it did (a void run has nothing to reverse).
func (t *Table) reverseRun(r RunResult, note engine.Note) bool {
	if r.Run.State == engine.RunVoid {
		return false
	}
	rr := RunResult{Asked: r.Asked, Reverses: r.Run.State}
	rr.Run = r.Run
	rr.Run.State = engine.RunVoid
	rr.Returned = r.Run.Amount
	rr.Notes = []engine.Note{note}
	t.out.Runs = append(t.out.Runs, rr)
	return true
}

// resettle follows round r, corrected after the fact by the supervisor under rule (the cards
// really dealt, engine.EvCorrected): every wager settled on it has its first settlement reversed
// and is settled again on the corrected round, and the runs follow the corrected result
// (engine.Runs.Correct). A wager that was void (a round without wagers) stays void: the
// correction keeps the round's kind. What is settled again is kept, for a later void N.
func (t *Table) resettle(r *engine.Round, rule string) {
	undo := engine.Note{Rule: rule, Text: fmt.Sprintf("coup %d was corrected by the supervisor: its first settlement is reversed", r.N)}
	redo := engine.Note{Rule: rule, Text: fmt.Sprintf("coup %d settled again on the cards the supervisor entered", r.N)}
	rec := t.record(r.Shoe, r.N)
	if rec != nil {
		o := r.Outcome.ForSettlement()
		t.pass++
		for i := range rec.settled {
			b := &rec.settled[i]
			if t.rd != nil || !t.reverse(rec.shoe, rec.n, b, undo) {
				continue
			}
			t.settleOne(b, r, &o) // b.result is now the new settlement's, for a later void N
			st := &t.out.Settled[len(t.out.Settled)-1]
			st.Notes = append(append(make([]engine.Note, 0, len(st.Notes)+1), st.Notes...), redo)
		}
	}
	if t.runs == nil || r.Kind == engine.KindCancelled {
		return
	}
	var decided []engine.RunWager
	if rec != nil {
		for _, rr := range rec.runs {
			if t.reverseRun(rr, undo) {
				decided = append(decided, rr.Run)
				if rr.Asked != rr.Run.Amount {
					t.runAsked[rr.Run.ID] = rr.Asked
				}
			}
		}
	}
	settled, err := t.runs.Correct(engine.RunCoup{Number: r.N, Shoe: r.Shoe, Kind: runCoupKind(r.Kind), Winner: r.Outcome.Winner}, decided)
	if err != nil {
		return
	}
	r0 := len(t.out.Runs)
	for _, s := range settled {
		s.Notes = append(append(make([]engine.Note, 0, len(s.Notes)+1), s.Notes...), redo)
		t.out.Runs = append(t.out.Runs, RunResult{RunSettlement: s, Asked: t.asked(s.Run)})
		delete(t.runAsked, s.Run.ID)
	}
	if rec != nil {
		rec.runs = append(rec.runs[:0], t.out.Runs[r0:]...)
	} else if len(t.out.Runs) > r0 {
		t.remember(r.Shoe, r.N, nil, t.out.Runs[r0:]) // runs alone: the room it gives back is not needed
	}
}

func wagerName(k engine.WagerKind) Wager {
	switch k {
	case engine.WagerPlayer:
		return WagerPlayer
	case engine.WagerBanker:
		return WagerBanker
	case engine.WagerTie:
		return WagerTie
	case engine.WagerInsurance:
		return WagerInsurance
	}
	return WagerBet
}

// Sign is the sign in force at the table clock; Closed whether the table is closed.
func (t *Table) Sign() (s engine.Sign, closed bool) { return t.sign, t.closed }

// SignAt is what the sign shows at tm (limits in force, notices with their countdown).
func (t *Table) SignAt(tm time.Time) engine.SignView { return t.board.SignAt(tm) }

// Changes lists the changes posted to the sign (as engine.Board.Changes).
func (t *Table) Changes() []engine.Scheduled { return t.board.Changes() }

// Scheduled lists every change posted to the sign.
func (t *Table) Scheduled() []engine.Scheduled { return t.board.Changes() }

// Shoe is the baccarat shoe's number (0 at a Red Dog table), without building the engine's view.
func (t *Table) Shoe() int {
	if t.game == nil {
		return 0
	}
	return t.game.Shoe()
}

// InCoup reports whether a baccarat coup is in progress, and its number (false at a Red Dog
// table), without building the engine's view.
func (t *Table) InCoup() (bool, int) {
	if t.game == nil {
		return false, 0
	}
	return t.game.InCoup(), t.game.Coup()
}

// Game is the baccarat engine's public view (the zero View at a Red Dog table).
func (t *Table) Game() engine.View {
	if t.game == nil {
		return engine.View{}
	}
	return t.game.View()
}

// RedDog is the Red Dog engine's public view (the zero View at a baccarat table).
func (t *Table) RedDog() reddog.View {
	if t.rd == nil {
		return reddog.View{}
	}
	return t.rd.View()
}

// RedDogInProgress is the Red Dog round in progress, if there is one.
func (t *Table) RedDogInProgress() (reddog.Round, bool) {
	if t.rd == nil {
		return reddog.Round{}, false
	}
	return t.rd.InProgress()
}

// Settlement is the settlement rules in force.
func (t *Table) Settlement() engine.SettlementRules { return t.rules }

// Commission is the deferred-commission ledger (000 10.2). The caller must not change it.
func (t *Table) Commission() *engine.CommissionLedger { return &t.ledger }

// RunOdds is what a Run wager of kind k and length pays to 1 at this table (000 Diagram D),
// false for a run the table does not take.
func (t *Table) RunOdds(k engine.RunKind, length int) (int64, bool) {
	if t.runs == nil {
		return 0, false
	}
	return engine.RunOdds(k, length)
}

// OffersRuns reports whether the table offers Run wagers (000 1.1, 2.4).
func (t *Table) OffersRuns() bool { return t.runs != nil }

// OpenRuns lists the Run wagers still open (nil where runs are not offered).
func (t *Table) OpenRuns() []engine.RunWager {
	if t.runs == nil {
		return nil
	}
	return t.runs.Open()
}

// Bets lists the wagers placed on the next coup, and Insurance the Insurance/No 6 wagers on the coup in progress.
func (t *Table) Bets() []engine.Wager {
	out := make([]engine.Wager, 0, len(t.bets))
	for _, b := range t.bets {
		out = append(out, b.w)
	}
	return out
}

// Insurance lists the Insurance/No 6 wagers placed on the coup in progress, not yet settled.
func (t *Table) Insurance() []engine.Wager { return append([]engine.Wager(nil), t.insurance...) }

// Rules is the book's wager rules.
func (t *Table) Rules() Rules { return t.book }

// RedDogInput is the Red Dog input for a table input: a shoe-script token, a doubt the shoe link
// reports, or the supervisor's review (confirm, the cards entered, a dispute); false for an input Red Dog
// does not have (turning a hand, a baccarat setting, a result entered by hand).
func RedDogInput(in engine.Input) (reddog.Input, bool) {
	switch in.Kind {
	case engine.InToken:
		return reddog.TokenInput(in.Token), true
	case engine.InDoubt:
		return reddog.DoubtInput(in.Doubt), true
	case engine.InAcceptReview:
		return reddog.ConfirmInput(), true
	case engine.InDispute:
		return reddog.DisputeInput(in.Token.N), true
	case engine.InReconstruct:
		if in.Token.N > 0 { // a finished round's cards: Red Dog has no correction
			return reddog.Input{}, false
		}
		return reddog.EnterInput(in.Cards), true
	}
	return reddog.Input{}, false
}
