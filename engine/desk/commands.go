package desk

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// command carries out an operator command; a refusal is recorded in the outcome.
func (t *Table) command(c *Command, line int) {
	t.curLine, t.curVerb = line, c.Verb
	switch c.Verb {
	case VerbBet, VerbRun, VerbDefer, VerbCollect:
		if c.Seat < 0 || c.Seat > MaxSeat {
			t.no("", fmt.Sprintf("seat %d: want 0 (a standing player) to %d", c.Seat, MaxSeat))
			return
		}
	}
	switch c.Verb {
	case VerbBet:
		if t.rd != nil {
			t.betRedDog(c)
			return
		}
		if c.Wager == WagerInsurance {
			t.betInsurance(c)
			return
		}
		t.bet(c)
	case VerbRun:
		t.placeRun(c)
	case VerbNominate:
		if t.runs == nil {
			t.no(t.book.Runs, "this table does not offer Run wagers (000 1.1, 2.4)")
			return
		}
		if t.inCoup() {
			t.no(t.book.BetsClosed, "a nomination is a wager on the next coup: none is placed after the coup's first card")
			return
		}
		if err := t.runs.Nominate(c.RunID, c.Hand); err != nil {
			t.no("000 6.5.7", err.Error())
		}
	case VerbDefer:
		t.deferCommission(c)
	case VerbCollect:
		col, err := t.ledger.Collect(c.Seat, engine.CollectOnRequest)
		if err != nil {
			t.no("", err.Error())
			return
		}
		t.out.Commission = append(t.out.Commission, Commission{Seat: col.Seat, Collected: col.Amount, Rule: col.Rule + "(i)"})
	case VerbLimits:
		t.limits(c)
	case VerbDifferential:
		t.differential(c)
	case VerbSetting:
		t.setting(c)
	case VerbClose:
		t.schedule(engine.Change{At: t.at(c.At), Close: true})
	case VerbWithdraw:
		t.withdraw(c)
	case VerbTurn, VerbAccept, VerbResult, VerbReconstruct, VerbDispute, VerbDoubt, VerbShoeResult:
		in, _ := GameInput(c)
		t.gameCommand(in)
	default:
		t.no("", fmt.Sprintf("unknown command %q", c.Verb))
	}
}

// no records a refusal of the command being carried out.
func (t *Table) no(rule, reason string) { t.refuse(t.curLine, t.curVerb, rule, reason) }

// GameInput is the game input a game command gives (turn, accept, result, reconstruct; the
// inverse of GameCommand), and false for any other command.
func GameInput(c *Command) (engine.Input, bool) {
	switch c.Verb {
	case VerbTurn:
		if c.Authorised {
			return engine.AuthorisedTurnInput(c.Turn), true
		}
		return engine.TurnInput(c.Turn), true
	case VerbAccept:
		return engine.InAcceptReviewInput(), true
	case VerbResult:
		return engine.ResultInput(c.Result), true
	case VerbReconstruct:
		if c.Round > 0 {
			return engine.CorrectInput(c.Round, c.Cards), true
		}
		return engine.ReconstructInput(c.Cards), true
	case VerbDispute:
		return engine.DisputeInput(c.Round), true
	case VerbDoubt:
		return engine.DoubtInput(c.Doubt.Kind, c.Doubt.Detail), true
	case VerbShoeResult:
		return engine.ShoeResultInput(c.Shoe), true
	}
	return engine.Input{}, false
}

// gameCommand gives a game command to the engine (at a Red Dog table, the review's: accept,
// and reconstruct as the cards entered); the engine's refusals are its events.
func (t *Table) gameCommand(in engine.Input) {
	if _, ok := RedDogInput(in); t.rd != nil && !ok {
		t.no(t.book.NotInGame, "not a command of Red Dog: only shoe-script tokens, bets, raises, the sign, the shoe link's doubts and the supervisor's review (accept, reconstruct of the round in progress, dispute)")
		return
	}
	t.feed(&in)
}

// at is the moment an at=HH:MM names on the table clock's day, or now.
func (t *Table) at(c *Clock) time.Time {
	if c == nil {
		return t.now
	}
	return c.At(t.now)
}

// inCoup reports whether a baccarat coup or a Red Dog round is in progress (its first card is out).
func (t *Table) inCoup() bool {
	if t.rd != nil {
		_, in := t.rd.InProgress()
		return in
	}
	return t.game.InCoup()
}

// open checks that a wager may be placed now: the table is open, no coup is under way
// (000 6.4), and the amount is whole chips (000 6.1).
func (t *Table) open(c *Command) bool {
	switch {
	case t.closed:
		t.no(t.book.Closed, "the table is closed")
	case t.inCoup():
		t.no(t.book.BetsClosed, "no wager is placed after the first card of the coup has been dealt")
	case c.Amount <= 0:
		t.no("", "a wager of nothing")
	case t.rules.SmallestChip > 0 && c.Amount%t.rules.SmallestChip != 0:
		t.no(t.book.Chips, fmt.Sprintf("%s is not a whole number of the smallest chip %s: wagers are placed in chips",
			t.money(c.Amount), t.money(t.rules.SmallestChip)))
	default:
		return true
	}
	return false
}

// baccaratWager is the engine's kind of a Player, Banker or Tie wager, false for any other
// (a switch, not a map: it is asked for every wager placed).
func baccaratWager(w Wager) (engine.WagerKind, bool) {
	switch w {
	case WagerPlayer:
		return engine.WagerPlayer, true
	case WagerBanker:
		return engine.WagerBanker, true
	case WagerTie:
		return engine.WagerTie, true
	}
	return 0, false
}

// bet places a Player, Banker or Tie wager on the next coup.
func (t *Table) bet(c *Command) {
	k, ok := baccaratWager(c.Wager)
	if !ok {
		t.no("", fmt.Sprintf("%s is not a wager of baccarat: player, banker, tie or insurance", c.Wager))
		return
	}
	if !t.open(c) {
		return
	}
	// The limit is the sign's (or the seat's personal limit, 000 7.6) when the wager is placed.
	w := engine.Wager{Seat: c.Seat, Kind: k, Amount: c.Amount, Limit: t.sign.LimitFor(c.Seat, k)}
	if t.book.NotBoth != "" && k != engine.WagerTie {
		other := engine.WagerPlayer
		if k == engine.WagerPlayer {
			other = engine.WagerBanker
		}
		for _, b := range t.bets {
			if b.w.Seat == c.Seat && b.w.Kind == other {
				t.no(t.book.NotBoth, fmt.Sprintf("seat %d already backs the %s hand: not the Banker's hand at the same time as the Player's hand", c.Seat, other))
				return
			}
		}
	}
	if t.book.NotExact != "" && k == engine.WagerBanker && t.rules.Banker == engine.BankerCommission && !engine.ChipExact(w, t.rules) {
		t.no(t.book.NotExact, fmt.Sprintf("a Banker wager of %s could not be paid exactly in chips less commission: it is not accepted", t.money(c.Amount)))
		return
	}
	t.bets = append(t.bets, placed{w: w})
}

// betInsurance places an Insurance/No 6 wager on the coup in progress while it is open (000 1.1).
func (t *Table) betInsurance(c *Command) {
	if !t.rules.InsuranceNo6 {
		t.no("000 1.1, 6.5.4", "this table does not offer Insurance/No 6")
		return
	}
	v := t.game.View()
	switch {
	case t.closed:
		t.no(t.book.Closed, "the table is closed")
		return
	case v.InCoup && v.Kind != engine.KindNormal:
		// A dummy coup (directed, a card found face up, a round without wagers) takes no wager (000 11.9.5, 11.6.1, 11.5).
		t.no(t.book.LateOnDummy, fmt.Sprintf("coup %d is played as a dummy coup: a wager placed on it is void", v.Coup))
		return
	case !v.InsuranceOpen:
		t.no("000 1.1", "Insurance/No 6 is open only when the Banker's first two cards total 6 and the Player must draw, before the next card is dealt")
		return
	case c.Amount <= 0:
		t.no("", "a wager of nothing")
		return
	case c.Amount%t.rules.SmallestChip != 0:
		t.no(t.book.Chips, fmt.Sprintf("%s is not a whole number of the smallest chip %s", t.money(c.Amount), t.money(t.rules.SmallestChip)))
		return
	}
	covers := c.Covers
	if covers == 0 {
		for _, b := range t.coupBets(c.Seat) {
			covers += b
		}
	}
	if covers > 0 && c.Amount > covers {
		t.no("000 1.1", fmt.Sprintf("%s is more than the player's Player or Banker wager %s", t.money(c.Amount), t.money(covers)))
		return
	}
	limit := t.sign.Insurance.Max
	if limit <= 0 {
		limit = max(t.sign.Player.Max, t.sign.Banker.Max)
	}
	if limit > 0 && c.Amount > limit {
		t.no("000 1.1, 7.3.2", fmt.Sprintf("%s is over the table's Insurance/No 6 maximum %s", t.money(c.Amount), t.money(limit)))
		return
	}
	if covers == 0 {
		covers = c.Amount
	}
	if len(t.insurance) > 0 && t.insN != v.Coup {
		t.insurance = t.insurance[:0]
	}
	t.insN = v.Coup
	t.insurance = append(t.insurance, engine.Wager{Seat: c.Seat, Kind: engine.WagerInsurance, Amount: c.Amount, Covers: covers})
}

// coupBets lists the seat's Player and Banker wagers on the coup in progress.
func (t *Table) coupBets(seat int) []int64 {
	var out []int64
	for _, b := range t.bets {
		if b.w.Seat == seat && (b.w.Kind == engine.WagerPlayer || b.w.Kind == engine.WagerBanker) {
			out = append(out, b.w.Amount)
		}
	}
	return out
}

// placeRun registers a Run wager before the next coup, held to the sign's Run limit: over
// the maximum it stands for the maximum and the rest is returned (000 7.3.2); under the
// minimum it stands and the player is told that further wagers under the minimum will be
// returned, and a further one is (7.3.1); whole chips only (6.1).
func (t *Table) placeRun(c *Command) {
	if t.runs == nil {
		t.no(t.book.Runs, "this table does not offer Run wagers")
		return
	}
	if !t.open(c) {
		return
	}
	lim := t.sign.Run
	for _, m := range t.sign.Markers {
		if m.Seat == c.Seat && c.Seat > 0 {
			lim = m.Limit
		}
	}
	amount := c.Amount
	if lim.Min > 0 && amount < lim.Min {
		if t.warned[c.Seat] {
			t.no(t.book.Minimum, fmt.Sprintf("%s is under the Run minimum %s: the player was told that wagers under the minimum are returned",
				t.money(amount), t.money(lim.Min)))
			return
		}
		t.warned[c.Seat] = true
	}
	if lim.Max > 0 && amount > lim.Max {
		amount = lim.Max
	}
	if _, ok := engine.RunOdds(c.Run, c.Length); !ok {
		t.no("000 1.1", fmt.Sprintf("a %s run of %d: lengths are 2-6 for Player, Banker and Player/Banker, 2-4 for Tie", c.Run, c.Length))
		return
	}
	w, err := t.runs.Place(c.Seat, c.Run, c.Length, amount)
	if err != nil {
		t.no("000 1.1", err.Error())
		return
	}
	if amount != c.Amount {
		t.runAsked[w.ID] = c.Amount
	}
}

// deferCommission records commission deferred by a seated player (000 10.2.1): refused where
// the book collects it when the win is paid, and between the end of a shoe and the next.
func (t *Table) deferCommission(c *Command) {
	switch {
	case t.rd != nil:
		t.no(t.book.NotInGame, "Red Dog has no commission")
		return
	case !t.rules.DeferredCommission || t.book.Defer == "":
		t.no(t.book.NoDefer, "commission is collected when the winnings are paid; it is not deferred under this book")
		return
	case t.game.View().ShoeEnded:
		t.no(t.book.DeferredByShoe, "the shoe is complete: deferred commission is settled now, before the next shoe")
		return
	}
	if err := t.ledger.Defer(c.Seat, c.Amount); err != nil {
		t.no(t.book.Defer, err.Error())
		return
	}
	t.out.Commission = append(t.out.Commission, Commission{Seat: c.Seat, Owed: t.ledger.Owed(c.Seat), Rule: t.book.Defer})
}

// nextSign is the sign that the changes already posted lead to: a new change starts from it.
func (t *Table) nextSign() engine.Sign {
	s := t.sign
	for _, p := range t.pending {
		if !p.Close {
			s = p.Sign
		}
	}
	s.Markers = append([]engine.Marker(nil), s.Markers...)
	return s
}

// limits posts a new sign for the wagers named.
func (t *Table) limits(c *Command) {
	s := t.nextSign()
	for _, l := range c.Limits {
		switch l.Wager {
		case WagerPlayer, WagerBet:
			s.Player = l.Limit
		case WagerBanker:
			s.Banker = l.Limit
		case WagerTie:
			s.Tie = l.Limit
		case WagerInsurance:
			s.Insurance = l.Limit
		case WagerRuns:
			s.Run = l.Limit
		}
		if (t.rd != nil) != (l.Wager == WagerBet) {
			t.no("", fmt.Sprintf("%s is not a wager of this table", l.Wager))
			return
		}
	}
	by := ""
	if c.Waived {
		by = "the players"
		if c.As != (Actor{}) {
			by += ", recorded by " + c.As.String()
		}
	}
	t.schedule(engine.Change{At: t.at(c.At), Sign: s, Waived: c.Waived, WaivedBy: by})
}

// differential posts a new table differential (000 7.2-7.5, 001 3.6-3.7, 002 5.13-5.14, 004 5.17-5.18).
func (t *Table) differential(c *Command) {
	if t.rd != nil {
		t.no(t.book.NotInGame, "Red Dog has no table differential")
		return
	}
	s := t.nextSign()
	set := t.game.Settings()
	p := t.prof
	if c.HasMin {
		s.DifferentialMin = c.Min
		if err := set.Set(&p, "differential_min", strconv.FormatInt(c.Min, 10)); err != nil {
			t.no("000 7.2-7.5", err.Error())
			return
		}
	}
	if c.HasMax {
		s.DifferentialMax = c.Max
		if err := set.Set(&p, "differential_max", strconv.FormatInt(c.Max, 10)); err != nil {
			t.no("", err.Error())
			return
		}
	}
	if _, err := set.SettlementRules(&p); err != nil {
		t.no("", err.Error())
		return
	}
	t.schedule(engine.Change{At: t.at(c.At), Sign: s})
}

// signSettings are the settings that change what the sign shows (the settlement method:
// 000 5.1, 001 8.2, 004 5.11): they take effect through the board, with its notice rules.
var signSettings = map[string]bool{"settlement": true, "version": true, "banker_six_half": true, "differential_min": true, "differential_max": true}

// setting changes a table setting: one that changes the settlement method is posted on the
// sign and takes effect with it (notice where the book asks: 001 8.2); any other takes effect
// between rounds (the engine decides when).
func (t *Table) setting(c *Command) {
	if t.rd != nil {
		t.no(t.book.NotInGame, "Red Dog has no table settings to change")
		return
	}
	set := t.game.Settings()
	p := t.prof
	if err := set.Set(&p, c.Key, c.Value); err != nil {
		t.no("", err.Error())
		return
	}
	rules, err := set.SettlementRules(&p)
	if err != nil {
		t.no("", err.Error())
		return
	}
	if !signSettings[c.Key] {
		if c.At != nil && !t.at(c.At).Equal(t.now) {
			t.no("", fmt.Sprintf("setting %s takes effect between rounds; only a change of the settlement method or the differential is posted for a time", c.Key))
			return
		}
		in := engine.SettingInput(c.Key, c.Value)
		t.engineInput(&in)
		return
	}
	s := t.nextSign()
	s.Settlement = rules.Banker
	switch c.Key {
	case "differential_min":
		s.DifferentialMin = set.DifferentialMin
	case "differential_max":
		s.DifferentialMax = set.DifferentialMax
	}
	t.schedule(engine.Change{At: t.at(c.At), Sign: s})
}

// schedule posts a change to the sign. What the sign shows besides the limits (the settlement
// method, the differentials) takes effect with it: Sign.Settle.
func (t *Table) schedule(ch engine.Change) {
	sc, err := t.board.Schedule(ch, t.now)
	if err != nil {
		rule := ""
		var ne *engine.NoticeError
		if errors.As(err, &ne) {
			rule = ne.Rule
		}
		t.no(rule, err.Error())
		r := &t.out.Refused[len(t.out.Refused)-1]
		r.cause = err
		r.Earliest, _ = engine.Earliest(err)
		return
	}
	for _, n := range t.board.SignAt(t.now).Notices {
		if n.ChangeID == sc.ID {
			if t.rd != nil && n.Wager == engine.WagerPlayer.String() {
				// The board words a Red Dog sign's one wager as its Player limit: name it as the
				// table does (003 6.1).
				n.Text = strings.Replace(n.Text, n.Wager, "Red Dog bet", 1)
			}
			t.out.Notices = append(t.out.Notices, Notice{ChangeID: sc.ID, Posted: t.now, Effective: sc.At, Text: n.Text,
				Item: n.Item, Wager: n.Wager, Old: n.Old, New: n.Amount, OldSettlement: n.OldSettlement, NewSettlement: n.Settlement,
				Kind: n.Kind, Rule: n.Rule})
		}
	}
	t.pending = append(t.pending, sc)
	t.advance(t.now) // a change for now takes effect at once
}

// withdraw takes back the change of the sign posted for the time named, before it takes effect
// (engine.Board.Withdraw): its notices come off the sign and the table no longer waits for it. A
// refusal cites the book's rule on withdrawing (engine.NoticeRules.WithdrawRule).
func (t *Table) withdraw(c *Command) {
	sc, err := t.board.Withdraw(t.at(c.At), t.now)
	if err != nil {
		rule := ""
		var we *engine.WithdrawError
		if errors.As(err, &we) {
			rule = we.Rule
		}
		t.no(rule, err.Error())
		return
	}
	for i := len(t.pending) - 1; i >= 0; i-- {
		if t.pending[i].ID == sc.ID {
			t.pending = append(t.pending[:i], t.pending[i+1:]...)
			break
		}
	}
	t.out.Withdrawn = append(t.out.Withdrawn, Withdrawal{ChangeID: sc.ID, Posted: sc.Posted, Effective: sc.At,
		Kinds: sc.Kinds, Rule: t.notices.WithdrawRule})
}

// followRedDog settles the Red Dog wagers when a round finishes, and refunds a round
// invalidated after the fact (003 10.3, 10.4).
func (t *Table) followRedDog(e *reddog.Event) {
	switch e.Kind {
	case reddog.EvShuffle:
		t.shoe = e.Shoe
	case reddog.EvRound:
		if e.Round == nil {
			return
		}
		r := e.Round
		for i := range t.bets {
			b := &t.bets[i]
			st := Settled{Shoe: r.Shoe, N: r.N, Seat: b.w.Seat, Wager: WagerBet, Amount: b.w.Amount + b.raise, Raise: b.raise}
			s, err := reddog.Settle(b.valid, b.raise, *r)
			if err != nil {
				st.Result, st.Returned = engine.ResultVoid, st.Amount
				st.Notes = []engine.Note{{Rule: t.book.Refund, Text: fmt.Sprintf("not settled: %v; the wager is returned", err)}}
			} else {
				st.Paid, st.Lost, st.Returned = s.Won, s.Lost, s.Returned+(b.w.Amount-b.valid)
				switch {
				case r.Kind == reddog.KindCancelled:
					st.Result = engine.ResultVoid
				case s.Won > 0:
					st.Result = engine.ResultWin
				case s.Lost > 0:
					st.Result = engine.ResultLose
				default:
					st.Result = engine.ResultPush
				}
				if b.valid < b.w.Amount {
					st.Notes = append(st.Notes, engine.Note{Rule: t.book.Maximum, Text: fmt.Sprintf("paid or collected to the maximum %s", t.money(b.valid))})
				}
			}
			b.result = st.Result
			t.out.Settled = append(t.out.Settled, st)
		}
		if len(t.bets) > 0 {
			t.bets = t.remember(r.Shoe, r.N, t.bets, nil) // the history takes over the round's wagers with their results
		}
	case reddog.EvCancel:
		t.refund(e.Shoe, e.N, e.Rule)
	}
}

// betRedDog places a Red Dog wager before the first card (003 5.2, 5.6) or raises it after
// the spread, up to the original wager (5.4, 7.2.1.1).
func (t *Table) betRedDog(c *Command) {
	switch c.Wager {
	case WagerBet:
		if !t.open(c) {
			return
		}
		valid := c.Amount
		lim := t.sign.LimitFor(c.Seat, engine.WagerPlayer)
		if lim.Max > 0 && valid > lim.Max {
			valid = lim.Max // 003 6.3
		}
		t.bets = append(t.bets, placed{w: engine.Wager{Seat: c.Seat, Amount: c.Amount}, valid: valid})
	case WagerRaise:
		v := t.rd.View()
		if v.Stage != reddog.StageRaise || v.Round.RaisePercent == 0 {
			t.no(t.book.Raise, "a raise is placed only after a spread is announced (no raise on a pair or no spread: 003 7.2.2.1, 7.2.3.1)")
			return
		}
		if c.Amount <= 0 || c.Amount%t.rules.SmallestChip != 0 {
			t.no(t.book.Chips, fmt.Sprintf("%s is not a whole number of chips", t.money(c.Amount)))
			return
		}
		for i := range t.bets {
			b := &t.bets[i]
			if b.w.Seat != c.Seat {
				continue
			}
			if b.raise > 0 {
				t.no(t.book.Raise, fmt.Sprintf("seat %d has already raised", c.Seat))
				return
			}
			if c.Amount*100 > b.valid*v.Round.RaisePercent {
				t.no(t.book.Raise, fmt.Sprintf("a raise of %s is more than the original wager %s", t.money(c.Amount), t.money(b.valid)))
				return
			}
			b.raise = c.Amount
			return
		}
		t.no(t.book.Raise, fmt.Sprintf("seat %d has no wager on this round to raise", c.Seat))
	default:
		t.no("", fmt.Sprintf("%s is not a wager of Red Dog: bet or raise", c.Wager))
	}
}
