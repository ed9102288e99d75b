package console

import (
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
)

// A round corrected after the fact (pitwire.TypeRoundCorrected) replaces the table's last
// result on the console, and its cards are not shown either.
func TestCorrectedRoundOnTheConsole(t *testing.T) {
	r := newRig(t)
	dealt := pitwire.Round{N: 1, Kind: engine.KindNormal, Winner: "B", PlayerTotal: 3, BankerTotal: 7, PlayerCards: 2, BankerCards: 2, BankerFirstTwo: 7,
		PlayerHand: []string{"2H", "AS"}, BankerHand: []string{"3D", "4C"}}
	r.feed.send(pitwire.Message{Table: "BAC-1", Type: pitwire.TypeRound, Shoe: 1, Round: &dealt})
	b := r.browser()
	if page := b.signIn("101", "2468"); !strings.Contains(rowOf(t, page, "BAC-1"), "Coup 1: Banker, 3–7") {
		t.Fatalf("no last result in\n%s", rowOf(t, page, "BAC-1"))
	}
	corrected := pitwire.Round{N: 1, Kind: engine.KindNormal, Winner: "P", PlayerTotal: 8, BankerTotal: 7, Natural: true, PlayerCards: 2, BankerCards: 2, BankerFirstTwo: 7,
		PlayerHand: []string{"5H", "3S"}, BankerHand: []string{"3D", "4C"}}
	r.feed.send(pitwire.Message{Table: "BAC-1", Type: pitwire.TypeRoundCorrected, Shoe: 1, Corrected: &pitwire.Correction{Round: corrected, Replaces: dealt, Rule: "000 13.10"}})
	_, page := b.get("/")
	row := rowOf(t, page, "BAC-1")
	if !strings.Contains(row, "Coup 1: Player, 8–7") || strings.Contains(row, "Banker, 3–7") {
		t.Fatalf("after the correction the row says\n%s", row)
	}
	for _, card := range []string{"5H", "3S", "3D", "4C"} {
		if strings.Contains(row, card) {
			t.Errorf("the row shows the card %s", card)
		}
	}
}
