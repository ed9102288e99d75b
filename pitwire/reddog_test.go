package pitwire

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

func TestDecodeRedDogRound(t *testing.T) {
	const head = `{"v":1,"table":"RD-02","seq":9,"type":"reddog_round","shoe":1,`
	for _, tc := range []struct {
		name, body, want string // want: "" for valid, else a word of the error
	}{
		{"win on a spread", `"reddog":{"n":1,"kind":"normal","cards":["3H","9S","5D"],"spread":"5","outcome":"win","pays":"1:1"}}`, ""},
		{"consecutive push", `"reddog":{"n":2,"kind":"normal","cards":["4H","5C"],"spread":"consecutive","outcome":"push"}}`, ""},
		{"three of a kind", `"reddog":{"n":3,"kind":"normal","cards":["8D","8S","8H"],"spread":"pair","outcome":"win","pays":"11:1"}}`, ""},
		{"cancelled", `"reddog":{"n":4,"kind":"cancelled"}}`, ""},
		{"a baccarat round instead", `"round":{"n":1,"kind":"cancelled"}}`, "a round in a reddog_round message"},
		{"round 0", `"reddog":{"n":0,"kind":"cancelled"}}`, "round number 0"},
		{"nobet", `"reddog":{"n":1,"kind":"nobet","cards":["4H","5C"],"spread":"consecutive","outcome":"push"}}`, `kind "nobet"`},
		{"no kind", `"reddog":{"n":1,"cards":["4H","5C"],"spread":"consecutive","outcome":"push"}}`, `no "kind"`},
		{"cancelled with cards", `"reddog":{"n":1,"kind":"cancelled","cards":["4H","5C"]}}`, "cancelled, but"},
		{"one card", `"reddog":{"n":1,"kind":"normal","cards":["4H"],"spread":"consecutive","outcome":"push"}}`, "1 cards"},
		{"not a card", `"reddog":{"n":1,"kind":"normal","cards":["4H","ZZ"],"spread":"consecutive","outcome":"push"}}`, `card 2 "ZZ"`},
		{"no suit", `"reddog":{"n":1,"kind":"normal","cards":["4H","5"],"spread":"consecutive","outcome":"push"}}`, `card 2 "5"`},
		{"a third card on no spread", `"reddog":{"n":1,"kind":"normal","cards":["4H","5C","9D"],"spread":"consecutive","outcome":"push"}}`, "do not make a round"},
		{"a spread needs its third card", `"reddog":{"n":1,"kind":"normal","cards":["3H","9S"],"spread":"5","outcome":"push"}}`, "do not make a round"},
		{"wrong outcome", `"reddog":{"n":1,"kind":"normal","cards":["3H","9S","5D"],"spread":"5","outcome":"lose"}}`, "the message says"},
		{"wrong payout", `"reddog":{"n":1,"kind":"normal","cards":["3H","9S","5D"],"spread":"5","outcome":"win","pays":"5:1"}}`, "the message says"},
		{"wrong spread", `"reddog":{"n":1,"kind":"normal","cards":["3H","9S","5D"],"spread":"4","outcome":"win","pays":"1:1"}}`, "the message says"},
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

func TestRedDogRoundTrip(t *testing.T) {
	card := func(s string) engine.Card {
		c, err := engine.ParseCard(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	rd := reddog.Round{N: 7, Shoe: 2, Cards: []engine.Card{card("QC"), card("2D"), card("9H")}, Spread: 9, RaisePercent: 100,
		Outcome: reddog.Win, Pays: reddog.Pays{Win: 1, Stake: 1}, Kind: reddog.KindNormal}
	r := RedDogRoundOf(rd)
	want := RedDogRound{N: 7, Kind: engine.KindNormal, Cards: []string{"QC", "2D", "9H"}, Spread: "9", Outcome: "win", Pays: "1:1"}
	if !reflect.DeepEqual(r, want) {
		t.Fatalf("RedDogRoundOf = %+v, want %+v", r, want)
	}
	m := Message{V: Version, Table: "RD-02", Seq: 40, Type: TypeRedDogRound, Time: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Shoe: 2, RedDog: &r}
	b, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"type":"reddog_round"`) || strings.Contains(string(b), `"round"`) {
		t.Errorf("encoded %s", b)
	}
	got, err := Decode(b)
	if err != nil || !reflect.DeepEqual(got, m) {
		t.Fatalf("round trip: %+v, %v", got, err)
	}
	if c := RedDogRoundOf(reddog.Round{N: 8, Kind: reddog.KindCancelled, Cards: rd.Cards}); !reflect.DeepEqual(c, RedDogRound{N: 8, Kind: engine.KindCancelled}) {
		t.Errorf("cancelled: %+v", c)
	}
	if s := Subject("RD-02", TypeRedDogRound); s != "table.RD-02.reddog_round" {
		t.Errorf("Subject = %q", s)
	}
}
