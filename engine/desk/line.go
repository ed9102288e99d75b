package desk

import (
	"fmt"

	"github.com/coupboard/coupboard/engine"
)

// ScriptLine is the one table-script line of an input (without the clock): a shoe token
// ("9H@P3", "void 12"), a game command ("!turn banker", "!accept", "!result tie natural",
// "!reconstruct …", "!setting KEY=VALUE") or an operator command. An input of the shoe link
// that no operator gives (a doubt, the shoe's own result) has no script line: an error says so.
func (in Input) ScriptLine() (string, error) {
	switch {
	case in.Command != nil && in.Game == nil:
		return in.Command.String(), nil
	case in.Game == nil || in.Command != nil:
		return "", fmt.Errorf("script line: want exactly one of a game input and a command")
	}
	c, err := GameCommand(*in.Game)
	if err != nil {
		return "", err
	}
	if c == nil {
		return TokenString(in.Game.Token), nil
	}
	return c.String(), nil
}

// GameCommand is the command that gives a game input (turn, accept, result, reconstruct,
// setting); nil for a shoe token, which is written as itself. The table carries out the
// command as that same input.
func GameCommand(in engine.Input) (*Command, error) {
	switch in.Kind {
	case engine.InToken:
		return nil, nil
	case engine.InTurn:
		return &Command{Verb: VerbTurn, Turn: in.Hand, Authorised: in.Authorised}, nil
	case engine.InAcceptReview:
		return &Command{Verb: VerbAccept}, nil
	case engine.InResult:
		return &Command{Verb: VerbResult, Result: in.Result}, nil
	case engine.InReconstruct:
		return &Command{Verb: VerbReconstruct, Round: in.Token.N, Cards: append([]engine.Card(nil), in.Cards...)}, nil
	case engine.InDispute:
		return &Command{Verb: VerbDispute, Round: in.Token.N}, nil
	case engine.InDoubt:
		if _, ok := engine.DoubtRuleOf(in.Doubt.Kind); !ok {
			return nil, fmt.Errorf("script line: unknown doubt %q", in.Doubt.Kind)
		}
		return &Command{Verb: VerbDoubt, Doubt: in.Doubt}, nil
	case engine.InShoeResult:
		r := in.ShoeResult
		if r.Winner != engine.Player && r.Winner != engine.Banker && r.Winner != engine.Tie || r.PlayerTotal < 0 || r.PlayerTotal > 9 || r.BankerTotal < 0 || r.BankerTotal > 9 {
			return nil, fmt.Errorf("script line: the shoe's result %s is not a result", r)
		}
		return &Command{Verb: VerbShoeResult, Shoe: r}, nil
	case engine.InSetting:
		return &Command{Verb: VerbSetting, Key: in.Key, Value: in.Value}, nil
	}
	return nil, fmt.Errorf("script line: input kind %d has no script line", in.Kind)
}
