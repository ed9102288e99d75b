package engine

import "fmt"

// Replayer deals a shoe script through a Game, turning face-down hands over as soon as they
// may be (Player first, as every book allows), since a script carries no reveal commands.
// It is what `coupboard replay` and the benchmarks drive.
type Replayer struct {
	g   *Game
	buf []Event
}

// NewReplayer starts a game for replaying scripts.
func NewReplayer(p Profile, s Settings) (*Replayer, error) {
	g, err := NewGame(p, s)
	if err != nil {
		return nil, err
	}
	return &Replayer{g: g}, nil
}

// Game is the replayer's game.
func (r *Replayer) Game() *Game { return r.g }

// Feed applies one token and any reveals it makes possible. The returned events are valid
// until the next call to Feed or End: the buffer is reused, so replaying allocates nothing
// on the common path.
func (r *Replayer) Feed(t Token) []Event {
	r.buf = r.AppendFeed(r.buf[:0], &t)
	return r.buf
}

// AppendFeed is Feed appending the events to dst, so that a caller that keeps its own list of
// events (engine/desk) has them written there once instead of copied from the replayer's buffer.
func (r *Replayer) AppendFeed(dst []Event, t *Token) []Event {
	g := r.g
	g.out = dst
	g.token(*t, SourceShoe) // as AppendApply(dst, TokenInput(*t)) does, without building the Input
	dst, g.out = g.out, nil
	for g.inRound && g.c.np >= 2 && g.c.nb >= 2 {
		switch {
		case g.c.hasFaceDown(HandPlayer):
			dst = g.AppendApply(dst, TurnInput(HandPlayer))
		case g.c.hasFaceDown(HandBanker):
			dst = g.AppendApply(dst, TurnInput(HandBanker))
		default:
			return dst
		}
	}
	return dst
}

// End reports a round left unfinished by the end of the script as an anomaly.
func (r *Replayer) End() []Event {
	r.buf = r.buf[:0]
	if r.g.inRound {
		r.g.out = r.buf
		r.g.anomaly(r.g.c.n, "", fmt.Sprintf("the script ended during round %d: it has no result", r.g.c.n))
		r.buf, r.g.out = r.g.out, nil
	}
	return r.buf
}
