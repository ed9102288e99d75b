package table

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/engine/reddog"
	"github.com/coupboard/coupboard/internal/testclock"
	"github.com/coupboard/coupboard/pitwire"
)

func rdSetup() RedDogSetup {
	return RedDogSetup{ID: "t1", Name: "RD-02", Casino: "Test", Profile: reddog.VicRedDog1997(), Currency: "$",
		Bet: engine.WagerLimit{Min: 1000, Max: 100000, Multiple: 500}}
}

// rdStart runs a Red Dog loop (rdSetup) over j, on clock c.
func rdStart(t testing.TB, j *journal.Journal, c *testclock.Clock) running {
	t.Helper()
	return startLoop(t, func(opt Options) (*Loop, error) { return NewRedDogLoop(rdSetup(), j, opt) }, Options{Clock: c.Now, Frame: time.Millisecond})
}

func rdTokens(t testing.TB, src string) []engine.Token {
	t.Helper()
	toks, err := engine.ParseScript(src)
	if err != nil {
		t.Fatal(err)
	}
	return toks
}

// rdShoe is the engine's example shoe (engine/reddog ExampleReplay); rdMore cancels round 2
// after the fact and deals a round in which the cutting card comes out (4.1.3).
const (
	rdShoe = `shoe
QC
3H 9S 5D
4H 5C
8D 8S 8H
JD faceup 2S KC 6D`
	rdMore = `void 2
7C cut KS 9H`
)

// TestRedDogLoopJournalsAndReplaysToTheSameScreen: the journal's derived records are exactly
// what `coupboard replay` prints for the same script, and a loop opened on the journal shows
// the same screen as the live one.
func TestRedDogLoopJournalsAndReplaysToTheSameScreen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t1.db")
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	j := openJournal(t, path)
	r := rdStart(t, j, c)
	r.script(t, rdShoe)
	r.script(t, rdMore)
	c.Add(time.Minute)
	raise := engine.Change{At: c.Now().Add(25 * time.Minute), Sign: engine.Sign{Player: engine.WagerLimit{Min: 2500, Max: 100000, Multiple: 500}}}
	if res := r.send(t, Input{Op: &Op{Kind: OpSchedule, Change: &raise}}, journal.SourceOperator); res.Err != nil || res.Refused != nil {
		t.Fatalf("a higher minimum 25 minutes ahead: %v / %v", res.Err, res.Refused)
	}
	live := r.screen(t, c.Now())
	r.stop(t)
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}

	if live.Header.Game != view.RedDog || live.Header.Shoe != 1 || live.Header.Coup != 5 || live.RedDog == nil {
		t.Fatalf("live header %+v, board %v", live.Header, live.RedDog)
	}
	if got := len(live.RedDog.History); got != 5 {
		t.Errorf("history has %d rounds, want 5", got)
	}
	if h := live.RedDog.History; len(h) == 5 && (!h[1].Cancelled || h[0].Coup.Outcome != view.RedDogWin || h[2].Coup.Outcome != view.RedDogTrips || h[3].Coup.Outcome != view.RedDogLose) {
		t.Errorf("history %+v", h)
	}
	if len(live.Notices) != 2 || live.Notices[0].Kind != view.NoticeMinimum || live.Notices[0].Wager != view.WagerRedDog || live.Notices[0].Amount != 2500 || live.Notices[1].Kind != view.NoticeShoeChange {
		t.Errorf("notices %+v: want the higher minimum and the shuffle due after the cut card (4.1.3)", live.Notices)
	}

	// The derived records are replay's output, line for line. Replay rewrites a round cancelled
	// after the fact where it stands; the journal is append-only and keeps the round as it was
	// settled, then the cancel event: so the first shoe is compared before the void, and what
	// came after it with the tail of replay's output for the whole script.
	first := rdReplayLines(t, rdShoe)
	want := append(first, rdReplayLines(t, rdShoe+"\n"+rdMore)[len(first):]...)
	j2 := openJournal(t, path)
	var got []string
	var notices []*pitwire.Notice
	err := j2.Scan(0, func(rec journal.Record) error {
		// (the "limits" and "status" records for the pit board, written on the clock's tick, and
		// the notices the sign posted, for the feed, are not replay's)
		var ev journal.Event
		if rec.Kind == journal.KindEvent && json.Unmarshal(rec.Payload, &ev) == nil && ev.Event == journal.EventNotice {
			notices = append(notices, ev.Notice)
			return nil
		}
		if rec.Kind == KindRoundRedDog || rec.Kind == journal.KindEvent && rec.Source != journal.SourceConfig {
			got = append(got, string(rec.Payload))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("journal's derived records:\n%s\nwant replay's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(notices) != 1 || notices[0].Item != pitwire.NoticeMinimum || notices[0].Bet != "bet" || *notices[0].Old != 1000 || *notices[0].New != 2500 ||
		!notices[0].Effective.Equal(raise.At) || notices[0].Rule == "" {
		t.Errorf("notice records %+v: want the higher minimum of the Red Dog bet", notices)
	}

	r2 := rdStart(t, j2, c)
	if rec := r2.Loop.Recovery(); !rec.Clean || rec.InCoup || rec.Pending != 1 {
		t.Errorf("recovery %+v: want clean, between rounds, one change pending", rec)
	}
	again := r2.screen(t, c.Now())
	r2.stop(t)
	if err := j2.Close(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(live, again) {
		t.Errorf("replayed screen differs:\nlive  %+v\nagain %+v", live, again)
	}
}

// rdReplayLines is what `coupboard replay --profile vic-red-dog-1997` prints for the script.
func rdReplayLines(t *testing.T, src string) []string {
	t.Helper()
	recs, err := reddog.Replay(rdTokens(t, src), 8)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, rec := range recs {
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// TestRedDogScreen: the boxes, the spread in words and the result after each script
// (003 7.1-7.2, 5.9, 8.1.1).
func TestRedDogScreen(t *testing.T) {
	tests := []struct {
		name, script        string
		right, left, centre string
		kind                view.RedDogKind
		spread, pays        int
		outcome             view.RedDogOutcome
		history             int
	}{
		{"waiting", "shoe\nQC", "", "", "", view.RedDogDealing, 0, 0, view.RedDogPending, 0},
		{"first card", "shoe\nQC\n7H", "7H", "", "", view.RedDogDealing, 0, 0, view.RedDogPending, 0},
		{"spread 3 pays 2", "shoe\nQC\n4S 8D", "4S", "8D", "", view.RedDogSpread, 3, 2, view.RedDogPending, 0},
		{"spread 1 pays 5", "shoe\nQC\nAS QH", "AS", "QH", "", view.RedDogSpread, 1, 5, view.RedDogPending, 0},
		{"spread 11 pays 1", "shoe\nQC\n2S AH", "2S", "AH", "", view.RedDogSpread, 11, 1, view.RedDogPending, 0},
		{"pair", "shoe\nQC\nJC JD", "JC", "JD", "", view.RedDogPair, 0, 11, view.RedDogPending, 0},
		{"no spread is a push", "shoe\nQC\n8C 9D", "8C", "9D", "", view.RedDogConsecutive, 0, 0, view.RedDogPush, 1},
		{"win", "shoe\nQC\n2H 9S 5D", "2H", "9S", "5D", view.RedDogSpread, 6, 1, view.RedDogWin, 1},
		{"lose on the edge", "shoe\nQC\n4S 8D 8C", "4S", "8D", "8C", view.RedDogSpread, 3, 2, view.RedDogLose, 1},
		{"pair pushes", "shoe\nQC\nJC JD 4H", "JC", "JD", "4H", view.RedDogPair, 0, 11, view.RedDogPush, 1},
		{"trips", "shoe\nQC\nJC JD JS", "JC", "JD", "JS", view.RedDogPair, 0, 11, view.RedDogTrips, 1},
		{"next round clears the boxes", "shoe\nQC\nJC JD JS\n5H", "5H", "", "", view.RedDogDealing, 0, 0, view.RedDogPending, 1},
	}
	now := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	card := func(code string) []view.Card {
		if code == "" {
			return nil
		}
		c, err := engine.ParseCard(code)
		if err != nil {
			t.Fatal(err)
		}
		return []view.Card{view.Up(c)}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := NewRedDog(rdSetup())
			if err != nil {
				t.Fatal(err)
			}
			for _, tok := range rdTokens(t, tt.script) {
				in := engine.TokenInput(tok)
				if a := m.Apply(Input{Game: &in}, now); a.Refused != nil || len(a.Events) > 0 {
					t.Fatalf("%s: %v %+v", tok.Text, a.Refused, a.Events)
				}
			}
			s := m.Screen(now, view.LinkConnected)
			want := view.RedDogCoup{Right: card(tt.right), Left: card(tt.left), Centre: card(tt.centre), Kind: tt.kind, Spread: tt.spread, Pays: tt.pays, Outcome: tt.outcome}
			if s.Coup.RedDog == nil || !reflect.DeepEqual(*s.Coup.RedDog, want) {
				t.Errorf("coup %+v, want %+v", s.Coup.RedDog, want)
			}
			if s.RedDog == nil || len(s.RedDog.History) != tt.history {
				t.Fatalf("board %+v, want %d rounds of history", s.RedDog, tt.history)
			}
			if tt.outcome != view.RedDogPending && !reflect.DeepEqual(s.RedDog.History[len(s.RedDog.History)-1].Coup, want) {
				t.Errorf("history %+v, want the round just finished", s.RedDog.History)
			}
			pays := []view.RedDogPay{{Spread: 1, Pays: 5}, {Spread: 2, Pays: 4}, {Spread: 3, Pays: 2}, {Spread: 4, OrMore: true, Pays: 1}, {Trips: true, Pays: 11}}
			if !reflect.DeepEqual(s.RedDog.Pays, pays) {
				t.Errorf("pay table %+v, want 003 8.1.1's %+v", s.RedDog.Pays, pays)
			}
			if len(s.Sign.Limits) != 1 || s.Sign.Limits[0] != (view.Limit{Wager: view.WagerRedDog, Min: 1000, Max: 100000, Multiple: 500}) || s.Sign.Settlement != view.SettleNone {
				t.Errorf("sign %+v", s.Sign)
			}
		})
	}
}

// TestRedDogNotices: a higher minimum and closing need 20 minutes' notice (003 6.4, 10.7), and
// Red Dog has no waiver; a lower minimum needs none. A refused change leaves the sign alone.
func TestRedDogNotices(t *testing.T) {
	now := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	bet := func(min int64) engine.Sign {
		return engine.Sign{Player: engine.WagerLimit{Min: min, Max: 100000, Multiple: 500}}
	}
	tests := []struct {
		name   string
		change engine.Change
		ok     bool
		reason string // what a refusal says
	}{
		{"higher minimum in 19 minutes", engine.Change{At: now.Add(19 * time.Minute), Sign: bet(2500)}, false, "needs 20 minutes' notice (003 6.4"},
		{"higher minimum in 19 minutes, waived by the players", engine.Change{At: now.Add(19 * time.Minute), Sign: bet(2500), Waived: true, WaivedBy: "seat 3"}, false, "cannot waive"},
		{"higher minimum in 20 minutes", engine.Change{At: now.Add(20 * time.Minute), Sign: bet(2500)}, true, ""},
		{"lower minimum now", engine.Change{At: now, Sign: bet(500)}, true, ""},
		{"closing in 10 minutes", engine.Change{At: now.Add(10 * time.Minute), Close: true}, false, "needs 20 minutes' notice (003 10.7)"},
		{"closing in 20 minutes", engine.Change{At: now.Add(20 * time.Minute), Close: true}, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := NewRedDog(rdSetup())
			if err != nil {
				t.Fatal(err)
			}
			c := tt.change
			a := m.Apply(Input{Op: &Op{Kind: OpSchedule, Change: &c}}, now)
			if tt.ok != (a.Refused == nil) {
				t.Fatalf("refused = %v, want ok %v", a.Refused, tt.ok)
			}
			s := m.Screen(now, view.LinkConnected)
			if !tt.ok {
				if !strings.Contains(a.Refused.Error(), tt.reason) {
					t.Errorf("refusal %q: want %q", a.Refused, tt.reason)
				}
				if len(s.Notices) != 0 || m.Pending(now) != 0 || len(m.Messages()) != 1 {
					t.Errorf("a refused change shows notices %+v, pending %d, messages %q", s.Notices, m.Pending(now), m.Messages())
				}
				return
			}
			if c.At.After(now) {
				want := view.NoticeMinimum
				if c.Close {
					want = view.NoticeClosing
				}
				if len(s.Notices) != 1 || s.Notices[0].Kind != want || !s.Notices[0].At.Equal(c.At) {
					t.Errorf("notices %+v, want one %v at %s", s.Notices, want, c.At)
				}
				at := m.Screen(c.At, view.LinkConnected)
				if c.Close && at.Mode != view.Closed {
					t.Errorf("at %s the table is not closed", c.At)
				}
				if !c.Close && at.Sign.Limits[0].Min != 2500 {
					t.Errorf("at %s the sign shows %+v", c.At, at.Sign.Limits)
				}
				return
			}
			if s.Sign.Limits[0].Min != 500 {
				t.Errorf("a lower minimum now: sign %+v", s.Sign.Limits)
			}
		})
	}
}

// TestRedDogRefusals: baccarat-only inputs and commands are refused with a reason and change
// nothing; the engine's refusals reach the operator as engine events.
func TestRedDogRefusals(t *testing.T) {
	now := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	m, err := NewRedDog(rdSetup())
	if err != nil {
		t.Fatal(err)
	}
	before := m.Screen(now, view.LinkConnected)
	turn := engine.Input{Kind: engine.InTurn, Hand: engine.HandBanker}
	if a := m.Apply(Input{Game: &turn}, now); len(a.Refusals) != 1 || a.Refusals[0].Rule != "003" || a.Refused == nil {
		t.Errorf("turning a hand: %v", a.Refused)
	}
	if a := m.Apply(Input{Command: &desk.Command{Verb: desk.VerbRun, Seat: 1, Run: engine.RunPlayer, Length: 2, Amount: 500}}, now); a.Refused == nil {
		t.Error("a Run wager was accepted at Red Dog")
	}
	nobet := engine.WordInput(engine.TokNoBet, 0)
	a := m.Apply(Input{Game: &nobet}, now)
	if len(a.Events) != 1 || a.Events[0].Kind != engine.EvRefused || !strings.Contains(a.Events[0].Reason, "no round without wagers") {
		t.Errorf("nobet: %+v", a.Events)
	}
	recs, err := m.Records(a, now, Msg{Source: journal.SourceShoe})
	if err != nil || len(recs) != 1 || recs[0].Kind != journal.KindEvent || !strings.Contains(string(recs[0].Payload), `"event":"refused"`) {
		t.Errorf("records of a refusal: %+v, %v", recs, err)
	}
	after := m.Screen(now, view.LinkConnected)
	if !reflect.DeepEqual(before, after) || len(m.Messages()) != 3 {
		t.Errorf("refusals changed the screen, or were not noted: %q", m.Messages())
	}
}

// TestRedDogRecoversAfterUncleanStop: a journal without a clean stop, ending in the middle of
// a round, gives the recovery banner and an alert to check the round on the table.
func TestRedDogRecoversAfterUncleanStop(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t1.db")
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	j := openJournal(t, path)
	m, err := NewRedDog(rdSetup())
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range rdTokens(t, "shoe\nQC\n3H 9S 5D\n4S 8D") {
		in := Input{Game: &engine.Input{Kind: engine.InToken, Token: tok}}
		a := m.Apply(in, c.Now())
		p, err := in.Encode()
		if err != nil {
			t.Fatal(err)
		}
		more, err := m.Records(a, c.Now(), Msg{Source: journal.SourceShoe})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := j.AppendBatch(append([]journal.Record{{Time: c.Now(), Kind: journal.KindShoe, Source: journal.SourceShoe, Shoe: 1, Payload: p}}, more...)...); err != nil {
			t.Fatal(err)
		}
	}
	r := rdStart(t, j, c)
	rec := r.Loop.Recovery()
	s := r.screen(t, c.Now())
	r.stop(t)
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	if rec.Clean || !rec.InCoup || rec.CoupN != 2 || rec.Inputs != 7 {
		t.Errorf("recovery %+v: want unclean, in round 2, 7 inputs", rec)
	}
	if len(s.Status.Errors) != 2 || !strings.Contains(s.Status.Errors[0], "Recovered at 21:00") || !strings.Contains(s.Status.Errors[1], "coup 2 was in progress") {
		t.Errorf("status errors %q", s.Status.Errors)
	}
	if s.Coup.RedDog == nil || s.Coup.RedDog.Kind != view.RedDogSpread || s.Coup.RedDog.Spread != 3 {
		t.Errorf("the round in progress after recovery: %+v", s.Coup.RedDog)
	}
}

// BenchmarkRedDogScreen measures building the Red Dog screen with a full history.
func BenchmarkRedDogScreen(b *testing.B) {
	m, err := NewRedDog(rdSetup())
	if err != nil {
		b.Fatal(err)
	}
	now := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	src := "shoe\nQC\n" + strings.Repeat("3H 9S 5D\n4H 5C\n8D 8S 8H\n2C KD 7S\n", 8)
	for _, tok := range rdTokens(b, src) {
		in := engine.TokenInput(tok)
		m.Apply(Input{Game: &in}, now)
	}
	for b.Loop() {
		m.Screen(now, view.LinkConnected)
	}
}

// BenchmarkRedDogApply measures one card through the machine and its journal records.
func BenchmarkRedDogApply(b *testing.B) {
	now := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	round := rdTokens(b, "3H 9S 5D\n4H 5C\n8D 8S 8H\n2C KD 7S")
	shoe := rdTokens(b, "shoe\nQC")
	m, err := NewRedDog(rdSetup())
	if err != nil {
		b.Fatal(err)
	}
	for _, tok := range shoe {
		in := engine.TokenInput(tok)
		m.Apply(Input{Game: &in}, now)
	}
	i := 0
	for b.Loop() {
		if i%300 == 0 { // a fresh shoe long before 8 decks run out
			for _, tok := range shoe {
				in := engine.TokenInput(tok)
				m.Apply(Input{Game: &in}, now)
			}
		}
		in := engine.TokenInput(round[i%len(round)])
		a := m.Apply(Input{Game: &in}, now)
		if _, err := m.Records(a, now, Msg{Source: journal.SourceShoe}); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// TestRedDogDoubtHoldsTheRound: a lost frame in a round holds it (issue 21, "doubt stops the
// coup"): no result on the screen, no round in the journal, until the supervisor confirms; the
// round record then says why and how it was resolved, and a table opened on the journal mid-hold
// is held the same way.
func TestRedDogDoubtHoldsTheRound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t1.db")
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	j := openJournal(t, path)
	r := rdStart(t, j, c)
	r.script(t, "shoe QC 3H")
	doubt := engine.DoubtInput(engine.DoubtLost, "1 frame(s): SEQ 0012 follows 0010")
	if res := r.send(t, Input{Game: &doubt}, journal.SourceShoe); res.Err != nil || res.Refused != nil {
		t.Fatalf("doubt: %v / %v", res.Err, res.Refused)
	}
	r.script(t, "9S 5D")
	held := r.screen(t, c.Now())
	r.stop(t)
	if co := held.Coup.RedDog; co == nil || co.Outcome != view.RedDogPending || len(co.Centre) != 1 || held.Status.Review != 1 ||
		len(held.Status.Errors) != 1 || held.Status.Errors[0] != "shoe data lost (1 frame(s): SEQ 0012 follows 0010)" {
		t.Fatalf("held screen: coup %+v, status %+v", held.Coup.RedDog, held.Status)
	}
	if h := held.RedDog.History; len(h) != 0 {
		t.Fatalf("a held round in the history: %+v", h)
	}
	count := func(j *journal.Journal) (rounds []string, events []string) {
		t.Helper()
		if err := j.Scan(0, func(rec journal.Record) error {
			switch rec.Kind {
			case KindRoundRedDog:
				rounds = append(rounds, string(rec.Payload))
			case journal.KindEvent:
				events = append(events, string(rec.Payload))
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return rounds, events
	}
	if rounds, events := count(j); len(rounds) != 0 || !strings.Contains(strings.Join(events, "\n"), `"event":"review","shoe":1,"n":1`) {
		t.Fatalf("journal while held: rounds %q, events %q", rounds, events)
	}

	r2 := rdStart(t, j, c) // a restart in the middle of the hold: the journal replays to it
	if again := r2.screen(t, c.Now()); again.Status.Review != 1 || again.Coup.RedDog.Outcome != view.RedDogPending {
		t.Fatalf("reopened: review %d, coup %+v", again.Status.Review, again.Coup.RedDog)
	}
	confirm := engine.InAcceptReviewInput()
	if res := r2.send(t, Input{Game: &confirm}, journal.SourceOperator); res.Err != nil || res.Refused != nil {
		t.Fatalf("confirm: %v / %v", res.Err, res.Refused)
	}
	done := r2.screen(t, c.Now())
	r2.stop(t)
	if done.Status.Review != 0 || done.Coup.RedDog.Outcome != view.RedDogWin || len(done.RedDog.History) != 1 {
		t.Fatalf("after confirm: review %d, coup %+v, history %d", done.Status.Review, done.Coup.RedDog, len(done.RedDog.History))
	}
	rounds, _ := count(j)
	want := `{"n":1,"cards":["3H","9S","5D"],"spread":5,"raise":true,"outcome":"win","pays":"1:1","kind":"normal","notes":["10.10"],"why":["shoe data lost (1 frame(s): SEQ 0012 follows 0010)"],"resolution":"confirmed","resolution_rule":"10.10"}`
	if len(rounds) != 1 || rounds[0] != want {
		t.Fatalf("round records %q, want %s", rounds, want)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestRedDogDue: a Red Dog table tells the pit board its sign of the one wager ("bet") and its
// state once, and again when a posted closing takes effect.
func TestRedDogDue(t *testing.T) {
	s := rdSetup()
	s.CurrencyCode = "AUD"
	m, err := NewRedDog(s)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	recs := m.Due(now)
	if len(recs) != 2 {
		t.Fatalf("%d records at start-up", len(recs))
	}
	var lim, st journal.Event
	if json.Unmarshal(recs[0].Payload, &lim) != nil || json.Unmarshal(recs[1].Payload, &st) != nil {
		t.Fatal("payloads")
	}
	if lim.Event != "limits" || lim.Sign.Wager != "bet" || lim.Sign.Currency != "AUD" || lim.Sign.Sign.Player.Min != 1000 ||
		st.Event != "status" || st.Status.Name != "RD-02" || st.Status.Game != RedDogGame || st.Status.State != "open" {
		t.Fatalf("limits %+v status %+v", lim.Sign, st.Status)
	}
	if again := m.Due(now.Add(time.Second)); len(again) != 0 {
		t.Fatalf("told twice: %d records", len(again))
	}
	closing := engine.Change{At: now.Add(30 * time.Minute), Close: true}
	if a := m.Apply(Input{Op: &Op{Kind: OpSchedule, Change: &closing}}, now); a.Refused != nil {
		t.Fatal(a.Refused)
	}
	if recs := m.Due(now.Add(time.Minute)); len(recs) != 1 || !strings.Contains(string(recs[0].Payload), `"state":"closing"`) {
		t.Fatalf("closing posted: %d records", len(recs))
	}
}

// TestRedDogReviewInputs: the supervisor enters the cards, or cancels, a round under review;
// a finished round disputed after the fact leaves the history's result until it is resolved;
// a baccarat-only input is still refused.
func TestRedDogReviewInputs(t *testing.T) {
	now := time.Unix(0, 0)
	apply := func(m *RedDog, in engine.Input) Applied {
		t.Helper()
		return m.Apply(Input{Game: &in}, now)
	}
	script := func(m *RedDog, src string) {
		t.Helper()
		for _, tok := range rdTokens(t, src) {
			if a := apply(m, engine.TokenInput(tok)); a.Refused != nil {
				t.Fatal(a.Refused)
			}
		}
	}
	m, err := NewRedDog(rdSetup())
	if err != nil {
		t.Fatal(err)
	}
	script(m, "shoe QC 3H")
	apply(m, engine.DoubtInput(engine.DoubtUnreadable, "ZZ"))
	a := apply(m, engine.ReconstructInput([]engine.Card{{Rank: 3, Suit: engine.Hearts}, {Rank: 9, Suit: engine.Spades}, {Rank: engine.King, Suit: engine.Diamonds}}))
	if a.Refused != nil || len(m.History()) != 1 || m.History()[0].Resolution != engine.ResolvedEntered || m.History()[0].Outcome != reddog.Lose {
		t.Fatalf("entered: %v, history %+v", a.Refused, m.History())
	}
	script(m, "2C 9D 5H") // the next round is under review: cards read after an entered round may be its
	if v := m.View(); v.Stage != reddog.StageReview {
		t.Fatalf("stage %s, want review", v.Stage)
	}
	script(m, "void")
	if h := m.History(); len(h) != 2 || h[1].Kind != reddog.KindCancelled || h[1].Resolution != engine.ResolvedCancelled {
		t.Fatalf("cancelled: history %+v", h)
	}
	script(m, "4C 9C 6C")
	apply(m, engine.DoubtInput(engine.DoubtConflict, "SEQ 0031"))
	if s := m.Screen(now, view.LinkConnected); s.RedDog.History[2].Coup.Outcome != view.RedDogPending || s.Status.Review != 3 {
		t.Fatalf("disputed round shows %+v, status %+v", s.RedDog.History[2].Coup, s.Status)
	}
	apply(m, engine.InAcceptReviewInput())
	if s := m.Screen(now, view.LinkConnected); s.RedDog.History[2].Coup.Outcome != view.RedDogWin || s.Status.Review != 4 {
		t.Fatalf("confirmed round shows %+v, status %+v (the next round stays held)", s.RedDog.History[2].Coup, s.Status)
	}
	if a := apply(m, engine.ShoeResultInput(engine.ShoeResult{Winner: engine.Player})); len(a.Refusals) != 1 || a.Refusals[0].Rule != "003" {
		t.Fatalf("a baccarat shoe result: %v", a.Refused)
	}
}

// TestRedDogGoesTheBaccaratWay: a Red Dog table gives every input to the table aggregate as a
// baccarat table does (tableDesk): a sign change refused for want of notice (003 6.4) and an
// input Red Dog does not have (003) are refusals journalled as command_refused after the input;
// a settled wager is worded in the operator's messages; and a replay of the journal finds the
// same refusals (no replay.differ alert).
func TestRedDogGoesTheBaccaratWay(t *testing.T) {
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	path := filepath.Join(t.TempDir(), "t1.db")
	j := openJournal(t, path)
	r := rdStart(t, j, c)
	raise := engine.Change{At: c.Now().Add(10 * time.Minute), Sign: engine.Sign{Player: engine.WagerLimit{Min: 2500, Max: 100000, Multiple: 500}}}
	res := r.send(t, Input{Op: &Op{Kind: OpSchedule, Change: &raise}}, journal.SourceOperator)
	if res.Refused == nil || len(res.Records) != 2 || !isRefusalRecord(res.Records[1]) || !strings.Contains(string(res.Records[1].Payload), `"rule":"003 6.4`) {
		t.Fatalf("a higher minimum in 10 minutes: refused %v, records %+v", res.Refused, res.Records)
	}
	turn := engine.TurnInput(engine.HandBanker)
	res = r.send(t, Input{Game: &turn}, journal.SourceManual)
	if len(res.Refusals) != 1 || res.Refusals[0].Rule != "003" || len(res.Records) != 2 || !isRefusalRecord(res.Records[1]) {
		t.Fatalf("a turn at Red Dog: refusals %+v, records %+v", res.Refusals, res.Records)
	}
	bet := desk.Command{Verb: desk.VerbBet, Seat: 1, Wager: desk.WagerBet, Amount: 1000}
	r.script(t, "shoe QC")
	if res := r.send(t, Input{Command: &bet}, journal.SourceOperator); res.Refused != nil {
		t.Fatal(res.Refused)
	}
	r.script(t, "3H 9S 5D")
	var msgs []string
	if err := r.Loop.Inspect(context.Background(), func(m Machine) { msgs = m.(*RedDog).Messages() }); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(msgs, "\n"); !strings.Contains(got, "needs 20 minutes' notice (003 6.4") || !strings.Contains(got, "seat 1 bet wins $10") {
		t.Fatalf("messages:\n%s\nwant the refusal and the settlement", got)
	}
	r.stop(t)
	j.Close()

	j2 := openJournal(t, path)
	defer j2.Close()
	m, err := NewRedDog(rdSetup())
	if err != nil {
		t.Fatal(err)
	}
	rec, err := Replay(j2, m, c.Now())
	if err != nil {
		t.Fatal(err)
	}
	if rec.Differ != 0 {
		t.Fatalf("the replay differs from the record: %s", rec.DifferAlert)
	}
}
