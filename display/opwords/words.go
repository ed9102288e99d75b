// Package opwords words what the operator screen tells the operator: lines kept as catalogue
// keys and their arguments until they are shown (Line), so that the operator log speaks the
// language of whoever reads it, and the words for rounds, runs, results and Red Dog deals that
// the operator's controller (app/operator) writes to the log and the operator screen
// (display/operator) draws. It does no I/O and holds no state.
package opwords

import (
	"errors"
	"fmt"
	"strings"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/engine/reddog"
)

// Line is a line for the operator kept as a catalogue key and its arguments until it is
// shown, so that the log strip speaks the language of whoever reads it, also for lines
// written before a switch of language. An argument that is itself a Line is worded in the
// same language; an Amount is written in the table's currency; an engine's reason (Reason) is
// worded by the catalogue's reasons, its amounts in the table's currency; any other is
// formatted as it is: a card, a number, an id.
//
// A Line is an i18n.Message (a catalogue key and its arguments, the vocabulary other packages
// hand a screen) with that late wording: a Line whose arguments are plain values says what
// Catalogue.Say says of its Message; one with a Line, an Amount or a Reason among them is
// worded by In (or English), which Say does not know. A Key of "" is a line of its arguments
// one after the other (Verbatim, Cat).
type Line struct {
	i18n.Message
}

// purse is how a line writes amounts, in the table's currency symbol: as the table screen's
// sign does (engine.FormatMoney: "MOP$1,250"), or, for the journal's words (English), as the
// engine's notes and reasons do (engine.Currency.Amount: "MOP$1250").
type purse struct {
	symbol  string
	journal bool
}

// amount is cents as the purse writes them.
func (p purse) amount(c int64) string {
	if p.journal {
		return engine.Currency(p.symbol).Amount(c)
	}
	return engine.FormatMoney(c, p.symbol)
}

// worded is an argument worded in the language (and the currency) of the message that holds it.
type worded interface {
	words(w i18n.Catalogue, p purse) string
}

// M is the message key with args.
func M(key i18n.Key, args ...any) Line { return Line{i18n.Message{Key: key, Args: args}} }

// Verbatim is a line that is not translated (an error's text, a name from the journal).
func Verbatim(s string) Line { return Line{i18n.Message{Args: []any{s}}} }

// Cat is the parts one after the other (strings as they are, messages worded).
func Cat(parts ...any) Line { return Line{i18n.Message{Args: parts}} }

// In words the message in w's language, its amounts in the table's currency symbol (the
// snapshot's Currency: "$", "MOP$", "CNY "; "" writes them without a symbol).
func (x Line) In(w i18n.Catalogue, currency string) string {
	return x.words(w, purse{symbol: currency})
}

func (x Line) words(w i18n.Catalogue, p purse) string {
	args := make([]any, len(x.Args))
	for i, a := range x.Args {
		if y, ok := a.(worded); ok {
			args[i] = y.words(w, p)
		} else {
			args[i] = a
		}
	}
	if x.Key == "" {
		var b strings.Builder
		for _, a := range args {
			fmt.Fprint(&b, a)
		}
		return b.String()
	}
	return w.T(x.Key, args...)
}

// EnglishIn is the message in English with its amounts as the engine writes them in the
// table's currency symbol (engine.Currency.Amount: "MOP$12.50", "CNY 1250"; "" for none): the
// words the journal holds of an operator's action at that table.
func (x Line) EnglishIn(currency string) string {
	return x.words(i18n.Catalogue{}, purse{symbol: currency, journal: true})
}

// English is EnglishIn at a dollar table ("$12.50"): an action's name and the session's log
// as the tests read them.
func (x Line) English() string { return x.EnglishIn(string(engine.Dollars)) }

// Amount is cents as an argument of a line: written in the table's currency where the line is
// shown ("$1,250", "MOP$12.50"), as the engine writes amounts in its English ("$1250",
// "MOP$12.50": EnglishIn).
type Amount int64

func (a Amount) words(_ i18n.Catalogue, p purse) string { return p.amount(int64(a)) }

// Zero reports whether the message is empty (no key and nothing to say).
func (x Line) Zero() bool { return x.Key == "" && len(x.Args) == 0 }

// Join is the messages one after the other with sep between them, as one message.
func Join(sep string, parts []Line) Line {
	if len(parts) == 0 {
		return Line{}
	}
	out := parts[0]
	for _, p := range parts[1:] {
		out = Cat(out, sep, p)
	}
	return out
}

// reasonText is an engine's reason in the engine's English (as the journal holds it), worded
// in the reader's language when shown (i18n.Catalogue.Reason).
type reasonText string

// words is the reason in w's language, its amounts in the table's currency; a reason the
// catalogue has no format for stays English.
func (r reasonText) words(w i18n.Catalogue, p purse) string {
	if p.journal {
		return string(r)
	}
	return w.Reason(string(r), p.symbol)
}

// Reason is an engine's reason (given in its English) as a line worded in the reader's
// language; in English it is the text as it is.
func Reason(text string) Line { return Line{i18n.Message{Args: []any{reasonText(text)}}} }

// Reasons are engine reasons worded in w's language, their amounts in currency, each as
// Reason words it.
func Reasons(w i18n.Catalogue, currency string, texts []string) []string {
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = w.Reason(t, currency)
	}
	return out
}

// Refusal words the table's refusal of a command: a desk refusal as "dispute refused (13.10):
// reason" with its reason in the reader's language (the rule not repeated where the reason
// names it, as desk.Refusal.Error has it); any other error as a reason (its text, worded where the catalogue has its format).
func Refusal(err error) Line {
	var r desk.Refusal
	if !errors.As(err, &r) {
		return Reason(err.Error()) // an engine's error: worded where the catalogue has its format
	}
	rule := RuleSuffix(r.Rule)
	if strings.Contains(r.Reason, "("+r.Rule+")") {
		rule = ""
	}
	return M(i18n.LogRefusalOf, CommandWord(r.Command), rule, Reason(r.Reason))
}

// commandWords are the table-script commands' words, as a refusal names the command.
var commandWords = map[desk.Verb]i18n.Key{
	desk.VerbBet: i18n.CmdBet, desk.VerbRun: i18n.CmdRun, desk.VerbNominate: i18n.CmdNominate,
	desk.VerbDefer: i18n.CmdDefer, desk.VerbCollect: i18n.CmdCollect, desk.VerbLimits: i18n.CmdLimits,
	desk.VerbDifferential: i18n.CmdDifferential, desk.VerbSetting: i18n.CmdSetting, desk.VerbClose: i18n.CmdClose,
	desk.VerbWithdraw: i18n.CmdWithdraw, desk.VerbTurn: i18n.CmdTurn, desk.VerbAccept: i18n.CmdAccept,
	desk.VerbResult: i18n.CmdResult, desk.VerbReconstruct: i18n.CmdReconstruct, desk.VerbDispute: i18n.CmdDispute,
	desk.VerbDoubt: i18n.CmdDoubt, desk.VerbShoeResult: i18n.CmdShoeResult,
}

// CommandWord is a table-script command in the reader's words ("limits", 限额); a command
// the catalogue has no word for as it is.
func CommandWord(v desk.Verb) Line {
	if k, ok := commandWords[v]; ok {
		return M(k)
	}
	return Verbatim(string(v))
}

// RuleSuffix is " (000 7.7)" after a line that cites a rule, or nothing.
func RuleSuffix(rule string) string {
	if rule == "" {
		return ""
	}
	return " (" + rule + ")"
}

// RunKindWord is a run's kind in the catalogue's words (Player, Banker, Player/Banker, Tie).
func RunKindWord(k engine.RunKind) Line {
	for _, c := range RunKinds() {
		if c.Kind == k {
			return M(c.Label)
		}
	}
	return Verbatim(k.String())
}

// EventLine words one engine event for the operator, as a message (Zero for none worth a line).
func EventLine(e engine.Event) Line {
	rule := RuleSuffix(e.Rule)
	switch e.Kind {
	case engine.EvShoe:
		return M(i18n.LogShoeLoaded, e.Shoe)
	case engine.EvBurn:
		var parts []Line
		if len(e.Shown) > 0 {
			parts = append(parts, M(i18n.LogShown, CardList(e.Shown)))
		}
		if e.Hidden > 0 {
			parts = append(parts, M(i18n.OpFaceDown, e.Hidden))
		}
		if len(parts) == 0 {
			parts = append(parts, M(i18n.OpNone))
		}
		return M(i18n.LogBurn, Join(", ", parts), rule)
	case engine.EvNoBurn:
		return M(i18n.LogNoBurn, rule)
	case engine.EvRound:
		return RoundLine(e.Round)
	case engine.EvLastCoup:
		return M(i18n.LogLastCoup, e.N, rule)
	case engine.EvShoeEnd:
		return M(i18n.LogShoeOver, e.Shoe)
	case engine.EvAnomaly:
		return M(i18n.LogAnomaly, Reason(e.Reason), rule)
	case engine.EvRefused:
		return M(i18n.LogRefused, Reason(e.Reason), rule)
	case engine.EvReview:
		return M(i18n.LogReview, e.N, Reason(e.Reason))
	case engine.EvVoid:
		return M(i18n.LogCancelled, e.N, rule)
	case engine.EvInsurance:
		return M(i18n.LogInsurance, e.N)
	case engine.EvSetting:
		return M(i18n.LogSetting, e.Key, e.Value)
	}
	return Line{}
}

// RoundLine words a finished round, as a message: "round 3: BANKER WINS 7 TO 5 — P 9H 8C  B KD 7S".
func RoundLine(r engine.Round) Line {
	o := r.Outcome
	var marks []Line
	if o.Natural && r.Kind != engine.KindCancelled {
		marks = append(marks, M(i18n.LogNatural))
	}
	if o.PlayerPair {
		marks = append(marks, M(i18n.LogPPair))
	}
	if o.BankerPair {
		marks = append(marks, M(i18n.LogBPair))
	}
	if r.Manual > 0 {
		marks = append(marks, M(i18n.LogByHand, r.Manual))
	}
	if o.TotalsUnknown {
		marks = append(marks, M(i18n.LogResultOnly))
	}
	if len(r.Notes) > 0 {
		notes := make([]Line, len(r.Notes))
		for i, n := range r.Notes {
			notes[i] = Reason(n)
		}
		marks = append(marks, Join(", ", notes))
	}
	line := M(i18n.LogRound, r.N, roundWords{r}, CardList(r.Player.List()), CardList(r.Banker.List()))
	if len(marks) > 0 {
		line = Cat(line, " [", Join("; ", marks), "]")
	}
	return line
}

// roundWords is a round's result, worded in the language of the line that holds it.
type roundWords struct{ r engine.Round }

func (x roundWords) words(w i18n.Catalogue, _ purse) string { return ResultWords(w, x.r) }

// ResultWords is a round's result in w's language, as the table screen words it: "BANKER WINS 7
// TO 5", "PLAYER WINS 9 TO 7", "TIE 6", "CANCELLED", or "BANKER WINS" for a result entered
// without cards; "(no bets)" follows a round without wagers.
func ResultWords(w i18n.Catalogue, r engine.Round) string {
	o := r.Outcome
	var res string
	switch {
	case r.Kind == engine.KindCancelled:
		res = w.T(i18n.OpCancelled)
	case o.TotalsUnknown: // entered without cards: no totals to give
		res = map[engine.Winner]string{engine.Banker: w.T(i18n.ResultBankerWin), engine.Player: w.T(i18n.ResultPlayerWin), engine.Tie: w.T(i18n.ResultTieOnly)}[o.Winner]
	case o.Winner == engine.Banker:
		res = w.T(i18n.ResultBanker, o.BankerTotal, o.PlayerTotal)
	case o.Winner == engine.Player:
		res = w.T(i18n.ResultPlayer, o.PlayerTotal, o.BankerTotal)
	case o.Winner == engine.Tie:
		res = w.T(i18n.ResultTie, o.PlayerTotal)
	default:
		res = w.T(i18n.OpNoResult)
	}
	if r.Kind == engine.KindNoBet {
		res += " " + w.T(i18n.OpNoBets)
	}
	return res
}

// CardList is the cards as codes, one space between them, or "—" for none.
func CardList(cs []engine.Card) string {
	if len(cs) == 0 {
		return "—"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

// RunLine words a decided run, as a message: "run #1 seat 3 Player × 2: WON, pays $30".
func RunLine(r engine.RunSettlement) Line {
	w := r.Run
	head := M(i18n.LogRunHead, w.ID, w.Seat, RunKindWord(w.Kind), w.Length)
	switch w.State {
	case engine.RunWon:
		return M(i18n.LogRunWon, head, Amount(r.Paid))
	case engine.RunLost:
		return M(i18n.LogRunLost, head, Amount(r.Lost))
	}
	state := Verbatim(strings.ToUpper(w.State.String()))
	if w.State == engine.RunVoid {
		state = M(i18n.LogRunVoid)
	}
	return M(i18n.LogRunReturned, head, state, Amount(r.Returned))
}

// HandWord is a hand's name in the catalogue: Player or Banker.
func HandWord(h engine.Hand) Line {
	if h == engine.HandBanker {
		return M(i18n.WagerBanker)
	}
	return M(i18n.WagerPlayer)
}

// ResultText words a result entered without cards, as a message: "BANKER · B pair · natural".
func ResultText(r engine.ManualResult) Line {
	parts := []Line{Verbatim("?")}
	if key, ok := map[engine.Winner]i18n.Key{engine.Banker: i18n.HandBanker, engine.Player: i18n.HandPlayer, engine.Tie: i18n.ResultTieOnly}[r.Winner]; ok {
		parts[0] = M(key)
	}
	if r.BankerPair {
		parts = append(parts, M(i18n.LogBPair))
	}
	if r.PlayerPair {
		parts = append(parts, M(i18n.LogPPair))
	}
	if r.Natural {
		parts = append(parts, M(i18n.LogNatural))
	}
	return Join(" · ", parts)
}

// RedDogSpread is a round's spread and payout in w's language: "spread 5, pays 1 to 1", "no
// spread (consecutive)", "a pair".
func RedDogSpread(w i18n.Catalogue, r reddog.Round) string {
	switch {
	case len(r.Cards) < 2:
		return "—"
	case r.Spread == reddog.Pair:
		return w.T(i18n.RdAPair)
	case r.Spread == reddog.Consecutive:
		return w.T(i18n.RdConsecutive)
	}
	return w.T(i18n.RdSpreadN, r.Spread.String())
}

// RedDogResult is a finished round's result in w's language: "win 1:1", "lose", "push",
// "cancelled"; "no result" for a round in progress or under review.
func RedDogResult(w i18n.Catalogue, r reddog.Round) string {
	switch {
	case r.Kind == reddog.KindCancelled:
		return w.T(i18n.RdCancelledWord)
	case r.Review || !r.Finished():
		return w.T(i18n.OpNoResult)
	}
	out := map[reddog.Outcome]string{reddog.Win: w.T(i18n.RdWinWord), reddog.Lose: w.T(i18n.RdLoseWord), reddog.Push: w.T(i18n.RdPushWord)}[r.Outcome]
	if out == "" {
		out = r.Outcome.String()
	}
	if !r.Pays.IsZero() {
		out += " " + r.Pays.String()
	}
	return out
}

// RedDogRoundLine words a finished Red Dog round for recall in w's language: "#3 win 11:1  8D 8S
// 8H  a pair [10.10] review confirmed"; the rules and the reasons for a review stay as the
// journal has them.
func RedDogRoundLine(w i18n.Catalogue, r reddog.Round) string {
	cards := make([]string, len(r.Cards))
	for i, c := range r.Cards {
		cards[i] = c.String()
	}
	line := fmt.Sprintf("#%d %s  %s  %s", r.N, RedDogResult(w, r), strings.Join(cards, " "), RedDogSpread(w, r))
	if len(r.Notes) > 0 {
		line += " [" + strings.Join(r.Notes, ", ") + "]"
	}
	switch {
	case r.Review:
		line += " " + w.T(i18n.RdUnderReview, strings.Join(r.Why, "; "))
	case r.Resolution != "":
		line += " " + w.T(i18n.RdReviewed, string(r.Resolution))
	}
	return line
}

// RunChoice is a Run wager's kind with the words the registration form labels it by.
type RunChoice struct {
	Label i18n.Key
	Kind  engine.RunKind
}

// RunKinds are the Run wagers of Diagram D, as the form offers them, in the table screen's words.
func RunKinds() []RunChoice {
	return []RunChoice{{Label: i18n.WagerPlayer, Kind: engine.RunPlayer}, {Label: i18n.WagerBanker, Kind: engine.RunBanker}, {Label: i18n.RunCombination, Kind: engine.RunCombination}, {Label: i18n.WagerTie, Kind: engine.RunTie}}
}
