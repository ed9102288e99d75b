package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// TokenKind is what one token of a shoe script says (spec/shoe-protocol.md §4).
type TokenKind uint8

// The shoe-script tokens. Their meaning under each rule book is in spec/rule-profiles.md.
const (
	TokCard      TokenKind = iota + 1 // a card drawn from the shoe, in order
	TokShoe                           // a shuffled shoe is loaded; the table's burn procedure follows
	TokFaceBurn                       // a player asked for a face-value burn for this shoe (vic, act)
	TokBurn                           // the next card is burned
	TokNoBurn                         // the dealer did not burn at the start of this shoe
	TokCut                            // the cutting card came out
	TokExposed                        // the card just drawn was exposed (disclosed) in error
	TokFaceUp                         // the next card was found face up in the shoe
	TokDummy                          // the supervisor directs that the next coup is a dummy coup
	TokNoBet                          // a request that the next round be played without wagers
	TokVoid                           // cancel the round in progress, or round N after the fact
	TokReshuffle                      // (red dog) the discards are shuffled, cut and burned mid-round
	TokEmpty                          // the shoe ran out
)

var tokenWords = map[string]TokenKind{
	"shoe": TokShoe, "faceburn": TokFaceBurn, "burn": TokBurn, "noburn": TokNoBurn, "cut": TokCut,
	"exposed": TokExposed, "faceup": TokFaceUp, "dummy": TokDummy, "nobet": TokNoBet, "void": TokVoid,
	"reshuffle": TokReshuffle, "empty": TokEmpty,
}

// wordKind is the script word f names, in any case ("Shoe", "CUT"), as tokenWords[strings.ToLower(f)]
// but without allocating a lowered copy of every card ("9H") a script holds. Every word is
// lower-case ASCII of at most 9 bytes, so only ASCII letters need lowering: a token longer than
// that, or with a byte that is not ASCII, names no word either way (no character outside ASCII
// lowers to a letter of a word: the Kelvin sign lowers to "k", which no word has).
func wordKind(f string) (TokenKind, bool) {
	var buf [len("reshuffle")]byte
	if len(f) > len(buf) {
		return 0, false
	}
	for i := 0; i < len(f); i++ {
		c := f[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	k, ok := tokenWords[string(buf[:len(f)])] // a map index by a converted slice does not allocate
	return k, ok
}

// String is the token's word in the script ("card" for a card).
func (k TokenKind) String() string {
	if k == TokCard {
		return "card"
	}
	for w, kk := range tokenWords {
		if kk == k {
			return w
		}
	}
	return "?"
}

// Position is where a shoe says a card goes: P1-P3, B1-B3 (CSP1), or PosNone when it does not know.
type Position uint8

// The positions a smart shoe may report.
const (
	PosNone Position = iota
	P1
	P2
	P3
	B1
	B2
	B3
)

var positionNames = [...]string{"", "P1", "P2", "P3", "B1", "B2", "B3"}

// String is the position's CSP1 name, or "" for PosNone.
func (p Position) String() string {
	if int(p) < len(positionNames) {
		return positionNames[p]
	}
	return "?"
}

// ParsePosition reads "P1".."B3" (case-insensitive).
func ParsePosition(s string) (Position, error) {
	for i := 1; i < len(positionNames); i++ {
		if strings.EqualFold(positionNames[i], s) {
			return Position(i), nil
		}
	}
	return PosNone, fmt.Errorf("position %q: want P1, P2, P3, B1, B2 or B3", s)
}

// Token is one token of a shoe script with where it stands.
type Token struct {
	Kind TokenKind
	Card Card     // TokCard
	Pos  Position // TokCard, when the shoe reported a position ("9H@P3")
	N    int      // TokVoid: the round to cancel after the fact; 0 means the round in progress
	Line int      // 1-based line of the token
	Text string   // the token as written
}

// ScriptError is a malformed shoe script: the line, the token and the reason.
type ScriptError struct {
	Line   int
	Token  string
	Reason string
}

func (e *ScriptError) Error() string {
	return fmt.Sprintf("line %d: %q: %s", e.Line, e.Token, e.Reason)
}

// ParseScript reads a shoe script: tokens separated by white space, '#' to the end of a line
// is a comment. A malformed token is a *ScriptError naming the line, the token and the reason.
func ParseScript(src string) ([]Token, error) {
	var toks []Token
	for i, line := range strings.Split(src, "\n") {
		if h := strings.IndexByte(line, '#'); h >= 0 {
			line = line[:h]
		}
		fields := strings.Fields(line)
		toks = slices.Grow(toks, len(fields)) // a token a field, but for "void N": one growth a line
		for j := 0; j < len(fields); j++ {
			f := fields[j]
			t := Token{Line: i + 1, Text: f}
			if k, ok := wordKind(f); ok {
				t.Kind = k
				if k == TokVoid && j+1 < len(fields) {
					if n, err := strconv.Atoi(fields[j+1]); err == nil {
						if n < 1 {
							return nil, &ScriptError{Line: t.Line, Token: f + " " + fields[j+1], Reason: "a round number starts at 1"}
						}
						t.N = n
						t.Text = f + " " + fields[j+1]
						j++
					}
				}
				toks = append(toks, t)
				continue
			}
			code, pos, hasPos := strings.Cut(f, "@")
			c, err := ParseCard(code)
			if err != nil {
				return nil, &ScriptError{Line: t.Line, Token: f, Reason: "not a card or a script word: " + err.Error()}
			}
			t.Kind, t.Card = TokCard, c
			if hasPos {
				p, err := ParsePosition(pos)
				if err != nil {
					return nil, &ScriptError{Line: t.Line, Token: f, Reason: err.Error()}
				}
				t.Pos = p
			}
			toks = append(toks, t)
		}
	}
	return toks, nil
}
