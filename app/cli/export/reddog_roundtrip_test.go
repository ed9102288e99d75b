package export_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/cli/export"
	"github.com/coupboard/coupboard/app/cli/replay"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/engine/reddog"
)

// rdRound is what a Red Dog round is compared on: what `export --format json` (the round record,
// with a cancellation after the fact applied) and `replay` both say, the review columns included.
type rdRound struct {
	N                       int
	Cards, Spread           string
	Raise                   bool
	Outcome, Pays, Kind     string
	Review, Why, Resolution string
}

// rdRoundOf is the compared part of the export row of a Red Dog round record.
func rdRoundOf(t testing.TB, rec journal.Record) rdRound {
	t.Helper()
	row, err := export.RedDogRowOf(rec)
	if err != nil {
		t.Fatal(err)
	}
	return rdRound{N: row.Round, Cards: strings.Join(row.Cards, " "), Spread: row.Spread, Raise: row.Raise, Outcome: row.Outcome,
		Pays: row.Pays, Kind: row.Kind, Review: row.Review, Why: strings.Join(row.ReviewReasons, " | "), Resolution: row.Resolution}
}

// exportRedDogRounds is the journal's Red Dog rounds as export writes them: a round the
// supervisor cancelled after it was recorded is a cancelled push with no payout (the journal's
// "cancel" event; the round record is kept as written).
func exportRedDogRounds(t testing.TB, recs []journal.Record) []rdRound {
	t.Helper()
	var out []rdRound
	at := map[int]int{} // round → index in out (Red Dog rounds are counted over the session, 9.7)
	for _, r := range recs {
		switch r.Kind {
		case journal.KindRoundRedDog:
			rd := rdRoundOf(t, r)
			at[rd.N] = len(out)
			out = append(out, rd)
		case journal.KindEvent:
			var ev struct {
				Event string
				N     int
			}
			if json.Unmarshal(r.Payload, &ev) == nil && ev.Event == "cancel" {
				if i, ok := at[ev.N]; ok {
					out[i].Kind, out[i].Outcome, out[i].Pays = "cancelled", "push", ""
				}
			}
		}
	}
	return out
}

// replayRedDog runs `coupboard replay --profile vic-red-dog-1997` (with --hold when hold) on a
// script under the opening limit bet, and returns the rounds and the settlement, notice and
// sign lines it prints.
func replayRedDog(t testing.TB, start time.Time, bet engine.WagerLimit, script string, hold bool) ([]rdRound, []string) {
	t.Helper()
	args := []string{"--profile", reddog.VicRedDog1997().ID, "--start", start.UTC().Truncate(time.Second).Format(time.RFC3339),
		"--limit", "bet=" + desk.FormatAmount(bet.Min) + "-" + desk.FormatAmount(bet.Max)}
	if hold {
		args = append([]string{"--hold"}, args...)
	}
	var out, errs bytes.Buffer
	if err := replay.Run(append(args, "-"), strings.NewReader(script), &out, &errs); err != nil {
		t.Fatalf("replay: %v\n%s\nscript:\n%s", err, errs.String(), script)
	}
	var rounds []rdRound
	sc := bufio.NewScanner(bytes.NewReader(out.Bytes()))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var ev struct{ Event string }
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("replay line %q: %v", sc.Text(), err)
		}
		if ev.Event == "" { // a round: the same payload as the journal's round record
			rounds = append(rounds, rdRoundOf(t, journal.Record{Seq: 1, Kind: journal.KindRoundRedDog, Payload: bytes.Clone(sc.Bytes())}))
		}
	}
	return rounds, shownLines(out.Bytes())
}

// fuzzRedDog plays a random Red Dog shoe as a live table does (it holds a round under review for
// the supervisor): wagers and raises between the cards; the shoe link's doubts (lost, unreadable,
// conflicting, replayed, repeated frames, restarts, disconnections); the supervisor's review
// resolutions (!accept: confirmed as read, !reconstruct: the cards entered, complete or not, and
// void: the round cancelled); and the dealer's and supervisor's other inputs (cancellations after
// the fact, a card exposed in error, the reshuffle of 9.7, an empty shoe, burns, signs posted,
// alerts), each from its own random stream.
func fuzzRedDog(t testing.TB, seed int64, setup table.RedDogSetup) *fakeJournal {
	m, err := table.NewRedDog(setup)
	if err != nil {
		t.Fatal(err)
	}
	rig := newFuzzRig(seed, m)
	f, rng, bets, link, sup := rig.fakeJournal, rig.rng, rig.bets, rig.link, rig.sup
	game := func(in engine.Input, src string) { rig.game(t, in, src) }
	gameBy := func(in engine.Input) { rig.by(t, in, sup, "fuzz: reviewed") }
	cmd := func(c desk.Command) {
		f.send(t, table.Input{Command: &c}, journal.SourceOperator, rig.dealer, "fuzz: the player asked")
	}
	cards := rig.shuffled(setup.Profile.Decks, 30, 80)
	game(engine.WordInput(engine.TokShoe, 0), journal.SourceShoe)
	for i, c := range cards {
		f.now = f.now.Add(time.Duration(1+rng.Intn(25))*time.Second + time.Duration(rng.Intn(1e9)))
		if i == len(cards)-8 {
			game(engine.WordInput(engine.TokCut, 0), journal.SourceShoe)
		}
		for bets.Intn(3) == 0 { // wagers before a round, raises after its spread (003 5.4, 7.2.1.1)
			if bets.Intn(3) == 0 {
				cmd(desk.Command{Verb: desk.VerbBet, Seat: bets.Intn(8), Wager: desk.WagerRaise, Amount: int64(1+bets.Intn(30)) * 500})
			} else {
				cmd(desk.Command{Verb: desk.VerbBet, Seat: bets.Intn(8), Wager: desk.WagerBet, Amount: int64(1+bets.Intn(60)) * 500})
			}
		}
		in := engine.CardInput(c, engine.PosNone, engine.SourceShoe)
		if rng.Intn(15) == 0 {
			in.Source = engine.SourceManual
			f.send(t, table.Input{Game: &in}, journal.SourceManual, rig.dealer, "fuzz: entered by hand")
		} else {
			game(in, journal.SourceShoe)
		}
		for link.Intn(8) == 0 {
			switch link.Intn(6) {
			case 0, 1, 2: // the shoe link could not vouch for something
				k := []engine.DoubtKind{engine.DoubtLost, engine.DoubtUnreadable, engine.DoubtConflict, engine.DoubtReplay,
					engine.DoubtRestart, engine.DoubtDisconnect, engine.DoubtRepeat}[link.Intn(7)]
				detail := ""
				if link.Intn(2) == 0 {
					detail = fmt.Sprintf("SEQ %04d follows %04d # \"fuzz\"", i+2, i)
				}
				game(engine.DoubtInput(k, detail), journal.SourceShoe)
			case 3: // the supervisor confirms what is held as read
				gameBy(engine.InAcceptReviewInput())
			case 4: // ... enters the cards as they lie (two or three: not always as many as the spread draws)
				gameBy(engine.ReconstructInput(cards[i-min(i, 1+link.Intn(2)) : i+1]))
			case 5: // ... cancels the round in progress
				gameBy(engine.WordInput(engine.TokVoid, 0))
			}
		}
		for rng.Intn(5) == 0 {
			switch rng.Intn(9) {
			case 0: // a round cancelled after the fact (10.3, 10.4)
				gameBy(engine.WordInput(engine.TokVoid, rng.Intn(12)))
			case 1:
				game(engine.WordInput(engine.TokExposed, 0), journal.SourceShoe)
			case 2:
				game(engine.WordInput(engine.TokReshuffle, 0), journal.SourceShoe)
			case 3:
				game(engine.WordInput(engine.TokEmpty, 0), journal.SourceShoe)
			case 4:
				game(engine.WordInput(engine.TokBurn, 0), journal.SourceShoe)
			case 5:
				m := int64(1+rng.Intn(10)) * 500
				s := engine.Sign{Player: engine.WagerLimit{Min: m, Max: m * int64(10+rng.Intn(100))}}
				at := f.now.Add(time.Duration(rng.Intn(3)*15) * time.Minute)
				o := table.Op{Kind: table.OpSchedule, Change: &engine.Change{At: at, Sign: s, Waived: rng.Intn(5) == 0}}
				f.send(t, table.Input{Op: &o}, journal.SourceOperator, sup, "fuzz: the pit asked")
			case 6:
				f.send(t, table.Input{Alert: &table.Alert{Text: "fuzz: shoe restarted"}}, journal.SourceShoe, journal.Actor{}, "")
			case 7:
				gameBy(engine.InAcceptReviewInput())
			case 8: // not an input of Red Dog: refused, and the script says so as the table did
				gameBy(engine.TurnInput(engine.HandPlayer))
			}
		}
	}
	f.send(t, table.Input{Op: &table.Op{Kind: table.OpCleanStop}}, journal.SourceConfig, journal.Actor{}, "")
	return f
}

// TestRoundTripFuzzedRedDog: for 1,000 fuzzed Red Dog tables (fuzzRedDog: wagers and raises,
// the shoe link's doubts, the supervisor's confirmations, entered cards and cancellations,
// cancellations after the fact, reshuffles, signs), `replay --hold` of `export --format
// script` prints the same rounds as `export --format json`, review columns included, and the
// same settlements, notices and signs as the table showed (issue 22 item 4, Red Dog as
// baccarat, TestRoundTripFuzzedOperators and TestRoundTripSettlementsAsShown). Without --hold
// the replay differs (a round under review finishes flagged instead of waiting for the
// supervisor): the test checks that the fuzzer reaches such tables.
func TestRoundTripFuzzedRedDog(t *testing.T) {
	p := reddog.VicRedDog1997()
	setup := table.RedDogSetup{ID: "t1", Name: "Red Dog 1", Profile: p, Bet: engine.WagerLimit{Min: 500, Max: 20000}, Currency: "$", CurrencyCode: "AUD"}
	n := 1000
	if testing.Short() || raceOn {
		n = 300 // about a minute under the race detector
	}
	unheld := 100 // of the tables, those also replayed without --hold
	rounds, differ := 0, 0
	counts := map[string]int{}
	for seed := int64(1); seed <= int64(n); seed++ {
		f := fuzzRedDog(t, seed, setup)
		var script bytes.Buffer
		if _, err := export.WriteScript(&script, export.ScriptMeta{Table: "t1", Profile: p.ID}, f.recs); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		want := exportRedDogRounds(t, f.recs)
		got, gotShown := replayRedDog(t, f.recs[0].Time, setup.Bet, script.String(), true)
		sameRounds(t, seed, "replay --hold", got, want, script.String())
		m, err := table.NewRedDog(setup)
		if err != nil {
			t.Fatal(err)
		}
		if wantShown := shownLines(shownBy(t, m, f.recs, true)); !reflect.DeepEqual(gotShown, wantShown) {
			t.Fatalf("seed %d: replay of the script shows\n%s\nthe table showed\n%s\nscript:\n%s", seed, strings.Join(gotShown, "\n"), strings.Join(wantShown, "\n"), script.String())
		}
		if seed <= int64(unheld) {
			if loose, _ := replayRedDog(t, f.recs[0].Time, setup.Bet, script.String(), false); !reflect.DeepEqual(loose, want) {
				differ++
			}
		}
		rounds += len(want)
		counts["doubt"] += strings.Count(script.String(), "\n!doubt ")
		for _, rd := range want {
			counts["resolved "+rd.Resolution]++
			if rd.Kind == "cancelled" {
				counts["cancelled"]++
			}
		}
		for _, l := range gotShown {
			switch {
			case strings.Contains(l, `"reverses"`):
				counts["refunded after the fact"]++
			case strings.Contains(l, `"raise"`):
				counts["settled with a raise"]++
			case strings.HasPrefix(l, `{"event":"settle"`):
				counts["settled"]++
			case strings.HasPrefix(l, `{"event":"notice"`):
				counts["notice"]++
			}
		}
	}
	delete(counts, "resolved ")
	t.Logf("%d fuzzed Red Dog tables: %d rounds, each the same in replay --hold as in export, and the same settlements, notices and signs as shown: %v; %d of the first %d replay otherwise without --hold",
		n, rounds, counts, differ, unheld)
	for _, k := range []string{"doubt", "resolved " + engine.ResolvedConfirmed, "resolved " + engine.ResolvedEntered, "resolved " + engine.ResolvedCancelled,
		"cancelled", "refunded after the fact", "settled with a raise", "settled", "notice"} {
		if counts[k] == 0 {
			t.Errorf("the fuzzer never reaches %q", k)
		}
	}
	if differ == 0 {
		t.Errorf("no fuzzed table replays otherwise without --hold: the fuzzer holds no round for the supervisor")
	}
}
