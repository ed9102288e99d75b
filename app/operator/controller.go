package operator

import (
	"errors"
	"fmt"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/opwords"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// The operator screen (display/operator) drives a Session through these methods, which are
// its Controller: plain values in (view.Request, an id and a PIN, a key), plain values out
// (view.Operator, opwords lines), so that the screen reads no state machine of app/.

// Enter signs in with operator id and PIN (SignIn); when refused, refusal words why for the
// PIN pad: the wrong PIN with the count towards the lockout, the lockout with the time it ends
// (the id's, or the keypad's for every id), the unknown or deactivated id, else the error's own
// words; an attempt the journal could not record says so whatever the reason.
func (s *Session) Enter(id, pin string) (refusal opwords.Line, ok bool) {
	_, err := s.SignIn(id, pin)
	if err == nil {
		return opwords.Line{}, true
	}
	return s.refusal(id, err), false
}

// refusal words a refused sign-in attempt by id (Enter).
func (s *Session) refusal(id string, err error) opwords.Line {
	a := s.last
	var line opwords.Line
	switch {
	case a.Outcome == access.WrongPIN && a.Directory > 0:
		line = opwords.M(i18n.OpWrongPINFor, id, a.Wrong, s.guard.Attempts())
	case a.Outcome == access.WrongPIN:
		line = opwords.M(i18n.OpWrongPIN, a.Wrong, s.guard.Attempts())
	case (a.Outcome == access.LockedOut || a.Outcome == access.Refused) && a.Directory > 0 && !a.Table:
		line = opwords.M(i18n.OpLockedFor, id, a.LockedUntil.Format("15:04:05"))
	case a.Outcome == access.LockedOut || a.Outcome == access.Refused: // the role PINs', or the table-wide one for every id
		line = opwords.M(i18n.OpLockedAll, a.LockedUntil.Format("15:04:05"))
	case a.Outcome == access.UnknownID:
		line = opwords.M(i18n.OpUnknownID, id)
	case a.Outcome == access.Inactive:
		line = opwords.M(i18n.OpInactiveID, id)
	default:
		return opwords.Verbatim(err.Error())
	}
	var nr *notRecordedError
	if errors.As(err, &nr) {
		line = opwords.Cat(line, "\n", opwords.M(i18n.LogSignInNotRecorded, nr.rec.Error()))
	}
	return line
}

// Signed is who is signed in: the role (view.OperatorNone when nobody is), the operator's id
// and name (the name from the pit's directory, "" on role PINs).
func (s *Session) Signed() (role view.OperatorRole, id, name string) {
	switch s.role {
	case access.Supervisor:
		role = view.OperatorSupervisor
	case access.Dealer:
		role = view.OperatorDealer
	}
	return role, s.operator, s.name
}

// Snapshot is the table's snapshot for the screen, taken now through the table's loop.
func (s *Session) Snapshot() view.Operator { return s.tbl.Snapshot() }

// Typed is what the card keypad holds, as the entry tab shows it: the cards typed and not yet
// confirmed, or in result-only entry the result so far.
func (s *Session) Typed() opwords.Line { return s.keypad.line() }

// Lines are what the latest actions did, newest last, as lines to word in the reader's language.
func (s *Session) Lines() []opwords.Line { return append([]opwords.Line(nil), s.log...) }

// Say adds a line to the log: the screen's word on what was typed into a form (a seat that is
// not a number, a time it cannot read).
func (s *Session) Say(line opwords.Line) { s.say(line) }

// Language is the language the signed-in operator chose on the screen (ok false: none chosen,
// the table's applies).
func (s *Session) Language() (lang i18n.Lang, ok bool) {
	lang, ok = s.langOf[s.operator]
	return lang, ok && s.role != access.NoRole
}

// SetLanguage remembers lang as the signed-in operator's language, for the rest of this sign-in
// and the next ones while the program runs. It does nothing while nobody is signed in.
func (s *Session) SetLanguage(lang i18n.Lang) {
	if s.role == access.NoRole {
		return
	}
	if s.langOf == nil {
		s.langOf = map[string]i18n.Lang{}
	}
	s.langOf[s.operator] = lang
}

// Send turns a request of the screen into the table's input and sends it (Do). The reason goes
// with a supervisor's request; a dealer's request keeps its routine reason. An error means
// nothing was sent or nothing was recorded; the Outcome says what the table did otherwise.
func (s *Session) Send(r view.Request, reason string) (view.Outcome, error) {
	a, err := ActionFor(r)
	if err != nil {
		s.say(opwords.Verbatim(err.Error()))
		return view.Outcome{}, err
	}
	out := view.Outcome{Reasoned: a.Need == access.Supervisor}
	if out.Reasoned {
		a.Reason = reason
	}
	res, err := s.Do(a)
	out.Refused, out.Flagged = res.Refused, flagged(res)
	return out, err
}

// ActionFor is the action a request of the screen asks for (an error for a request of no kind).
func ActionFor(r view.Request) (Action, error) {
	switch r.Kind {
	case view.RequestTurn:
		return TurnAction(r.Hand), nil
	case view.RequestBankerFirst:
		return BankerFirstAction(""), nil
	case view.RequestResult:
		return ResultAction(r.Result), nil
	case view.RequestWord:
		return WordAction(r.Word, r.Round, ""), nil
	case view.RequestDispute:
		return DisputeAction(r.Round, ""), nil
	case view.RequestAcceptReview:
		return AcceptReviewAction(""), nil
	case view.RequestReconstruct:
		if r.Round > 0 {
			return ReconstructRoundAction(r.Round, r.Cards, ""), nil
		}
		return ReconstructAction(r.Cards, ""), nil
	case view.RequestClearAlert:
		return ClearAlertAction(r.Alert, ""), nil
	case view.RequestSchedule:
		return ScheduleAction(r.Change, ""), nil
	case view.RequestSettlement:
		return SettlementAction(r.Method, r.At, ""), nil
	case view.RequestInsurance:
		return InsuranceAction(r.Seat, r.Amount, r.Covers), nil
	case view.RequestRun:
		return PlaceRunAction(r.Seat, r.Run, r.Length, r.Amount), nil
	case view.RequestNominate:
		return NominateAction(r.RunID, r.Winner), nil
	case view.RequestDefer:
		return DeferAction(r.Seat, r.Amount), nil
	case view.RequestCollect:
		return CollectAction(r.Seat), nil
	}
	return Action{}, fmt.Errorf("operator request: unknown kind %d", r.Kind)
}

// ReconstructAction is the supervisor entering the cards of the coup under review as they lie
// on the table, in deal order (000 13.10, 001 9.4, 002/004 12.6).
func ReconstructAction(cards []engine.Card, reason string) Action {
	return game(opwords.M(i18n.ActReconstruct, opwords.CardList(cards)), access.Supervisor,
		journal.SourceOperator, engine.ReconstructInput(cards), reason)
}

// ReconstructRoundAction is the supervisor entering the cards really dealt for finished round
// n under review after the fact, in deal order: the table-script command "!reconstruct N CARD…".
// The book's rule decides (Irregularities.Correct: 000 13.10, 001 9.4 until the next round,
// 002/004 12.6); the engine refuses it, with the rule, elsewhere and at Red Dog.
func ReconstructRoundAction(n int, cards []engine.Card, reason string) Action {
	return command(opwords.M(i18n.ActReconstructRound, n, opwords.CardList(cards)), access.Supervisor,
		desk.Command{Verb: desk.VerbReconstruct, Round: n, Cards: append([]engine.Card(nil), cards...)}, reason)
}

// roleWord is a role's name in the catalogue: dealer or supervisor.
func roleWord(need access.Role) opwords.Line {
	switch need {
	case access.Dealer:
		return opwords.M(i18n.OpDealer)
	case access.Supervisor:
		return opwords.M(i18n.OpSupervisor)
	}
	return opwords.Verbatim(need.String())
}
