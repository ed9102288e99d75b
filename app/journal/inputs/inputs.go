package inputs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// Version is the schema version Encode writes.
const Version = 2

// Kind is what one input record holds.
type Kind string

// The kinds of schema version 2.
const (
	KindToken      Kind = "token"       // a shoe-script token: a card or a shoe word (Token, Source)
	KindCommand    Kind = "command"     // an operator command of the table script (Command)
	KindDoubt      Kind = "doubt"       // something the shoe link could not vouch for (Doubt)
	KindShoeResult Kind = "shoe_result" // the shoe's own result of a coup, a cross-check (ShoeResult)
	KindSchedule   Kind = "schedule"    // a whole sign, or the closing, posted for a time (Change)
	KindAlert      Kind = "alert"       // a problem a supervisor must clear (Alert)
	KindAlertClear Kind = "alert_clear" // an alert cleared (AlertID)
	KindReopen     Kind = "reopen"      // a closed table reopened
	KindStop       Kind = "stop"        // the program stopped cleanly (not an operator action)
)

// Kinds lists every kind of version 2, in the order of the package documentation.
func Kinds() []Kind {
	return []Kind{KindToken, KindCommand, KindDoubt, KindShoeResult, KindSchedule, KindAlert, KindAlertClear, KindReopen, KindStop}
}

// Alert is a problem a supervisor must clear. Key, when set, replaces an uncleared alert with
// the same key. The table numbers alerts and stamps them with the record's time.
type Alert struct {
	Text string
	Key  string
}

// Input is one table input as the journal records it. Only the fields its Kind uses are set.
type Input struct {
	Kind Kind
	// Token is a shoe-script token (KindToken); Source says whether the shoe read it or it was
	// entered by hand. Token.Line and Token.Text are not recorded (Decode sets Text to the line).
	Token  engine.Token
	Source engine.Source
	// Command is an operator command (KindCommand) without As and Reason: who gave it and why
	// are the journal record's Actor and Reason.
	Command    *desk.Command
	Doubt      engine.Doubt      // KindDoubt
	ShoeResult engine.ShoeResult // KindShoeResult
	Change     *engine.Change    // KindSchedule; Sign.Settlement is not recorded (the table's method is shown)
	Alert      Alert             // KindAlert
	AlertID    int               // KindAlertClear
}

// Line is the input's table-script line for KindToken and KindCommand, "" for the others.
func (in Input) Line() string {
	switch in.Kind {
	case KindToken:
		return desk.TokenString(in.Token)
	case KindCommand:
		if in.Command != nil {
			return in.Command.String()
		}
	}
	return ""
}

// The wire forms of version 2, one per kind. Field order is the encoding's.
type (
	wireLine struct {
		V      int    `json:"v"`
		Kind   Kind   `json:"kind"`
		Line   string `json:"line"`
		Source string `json:"source,omitempty"` // token only: shoe or manual
	}
	wireDoubt struct {
		V      int    `json:"v"`
		Kind   Kind   `json:"kind"`
		Doubt  string `json:"doubt"`
		Detail string `json:"detail"`
	}
	wireShoeResult struct {
		V           int    `json:"v"`
		Kind        Kind   `json:"kind"`
		Winner      string `json:"winner"`
		PlayerTotal int    `json:"player_total"`
		BankerTotal int    `json:"banker_total"`
		PlayerPair  bool   `json:"player_pair"`
		BankerPair  bool   `json:"banker_pair"`
	}
	wireLimit struct {
		Min      int64 `json:"min"`
		Max      int64 `json:"max"`
		Multiple int64 `json:"multiple"`
	}
	wireMarker struct {
		Seat  int       `json:"seat"`
		Text  string    `json:"text"`
		Limit wireLimit `json:"limit"`
	}
	wireSign struct {
		Player          wireLimit    `json:"player"`
		Banker          wireLimit    `json:"banker"`
		Tie             wireLimit    `json:"tie"`
		Insurance       wireLimit    `json:"insurance"`
		Runs            wireLimit    `json:"runs"`
		DifferentialMin int64        `json:"differential_min"`
		DifferentialMax int64        `json:"differential_max"`
		Markers         []wireMarker `json:"markers"`
	}
	wireSchedule struct {
		V        int      `json:"v"`
		Kind     Kind     `json:"kind"`
		At       string   `json:"at"` // RFC 3339 with nanoseconds, UTC
		Close    bool     `json:"close"`
		Sign     wireSign `json:"sign"`
		Waived   bool     `json:"waived"`
		WaivedBy string   `json:"waived_by"`
	}
	wireAlert struct {
		V    int    `json:"v"`
		Kind Kind   `json:"kind"`
		Text string `json:"text"`
		Key  string `json:"key"`
	}
	wireAlertClear struct {
		V     int  `json:"v"`
		Kind  Kind `json:"kind"`
		Alert int  `json:"alert"`
	}
	wireBare struct {
		V    int  `json:"v"`
		Kind Kind `json:"kind"`
	}
)

var winners = map[engine.Winner]string{engine.Player: "player", engine.Banker: "banker", engine.Tie: "tie"}

// Encode is the input's payload in schema version 2. It refuses an input its kind cannot hold
// exactly: a token or command whose script line does not read back to it, a doubt of an
// unknown kind, a shoe result without a winner.
func Encode(in Input) (json.RawMessage, error) {
	w, err := wire(in)
	if err != nil {
		return nil, fmt.Errorf("encode table input %s: %w", in.Kind, err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(w); err != nil {
		return nil, fmt.Errorf("encode table input %s: %w", in.Kind, err)
	}
	out := bytes.TrimSuffix(b.Bytes(), []byte("\n"))
	// What is written must read back as the same input: the schema is the contract.
	back, err := Decode(out)
	if err != nil {
		return nil, fmt.Errorf("encode table input %s: it would not read back: %w", in.Kind, err)
	}
	if !Equal(back, in) {
		return nil, fmt.Errorf("encode table input %s: %q would read back as a different input", in.Kind, out)
	}
	return out, nil
}

func wire(in Input) (any, error) {
	switch in.Kind {
	case KindToken:
		if _, err := engine.ParseSource(in.Source.String()); err != nil {
			return nil, fmt.Errorf("source %d is neither the shoe nor manual", in.Source)
		}
		return wireLine{V: Version, Kind: in.Kind, Line: desk.TokenString(in.Token), Source: in.Source.String()}, nil
	case KindCommand:
		if in.Command == nil {
			return nil, fmt.Errorf("no command")
		}
		if in.Command.As != (desk.Actor{}) || in.Command.Reason != "" {
			return nil, fmt.Errorf("a command's as= and reason= are the record's actor and reason, not its payload")
		}
		return wireLine{V: Version, Kind: in.Kind, Line: in.Command.String()}, nil
	case KindDoubt:
		return wireDoubt{V: Version, Kind: in.Kind, Doubt: string(in.Doubt.Kind), Detail: in.Doubt.Detail}, nil
	case KindShoeResult:
		r := in.ShoeResult
		return wireShoeResult{V: Version, Kind: in.Kind, Winner: winners[r.Winner], PlayerTotal: r.PlayerTotal,
			BankerTotal: r.BankerTotal, PlayerPair: r.PlayerPair, BankerPair: r.BankerPair}, nil
	case KindSchedule:
		if in.Change == nil {
			return nil, fmt.Errorf("no change")
		}
		c := in.Change
		return wireSchedule{V: Version, Kind: in.Kind, At: c.At.UTC().Format(time.RFC3339Nano), Close: c.Close,
			Sign: signWire(c.Sign), Waived: c.Waived, WaivedBy: c.WaivedBy}, nil
	case KindAlert:
		return wireAlert{V: Version, Kind: in.Kind, Text: in.Alert.Text, Key: in.Alert.Key}, nil
	case KindAlertClear:
		return wireAlertClear{V: Version, Kind: in.Kind, Alert: in.AlertID}, nil
	case KindReopen, KindStop:
		return wireBare{V: Version, Kind: in.Kind}, nil
	}
	return nil, fmt.Errorf("unknown kind %q", in.Kind)
}

func limitWire(l engine.WagerLimit) wireLimit {
	return wireLimit{Min: l.Min, Max: l.Max, Multiple: l.Multiple}
}

func signWire(s engine.Sign) wireSign {
	w := wireSign{Player: limitWire(s.Player), Banker: limitWire(s.Banker), Tie: limitWire(s.Tie),
		Insurance: limitWire(s.Insurance), Runs: limitWire(s.Run), DifferentialMin: s.DifferentialMin,
		DifferentialMax: s.DifferentialMax, Markers: []wireMarker{}}
	for _, m := range s.Markers {
		w.Markers = append(w.Markers, wireMarker{Seat: m.Seat, Text: m.Text, Limit: limitWire(m.Limit)})
	}
	return w
}

// Equal reports whether a and b are the same input as the journal records it: a token's
// Line and Text, and a sign's settlement method and its empty and absent markers, are not
// told apart; times are compared as instants.
func Equal(a, b Input) bool {
	norm := func(in Input) Input {
		in.Token.Line, in.Token.Text = 0, ""
		if in.Change != nil {
			c := *in.Change
			c.At = c.At.UTC()
			c.Sign.Settlement = 0
			if len(c.Sign.Markers) == 0 {
				c.Sign.Markers = nil
			}
			in.Change = &c
		}
		return in
	}
	return reflect.DeepEqual(norm(a), norm(b))
}

// FieldError is a payload refused by Decode: the field (a JSON path such as "sign.player.min",
// or "" for the payload as a whole) and why.
type FieldError struct {
	Version int
	Field   string
	Reason  string
}

func (e *FieldError) Error() string {
	v := "payload"
	if e.Version > 0 {
		v = fmt.Sprintf("v%d payload", e.Version)
	}
	if e.Field == "" {
		return fmt.Sprintf("decode table input %s: %s", v, e.Reason)
	}
	return fmt.Sprintf("decode table input %s: field %q: %s", v, e.Field, e.Reason)
}

// strict decodes payload into v refusing unknown fields and anything after the object; a
// failure names the field.
func strict(version int, payload []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(version, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return &FieldError{Version: version, Reason: "data after the object"}
	}
	return nil
}

// jsonError turns encoding/json's error into a FieldError naming the field.
func jsonError(version int, err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		f := te.Field
		if f == "" {
			f = "(payload)"
		}
		return &FieldError{Version: version, Field: f, Reason: fmt.Sprintf("want %s, not a JSON %s", te.Type, te.Value)}
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return &FieldError{Version: version, Field: strings.Trim(f, `"`), Reason: "unknown field"}
	}
	return &FieldError{Version: version, Reason: strings.TrimPrefix(msg, "json: ")}
}
