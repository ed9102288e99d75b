package reddog

import (
	"fmt"
	"slices"

	"github.com/coupboard/coupboard/engine"
)

// Stage is where the deal stands, for the table screen.
type Stage uint8

// The stages of the deal.
const (
	StageNoShoe    Stage = iota // no shoe loaded yet (4.1.1)
	StageBurn                   // a shuffle was completed: the burn is owed (4.6)
	StageFirst                  // waiting for the first card of a round, to the right box (7.1.2)
	StageSecond                 // waiting for the second card, to the left box (7.1.3)
	StageRaise                  // the spread was announced: raises are open, then the third card (7.2.1.1)
	StagePairDraw               // a pair: no raise, the third card is drawn (7.2.3.1)
	StageShuffle                // a shuffle is due before the next round (4.1.2, 4.1.3, 9.6)
	StageReshuffle              // the shoe ran out in a round: the discards must be reshuffled (9.7)
	StageReview                 // the round has all its cards and waits for the supervisor's review (doubt.go)
)

var stageNames = [...]string{"no shoe", "burn", "first card", "second card", "raise", "pair draw", "shuffle", "reshuffle", "review"}

// String names the stage.
func (s Stage) String() string {
	if int(s) < len(stageNames) {
		return stageNames[s]
	}
	return "?"
}

// View is what may be shown about the table now: only cards that were dealt face up, never a card
// still in the shoe or one burned face down.
type View struct {
	Profile string
	Shoe    int   // the shoe, from 1; 0 before the first
	Stage   Stage // what the deal waits for
	// Round is the round in progress, or else the last round finished (N is 0 before the first).
	Round      Round
	CutCardOut bool   // the cutting card has come out of this shoe
	ShuffleDue string // the rule that requires a shuffle before the next round, or ""
	// Disputed are the finished rounds under review after the fact, oldest first.
	Disputed []int
	// NextWhy is why the next round will be under review from its first card; empty when it
	// will not.
	NextWhy []string
}

// lastAction is what the previous input did, for "exposed" (9.4).
type lastAction uint8

const (
	actOther   lastAction = iota
	actBurn               // a card was burned
	actFirst              // a card was placed as the first card of a round
	actPlaced             // a card was placed as the second or third card
	actDiscard            // a card was discarded or not used
)

// Table is the state of the deal at one Red Dog table: a state machine driven one token at a time
// by Apply. It does no I/O and keeps only what the rules need; the history is the events it returns.
// Cards go to the boxes by the order of the deal (7.1.2, 7.1.3, 7.2), so a card drawn in error
// and not exposed is simply the next card (9.3); one followed by "exposed" is discarded (9.4).
// The zero Table is not usable: call New.
type Table struct {
	p    Profile
	shoe int    // shoes loaded
	n    int    // rounds started
	cur  *Round // the round in progress, nil between rounds
	last Round  // the last round finished

	burnOwed   int  // cards still to burn before the next card of play
	burnMarked bool // a "burn" token confirmed the owed burn
	burnPhase  bool // between a shuffle and the next card of play
	burnsDone  int  // cards burned in this burn phase

	cutOut     bool   // the cutting card came out of this shoe
	cutInRound bool   // ... during the round in progress (4.1.3)
	due        string // the rule that requires a shuffle before the next round
	missed     bool   // the round in progress is dealt although a shuffle was due (9.6)
	faceUp     bool   // the next card was found face up in the shoe (9.2)
	empty      bool   // the shoe ran out in the round in progress (9.7)

	burned    []engine.Card // cards burned face down in this shoe: for the audit only (4.6)
	pending   []string      // notes for the next round
	act       lastAction
	lastCard  engine.Card
	cancelled []int // rounds cancelled after the fact

	hold     bool      // a round under review waits for the supervisor (SetHold)
	waiting  bool      // the round in progress has all its cards and waits for review
	pendWhy  []string  // why the next round starts under review
	disputed []dispute // finished rounds under review after the fact

	counts [engine.King + 1][engine.Clubs + 1]int // cards seen since the last shuffle, by rank and suit
	ranks  [engine.King + 1]int                   // ... by rank
}

// New is a table under profile p, before the first shoe. An invalid profile is an error.
func New(p Profile) (*Table, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Table{p: p}, nil
}

// Profile is the table's rule profile.
func (t *Table) Profile() Profile { return t.p }

// View is what may be shown now (see View).
func (t *Table) View() View {
	v := View{Profile: t.p.ID, Shoe: t.shoe, CutCardOut: t.cutOut, ShuffleDue: t.due,
		Disputed: t.Disputed(), NextWhy: append([]string(nil), t.pendWhy...)}
	if t.cur != nil {
		v.Round = t.cur.clone()
	} else {
		v.Round = t.last.clone()
	}
	switch {
	case t.shoe == 0:
		v.Stage = StageNoShoe
	case t.waiting:
		v.Stage = StageReview
	case t.cur != nil && t.empty:
		v.Stage = StageReshuffle
	case t.burnPhase && t.burnOwed > 0:
		v.Stage = StageBurn
	case t.cur != nil && len(t.cur.Cards) == 1:
		v.Stage = StageSecond
	case t.cur != nil && t.cur.Spread == Pair:
		v.Stage = StagePairDraw
	case t.cur != nil:
		v.Stage = StageRaise
	case t.due != "":
		v.Stage = StageShuffle
	default:
		v.Stage = StageFirst
	}
	return v
}

// BurnedFaceDown is the cards burned face down since the shoe was loaded, for the audit record and
// for a player who asks to see the burn card (4.6). They are in no event and no View.
func (t *Table) BurnedFaceDown() []engine.Card { return append([]engine.Card(nil), t.burned...) }

// InProgress is the round in progress, if there is one.
func (t *Table) InProgress() (Round, bool) {
	if t.cur == nil {
		return Round{}, false
	}
	return t.cur.clone(), true
}

// Apply takes one input and returns what happened, in order. Bad input never panics and never
// changes a result silently: it is refused (EvRefused) or handled by the rule book's irregularity
// procedure (EvAnomaly), with the reason.
func (t *Table) Apply(in Input) []Event {
	switch in.Kind {
	case InToken:
	case InDoubt:
		return t.doubt(in.Doubt) // a doubt leaves "the card just drawn" as it was, for exposed (9.4)
	case InConfirm:
		t.act = actOther
		return t.confirm()
	case InEnter:
		t.act = actOther
		return t.enter(in.Cards)
	case InDispute:
		return t.disputeAfter(in.Token.N)
	default:
		return t.refuseInput("input", fmt.Sprintf("unknown input kind %d", in.Kind))
	}
	tok := in.Token
	act := t.act
	t.act = actOther
	switch tok.Kind {
	case engine.TokCard:
		if !tok.Card.Valid() {
			return t.refuse(tok, "not a card")
		}
		return t.card(in)
	case engine.TokShoe:
		return t.newShoe()
	case engine.TokBurn:
		return t.burnToken(tok)
	case engine.TokNoBurn:
		return t.noBurn(tok)
	case engine.TokCut:
		ev := t.cut(tok)
		t.act = act // the cutting card is not a card of play: "exposed" may still follow the last card
		return ev
	case engine.TokExposed:
		return t.exposed(tok, act)
	case engine.TokFaceUp:
		if t.shoe == 0 {
			return t.refuse(tok, "no shoe is loaded")
		}
		t.faceUp = true
		return nil
	case engine.TokReshuffle:
		return t.reshuffle(tok)
	case engine.TokEmpty:
		return t.emptyShoe(tok)
	case engine.TokVoid:
		return t.void(tok)
	case engine.TokFaceBurn:
		return t.refuse(tok, "003 burns the first card face down only (4.6); there is no face-value burn")
	case engine.TokDummy:
		return t.refuse(tok, "003 has no dummy round")
	case engine.TokNoBet:
		return t.refuse(tok, "003 has no round without wagers")
	}
	return t.refuse(tok, "unknown token")
}

func (t *Table) refuse(tok engine.Token, reason string) []Event {
	return []Event{{Kind: EvRefused, Shoe: t.shoe, N: t.curN(), Token: tok, Reason: tok.Kind.String() + ": " + reason}}
}

func (t *Table) curN() int {
	if t.cur != nil {
		return t.cur.N
	}
	return 0
}

// noteNow adds a rule to the round in progress, or to the next round.
func (t *Table) noteNow(rule string) {
	if t.cur != nil {
		t.cur.note(rule)
		return
	}
	if !slices.Contains(t.pending, rule) {
		t.pending = append(t.pending, rule)
	}
}

func (t *Table) anomaly(c engine.Card, rule, reason string) Event {
	return Event{Kind: EvAnomaly, Shoe: t.shoe, N: t.curN(), Card: c, Rule: rule, Reason: reason}
}

func (t *Table) newShoe() []Event {
	var ev []Event
	rule := t.p.Rules.ShuffleAbnormal
	switch {
	case t.shoe == 0:
		rule = t.p.Rules.ShuffleStart
	case t.due != "":
		rule = t.due
	}
	if t.faceUp {
		ev = append(ev, t.anomaly(engine.Card{}, t.p.Rules.FaceUpInShoe, "a card reported face up in the shoe never came out before the shuffle"))
	}
	if t.cur != nil {
		t.cutInRound, t.missed = false, false
		t.cur.note(t.p.Rules.ShuffleAbnormal)
		ev = append(ev, t.anomaly(engine.Card{}, t.p.Rules.ShuffleAbnormal,
			fmt.Sprintf("the cards were shuffled during round %d (4.1.4): the round is cancelled and its wagers refunded (10.4)", t.cur.N)))
		ev = t.cancelCurrent(ev)
	}
	t.shoe++
	t.cutOut, t.cutInRound, t.due, t.missed, t.faceUp, t.empty = false, false, "", false, false, false
	t.pending, t.burned, t.pendWhy = nil, nil, nil // a shuffled shoe: what was lost was in the old one
	t.resetCounts()
	t.startBurn()
	return append(ev, Event{Kind: EvShuffle, Shoe: t.shoe, Rule: rule})
}

func (t *Table) startBurn() {
	t.burnOwed, t.burnMarked, t.burnPhase, t.burnsDone = t.p.Burn, false, true, 0
}

func (t *Table) resetCounts() {
	t.counts = [engine.King + 1][engine.Clubs + 1]int{}
	t.ranks = [engine.King + 1]int{}
}

// count records a card out of the shoe and reports whether the shoe could hold it (3.1).
func (t *Table) count(c engine.Card) bool {
	ok := t.ranks[c.Rank] < 4*t.p.Decks && (c.Suit == engine.SuitUnknown || t.counts[c.Rank][c.Suit] < t.p.Decks)
	t.ranks[c.Rank]++
	t.counts[c.Rank][c.Suit]++
	return ok
}

func (t *Table) burnToken(tok engine.Token) []Event {
	switch {
	case t.shoe == 0:
		return t.refuse(tok, "no shoe is loaded")
	case t.burnPhase && t.burnsDone == 0 && t.burnOwed == t.p.Burn && t.p.Burn > 0 && !t.burnMarked:
		t.burnMarked = true // the burn owed after the shuffle (4.6), reported by the shoe
		return nil
	case t.burnPhase:
		t.burnOwed++ // a burn beyond the book's: play continues (9.1)
		return nil
	}
	t.burnOwed++
	t.noteNow(t.p.Rules.Disputes)
	return []Event{t.anomaly(engine.Card{}, t.p.Rules.Disputes, "a burn the rules do not call for (only after a shuffle, 4.6): the next card is discarded unseen; for the supervisor (10.10)")}
}

func (t *Table) noBurn(tok engine.Token) []Event {
	if !t.burnPhase || t.burnsDone > 0 || t.burnOwed == 0 {
		return t.refuse(tok, "no burn is owed now")
	}
	t.burnOwed = 0
	t.noteNow(t.p.Rules.BurnError)
	return []Event{t.anomaly(engine.Card{}, t.p.Rules.BurnError, "no card was burned after the shuffle: the dealer continues to deal (9.1)")}
}

func (t *Table) cut(tok engine.Token) []Event {
	switch {
	case t.shoe == 0:
		return t.refuse(tok, "no shoe is loaded")
	case t.cutOut:
		t.noteNow(t.p.Rules.CardsChecked)
		return []Event{t.anomaly(engine.Card{}, t.p.Rules.CardsChecked, "a second cutting card in one shoe (3.1 has one): ignored; the cards need checking (3.3)")}
	}
	t.cutOut = true
	if t.cur != nil {
		t.cutInRound = true
		return []Event{{Kind: EvCut, Shoe: t.shoe, N: t.cur.N, Rule: t.p.Rules.ShuffleAfterRound}}
	}
	ev := []Event{{Kind: EvCut, Shoe: t.shoe, Rule: t.p.Rules.ShuffleCutFirst}}
	if t.due == "" {
		t.due = t.p.Rules.ShuffleCutFirst
		ev = append(ev, Event{Kind: EvShuffleDue, Shoe: t.shoe, Rule: t.due})
	}
	return ev
}

func (t *Table) exposed(tok engine.Token, act lastAction) []Event {
	switch act {
	case actFirst:
		r := t.cur
		c := r.Cards[0]
		t.cur = nil
		t.n--
		t.pending = append([]string(nil), r.Notes...)
		for _, w := range r.Why {
			t.pendWhy = addWhy(t.pendWhy, w)
		}
		t.noteNow(t.p.Rules.ExposedInError)
		t.act = actDiscard
		t.missed = false // set again by the round's real first card if a shuffle is still due
		ev := []Event{{Kind: EvWithdrawn, Shoe: t.shoe, N: r.N, Card: c, Box: BoxRight, Rule: t.p.Rules.ExposedInError,
			Reason: "a card drawn in error and exposed is discarded (9.4): the next card is the first card of the round"}}
		if t.cutInRound { // no card of the round stands: the cutting card came out before its first card (4.1.2)
			t.cutInRound = false
			if t.due == "" {
				t.due = t.p.Rules.ShuffleCutFirst
				ev = append(ev, Event{Kind: EvShuffleDue, Shoe: t.shoe, Rule: t.due})
			}
		}
		return ev
	case actBurn:
		t.act = actDiscard
		return []Event{t.anomaly(t.lastCard, t.p.Rules.ExposedInError, "the burned card was exposed; it stays in the discards (4.6, 9.4)")}
	case actPlaced:
		return t.refuse(tok, "the card just drawn was due by the order of the deal (7.1, 7.2): it stands")
	case actDiscard:
		return t.refuse(tok, "the card just drawn was not used anyway")
	}
	return t.refuse(tok, "no card was just drawn")
}

func (t *Table) reshuffle(tok engine.Token) []Event {
	if t.cur == nil {
		return t.refuse(tok, "no round in progress: 9.7 reshuffles the discards only to finish a round; load a new shoe with \"shoe\"")
	}
	if t.waiting {
		return t.refuse(tok, fmt.Sprintf("round %d has all its cards and waits for review", t.cur.N))
	}
	var ev []Event
	if t.faceUp {
		ev = append(ev, t.anomaly(engine.Card{}, t.p.Rules.FaceUpInShoe, "a card reported face up in the shoe never came out before the reshuffle"))
	}
	t.cur.note(t.p.Rules.Reshuffle)
	t.cutOut, t.cutInRound, t.due, t.missed, t.faceUp, t.empty = false, false, "", false, false, false
	t.resetCounts()
	for _, c := range t.cur.Cards {
		t.count(c)
	}
	t.startBurn()
	return append(ev, Event{Kind: EvShuffle, Shoe: t.shoe, N: t.cur.N, Rule: t.p.Rules.Reshuffle,
		Reason: "not enough cards to finish the round: the discards are shuffled, cut and burned, then the round is finished (9.7)"})
}

func (t *Table) emptyShoe(tok engine.Token) []Event {
	switch {
	case t.shoe == 0:
		return t.refuse(tok, "no shoe is loaded")
	case t.cur != nil && !t.waiting:
		if t.empty {
			return nil
		}
		t.empty = true
		return []Event{{Kind: EvShuffleDue, Shoe: t.shoe, N: t.cur.N, Rule: t.p.Rules.Reshuffle,
			Reason: "the shoe ran out during the round: the discards are to be shuffled, cut and burned (9.7)"}}
	case t.due != "":
		return nil
	}
	t.due = t.p.Rules.ShuffleAfterRound
	return []Event{t.anomaly(engine.Card{}, t.p.Rules.ShuffleAfterRound, "the shoe ran out without the cutting card coming out (4.5): a shuffle is due"),
		{Kind: EvShuffleDue, Shoe: t.shoe, Rule: t.due}}
}

func (t *Table) void(tok engine.Token) []Event {
	if tok.N == 0 || (t.cur != nil && tok.N == t.cur.N) {
		if t.cur == nil {
			return t.refuse(tok, "no round in progress")
		}
		if t.cur.Review { // the supervisor's resolution of a round under review (doubt.go)
			t.cur.Review = false
			t.cur.Resolution, t.cur.ResolutionRule = engine.ResolvedCancelled, t.p.Rules.ReviewCancel
			t.cur.note(t.p.Rules.ReviewCancel)
			return t.cancelCurrent(nil)
		}
		t.cur.note(t.p.Rules.Invalidate)
		return t.cancelCurrent(nil)
	}
	last := t.n
	if t.cur != nil {
		last--
	}
	switch {
	case tok.N < 1 || tok.N > last:
		return t.refuse(tok, fmt.Sprintf("round %d has not been played", tok.N))
	case slices.Contains(t.cancelled, tok.N):
		return t.refuse(tok, fmt.Sprintf("round %d is already cancelled", tok.N))
	}
	t.cancelled = append(t.cancelled, tok.N)
	if t.undispute(tok.N) && t.last.N == tok.N {
		t.last.Resolution, t.last.ResolutionRule = engine.ResolvedCancelled, t.p.Rules.ReviewCancel
	}
	if t.last.N == tok.N {
		t.last.Kind, t.last.Outcome, t.last.Pays = KindCancelled, Push, Pays{}
		t.last.note(t.p.Rules.Invalidate)
		t.last.note(t.p.Rules.Refund)
	}
	return []Event{{Kind: EvCancel, Shoe: t.shoe, N: tok.N, Rule: t.p.Rules.Invalidate,
		Reason: "the supervisor invalidated the round: every wager on it is refunded (10.3, 10.4)"}}
}

// cancelCurrent ends the round in progress as cancelled: wagers refunded (10.4).
func (t *Table) cancelCurrent(ev []Event) []Event {
	r := t.cur
	r.Kind, r.Outcome, r.Pays = KindCancelled, Push, Pays{}
	r.Review = false // no result is left to review: every wager is refunded (Why stays)
	r.note(t.p.Rules.Refund)
	t.empty = false
	if t.burnPhase { // the rest of a 9.7 burn is owed before the next round instead
		t.burnPhase = t.burnOwed > 0
	}
	return t.finish(ev)
}

// finish ends the round in progress and applies the shuffle rules that fall due at its end.
func (t *Table) finish(ev []Event) []Event {
	r := t.cur
	t.cur, t.waiting = nil, false
	t.last = *r
	ev = append(ev, Event{Kind: EvRound, Shoe: r.Shoe, N: r.N, Round: ptr(r.clone())})
	switch {
	case t.cutInRound:
		t.due = t.p.Rules.ShuffleAfterRound
	case t.missed:
		t.due = t.p.Rules.MissedShuffle
	default:
		return ev
	}
	t.cutInRound, t.missed = false, false
	return append(ev, Event{Kind: EvShuffleDue, Shoe: t.shoe, Rule: t.due})
}

func ptr[T any](v T) *T { return &v }

// card handles a card drawn from the shoe.
func (t *Table) card(in Input) []Event {
	c := in.Token.Card
	t.lastCard = c
	if t.shoe == 0 {
		t.act = actDiscard
		return []Event{t.anomaly(c, t.p.Rules.ShuffleStart, "a card before any shoe was loaded: the cards are shuffled before play (4.1.1); not used")}
	}
	if t.cur != nil && t.empty {
		t.act = actDiscard
		ev := []Event{t.anomaly(c, t.p.Rules.Reshuffle, "a card after the shoe ran out, before the discards were reshuffled (9.7): not used; the round needs review")}
		return append(ev, t.underReview(fmt.Sprintf("%s was read after the shoe ran out, before the discards were reshuffled (9.7)", c))...)
	}
	var ev []Event
	if !t.count(c) {
		t.noteNow(t.p.Rules.CardsChecked)
		shown, what := c, c.String()
		if t.burnOwed > 0 && !t.faceUp { // a card burned face down is never shown (4.6)
			shown, what = engine.Card{}, "cards like the burned one"
		}
		review := t.underReview(fmt.Sprintf("more %s than %d decks hold (3.1)", what, t.p.Decks))
		ev = append(ev, t.anomaly(shown, t.p.Rules.CardsChecked, fmt.Sprintf("more %s than %d decks hold (3.1): the round needs review and the cards checking (3.3)", what, t.p.Decks)))
		ev = append(ev, review...)
	}
	if t.faceUp {
		t.faceUp = false
		t.noteNow(t.p.Rules.FaceUpInShoe)
		t.act = actDiscard
		return append(ev, t.anomaly(c, t.p.Rules.FaceUpInShoe, "a card found face up in the shoe is discarded (9.2)"))
	}
	if t.burnOwed > 0 {
		rule := t.p.Rules.Disputes
		if t.burnPhase {
			rule = t.p.Rules.Burn
			if t.burnsDone >= t.p.Burn {
				rule = t.p.Rules.BurnError
				t.noteNow(rule)
			}
			t.burnsDone++
		}
		t.burnOwed--
		t.burned = append(t.burned, c)
		t.act = actBurn
		return append(ev, Event{Kind: EvBurn, Shoe: t.shoe, N: t.curN(), Rule: rule})
	}
	if t.waiting {
		return t.setAside(c, ev)
	}
	t.burnPhase = false
	if in.Token.Pos != engine.PosNone {
		ev = append(ev, t.anomaly(c, t.p.Rules.WrongBox, fmt.Sprintf("the shoe reported position %s, which a Red Dog layout does not have: the card is placed by the order of the deal (7.1, 7.2)", in.Token.Pos)))
	}
	if t.cur == nil {
		return t.first(c, in.Box, ev)
	}
	r := t.cur
	r.Cards = append(r.Cards, c)
	t.act = actPlaced
	if len(r.Cards) == 2 {
		ev = t.checkBox(in.Box, BoxLeft, c, ev)
		ev = append(ev, Event{Kind: EvCard, Shoe: t.shoe, N: r.N, Card: c, Box: BoxLeft})
		r.Spread = t.p.SpreadOf(r.Cards[0], r.Cards[1])
		if t.p.RaiseAllowed(r.Spread) {
			r.RaisePercent = t.p.RaisePercent
		}
		ev = append(ev, Event{Kind: EvSpread, Shoe: t.shoe, N: r.N, Spread: r.Spread, RaisePercent: r.RaisePercent})
		if t.p.DrawsThird(r.Spread) {
			return ev
		}
	} else {
		ev = t.checkBox(in.Box, BoxCentre, c, ev)
		ev = append(ev, Event{Kind: EvCard, Shoe: t.shoe, N: r.N, Card: c, Box: BoxCentre})
	}
	if t.hold && r.Review {
		return t.holdRound(ev)
	}
	return t.decide(ev)
}

// first starts a round with its first card.
func (t *Table) first(c engine.Card, box Box, ev []Event) []Event {
	t.n++
	r := &Round{N: t.n, Shoe: t.shoe, Cards: []engine.Card{c}, Kind: KindNormal}
	for _, n := range t.pending {
		r.note(n)
	}
	if len(t.pendWhy) > 0 { // the round starts under review: the record says so, and why
		r.Review, r.Why = true, t.pendWhy
		for _, w := range r.Why {
			ev = append(ev, Event{Kind: EvReview, Shoe: t.shoe, N: r.N, Rule: t.p.Rules.Disputes, Reason: w})
		}
	}
	t.pending, t.pendWhy = nil, nil
	t.cur = r
	if t.due != "" {
		t.missed = true
		r.note(t.p.Rules.MissedShuffle)
		ev = append(ev, t.anomaly(engine.Card{}, t.p.Rules.MissedShuffle,
			fmt.Sprintf("the shuffle due under %s was not done: round %d is played and the cards are shuffled at its end (9.6)", t.due, r.N)))
	}
	ev = t.checkBox(box, BoxRight, c, ev)
	t.act = actFirst
	return append(ev, Event{Kind: EvCard, Shoe: t.shoe, N: r.N, Card: c, Box: BoxRight})
}

// checkBox compares the box the dealer reported with the one the order of the deal gives.
func (t *Table) checkBox(got, want Box, c engine.Card, ev []Event) []Event {
	if got == BoxNone || got == want {
		return ev
	}
	rule, why := t.p.Rules.WrongBox, "the first two cards are reconstructed (9.5)"
	if want == BoxCentre {
		rule, why = t.p.Rules.Disputes, "the third card belongs in the centre box (7.2); for the supervisor (10.10)"
	}
	t.cur.note(rule)
	return append(ev, t.anomaly(c, rule, fmt.Sprintf("%s was dealt to the %s box instead of the %s box: %s", c, got, want, why)))
}
