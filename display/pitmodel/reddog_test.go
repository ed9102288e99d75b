package pitmodel

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
)

func rdMsg(seq uint64, shoe int, r pitwire.RedDogRound) pitwire.Message {
	return pitwire.Message{V: pitwire.Version, Table: "RD-02", Seq: seq, Type: pitwire.TypeRedDogRound, Shoe: shoe, RedDog: &r}
}

// TestRedDogRounds: a Red Dog table's rounds reach its tile in order, across shoes, at most
// RedDogRounds of them; a cancellation marks its round; a second result for a round, or a round
// whose cards do not make its result, is refused and changes nothing.
func TestRedDogRounds(t *testing.T) {
	b := New(DefaultConfig())
	now := time.Unix(0, 0)
	win := pitwire.RedDogRound{N: 1, Kind: engine.KindNormal, Cards: []string{"3H", "9S", "5D"}, Spread: "5", Outcome: "win", Pays: "1:1"}
	if _, err := b.Apply(rdMsg(3, 1, win), now); err != nil {
		t.Fatal(err)
	}
	push := pitwire.RedDogRound{N: 2, Kind: engine.KindNormal, Cards: []string{"4H", "5C"}, Spread: "consecutive", Outcome: "push"}
	if _, err := b.Apply(rdMsg(5, 1, push), now); err != nil {
		t.Fatal(err)
	}
	tb, _ := b.Table("RD-02")
	if len(tb.RedDog) != 2 || tb.RedDog[0].Outcome != "win" || tb.Shoe != 1 || tb.Version == 0 {
		t.Fatalf("table %+v", tb)
	}
	v := tb.Version
	if _, err := b.Apply(rdMsg(6, 1, win), now); err == nil || !strings.Contains(err.Error(), "already has a result") {
		t.Fatalf("a second result: %v", err)
	}
	lie := win
	lie.N, lie.Outcome = 3, "lose"
	if _, err := b.Apply(rdMsg(7, 1, lie), now); err == nil {
		t.Fatal("a round its cards do not make was applied")
	}
	if tb.Version != v || len(tb.RedDog) != 2 {
		t.Fatalf("a refused message changed the table: %+v", tb)
	}
	if _, err := b.Apply(rdMsg(8, 1, pitwire.RedDogRound{N: 1, Kind: engine.KindCancelled}), now); err != nil {
		t.Fatal(err)
	}
	if r := tb.RedDog[0]; r.Kind != engine.KindCancelled || len(r.Cards) != 0 || r.Outcome != "" {
		t.Fatalf("cancelled round %+v", r)
	}
	if res, _ := b.Apply(rdMsg(8, 1, push), now); res != Duplicate {
		t.Fatalf("resent record: %v", res)
	}
	seq := uint64(10)
	for n := 3; n < 40; n++ { // a new shoe does not clear the rounds; the window keeps the last 24
		seq++
		r := push
		r.N = n
		if _, err := b.Apply(rdMsg(seq, 2, r), now); err != nil {
			t.Fatal(err)
		}
	}
	if len(tb.RedDog) != RedDogRounds || tb.RedDog[0].N != 40-RedDogRounds || tb.Shoe != 2 {
		t.Fatalf("%d rounds from %d, shoe %d", len(tb.RedDog), tb.RedDog[0].N, tb.Shoe)
	}
	if got := fmt.Sprint(tb.RedDog[len(tb.RedDog)-1].N); got != "39" {
		t.Errorf("newest round %s", got)
	}
}
