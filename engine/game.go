package engine

import "fmt"

type phase uint8

const (
	phNoShoe phase = iota // no shoe loaded yet
	phBurn                // a shoe is loaded; the burn procedure is under way
	phPlay                // the shoe is in play
	phEnded               // the shoe is over (last coup played, or empty); waiting for the next shoe
)

// setting is a change of a table setting waiting for the next round or shoe (irregular.go).
type setting struct{ key, value string }

// historyLen bounds the finished rounds remembered for "void N" (continuous shufflers have no
// end of shoe, so history must be bounded).
const historyLen = 256

type past struct {
	n    int
	kind RoundKind
	// the round's cards and notes as finished, for a correction after the fact (correct.go)
	p, b  HandCards
	notes []string
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
		if in.Token.N > 0 {
			g.correct(in.Token.N, in.Cards)
		} else {
			g.reconstruct(in.Cards)
		}
	case InDispute:
		g.disputeAfter(in.Token.N)
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
