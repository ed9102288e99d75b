package engine

import (
	"strings"
	"testing"
)

// TestWordKind: the script's words are read in any case, as tokenWords[strings.ToLower(f)]
// reads them, and nothing else is a word (cards, long tokens, non-ASCII look-alikes).
func TestWordKind(t *testing.T) {
	for _, c := range []struct {
		f    string
		want TokenKind
		ok   bool
	}{
		{"shoe", TokShoe, true}, {"SHOE", TokShoe, true}, {"Cut", TokCut, true}, {"reshuffle", TokReshuffle, true},
		{"ReShUfFlE", TokReshuffle, true}, {"faceburn", TokFaceBurn, true}, {"VOID", TokVoid, true}, {"nobet", TokNoBet, true},
		{"reshuffles", 0, false}, {"9H", 0, false}, {"KS", 0, false}, {"", 0, false}, {"shoe ", 0, false},
		{"ſhoe", 0, false}, {"\u212aut", 0, false}, {"SHOE\x00", 0, false}, {"cutcutcutcut", 0, false},
	} {
		k, ok := wordKind(c.f)
		if k != c.want || ok != c.ok {
			t.Errorf("wordKind(%q) = %v, %v; want %v, %v", c.f, k, ok, c.want, c.ok)
		}
		if lk, lok := tokenWords[strings.ToLower(c.f)]; lk != k || lok != ok {
			t.Errorf("wordKind(%q) = %v, %v; strings.ToLower reads %v, %v", c.f, k, ok, lk, lok)
		}
	}
	if n := testing.AllocsPerRun(100, func() { wordKind("9H") }); n != 0 {
		t.Errorf("wordKind allocates %v times a call", n)
	}
}
