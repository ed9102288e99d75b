package operator

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/opwords"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// ErrSignedOut is returned for an action when no operator has entered a PIN.
var ErrSignedOut = errors.New("enter your operator id and PIN first")

// ErrNotAllowed is returned for an action the signed-in role may not take.
var ErrNotAllowed = errors.New("not allowed for this role")

// ErrNoReason is returned for a supervisor action without a reason.
var ErrNoReason = errors.New("a supervisor action needs a reason")

// Action is one thing an operator asks the table to do: the table input, the role it needs,
// where it comes from (journal.SourceManual for cards and turns, else journal.SourceOperator)
// and why. Build actions with the functions below; Session.Do sends them.
type Action struct {
	Name   string       // what it does, in words ("void round 12"); the journal's reason when none is given
	label  opwords.Line // Name in the catalogue's words, for the log strip
	Need   access.Role  // the least role that may do it
	Source string       // journal.SourceManual or journal.SourceOperator
	Input  table.Input
	Reason string // why; required when Need is access.Supervisor
	// Quiet leaves "done" out of the log when the action produced nothing to say (each card typed).
	Quiet bool
}

// game wraps an engine input as an action named by label (its English is the Name).
func game(label opwords.Line, need access.Role, source string, in engine.Input, reason string) Action {
	return Action{Name: label.English(), label: label, Need: need, Source: source, Input: table.Input{Game: &in}, Reason: reason}
}

// command wraps a table-script command (engine/desk decides it) as an action named by label
// (its English is the Name).
func command(label opwords.Line, need access.Role, c desk.Command, reason string) Action {
	return Action{Name: label.English(), label: label, Need: need, Source: journal.SourceOperator, Input: table.Input{Command: &c}, Reason: reason}
}

// op wraps an operator command as an action named by label (its English is the Name).
func op(label opwords.Line, need access.Role, o table.Op, reason string) Action {
	return Action{Name: label.English(), label: label, Need: need, Source: journal.SourceOperator, Input: table.Input{Op: &o}, Reason: reason}
}

// words is the action's name for the log strip: its label, or its Name as it is.
func (a Action) words() opwords.Line {
	if a.label.Zero() {
		return opwords.Verbatim(a.Name)
	}
	return a.label
}

// CardAction enters one card by hand, in dealing order: engine.CardInput(c, PosNone,
// SourceManual), checked by the engine exactly like a card from the shoe.
func CardAction(c engine.Card) Action {
	a := game(opwords.M(i18n.ActCard, c.String()), access.Dealer, journal.SourceManual, engine.CardInput(c, engine.PosNone, engine.SourceManual), "manual entry")
	a.Quiet = true
	return a
}

// ResultAction enters a coup's result without its cards (issue 10, display.md §2): the engine
// accepts it only between coups of a shoe in play and journals the round as result only, by hand.
func ResultAction(r engine.ManualResult) Action {
	return game(opwords.M(i18n.ActResultOnly, opwords.ResultText(r)), access.Dealer, journal.SourceManual, engine.ResultInput(r), "result-only entry")
}

// InsuranceAction places an Insurance/No 6 wager for a seat while it is open (000 1.1): cents,
// and covers the player's Player or Banker wager in cents (0 when not given).
func InsuranceAction(seat int, cents, covers int64) Action {
	return command(opwords.M(i18n.ActInsurance, seat, opwords.Amount(cents)), access.Dealer,
		desk.Command{Verb: desk.VerbBet, Seat: seat, Wager: desk.WagerInsurance, Amount: cents, Covers: covers}, "Insurance/No 6 placed")
}

// TurnAction turns a hand over (dealing styles B and C; the engine refuses an order the book
// does not allow).
func TurnAction(h engine.Hand) Action {
	return game(opwords.M(i18n.ActTurn, opwords.HandWord(h)), access.Dealer, journal.SourceManual, engine.TurnInput(h), "reveal")
}

// BankerFirstAction turns the Banker hand before the Player hand with the casino supervisor's
// authorisation, where the book asks for it (004 8.17): a supervisor's action, with a reason,
// journalled as "!turn banker authorised". The engine still refuses it, with the rule, where the
// book never lets the Banker hand go first (002 8.13-8.14) or no Banker card is face down.
func BankerFirstAction(reason string) Action {
	return game(opwords.M(i18n.ActTurnBankerFirst), access.Supervisor, journal.SourceOperator, engine.AuthorisedTurnInput(engine.HandBanker), reason)
}

// SettlementAction posts a change of the settlement method (ACT: A or B, 001 8.1) that takes
// effect at at: "!setting at=… settlement=METHOD", written with its date so that a time past
// midnight UTC is the right day. The table aggregate posts it on the sign with the book's
// notice (001 8.2), or refuses it with the rule and the earliest time (or a method the
// table's rules do not have, naming the setting).
func SettlementAction(method string, at time.Time, reason string) Action {
	clock := desk.ClockAt(at)
	return command(opwords.M(i18n.ActSettlement, method, at.Format("15:04")), access.Supervisor,
		desk.Command{Verb: desk.VerbSetting, Key: "settlement", Value: method, At: &clock}, reason)
}

// WordRole is the least role that may send a shoe-script word (spec/shoe-protocol.md §4):
// a dealer loads a new shoe and reports the cutting card (routine in manual entry); every
// other word is a correction or a shoe irregularity, for a supervisor.
func WordRole(k engine.TokenKind) access.Role {
	switch k {
	case engine.TokShoe, engine.TokCut:
		return access.Dealer
	}
	return access.Supervisor
}

// wordName words each script word for the operator and the audit trail.
func wordName(k engine.TokenKind, n int) opwords.Line {
	switch k {
	case engine.TokShoe:
		return opwords.M(i18n.ActNewShoe)
	case engine.TokFaceBurn:
		return opwords.M(i18n.ActFaceBurn)
	case engine.TokBurn:
		return opwords.M(i18n.ActBurn)
	case engine.TokNoBurn:
		return opwords.M(i18n.ActNoBurn)
	case engine.TokCut:
		return opwords.M(i18n.ActCut)
	case engine.TokExposed:
		return opwords.M(i18n.ActExposed)
	case engine.TokFaceUp:
		return opwords.M(i18n.ActFaceUp)
	case engine.TokDummy:
		return opwords.M(i18n.ActDummy)
	case engine.TokNoBet:
		return opwords.M(i18n.ActNoBet)
	case engine.TokVoid:
		if n > 0 {
			return opwords.M(i18n.ActVoidRound, n)
		}
		return opwords.M(i18n.ActVoidNow)
	case engine.TokEmpty:
		return opwords.M(i18n.ActEmpty)
	}
	return opwords.Verbatim("word")
}

// WordAction sends a script word: shoe, faceburn, burn, noburn, cut, exposed, faceup, dummy,
// nobet, void (n > 0: cancel round n after the fact) or empty. A dealer's routine word gets
// the reason "routine" when none is given.
func WordAction(k engine.TokenKind, n int, reason string) Action {
	need := WordRole(k)
	if need == access.Dealer && strings.TrimSpace(reason) == "" {
		reason = "routine"
	}
	return game(wordName(k, n), need, journal.SourceOperator, engine.WordInput(k, n), reason)
}

// AcceptReviewAction accepts what the engine flagged for the supervisor's review.
func AcceptReviewAction(reason string) Action {
	return game(opwords.M(i18n.ActAcceptReview), access.Supervisor, journal.SourceOperator, engine.Input{Kind: engine.InAcceptReview}, reason)
}

// DisputeAction puts finished round n of the shoe, already shown and counted, under review: a
// player's or surveillance's dispute, which the supervisor decides (the book's dispute rule:
// 000 13.10, 001 11.4). It is the table-script command "!dispute N", journalled as such; the
// engine takes the round's result off the screen and the roads until the supervisor confirms it
// (AcceptReviewAction) or voids it (WordAction(engine.TokVoid, n, …)), and refuses, with the
// rule, a round in progress, a cancelled round or one not finished in this shoe.
func DisputeAction(n int, reason string) Action {
	return command(opwords.M(i18n.ActDisputeRound, n), access.Supervisor, desk.Command{Verb: desk.VerbDispute, Round: n}, reason)
}

// ScheduleAction posts a change of the limit sign (effective at c.At; now for a change at
// once) or, with c.Close, the closing of the table. The engine refuses a change sooner than
// the book's notice with *engine.NoticeError, which carries the earliest allowed time.
func ScheduleAction(c engine.Change, reason string) Action {
	name := opwords.M(i18n.ActChangeLimits, c.At.Format("15:04"))
	if c.Close {
		name = opwords.M(i18n.ActCloseAt, c.At.Format("15:04"))
	}
	return op(name, access.Supervisor, table.Op{Kind: table.OpSchedule, Change: &c}, reason)
}

// PlaceRunAction registers a Run wager (000 6.5.5-6.5.8): seat, kind, length, amount in cents.
func PlaceRunAction(seat int, kind engine.RunKind, length int, cents int64) Action {
	return command(opwords.M(i18n.ActRun, seat, opwords.RunKindWord(kind), length, opwords.Amount(cents)), access.Dealer,
		desk.Command{Verb: desk.VerbRun, Seat: seat, Run: kind, Length: length, Amount: cents}, "run wager placed")
}

// NominateAction records the hand a combination run backs on the next coup (000 6.5.7).
func NominateAction(runID int, hand engine.Winner) Action {
	return command(opwords.M(i18n.ActNominate, runID, hand.String()), access.Dealer,
		desk.Command{Verb: desk.VerbNominate, RunID: runID, Hand: hand}, "combination run nomination")
}

// DeferAction defers a seat's commission (000 10.2.1), cents.
func DeferAction(seat int, cents int64) Action {
	return command(opwords.M(i18n.ActDefer, opwords.Amount(cents), seat), access.Dealer,
		desk.Command{Verb: desk.VerbDefer, Seat: seat, Amount: cents}, "commission deferred")
}

// CollectAction collects a seat's deferred commission on request (000 10.2.1(a)(i)).
func CollectAction(seat int) Action {
	return command(opwords.M(i18n.ActCollect, seat), access.Dealer,
		desk.Command{Verb: desk.VerbCollect, Seat: seat}, "commission collected")
}

// ClearAlertAction clears an alert a supervisor has dealt with.
func ClearAlertAction(id int, reason string) Action {
	return op(opwords.M(i18n.ActClearAlert, id), access.Supervisor, table.Op{Kind: table.OpClearAlert, AlertID: id}, reason)
}

// Session is one operator's turn at the screen: who signed in with which role, the card
// keypad, and the lines telling what the last actions did. It is used from one goroutine
// (Fyne's); it owns no table state.
type Session struct {
	guard    *access.Guard
	tbl      Table
	currency string // the table's currency symbol, as its sign writes amounts ("$", "MOP$", "CNY ")
	clock    func() time.Time
	role     access.Role
	operator string
	name     string         // the operator's name, when the directory gave it
	last     access.Attempt // what the last sign-in attempt came to
	keypad   Keypad
	log      []opwords.Line
	lastUse  time.Time
	// ended is set by End: the table is stopping, and no one may sign in any more.
	ended bool
	// langOf is each operator's language chosen on the screen (SetLanguage), by id.
	langOf map[string]i18n.Lang
	// byDirectory is set while the operator signed in is a person of the pit's directory (not
	// a role PIN): Recheck signs them out once the directory no longer has them active.
	byDirectory bool
}

// NewSession starts a signed-out session at table t, whose currency symbol (its setup's
// Currency: "$", "MOP$", "CNY ") is currency: the journal's English of an action's reason
// writes its amounts in it. clock is the time source (time.Now in the app).
func NewSession(g *access.Guard, t Table, currency string, clock func() time.Time) (*Session, error) {
	if g == nil || t == nil {
		return nil, errors.New("operator session: a PIN guard and a table are required")
	}
	if clock == nil {
		clock = time.Now
	}
	return &Session{guard: g, tbl: t, currency: currency, clock: clock}, nil
}

// MaxOperatorID is the longest operator id, in bytes, a sign-in accepts.
const MaxOperatorID = 32

// SignIn checks operator id and PIN and, when they match, signs the operator in: with the
// pit's operator directory, the id must be an active person's and the PIN theirs (the role is
// theirs); without one, the PIN must be a role PIN. A wrong PIN counts towards the guard's
// lockout (the id's, with a directory); while locked every PIN is refused. Every
// attempt is journalled (who, when, what it came to; never the PIN) before SignIn returns.
// A refused attempt the journal could not record says so in its error; a granted one still
// signs in (a supervisor must be able to deal with a failing journal) and says so in Log.
func (s *Session) SignIn(id, pin string) (access.Role, error) {
	if s.ended {
		return access.NoRole, ErrEnded
	}
	id = strings.TrimSpace(id)
	s.last = access.Attempt{}
	if id == "" {
		return access.NoRole, errors.New("enter your operator id")
	}
	if len(id) > MaxOperatorID || !utf8.ValidString(id) {
		return access.NoRole, fmt.Errorf("operator id: at most %d characters", MaxOperatorID)
	}
	a, err := s.guard.TryPerson(id, pin, s.clock())
	s.last = a
	actor := journal.Actor{ID: id}
	if a.Role != access.NoRole {
		actor.Role = a.Role.String()
	}
	recErr := s.journalAccess(access.Entry{Event: access.EventSignIn, Outcome: a.Outcome, Directory: a.Directory, Wrong: a.Wrong, LockedUntil: a.LockedUntil, Table: a.Table}, actor, "sign-in")
	if err != nil {
		if recErr != nil {
			return access.NoRole, &notRecordedError{refusal: err, rec: recErr}
		}
		return access.NoRole, err
	}
	s.role, s.operator, s.name = a.Role, id, a.Name
	s.byDirectory = a.Directory > 0
	s.keypad.Clear()
	s.log = nil
	s.lastUse = s.clock()
	if recErr != nil {
		s.say(opwords.M(i18n.LogSignInNotRecorded, recErr.Error()))
	}
	return a.Role, nil
}

// SignOut ends the turn: the role is dropped and pending cards are discarded. The sign-out is
// journalled when someone was signed in.
func (s *Session) SignOut() { s.SignOutBecause("signed out") }

// ErrEnded refuses a sign-in after End: the table is stopping.
var ErrEnded = errors.New("the table is stopping: no sign-in")

// End signs out an operator still signed in, journalling why ("shutdown", "window closed",
// "kiosk exit"), and refuses every later sign-in: a PIN typed as the table stops (a key
// event handled after the signal) must not leave an operator signed in with no sign-out on
// the record.
func (s *Session) End(reason string) {
	s.SignOutBecause(reason)
	s.ended = true
}

// SignOutBecause is SignOut with the reason the journal records ("signed out", "idle").
func (s *Session) SignOutBecause(reason string) {
	if s.role != access.NoRole {
		e := access.Entry{Event: access.EventSignOut, Idle: s.Idle().Round(time.Second).String()}
		_ = s.journalAccess(e, journal.Actor{Role: s.role.String(), ID: s.operator}, reason) // nothing to refuse: the operator leaves either way
	}
	s.role, s.operator, s.name = access.NoRole, "", ""
	s.byDirectory = false
	s.keypad.Clear()
}

// journalAccess writes one sign-in or sign-out record through the table's loop and waits
// until it is durable.
func (s *Session) journalAccess(e access.Entry, who journal.Actor, reason string) error {
	payload, err := e.Encode()
	if err != nil {
		return err
	}
	return s.tbl.Do(table.Msg{Access: payload, Actor: who, Reason: reason}).Err
}

// Role is the signed-in role (access.NoRole when signed out).
func (s *Session) Role() access.Role { return s.role }

// Operator is the signed-in operator's id.
func (s *Session) Operator() string { return s.operator }

// LastAttempt is what the last sign-in attempt came to (the zero Attempt when it was refused
// before the guard saw it: no id, the table stopping).
func (s *Session) LastAttempt() access.Attempt { return s.last }

// OperatorName is the signed-in operator's name from the pit's directory ("" on role PINs).
func (s *Session) OperatorName() string { return s.name }

// Now is the session's clock.
func (s *Session) Now() time.Time { return s.clock() }

// Guard is the PIN guard (for the lockout time).
func (s *Session) Guard() *access.Guard { return s.guard }

// Table is the table the session drives.
func (s *Session) Table() Table { return s.tbl }

// Keypad is the manual entry keypad.
func (s *Session) Keypad() *Keypad { return &s.keypad }

// Log is what the latest actions did, newest last, in the journal's English (amounts as the
// engine writes them: opwords.Line.English); the screen words Lines in its own language.
func (s *Session) Log() []string {
	out := make([]string, len(s.log))
	for i, l := range s.log {
		out[i] = l.English()
	}
	return out
}

func (s *Session) say(lines ...opwords.Line) {
	s.log = append(s.log, lines...)
	if n := len(s.log); n > 40 {
		s.log = s.log[n-40:]
	}
}

// Idle is how long the signed-in operator has not pressed a key or sent an action.
func (s *Session) Idle() time.Duration { return s.clock().Sub(s.lastUse) }

// Allows reports whether the signed-in role may take an action needing need.
func (s *Session) Allows(need access.Role) bool { return s.role.Allows(need) }

// Do sends one action with the operator's role, id and reason, after checking the role and
// the reason. It returns the table's result; the lines it adds to Log word what happened,
// refusals included. An error means nothing was sent or nothing was recorded.
func (s *Session) Do(a Action) (table.Result, error) {
	if s.role == access.NoRole {
		return table.Result{}, ErrSignedOut
	}
	s.lastUse = s.clock()
	if !s.role.Allows(a.Need) {
		s.say(opwords.M(i18n.LogNeeds, a.words(), roleWord(a.Need)))
		return table.Result{}, fmt.Errorf("%s: %w (needs a %s)", a.Name, ErrNotAllowed, a.Need)
	}
	a.Reason = strings.TrimSpace(a.Reason)
	if a.Reason == "" {
		if a.Need == access.Supervisor {
			s.say(opwords.M(i18n.LogNoReason, a.words()))
			return table.Result{}, fmt.Errorf("%s: %w", a.Name, ErrNoReason)
		}
		a.Reason = a.Name
		if !a.label.Zero() {
			// The journal's English, its amounts in the table's currency as the engine's are.
			a.Reason = a.label.EnglishIn(s.currency)
		}
	}
	res := s.tbl.Do(table.Msg{
		Input:  a.Input,
		Source: a.Source,
		Actor:  journal.Actor{Role: s.role.String(), ID: s.operator},
		Reason: a.Reason,
	})
	if res.Err != nil {
		s.say(opwords.M(i18n.LogNotRecorded, a.words(), res.Err.Error()))
		return res, fmt.Errorf("%s: %w", a.Name, res.Err)
	}
	lines, done := describeAll(a.words(), res)
	if a.Quiet && done {
		lines = nil
	}
	s.say(lines...)
	return res, nil
}

// Press handles one keypad key; Enter sends the pending cards (see Confirm).
func (s *Session) Press(r rune) {
	if s.role == access.NoRole {
		return
	}
	s.lastUse = s.clock()
	res, note := s.keypad.press(r)
	if !note.Zero() {
		s.say(note)
	}
	switch res {
	case KeyConfirm:
		s.Confirm()
	case KeyResultMode:
		if s.keypad.ResultMode() {
			s.say(opwords.M(i18n.LogResultMode))
		}
	case KeyConfirmResult:
		s.ConfirmResult()
	}
}

// ConfirmResult sends the result typed in result-only entry; once the table has taken it
// (recorded and not refused) the keypad goes back to cards.
func (s *Session) ConfirmResult() {
	res, err := s.Do(ResultAction(s.keypad.Result()))
	if err == nil && !flagged(res) {
		s.keypad.Clear()
	}
}

// Confirm sends the pending cards in order, each as its own input. It stops at the first
// card the table could not record (that card and the rest stay pending), and after the first
// card the engine refused or reported as an anomaly (that card is recorded; the rest stay
// pending, so the dealer checks them before pressing Enter again or undoing them).
func (s *Session) Confirm() {
	cards := s.keypad.Pending()
	sent := 0
	for _, c := range cards {
		res, err := s.Do(CardAction(c))
		if err != nil {
			break
		}
		sent++
		if flagged(res) {
			break
		}
	}
	s.keypad.drop(sent)
	if left := len(cards) - sent; left > 0 {
		s.say(opwords.M(i18n.LogNotSent, left))
	}
}

// flagged reports whether the engine refused an input or found it anomalous.
func flagged(res table.Result) bool {
	for _, e := range res.Events {
		if e.Kind == engine.EvRefused || e.Kind == engine.EvAnomaly {
			return true
		}
	}
	return false
}

// Describe words what one action did: a refusal of the command, and each engine event and
// run settlement it produced.
func Describe(name string, res table.Result) []string {
	lines, _ := describeAll(opwords.Verbatim(name), res)
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.English()
	}
	return out
}

// describeAll is Describe as messages; done reports that the action produced nothing to say
// but that it was done.
func describeAll(name opwords.Line, res table.Result) (out []opwords.Line, done bool) {
	if res.Refused != nil {
		out = append(out, opwords.M(i18n.LogRefusedCmd, name, opwords.Refusal(res.Refused)))
	}
	for _, e := range res.Events {
		if l := opwords.EventLine(e); !l.Zero() {
			out = append(out, l)
		}
	}
	for _, r := range res.Runs {
		out = append(out, opwords.RunLine(r))
	}
	for _, n := range res.Notes {
		out = append(out, opwords.Reason(n)) // the desk's words for what it settled, worded in the reader's language
	}
	if len(out) == 0 {
		return []opwords.Line{opwords.M(i18n.LogDone, name)}, true
	}
	return out, false
}

// notRecordedError is a sign-in refusal whose attempt the journal could not record.
type notRecordedError struct{ refusal, rec error }

// Error is the refusal, then why the attempt is not on the record.
func (e *notRecordedError) Error() string {
	return fmt.Errorf("%w (this attempt was NOT RECORDED: %v)", e.refusal, e.rec).Error()
}

// Unwrap is the refusal.
func (e *notRecordedError) Unwrap() error { return e.refusal }
