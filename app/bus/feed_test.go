package bus_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/nats-io/nats.go/jetstream"
)

// TestMessageFailingItsSchemaIsRefusedAndCounted: messages in the stream and heartbeats that
// fail their schema (an unknown field, a hand that is not a card, not JSON at all) are
// counted by the subscriber and refused by the board, which counts them as refused, not as
// forged; the table's good records around them are applied.
func TestMessageFailingItsSchemaIsRefusedAndCounted(t *testing.T) {
	srv := startServer(t, bus.ServerConfig{Open: true})
	defer srv.Shutdown()
	conn := bus.ConnConfig{URLs: []string{srv.URL()}}
	e := &errs{}
	good := startTable(t, "T1", 1, conn, time.Hour, e)
	good.steps(t, 3)
	nc, err := bus.Connect(conn)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, _ := jetstream.New(nc)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, bad := range []string{
		`{"v":1,"table":"T2","seq":1,"type":"round","shoe":1,"dealer":"D7","round":{"n":1,"kind":"cancelled","winner":"","player_total":0,"banker_total":0,"natural":false,"player_pair":false,"banker_pair":false,"player_cards":0,"banker_cards":0,"banker_first_two":0}}`,
		`{"v":1,"table":"T2","seq":2,"type":"round","shoe":1,"round":{"n":2,"kind":"normal","winner":"T","player_total":0,"banker_total":0,"natural":false,"player_pair":false,"banker_pair":false,"player_cards":2,"banker_cards":2,"banker_first_two":0,"player_hand":["ZZ","K"],"banker_hand":["K","K"]}}`,
		`not json`,
	} {
		if _, err := js.Publish(ctx, pitwire.Subject("T2", pitwire.TypeRound), []byte(bad)); err != nil {
			t.Fatal(err)
		}
	}
	sub, err := bus.Subscribe(bus.SubscriberConfig{Conn: conn, OnError: e.add})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	// A heartbeat with a field its schema does not have, every 50ms (core NATS: only those
	// sent after the subscription is in place arrive).
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			_ = nc.Publish(pitwire.Subject("T2", pitwire.TypeHeartbeat), []byte(`{"v":1,"table":"T2","type":"heartbeat","mood":"fine"}`))
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	model := pitmodel.New(pitmodel.Config{})
	refused := map[pitwire.Type]int{}
	deadline := time.After(20 * time.Second)
	for refused[pitwire.TypeRound] < 3 || refused[pitwire.TypeHeartbeat] < 1 || !func() bool { st, ok := model.Table("T1"); return ok && st.LastSeq == good.last() }() {
		select {
		case d := <-sub.C():
			if _, err := model.Apply(d, time.Now()); err != nil {
				if !errors.Is(err, pitwire.ErrInvalid) || errors.Is(err, pitwire.ErrForged) || d.Table != "T2" {
					t.Fatalf("refused as %v, want a schema refusal", err)
				}
				refused[d.Type]++
			}
		case <-deadline:
			t.Fatalf("board refused %v, subscriber counted %d", refused, sub.Refused())
		}
	}
	if n := sub.Refused(); n < 4 {
		t.Errorf("subscriber counted %d refused, want 4 or more", n)
	}
	if _, _, rejected := model.Counters(); rejected != uint64(refused[pitwire.TypeRound]+refused[pitwire.TypeHeartbeat]) || refused[pitwire.TypeRound] != 3 {
		t.Errorf("board counted %d refused, refused %v", rejected, refused)
	}
}

// TestBoardSaysWhenItsNodeIsLost: the board's reader says on its console which node it reads
// from, when that node is lost, and where it reads from once a node is back.
func TestBoardSaysWhenItsNodeIsLost(t *testing.T) {
	dir := t.TempDir()
	srv := startServer(t, bus.ServerConfig{StoreDir: dir, Open: true})
	port := srv.URL()[strings.LastIndex(srv.URL(), ":")+1:]
	var mu sync.Mutex
	var said []string
	sub, err := bus.Subscribe(bus.SubscriberConfig{Conn: bus.ConnConfig{URLs: []string{srv.URL()}}, OnError: func(err error) {
		mu.Lock()
		said = append(said, err.Error())
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	saysN := func(what string, n int) func() bool {
		return func() bool {
			mu.Lock()
			defer mu.Unlock()
			c := 0
			for _, s := range said {
				if strings.Contains(s, what) {
					c++
				}
			}
			return c >= n
		}
	}
	waitFor(t, 10*time.Second, "reading from the node", saysN("pit bus: reading from node coupboard-pit (nats://127.0.0.1:"+port+")", 1))
	srv.Shutdown()
	waitFor(t, 10*time.Second, "the node lost", saysN("pit bus: node nats://127.0.0.1:"+port+" lost", 1))
	p, _ := strconv.Atoi(port)
	srv = startServer(t, bus.ServerConfig{StoreDir: dir, Port: p, Open: true})
	defer srv.Shutdown()
	waitFor(t, 20*time.Second, "reading again", saysN("pit bus: reading from node coupboard-pit", 2))
}
