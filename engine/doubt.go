package engine

import (
	"fmt"
	"slices"
	"strings"
)

// Doubt stops the coup (spec/shoe-protocol.md §2, architecture "Doubt stops the coup"): input
// that was lost, unreadable, impossible, replayed or contradicting never becomes a result. The
// coup it touches is held — no winner, no round, nothing on the roads — until a supervisor
// confirms the cards, enters them (reconstructs the coup), or cancels it, by the book's
// irregularity rules (Irregularities.Confirm, Reconstruct, VoidInProgress, VoidAfter).

// DoubtKind names what the shoe link could not vouch for.
type DoubtKind string

// The kinds of doubt the app reports from the shoe link (serialin events).
const (
	DoubtLost       DoubtKind = "lost"       // frames lost: a SEQ gap (a card may be missing)
	DoubtUnreadable DoubtKind = "unreadable" // a card frame whose card cannot be read (ZZ, 1X), or a misread the shoe reported
	DoubtConflict   DoubtKind = "conflict"   // the same SEQ came again with a different body
	DoubtReplay     DoubtKind = "replay"     // frames behind the sequence (stale, replayed) were dropped
	DoubtRestart    DoubtKind = "restart"    // the shoe restarted (HELO) mid-stream: frames may be lost
	DoubtDisconnect DoubtKind = "disconnect" // the link dropped: frames sent meanwhile are lost unseen
	DoubtRepeat     DoubtKind = "repeat"     // a card read twice in a row by a reader with no SEQ (cardline): a double read or a real repeat
)

// DoubtRule is what the core does with one kind of doubt. It is data, so that the words and
// the reach of each doubt are in one table (doubtRules) and tests can list them.
type DoubtRule struct {
	// Words is the reason given on the screen, in the journal and in export.
	Words string
	// Last: the input in doubt may be the one accepted just before (a conflicting resend
	// repeats its SEQ), so a round that card finished is put under review after the fact.
	Last bool
}

// doubtRules is the reach of each doubt. Every doubt holds the coup in progress; between
// coups, with a shoe in play, it holds the next coup, whose first cards may be the ones lost.
var doubtRules = map[DoubtKind]DoubtRule{
	DoubtLost:       {Words: "shoe data lost"},
	DoubtUnreadable: {Words: "a card could not be read"},
	DoubtConflict:   {Words: "the shoe sent conflicting data", Last: true},
	DoubtReplay:     {Words: "old shoe data sent again (dropped)"},
	DoubtRestart:    {Words: "the shoe restarted"},
	DoubtDisconnect: {Words: "the shoe was disconnected"},
	DoubtRepeat:     {Words: "a card was read twice in a row"},
}

// DoubtRuleOf returns the rule for a kind of doubt, and false for an unknown kind.
func DoubtRuleOf(k DoubtKind) (DoubtRule, bool) {
	r, ok := doubtRules[k]
	return r, ok
}

// Doubt is one thing the shoe link could not vouch for.
type Doubt struct {
	Kind   DoubtKind
	Detail string // what the link saw, e.g. "SEQ 0012 follows 0010"
}

// IsZero reports whether no doubt is set (the journal leaves it out).
func (d Doubt) IsZero() bool { return d.Kind == "" && d.Detail == "" }

// Reason is the doubt in words, as the screen, the journal and export give it.
func (d Doubt) Reason() string {
	w := string(d.Kind)
	if r, ok := doubtRules[d.Kind]; ok {
		w = r.Words
	}
	if d.Detail != "" {
		w += " (" + d.Detail + ")"
	}
	return w
}

// DoubtInput is the input that reports a doubt from the shoe link.
func DoubtInput(k DoubtKind, detail string) Input {
	return Input{Kind: InDoubt, Doubt: Doubt{Kind: k, Detail: detail}}
}

// ReviewKind is what kind of doubt put a coup under review, for readers who must not see the
// reason's words: a reason may name a card still face down, or totals made of one (the shoe's
// result against the cards), so the pit bus carries only the kind (pitwire.TypeReview).
type ReviewKind string

// The kinds of review besides the doubts of the shoe link (each DoubtKind is a ReviewKind too).
const (
	ReviewShoeResult ReviewKind = "shoe_result" // the shoe's own result contradicted the cards, or came before they were complete
	ReviewIrregular  ReviewKind = "irregular"   // a card or a cutting card the rules cannot place (an anomaly)
)

// The words that begin every reason given for the shoe's own result (ReviewShoeResult).
const (
	shoeResultEarly       = "the shoe reported a result"
	shoeResultContradicts = "the shoe's result"
)

// ReviewKinds lists every ReviewKind: the doubts (in name order), the shoe's result and an
// irregularity.
func ReviewKinds() []ReviewKind {
	out := make([]ReviewKind, 0, len(doubtRules)+2)
	for k := range doubtRules {
		out = append(out, ReviewKind(k))
	}
	slices.Sort(out)
	return append(out, ReviewShoeResult, ReviewIrregular)
}

// ReviewKindOf is the kind of a review's reason as the engine words it (Event.Reason of an
// EvReview, baccarat's or Red Dog's): the doubt it names, the shoe's result, or else an
// irregularity. It reads only the engine's own words, never the details after them.
func ReviewKindOf(reason string) ReviewKind {
	for k, r := range doubtRules {
		if reason == r.Words || strings.HasPrefix(reason, r.Words+" (") {
			return ReviewKind(k)
		}
	}
	if strings.HasPrefix(reason, shoeResultEarly+" ") || strings.HasPrefix(reason, shoeResultContradicts+" ") {
		return ReviewShoeResult
	}
	return ReviewIrregular
}

// ShoeResult is the shoe's own result of a coup (CSP1 RSLT): a cross-check, never the result
// of record. When it contradicts the cards, the coup goes under review.
type ShoeResult struct {
	Winner                   Winner
	PlayerTotal, BankerTotal int
	PlayerPair, BankerPair   bool
}

// IsZero reports whether no result is set.
func (r ShoeResult) IsZero() bool { return r == ShoeResult{} }

func (r ShoeResult) String() string {
	s := fmt.Sprintf("%s %d-%d", r.Winner, r.PlayerTotal, r.BankerTotal)
	if r.PlayerPair {
		s += " P pair"
	}
	if r.BankerPair {
		s += " B pair"
	}
	return s
}

// ShoeResultInput is the input for the shoe's own result.
func ShoeResultInput(r ShoeResult) Input { return Input{Kind: InShoeResult, ShoeResult: r} }

// DisputeInput is the supervisor putting finished round n of the shoe under review (a
// dispute after it was shown and counted).
func DisputeInput(n int) Input { return Input{Kind: InDispute, Token: Token{N: n}} }

// ReconstructInput is the supervisor entering the cards of the coup under review as they lie
// on the table, in deal order (P1 B1 P2 B2, then the third cards the table of play gives).
func ReconstructInput(cards []Card) Input {
	return Input{Kind: InReconstruct, Cards: append([]Card(nil), cards...), Source: SourceManual}
}

// Resolutions of a review, as the journal and export name them.
const (
	ResolvedConfirmed = "confirmed" // the supervisor confirmed the cards as read
	ResolvedEntered   = "entered"   // the supervisor entered the cards (the coup was reconstructed)
	ResolvedCancelled = "cancelled" // the supervisor cancelled the coup
)

// dispute is a finished round put under review after the fact (its result was contradicted).
type dispute struct {
	shoe, n int
	why     []string
}

// maxWhy bounds the reasons kept for one coup, and maxDisputes the rounds under review after
// the fact: a hostile line cannot grow the state without bound.
const (
	maxWhy      = 16
	maxDisputes = 32
)

func addWhy(list []string, why string) []string {
	for _, w := range list {
		if w == why {
			return list
		}
	}
	if len(list) >= maxWhy {
		return list
	}
	return append(list, why)
}

// SetHold makes the game hold every coup under review until the supervisor resolves it (a live
// table). Without it (a script replay, which has no supervisor) such a round finishes flagged
// Review, with its reasons.
func (g *Game) SetHold(on bool) { g.hold = on }

// doubt applies one doubt from the shoe link: the coup in progress is held; between coups of a
// shoe in play, the next coup; a conflict may also reach the round the last card finished.
func (g *Game) doubt(d Doubt) {
	rule, ok := doubtRules[d.Kind]
	if !ok {
		g.refuse("", fmt.Sprintf("unknown doubt %q", d.Kind))
		return
	}
	why := d.Reason()
	switch {
	case g.inRound:
		g.anomaly(g.c.n, "", why)
		if g.c.complete() || g.nCarry > 0 {
			// the coup has all its cards: what was lost may be the next coup's
			g.pendReview = true
			g.pendWhy = addWhy(g.pendWhy, why)
		}
	case g.ph == phBurn || g.ph == phPlay:
		if rule.Last && g.lastKind == lastRound && g.rounds > 0 {
			g.disputeRound(g.rounds, why, "")
		}
		g.pendReview = true
		g.anomaly(g.rounds+1, "", why)
	}
	// With no shoe in play there is no coup to doubt: the input is in the journal, and the
	// link state is on the status strip.
}

// shoeResult checks the shoe's own result against the cards: against the coup in progress
// when it has all its cards (held, or waiting to be turned), else against the round just
// finished; a contradiction puts that coup under review.
func (g *Game) shoeResult(r ShoeResult) {
	if r.Winner != Player && r.Winner != Banker && r.Winner != Tie || r.PlayerTotal < 0 || r.PlayerTotal > 9 || r.BankerTotal < 0 || r.BankerTotal > 9 {
		g.refuse("", fmt.Sprintf("shoe result %s is not a result", r))
		return
	}
	if g.inRound {
		c := &g.c
		if c.byHand {
			return // a result entered by hand has no cards to check the shoe's result against
		}
		if !c.complete() {
			g.anomaly(c.n, "", fmt.Sprintf("%s (%s) before coup %d had its cards by the table of play", shoeResultEarly, r, c.n))
			return
		}
		if mine := shoeResultOf(c.p[:c.np], c.b[:c.nb]); mine != r {
			g.anomaly(c.n, "", fmt.Sprintf("%s %s contradicts the cards (%s)", shoeResultContradicts, r, mine))
		}
		return
	}
	p := &g.prev
	if p.N == 0 || p.Shoe != g.shoe || p.Kind == KindCancelled || p.Outcome.TotalsUnknown {
		return // nothing to check against: a note in the journal is enough
	}
	if mine := shoeResultOf(p.Player.List(), p.Banker.List()); mine != r {
		g.disputeRound(p.N, fmt.Sprintf("%s %s contradicts the cards (%s)", shoeResultContradicts, r, mine), "")
	}
}

// shoeResultOf is the result the cards make, as the shoe would report it.
func shoeResultOf(p, b []Card) ShoeResult {
	pt, bt := Total(p), Total(b)
	r := ShoeResult{Winner: Decide(pt, bt), PlayerTotal: pt, BankerTotal: bt}
	r.PlayerPair = len(p) >= 2 && p[0].Rank == p[1].Rank
	r.BankerPair = len(b) >= 2 && b[0].Rank == b[1].Rank
	return r
}

// disputeRound puts finished round n under review after the fact: the app takes its result off
// the screen and the roads until the supervisor confirms it or cancels it. rule is the rule
// under which it is disputed ("": the shoe's own data disputes it).
func (g *Game) disputeRound(n int, why, rule string) {
	for i := range g.disputed {
		if g.disputed[i].n == n {
			g.disputed[i].why = addWhy(g.disputed[i].why, why)
			g.flag(why)
			g.emit(Event{Kind: EvReview, N: n, Reason: why, Rule: rule})
			return
		}
	}
	if len(g.disputed) >= maxDisputes {
		g.disputed = g.disputed[1:]
	}
	g.disputed = append(g.disputed, dispute{shoe: g.shoe, n: n, why: []string{why}})
	g.flag(why)
	g.emit(Event{Kind: EvReview, N: n, Reason: why, Rule: rule})
}

// flag raises the table's review flag with a reason.
func (g *Game) flag(why string) {
	g.review = true
	g.reasons = addWhy(g.reasons, why)
}

// confirm is the supervisor confirming what is under review: the cards of the coup in progress
// as read (it finishes if it has all its cards) and the rounds disputed after the fact. A next
// coup flagged before its first card stays flagged: its cards are not on the table yet.
func (g *Game) confirm() {
	rule := g.prof.Irregular.Confirm
	for _, d := range g.disputed {
		g.out = append(g.out, Event{Kind: EvResolved, Shoe: d.shoe, N: d.n, Reason: ResolvedConfirmed, Rule: rule})
	}
	g.disputed = g.disputed[:0]
	g.review, g.reasons = false, nil
	if g.pendReview {
		g.flag(fmt.Sprintf("coup %d: %s", g.rounds+1, strings.Join(g.pendWhy, "; ")))
	}
	if !g.inRound || !g.c.review {
		return
	}
	c := &g.c
	c.review = false
	c.resolution, c.resRule = ResolvedConfirmed, rule
	g.emit(Event{Kind: EvResolved, N: c.n, Reason: ResolvedConfirmed, Rule: rule})
	if c.complete() && c.allUp() {
		g.finish()
	}
}

// reconstruct is the supervisor entering the cards of the coup under review, in deal order
// (000 13.10, 001 9.4, 002/004 12.6): they replace the cards read, and must make a complete
// coup by the table of play. Cards read after the coup are set aside, and the next coup is held
// too: its first cards may have gone to this one.
func (g *Game) reconstruct(cards []Card) {
	ir := &g.prof.Irregular
	if !g.inRound {
		g.refuse(ir.Reconstruct, "enter cards: no coup in progress")
		return
	}
	if ir.Reconstruct == "" {
		g.refuse("", "this book has no rule to reconstruct a coup: cancel it instead")
		return
	}
	c := &g.c
	nc, why := dealtBy(cards)
	if why != "" {
		g.refuse(ir.Reconstruct, "enter cards: "+why)
		return
	}
	nc.n, nc.kind, nc.notes, nc.fromRequest, nc.why = c.n, c.kind, c.notes, c.fromRequest, c.why
	g.replaceCards(c.p[:c.np], c.b[:c.nb], cards)
	nc.manual = len(cards)
	nc.resolution, nc.resRule = ResolvedEntered, ir.Reconstruct
	nc.note(ir.Reconstruct)
	g.c = nc
	g.setAside(fmt.Sprintf("coup %d was entered by the supervisor: cards read after it may belong to it", nc.n))
	g.review, g.reasons = false, nil
	for _, d := range g.disputed {
		g.flag(fmt.Sprintf("round %d: %s", d.n, strings.Join(d.why, "; ")))
	}
	g.emit(Event{Kind: EvResolved, N: nc.n, Reason: ResolvedEntered, Rule: ir.Reconstruct})
	g.insurance = false
	g.finish()
}

// dealtBy lays cards out in deal order by the table of play (P1 B1 P2 B2, then the third
// cards it gives), all face up: the coup they make, or why they make no complete coup.
func dealtBy(cards []Card) (coup, string) {
	nc := coup{excessNote: -1}
	for i, card := range cards {
		if !card.Valid() {
			return nc, fmt.Sprintf("card %d is not a card", i+1)
		}
		want := nc.next()
		if want == PosNone {
			return nc, fmt.Sprintf("%d cards given, but the coup is complete after %d by the table of play", len(cards), i)
		}
		nc.put(card, want, true)
	}
	if want := nc.next(); want != PosNone || len(cards) < 4 {
		if want == PosNone {
			want = []Position{P1, B1, P2, B2}[len(cards)]
		}
		return nc, fmt.Sprintf("%d cards given; the table of play wants %s next", len(cards), want)
	}
	return nc, ""
}

// setAside drops the cards read beyond a coup whose cards the supervisor replaced or
// cancelled, and holds the next coup: where it begins is no longer known.
func (g *Game) setAside(why string) {
	if g.nCarry > 0 {
		var cs []string
		for i := 0; i < g.nCarry; i++ {
			cs = append(cs, g.carry[i].card.String())
		}
		g.emit(Event{Kind: EvAnomaly, N: g.c.n, Reason: fmt.Sprintf("%d card(s) read after coup %d set aside: %s", g.nCarry, g.c.n, strings.Join(cs, " "))})
		g.nCarry = 0
	}
	g.pendReview = true
	g.pendWhy = addWhy(g.pendWhy, why)
}

// replaceCards puts a coup's cards as read, player's and banker's, back into the set's
// inventory and takes the cards the supervisor entered in their place (reconstruct, correct);
// a continuous shuffler keeps no inventory.
func (g *Game) replaceCards(player, banker, entered []Card) {
	if g.continuous() {
		return
	}
	inv := &g.inv[g.setIdx]
	for _, c := range player {
		inv.untake(c)
	}
	for _, c := range banker {
		inv.untake(c)
	}
	for _, c := range entered {
		_ = inv.take(c, g.decksIn) // the supervisor's word: these cards were dealt
	}
}

// untake puts a card back into the set (a card read wrongly and replaced by the supervisor).
func (inv *inventory) untake(c Card) {
	if inv.out > 0 {
		inv.out--
	}
	if !c.Valid() {
		return
	}
	if inv.byRank[c.Rank] > 0 {
		inv.byRank[c.Rank]--
	}
	if c.Suit != SuitUnknown && inv.byCard[c.Rank][c.Suit] > 0 {
		inv.byCard[c.Rank][c.Suit]--
	}
}

// Disputed lists the finished rounds under review after the fact, oldest first.
func (g *Game) Disputed() []int {
	out := make([]int, len(g.disputed))
	for i, d := range g.disputed {
		out[i] = d.n
	}
	return out
}
