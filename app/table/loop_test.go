package table

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/internal/testclock"
)

func setup(t testing.TB, profile string, settings ...string) Setup {
	t.Helper()
	p, err := engine.LookupProfile(profile)
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.ParseSettings(&p, settings)
	if err != nil {
		t.Fatal(err)
	}
	lim := engine.WagerLimit{Min: 2500, Max: 500000, Multiple: 500}
	return Setup{ID: "t1", Name: "Baccarat 1", Casino: "Test", Profile: p, Settings: s, Currency: "$",
		Sign: engine.Sign{Player: lim, Banker: lim, Tie: engine.WagerLimit{Min: 500, Max: 50000}, Run: engine.WagerLimit{Min: 500, Max: 10000}}}
}

func openJournal(t testing.TB, path string) *journal.Journal {
	t.Helper()
	j, err := journal.Open(path, journal.Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// running is the loop harness (Running) for a test: a refusal or an error fails the test.
type running struct{ *Running }

// start runs a baccarat loop for setup s over j, on clock c.
func start(t testing.TB, s Setup, j *journal.Journal, c *testclock.Clock) running {
	t.Helper()
	return startLoop(t, func(opt Options) (*Loop, error) { return NewBaccaratLoop(s, j, opt) }, Options{Clock: c.Now, Frame: time.Millisecond})
}

func startLoop(t testing.TB, newLoop func(Options) (*Loop, error), opt Options) running {
	t.Helper()
	r, err := Start(newLoop, opt)
	if err != nil {
		t.Fatal(err)
	}
	r.Actor, r.Reason = journal.Actor{Role: "supervisor", ID: "s1"}, "test"
	return running{r}
}

func (r running) send(t testing.TB, in Input, source string) Result {
	t.Helper()
	return r.Send(in, source)
}

func (r running) script(t testing.TB, src string) {
	t.Helper()
	if err := r.Script(src); err != nil {
		t.Fatal(err)
	}
}

// screen is the screen at now, taken on the loop's goroutine.
func (r running) screen(t testing.TB, now time.Time) view.Screen {
	t.Helper()
	s, err := r.Screen(now)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (r running) stop(t testing.TB) {
	t.Helper()
	if err := r.Stop(); err != nil {
		t.Fatal(err)
	}
}

const nzExample = `shoe
3H 4D 9S QC
2C KD 5H 4S 3D
AH 6C AD KS 7H 2S
cut
9D 8C KH AC`

func TestLoopJournalsAndReplaysToTheSameScreen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t1.db")
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	s := setup(t, "nz-baccarat-1998")
	j := openJournal(t, path)
	r := start(t, s, j, c)
	r.script(t, nzExample)
	live := r.Loop.st.Screen(c.Now(), view.LinkConnected)
	r.stop(t)
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	if live.Header.Coup != 3 || live.Stats.Hands != 3 || live.Stats.Tie != 2 || live.Stats.Player != 1 {
		t.Fatalf("live screen after the example shoe: header %+v stats %+v", live.Header, live.Stats)
	}

	j2 := openJournal(t, path)
	defer j2.Close()
	st, rec, err := ReplayState(j2, s, c.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Clean || rec.Coups != 3 || rec.Banner() != "" {
		t.Fatalf("recovery after a clean stop: %+v banner %q", rec, rec.Banner())
	}
	again := st.Screen(c.Now(), view.LinkConnected)
	if !reflect.DeepEqual(live, again) {
		t.Fatalf("replayed screen differs from the live one:\nlive  %+v\nagain %+v", live, again)
	}
	rounds, err := j2.Rounds(1)
	if err != nil || len(rounds) != 3 {
		t.Fatalf("round records: %d, %v", len(rounds), err)
	}
	if v, err := j2.Verify(); err != nil || !v.OK() {
		t.Fatalf("audit chain: %+v %v", v, err)
	}
}

// diedMidCoup plays three coups and the start of a fourth into a new journal at path, driving
// the loop's handler directly and never stopping it cleanly: the process "dies" mid-coup.
func diedMidCoup(t *testing.T, path string, s Setup, c *testclock.Clock) {
	t.Helper()
	j := openJournal(t, path)
	l, err := NewBaccaratLoop(s, j, Options{Clock: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	toks, _ := engine.ParseScript(strings.Replace(nzExample, "cut", "", 1) + "\n5C 6C")
	for _, tok := range toks {
		in := engine.TokenInput(tok)
		l.handle(Msg{Input: Input{Game: &in}, Source: journal.SourceShoe})
	}
	j.Close()
}

func TestUncleanStopRaisesTheRecoveryBannerAndReviewsTheCoupInProgress(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t1.db")
	c := testclock.New(time.Date(2026, 11, 22, 21, 4, 0, 0, time.UTC))
	s := setup(t, "nz-baccarat-1998")
	diedMidCoup(t, path, s, c)

	j2 := openJournal(t, path)
	defer j2.Close()
	l2, err := NewBaccaratLoop(s, j2, Options{Clock: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	rec := l2.Recovery()
	if rec.Clean || rec.Coups != 3 || !rec.InCoup || rec.CoupN != 4 {
		t.Fatalf("recovery %+v", rec)
	}
	if want := "Recovered at 21:04 — 3 coups restored"; rec.Banner() != want {
		t.Fatalf("banner %q, want %q", rec.Banner(), want)
	}
	scr := l2.st.Screen(c.Now(), view.LinkConnected)
	joined := strings.Join(scr.Status.Errors, "\n")
	if !strings.Contains(joined, "Recovered at 21:04") || !strings.Contains(joined, "coup 4 was in progress") {
		t.Fatalf("status errors after recovery: %q", joined)
	}
	// The alerts are journalled: a second restart still shows them until a supervisor clears them.
	j2.Close()
	j3 := openJournal(t, path)
	defer j3.Close()
	st, _, err := ReplayState(j3, s, c.Now())
	if err != nil {
		t.Fatal(err)
	}
	if n := len(st.Alerts()); n != 2 {
		t.Fatalf("alerts after the second restart: %d", n)
	}
}

// TestRecoveryAlertsAreBounded: sixty unclean restarts leave one current recovery notice and
// one review alert for the coup in progress, not sixty of each; the journal keeps every one.
func TestRecoveryAlertsAreBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t1.db")
	c := testclock.New(time.Date(2026, 11, 22, 21, 4, 0, 0, time.UTC))
	s := setup(t, "nz-baccarat-1998")
	diedMidCoup(t, path, s, c)
	const restarts = 60
	for i := 0; i < restarts; i++ {
		c.Add(time.Minute)
		j := openJournal(t, path)
		if _, err := NewBaccaratLoop(s, j, Options{Clock: c.Now}); err != nil {
			t.Fatal(err)
		}
		j.Close()
	}
	j2 := openJournal(t, path)
	defer j2.Close()
	st, _, err := ReplayState(j2, s, c.Now())
	if err != nil {
		t.Fatal(err)
	}
	alerts := st.Alerts()
	if len(alerts) != 2 || !strings.Contains(alerts[0].Text, "Recovered at 22:04") && !strings.Contains(alerts[1].Text, "Recovered at 22:04") {
		t.Fatalf("after %d unclean restarts the alerts are %+v; want the newest recovery notice and the coup's review", restarts, alerts)
	}
	n := 0
	for r, err := range j2.Records(0) {
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(r.Payload), "Recovered at") {
			n++
		}
	}
	if n != restarts {
		t.Errorf("the journal holds %d recovery notices, want %d", n, restarts)
	}
}

func TestStyleBNeverShowsAFaceDownCard(t *testing.T) {
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	s := setup(t, "nz-baccarat-1998", "style=B")
	j := openJournal(t, filepath.Join(t.TempDir(), "t1.db"))
	defer j.Close()
	r := start(t, s, j, c)
	defer r.stop(t)
	r.script(t, "shoe 3H 4D 9S QC")
	// Player 9C 9D = 8 (natural), Banker KH 2S; all dealt face down.
	for _, code := range []string{"9C", "KH", "9D", "2S"} {
		r.script(t, code)
		scr := r.Loop.st.Screen(c.Now(), view.LinkConnected)
		for _, cd := range append(scr.Coup.Player, scr.Coup.Banker...) {
			if _, up := cd.Face(); up {
				t.Fatalf("after %s a card is face up before any hand was turned: %+v", code, scr.Coup)
			}
		}
		if scr.Coup.Result != nil {
			t.Fatalf("a result is shown before the cards are turned: %+v", scr.Coup.Result)
		}
	}
	turn := engine.TurnInput(engine.HandPlayer)
	r.send(t, Input{Game: &turn}, journal.SourceManual)
	scr := r.Loop.st.Screen(c.Now(), view.LinkConnected)
	if len(scr.Coup.Player) != 2 || !scr.Coup.Player[0].FaceUp() {
		t.Fatalf("Player turned, screen %+v", scr.Coup)
	}
	for _, cd := range scr.Coup.Banker {
		if cd.FaceUp() {
			t.Fatalf("Banker's cards show before Banker was turned: %+v", scr.Coup.Banker)
		}
	}
}

func TestMinimumRaiseNeedsTwentyMinutesNotice(t *testing.T) {
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	s := setup(t, "vic-baccarat-2002")
	j := openJournal(t, filepath.Join(t.TempDir(), "t1.db"))
	defer j.Close()
	r := start(t, s, j, c)
	defer r.stop(t)
	raised := s.Sign
	raised.Player.Min, raised.Banker.Min = 5000, 5000
	early := engine.Change{At: c.Now().Add(10 * time.Minute), Sign: raised}
	res := r.send(t, Input{Op: &Op{Kind: OpSchedule, Change: &early}}, journal.SourceOperator)
	var ne *engine.NoticeError
	if !errors.As(res.Refused, &ne) {
		t.Fatalf("a raise in 10 minutes was not refused for notice: %v", res.Refused)
	}
	// The attempt is journalled with its actor, and the refusal with its rule after it (refusals.go).
	if len(res.Records) != 2 || res.Records[0].Actor.Role != "supervisor" || !isRefusalRecord(res.Records[1]) ||
		!strings.Contains(string(res.Records[1].Payload), `"rule":"000 7.7, s66(2)"`) {
		t.Fatalf("the refused attempt was not journalled with its actor and refusal: %+v", res.Records)
	}
	ok := engine.Change{At: c.Now().Add(20 * time.Minute), Sign: raised}
	if res := r.send(t, Input{Op: &Op{Kind: OpSchedule, Change: &ok}}, journal.SourceOperator); res.Refused != nil || res.Err != nil {
		t.Fatalf("a raise at 20 minutes was refused: %v %v", res.Refused, res.Err)
	}
	scr := r.Loop.st.Screen(c.Now(), view.LinkConnected)
	if len(scr.Notices) != 1 || scr.Notices[0].Kind != view.NoticeMinimum || scr.Notices[0].Amount != 5000 || !scr.Notices[0].At.Equal(ok.At) {
		t.Fatalf("notices %+v", scr.Notices)
	}
	c.Add(20 * time.Minute)
	scr = r.Loop.st.Screen(c.Now(), view.LinkConnected)
	if len(scr.Notices) != 0 || scr.Sign.Limits[0].Min != 5000 {
		t.Fatalf("at 21:20 the sign shows %+v notices %+v", scr.Sign, scr.Notices)
	}
}

func TestPresentIsThrottledAndSeesEveryCommittedRound(t *testing.T) {
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	s := setup(t, "nz-baccarat-1998")
	j := openJournal(t, filepath.Join(t.TempDir(), "t1.db"))
	defer j.Close()
	r := start(t, s, j, c)
	r.script(t, nzExample)
	deadline := time.Now().Add(30 * time.Second) // a ceiling for a loaded machine, not a measure
	for {
		last, _ := r.Last()
		hands := last.Stats.Hands
		if hands == 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the presented screen did not show the 3 rounds in 30 s (shows %d)", hands)
		}
		time.Sleep(5 * time.Millisecond)
	}
	r.stop(t)
}

func TestInspectRunsOnTheLoop(t *testing.T) {
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	s := setup(t, "nz-baccarat-1998")
	j := openJournal(t, filepath.Join(t.TempDir(), "t1.db"))
	defer j.Close()
	r := start(t, s, j, c)
	defer r.stop(t)
	r.script(t, nzExample)
	var rounds int
	if err := r.Loop.Inspect(context.Background(), func(m Machine) { rounds = len(m.(*State).Rounds()) }); err != nil {
		t.Fatal(err)
	}
	if rounds != 3 {
		t.Fatalf("Inspect saw %d rounds, want 3", rounds)
	}
}

// TestNoBetNoticeUsesTheBooksWord: a round without wagers is announced as a dummy coup where the
// book calls it that (000 11.4-11.9), and as "no bets this hand" elsewhere (act 001 4.7).
func TestNoBetNoticeUsesTheBooksWord(t *testing.T) {
	now := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		profile, script string
		want            view.NoticeKind
	}{
		{"vic-baccarat-2002", "shoe 3H dummy 2C KD", view.NoticeDummy},
		{"act-mini-baccarat-2012", "shoe 3H nobet 2C KD", view.NoticeNoBets},
	} {
		st, err := NewState(setup(t, tt.profile))
		if err != nil {
			t.Fatal(err)
		}
		toks, err := engine.ParseScript(tt.script)
		if err != nil {
			t.Fatal(err)
		}
		for _, tok := range toks {
			in := engine.TokenInput(tok)
			st.Apply(Input{Game: &in}, now)
		}
		var got []view.NoticeKind
		for _, n := range st.Screen(now, view.LinkConnected).Notices {
			got = append(got, n.Kind)
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s: notices %v, want [%v]", tt.profile, got, tt.want)
		}
	}
}

// TestClosedTableOpensAgain: a table closed with its 20 minutes' notice (000 13.7) opens again
// when a sign is posted after the closing; the closed view says when, and a restart (replay)
// shows the same.
func TestClosedTableOpensAgain(t *testing.T) {
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	s := setup(t, "vic-baccarat-2002")
	path := filepath.Join(t.TempDir(), "t1.db")
	j := openJournal(t, path)
	r := start(t, s, j, c)
	closing := engine.Change{At: c.Now().Add(20 * time.Minute), Close: true}
	if res := r.send(t, Input{Op: &Op{Kind: OpSchedule, Change: &closing}}, journal.SourceOperator); res.Refused != nil {
		t.Fatal(res.Refused)
	}
	opening := engine.Change{At: c.Now().Add(3 * time.Hour), Sign: s.Sign}
	opening.Sign.Player.Min, opening.Sign.Banker.Min = 10000, 10000
	if res := r.send(t, Input{Op: &Op{Kind: OpSchedule, Change: &opening}}, journal.SourceOperator); res.Refused != nil {
		t.Fatalf("opening after the closing refused: %v", res.Refused)
	}
	// The reopening's notices are shown with the closing's: when it reopens, and the higher
	// minimum it brings, naming the wager (against the sign before the closing).
	higher := view.Notice{Kind: view.NoticeMinimum, Wager: view.WagerPlayerBanker, Amount: 10000, At: opening.At}
	scr := r.Loop.st.Screen(c.Now(), view.LinkConnected)
	want := []view.Notice{{Kind: view.NoticeClosing, At: closing.At}, {Kind: view.NoticeReopening, At: opening.At}, higher}
	if !reflect.DeepEqual(scr.Notices, want) {
		t.Fatalf("before the closing the notices are %+v, want %+v", scr.Notices, want)
	}
	c.Add(30 * time.Minute)
	scr = r.Loop.st.Screen(c.Now(), view.LinkConnected)
	if scr.Mode != view.Closed || !scr.Reopens.Equal(opening.At) {
		t.Fatalf("at 21:30: mode %v reopens %v, want closed until %v", scr.Mode, scr.Reopens, opening.At)
	}
	if !reflect.DeepEqual(scr.Notices, []view.Notice{higher}) { // the banner says when it reopens
		t.Fatalf("closed: the notices are %+v, want the higher minimum of the reopening", scr.Notices)
	}
	r.stop(t)
	j.Close()

	j2 := openJournal(t, path)
	defer j2.Close()
	st, _, err := ReplayState(j2, s, c.Now())
	if err != nil {
		t.Fatal(err)
	}
	if again := st.Screen(c.Now(), view.LinkConnected); again.Mode != view.Closed || !again.Reopens.Equal(opening.At) {
		t.Fatalf("after a restart: mode %v reopens %v", again.Mode, again.Reopens)
	}
	open := st.Screen(opening.At, view.LinkConnected)
	if open.Mode != view.Play || open.Sign.Limits[0].Min != 10000 {
		t.Fatalf("at the opening: mode %v sign %+v", open.Mode, open.Sign)
	}
}

// A card dealt just after the clock's once-a-second screen is presented at once: only inputs
// hold each other back to one present per Frame (issue 5's card → frame latency). Frame is long
// (5 s) so that a loaded machine's scheduling delays cannot pass for the hold-back, and the
// present of the input is told from the clock's by what it shows (the shoe loaded).
func TestClockTickDoesNotHoldBackAnInput(t *testing.T) {
	j := openJournal(t, filepath.Join(t.TempDir(), "j.db"))
	defer j.Close()
	c := testclock.New(time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC))
	type present struct {
		at   time.Time
		shoe int
	}
	presents := make(chan present, 64)
	const frame = 5 * time.Second
	s := setup(t, "vic-baccarat-2002")
	r := startLoop(t, func(opt Options) (*Loop, error) { return NewBaccaratLoop(s, j, opt) }, Options{Clock: c.Now, Frame: frame,
		Present: func(v view.Screen) { presents <- present{time.Now(), v.Header.Shoe} }})
	defer r.stop(t)
	<-presents // the first screen
	<-presents // the clock's, a second later
	toks, err := engine.ParseScript("shoe")
	if err != nil {
		t.Fatal(err)
	}
	in := engine.TokenInput(toks[0])
	sent := time.Now()
	if err := r.Loop.Send(context.Background(), Msg{Input: Input{Game: &in}, Source: journal.SourceShoe}); err != nil {
		t.Fatal(err)
	}
	for deadline := time.After(30 * time.Second); ; {
		select {
		case p := <-presents:
			if p.shoe != 1 {
				continue // a clock's screen, from before the input was taken
			}
			if d := p.at.Sub(sent); d > frame/2 {
				t.Errorf("the input was presented %v after it was sent, held back by the clock's present (Frame %v)", d, frame)
			}
			return
		case <-deadline:
			t.Fatal("the input was never presented")
		}
	}
}

// A journal write that fails is shown on the screen by its kind (the words a screen has for it
// in each language), not in SQLite's English, which Options.Failed is given for the log; the
// screen shows only what the journal holds.
func TestAJournalWriteFailureIsShownByItsKind(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t1.db")
	openJournal(t, path).Close()
	j, err := journal.Open(path, journal.Options{Table: "t1", ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	causes := make(chan error, 8)
	s := setup(t, "vic-baccarat-2002")
	r := startLoop(t, func(opt Options) (*Loop, error) { return NewBaccaratLoop(s, j, opt) },
		Options{Clock: c.Now, Frame: time.Millisecond, Failed: func(err error) { causes <- err }})
	res := r.send(t, Input{Alert: &Alert{Text: "shoe jammed — clear it; enter cards by hand meanwhile"}}, journal.SourceConfig)
	if !errors.Is(res.Err, journal.ErrReadOnly) {
		t.Fatalf("an input on a read-only journal: %v, want ErrReadOnly", res.Err)
	}
	select {
	case cause := <-causes:
		if !errors.Is(cause, journal.ErrReadOnly) {
			t.Errorf("Failed was told %v, want the journal's ErrReadOnly", cause)
		}
	default:
		t.Error("Failed was not told why the write failed")
	}
	want := "21:00 journal write failed: the journal cannot be written (read-only) — inputs are not being recorded; call a supervisor"
	if got := r.screen(t, c.Now()).Status.Errors; !reflect.DeepEqual(got, []string{want}) {
		t.Errorf("the strip's errors are %q, want only %q", got, want)
	}
	_ = r.Stop() // the clean stop cannot be written either
}
