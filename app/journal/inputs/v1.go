package inputs

import (
	"fmt"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// Version 1, frozen. These are private copies of the types coupboard journalled before schema
// version 2 (app/table.Input and the engine types in it, as of commit 61e928c), with the
// integer constants they used written out as numbers. They are never to be changed: an old
// journal means what these say. Each number is mapped to the engine's constant by name.

type v1Input struct {
	Game  *v1Game  `json:"game,omitempty"`
	Op    *v1Op    `json:"op,omitempty"`
	Alert *v1Alert `json:"alert,omitempty"`
}

// v1Game is engine.Input's default JSON (capitalised field names).
type v1Game struct {
	Kind       int
	Token      v1Token
	Source     int
	Hand       int
	Key        string
	Value      string
	Result     v1ManualResult
	Doubt      v1Doubt
	ShoeResult v1ShoeResult
	Cards      []string
}

type v1Token struct {
	Kind int
	Card string
	Pos  int
	N    int
	Line int
	Text string
}

type v1ManualResult struct {
	Winner     int
	PlayerPair bool
	BankerPair bool
	Natural    bool
}

type v1Doubt struct {
	Kind   string
	Detail string
}

type v1ShoeResult struct {
	Winner      int
	PlayerTotal int
	BankerTotal int
	PlayerPair  bool
	BankerPair  bool
}

type v1Op struct {
	Kind    string    `json:"kind"`
	Change  *v1Change `json:"change,omitempty"`
	Seat    int       `json:"seat,omitempty"`
	RunKind int       `json:"run_kind,omitempty"`
	Length  int       `json:"length,omitempty"`
	Amount  int64     `json:"amount,omitempty"`
	Covers  int64     `json:"covers,omitempty"`
	RunID   int       `json:"run_id,omitempty"`
	Hand    int       `json:"hand,omitempty"`
	AlertID int       `json:"alert_id,omitempty"`
}

type v1Change struct {
	At       time.Time
	Sign     v1Sign
	Close    bool
	Waived   bool
	WaivedBy string
}

type v1Limit struct {
	Min      int64 `json:"min,omitempty"`
	Max      int64 `json:"max,omitempty"`
	Multiple int64 `json:"multiple,omitempty"`
}

type v1Sign struct {
	Player, Banker, Tie, Insurance, Run v1Limit
	DifferentialMin, DifferentialMax    int64
	Settlement                          int // not read: the table shows its own method
	Markers                             []v1Marker
}

type v1Marker struct {
	Seat  int
	Text  string
	Limit v1Limit
}

type v1Alert struct {
	ID     int       `json:"id,omitempty"`     // not read: the table numbers alerts
	Text   string    `json:"text"`             //
	Raised time.Time `json:"raised,omitempty"` // not read: the record's time is when it was raised
	Key    string    `json:"key,omitempty"`
}

// The numbers of version 1.
var (
	// engine.InputKind
	v1InputKinds = map[int]string{1: "token", 2: "turn", 3: "setting", 4: "accept", 5: "result", 6: "doubt", 7: "shoe_result", 8: "reconstruct"}
	// engine.TokenKind
	v1Tokens = map[int]engine.TokenKind{1: engine.TokCard, 2: engine.TokShoe, 3: engine.TokFaceBurn, 4: engine.TokBurn,
		5: engine.TokNoBurn, 6: engine.TokCut, 7: engine.TokExposed, 8: engine.TokFaceUp, 9: engine.TokDummy,
		10: engine.TokNoBet, 11: engine.TokVoid, 12: engine.TokReshuffle, 13: engine.TokEmpty}
	// engine.Position
	v1Positions = map[int]engine.Position{0: engine.PosNone, 1: engine.P1, 2: engine.P2, 3: engine.P3, 4: engine.B1, 5: engine.B2, 6: engine.B3}
	// engine.Source
	v1Sources = map[int]engine.Source{0: engine.SourceShoe, 1: engine.SourceManual}
	// engine.Hand
	v1Hands = map[int]engine.Hand{1: engine.HandPlayer, 2: engine.HandBanker}
	// engine.Winner (0 is no winner)
	v1Winners = map[int]engine.Winner{0: engine.WinnerNone, 1: engine.Banker, 2: engine.Player, 3: engine.Tie}
	// engine.RunKind
	v1Runs = map[int]engine.RunKind{1: engine.RunPlayer, 2: engine.RunBanker, 3: engine.RunCombination, 4: engine.RunTie}
)

// decodeV1 reads a version 1 payload into the version 2 model. Like the v1 reader it accepts
// field names in any case, and fields a kind does not use are not read (v1 wrote every engine
// field); unknown fields, unknown numbers and trailing data are refused.
func decodeV1(payload []byte) (Input, error) {
	var v v1Input
	if err := strict(1, payload, &v); err != nil {
		return Input{}, err
	}
	n := 0
	for _, set := range []bool{v.Game != nil, v.Op != nil, v.Alert != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return Input{}, &FieldError{Version: 1, Reason: fmt.Sprintf("want exactly one of game, op, alert; have %d", n)}
	}
	switch {
	case v.Game != nil:
		return v.Game.input()
	case v.Op != nil:
		return v.Op.input()
	}
	if v.Alert.Text == "" {
		return Input{}, &FieldError{Version: 1, Field: "alert.text", Reason: "an alert says what is wrong"}
	}
	return Input{Kind: KindAlert, Alert: Alert{Text: v.Alert.Text, Key: v.Alert.Key}}, nil
}

func v1bad(field, format string, a ...any) error {
	return &FieldError{Version: 1, Field: field, Reason: fmt.Sprintf(format, a...)}
}

func (g *v1Game) input() (Input, error) {
	cmd := func(c desk.Command) (Input, error) { return Input{Kind: KindCommand, Command: &c}, nil }
	switch v1InputKinds[g.Kind] {
	case "token":
		k, ok := v1Tokens[g.Token.Kind]
		if !ok {
			return Input{}, v1bad("game.Token.Kind", "unknown token kind %d", g.Token.Kind)
		}
		src, ok := v1Sources[g.Source]
		if !ok {
			return Input{}, v1bad("game.Source", "unknown source %d", g.Source)
		}
		t := engine.Token{Kind: k, N: g.Token.N}
		if k == engine.TokCard {
			c, err := engine.ParseCard(g.Token.Card)
			if err != nil {
				return Input{}, v1bad("game.Token.Card", "%v", err)
			}
			pos, ok := v1Positions[g.Token.Pos]
			if !ok {
				return Input{}, v1bad("game.Token.Pos", "unknown position %d", g.Token.Pos)
			}
			t.Card, t.Pos = c, pos
		}
		t.Text = desk.TokenString(t)
		return Input{Kind: KindToken, Token: t, Source: src}, nil
	case "turn":
		h, ok := v1Hands[g.Hand]
		if !ok {
			return Input{}, v1bad("game.Hand", "unknown hand %d", g.Hand)
		}
		return cmd(desk.Command{Verb: desk.VerbTurn, Turn: h})
	case "setting":
		return cmd(desk.Command{Verb: desk.VerbSetting, Key: g.Key, Value: g.Value})
	case "accept":
		return cmd(desk.Command{Verb: desk.VerbAccept})
	case "result":
		w, ok := v1Winners[g.Result.Winner]
		if !ok {
			return Input{}, v1bad("game.Result.Winner", "unknown winner %d", g.Result.Winner)
		}
		return cmd(desk.Command{Verb: desk.VerbResult, Result: engine.ManualResult{Winner: w,
			PlayerPair: g.Result.PlayerPair, BankerPair: g.Result.BankerPair, Natural: g.Result.Natural}})
	case "doubt":
		return Input{Kind: KindDoubt, Doubt: engine.Doubt{Kind: engine.DoubtKind(g.Doubt.Kind), Detail: g.Doubt.Detail}}, nil
	case "shoe_result":
		w, ok := v1Winners[g.ShoeResult.Winner]
		if !ok {
			return Input{}, v1bad("game.ShoeResult.Winner", "unknown winner %d", g.ShoeResult.Winner)
		}
		r := g.ShoeResult
		return Input{Kind: KindShoeResult, ShoeResult: engine.ShoeResult{Winner: w, PlayerTotal: r.PlayerTotal,
			BankerTotal: r.BankerTotal, PlayerPair: r.PlayerPair, BankerPair: r.BankerPair}}, nil
	case "reconstruct":
		c := desk.Command{Verb: desk.VerbReconstruct}
		for i, s := range g.Cards {
			card, err := engine.ParseCard(s)
			if err != nil {
				return Input{}, v1bad(fmt.Sprintf("game.Cards[%d]", i), "%v", err)
			}
			c.Cards = append(c.Cards, card)
		}
		return cmd(c)
	}
	return Input{}, v1bad("game.Kind", "unknown input kind %d", g.Kind)
}

func (o *v1Op) input() (Input, error) {
	cmd := func(c desk.Command) (Input, error) { return Input{Kind: KindCommand, Command: &c}, nil }
	switch o.Kind {
	case "schedule":
		if o.Change == nil {
			return Input{}, v1bad("op.change", "a schedule names its change")
		}
		c := o.Change
		s := engine.Sign{Player: c.Sign.Player.limit(), Banker: c.Sign.Banker.limit(), Tie: c.Sign.Tie.limit(),
			Insurance: c.Sign.Insurance.limit(), Run: c.Sign.Run.limit(),
			DifferentialMin: c.Sign.DifferentialMin, DifferentialMax: c.Sign.DifferentialMax}
		for _, m := range c.Sign.Markers {
			s.Markers = append(s.Markers, engine.Marker{Seat: m.Seat, Text: m.Text, Limit: m.Limit.limit()})
		}
		return Input{Kind: KindSchedule, Change: &engine.Change{At: c.At.UTC(), Sign: s, Close: c.Close, Waived: c.Waived, WaivedBy: c.WaivedBy}}, nil
	case "run.place":
		k, ok := v1Runs[o.RunKind]
		if !ok {
			return Input{}, v1bad("op.run_kind", "unknown run kind %d", o.RunKind)
		}
		return cmd(desk.Command{Verb: desk.VerbRun, Seat: o.Seat, Run: k, Length: o.Length, Amount: o.Amount})
	case "run.nominate":
		w, ok := v1Winners[o.Hand]
		if !ok {
			return Input{}, v1bad("op.hand", "unknown hand %d", o.Hand)
		}
		return cmd(desk.Command{Verb: desk.VerbNominate, RunID: o.RunID, Hand: w})
	case "commission.defer":
		return cmd(desk.Command{Verb: desk.VerbDefer, Seat: o.Seat, Amount: o.Amount})
	case "commission.collect":
		return cmd(desk.Command{Verb: desk.VerbCollect, Seat: o.Seat})
	case "insurance":
		return cmd(desk.Command{Verb: desk.VerbBet, Seat: o.Seat, Wager: desk.WagerInsurance, Amount: o.Amount, Covers: o.Covers})
	case "alert.clear":
		return Input{Kind: KindAlertClear, AlertID: o.AlertID}, nil
	case "reopen":
		return Input{Kind: KindReopen}, nil
	case "stop":
		return Input{Kind: KindStop}, nil
	}
	return Input{}, v1bad("op.kind", "unknown operator command %q", o.Kind)
}

func (l v1Limit) limit() engine.WagerLimit {
	return engine.WagerLimit{Min: l.Min, Max: l.Max, Multiple: l.Multiple}
}
