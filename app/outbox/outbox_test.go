package outbox

import (
	"context"
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
	"github.com/coupboard/coupboard/internal/bustest"
	"github.com/coupboard/coupboard/pitwire"
)

// TestTableToBoardOverARealBus runs a table loop over a real journal, publishes its journal
// through a real embedded NATS server, and checks that the board model sees every round, the
// limits and the table's status — and that no message carries a card.
func TestTableToBoardOverARealBus(t *testing.T) {
	srv, ctx := startBus(t)
	loop, pub := tableOnBus(t, ctx, srv)
	if err := loop.Script("shoe 5H 2C KD 5S 4S 3D AH 6C AD KS 7H 2S 9D 8C KH AC"); err != nil {
		t.Fatal(err)
	}
	board := watchBoard(t, srv)
	noCards := func(m pitwire.Message) {
		if m.Round != nil && m.Round.Kind != engine.KindCancelled && (m.Round.PlayerCards < 2 || m.Round.BankerCards < 2) {
			t.Fatalf("round message without card counts: %+v", m.Round)
		}
	}
	tb := board.wait("bac7", "the table's three rounds and sign", func(tb *pitmodel.Table) bool {
		return tb.Roads != nil && tb.Roads.Rounds() == 3 && len(tb.Limits.Bets) > 0 && tb.State == pitwire.StateOpen
	}, noCards)
	if tb.Limits.Bets[0].Min != 2500 || tb.Name != "Baccarat 7" || tb.Shoe != 1 {
		t.Fatalf("board table %+v", tb)
	}
	if st := pub.Stats(); st.Invalid != 0 {
		t.Fatalf("publisher skipped invalid records: %+v", st)
	}
}

// tableOnBus runs table bac7 (bacSetup) on a new journal, published through srv until the
// test ends.
func tableOnBus(t *testing.T, ctx context.Context, srv *bus.Server) (*table.Running, *bus.Publisher) {
	t.Helper()
	setup := bacSetup("bac7", "Baccarat 7", engine.ProfileVic2002, "AUD")
	j, err := journal.Open(filepath.Join(t.TempDir(), "bac7.db"), journal.Options{Table: "bac7"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	pub, err := bus.NewPublisher(bus.PublisherConfig{Table: "bac7", Conn: bus.ConnConfig{URLs: []string{srv.URL()}}, Heartbeat: 200 * time.Millisecond}, New(j, "bac7"))
	if err != nil {
		t.Fatal(err)
	}
	go pub.Run(ctx)
	loop, err := table.Start(func(opt table.Options) (*table.Loop, error) { return table.NewBaccaratLoop(setup, j, opt) },
		table.Options{Committed: func([]journal.Record) { pub.Notify() }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { loop.Stop() })
	return loop, pub
}

// boardOnBus is a pit board subscribed to a bus's feed.
type boardOnBus struct {
	t     *testing.T
	sub   *bus.Subscriber
	board *pitmodel.Board
}

// watchBoard subscribes a new pit board to srv's feed until the test ends.
func watchBoard(t *testing.T, srv *bus.Server) *boardOnBus {
	t.Helper()
	sub, err := bus.Subscribe(bus.SubscriberConfig{Conn: bus.ConnConfig{URLs: []string{srv.URL()}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sub.Close() })
	return &boardOnBus{t: t, sub: sub, board: pitmodel.New(pitmodel.Config{})}
}

// wait applies the feed's messages to the board, each first given to each when it is not nil,
// until table id is done, and returns it; after 20 seconds it fails the test: the board never
// showed what.
func (b *boardOnBus) wait(id, what string, done func(*pitmodel.Table) bool, each func(pitwire.Message)) *pitmodel.Table {
	t := b.t
	t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		select {
		case m := <-b.sub.C():
			if each != nil {
				each(m)
			}
			if _, err := b.board.Apply(m, time.Now()); err != nil {
				t.Fatalf("board refused %+v: %v", m, err)
			}
		case <-deadline:
			tb, _ := b.board.Table(id)
			t.Fatalf("the board never showed %s: %+v", what, tb)
		}
		if tb, ok := b.board.Table(id); ok && done(tb) {
			return tb
		}
	}
}

// startBus starts a real embedded NATS server with its streams (internal/bustest), stopped at
// the end of the test, and a context for the test's 30 seconds.
func startBus(t *testing.T) (*bus.Server, context.Context) {
	t.Helper()
	srv := bustest.StartOpen(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return srv, ctx
}

// TestRoundOfResultOnly: a round entered without cards reaches the board flagged result only,
// with no totals or card counts, and passes the bus schema's checks.
func TestRoundOfResultOnly(t *testing.T) {
	jr := journal.Round{N: 7, Shoe: 2, Player: []string{}, Banker: []string{}, Winner: "P", PlayerPair: true, Natural: true,
		Kind: journal.RoundNoBet, Source: journal.SourceManual, ResultOnly: true}
	if err := jr.Check(); err != nil {
		t.Fatal(err)
	}
	r := roundOf(jr)
	want := pitwire.Round{N: 7, Kind: engine.KindNoBet, Winner: "P", PlayerPair: true, Natural: true, ResultOnly: true}
	if !reflect.DeepEqual(*r, want) {
		t.Fatalf("roundOf = %+v, want %+v", *r, want)
	}
	m := pitwire.Message{V: pitwire.Version, Table: "bac7", Seq: 3, Type: pitwire.TypeRound, Shoe: 2, Round: r}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	if o := r.Outcome(); !o.TotalsUnknown || o.Winner != engine.Player {
		t.Errorf("Outcome() = %+v", o)
	}
}

// TestRoundOfCarriesTheTurnedCards: a finished round carries its cards, in the order dealt,
// and passes the bus schema's checks (counts and totals agree with them).
func TestRoundOfCarriesTheTurnedCards(t *testing.T) {
	jr := journal.Round{N: 4, Shoe: 1, Player: []string{"9H", "TS"}, Banker: []string{"3D", "4C", "KS"}, Winner: "P", PlayerTotal: 9, BankerTotal: 7,
		Natural: true, Kind: journal.RoundNormal, Source: journal.SourceShoe}
	r := roundOf(jr)
	if !reflect.DeepEqual(r.PlayerHand, jr.Player) || !reflect.DeepEqual(r.BankerHand, jr.Banker) || r.PlayerCards != 2 || r.BankerCards != 3 || r.BankerFirstTwo != 7 {
		t.Fatalf("roundOf = %+v", *r)
	}
	m := pitwire.Message{V: pitwire.Version, Table: "bac7", Seq: 3, Type: pitwire.TypeRound, Shoe: 1, Round: r}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	r.BankerHand[2] = "QS" // totals 7 either way; a wrong count or total is refused
	r.PlayerHand = []string{"9H"}
	if err := m.Validate(); err == nil || !strings.Contains(err.Error(), "player_hand has 1 cards") {
		t.Fatalf("a hand short of a card: %v", err)
	}
}
