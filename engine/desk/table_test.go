package desk

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

var update = flag.Bool("update", false, "rewrite testdata/*.want from the current output (then read every diff)")

// runScript replays a table script through a Table and returns the §2 lines it printed, with
// the engine's rounds as "round N WINNER KIND" lines between them. The script's first lines
// may say how the table is set up: "#= profile vic-baccarat-2002", "#= set runs=true",
// "#= limit player=10-1000", "#= hold" (a coup under review waits for the supervisor). The
// table's currency is cur.
func runScript(t *testing.T, src string, cur engine.Currency) string {
	t.Helper()
	profile, sets, limits, hold := "", []string(nil), []string(nil), false
	for _, l := range strings.Split(src, "\n") {
		if v, ok := strings.CutPrefix(l, "#= "); ok {
			k, rest, _ := strings.Cut(v, " ")
			switch k {
			case "profile":
				profile = rest
			case "set":
				sets = append(sets, strings.Fields(rest)...)
			case "limit":
				limits = append(limits, strings.Fields(rest)...)
			case "hold":
				hold = true
			}
		}
	}
	var sign engine.Sign
	if len(limits) > 0 {
		it, err := ParseLine(0, "!limits "+strings.Join(limits, " "))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range it[0].Command.Limits {
			switch l.Wager {
			case WagerPlayer, WagerBet:
				sign.Player = l.Limit
			case WagerBanker:
				sign.Banker = l.Limit
			case WagerTie:
				sign.Tie = l.Limit
			case WagerInsurance:
				sign.Insurance = l.Limit
			case WagerRuns:
				sign.Run = l.Limit
			}
		}
	}
	cfg := Config{Sign: sign, AutoTurn: true, Hold: hold, Currency: cur}
	if profile == reddog.ProfileID {
		p := reddog.VicRedDog1997()
		cfg.RedDog = &p
	} else {
		p, err := engine.LookupProfile(profile)
		if err != nil {
			t.Fatal(err)
		}
		s, err := engine.ParseSettings(&p, sets)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Profile, cfg.Settings = p, s
	}
	tab, err := New(cfg, DefaultStart)
	if err != nil {
		t.Fatal(err)
	}
	items, err := Parse(src, 0)
	if err != nil {
		t.Fatal(err)
	}
	run := NewRunner(tab, DefaultStart)
	var out []byte
	for i := range items {
		o, err := run.Step(&items[i])
		if err != nil {
			out = append(out, "error: "+err.Error()+"\n"...)
			break
		}
		for _, e := range o.Events {
			switch e.Kind {
			case engine.EvRound:
				out = append(out, "round "+itoa(e.N)+" "+e.Round.Outcome.Winner.String()+" "+e.Round.Kind.String()+"\n"...)
			case engine.EvCorrected:
				out = append(out, "corrected "+itoa(e.N)+" "+e.Round.Outcome.Winner.String()+" "+e.Round.Kind.String()+" "+e.Rule+"\n"...)
			case engine.EvVoid, engine.EvInsurance, engine.EvShoeEnd, engine.EvRefused, engine.EvReview, engine.EvResolved:
				out = append(out, e.Kind.String()+" "+itoa(e.N)+" "+e.Rule+" "+e.Reason+"\n"...)
			}
		}
		for _, e := range o.RedDog {
			if e.Kind == reddog.EvRound || e.Kind == reddog.EvCancel || e.Kind == reddog.EvRefused {
				out = append(out, "reddog "+e.Kind.String()+" "+itoa(e.N)+"\n"...)
			}
		}
		out = o.Lines(out, cfg.RedDog != nil)
	}
	return string(out)
}

// TestScriptsInTheTablesCurrency replays every testdata/*.script at tables of other
// currencies: the lines are the .want's (written at a dollar table) with every amount the
// table wrote in the table's currency instead, and no dollar is left.
func TestScriptsInTheTablesCurrency(t *testing.T) {
	files, err := filepath.Glob("testdata/*.script")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	dollar := regexp.MustCompile(`\$([0-9])`)
	for _, cur := range []engine.Currency{"MOP$", "¥", "CNY ", ""} {
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(f, ".script") + ".want")
			if err != nil {
				t.Fatal(err)
			}
			got := runScript(t, string(src), cur)
			if w := dollar.ReplaceAllString(string(want), strings.ReplaceAll(string(cur), "$", "$$")+"${1}"); got != w {
				t.Errorf("%s at a %q table:\n got:\n%s\nwant:\n%s", f, cur, got, w)
			}
			if cur != "MOP$" && strings.Contains(got, "$") {
				t.Errorf("%s at a %q table writes a dollar:\n%s", f, cur, got)
			}
		}
	}
}

func itoa(n int) string { return FormatAmount(int64(n) * 100) }

// TestScripts replays every testdata/*.script and compares the lines with its .want: the audit's
// wager-side findings of issue 22, each citing its rule in the script's comments.
func TestScripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.script")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".script"), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got := runScript(t, string(src), engine.Dollars)
			wantFile := strings.TrimSuffix(f, ".script") + ".want"
			if *update {
				if err := os.WriteFile(wantFile, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(wantFile)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal([]byte(got), want) {
				t.Errorf("%s:\n got:\n%s\nwant:\n%s", f, got, want)
			}
		})
	}
}

// TestClockBackwards: a clock form before the table clock is an error naming the line.
func TestClockBackwards(t *testing.T) {
	got := runScript(t, "#= profile vic-baccarat-2002\n@21:00\n@20:59\n", engine.Dollars)
	if !strings.Contains(got, "line 3") || !strings.Contains(got, "never moves backwards") {
		t.Fatalf("got %q", got)
	}
	p, _ := engine.LookupProfile(engine.ProfileVic2002)
	tab, err := New(Config{Profile: p, Settings: engine.DefaultSettings(&p)}, DefaultStart)
	if err != nil {
		t.Fatal(err)
	}
	// A live table's wall clock stepped back: the input applies at the table clock, which stays.
	tab.Advance(DefaultStart.Add(time.Hour))
	// Refused once, in the outcome; the refusal unwraps to the board's notice error, with the
	// earliest time counted from the table clock.
	out := tab.Schedule(engine.Change{At: DefaultStart.Add(time.Hour), Close: true}, DefaultStart)
	var ne *engine.NoticeError
	if len(out.Refused) != 1 || !errors.As(out.Refused[0], &ne) || ne.Rule != out.Refused[0].Rule {
		t.Fatalf("a closing at once: refusals %+v, want one that unwraps to the notice error", out.Refused)
	}
	if at, ok := engine.Earliest(out.Refused[0]); !ok || !at.Equal(DefaultStart.Add(80*time.Minute)) || !at.Equal(out.Refused[0].Earliest) {
		t.Fatalf("earliest %v %v, refusal's %v: want the table clock and 20 minutes", at, ok, out.Refused[0].Earliest)
	}
	out = tab.Schedule(engine.Change{At: DefaultStart.Add(90 * time.Minute), Close: true}, DefaultStart)
	if len(out.Refused) != 0 || len(out.Notices) != 1 || !out.Notices[0].Posted.Equal(DefaultStart.Add(time.Hour)) {
		t.Fatalf("closing posted at the table clock: %+v", out)
	}
}

// TestSettingIsOneCommand: a setting given as a game input (as an old journal holds it) is the
// !setting command, decided the same way live and in a replay: at an ACT table a change of the
// settlement method for now is refused for want of notice (001 8.2), never applied at once.
func TestSettingIsOneCommand(t *testing.T) {
	p, err := engine.LookupProfile(engine.ProfileACT2012)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []Input{
		{Game: &[]engine.Input{engine.SettingInput("settlement", "B")}[0]},
		{Command: &Command{Verb: VerbSetting, Key: "settlement", Value: "B"}},
	} {
		tab, err := New(Config{Profile: p, Settings: engine.DefaultSettings(&p)}, DefaultStart)
		if err != nil {
			t.Fatal(err)
		}
		out, err := tab.Apply(in, DefaultStart)
		if err != nil {
			t.Fatal(err)
		}
		if len(out.Refused) != 1 || out.Refused[0].Rule != "001 8.2" || out.Refused[0].Command != VerbSetting {
			t.Errorf("%+v: refusals %+v, want the setting refused under 001 8.2", in, out.Refused)
		}
		if tab.Settlement().Banker != engine.BankerCommission {
			t.Errorf("%+v: the method changed at once", in)
		}
	}
}
