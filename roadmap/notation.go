package roadmap

import (
	"fmt"
	"unicode/utf8"

	"github.com/coupboard/coupboard/engine"
)

// ParseError is a character of hand notation that is not allowed where it stands.
type ParseError struct {
	Pos    int    // 1-based character position in the whole input
	Line   int    // 1-based line
	Column int    // 1-based character column within the line
	Char   string // the offending character, quoted, or its byte in hex when it is not UTF-8
	Reason string // what is wrong with it
}

// Error names the character, its position and what is wrong.
func (e *ParseError) Error() string {
	return fmt.Sprintf("position %d (line %d, column %d): %s: %s", e.Pos, e.Line, e.Column, e.Char, e.Reason)
}

// ParseHands reads hand notation (spec/roadmap.md §7): one capital letter per hand, B, P or T, each
// optionally followed by b (banker pair) and/or p (player pair), at most one of each, in either order.
// White space (space, tab, CR, LF) is ignored anywhere. Any other character, a b or p before the first
// hand letter, or a repeated b or p is a *ParseError naming its position. Every hand is Normal.
func ParseHands(s string) ([]Hand, error) {
	hands := make([]Hand, 0, len(s))
	pos, line, col := 0, 1, 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		pos++
		col++
		fail := func(reason string) error {
			ch := fmt.Sprintf("%q", r)
			if r == utf8.RuneError && size == 1 {
				ch = fmt.Sprintf("byte 0x%02x", s[i])
			}
			return &ParseError{Pos: pos, Line: line, Column: col, Char: ch, Reason: reason}
		}
		switch r {
		case 'B', 'P', 'T':
			w := engine.Banker
			if r == 'P' {
				w = engine.Player
			} else if r == 'T' {
				w = engine.Tie
			}
			hands = append(hands, Hand{Winner: w})
		case 'b', 'p':
			if len(hands) == 0 {
				return nil, fail("a pair mark must follow a hand letter B, P or T")
			}
			h := &hands[len(hands)-1]
			if r == 'b' {
				if h.BankerPair {
					return nil, fail("banker pair marked twice on one hand")
				}
				h.BankerPair = true
			} else {
				if h.PlayerPair {
					return nil, fail("player pair marked twice on one hand")
				}
				h.PlayerPair = true
			}
		case ' ', '\t', '\r':
		case '\n':
			line++
			col = 0
		default:
			if r == utf8.RuneError && size == 1 {
				return nil, fail("not UTF-8")
			}
			return nil, fail("not a hand (B, P, T), a pair mark (b, p) or white space")
		}
		i += size
	}
	return hands, nil
}
