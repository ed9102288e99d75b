package engine

import "fmt"

// Source is where a card came from.
type Source uint8

// The card sources: one path into the engine for both (spec/shoe-protocol.md).
const (
	SourceShoe   Source = iota // read by a smart shoe (or a script)
	SourceManual               // entered by the dealer on the operator screen
)

// Hand names one of the two hands of a coup.
type Hand uint8

// The hands.
const (
	HandPlayer Hand = iota + 1
	HandBanker
)

// String is "Player" or "Banker".
func (h Hand) String() string {
	if h == HandBanker {
		return "Banker"
	}
	return "Player"
}

// InputKind is what an Input carries.
type InputKind uint8

// The kinds of input.
const (
	// InToken is a shoe-script token: a card (with an optional position) or a word such as
	// shoe, cut, burn, nobet, void (spec/shoe-protocol.md §4).
	InToken InputKind = iota + 1
	// InTurn turns one hand's face-down cards over (dealing styles B and C).
	InTurn
	// InSetting changes a table setting; it takes effect between rounds (or between shoes for
	// decks, shuffler, burn and, where the book fixes it for a shoe, style).
	InSetting
	// InAcceptReview is the supervisor accepting what was flagged for review.
	InAcceptReview
	// InResult is a coup's result entered by hand when its cards are unknown (Result): it
	// finishes a round with no cards, and is accepted only between rounds of a shoe in play.
	InResult
	// InDoubt is something the shoe link could not vouch for (Doubt): the coup it touches is
	// held for the supervisor (doubt.go).
	InDoubt
	// InShoeResult is the shoe's own result of a coup (ShoeResult), a cross-check: a
	// contradiction puts the coup under review.
	InShoeResult
	// InReconstruct is the supervisor entering the cards of the coup under review (Cards).
	InReconstruct
)

// Input is one thing that happens at the table, in order.
type Input struct {
	Kind   InputKind
	Token  Token  // InToken: what the shoe, dealer or supervisor reported
	Source Source // InToken with a card: where the card came from
	Hand   Hand   // InTurn: the hand to turn
	Key    string // InSetting: the setting's key
	Value  string // InSetting: its new value
	// Result is, for InResult, the result entered by hand; it is left out of the journal's
	// JSON for every other kind, so older records read the same.
	Result ManualResult `json:",omitzero"`
	// Doubt is, for InDoubt, what the shoe link could not vouch for.
	Doubt Doubt `json:",omitzero"`
	// ShoeResult is, for InShoeResult, the shoe's own result.
	ShoeResult ShoeResult `json:",omitzero"`
	// Cards are, for InReconstruct, the coup's cards in deal order.
	Cards []Card `json:",omitempty"`
	// Authorised is, for InTurn, that the casino supervisor authorised the turn where the book
	// asks for it: the Banker hand before the Player hand at nz-baccarat (004 8.17).
	Authorised bool `json:",omitempty"`
}

// TokenInput is the input for a shoe-script token.
func TokenInput(t Token) Input { return Input{Kind: InToken, Token: t} }

// CardInput is the input for a card read by the shoe or entered by hand; pos is PosNone when
// the shoe does not know the position.
func CardInput(c Card, pos Position, src Source) Input {
	return Input{Kind: InToken, Token: Token{Kind: TokCard, Card: c, Pos: pos}, Source: src}
}

// WordInput is the input for a script word without a card (shoe, cut, nobet, ...); n is the
// round for "void N", else 0.
func WordInput(k TokenKind, n int) Input { return Input{Kind: InToken, Token: Token{Kind: k, N: n}} }

// TurnInput is the input that turns a hand over.
func TurnInput(h Hand) Input { return Input{Kind: InTurn, Hand: h} }

// AuthorisedTurnInput is the input that turns a hand over with the casino supervisor's
// authorisation: the Banker hand first at nz-baccarat (004 8.17).
func AuthorisedTurnInput(h Hand) Input { return Input{Kind: InTurn, Hand: h, Authorised: true} }

// SettingInput is the input that changes a table setting.
func SettingInput(key, value string) Input { return Input{Kind: InSetting, Key: key, Value: value} }

// EventKind is what an Event reports.
type EventKind uint8

// The events. Every event is public: none carries a face-down card or anything derived from one.
const (
	EvShoe      EventKind = iota + 1 // a new shoe (Shoe); a new set of roads starts
	EvBurn                           // the burn: Shown (face-up cards), Hidden (face-down count), Rule if not the start-of-shoe burn
	EvNoBurn                         // the dealer did not burn; play continues (Rule)
	EvRound                          // a round is over: Round
	EvLastCoup                       // round N is the last coup of the shoe (Rule)
	EvShoeEnd                        // the shoe is over
	EvAnomaly                        // something the rules cannot place: Reason (Rule when one applies), N the round if any
	EvRefused                        // a request the book does not allow: Reason, Rule
	EvReview                         // a round needs the supervisor's review: N, Reason
	EvVoid                           // finished round N is cancelled after the fact (Rule); roads must be recomputed
	EvInsurance                      // Insurance/No 6 is open on round N (000 1.1)
	EvSetting                        // a table setting took effect: Key, Value
	EvResolved                       // the supervisor resolved the review of round N: Reason is how (ResolvedConfirmed, ...), Rule the book's rule
)

var eventNames = [...]string{"", "shoe", "burn", "noburn", "round", "last_coup", "shoe_end", "anomaly", "refused", "review", "void", "insurance_open", "setting", "resolved"}

// String is the event's name in replay output.
func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return "?"
}

// HandCards is the cards of one hand, in deal order.
type HandCards struct {
	Cards [3]Card
	N     int
}

// List is the cards as a slice.
func (h *HandCards) List() []Card { return h.Cards[:h.N] }

func (h *HandCards) add(c Card) {
	if h.N < len(h.Cards) {
		h.Cards[h.N] = c
		h.N++
	}
}

// Round is a finished (or cancelled) round as it may be shown.
type Round struct {
	N      int
	Shoe   int
	Kind   RoundKind
	Player HandCards // the Player's cards that were shown
	Banker HandCards // the Banker's cards that were shown
	// Hidden counts the round's cards never turned over (only in a round cancelled before its
	// cards were turned); they are not listed.
	Hidden int
	// Outcome is the result. A cancelled round has Winner WinnerNone and the totals of its shown cards.
	Outcome Outcome
	// Notes lists the rule numbers applied to the round ("11.7.1"), in order.
	Notes []string
	// Review is set when something about the round needed the supervisor (an anomaly, a doubt).
	Review bool
	// Why lists the reasons the round was put under review, and Resolution how the supervisor
	// resolved it (ResolvedConfirmed, ResolvedEntered, ResolvedCancelled); both empty for a
	// round that was never in doubt. A live table (SetHold) finishes such a round only once
	// resolved; a script replay finishes it flagged, with no Resolution.
	Why            []string
	Resolution     string
	ResolutionRule string // the book's rule the supervisor resolved it under, if any
	// Manual counts the cards entered by hand.
	Manual int
}

// Event is one thing the engine reports. Fields not named for a kind are zero.
type Event struct {
	Kind   EventKind
	Shoe   int    // the shoe number
	N      int    // the round concerned, if any
	Round  Round  // EvRound
	Shown  []Card // EvBurn: the burn cards shown face up
	Hidden int    // EvBurn: the burn cards burned face down (never shown)
	Rule   string // the rule number applied
	Reason string // EvAnomaly, EvRefused, EvReview
	Key    string // EvSetting
	Value  string // EvSetting
}

type phase uint8

const (
	phNoShoe phase = iota // no shoe loaded yet
	phBurn                // a shoe is loaded; the burn procedure is under way
	phPlay                // the shoe is in play
	phEnded               // the shoe is over (last coup played, or empty); waiting for the next shoe
)

// carried is a card drawn in excess, waiting for the round it will start.
type carried struct {
	card      Card
	pos       Position
	src       Source
	faceUp    bool // found face up in the shoe, or disclosed
	disclosed bool // reported exposed
}

type setting struct{ key, value string }

// historyLen bounds the finished rounds remembered for "void N" (continuous shufflers have no
// end of shoe, so history must be bounded).
const historyLen = 256

type past struct {
	n    int
	kind RoundKind
}

// Game is one baccarat table under one profile: it takes inputs in order and reports events.
// It does no I/O, starts no goroutine and reads no clock; the same inputs give the same events.
// A Game is not safe for concurrent use (one writer: the app's event loop).
type Game struct {
	prof Profile
	set  Settings

	pendRound, pendShoe []setting

	ph      phase
	shoe    int
	setIdx  int // batch shuffler: which set of decks is in the shoe
	inv     [2]inventory
	decksIn int // decks of the shoe in play

	// burn procedure
	burnFace   bool
	burnShown  []Card
	burnHidden int
	burnNeed   int
	burnAudit  []Card // face-down burn cards: the audit record, never shown
	burnNext   bool   // a "burn" token: the next card is burned (000 8.2.2(b))

	// rounds
	inRound   bool
	c         coup
	rounds    int // rounds begun this shoe (round numbers)
	carry     [8]carried
	nCarry    int
	lastKind  lastCard
	history   [historyLen]past
	nHistory  int
	nobetRow  int
	pendNoBet bool
	pendDummy bool
	pendFace  bool
	insurance bool
	// countsUnknown: a result was entered by hand this shoe, so cards left it unread and the
	// counts of cards dealt and left are no longer known.
	countsUnknown bool
	// pendReview flags the next round for review (its first card was an anomaly)
	pendReview bool

	// the cutting card and the last coup
	cutSeen      bool
	lastN        int // the last coup's number, 0 while unknown
	announced    bool
	announceAt   int // announce lastN when this round finishes (0: none)
	announceRule string
	tieDone      bool
	emptied      bool // the shoe ran out: the round waiting to be turned over is the last

	review  bool
	reasons []string

	// hold: a coup under review waits for the supervisor (SetHold, a live table).
	hold bool
	// pendWhy are the reasons the next coup will be under review (pendReview).
	pendWhy []string
	// disputed are finished rounds under review after the fact.
	disputed []dispute
	// prev is the round finished last (the shoe's RSLT is checked against it).
	prev Round

	out []Event
}

// lastCard is where the card just drawn went, for "exposed".
type lastCard uint8

const (
	lastNone lastCard = iota
	lastBurn
	lastRound
	lastCarry
)

// NewGame starts a table under a profile and its settings (see ParseSettings). No shoe is
// loaded until a "shoe" token.
func NewGame(p Profile, s Settings) (*Game, error) {
	if err := s.Validate(&p); err != nil {
		return nil, fmt.Errorf("new game %s: %w", p.ID, err)
	}
	return &Game{prof: p, set: s, decksIn: s.Decks}, nil
}

// Profile is the game's rule profile.
func (g *Game) Profile() Profile { return g.prof }

// Settings is the table settings in effect.
func (g *Game) Settings() Settings { return g.set }

// BurnedFaceDown is the audit record of the current shoe's face-down burn cards. It must never
// reach a screen, the bus, or a log players can see (000 4.3.1(a), 002 7.5(b)).
func (g *Game) BurnedFaceDown() []Card { return append([]Card(nil), g.burnAudit...) }

// Apply feeds one input and returns the events it caused, in order.
func (g *Game) Apply(in Input) []Event { return g.AppendApply(nil, in) }

// AppendApply is Apply appending the events to dst, so a caller can reuse one buffer and
// deal without allocating.
func (g *Game) AppendApply(dst []Event, in Input) []Event {
	g.out = dst
	switch in.Kind {
	case InToken:
		g.token(in.Token, in.Source)
	case InTurn:
		g.turn(in.Hand, in.Authorised)
	case InSetting:
		g.setting(in.Key, in.Value)
	case InAcceptReview:
		g.confirm()
	case InResult:
		g.result(in.Result)
	case InDoubt:
		g.doubt(in.Doubt)
	case InShoeResult:
		g.shoeResult(in.ShoeResult)
	case InReconstruct:
		g.reconstruct(in.Cards)
	default:
		g.refuse("", fmt.Sprintf("unknown input kind %d", in.Kind))
	}
	out := g.out
	g.out = nil
	return out
}

func (g *Game) emit(e Event) {
	e.Shoe = g.shoe
	g.out = append(g.out, e)
}

func (g *Game) refuse(rule, reason string) {
	g.emit(Event{Kind: EvRefused, Rule: rule, Reason: reason})
}

// anomaly reports something the rules cannot place and flags it for review.
func (g *Game) anomaly(n int, rule, reason string) {
	g.emit(Event{Kind: EvAnomaly, N: n, Rule: rule, Reason: reason})
	g.review = true
	if len(g.reasons) < 32 {
		g.reasons = append(g.reasons, reason)
	}
	switch {
	case g.inRound && n == g.c.n:
		g.c.review = true
		g.c.why = addWhy(g.c.why, reason)
	case n > 0 && n == g.rounds+1 && g.pendReview:
		g.pendWhy = addWhy(g.pendWhy, reason)
	}
	g.emit(Event{Kind: EvReview, N: n, Reason: reason})
}

func (g *Game) continuous() bool { return g.set.Shuffler == ShufflerContinuous }

func (g *Game) token(t Token, src Source) {
	switch t.Kind {
	case TokCard:
		g.card(t.Card, t.Pos, src)
	case TokShoe:
		g.newShoe()
	case TokFaceBurn:
		g.faceBurn()
	case TokBurn:
		g.burnToken()
	case TokNoBurn:
		g.noBurn()
	case TokCut:
		g.cut()
	case TokExposed:
		g.exposed()
	case TokFaceUp:
		g.pendFace = true
	case TokDummy:
		g.dummy()
	case TokNoBet:
		g.noBet()
	case TokVoid:
		if t.N > 0 {
			g.voidAfter(t.N)
		} else {
			g.voidNow()
		}
	case TokReshuffle:
		g.refuse("", "reshuffle is a Red Dog rule (003 9.7); baccarat has none")
	case TokEmpty:
		g.empty()
	default:
		g.refuse("", fmt.Sprintf("unknown token kind %d", t.Kind))
	}
}

// newShoe loads a shuffled shoe: the previous one ends, shoe-level settings take effect and
// the burn procedure begins.
func (g *Game) newShoe() {
	g.dropCarry("a new shoe was loaded")
	if g.inRound {
		g.anomaly(g.c.n, g.prof.Irregular.VoidInProgress, fmt.Sprintf("a new shoe was loaded during round %d: the round is cancelled", g.c.n))
		g.c.upgrade(KindCancelled)
		g.c.note(g.prof.Irregular.VoidInProgress)
		g.finish()
	}
	if g.ph == phBurn || g.ph == phPlay {
		g.emit(Event{Kind: EvShoeEnd})
	}
	for _, s := range g.pendShoe {
		g.applySetting(s)
	}
	g.pendShoe = g.pendShoe[:0]
	g.shoe++
	if g.set.Shuffler == ShufflerBatch && g.shoe > 1 {
		g.setIdx ^= 1
	} else if g.set.Shuffler != ShufflerBatch {
		g.setIdx = 0
	}
	g.inv[g.setIdx] = inventory{}
	g.decksIn = g.set.Decks
	g.rounds, g.nHistory = 0, 0
	g.cutSeen, g.lastN, g.announced, g.announceAt, g.tieDone, g.emptied = false, 0, false, 0, false, false
	g.burnFace = g.set.Burn == BurnFaceValue
	g.burnShown, g.burnHidden, g.burnNeed, g.burnAudit, g.burnNext = nil, 0, 1, g.burnAudit[:0], false
	g.pendDummy, g.pendFace, g.pendReview, g.pendWhy = false, false, false, nil
	g.countsUnknown = false
	g.lastKind = lastNone
	g.ph = phBurn
	g.emit(Event{Kind: EvShoe})
}

func (g *Game) faceBurn() {
	switch {
	case g.ph != phBurn || g.burnHidden > 0 || len(g.burnShown) > 0:
		g.refuse(g.prof.FaceBurnRule, "faceburn must come right after shoe, before the burn")
	case g.burnFace:
		// already a face-value burn: nothing changes
	case !g.prof.FaceBurnRequest:
		g.refuse(g.prof.FaceBurnRule, "this book has no face-value burn on request")
	default:
		g.burnFace = true
	}
}

func (g *Game) burnToken() {
	switch {
	case g.ph == phBurn:
		// the shoe is reporting the burn procedure's cards: nothing more to do
	case g.ph != phPlay:
		g.refuse("", "burn: no shoe in play")
	case !g.prof.BurnBeforeCoup:
		g.refuse("", "this book has no burn before a coup (only vic 000 8.2.2(b))")
	case g.inRound || g.nCarry > 0:
		g.refuse(g.prof.BurnBeforeCoupRule, "a card may be burned only before a coup is dealt")
	default:
		g.burnNext = true
	}
}

func (g *Game) noBurn() {
	if g.ph != phBurn {
		g.refuse(g.prof.Irregular.FailedBurn, "noburn: not at the start of a shoe")
		return
	}
	if g.burnHidden > 0 || len(g.burnShown) > 0 {
		g.emit(Event{Kind: EvBurn, Shown: g.burnShown, Hidden: g.burnHidden})
	}
	g.emit(Event{Kind: EvNoBurn, Rule: g.prof.Irregular.FailedBurn})
	g.ph = phPlay
}

// burnCard takes one card into the start-of-shoe burn procedure.
func (g *Game) burnCard(c Card) {
	g.lastKind = lastBurn
	if g.burnFace && len(g.burnShown) == 0 {
		g.burnShown = []Card{c}
		g.burnNeed = c.BurnCount()
		return
	}
	g.burnHidden++
	g.burnAudit = append(g.burnAudit, c)
	if g.burnHidden >= g.burnNeed {
		g.emit(Event{Kind: EvBurn, Shown: g.burnShown, Hidden: g.burnHidden})
		g.ph = phPlay
	}
}

// card is a card out of the shoe (or entered by hand).
func (g *Game) card(c Card, pos Position, src Source) {
	if !c.Valid() {
		g.anomaly(0, "", fmt.Sprintf("card code %d/%d is not a card: ignored", c.Rank, c.Suit))
		return
	}
	faceUp := g.pendFace
	g.pendFace = false
	switch g.ph {
	case phNoShoe:
		g.anomaly(0, "", fmt.Sprintf("%s: no shoe started; the card joins no round", c))
		return
	case phEnded:
		if g.pendDummy && g.prof.DummyAfterLast && !g.inRound {
			g.take(c)
			g.startRound(carried{card: c, pos: pos, src: src, faceUp: faceUp}, excessNone)
			return
		}
		if g.inRound {
			g.take(c)
			g.deal(carried{card: c, pos: pos, src: src, faceUp: faceUp})
			return
		}
		g.take(c)
		g.anomaly(0, "", fmt.Sprintf("%s dealt after the last coup: it joins no round", c))
		return
	case phBurn:
		g.take(c)
		g.burnCard(c)
		return
	}
	g.take(c)
	if g.burnNext {
		g.burnNext = false
		g.lastKind = lastBurn
		g.burnAudit = append(g.burnAudit, c)
		g.emit(Event{Kind: EvBurn, Hidden: 1, Rule: g.prof.BurnBeforeCoupRule})
		return
	}
	g.deal(carried{card: c, pos: pos, src: src, faceUp: faceUp})
}

// take counts a card out of the shoe and reports one more than the decks hold. The round the
// card joins is flagged for review; when the card starts the next round, that round is.
func (g *Game) take(c Card) {
	if g.continuous() {
		return // cards return to play: no inventory (004 7.2)
	}
	reason := g.inv[g.setIdx].take(c, g.decksIn)
	if reason == "" {
		return
	}
	switch {
	case g.inRound && !g.c.complete():
		g.anomaly(g.c.n, "", reason)
	case g.ph == phPlay || g.ph == phEnded:
		g.pendReview = true
		g.anomaly(g.rounds+1, "", reason)
	default:
		g.anomaly(0, "", reason)
	}
}

// deal gives a card to the round in progress, starts a round with it, or carries it over when
// the round in progress is complete but not yet turned over (a card drawn in excess).
func (g *Game) deal(k carried) {
	if g.inRound && g.c.complete() { // held, or waiting to be turned: the card is drawn ahead of the next round
		if g.nCarry == len(g.carry) {
			g.anomaly(g.c.n, "", fmt.Sprintf("%s: too many cards drawn ahead of the round; it joins no round", k.card))
			return
		}
		g.carry[g.nCarry] = k
		g.nCarry++
		g.lastKind = lastCarry
		return
	}
	if !g.inRound {
		g.startRound(k, excessNone)
		return
	}
	g.place(k)
}

// startRound begins a round with its first card.
func (g *Game) startRound(k carried, ex excessCase) {
	pos := k.pos
	g.rounds++
	g.c = coup{n: g.rounds, excessNote: -1, review: g.pendReview, why: g.pendWhy}
	g.pendReview, g.pendWhy = false, nil
	g.inRound = true
	ir := &g.prof.Irregular
	if g.ph == phEnded {
		g.pendDummy = false
		g.c.upgrade(KindNoBet)
		g.c.note(g.prof.DummyAfterLastRule)
	}
	g.takeRequests()
	switch pos {
	case P3:
		ex = excessPlayerThird
	case B3:
		ex = excessBankerThird
	}
	if ex != excessNone {
		g.c.excess = ex
		// third cards are dealt face up in styles A and C (002 9.9, 004 9.7): disclosed
		g.c.disclosed = k.disclosed || ex != excessPlain && g.set.Style != StyleB
		g.applyExcess()
		pos = PosNone // explained by the excess rule: not a wrong box
	}
	if k.faceUp && !k.disclosed {
		if r := ir.FirstCardFaceUp; r.Rule != "" {
			g.c.upgrade(r.Kind)
			g.c.note(r.Rule)
		} else {
			g.anomaly(g.c.n, "", fmt.Sprintf("%s was found face up in the shoe as the first card of round %d: this book has no rule", k.card, g.c.n))
		}
	}
	k.pos = pos
	g.place(k)
}

// applyExcess applies the rule for a round started by a card drawn in excess, replacing the
// rule applied before if the card has since been disclosed.
func (g *Game) applyExcess() {
	ir := &g.prof.Irregular
	var r ExcessRule
	switch g.c.excess {
	case excessPlayerThird:
		r = ir.PlayerThirdHidden
		if g.c.disclosed {
			r = ir.PlayerThirdShown
		}
	case excessBankerThird:
		r = ir.BankerThirdHidden
		if g.c.disclosed {
			r = ir.BankerThirdShown
		}
	default:
		r = ir.ExcessHidden
		if g.c.disclosed {
			r = ir.ExcessShown
		}
	}
	g.c.upgrade(r.Kind)
	if g.c.excessNote >= 0 && g.c.excessNote < len(g.c.notes) {
		g.c.notes[g.c.excessNote] = r.Rule
		return
	}
	g.c.excessNote = g.c.note(r.Rule)
}

// place puts a card into the round in progress at the position the table of play gives it.
func (g *Game) place(k carried) {
	c := &g.c
	want := c.next()
	if want == PosNone { // cannot happen: deal carries cards over a complete round
		return
	}
	ir := &g.prof.Irregular
	if k.pos != PosNone && k.pos != want {
		isBanker := func(p Position) bool { return p >= B1 }
		switch {
		case k.pos == P3 && want == B3:
			c.note(ir.PlayerThirdToBanker)
		case isBanker(k.pos) && !isBanker(want) && ir.BankerGotPlayers != "":
			c.note(ir.BankerGotPlayers)
			g.anomaly(c.n, ir.BankerGotPlayers, fmt.Sprintf("%s reported at %s, table of play says %s", k.card, k.pos, want))
		default:
			c.note(ir.WrongBox)
			g.anomaly(c.n, ir.WrongBox, fmt.Sprintf("%s reported at %s, table of play says %s", k.card, k.pos, want))
		}
	}
	if k.faceUp && c.started() {
		if ir.OtherCardFaceUp != "" {
			c.note(ir.OtherCardFaceUp)
		} else {
			g.anomaly(c.n, "", fmt.Sprintf("%s was found face up in the shoe: this book has no rule", k.card))
		}
	}
	if k.src == SourceManual {
		c.manual++
	}
	g.insurance = false // Insurance/No 6 is placed before the next card is dealt (000 1.1)
	c.put(k.card, want, k.faceUp || faceUpOnDeal(g.set.Style, want))
	g.lastKind = lastRound
	g.afterChange()
}

// afterChange opens Insurance/No 6 or finishes the round once its cards are all turned.
func (g *Game) afterChange() {
	c := &g.c
	if g.set.InsuranceNo6 && c.insuranceOpens() {
		c.insuranceDone = true
		g.insurance = true
		g.emit(Event{Kind: EvInsurance, N: c.n, Rule: g.prof.InsuranceRule})
	}
	if c.complete() && c.allUp() {
		g.finish()
	}
}

// turn turns a hand over (styles B and C; a no-op request in style A is refused). The Banker
// hand goes first only where the book allows it, and with the supervisor's authorisation where
// the book asks for it (004 8.17).
func (g *Game) turn(h Hand, authorised bool) {
	if h != HandPlayer && h != HandBanker {
		g.refuse("", "turn: no such hand")
		return
	}
	c := &g.c
	if !g.inRound || c.np < 2 || c.nb < 2 {
		g.refuse("", "turn "+h.String()+": the initial deal is not complete")
		return
	}
	if !c.hasFaceDown(h) {
		g.refuse("", "turn "+h.String()+": no face-down card in that hand")
		return
	}
	if h == HandBanker && c.hasFaceDown(HandPlayer) {
		if !g.prof.BankerFirst {
			g.refuse(g.prof.RevealRule, "the Player hand is turned first")
			return
		}
		if r := g.prof.BankerFirstAuthorised; r != "" && !authorised {
			g.refuse(r, "turn Banker: the Banker hand is turned before the Player hand only with the casino supervisor's authorisation")
			return
		}
	}
	c.turn(h)
	g.afterChange()
}

// finish ends the round in progress: it reports the round, applies the last-coup rule and
// starts the next round with any carried cards.
func (g *Game) finish() {
	c := &g.c
	if g.hold && c.review && c.kind != KindCancelled {
		return // held: the supervisor confirms, enters or cancels it (doubt.go)
	}
	g.out = append(g.out, Event{Kind: EvRound, Shoe: g.shoe, N: c.n})
	r := &g.out[len(g.out)-1].Round
	r.N, r.Shoe, r.Kind, r.Notes, r.Review, r.Manual, r.Hidden = c.n, g.shoe, c.kind, c.notes, c.review || len(c.why) > 0, c.manual, c.hidden()
	r.Why, r.Resolution, r.ResolutionRule = c.why, c.resolution, c.resRule
	for i := 0; i < c.np; i++ {
		if c.visible(c.pUp, i) {
			r.Player.add(c.p[i])
		}
	}
	for i := 0; i < c.nb; i++ {
		if c.visible(c.bUp, i) {
			r.Banker.add(c.b[i])
		}
	}
	o := &r.Outcome
	o.PlayerTotal, o.BankerTotal = Total(r.Player.List()), Total(r.Banker.List())
	o.PlayerCards, o.BankerCards = r.Player.N, r.Banker.N
	if c.byHand {
		*o = Outcome{TotalsUnknown: true}
		if m := c.result; r.Kind != KindCancelled {
			o.Winner, o.Natural, o.PlayerPair, o.BankerPair = m.Winner, m.Natural, m.PlayerPair, m.BankerPair
		}
	} else if r.Kind != KindCancelled {
		o.Winner = Decide(o.PlayerTotal, o.BankerTotal)
		p2, b2 := Total(c.p[:2]), Total(c.b[:2])
		o.Natural = IsNatural(p2) || IsNatural(b2)
		o.PlayerPair = c.p[0].Rank == c.p[1].Rank
		o.BankerPair = c.b[0].Rank == c.b[1].Rank
		o.BankerFirstTwo = b2
	}
	n, kind, winner := c.n, r.Kind, o.Winner
	g.prev = *r
	g.inRound = false
	g.insurance = false
	c.notes = nil
	g.remember(n, kind)
	if c.fromRequest {
		g.nobetRow++
	} else {
		g.nobetRow = 0
	}
	for _, s := range g.pendRound {
		g.applySetting(s)
	}
	g.pendRound = g.pendRound[:0]
	g.afterRound(n, kind, winner)
}

// afterRound applies the last-coup rule after round r and deals the carried cards.
func (g *Game) afterRound(n int, kind RoundKind, winner Winner) {
	if g.ph == phEnded { // a directed dummy coup after the last coup (000 8.3.4(d))
		g.dropCarry("cards drawn after the last coup")
		return
	}
	if g.announceAt == n {
		g.announceAt = 0
		g.announce(g.announceRule)
	}
	if g.lastN != 0 && n >= g.lastN {
		if g.prof.Cut.LastTakesWagers && kind == KindNoBet && !g.emptied {
			g.lastN = n + 1
			g.announce(g.prof.Cut.LastTakesWagersRule)
		} else if g.prof.Cut.TieOneMore && winner == Tie && !g.tieDone {
			g.tieDone = true
			g.lastN = n + 1
			g.announce(g.prof.Cut.TieRule)
		} else {
			g.endShoe()
			return
		}
	}
	g.flushCarry()
}

func (g *Game) announce(rule string) {
	g.announced = true
	g.emit(Event{Kind: EvLastCoup, N: g.lastN, Rule: rule})
}

func (g *Game) endShoe() {
	g.ph = phEnded
	g.emit(Event{Kind: EvShoeEnd})
	g.dropCarry("cards drawn after the last coup")
}

func (g *Game) dropCarry(why string) {
	for i := 0; i < g.nCarry; i++ {
		g.anomaly(0, "", fmt.Sprintf("%s: %s joins no round", why, g.carry[i].card))
	}
	g.nCarry = 0
}

// flushCarry deals the cards drawn while the last round waited to be turned over: the first
// starts the next round as a card drawn in excess (000 11.2, 001 9.3, 002/004 12.2(a)).
func (g *Game) flushCarry() {
	n := g.nCarry
	if n == 0 {
		return
	}
	var pending [8]carried
	copy(pending[:], g.carry[:n])
	g.nCarry = 0
	for i := 0; i < n; i++ {
		k := pending[i]
		if g.ph == phEnded {
			g.anomaly(0, "", fmt.Sprintf("%s dealt after the last coup: it joins no round", k.card))
			continue
		}
		if !g.inRound {
			g.startRound(k, excessPlain)
			continue
		}
		g.deal(k)
	}
}

func (g *Game) remember(n int, k RoundKind) {
	g.history[g.nHistory%historyLen] = past{n, k}
	g.nHistory++
}

// cut is the cutting card coming out.
func (g *Game) cut() {
	switch {
	case g.continuous():
		g.refuse("7.8", "a continuous shuffler has no cutting card")
		return
	case g.ph == phNoShoe || g.ph == phEnded:
		g.anomaly(0, "", "cutting card with no shoe in play")
		return
	case g.cutSeen:
		if g.prof.CuttingCardsMax < 2 {
			g.anomaly(0, "", "a second cutting card, but this book uses one")
		}
		return // the second cutting card lies at the back of the stack (001 5.3, 002 7.4)
	}
	g.cutSeen = true
	if g.ph == phBurn {
		g.anomaly(0, "", "cutting card during the burn")
	}
	g.checkCutDistance()
	cr := &g.prof.Cut
	during := g.inRound && !g.c.complete()
	cur := g.rounds // the round in progress, or the last one finished
	if g.inRound && g.c.complete() && g.nCarry > 0 {
		during, cur = true, g.rounds+1 // the carried card has begun the next round
	}
	if during {
		g.lastN = cur + cr.DuringExtra
		if cr.DuringExtra == 0 {
			g.announce(cr.DuringRule)
		} else {
			g.announceAt, g.announceRule = cur, cr.DuringRule
		}
		return
	}
	next := g.rounds + 1
	if g.inRound { // complete, waiting to be turned over: the cut is the first card of the next
		next = g.c.n + 1
	}
	g.lastN = next + cr.FirstExtra
	if cr.FirstExtra == 0 {
		g.announce(cr.FirstRule)
	} else {
		g.announceAt, g.announceRule = next+cr.FirstExtra-1, cr.FirstRule
	}
}

// checkCutDistance reports, for review, a cutting card met with fewer cards behind it than the
// book has the dealer insert it (Profile.CutMinFromBack: 000 4.2.4, 001 5.3, 002 7.4, 004 7.6).
// The books set only the least distance from the back, so a cutting card met early is no
// irregularity. Where the counts are unknown (a result entered by hand) nothing is checked.
func (g *Game) checkCutDistance() {
	if g.countsUnknown || g.prof.CutMinFromBack <= 0 {
		return
	}
	left := 52*g.decksIn - g.inv[g.setIdx].out
	if left >= g.prof.CutMinFromBack {
		return
	}
	if left < 0 {
		left = 0
	}
	g.anomaly(0, g.prof.CutPlaceRule, fmt.Sprintf("cutting card with %d cards behind it: the book has it inserted at least %d cards from the back (%s)",
		left, g.prof.CutMinFromBack, g.prof.CutPlaceRule))
}

// exposed: the card just drawn was exposed (disclosed) in error.
func (g *Game) exposed() {
	switch {
	case g.lastKind == lastCarry && g.nCarry > 0:
		// a carried card is disclosed: the round it starts is started as disclosed
		g.carry[g.nCarry-1].disclosed = true
		g.carry[g.nCarry-1].faceUp = true
	case g.lastKind == lastRound && g.inRound:
		c := &g.c
		if c.np+c.nb == 1 { // the first card of a round: a card drawn in excess, disclosed
			if c.excess == excessNone {
				c.excess = excessPlain
			}
			c.disclosed = true
			g.applyExcess()
		}
		c.exposeLast()
		g.afterChange()
	default:
		g.refuse("", "exposed: no card of a round was just drawn")
	}
}

// View is the public state of the table: what the table screen, the operator screen and the
// pit bus may show. It never holds a face-down card, its value, a total or a draw decision
// that depends on one, nor Insurance/No 6 derived from hidden cards.
type View struct {
	Profile string
	Shoe    int  // the shoe number, from 1; 0 before the first shoe
	Set     int  // batch shuffler: the set of decks in the shoe (0 or 1)
	InShoe  bool // a shoe is in play (burned or being burned, not yet ended)
	Coup    int  // the round in progress, or the last one finished this shoe
	InCoup  bool // a round is in progress
	Kind    RoundKind
	// Player and Banker are the turned cards of the round in progress.
	Player, Banker []Card
	// PlayerFaceDown and BankerFaceDown count the face-down cards on the table.
	PlayerFaceDown, BankerFaceDown int
	// PlayerTotal and BankerTotal are the totals of the turned cards; valid only when the
	// hand has cards and none face down (PlayerTotalShown, BankerTotalShown).
	PlayerTotal, BankerTotal           int
	PlayerTotalShown, BankerTotalShown bool
	// CardsDealt and CardsLeft count the cards out of and left in the shoe, burns included,
	// leaving out face-down cards of the round in progress; CountsKnown is false for a
	// continuous shuffler, where cards return to play (004 7.2), and for the rest of a shoe
	// once a result was entered by hand (its cards left the shoe unread).
	CardsDealt, CardsLeft int
	CountsKnown           bool
	// LastCoup is set once the last coup has been announced and it is the round in progress or next.
	LastCoup bool
	// ShoeEnded is set after the last coup, until the next shoe.
	ShoeEnded bool
	// InsuranceOpen is set while Insurance/No 6 may be placed (000 1.1).
	InsuranceOpen bool
	// Review is set while something waits for the supervisor; Reasons says what.
	Review  bool
	Reasons []string
	// Held is set while the round in progress is under review: it has no result until the
	// supervisor confirms its cards, enters them, or cancels it (doubt.go); HeldWhy says why.
	Held    bool
	HeldWhy []string
	// NextHeld is set when the next coup will be under review from its first card.
	NextHeld bool
	// Disputed lists finished rounds of the shoe under review after the fact.
	Disputed []int
	// NoBetInARow counts the rounds without wagers played in a row at a request.
	NoBetInARow int
}

// View returns the public state.
func (g *Game) View() View {
	v := View{
		Profile: g.prof.ID, Shoe: g.shoe, Set: g.setIdx, InShoe: g.ph == phBurn || g.ph == phPlay,
		Coup: g.rounds, InCoup: g.inRound, ShoeEnded: g.ph == phEnded, InsuranceOpen: g.insurance,
		Review: g.review, Reasons: append([]string(nil), g.reasons...), NoBetInARow: g.nobetRow,
		NextHeld: g.pendReview,
	}
	for _, d := range g.disputed {
		if d.shoe == g.shoe {
			v.Disputed = append(v.Disputed, d.n)
		}
	}
	if g.inRound && g.c.review {
		v.Held = true
		v.HeldWhy = append([]string(nil), g.c.why...)
	}
	hiddenNow := 0
	if g.inRound {
		c := &g.c
		v.Kind = c.kind
		for i := 0; i < c.np; i++ {
			if c.visible(c.pUp, i) {
				v.Player = append(v.Player, c.p[i])
			}
		}
		for i := 0; i < c.nb; i++ {
			if c.visible(c.bUp, i) {
				v.Banker = append(v.Banker, c.b[i])
			}
		}
		v.PlayerFaceDown, v.BankerFaceDown = c.faceDown(c.np, c.pUp), c.faceDown(c.nb, c.bUp)
		hiddenNow = c.hidden()
	}
	v.PlayerTotal, v.BankerTotal = Total(v.Player), Total(v.Banker)
	v.PlayerTotalShown = len(v.Player) > 0 && v.PlayerFaceDown == 0
	v.BankerTotalShown = len(v.Banker) > 0 && v.BankerFaceDown == 0
	if !g.continuous() && g.shoe > 0 && !g.countsUnknown {
		v.CountsKnown = true
		v.CardsDealt = g.inv[g.setIdx].out - hiddenNow - g.nCarry
		v.CardsLeft = 52*g.decksIn - g.inv[g.setIdx].out
		if v.CardsLeft < 0 {
			v.CardsLeft = 0
		}
		v.CardsLeft += hiddenNow + g.nCarry
	}
	next := g.rounds
	if !g.inRound {
		next++
	}
	v.LastCoup = g.announced && g.lastN == next && g.ph != phEnded
	return v
}

// InAcceptReviewInput is the input by which the supervisor accepts what was flagged for review.
func InAcceptReviewInput() Input { return Input{Kind: InAcceptReview} }

// takeRequests applies to the round just started what was asked for it: a dummy coup directed
// by the supervisor (000 11.4) or a round without wagers requested by the players (000 11.5,
// 001 4.7, 004 8.3).
func (g *Game) takeRequests() {
	if g.pendDummy {
		g.pendDummy = false
		g.c.upgrade(KindNoBet)
		g.c.note(g.prof.DummyDirectedRule)
	}
	if g.pendNoBet {
		g.pendNoBet = false
		g.c.fromRequest = true
		g.c.upgrade(g.prof.NoBet.Kind)
		g.c.note(g.prof.NoBet.Rule)
	}
}
