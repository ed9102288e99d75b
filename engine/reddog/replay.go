package reddog

import (
	"encoding/json"
	"fmt"

	"github.com/coupboard/coupboard/engine"
)

// Record is one line of `coupboard replay --profile vic-red-dog-1997`: a round (Round set) or a
// shoe event (Event set). It marshals to one JSON object:
//
//	{"n":1,"cards":["7H","QS","9D"],"spread":4,"raise":true,"outcome":"win","pays":"1:1","kind":"normal","notes":[]}
//	{"event":"burn","shown":[],"hidden":1,"rule":"4.6"}
//
// A round has n, cards (right, left, centre box), spread (a number, "consecutive" or "pair"; null
// when a cancelled round had fewer than two cards), raise (whether raises were allowed), outcome
// (win, lose, push), pays ("5:1", or null), kind (normal, cancelled), notes (rule numbers of the
// irregularity procedures applied), review (true only when a supervisor must review it), and for
// a round that was under review why (the reasons in words), resolution and resolution_rule.
// An event has event (shuffle, burn, withdrawn, cut, shuffle_due, cancel, anomaly, refused) and
// the fields that apply: shoe, n, card, shown and hidden (burn: a face-down burn card is only
// counted), rule, line and token (refused), reason.
type Record struct {
	Round *Round
	Event *Event
	Raw   []byte // a line made elsewhere (Recorder.Raw): one JSON object, written as it is
}

type roundJSON struct {
	N       int              `json:"n"`
	Cards   []engine.Card    `json:"cards"`
	Spread  *Spread          `json:"spread"`
	Raise   bool             `json:"raise"`
	Outcome Outcome          `json:"outcome"`
	Pays    *Pays            `json:"pays"`
	Kind    engine.RoundKind `json:"kind"`
	Notes   []string         `json:"notes"`
	Review  bool             `json:"review,omitempty"`
	// Why, Resolution and ResolutionRule: why the round was put under review and how the
	// supervisor resolved it (doubt.go); absent for a round never under review.
	Why            []string `json:"why,omitempty"`
	Resolution     string   `json:"resolution,omitempty"`
	ResolutionRule string   `json:"resolution_rule,omitempty"`
}

type eventJSON struct {
	Event  string         `json:"event"`
	Shoe   int            `json:"shoe,omitempty"`
	N      int            `json:"n,omitempty"`
	Card   *engine.Card   `json:"card,omitempty"`
	Shown  *[]engine.Card `json:"shown,omitempty"`
	Hidden *int           `json:"hidden,omitempty"`
	Rule   string         `json:"rule,omitempty"`
	Line   int            `json:"line,omitempty"`
	Token  string         `json:"token,omitempty"`
	Reason string         `json:"reason,omitempty"`
}

// MarshalJSON encodes the record as one JSON object (see Record).
func (r Record) MarshalJSON() ([]byte, error) {
	switch {
	case r.Raw != nil:
		return r.Raw, nil
	case r.Round != nil:
		ro := r.Round
		j := roundJSON{N: ro.N, Cards: ro.Cards, Raise: ro.RaisePercent > 0, Outcome: ro.Outcome, Kind: ro.Kind, Notes: ro.Notes, Review: ro.Review,
			Why: ro.Why, Resolution: ro.Resolution, ResolutionRule: ro.ResolutionRule}
		if j.Cards == nil {
			j.Cards = []engine.Card{}
		}
		if j.Notes == nil {
			j.Notes = []string{}
		}
		if len(ro.Cards) >= 2 {
			j.Spread = &ro.Spread
		}
		if !ro.Pays.IsZero() {
			j.Pays = &ro.Pays
		}
		return json.Marshal(j)
	case r.Event != nil:
		e := r.Event
		j := eventJSON{Event: e.Kind.String(), Shoe: e.Shoe, N: e.N, Rule: e.Rule, Reason: e.Reason}
		if e.Card.Valid() {
			j.Card = &e.Card
		}
		switch e.Kind {
		case EvBurn:
			j.Card = nil
			j.Shown, j.Hidden = &[]engine.Card{}, ptr(1)
		case EvRefused:
			j.Line, j.Token = e.Token.Line, e.Token.Text
		}
		return json.Marshal(j)
	}
	return nil, fmt.Errorf("marshal red dog record: neither a round nor an event")
}

// Replay deals a shoe script (engine.ParseScript) at a vic-red-dog-1997 table with decks decks
// and returns every round and shoe event in order, as `coupboard replay` prints them. The
// screen-only events (a card placed, the spread announced) are left out; a round cancelled after
// the fact (void N) is shown cancelled where it stands and by a cancel event. A script that ends
// in the middle of a round ends with an anomaly naming it. A malformed token is an
// *engine.ScriptError with its line, the token and the reason; a number of decks other than the
// book's is an error naming the setting.
func Replay(toks []engine.Token, decks int) ([]Record, error) {
	p := VicRedDog1997()
	if decks != p.Decks {
		return nil, fmt.Errorf("decks %d: %s is played with %d decks (3.1)", decks, p.ID, p.Decks)
	}
	for _, tok := range toks {
		if err := checkToken(tok); err != nil {
			return nil, err
		}
	}
	t, err := New(p)
	if err != nil {
		return nil, err
	}
	rec := NewRecorder(p)
	for _, tok := range toks {
		for _, e := range t.Apply(Input{Token: tok}) {
			rec.Add(e)
		}
	}
	rec.End(t.InProgress())
	return rec.Records(), nil
}

// Recorder turns a table's events into the records Replay returns, in order: rounds, and the
// events replay prints; a round invalidated after the fact is rewritten in place (cancelled,
// every wager refunded, 10.3, 10.4). Raw keeps another line (a settlement, a sign) in its place.
type Recorder struct {
	p    Profile
	recs []Record
	at   map[int]int // round number → index in recs
}

// NewRecorder starts an empty record of a table under p.
func NewRecorder(p Profile) *Recorder { return &Recorder{p: p, at: map[int]int{}} }

// Add records one event of the table.
func (c *Recorder) Add(e Event) {
	switch e.Kind {
	case EvCard, EvSpread:
		return
	case EvRound:
		c.at[e.N] = len(c.recs)
		c.recs = append(c.recs, Record{Round: e.Round})
		return
	case EvCancel:
		if i, ok := c.at[e.N]; ok {
			r := c.recs[i].Round.clone()
			r.Kind, r.Outcome, r.Pays = KindCancelled, Push, Pays{}
			r.note(c.p.Rules.Invalidate)
			r.note(c.p.Rules.Refund)
			c.recs[i].Round = &r
		}
	}
	c.recs = append(c.recs, Record{Event: ptr(e)})
}

// Raw records a line made elsewhere (one JSON object), in its place.
func (c *Recorder) Raw(line []byte) {
	c.recs = append(c.recs, Record{Raw: append([]byte(nil), line...)})
}

// End records the round left unfinished at the end of the script (Table.InProgress), if any,
// as an anomaly.
func (c *Recorder) End(r Round, inProgress bool) {
	if inProgress {
		c.recs = append(c.recs, Record{Event: &Event{Kind: EvAnomaly, Shoe: r.Shoe, N: r.N, Rule: c.p.Rules.Disputes,
			Reason: fmt.Sprintf("the script ended during round %d (cards %v): it has no result", r.N, r.Cards)}})
	}
}

// Records is every record so far.
func (c *Recorder) Records() []Record { return c.recs }

// checkToken reports a token ParseScript could not have produced.
func checkToken(tok engine.Token) error {
	switch {
	case tok.Kind < engine.TokCard || tok.Kind > engine.TokEmpty:
		return &engine.ScriptError{Line: tok.Line, Token: tok.Text, Reason: fmt.Sprintf("unknown token kind %d", tok.Kind)}
	case tok.Kind == engine.TokCard && !tok.Card.Valid():
		return &engine.ScriptError{Line: tok.Line, Token: tok.Text, Reason: "not a card"}
	case tok.Pos > engine.B3:
		return &engine.ScriptError{Line: tok.Line, Token: tok.Text, Reason: "not a position"}
	case tok.N < 0:
		return &engine.ScriptError{Line: tok.Line, Token: tok.Text, Reason: "a round number starts at 1"}
	}
	return nil
}

// DecodeRound reads a round as Record marshals it (the journal's Red Dog round payload) under
// profile p. The cards decide: a normal round's spread, outcome and payout must be the ones its
// cards make (7.2, 8.1.1); a mismatch, a missing or bad field is an error naming it.
func DecodeRound(p Profile, b []byte) (Round, error) {
	var j struct {
		N              *int            `json:"n"`
		Cards          []string        `json:"cards"`
		Spread         json.RawMessage `json:"spread"`
		Raise          bool            `json:"raise"`
		Outcome        string          `json:"outcome"`
		Pays           *string         `json:"pays"`
		Kind           string          `json:"kind"`
		Notes          []string        `json:"notes"`
		Review         bool            `json:"review"`
		Why            []string        `json:"why"`
		Resolution     string          `json:"resolution"`
		ResolutionRule string          `json:"resolution_rule"`
	}
	if err := json.Unmarshal(b, &j); err != nil {
		return Round{}, fmt.Errorf("red dog round: %w", err)
	}
	if j.N == nil || *j.N < 1 {
		return Round{}, fmt.Errorf("red dog round: n missing or not positive")
	}
	r := Round{N: *j.N, Notes: j.Notes, Review: j.Review, Why: j.Why, Resolution: j.Resolution, ResolutionRule: j.ResolutionRule}
	if len(j.Cards) > 3 {
		return Round{}, fmt.Errorf("red dog round %d: %d cards: a round has at most 3", r.N, len(j.Cards))
	}
	for i, code := range j.Cards {
		c, err := engine.ParseCard(code)
		if err != nil {
			return Round{}, fmt.Errorf("red dog round %d: card %d %q: %w", r.N, i+1, code, err)
		}
		r.Cards = append(r.Cards, c)
	}
	if len(r.Cards) >= 2 {
		r.Spread = p.SpreadOf(r.Cards[0], r.Cards[1])
		if j.Raise && p.RaiseAllowed(r.Spread) {
			r.RaisePercent = p.RaisePercent
		}
	}
	switch k, err := engine.ParseRoundKind(j.Kind); {
	case err == nil && k == KindCancelled:
		r.Kind, r.Outcome = KindCancelled, Push
		return r, nil
	case err == nil && k == KindNormal:
		r.Kind = KindNormal
	default:
		return Round{}, fmt.Errorf("red dog round %d: kind %q: want normal or cancelled", r.N, j.Kind)
	}
	s, o, pays, done, err := p.Resolve(r.Cards)
	if err != nil || !done {
		return Round{}, fmt.Errorf("red dog round %d: cards %v do not make a round (7.2)", r.N, j.Cards)
	}
	spread, _ := s.MarshalJSON()
	gotPays := ""
	if j.Pays != nil {
		gotPays = *j.Pays
	}
	wantPays := ""
	if !pays.IsZero() {
		wantPays = pays.String()
	}
	if string(j.Spread) != string(spread) || j.Outcome != o.String() || gotPays != wantPays {
		return Round{}, fmt.Errorf("red dog round %d: %v make %s, %s, pays %q; the record says %s, %s, pays %q",
			r.N, j.Cards, s, o, wantPays, j.Spread, j.Outcome, gotPays)
	}
	r.Outcome, r.Pays = o, pays
	return r, nil
}
