package reddog

import (
	"fmt"
	"slices"

	"github.com/coupboard/coupboard/engine"
)

// Doubt stops the round (spec/shoe-protocol.md §2, architecture "Doubt stops the coup"), as
// engine/doubt.go does for baccarat: input the shoe link could not vouch for (a lost frame, an
// unreadable card, a conflicting resend, a restart, a disconnection) and a card the shoe cannot
// hold (3.1, 3.3) put the round they touch under review. On a live table (SetHold) a round under
// review never becomes a result: when it has all its cards it waits (StageReview), is in no
// EvRound, and the supervisor confirms the cards as read (InConfirm), enters them as they lie
// (InEnter), or cancels the round (the void token, wagers refunded); the round records why
// (Round.Why) and how it was resolved (Round.Resolution, ResolutionRule, profile Rules).

// InputKind says what an Input carries.
type InputKind uint8

// The kinds of input. InToken is the zero value, so a plain Input{Token: ...} is a token.
const (
	InToken   InputKind = iota // a shoe-script token (Input.Token, Input.Box)
	InDoubt                    // the shoe link could not vouch for something (Input.Doubt)
	InConfirm                  // the supervisor confirms what is under review as read
	InEnter                    // the supervisor enters the cards of the round in progress (Input.Cards)
	InDispute                  // the supervisor puts finished round Token.N, already shown and counted, under review (10.10)
)

// DoubtInput is the input that reports a doubt from the shoe link.
func DoubtInput(d engine.Doubt) Input { return Input{Kind: InDoubt, Doubt: d} }

// ConfirmInput is the supervisor confirming the round under review as read, and every finished
// round disputed after the fact.
func ConfirmInput() Input { return Input{Kind: InConfirm} }

// EnterInput is the supervisor entering the cards of the round in progress as they lie on the
// table: right box, left box, and the centre box when the spread draws a third card (7.1, 7.2).
func EnterInput(cards []engine.Card) Input {
	return Input{Kind: InEnter, Cards: append([]engine.Card(nil), cards...)}
}

// DisputeInput is the supervisor putting finished round n (numbered from the table's first), already shown and
// counted, under review after the fact: a player's or surveillance's dispute, which the casino
// supervisor decides (10.10). It is resolved as any round disputed after the fact: confirmed as
// read (ConfirmInput, 10.10) or invalidated with its wagers refunded (void N, 10.3-10.4).
func DisputeInput(n int) Input { return Input{Kind: InDispute, Token: engine.Token{N: n}} }

// disputeAfter puts finished round n under review after the fact (DisputeInput). The round in
// progress is resolved, not disputed; a round not finished and a cancelled round are refused.
func (t *Table) disputeAfter(n int) []Event {
	last := t.n
	if t.cur != nil {
		last--
	}
	switch {
	case t.cur != nil && n == t.cur.N:
		return t.refuseInput("dispute", fmt.Sprintf("round %d is in progress, not finished: confirm it, enter its cards or void it (%s)", n, t.p.Rules.Disputes))
	case t.shoe == 0 || n < 1 || n > last:
		return t.refuseInput("dispute", fmt.Sprintf("no such finished round %d (%s)", n, t.p.Rules.Disputes))
	case slices.Contains(t.cancelled, n):
		return t.refuseInput("dispute", fmt.Sprintf("round %d is cancelled: it has no result to dispute (%s)", n, t.p.Rules.Disputes))
	}
	return t.disputeRound(n, engine.DisputedBySupervisor)
}

// maxWhy bounds the reasons kept for one round and maxDisputes the finished rounds under review
// after the fact, so that a hostile line cannot grow the state without bound.
const (
	maxWhy      = 16
	maxDisputes = 32
)

// dispute is a finished round put under review after the fact.
type dispute struct {
	n   int
	why []string
}

func addWhy(list []string, why string) []string {
	if slices.Contains(list, why) || len(list) >= maxWhy {
		return list
	}
	return append(list, why)
}

// SetHold makes the table hold every round under review until the supervisor resolves it (a
// live table). Without it (a script replay, which has no supervisor) such a round finishes with
// Review set and its reasons.
func (t *Table) SetHold(on bool) { t.hold = on }

// Disputed lists the finished rounds under review after the fact, oldest first.
func (t *Table) Disputed() []int {
	out := make([]int, len(t.disputed))
	for i, d := range t.disputed {
		out[i] = d.n
	}
	return out
}

// underReview puts the round in progress under review, or else (between rounds, or while the
// round in progress waits with all its cards) the next round. A new reason for the round in
// progress is an EvReview, so that the record says from then on that it is under review and why.
func (t *Table) underReview(why string) []Event {
	if t.cur != nil && !t.waiting {
		n := len(t.cur.Why)
		t.cur.Review = true
		if t.cur.Why = addWhy(t.cur.Why, why); len(t.cur.Why) == n {
			return nil
		}
		return []Event{{Kind: EvReview, Shoe: t.shoe, N: t.cur.N, Rule: t.p.Rules.Disputes, Reason: why}}
	}
	t.pendWhy = addWhy(t.pendWhy, why)
	return nil
}

func (t *Table) refuseInput(what, reason string) []Event {
	return []Event{{Kind: EvRefused, Shoe: t.shoe, N: t.curN(), Token: engine.Token{Text: what}, Reason: what + ": " + reason}}
}

// doubt applies one doubt from the shoe link: the round in progress goes under review; between
// rounds of a shoe in play, the next round (its first cards may be the ones lost), and a
// conflicting resend of the card that finished the last round puts that round under review.
// With no shoe loaded there is no round to doubt: the input is in the journal.
func (t *Table) doubt(d engine.Doubt) []Event {
	rule, ok := engine.DoubtRuleOf(d.Kind)
	if !ok {
		return t.refuseInput("doubt", fmt.Sprintf("unknown doubt %q", d.Kind))
	}
	why := d.Reason()
	switch {
	case t.cur != nil && !t.waiting:
		ev := []Event{t.anomaly(engine.Card{}, t.p.Rules.Disputes, fmt.Sprintf("round %d is under review: %s (10.10)", t.cur.N, why))}
		return append(ev, t.underReview(why)...)
	case t.shoe > 0:
		var ev []Event
		switch {
		case !rule.Last || t.act != actPlaced:
		case t.waiting: // the card in doubt completed the round that waits
			t.cur.Why = addWhy(t.cur.Why, why)
		case t.last.N > 0 && t.last.Kind == KindNormal:
			ev = t.disputeRound(t.last.N, why)
		}
		t.underReview(why)
		return append(ev, t.anomaly(engine.Card{}, t.p.Rules.Disputes, fmt.Sprintf("round %d will be under review from its first card: %s (10.10)", t.n+1, why)))
	}
	return nil
}

// disputeRound puts finished round n under review after the fact.
func (t *Table) disputeRound(n int, why string) []Event {
	i := slices.IndexFunc(t.disputed, func(d dispute) bool { return d.n == n })
	if i < 0 {
		if len(t.disputed) >= maxDisputes {
			t.disputed = t.disputed[1:]
		}
		t.disputed = append(t.disputed, dispute{n: n})
		i = len(t.disputed) - 1
	}
	t.disputed[i].why = addWhy(t.disputed[i].why, why)
	if t.last.N == n {
		t.last.Review = true
		t.last.Why = addWhy(t.last.Why, why)
	}
	return []Event{{Kind: EvReview, Shoe: t.shoe, N: n, Rule: t.p.Rules.Disputes, Reason: why}}
}

// undispute takes round n off the list of rounds under review after the fact.
func (t *Table) undispute(n int) bool {
	i := slices.IndexFunc(t.disputed, func(d dispute) bool { return d.n == n })
	if i < 0 {
		return false
	}
	t.disputed = slices.Delete(t.disputed, i, i+1)
	if t.last.N == n {
		t.last.Review = false
	}
	return true
}

// holdRound makes the round in progress, which has all its cards, wait for the supervisor.
func (t *Table) holdRound(ev []Event) []Event {
	t.waiting = true
	return append(ev, t.anomaly(engine.Card{}, t.p.Rules.Disputes,
		fmt.Sprintf("round %d has all its cards and waits for the supervisor: confirm the cards, enter them or cancel the round (10.10)", t.cur.N)))
}

// decide settles the round in progress, which has all its cards, and finishes it.
func (t *Table) decide(ev []Event) []Event {
	r := t.cur
	_, o, pays, done, err := t.p.Resolve(r.Cards)
	if err != nil || !done { // cannot happen: the cards are valid and make a whole round
		ev = append(ev, t.underReview(fmt.Sprintf("round %d cannot be decided (%v)", r.N, err))...)
		return append(ev, t.anomaly(engine.Card{}, t.p.Rules.Disputes, fmt.Sprintf("round %d cannot be decided (%v): for the supervisor (10.10)", r.N, err)))
	}
	r.Outcome, r.Pays = o, pays
	return t.finish(ev)
}

// confirm is the supervisor confirming the round under review as read (it is settled at once
// when it has all its cards) and every finished round disputed after the fact. A next round put
// under review before its first card stays so: its cards are not on the table yet.
func (t *Table) confirm() []Event {
	rule := t.p.Rules.ReviewConfirm
	var ev []Event
	for _, d := range t.disputed {
		if t.last.N == d.n {
			t.last.Review = false
			t.last.Resolution, t.last.ResolutionRule = engine.ResolvedConfirmed, rule
		}
		ev = append(ev, Event{Kind: EvResolved, Shoe: t.shoe, N: d.n, Rule: rule, Reason: engine.ResolvedConfirmed})
	}
	t.disputed = t.disputed[:0]
	if r := t.cur; r != nil && r.Review {
		r.Review = false
		r.Resolution, r.ResolutionRule = engine.ResolvedConfirmed, rule
		r.note(rule)
		ev = append(ev, Event{Kind: EvResolved, Shoe: t.shoe, N: r.N, Rule: rule, Reason: engine.ResolvedConfirmed})
		if t.waiting {
			ev = t.decide(ev)
		}
	}
	if len(ev) == 0 {
		if len(t.pendWhy) > 0 {
			return t.refuseInput("confirm", fmt.Sprintf("round %d is under review from its first card, which is not dealt yet", t.n+1))
		}
		return t.refuseInput("confirm", "nothing is under review")
	}
	return ev
}

// enter is the supervisor entering the cards of the round in progress as they lie: right, left,
// and the centre box when the spread draws a third card. They replace the cards read and must
// make a whole round by the order of the deal (7.1, 7.2, 9.5). When the round did not have all
// its cards yet, the next round goes under review: cards the shoe still sends may be this one's.
func (t *Table) enter(cards []engine.Card) []Event {
	rule := t.p.Rules.ReviewEnter
	r := t.cur
	if r == nil {
		return t.refuseInput("enter", "no round in progress")
	}
	if len(cards) < 2 || len(cards) > 3 {
		return t.refuseInput("enter", fmt.Sprintf("%d cards given: a round has the right and left box cards, and a centre card when the spread draws one (7.1, 7.2)", len(cards)))
	}
	for i, c := range cards {
		if !c.Valid() {
			return t.refuseInput("enter", fmt.Sprintf("card %d is not a card", i+1))
		}
	}
	spread := t.p.SpreadOf(cards[0], cards[1])
	want := 2
	if t.p.DrawsThird(spread) {
		want = 3
	}
	if len(cards) != want {
		return t.refuseInput("enter", fmt.Sprintf("%d cards given, but %s %s draws %d in all (7.2)", len(cards), cards[0], cards[1], want))
	}
	for _, c := range r.Cards {
		t.uncount(c)
	}
	for _, c := range cards {
		t.count(c) // the supervisor's word: these cards are on the table
	}
	r.Cards = append([]engine.Card(nil), cards...)
	r.Spread, r.RaisePercent = spread, 0
	if t.p.RaiseAllowed(spread) {
		r.RaisePercent = t.p.RaisePercent
	}
	r.Review = false
	r.Resolution, r.ResolutionRule = engine.ResolvedEntered, rule
	r.note(rule)
	if !t.waiting {
		t.pendWhy = addWhy(t.pendWhy, fmt.Sprintf("round %d was entered by the supervisor: cards read after it may belong to it", r.N))
	}
	if t.empty { // the supervisor finished the round the shoe could not: the shoe is still empty
		t.empty = false
		if t.due == "" {
			t.due = t.p.Rules.ShuffleAfterRound
		}
	}
	ev := []Event{{Kind: EvResolved, Shoe: t.shoe, N: r.N, Rule: rule, Reason: engine.ResolvedEntered}}
	return t.decide(ev)
}

// uncount takes a card back out of the cards seen (a card read wrongly, replaced by the supervisor).
func (t *Table) uncount(c engine.Card) {
	if !c.Valid() {
		return
	}
	if t.ranks[c.Rank] > 0 {
		t.ranks[c.Rank]--
	}
	if t.counts[c.Rank][c.Suit] > 0 {
		t.counts[c.Rank][c.Suit]--
	}
}

// setAside is a card read while the round in progress waits for review: it joins no round, and
// the next round goes under review (it may be that round's first card).
func (t *Table) setAside(c engine.Card, ev []Event) []Event {
	t.act = actDiscard
	n := t.cur.N
	t.pendWhy = addWhy(t.pendWhy, fmt.Sprintf("cards were read while round %d waited for review", n))
	return append(ev, t.anomaly(c, t.p.Rules.Disputes, fmt.Sprintf("%s was read while round %d waits for review: set aside; the next round starts under review (10.10)", c, n)))
}
