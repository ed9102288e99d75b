package operator

import (
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

func TestKeypad(t *testing.T) {
	for _, tc := range []struct {
		keys    string
		pending string
		last    KeyResult
		note    string
	}{
		{"1234567890", "A 2 3 4 5 6 7 8 9 T", KeyCard, ""}, // 1 is the ace, 0 a ten-value card
		{"9h", "9H", KeySuit, ""},
		{"0sjdqhkc", "TS JD QH KC", KeySuit, ""},
		{"9hd", "9D", KeySuit, ""}, // a second suit key corrects the first
		{"h", "—", KeyIgnored, "type the rank first"},
		{"25.", "2", KeyUndo, ""},
		{"2.", "—", KeyUndo, ""},
		{".", "—", KeyIgnored, "nothing to undo"},
		{"\n", "—", KeyIgnored, "no cards to confirm"},
		{"7\n", "7", KeyConfirm, ""},
		{"7\r", "7", KeyConfirm, ""},
		{"x", "—", KeyIgnored, ""},
		{strings.Repeat("9", maxPending+1), strings.TrimSpace(strings.Repeat("9 ", maxPending)), KeyIgnored, "too many cards"},
	} {
		var k Keypad
		var res KeyResult
		var note string
		for _, r := range tc.keys {
			res, note = k.Press(r)
		}
		if k.String() != tc.pending || res != tc.last || !strings.Contains(note, tc.note) || (tc.note == "" && note != "") {
			t.Errorf("keys %q: pending %q result %d note %q; want %q %d %q", tc.keys, k.String(), res, note, tc.pending, tc.last, tc.note)
		}
	}
}

func FuzzKeypad(f *testing.F) {
	for _, s := range []string{"1234567890", "9h.\n", "0sjdqhkc\r", ".....", strings.Repeat("7", 40), "\x00\xff☃", "25h9.\n", "*1\n", "*2456*9", "9*.*3\n", "*4\n.r3n\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, keys string) {
		var k Keypad
		n := 0
		for _, r := range keys {
			res, _ := k.Press(r)
			switch res {
			case KeyCard:
				n++
			case KeyUndo:
				n--
			}
			if len(k.Pending()) != n || n < 0 || n > maxPending {
				t.Fatalf("after %q: %d pending, counted %d", keys, len(k.Pending()), n)
			}
			if k.ResultMode() && n != 0 {
				t.Fatalf("after %q: result-only entry with %d cards pending", keys, n)
			}
			if w := k.Result().Winner; res == KeyConfirmResult && w != engine.Banker && w != engine.Player && w != engine.Tie {
				t.Fatalf("after %q: a result confirmed with winner %d", keys, w)
			}
		}
		for _, c := range k.Pending() {
			if !c.Valid() {
				t.Fatalf("keys %q made an invalid card %+v", keys, c)
			}
			if _, err := engine.ParseCard(c.String()); err != nil {
				t.Fatalf("keys %q made card %s the engine cannot read: %v", keys, c, err)
			}
		}
	})
}

func TestKeypadResultOnly(t *testing.T) {
	for _, tc := range []struct {
		keys   string
		shown  string
		last   KeyResult
		note   string
		result engine.ManualResult
	}{
		{"*", "RESULT ?", KeyResultMode, "", engine.ManualResult{}},
		{"*1", "RESULT BANKER", KeyResultSet, "", engine.ManualResult{Winner: engine.Banker}},
		{"*2456", "RESULT PLAYER · B pair · P pair · natural", KeyResultSet, "", engine.ManualResult{Winner: engine.Player, BankerPair: true, PlayerPair: true, Natural: true}},
		{"*3443", "RESULT TIE", KeyResultSet, "", engine.ManualResult{Winner: engine.Tie}},
		{"*1\n", "RESULT BANKER", KeyConfirmResult, "", engine.ManualResult{Winner: engine.Banker}},
		{"*4\n", "RESULT ? · B pair", KeyIgnored, "choose 1 Banker", engine.ManualResult{BankerPair: true}},
		{"*19", "RESULT BANKER", KeyIgnored, "1 Banker, 2 Player", engine.ManualResult{Winner: engine.Banker}},
		{"*1*", "—", KeyResultMode, "", engine.ManualResult{}}, // back to cards, nothing kept
		{"*1.", "—", KeyResultMode, "", engine.ManualResult{}}, // '.' leaves too
		{"9*", "9", KeyIgnored, "confirm or undo the typed cards first", engine.ManualResult{}},
		{"*1*9", "9", KeyCard, "", engine.ManualResult{}},
	} {
		var k Keypad
		var res KeyResult
		var note string
		for _, r := range tc.keys {
			res, note = k.Press(r)
		}
		if k.String() != tc.shown || res != tc.last || !strings.Contains(note, tc.note) || (tc.note == "" && note != "") || k.Result() != tc.result {
			t.Errorf("keys %q: shows %q result %d note %q %+v; want %q %d %q %+v", tc.keys, k.String(), res, note, k.Result(), tc.shown, tc.last, tc.note, tc.result)
		}
	}
}
