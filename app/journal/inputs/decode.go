package inputs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// MaxPayload is the largest payload Decode reads (the journal's own bound is larger).
const MaxPayload = 64 << 10

// Decode reads an input record's payload: schema version 2 (a "v" field), or version 1 (the
// payloads written before it, which have none). It refuses anything else with a *FieldError
// naming the field; it never panics.
func Decode(payload []byte) (Input, error) {
	if len(payload) > MaxPayload {
		return Input{}, &FieldError{Reason: fmt.Sprintf("%d bytes, over the %d limit", len(payload), MaxPayload)}
	}
	p := bytes.TrimSpace(payload)
	if len(p) == 0 || p[0] != '{' {
		return Input{}, &FieldError{Reason: "not a JSON object"}
	}
	var head struct {
		V    json.RawMessage `json:"v"`
		Kind json.RawMessage `json:"kind"`
	}
	dec := json.NewDecoder(bytes.NewReader(p))
	if err := dec.Decode(&head); err != nil {
		return Input{}, jsonError(0, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Input{}, &FieldError{Reason: "data after the object"}
	}
	if head.V == nil {
		return decodeV1(payload)
	}
	var version int
	if err := json.Unmarshal(head.V, &version); err != nil {
		return Input{}, &FieldError{Field: "v", Reason: "want the schema version, a whole number"}
	}
	if version != Version {
		return Input{}, &FieldError{Field: "v", Reason: fmt.Sprintf("schema version %d: this coupboard reads versions 1 and 2", version)}
	}
	var kind Kind
	if head.Kind == nil || json.Unmarshal(head.Kind, &kind) != nil {
		return Input{}, &FieldError{Version: 2, Field: "kind", Reason: "want a kind: " + kindList()}
	}
	in, err := decodeV2(kind, payload)
	if err != nil {
		return Input{}, err
	}
	return in, nil
}

func kindList() string {
	s := ""
	for i, k := range Kinds() {
		if i > 0 {
			s += ", "
		}
		s += string(k)
	}
	return s
}

func decodeV2(k Kind, payload []byte) (Input, error) {
	bad := func(field, reason string) (Input, error) {
		return Input{}, &FieldError{Version: 2, Field: field, Reason: reason}
	}
	in := Input{Kind: k}
	switch k {
	case KindToken, KindCommand:
		var w wireLine
		if err := strict(2, payload, &w); err != nil {
			return Input{}, err
		}
		items, err := desk.ParseLine(1, w.Line)
		if err != nil && k == KindCommand {
			items, err = incompleteReconstruct(w.Line, err)
		}
		if err != nil {
			return bad("line", err.Error())
		}
		if len(items) != 1 {
			return bad("line", fmt.Sprintf("want one %s, the line holds %d items", k, len(items)))
		}
		it := items[0]
		if k == KindToken {
			if it.Kind != desk.ItemToken {
				return bad("line", "want a shoe-script token (a card or a shoe word)")
			}
			src, err := engine.ParseSource(w.Source)
			if err != nil {
				return bad("source", "want shoe or manual")
			}
			it.Token.Line, it.Token.Text = 0, w.Line
			in.Token, in.Source = it.Token, src
			return in, nil
		}
		if w.Source != "" {
			return bad("source", "a command has no card source")
		}
		if it.Kind != desk.ItemCommand {
			return bad("line", "want an operator command (!verb …)")
		}
		if it.Command.As != (desk.Actor{}) || it.Command.Reason != "" {
			return bad("line", "as= and reason= are the record's actor and reason, not its payload")
		}
		in.Command = it.Command
		return in, nil
	case KindDoubt:
		var w wireDoubt
		if err := strict(2, payload, &w); err != nil {
			return Input{}, err
		}
		if _, ok := engine.DoubtRuleOf(engine.DoubtKind(w.Doubt)); !ok {
			return bad("doubt", fmt.Sprintf("unknown doubt %q", w.Doubt))
		}
		in.Doubt = engine.Doubt{Kind: engine.DoubtKind(w.Doubt), Detail: w.Detail}
		return in, nil
	case KindShoeResult:
		var w wireShoeResult
		if err := strict(2, payload, &w); err != nil {
			return Input{}, err
		}
		win, ok := winnerOf(w.Winner)
		if !ok {
			return bad("winner", "want player, banker or tie")
		}
		if w.PlayerTotal < 0 || w.PlayerTotal > 9 {
			return bad("player_total", "want 0 to 9")
		}
		if w.BankerTotal < 0 || w.BankerTotal > 9 {
			return bad("banker_total", "want 0 to 9")
		}
		in.ShoeResult = engine.ShoeResult{Winner: win, PlayerTotal: w.PlayerTotal, BankerTotal: w.BankerTotal, PlayerPair: w.PlayerPair, BankerPair: w.BankerPair}
		return in, nil
	case KindSchedule:
		var w wireSchedule
		if err := strict(2, payload, &w); err != nil {
			return Input{}, err
		}
		at, err := time.Parse(time.RFC3339Nano, w.At)
		if err != nil {
			return bad("at", "want an RFC 3339 time")
		}
		s, field, err := signOf(w.Sign)
		if err != nil {
			return bad("sign."+field, err.Error())
		}
		in.Change = &engine.Change{At: at.UTC(), Sign: s, Close: w.Close, Waived: w.Waived, WaivedBy: w.WaivedBy}
		return in, nil
	case KindAlert:
		var w wireAlert
		if err := strict(2, payload, &w); err != nil {
			return Input{}, err
		}
		if w.Text == "" {
			return bad("text", "an alert says what is wrong")
		}
		in.Alert = Alert{Text: w.Text, Key: w.Key}
		return in, nil
	case KindAlertClear:
		var w wireAlertClear
		if err := strict(2, payload, &w); err != nil {
			return Input{}, err
		}
		if w.Alert < 1 {
			return bad("alert", "alerts are numbered from 1")
		}
		in.AlertID = w.Alert
		return in, nil
	case KindReopen, KindStop:
		var w wireBare
		if err := strict(2, payload, &w); err != nil {
			return Input{}, err
		}
		return in, nil
	}
	return bad("kind", fmt.Sprintf("unknown kind %q: want %s", k, kindList()))
}

func winnerOf(s string) (engine.Winner, bool) {
	for k, v := range winners {
		if v == s {
			return k, true
		}
	}
	return 0, false
}

func limitOf(w wireLimit, field string) (engine.WagerLimit, string, error) {
	l := engine.WagerLimit{Min: w.Min, Max: w.Max, Multiple: w.Multiple}
	if err := l.Validate(); err != nil {
		return l, field, err
	}
	return l, "", nil
}

// signOf reads a sign; a bad limit names its field.
func signOf(w wireSign) (engine.Sign, string, error) {
	var s engine.Sign
	for _, f := range []struct {
		name string
		w    wireLimit
		to   *engine.WagerLimit
	}{{"player", w.Player, &s.Player}, {"banker", w.Banker, &s.Banker}, {"tie", w.Tie, &s.Tie},
		{"insurance", w.Insurance, &s.Insurance}, {"runs", w.Runs, &s.Run}} {
		l, field, err := limitOf(f.w, f.name)
		if err != nil {
			return s, field, err
		}
		*f.to = l
	}
	if w.DifferentialMin < 0 {
		return s, "differential_min", fmt.Errorf("a negative differential")
	}
	if w.DifferentialMax < 0 {
		return s, "differential_max", fmt.Errorf("a negative differential")
	}
	s.DifferentialMin, s.DifferentialMax = w.DifferentialMin, w.DifferentialMax
	if len(w.Markers) > 100 {
		return s, "markers", fmt.Errorf("more than 100 markers")
	}
	for i, m := range w.Markers {
		l, _, err := limitOf(m.Limit, "")
		if err != nil {
			return s, fmt.Sprintf("markers[%d].limit", i), err
		}
		s.Markers = append(s.Markers, engine.Marker{Seat: m.Seat, Text: m.Text, Limit: l})
	}
	return s, "", nil
}

// maxReconstruct is the most cards a journalled !reconstruct may hold.
const maxReconstruct = 16

// incompleteReconstruct reads "!reconstruct [N]" with 1 to 3 cards, or 7 to 16, which the table
// script's grammar refuses (a coup has 4 to 6) but the operator screen may send: the engine
// refuses it with the table of play's reason ("the table of play wants B2 next"), and like every
// refused command it is journalled. Any other line keeps the grammar's error.
func incompleteReconstruct(line string, syntax error) ([]desk.Item, error) {
	ws := strings.Fields(line)
	if len(ws) < 2 || len(ws) > 1+maxReconstruct || ws[0] != "!"+string(desk.VerbReconstruct) {
		return nil, syntax
	}
	c := &desk.Command{Verb: desk.VerbReconstruct}
	if n, err := strconv.Atoi(ws[1]); err == nil && n > 0 && strconv.Itoa(n) == ws[1] { // a finished round's cards
		c.Round, ws = n, ws[1:]
	}
	for _, w := range ws[1:] {
		card, err := engine.ParseCard(w)
		if err != nil || card.String() != w {
			return nil, syntax
		}
		c.Cards = append(c.Cards, card)
	}
	return []desk.Item{{Line: 1, Kind: desk.ItemCommand, Command: c}}, nil
}
