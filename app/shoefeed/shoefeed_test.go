package shoefeed

import (
	"context"
	"path/filepath"
	"strings"
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
		{Kind: serialin.KindDuplicate}, {Kind: serialin.KindStale, Count: 2}, {Kind: serialin.KindHeartbeat},
		{Kind: serialin.KindHello}, {Kind: serialin.KindUnproven, Count: 2, Reason: "SEQ 0400 after the link came back"},
	} {
		for _, m := range Msgs(e) {
			if m.Input.Game != nil {
				t.Errorf("%s became a game input %+v", e.Kind, m.Input.Game)
			}
		}
	}
	if ms := Msgs(serialin.Event{Kind: serialin.KindStatus, Code: "JAM"}); len(ms) != 1 || ms[0].Input.Alert == nil {
		t.Errorf("JAM: want one alert, got %+v", ms)
	}
	card, _ := engine.ParseCard("9H")
	ms := Msgs(serialin.Event{Kind: serialin.KindCard, Card: card, Pos: engine.P1})
	if len(ms) != 1 || ms[0].Input.Game == nil || ms[0].Input.Game.Token.Card != card || ms[0].Input.Game.Token.Pos != engine.P1 {
		t.Fatalf("card event: %+v", ms)
	}
}

// Input the line cannot vouch for becomes a doubt for the core (which holds the coup), never a
// card and never only an alert (issue 21).
func TestMsgsDoubtsGoToTheCore(t *testing.T) {
	card, _ := engine.ParseCard("9H")
	for _, tc := range []struct {
		e    serialin.Event
		want engine.DoubtKind
		has  string
	}{
		{serialin.Event{Kind: serialin.KindConflict, Seq: 12, Reason: "same SEQ"}, engine.DoubtConflict, "0012"},
		{serialin.Event{Kind: serialin.KindGap, Gap: 3, Reason: "SEQ 0014 follows 0010"}, engine.DoubtLost, "3 frame"},
		{serialin.Event{Kind: serialin.KindMisread, Seq: 7, Reason: "ZZ"}, engine.DoubtUnreadable, "ZZ"},
		{serialin.Event{Kind: serialin.KindHello, Restart: true}, engine.DoubtRestart, ""},
		{serialin.Event{Kind: serialin.KindStale, Count: 1, Reason: "SEQ 0010 is behind 0031"}, engine.DoubtReplay, "behind"},
		{serialin.Event{Kind: serialin.KindStatus, Code: "MISREAD"}, engine.DoubtUnreadable, "unread"},
		{serialin.Event{Kind: serialin.KindCard, Card: card, Review: "repeat within 2s"}, engine.DoubtRepeat, "9H"},
		{serialin.Event{Kind: serialin.KindLink, Link: serialin.LinkDisconnected, Err: "unplugged"}, engine.DoubtDisconnect, "unplugged"},
		{serialin.Event{Kind: serialin.KindUnproven, Count: 1, Reason: "SEQ 0400 after the link came back does not continue 0012"}, engine.DoubtDisconnect, "does not continue 0012"},
	} {
		var got []engine.Input
		for _, m := range Msgs(tc.e) {
			if m.Input.Game != nil {
				got = append(got, *m.Input.Game)
			}
		}
		if len(got) != 1 || got[0].Kind != engine.InDoubt || got[0].Doubt.Kind != tc.want || !strings.Contains(got[0].Doubt.Detail, tc.has) {
			t.Errorf("%s: want one %s doubt naming %q, got %+v", tc.e, tc.want, tc.has, got)
		}
	}
	ms := Msgs(serialin.Event{Kind: serialin.KindResult, Result: serialin.Result{Winner: engine.Banker, PlayerTotal: 4, BankerTotal: 9}})
	if len(ms) != 1 || ms[0].Input.Game == nil || ms[0].Input.Game.Kind != engine.InShoeResult ||
		ms[0].Input.Game.ShoeResult != (engine.ShoeResult{Winner: engine.Banker, PlayerTotal: 4, BankerTotal: 9}) {
		t.Errorf("RSLT: want a shoe result for the core, got %+v", ms)
	}
}

// The status strip shows each state of the port manager: a stream dropped as unproven after the
// link came back is shown so, never as a connected shoe.
func TestLinkOf(t *testing.T) {
	for _, tc := range []struct {
		s    serialin.LinkState
		want view.Link
	}{
		{serialin.LinkConnecting, view.LinkDisconnected},
		{serialin.LinkConnected, view.LinkConnected},
		{serialin.LinkSilent, view.LinkSilent},
		{serialin.LinkUnreadable, view.LinkSilent},
		{serialin.LinkDisconnected, view.LinkDisconnected},
		{serialin.LinkReconnecting, view.LinkDisconnected},
		{serialin.LinkClosed, view.LinkDisconnected},
		{serialin.LinkUnproven, view.LinkUnproven},
	} {
		if got := LinkOf(tc.s); got != tc.want {
			t.Errorf("LinkOf(%s) = %d, want %d", tc.s, got, tc.want)
		}
	}
	ms := Msgs(serialin.Event{Kind: serialin.KindLink, Link: serialin.LinkUnproven})
	if len(ms) != 1 || ms[0].Link == nil || *ms[0].Link != view.LinkUnproven {
		t.Errorf("an unproven link: want the strip told so, got %+v", ms)
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
	setup := table.Setup{ID: "t1", Name: "T1", Profile: p, Settings: s, Sign: engine.Sign{Player: lim, Banker: lim}}
	loop, err := table.Start(func(opt table.Options) (*table.Loop, error) { return table.NewBaccaratLoop(setup, j, opt) },
		table.Options{Frame: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	fed := make(chan error, 1)
	go func() { fed <- Feed(ctx, mgr.Events(), loop.Loop) }()

	deadline := time.Now().Add(60 * time.Second) // a ceiling for a loaded machine; the shoe takes about 1 s
	for {
		v, _ := loop.Last()
		if v.Stats.Hands == 3 && v.Status.Link == view.LinkConnected {
			if v.Stats.Tie != 2 || v.Stats.Player != 1 {
				t.Fatalf("stats %+v", v.Stats)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 60 s the screen shows %d hands, link %v", v.Stats.Hands, v.Status.Link)
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-fed
	if err := loop.Stop(); err != nil {
		t.Fatal(err)
	}
	rounds, err := j.Rounds(1)
	if err != nil || len(rounds) != 3 {
		t.Fatalf("journal rounds %d %v", len(rounds), err)
	}
}

// The event of a frame taken carries its mark to the loop on its last message, or on a message
// of the mark alone when it journals nothing; an event that is not marked carries none.
func TestMsgsCarryTheShoeMark(t *testing.T) {
	card, _ := engine.ParseCard("7C")
	mk := serialin.Mark{Seq: 3, Frame: "BURN,0003,7C", Hello: "ACME,SHOE-8,1.2.0,CSP1"}
	want := &journal.ShoeMark{V: journal.ShoeMarkVersion, Seq: 3, Frame: "BURN,0003,7C", Hello: "ACME,SHOE-8,1.2.0,CSP1"}
	for _, tc := range []struct {
		name  string
		e     serialin.Event
		n     int  // messages
		input bool // the last one has an input
	}{
		{"a burn with its card: two inputs, the mark on the card", serialin.Event{Kind: serialin.KindBurn, Card: card, HasCard: true, Mark: mk}, 2, true},
		{"a heartbeat: the mark alone", serialin.Event{Kind: serialin.KindHeartbeat, Mark: mk}, 1, false},
		{"a status nobody needs: the mark alone", serialin.Event{Kind: serialin.KindStatus, Code: "READY", Mark: mk}, 1, false},
		{"a misread frame taken: the doubt with the mark", serialin.Event{Kind: serialin.KindMisread, Seq: 3, Mark: mk}, 1, true},
	} {
		ms := Msgs(tc.e)
		if len(ms) != tc.n {
			t.Fatalf("%s: %d messages %+v", tc.name, len(ms), ms)
		}
		for i, m := range ms {
			last := i == len(ms)-1
			if last && (m.ShoeMark == nil || *m.ShoeMark != *want) || !last && m.ShoeMark != nil {
				t.Errorf("%s: message %d has mark %+v", tc.name, i, m.ShoeMark)
			}
		}
		if got := ms[len(ms)-1].Input.Game != nil; got != tc.input {
			t.Errorf("%s: the last message has an input: %v", tc.name, got)
		}
	}
	for _, e := range []serialin.Event{{Kind: serialin.KindGap, Gap: 2}, {Kind: serialin.KindStale, Count: 1}, {Kind: serialin.KindUnproven, Count: 1}, {Kind: serialin.KindHeartbeat}} {
		for _, m := range Msgs(e) {
			if m.ShoeMark != nil {
				t.Errorf("%s without a mark gave one: %+v", e.Kind, m)
			}
		}
	}
}
