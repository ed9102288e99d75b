package outbox

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
	"github.com/coupboard/coupboard/pitwire"
)

// TestRedDogTableToBoardOverARealBus: a Red Dog table's loop over a real journal, published
// through a real embedded NATS server: the board model sees the new shoe and every round as
// the table settled it (a round held for review only once the supervisor confirmed it), a
// round cancelled after the fact marked cancelled, and no burned card anywhere.
func TestRedDogTableToBoardOverARealBus(t *testing.T) {
	srv, ctx := startBus(t)
	j, err := journal.Open(filepath.Join(t.TempDir(), "rd2.db"), journal.Options{Table: "rd2"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	pub, err := bus.NewPublisher(bus.PublisherConfig{Table: "rd2", Conn: bus.ConnConfig{URLs: []string{srv.URL()}}, Heartbeat: 200 * time.Millisecond}, New(j, "rd2"))
	if err != nil {
		t.Fatal(err)
	}
	go pub.Run(ctx)
	setup := table.RedDogSetup{ID: "rd2", Name: "Red Dog 2", Profile: reddog.VicRedDog1997(), Bet: engine.WagerLimit{Min: 1000, Max: 100000}}
	loop, err := table.Start(func(opt table.Options) (*table.Loop, error) { return table.NewRedDogLoop(setup, j, opt) },
		table.Options{Committed: func([]journal.Record) { pub.Notify() }})
	if err != nil {
		t.Fatal(err)
	}
	defer loop.Stop()
	loop.Actor, loop.Reason = journal.Actor{Role: "supervisor", ID: "s1"}, "checked"
	send := func(in engine.Input, src string) {
		t.Helper()
		if r := loop.Send(table.Input{Game: &in}, src); r.Err != nil || r.Refused != nil {
			t.Fatalf("%+v: %v / %v", in, r.Err, r.Refused)
		}
	}
	toks, _ := engine.ParseScript("shoe QC 3H 9S 5D 4H 5C 8D")
	for _, tok := range toks {
		send(engine.TokenInput(tok), journal.SourceShoe)
	}
	send(engine.DoubtInput(engine.DoubtLost, "1 frame(s)"), journal.SourceShoe)
	for _, c := range []string{"8S", "8H"} {
		card, _ := engine.ParseCard(c)
		send(engine.CardInput(card, engine.PosNone, engine.SourceShoe), journal.SourceShoe)
	}
	send(engine.InAcceptReviewInput(), journal.SourceOperator)
	send(engine.WordInput(engine.TokVoid, 2), journal.SourceOperator)

	board := watchBoard(t, srv)
	want := []pitwire.RedDogRound{
		{N: 1, Kind: engine.KindNormal, Cards: []string{"3H", "9S", "5D"}, Spread: "5", Outcome: "win", Pays: "1:1"},
		{N: 2, Kind: engine.KindCancelled},
		{N: 3, Kind: engine.KindNormal, Cards: []string{"8D", "8S", "8H"}, Spread: "pair", Outcome: "win", Pays: "11:1"},
	}
	tb := board.wait("rd2", "the table's rounds", func(tb *pitmodel.Table) bool {
		return len(tb.RedDog) == 3 && tb.RedDog[1].Kind == engine.KindCancelled
	}, func(m pitwire.Message) {
		b, _ := json.Marshal(m)
		t.Logf("%s %s", m.Subject, b) // go test -v: the feed as a subscriber reads it
		if strings.Contains(string(b), `"QC"`) {
			t.Fatalf("the burned card is on the bus: %s", b)
		}
	})
	if !reflect.DeepEqual(tb.RedDog, want) || tb.Shoe != 1 {
		t.Fatalf("board rounds %+v, shoe %d", tb.RedDog, tb.Shoe)
	}
	if st := pub.Stats(); st.Invalid != 0 {
		t.Fatalf("publisher skipped invalid records: %+v", st)
	}
}

// TestRedDogLimits: a sign of one wager goes on the bus under its own name, not as baccarat's.
func TestRedDogLimits(t *testing.T) {
	l := limitsOf(&journal.SignPayload{Currency: "AUD", Wager: "bet", Sign: engine.Sign{Player: engine.WagerLimit{Min: 1000, Max: 100000}}})
	want := &pitwire.Limits{Currency: "AUD", Bets: []pitwire.Limit{{Bet: "bet", Min: 1000, Max: 100000}}}
	if !reflect.DeepEqual(l, want) {
		t.Fatalf("limits %+v, want %+v", l, want)
	}
}
