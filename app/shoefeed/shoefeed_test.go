package shoefeed

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/serialin"
)

func TestMsgsDiagnosticsNeverMoveTheGame(t *testing.T) {
	for _, e := range []serialin.Event{
		{Kind: serialin.KindNoise, Count: 12}, {Kind: serialin.KindCorrupt, Reason: "bad CRC"},
		{Kind: serialin.KindDuplicate}, {Kind: serialin.KindStale}, {Kind: serialin.KindHeartbeat},
		{Kind: serialin.KindResult}, {Kind: serialin.KindHello},
	} {
		for _, m := range Msgs(e) {
			if m.Input.Game != nil {
				t.Errorf("%s became a game input %+v", e.Kind, m.Input.Game)
			}
		}
	}
	for _, e := range []serialin.Event{
		{Kind: serialin.KindConflict, Reason: "seq 12"}, {Kind: serialin.KindGap, Gap: 2},
		{Kind: serialin.KindMisread, Reason: "ZZ"}, {Kind: serialin.KindHello, Restart: true},
		{Kind: serialin.KindStatus, Code: "JAM"},
	} {
		ms := Msgs(e)
		if len(ms) != 1 || ms[0].Input.Alert == nil || ms[0].Input.Game != nil {
			t.Errorf("%s: want one alert, got %+v", e.Kind, ms)
		}
	}
	if ms := Msgs(serialin.Event{Kind: serialin.KindGap, Gap: 3}); !strings.Contains(ms[0].Input.Alert.Text, "3 shoe message") {
		t.Errorf("gap alert does not give its size: %q", ms[0].Input.Alert.Text)
	}
	card, _ := engine.ParseCard("9H")
	ms := Msgs(serialin.Event{Kind: serialin.KindCard, Card: card, Pos: engine.P1})
	if len(ms) != 1 || ms[0].Input.Game == nil || ms[0].Input.Game.Token.Card != card || ms[0].Input.Game.Token.Pos != engine.P1 {
		t.Fatalf("card event: %+v", ms)
	}
}

// TestSimulatedShoeThroughThePortToTheLoop runs the real pipeline without a display: the
// simulated shoe on a pseudo-terminal, the port manager, this feed, and a table loop over a
// real journal. The example shoe of spec/shoe-protocol.md §4 arrives as three rounds.
func TestSimulatedShoeThroughThePortToTheLoop(t *testing.T) {
	toks, err := engine.ParseScript("shoe 3H 4D 9S QC 2C KD 5H 4S 3D AH 6C AD KS 7H 2S cut 9D 8C KH AC")
	if err != nil {
		t.Fatal(err)
	}
	sim, err := serialin.StartSimShoe(toks, 1000, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	mgr, err := serialin.Start(serialin.Config{Path: sim.Path()}, serialin.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	defer mgr.Close()

	p, _ := engine.LookupProfile("nz-baccarat-1998")
	s, _ := engine.ParseSettings(&p, nil)
	lim := engine.WagerLimit{Min: 2500, Max: 500000}
	j, err := journal.Open(filepath.Join(t.TempDir(), "t.db"), journal.Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	var mu sync.Mutex
	var last view.Screen
	loop, err := table.NewBaccaratLoop(table.Setup{ID: "t1", Name: "T1", Profile: p, Settings: s, Sign: engine.Sign{Player: lim, Banker: lim}},
		j, table.Options[view.Screen]{Frame: time.Millisecond, Present: func(v view.Screen) { mu.Lock(); last = v; mu.Unlock() }})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- loop.Run(ctx) }()
	go Feed(ctx, mgr.Events(), loop)

	deadline := time.Now().Add(10 * time.Second)
	for {
		mu.Lock()
		v := last
		mu.Unlock()
		if v.Stats.Hands == 3 && v.Status.Link == view.LinkConnected {
			if v.Stats.Tie != 2 || v.Stats.Player != 1 {
				t.Fatalf("stats %+v", v.Stats)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 10 s the screen shows %d hands, link %v", v.Stats.Hands, v.Status.Link)
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	rounds, err := j.Rounds(1)
	if err != nil || len(rounds) != 3 {
		t.Fatalf("journal rounds %d %v", len(rounds), err)
	}
}
