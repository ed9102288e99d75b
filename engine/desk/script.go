package desk

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/coupboard/coupboard/engine"
)

// MaxLine is the longest line of a table script, in bytes. A longer line is an error naming it.
const MaxLine = 64 << 10

// MaxReason is the longest reason="…" of a command, in bytes.
const MaxReason = 1024

// maxLimits is the most WAGER=… pairs a !limits command may give (there are six wagers).
const maxLimits = 8

// minCards and maxCards are the fewest and the most cards a !reconstruct command may give: a
// Red Dog round has two or three (003 7.1, 7.2), a baccarat coup four to six.
const (
	minCards = 2
	maxCards = 6
)

// ItemKind is what one item of a table script is.
type ItemKind uint8

// The items of a table script (spec/table-script.md §1).
const (
	ItemToken   ItemKind = iota + 1 // a shoe-script token (spec/shoe-protocol.md §4)
	ItemClock                       // "@21:05": the table clock moves
	ItemCommand                     // "!bet 3 banker 100": an operator command
)

// Item is one item of a table script, with the line it stands on.
type Item struct {
	Line    int
	Kind    ItemKind
	Token   engine.Token // ItemToken
	Clock   *Clock       // ItemClock
	Command *Command     // ItemCommand
}

// Clock is a "@" clock form: "@21:05", "@21:05:30" (the same day as the table clock) or
// "@2026-11-25T21:05:30" (Full). Times are UTC.
type Clock struct {
	Full             bool // written with its date
	Year, Month, Day int  // Full only
	Hour, Min, Sec   int
	Seconds          bool // a short form written with seconds
}

// At is the moment the clock form names, given the table clock cur: a short form is on cur's day.
func (c Clock) At(cur time.Time) time.Time {
	if c.Full {
		return time.Date(c.Year, time.Month(c.Month), c.Day, c.Hour, c.Min, c.Sec, 0, time.UTC)
	}
	y, m, d := cur.UTC().Date()
	return time.Date(y, m, d, c.Hour, c.Min, c.Sec, 0, time.UTC)
}

// String is the clock form as a script writes it, with its "@".
func (c Clock) String() string {
	if c.Full {
		return fmt.Sprintf("@%04d-%02d-%02dT%02d:%02d:%02d", c.Year, c.Month, c.Day, c.Hour, c.Min, c.Sec)
	}
	return "@" + c.timeOfDay()
}

func (c Clock) timeOfDay() string {
	if c.Seconds {
		return fmt.Sprintf("%02d:%02d:%02d", c.Hour, c.Min, c.Sec)
	}
	return fmt.Sprintf("%02d:%02d", c.Hour, c.Min)
}

// ClockAt is the full clock form of t (UTC), as a journal exported as a script writes it.
func ClockAt(t time.Time) Clock {
	t = t.UTC()
	return Clock{Full: true, Year: t.Year(), Month: int(t.Month()), Day: t.Day(), Hour: t.Hour(), Min: t.Minute(), Sec: t.Second()}
}

// Verb is an operator command's name.
type Verb string

// The commands of spec/table-script.md §1, and the game commands an operator gives that are
// not shoe tokens (turn, accept, result, reconstruct, dispute; see docs/auditor.md, "Replaying").
const (
	VerbBet          Verb = "bet"          // !bet SEAT WAGER AMOUNT [covers=AMOUNT]
	VerbRun          Verb = "run"          // !run SEAT KIND LENGTH AMOUNT
	VerbNominate     Verb = "nominate"     // !nominate RUN HAND
	VerbDefer        Verb = "defer"        // !defer SEAT AMOUNT
	VerbCollect      Verb = "collect"      // !collect SEAT
	VerbLimits       Verb = "limits"       // !limits [at=HH:MM] [waived] WAGER=MIN-MAX[/MULTIPLE] …
	VerbDifferential Verb = "differential" // !differential [at=HH:MM] [min=AMOUNT] [max=AMOUNT]
	VerbSetting      Verb = "setting"      // !setting [at=HH:MM] KEY=VALUE
	VerbClose        Verb = "close"        // !close at=HH:MM
	VerbWithdraw     Verb = "withdraw"     // !withdraw at=HH:MM: take back the change of the sign posted for that time, not yet in effect
	VerbTurn         Verb = "turn"         // !turn player|banker [authorised]: turn a hand's face-down cards over (authorised: by the supervisor, 004 8.17)
	VerbAccept       Verb = "accept"       // !accept: the supervisor accepts what was flagged for review
	VerbResult       Verb = "result"       // !result WINNER [natural] [ppair] [bpair]: a result entered by hand
	VerbReconstruct  Verb = "reconstruct"  // !reconstruct [N] CARD…: the cards of the coup under review, in deal order; with N, those really dealt for finished round N under review (it is re-settled)
	VerbDispute      Verb = "dispute"      // !dispute N: the supervisor puts finished round N, already shown, under review
	// The shoe link's own inputs, so that a journal's every input has a script line:
	VerbDoubt      Verb = "doubt"      // !doubt KIND ["DETAIL"]: what the shoe link could not vouch for (engine.Doubt)
	VerbShoeResult Verb = "shoeresult" // !shoeresult WINNER P B [ppair] [bpair]: the shoe's own result (CSP1 RSLT)
)

var verbs = map[string]Verb{}

func init() {
	for _, v := range []Verb{VerbBet, VerbRun, VerbNominate, VerbDefer, VerbCollect, VerbLimits, VerbDifferential,
		VerbSetting, VerbClose, VerbWithdraw, VerbTurn, VerbAccept, VerbResult, VerbReconstruct, VerbDispute, VerbDoubt, VerbShoeResult} {
		verbs[string(v)] = v
	}
}

// Wager names a wager as the configuration's [limits.<wager>] does.
type Wager string

// The wagers (spec/table-script.md §1).
const (
	WagerPlayer    Wager = "player"
	WagerBanker    Wager = "banker"
	WagerTie       Wager = "tie"
	WagerInsurance Wager = "insurance"
	WagerRuns      Wager = "runs"  // !limits only: the Run wagers' limit
	WagerBet       Wager = "bet"   // Red Dog: the wager before the first card (003 5.2)
	WagerRaise     Wager = "raise" // Red Dog: the raise after the spread (003 5.4, 7.2.1.1)
)

var betWagers = map[string]Wager{"player": WagerPlayer, "banker": WagerBanker, "tie": WagerTie, "insurance": WagerInsurance, "bet": WagerBet, "raise": WagerRaise}
var limitWagers = map[string]Wager{"player": WagerPlayer, "banker": WagerBanker, "tie": WagerTie, "insurance": WagerInsurance, "runs": WagerRuns, "bet": WagerBet}

// Actor is who gave a command: "as=dealer:12", "as=supervisor:3". The zero Actor is not given.
type Actor struct {
	Role string // "dealer" or "supervisor"
	ID   int
}

// String is "dealer:12".
func (a Actor) String() string { return a.Role + ":" + strconv.Itoa(a.ID) }

// Limit is one WAGER=MIN-MAX[/MULTIPLE] of a !limits command.
type Limit struct {
	Wager Wager
	Limit engine.WagerLimit
}

// Command is one operator command of a table script. Only the fields its Verb uses are set;
// the parser leaves the others zero, so that parse(format(c)) == c.
type Command struct {
	Verb   Verb
	As     Actor  // who gave it; zero when not given
	Reason string // reason="…", "" when not given

	Seat   int   // bet, run, defer, collect
	Wager  Wager // bet
	Amount int64 // bet, run, defer: cents
	Covers int64 // bet insurance: the covered Player or Banker wager, cents (covers=AMOUNT), 0 when not given

	Run    engine.RunKind // run
	Length int            // run
	RunID  int            // nominate
	Hand   engine.Winner  // nominate: Player or Banker

	At     *Clock  // limits, differential, setting, close, withdraw: at=HH:MM[:SS] or at=YYYY-MM-DDTHH:MM:SS; nil for now
	Limits []Limit // limits
	Waived bool    // limits: the players' consent (000 7.7.1)

	Min, Max       int64 // differential, cents
	HasMin, HasMax bool  // differential: which were given

	Key, Value string // setting

	Turn   engine.Hand         // turn
	Result engine.ManualResult // result
	Cards  []engine.Card       // reconstruct
	Round  int                 // dispute, reconstruct: the round of the shoe (reconstruct: 0 for the coup in progress)
	Doubt  engine.Doubt        // doubt
	Shoe   engine.ShoeResult   // shoeresult

	// Authorised is, for turn, the casino supervisor's authorisation of the turn where the book
	// asks for it: the Banker hand before the Player hand at nz-baccarat (004 8.17).
	Authorised bool
}

// SyntaxError is a malformed table script: the line, the token and the reason. It is the
// shoe script's error type, so that a tool reading either names a bad token the same way.
type SyntaxError = engine.ScriptError

// ParseLine reads one line of a table script (line is its 1-based number): shoe tokens, "@"
// clock forms, and at most one "!" command running to the end of the line or to a "#" outside
// quotes. A malformed item is a *SyntaxError naming the line and the token; the line itself is
// bounded by MaxLine. It never panics.
func ParseLine(line int, text string) ([]Item, error) {
	if len(text) > MaxLine {
		return nil, &SyntaxError{Line: line, Token: clip(text), Reason: fmt.Sprintf("line longer than %d bytes", MaxLine)}
	}
	if !utf8.ValidString(text) {
		return nil, &SyntaxError{Line: line, Token: clip(text), Reason: "not UTF-8 text"}
	}
	if !strings.ContainsAny(text, "@!") { // a line of a plain shoe script: the shoe script's parser
		toks, err := engine.ParseScript(text)
		if err != nil {
			if se, ok := err.(*engine.ScriptError); ok {
				se.Line = line
				return nil, se
			}
			return nil, &SyntaxError{Line: line, Token: clip(text), Reason: err.Error()}
		}
		items := make([]Item, len(toks))
		for i, t := range toks {
			t.Line = line
			items[i] = Item{Line: line, Kind: ItemToken, Token: t}
		}
		return items, nil
	}
	var items []Item
	rest := text
	for {
		rest = strings.TrimLeft(rest, " \t\r")
		if rest == "" || rest[0] == '#' {
			return items, nil
		}
		if rest[0] == '!' {
			c, err := parseCommand(line, rest[1:])
			if err != nil {
				return nil, err
			}
			return append(items, Item{Line: line, Kind: ItemCommand, Command: &c}), nil
		}
		end := strings.IndexAny(rest, " \t\r#!")
		if end < 0 {
			end = len(rest)
		}
		word := rest[:end]
		rest = rest[end:]
		if word[0] == '@' {
			c, err := parseClock(word[1:])
			if err != nil {
				return nil, &SyntaxError{Line: line, Token: word, Reason: err.Error()}
			}
			items = append(items, Item{Line: line, Kind: ItemClock, Clock: &c})
			continue
		}
		if strings.EqualFold(word, "void") { // "void 12": the round number is the next word
			after := strings.TrimLeft(rest, " \t\r")
			e := strings.IndexAny(after, " \t\r#!")
			if e < 0 {
				e = len(after)
			}
			if n := after[:e]; n != "" && n[0] >= '0' && n[0] <= '9' {
				word += " " + n
				rest = after[e:]
			}
		}
		toks, err := engine.ParseScript(word)
		if err != nil {
			if se, ok := err.(*engine.ScriptError); ok {
				se.Line = line
				return nil, se
			}
			return nil, &SyntaxError{Line: line, Token: word, Reason: err.Error()}
		}
		for _, t := range toks {
			t.Line = line
			items = append(items, Item{Line: line, Kind: ItemToken, Token: t})
		}
	}
}

// Parse reads a whole table script held in memory, at most maxItems items (0: no bound).
func Parse(src string, maxItems int) ([]Item, error) {
	var items []Item
	for i, line := range strings.Split(src, "\n") {
		it, err := ParseLine(i+1, strings.TrimSuffix(line, "\r"))
		if err != nil {
			return nil, err
		}
		if maxItems > 0 && len(items)+len(it) > maxItems {
			return nil, &SyntaxError{Line: i + 1, Token: clip(line), Reason: fmt.Sprintf("more than %d items", maxItems)}
		}
		items = append(items, it...)
	}
	return items, nil
}

func clip(s string) string {
	if len(s) > 40 {
		s = s[:40]
		for !utf8.ValidString(s) && len(s) > 0 {
			s = s[:len(s)-1]
		}
		return s + "…"
	}
	return s
}

// parseClock reads "21:05", "21:05:30" or "2026-11-25T21:05:30" (after the "@").
func parseClock(s string) (Clock, error) {
	if date, tod, ok := strings.Cut(s, "T"); ok {
		t, err := time.Parse("2006-01-02", date)
		if err != nil || len(date) != 10 {
			return Clock{}, fmt.Errorf("want @YYYY-MM-DDTHH:MM:SS, @HH:MM or @HH:MM:SS")
		}
		c, err := parseTimeOfDay(tod)
		if err != nil || !c.Seconds {
			return Clock{}, fmt.Errorf("want @YYYY-MM-DDTHH:MM:SS, @HH:MM or @HH:MM:SS")
		}
		c.Full, c.Seconds = true, false
		c.Year, c.Month, c.Day = t.Year(), int(t.Month()), t.Day()
		return c, nil
	}
	c, err := parseTimeOfDay(s)
	if err != nil {
		return Clock{}, fmt.Errorf("want @HH:MM, @HH:MM:SS or @YYYY-MM-DDTHH:MM:SS")
	}
	return c, nil
}

// parseTimeOfDay reads "HH:MM" or "HH:MM:SS" (two digits each).
func parseTimeOfDay(s string) (Clock, error) {
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return Clock{}, fmt.Errorf("time %q: want HH:MM or HH:MM:SS", s)
	}
	var v [3]int
	for i, p := range parts {
		if len(p) != 2 || p[0] < '0' || p[0] > '9' || p[1] < '0' || p[1] > '9' {
			return Clock{}, fmt.Errorf("time %q: want HH:MM or HH:MM:SS", s)
		}
		v[i] = int(p[0]-'0')*10 + int(p[1]-'0')
	}
	if v[0] > 23 || v[1] > 59 || v[2] > 59 {
		return Clock{}, fmt.Errorf("time %q: out of range", s)
	}
	return Clock{Hour: v[0], Min: v[1], Sec: v[2], Seconds: len(parts) == 3}, nil
}

// words splits a command's text into words, a quoted value (reason="…") being one word;
// a "#" outside quotes ends the command.
func words(line int, s string) ([]string, error) {
	var out []string
	i := 0
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r') {
			i++
		}
		if i >= len(s) || s[i] == '#' {
			break
		}
		start := i
		for i < len(s) && s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '#' {
			if s[i] == '"' {
				j := i + 1
				for j < len(s) && s[j] != '"' {
					if s[j] == '\\' {
						j++
					}
					j++
				}
				if j >= len(s) {
					return nil, &SyntaxError{Line: line, Token: clip(s[start:]), Reason: "a quoted value has no closing quote"}
				}
				i = j
			}
			i++
		}
		out = append(out, s[start:i])
		if len(out) > 64 {
			return nil, &SyntaxError{Line: line, Token: clip(s[start:i]), Reason: "more than 64 words in one command"}
		}
	}
	return out, nil
}

// parseCommand reads a command after its "!".
func parseCommand(line int, s string) (Command, error) {
	ws, err := words(line, s)
	if err != nil {
		return Command{}, err
	}
	if len(ws) == 0 {
		return Command{}, &SyntaxError{Line: line, Token: "!", Reason: "a command names what to do: bet, run, nominate, defer, collect, limits, differential, setting, close, withdraw, turn, accept, result, reconstruct, dispute, doubt, shoeresult"}
	}
	v, ok := verbs[strings.ToLower(ws[0])]
	if !ok {
		return Command{}, &SyntaxError{Line: line, Token: ws[0], Reason: "unknown command: want bet, run, nominate, defer, collect, limits, differential, setting, close, withdraw, turn, accept, result, reconstruct, dispute, doubt or shoeresult"}
	}
	c := Command{Verb: v}
	p := cmdParser{line: line, c: &c}
	var args []string
	for _, w := range ws[1:] {
		key, val, kv := strings.Cut(w, "=")
		switch {
		case kv && key == "as":
			if err := p.actor(w, val); err != nil {
				return Command{}, err
			}
		case kv && key == "reason":
			if err := p.reason(w, val); err != nil {
				return Command{}, err
			}
		default:
			args = append(args, w)
		}
	}
	if err := p.args(args); err != nil {
		return Command{}, err
	}
	return c, nil
}

// cmdParser reads one command's arguments into c.
type cmdParser struct {
	line int
	c    *Command
}

func (p *cmdParser) fail(tok, reason string) error {
	return &SyntaxError{Line: p.line, Token: clip(tok), Reason: reason}
}

func (p *cmdParser) actor(w, val string) error {
	if p.c.As != (Actor{}) {
		return p.fail(w, "as= given twice")
	}
	role, id, ok := strings.Cut(val, ":")
	if !ok || (role != "dealer" && role != "supervisor") {
		return p.fail(w, "want as=dealer:ID or as=supervisor:ID")
	}
	n, err := p.number(w, id, 0, 1_000_000)
	if err != nil {
		return err
	}
	p.c.As = Actor{Role: role, ID: n}
	return nil
}

func (p *cmdParser) reason(w, val string) error {
	if p.c.Reason != "" {
		return p.fail(w, "reason= given twice")
	}
	if len(val) < 2 || val[0] != '"' || val[len(val)-1] != '"' {
		return p.fail(w, `want reason="…" in double quotes`)
	}
	r, err := strconv.Unquote(val)
	if err != nil {
		return p.fail(w, "the reason is not a well-formed quoted string")
	}
	if r == "" {
		return p.fail(w, "an empty reason: leave reason= out")
	}
	if len(r) > MaxReason {
		return p.fail(w, fmt.Sprintf("a reason longer than %d bytes", MaxReason))
	}
	if !utf8.ValidString(r) {
		return p.fail(w, "the reason is not UTF-8 text")
	}
	p.c.Reason = r
	return nil
}

// number reads a decimal integer in [lo, hi].
func (p *cmdParser) number(tok, s string, lo, hi int) (int, error) {
	if s == "" || len(s) > 9 {
		return 0, p.fail(tok, fmt.Sprintf("want a number from %d to %d", lo, hi))
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, p.fail(tok, fmt.Sprintf("want a number from %d to %d", lo, hi))
		}
		n = n*10 + int(r-'0')
	}
	if n < lo || n > hi {
		return 0, p.fail(tok, fmt.Sprintf("want a number from %d to %d", lo, hi))
	}
	return n, nil
}

func (p *cmdParser) amount(tok, s string) (int64, error) {
	if strings.ContainsAny(s, "$,") || strings.TrimSpace(s) != s {
		return 0, p.fail(tok, "an amount is written in digits with at most two decimals (25, 2.50)")
	}
	v, err := engine.Currency("").Parse(s) // the script writes bare amounts: "$" and "," are refused above
	if err != nil {
		return 0, p.fail(tok, err.Error())
	}
	return v, nil
}

// MaxSeat is the highest seat a command may name; seat 0 is a standing player.
const MaxSeat = 99

func (p *cmdParser) seat(tok string) (int, error) { return p.number(tok, tok, 0, MaxSeat) }

func (p *cmdParser) want(args []string, n int, usage string) error {
	if len(args) != n {
		tok := p.c.Verb
		if len(args) > n {
			return p.fail(args[n], "too many arguments: "+usage)
		}
		return p.fail(string(tok), "too few arguments: "+usage)
	}
	return nil
}

// at reads a leading at=HH:MM[:SS] (on the table clock's day) or at=YYYY-MM-DDTHH:MM:SS (a
// moment on any day, e.g. across midnight UTC) from args, returning the rest.
func (p *cmdParser) at(args []string) ([]string, error) {
	if len(args) > 0 && strings.HasPrefix(args[0], "at=") {
		v := args[0][3:]
		var c Clock
		var err error
		if strings.Contains(v, "T") {
			if c, err = parseClock(v); err != nil {
				err = errors.New("want at=HH:MM, at=HH:MM:SS or at=YYYY-MM-DDTHH:MM:SS")
			}
		} else {
			c, err = parseTimeOfDay(v)
		}
		if err != nil {
			return nil, p.fail(args[0], err.Error())
		}
		p.c.At = &c
		return args[1:], nil
	}
	return args, nil
}

func (p *cmdParser) args(a []string) error {
	c := p.c
	var err error
	switch c.Verb {
	case VerbBet:
		const usage = "!bet SEAT WAGER AMOUNT (WAGER player, banker, tie, insurance [covers=AMOUNT], bet, raise)"
		if len(a) == 4 && strings.HasPrefix(a[3], "covers=") {
			if c.Covers, err = p.amount(a[3], a[3][7:]); err != nil {
				return err
			}
			if c.Covers == 0 {
				return p.fail(a[3], "covers=0: leave covers= out")
			}
			a = a[:3]
		}
		if err := p.want(a, 3, usage); err != nil {
			return err
		}
		if c.Seat, err = p.seat(a[0]); err != nil {
			return err
		}
		w, ok := betWagers[strings.ToLower(a[1])]
		if !ok {
			return p.fail(a[1], "unknown wager: "+usage)
		}
		if c.Covers != 0 && w != WagerInsurance {
			return p.fail("covers", "covers= is for an insurance wager only")
		}
		c.Wager = w
		c.Amount, err = p.amount(a[2], a[2])
		return err
	case VerbRun:
		const usage = "!run SEAT KIND LENGTH AMOUNT (KIND player, banker, tie, combination)"
		if err := p.want(a, 4, usage); err != nil {
			return err
		}
		if c.Seat, err = p.seat(a[0]); err != nil {
			return err
		}
		switch strings.ToLower(a[1]) {
		case "player":
			c.Run = engine.RunPlayer
		case "banker":
			c.Run = engine.RunBanker
		case "tie":
			c.Run = engine.RunTie
		case "combination":
			c.Run = engine.RunCombination
		default:
			return p.fail(a[1], "unknown run: "+usage)
		}
		if c.Length, err = p.number(a[2], a[2], 1, 99); err != nil {
			return err
		}
		c.Amount, err = p.amount(a[3], a[3])
		return err
	case VerbNominate:
		if err := p.want(a, 2, "!nominate RUN HAND (HAND player or banker)"); err != nil {
			return err
		}
		if c.RunID, err = p.number(a[0], a[0], 1, 1_000_000_000); err != nil {
			return err
		}
		switch strings.ToLower(a[1]) {
		case "player":
			c.Hand = engine.Player
		case "banker":
			c.Hand = engine.Banker
		default:
			return p.fail(a[1], "nominate player or banker (000 6.5.7)")
		}
		return nil
	case VerbDefer:
		if err := p.want(a, 2, "!defer SEAT AMOUNT"); err != nil {
			return err
		}
		if c.Seat, err = p.seat(a[0]); err != nil {
			return err
		}
		c.Amount, err = p.amount(a[1], a[1])
		return err
	case VerbCollect:
		if err := p.want(a, 1, "!collect SEAT"); err != nil {
			return err
		}
		c.Seat, err = p.seat(a[0])
		return err
	case VerbLimits:
		return p.limits(a)
	case VerbDifferential:
		if a, err = p.at(a); err != nil {
			return err
		}
		for _, w := range a {
			k, v, _ := strings.Cut(w, "=")
			switch {
			case k == "min" && !c.HasMin:
				c.HasMin = true
				c.Min, err = p.amount(w, v)
			case k == "max" && !c.HasMax:
				c.HasMax = true
				c.Max, err = p.amount(w, v)
			default:
				return p.fail(w, "want !differential [at=HH:MM] [min=AMOUNT] [max=AMOUNT], each once")
			}
			if err != nil {
				return err
			}
		}
		if !c.HasMin && !c.HasMax {
			return p.fail(string(c.Verb), "give min=AMOUNT, max=AMOUNT or both")
		}
		return nil
	case VerbSetting:
		if a, err = p.at(a); err != nil {
			return err
		}
		if err := p.want(a, 1, "!setting [at=HH:MM] KEY=VALUE"); err != nil {
			return err
		}
		k, v, ok := strings.Cut(a[0], "=")
		if !ok || k == "" || v == "" || strings.ContainsAny(k+v, `"=`) {
			return p.fail(a[0], "want KEY=VALUE")
		}
		c.Key, c.Value = k, v
		return nil
	case VerbClose, VerbWithdraw: // !withdraw names the time the change was posted for
		usage := "!" + string(c.Verb) + " at=HH:MM"
		if a, err = p.at(a); err != nil {
			return err
		}
		if c.At == nil {
			return p.fail(string(c.Verb), "want "+usage)
		}
		return p.want(a, 0, usage)
	case VerbTurn:
		if len(a) == 2 && strings.ToLower(a[1]) == "authorised" {
			c.Authorised, a = true, a[:1]
		}
		if err := p.want(a, 1, "!turn player|banker [authorised]"); err != nil {
			return err
		}
		switch strings.ToLower(a[0]) {
		case "player":
			c.Turn = engine.HandPlayer
		case "banker":
			c.Turn = engine.HandBanker
		default:
			return p.fail(a[0], "turn player or banker")
		}
		return nil
	case VerbAccept:
		return p.want(a, 0, "!accept")
	case VerbDoubt:
		return p.doubt(a)
	case VerbShoeResult:
		return p.shoeResult(a)
	case VerbDispute:
		if err := p.want(a, 1, "!dispute N (a finished round of this shoe)"); err != nil {
			return err
		}
		n, err := strconv.Atoi(a[0])
		if err != nil || n < 1 {
			return p.fail(a[0], "want the number of a finished round of this shoe (1, 2, …)")
		}
		c.Round = n
		return nil
	case VerbResult:
		return p.result(a)
	case VerbReconstruct:
		if len(a) > 0 && isRoundNumber(a[0]) {
			n, err := strconv.Atoi(a[0])
			if err != nil || n < 1 {
				return p.fail(a[0], "want the number of a finished round of this shoe (1, 2, …)")
			}
			c.Round, a = n, a[1:]
		}
		// How many cards make a whole round is the table's rule, which refuses a wrong count
		// with its reason: 4 to 6 at baccarat (the table of play), 2 or 3 at Red Dog, whose
		// supervisor enters the right, left and centre box (003 7.1, 7.2).
		if len(a) < minCards || len(a) > maxCards {
			return p.fail(string(c.Verb), "want !reconstruct [N] and the round's cards in deal order: 4 to 6 cards at baccarat, 2 or 3 at Red Dog")
		}
		for _, w := range a {
			card, err := engine.ParseCard(w)
			if err != nil {
				return p.fail(w, err.Error())
			}
			c.Cards = append(c.Cards, card)
		}
		return nil
	}
	return p.fail(string(c.Verb), "unknown command")
}

func (p *cmdParser) limits(a []string) error {
	c := p.c
	a, err := p.at(a)
	if err != nil {
		return err
	}
	if len(a) > 0 && a[0] == "waived" {
		c.Waived = true
		a = a[1:]
	}
	if len(a) == 0 {
		return p.fail(string(c.Verb), "want !limits [at=HH:MM] [waived] WAGER=MIN-MAX[/MULTIPLE] …")
	}
	if len(a) > maxLimits {
		return p.fail(a[maxLimits], "too many limits")
	}
	seen := map[Wager]bool{}
	for _, w := range a {
		k, v, ok := strings.Cut(w, "=")
		wg, known := limitWagers[strings.ToLower(k)]
		if !ok || !known {
			return p.fail(w, "want WAGER=MIN-MAX[/MULTIPLE], WAGER player, banker, tie, insurance, runs or bet")
		}
		if seen[wg] {
			return p.fail(w, "a wager named twice")
		}
		seen[wg] = true
		rng, mult, hasMult := strings.Cut(v, "/")
		lo, hi, ok := strings.Cut(rng, "-")
		if !ok {
			return p.fail(w, "want MIN-MAX, e.g. player=50-5000/5")
		}
		var l engine.WagerLimit
		if l.Min, err = p.amount(w, lo); err != nil {
			return err
		}
		if l.Max, err = p.amount(w, hi); err != nil {
			return err
		}
		if hasMult {
			if l.Multiple, err = p.amount(w, mult); err != nil {
				return err
			}
			if l.Multiple == 0 {
				return p.fail(w, "a multiple of 0: leave /MULTIPLE out")
			}
		}
		if err := l.Validate(); err != nil {
			return p.fail(w, err.Error())
		}
		c.Limits = append(c.Limits, Limit{Wager: wg, Limit: l})
	}
	return nil
}

// doubt reads !doubt KIND ["DETAIL"].
func (p *cmdParser) doubt(a []string) error {
	c := p.c
	if len(a) == 0 || len(a) > 2 {
		return p.fail(string(c.Verb), `want !doubt KIND ["DETAIL"]`)
	}
	c.Doubt.Kind = engine.DoubtKind(strings.ToLower(a[0]))
	if _, ok := engine.DoubtRuleOf(c.Doubt.Kind); !ok {
		return p.fail(a[0], "unknown doubt: want lost, unreadable, conflict, replay, restart, disconnect or repeat")
	}
	if len(a) == 2 {
		d, err := strconv.Unquote(a[1])
		if err != nil || a[1][0] != '"' || d == "" || len(d) > MaxReason || !utf8.ValidString(d) {
			return p.fail(a[1], fmt.Sprintf("the detail is a non-empty quoted text of at most %d bytes", MaxReason))
		}
		c.Doubt.Detail = d
	}
	return nil
}

// shoeResult reads !shoeresult WINNER P B [ppair] [bpair].
func (p *cmdParser) shoeResult(a []string) error {
	c := p.c
	if len(a) < 3 {
		return p.fail(string(c.Verb), "want !shoeresult player|banker|tie PLAYER_TOTAL BANKER_TOTAL [ppair] [bpair]")
	}
	w, ok := map[string]engine.Winner{"player": engine.Player, "banker": engine.Banker, "tie": engine.Tie}[strings.ToLower(a[0])]
	if !ok {
		return p.fail(a[0], "the winner is player, banker or tie")
	}
	c.Shoe.Winner = w
	var err error
	if c.Shoe.PlayerTotal, err = p.number(a[1], a[1], 0, 9); err != nil {
		return err
	}
	if c.Shoe.BankerTotal, err = p.number(a[2], a[2], 0, 9); err != nil {
		return err
	}
	return p.flags(a[3:], "want ppair or bpair", map[string]*bool{"ppair": &c.Shoe.PlayerPair, "bpair": &c.Shoe.BankerPair})
}

// flags sets the flags named in a, each at most once; want says which there are.
func (p *cmdParser) flags(a []string, want string, named map[string]*bool) error {
	for _, w := range a {
		f, ok := named[w]
		if !ok {
			return p.fail(w, want)
		}
		if *f {
			return p.fail(w, "given twice")
		}
		*f = true
	}
	return nil
}

func (p *cmdParser) result(a []string) error {
	c := p.c
	if len(a) == 0 {
		return p.fail(string(c.Verb), "want !result player|banker|tie [natural] [ppair] [bpair]")
	}
	switch strings.ToLower(a[0]) {
	case "player":
		c.Result.Winner = engine.Player
	case "banker":
		c.Result.Winner = engine.Banker
	case "tie":
		c.Result.Winner = engine.Tie
	default:
		return p.fail(a[0], "the winner is player, banker or tie")
	}
	return p.flags(a[1:], "want natural, ppair or bpair",
		map[string]*bool{"natural": &c.Result.Natural, "ppair": &c.Result.PlayerPair, "bpair": &c.Result.BankerPair})
}

// FormatAmount writes cents as a script amount: "25", "2.50".
func FormatAmount(c int64) string {
	if c%100 == 0 {
		return strconv.FormatInt(c/100, 10)
	}
	return fmt.Sprintf("%d.%02d", c/100, c%100)
}

func formatLimit(l engine.WagerLimit) string {
	s := FormatAmount(l.Min) + "-" + FormatAmount(l.Max)
	if l.Multiple != 0 {
		s += "/" + FormatAmount(l.Multiple)
	}
	return s
}

var runWords = map[engine.RunKind]string{engine.RunPlayer: "player", engine.RunBanker: "banker", engine.RunTie: "tie", engine.RunCombination: "combination"}

func winnerWord(w engine.Winner) string {
	switch w {
	case engine.Player:
		return "player"
	case engine.Banker:
		return "banker"
	case engine.Tie:
		return "tie"
	}
	return "?"
}

// String is the command as one script line, from its "!": Parse reads it back to the same Command.
func (c Command) String() string {
	var b strings.Builder
	b.WriteString("!" + string(c.Verb))
	arg := func(s string) { b.WriteByte(' '); b.WriteString(s) }
	at := func() {
		if c.At != nil {
			arg("at=" + strings.TrimPrefix(c.At.String(), "@"))
		}
	}
	switch c.Verb {
	case VerbBet:
		arg(strconv.Itoa(c.Seat))
		arg(string(c.Wager))
		arg(FormatAmount(c.Amount))
		if c.Covers != 0 {
			arg("covers=" + FormatAmount(c.Covers))
		}
	case VerbRun:
		arg(strconv.Itoa(c.Seat))
		arg(runWords[c.Run])
		arg(strconv.Itoa(c.Length))
		arg(FormatAmount(c.Amount))
	case VerbNominate:
		arg(strconv.Itoa(c.RunID))
		arg(winnerWord(c.Hand))
	case VerbDefer:
		arg(strconv.Itoa(c.Seat))
		arg(FormatAmount(c.Amount))
	case VerbCollect:
		arg(strconv.Itoa(c.Seat))
	case VerbLimits:
		at()
		if c.Waived {
			arg("waived")
		}
		for _, l := range c.Limits {
			arg(string(l.Wager) + "=" + formatLimit(l.Limit))
		}
	case VerbDifferential:
		at()
		if c.HasMin {
			arg("min=" + FormatAmount(c.Min))
		}
		if c.HasMax {
			arg("max=" + FormatAmount(c.Max))
		}
	case VerbSetting:
		at()
		arg(c.Key + "=" + c.Value)
	case VerbClose, VerbWithdraw:
		at()
	case VerbTurn:
		arg(strings.ToLower(c.Turn.String()))
		if c.Authorised {
			arg("authorised")
		}
	case VerbResult:
		arg(winnerWord(c.Result.Winner))
		if c.Result.Natural {
			arg("natural")
		}
		if c.Result.PlayerPair {
			arg("ppair")
		}
		if c.Result.BankerPair {
			arg("bpair")
		}
	case VerbReconstruct:
		if c.Round > 0 {
			arg(strconv.Itoa(c.Round))
		}
		for _, card := range c.Cards {
			arg(card.String())
		}
	case VerbDispute:
		arg(strconv.Itoa(c.Round))
	case VerbDoubt:
		arg(string(c.Doubt.Kind))
		if c.Doubt.Detail != "" {
			arg(strconv.Quote(c.Doubt.Detail))
		}
	case VerbShoeResult:
		arg(winnerWord(c.Shoe.Winner))
		arg(strconv.Itoa(c.Shoe.PlayerTotal))
		arg(strconv.Itoa(c.Shoe.BankerTotal))
		if c.Shoe.PlayerPair {
			arg("ppair")
		}
		if c.Shoe.BankerPair {
			arg("bpair")
		}
	}
	if c.As != (Actor{}) {
		arg("as=" + c.As.String())
	}
	if c.Reason != "" {
		arg("reason=" + strconv.Quote(c.Reason))
	}
	return b.String()
}

// String is the item as a script writes it: the token's text, the clock form or the command.
func (it Item) String() string {
	switch it.Kind {
	case ItemToken:
		return TokenString(it.Token)
	case ItemClock:
		return it.Clock.String()
	case ItemCommand:
		if it.Command != nil {
			return it.Command.String()
		}
	}
	return "#?"
}

// isRoundNumber reports whether w is written as a round number (digits only): no card is.
func isRoundNumber(w string) bool { return w != "" && strings.Trim(w, "0123456789") == "" }

// TokenString writes a shoe-script token as the script does ("9H@P3", "void 12", "nobet").
func TokenString(t engine.Token) string {
	switch t.Kind {
	case engine.TokCard:
		s := t.Card.String()
		if t.Pos != engine.PosNone {
			s += "@" + t.Pos.String()
		}
		return s
	case engine.TokVoid:
		if t.N > 0 {
			return "void " + strconv.Itoa(t.N)
		}
	}
	return t.Kind.String()
}
