package serialin

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
)

func TestScriptMessagesSkipsDealerTokens(t *testing.T) {
	toks := mustScript(t, "shoe faceburn noburn 9H nobet void KD@B1 exposed faceup burn 2C dummy void 3 cut reshuffle empty")
	var got []string
	for _, m := range ScriptMessages(toks, Pace{}) {
		got = append(got, m.Type+" "+strings.Join(m.Fields, ","))
	}
	want := "STAT NEWSHOE|CARD 9H|CARD KD,B1|BURN 2C|STAT CUT|STAT EMPTY"
	if strings.Join(got, "|") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, "|"), want)
	}
}

// coup is one coup read back from a random shoe's messages.
type coup struct {
	pos    []string
	p, b   []engine.Card
	result []string
}

// A random shoe holds 8 decks' cards at most 8 of each, deals every coup in the order of
// 000 8.2.3 with third cards by the tableau, reports results that match the cards, shows the
// cutting card 14-31 cards from the back and deals one coup after the one it appears in.
func TestRandomShoeFollowsTheTable(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		burn := "one"
		if seed%2 == 0 {
			burn = "face-value"
		}
		msgs := RandomShoe(rand.New(rand.NewPCG(seed, 1)), ShoeOptions{Burn: burn, Positions: true, Results: true})
		if msgs[0].Type != "STAT" || msgs[0].Fields[0] != "NEWSHOE" || msgs[0].Left != 416 {
			t.Fatalf("seed %d: starts with %+v", seed, msgs[0])
		}
		seen := map[engine.Card]int{}
		var coups []*coup
		var cur *coup
		burned, cuts, coupsAfterCut := 0, 0, -1
		for _, m := range msgs[1:] {
			switch m.Type {
			case "STAT":
				if m.Fields[0] == "CUT" {
					cuts++
					if m.Left < 14 || m.Left > 31 {
						t.Errorf("seed %d: cut with %d cards left", seed, m.Left)
					}
					coupsAfterCut = 0
				}
			case "RSLT":
				cur.result = m.Fields
				cur = nil
				if coupsAfterCut >= 0 {
					coupsAfterCut++
				}
			case "CARD":
				c, err := engine.ParseCard(m.Fields[0])
				if err != nil {
					t.Fatal(err)
				}
				seen[c]++
				if len(m.Fields) == 1 {
					burned++
					continue
				}
				if cur == nil {
					cur = &coup{}
					coups = append(coups, cur)
				}
				cur.pos = append(cur.pos, m.Fields[1])
				if m.Fields[1][0] == 'P' {
					cur.p = append(cur.p, c)
				} else {
					cur.b = append(cur.b, c)
				}
			}
		}
		for c, n := range seen {
			if n > 8 {
				t.Errorf("seed %d: %v dealt %d times from 8 decks", seed, c, n)
			}
		}
		if cuts != 1 || coupsAfterCut != 2 {
			t.Errorf("seed %d: %d cuts, %d results after the cut (want 1 and 2: the coup it appears in and one more)", seed, cuts, coupsAfterCut)
		}
		if burn == "one" && burned != 1 {
			t.Errorf("seed %d: %d burned, want 1", seed, burned)
		}
		if len(coups) < 60 {
			t.Errorf("seed %d: only %d coups", seed, len(coups))
		}
		for i, c := range coups {
			order := strings.Join(c.pos, " ")
			if !strings.HasPrefix(order, "P1 B1 P2 B2") {
				t.Fatalf("seed %d coup %d: order %s", seed, i, order)
			}
			pt2, bt2 := (c.p[0].Point()+c.p[1].Point())%10, (c.b[0].Point()+c.b[1].Point())%10
			natural := pt2 >= 8 || bt2 >= 8
			if natural && len(c.pos) != 4 {
				t.Errorf("seed %d coup %d: natural %d-%d but %s", seed, i, pt2, bt2, order)
			}
			if !natural && (pt2 <= 5) != (len(c.p) == 3) {
				t.Errorf("seed %d coup %d: player %d and %d cards", seed, i, pt2, len(c.p))
			}
			pt, bt := engine.Total(c.p), engine.Total(c.b)
			want := map[bool]string{true: "P", false: "B"}[pt > bt]
			if pt == bt {
				want = "T"
			}
			if c.result[0] != want || c.result[1] != string(rune('0'+pt)) || c.result[2] != string(rune('0'+bt)) {
				t.Errorf("seed %d coup %d: result %v for %v %v", seed, i, c.result, c.p, c.b)
			}
		}
	}
}

// Heartbeats go out while idle, and carry the cards left when known.
func TestSimHeartbeatsWhileIdle(t *testing.T) {
	sim := NewSim(1)
	sim.Heartbeat = 20 * time.Millisecond
	var line bufLine
	sim.Start(&line)
	// 400 ms idle at one heartbeat per 20 ms: at most 20 can fit; a loaded machine (-race, CI)
	// may run the timer late, so the lower bound only asks that heartbeats keep coming.
	msgs := []ShoeMsg{{Type: "STAT", Fields: []string{"NEWSHOE"}, Left: 416}, {Delay: 400 * time.Millisecond, Type: "CARD", Fields: []string{"9H"}, Left: 415}}
	if err := sim.Play(context.Background(), &line, msgs); err != nil {
		t.Fatal(err)
	}
	evs := (&CSP1{}).Feed(line.Bytes())
	hb := countKind(evs, KindHeartbeat)
	if hb < 4 || hb > 20 || sim.Report.Heartbeats != hb {
		t.Errorf("%d heartbeats in 400 ms at 20 ms (report %d)", hb, sim.Report.Heartbeats)
	}
	for _, e := range evs {
		if e.Kind == KindHeartbeat && e.Left != 416 {
			t.Errorf("heartbeat with %d cards left, want 416", e.Left)
		}
		if e.Kind.Diagnostic() {
			t.Errorf("diagnostic: %v", e)
		}
	}
}

// Cardline simulation sends only the cards, one per line.
func TestSimCardline(t *testing.T) {
	sim := NewSim(1)
	sim.Protocol, sim.Speed = "cardline", 0
	var line bufLine
	sim.Start(&line)
	msgs := ScriptMessages(mustScript(t, "shoe 9H burn 2C cut KD empty"), Pace{})
	if err := sim.Play(context.Background(), &line, msgs); err != nil {
		t.Fatal(err)
	}
	if got := line.String(); got != "9H\r\n2C\r\nKD\r\n" {
		t.Errorf("got %q", got)
	}
}

func TestRandomShoeAfterCut(t *testing.T) {
	for _, tc := range []struct{ after, results int }{{-1, 1}, {0, 2}, {1, 2}, {2, 3}} {
		msgs := RandomShoe(rand.New(rand.NewPCG(8, 8)), ShoeOptions{AfterCut: tc.after, Results: true})
		n, cut := 0, false
		for _, m := range msgs {
			cut = cut || m.Type == "STAT" && m.Fields[0] == "CUT"
			if cut && m.Type == "RSLT" {
				n++
			}
		}
		if n != tc.results || msgs[len(msgs)-1].Type != "RSLT" {
			t.Errorf("AfterCut %d: %d coups from the cut on, want %d", tc.after, n, tc.results)
		}
	}
}

// TestWarmStart checks that the demo's shoe deals its first coups at once and the rest at
// its pace: no pause before the given number of coups, the pace after.
func TestWarmStart(t *testing.T) {
	pace := DemoPace()
	msgs := RandomShoe(rand.New(rand.NewPCG(7, 7)), ShoeOptions{Pace: pace})
	for _, warm := range []int{0, 1, 35} {
		out := WarmStart(msgs, pace, warm)
		if len(out) != len(msgs) {
			t.Fatalf("warm %d: %d messages, want %d", warm, len(out), len(msgs))
		}
		coups, paused := 0, false
		for i, m := range out {
			if m.Type != msgs[i].Type || m.Fields[0] != msgs[i].Fields[0] {
				t.Fatalf("warm %d: message %d changed: %v, want %v", warm, i, m, msgs[i])
			}
			if msgs[i].Delay == pace.Coup && m.Type == "CARD" {
				coups++
			}
			switch {
			case coups <= warm && m.Delay != 0 && i > 0:
				t.Errorf("warm %d: message %d (coup %d) paused %v before the warm coups were dealt", warm, i, coups, m.Delay)
			case coups > warm:
				paused = paused || m.Delay > 0
				if m.Delay != msgs[i].Delay {
					t.Errorf("warm %d: message %d (coup %d) delayed %v, want %v", warm, i, coups, m.Delay, msgs[i].Delay)
				}
			}
		}
		if !paused {
			t.Errorf("warm %d: no pause after the warm coups", warm)
		}
	}
	if msgs[0].Delay != pace.Shuffle {
		t.Errorf("WarmStart changed its input: the new shoe is delayed %v, want %v", msgs[0].Delay, pace.Shuffle)
	}
}
