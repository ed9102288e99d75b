package table

import (
	"encoding/json"
	"fmt"

	"github.com/coupboard/coupboard/app/journal/inputs"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// The journal's input schema (app/journal/inputs) is the contract of an input record; this
// file only translates between it and the table's Input. An operator command is a desk.Command
// in both; a game command (turn, accept, result, reconstruct) is read back as the game input it
// gives, which the table aggregate carries out the same way. A setting is read back as the
// command, as `replay` reads it: the aggregate posts one that changes the sign (001 8.2).

// encodeSchema is in's payload in the journal's schema (version 2).
func encodeSchema(in Input) (json.RawMessage, error) {
	s, err := toSchema(in)
	if err != nil {
		return nil, fmt.Errorf("encode table input: %w", err)
	}
	return inputs.Encode(s)
}

// decodeSchema reads a payload of any schema version the journal has held.
func decodeSchema(payload []byte) (Input, error) {
	s, err := inputs.Decode(payload)
	if err != nil {
		return Input{}, err
	}
	in, err := fromSchema(s)
	if err != nil {
		return Input{}, fmt.Errorf("decode table input: %w", err)
	}
	return in, nil
}

func command(c desk.Command) (inputs.Input, error) {
	return inputs.Input{Kind: inputs.KindCommand, Command: &c}, nil
}

// toSchema is the schema's form of one table input.
func toSchema(in Input) (inputs.Input, error) {
	if n := in.parts(); n != 1 {
		return inputs.Input{}, fmt.Errorf("want exactly one of game, command, op, alert; have %d", n)
	}
	switch {
	case in.Command != nil:
		return command(*in.Command)
	case in.Alert != nil:
		return inputs.Input{Kind: inputs.KindAlert, Alert: inputs.Alert{Text: in.Alert.Text, Key: in.Alert.Key}}, nil
	case in.Op != nil:
		o := in.Op
		switch o.Kind {
		case OpSchedule:
			if o.Change == nil {
				return inputs.Input{}, fmt.Errorf("schedule: no change given")
			}
			return inputs.Input{Kind: inputs.KindSchedule, Change: o.Change}, nil
		case OpClearAlert:
			return inputs.Input{Kind: inputs.KindAlertClear, AlertID: o.AlertID}, nil
		case OpReopen:
			return inputs.Input{Kind: inputs.KindReopen}, nil
		case OpCleanStop:
			return inputs.Input{Kind: inputs.KindStop}, nil
		}
		return inputs.Input{}, fmt.Errorf("unknown operator command %q", o.Kind)
	}
	g := in.Game
	switch g.Kind {
	case engine.InToken:
		return inputs.Input{Kind: inputs.KindToken, Token: g.Token, Source: g.Source}, nil
	case engine.InDoubt:
		return inputs.Input{Kind: inputs.KindDoubt, Doubt: g.Doubt}, nil
	case engine.InShoeResult:
		return inputs.Input{Kind: inputs.KindShoeResult, ShoeResult: g.ShoeResult}, nil
	}
	// turn, accept, result, reconstruct, setting: journalled as the table-script command
	c, err := desk.GameCommand(*g)
	if err != nil {
		return inputs.Input{}, fmt.Errorf("game input: %w", err)
	}
	return command(*c)
}

// fromSchema is the table input a journalled input stands for.
func fromSchema(s inputs.Input) (Input, error) {
	game := func(g engine.Input) (Input, error) { return Input{Game: &g}, nil }
	op := func(o Op) (Input, error) { return Input{Op: &o}, nil }
	switch s.Kind {
	case inputs.KindToken:
		return game(engine.Input{Kind: engine.InToken, Token: s.Token, Source: s.Source})
	case inputs.KindDoubt:
		return game(engine.Input{Kind: engine.InDoubt, Doubt: s.Doubt})
	case inputs.KindShoeResult:
		return game(engine.ShoeResultInput(s.ShoeResult))
	case inputs.KindSchedule:
		return op(Op{Kind: OpSchedule, Change: s.Change})
	case inputs.KindAlert:
		return Input{Alert: &Alert{Text: s.Alert.Text, Key: s.Alert.Key}}, nil
	case inputs.KindAlertClear:
		return op(Op{Kind: OpClearAlert, AlertID: s.AlertID})
	case inputs.KindReopen:
		return op(Op{Kind: OpReopen})
	case inputs.KindStop:
		return op(Op{Kind: OpCleanStop})
	case inputs.KindCommand:
	default:
		return Input{}, fmt.Errorf("unknown kind %q", s.Kind)
	}
	if g, ok := desk.GameInput(s.Command); ok {
		return game(g)
	}
	return Input{Command: s.Command}, nil
}
