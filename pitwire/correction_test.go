package pitwire

import (
	"errors"
	"strings"
	"testing"
)

// The rounds of a correction: round 4 as first dealt (Banker 7 over Player 5), and as the
// supervisor entered it (Player 8 over Banker 7).
const (
	firstRound     = `{"n":4,"kind":"normal","winner":"B","player_total":5,"banker_total":7,"natural":false,"player_pair":false,"banker_pair":false,"player_cards":3,"banker_cards":2,"banker_first_two":7,"player_hand":["2H","KS","3C"],"banker_hand":["4D","3S"]}`
	correctedRound = `{"n":4,"kind":"normal","winner":"P","player_total":8,"banker_total":7,"natural":true,"player_pair":false,"banker_pair":false,"player_cards":2,"banker_cards":2,"banker_first_two":7,"player_hand":["5H","3S"],"banker_hand":["4D","3S"]}`
)

func TestDecodeRoundCorrected(t *testing.T) {
	const head = `{"v":1,"table":"BAC-07","seq":40,"type":"round_corrected","time":"2026-11-26T21:30:00Z","shoe":3,`
	ok := `"corrected":{"round":` + correctedRound + `,"replaces":` + firstRound + `,"rule":"000 13.10"}}`
	for _, tc := range []struct {
		name, body, want string // want: "" for valid, else a word of the error
	}{
		{"corrected", ok, ""},
		{"by hand, result only", `"corrected":{"round":{"n":4,"kind":"nobet","winner":"T","player_total":0,"banker_total":0,"natural":false,"player_pair":false,"banker_pair":false,"player_cards":0,"banker_cards":0,"banker_first_two":0,"result_only":true},"replaces":{"n":4,"kind":"nobet","winner":"P","player_total":0,"banker_total":0,"natural":false,"player_pair":false,"banker_pair":false,"player_cards":0,"banker_cards":0,"banker_first_two":0,"result_only":true},"rule":"13.10"}}`, ""},
		{"no payload", `"pace":null}`, "no corrected round"},
		{"a round instead", `"round":` + firstRound + `}`, "a round in a round_corrected message"},
		{"a round beside it", strings.Replace(ok, `"corrected":`, `"round":`+firstRound+`,"corrected":`, 1), "a round in a round_corrected message"},
		{"no rule", strings.Replace(ok, `,"rule":"000 13.10"`, ``, 1), "correction rule"},
		{"rule with a newline", strings.Replace(ok, `000 13.10`, `000\n13.10`, 1), "correction rule"},
		{"no replaced round", strings.Replace(ok, `,"replaces":`+firstRound, ``, 1), "round number 0"},
		{"another round replaced", strings.Replace(ok, `"replaces":{"n":4`, `"replaces":{"n":5`, 1), "replaces round 5"},
		{"another kind replaced", strings.Replace(ok, `"replaces":{"n":4,"kind":"normal"`, `"replaces":{"n":4,"kind":"nobet"`, 1), "want the same round and kind"},
		{"a cancelled round corrected", strings.Replace(ok, `"round":`+correctedRound, `"round":{"n":4,"kind":"cancelled"}`, 1), "cancelled round has no result"},
		{"the corrected cards do not make its totals", strings.Replace(ok, `"5H","3S"`, `"5H","2S"`, 1), "player_hand totals 7"},
		{"the corrected round's winner is not its totals", strings.Replace(ok, `"winner":"P","player_total":8`, `"winner":"B","player_total":8`, 1), "does not match"},
		{"a round without kind", strings.Replace(ok, `"replaces":{"n":4,"kind":"normal",`, `"replaces":{"n":4,`, 1), `"kind"`},
		{"an unknown field", strings.Replace(ok, `"rule":`, `"by":"S1","rule":`, 1), "unknown field"},
		{"a pace", strings.Replace(ok, `}}`, `},"pace":{"hands_per_hour":60}}`, 1), "a pace in a round_corrected"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode([]byte(head + tc.body))
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("Decode: %v", err)
			case tc.want != "" && (!errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("Decode = %v, want ErrInvalid naming %q", err, tc.want)
			}
		})
	}
}

// TestCorrectedInAnotherType: a corrected round travels only in its own type.
func TestCorrectedInAnotherType(t *testing.T) {
	m, err := Decode([]byte(`{"v":1,"table":"BAC-07","seq":40,"type":"round_corrected","shoe":3,"corrected":{"round":` + correctedRound + `,"replaces":` + firstRound + `,"rule":"000 13.10"}}`))
	if err != nil {
		t.Fatal(err)
	}
	m.Type = TypeReview
	if err := m.Validate(); err == nil || !strings.Contains(err.Error(), "a corrected round in a review message") {
		t.Fatalf("Validate = %v, want the corrected round refused", err)
	}
	m.Type = TypeRoundCorrected
	b, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(b)
	if err != nil || back.Corrected.Round.Winner != "P" || back.Corrected.Replaces.Winner != "B" || back.Corrected.Rule != "000 13.10" {
		t.Fatalf("round trip: %+v, %v", back.Corrected, err)
	}
}
