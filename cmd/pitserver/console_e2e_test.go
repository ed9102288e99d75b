package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/bus/simtable"
	"github.com/coupboard/coupboard/app/console"
	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/app/pitcmd/simdesk"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/internal/browsertest"
	"github.com/coupboard/coupboard/internal/testpin"
	"github.com/coupboard/coupboard/pitwire"
)

// consoleTables are the tables of the browser test: two in pit A, one in pit B that announces
// its closing.
var consoleTables = []struct {
	id, pit string
	closing time.Duration
}{{"BAC-1", "A", 0}, {"BAC-2", "A", 0}, {"BAC-3", "B", 45 * time.Minute}}

// consoleSign is the sign the simulated tables publish (app/bus/simtable), which their rules
// start from when they take the pit's commands.
var consoleSign = engine.Sign{Player: engine.WagerLimit{Min: 2500, Max: 500000}, Banker: engine.WagerLimit{Min: 2500, Max: 500000},
	Tie: engine.WagerLimit{Min: 500, Max: 50000}}

// TestConsoleInABrowser drives the pit console in a real headless browser (Debian's chromium,
// over the DevTools protocol) against the pit server, with simulated tables publishing real
// coups on its bus and taking the pit's commands on it (app/pitcmd/simdesk: each table's own
// rules decide): sign in, see the tables change live, tick a pit, ask the earliest time, post
// to the tables, see each table's answer, cancel (each table withdraws the change), switch
// language, and the keyboard's order. With CONSOLE_SHOTS=dir it saves the screenshots there
// (docs/img for the supervisor's guide).
func TestConsoleInABrowser(t *testing.T) {
	chromium := browsertest.Chromium(t)
	dir := t.TempDir()
	pin := testpin.Hash(t, "2468")
	people := filepath.Join(dir, "people.toml")
	if err := os.WriteFile(people, []byte(fmt.Sprintf("[[person]]\nid = \"101\"\nname = \"Ana Lee\"\nrole = \"supervisor\"\npin_hash = %q\n", pin)), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := FileConfig{
		Server:  bus.ServerConfig{Name: "pit-1", Port: -1, StoreDir: t.TempDir(), Boards: []bus.Credential{{User: "board", Password: "secret-b"}}},
		Console: console.Config{People: people, Profile: "vic-baccarat-2002", TimeZone: "UTC", Tables: map[string]console.TableConfig{}},
	}
	for _, tb := range consoleTables {
		cfg.Server.Tables = append(cfg.Server.Tables, bus.Credential{Table: tb.id, User: strings.ToLower(tb.id), Password: "secret-" + tb.id})
		cfg.Console.Tables[tb.id] = console.TableConfig{Pit: tb.pit}
		cfg.Commands.Tables = append(cfg.Commands.Tables, pitcmd.Table{ID: tb.id, Pit: tb.pit, Game: pitcmd.GameBaccarat})
	}
	n := startNode(t, cfg, "--console", "127.0.0.1:0")
	url, busURL := n.listening(t, sayConsole), n.busURL(t)

	// The tables: real coups, published by real publishers with their own credentials.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	outboxes := map[string]*bus.MemOutbox{}
	desks := map[string]*simdesk.Table{}
	for i, tb := range consoleTables {
		ob := bus.NewMemOutbox(tb.id, time.Now)
		outboxes[tb.id] = ob
		sim, err := simtable.New(simtable.Config{ID: tb.id, Seed: uint64(i + 1), Closing: tb.closing}, ob)
		if err != nil {
			t.Fatal(err)
		}
		if err := sim.Open(); err != nil {
			t.Fatal(err)
		}
		pub, err := bus.NewPublisher(bus.PublisherConfig{Table: tb.id, Heartbeat: 500 * time.Millisecond,
			Conn: bus.ConnConfig{URLs: []string{busURL}, User: strings.ToLower(tb.id), Password: "secret-" + tb.id}}, ob)
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { defer close(done); _ = pub.Run(ctx) }()
		go func() { _ = sim.Run(ctx, 700*time.Millisecond, pub.Notify) }()
		t.Cleanup(func() { cancel(); <-done })
		// Its commands: the table's own rules (vic-baccarat-2002) on the sign it publishes.
		desk, err := simdesk.New(simdesk.Config{ID: tb.id, Conn: bus.ConnConfig{URLs: []string{busURL},
			User: strings.ToLower(tb.id), Password: "secret-" + tb.id}, Sign: consoleSign})
		if err != nil {
			t.Fatal(err)
		}
		desks[tb.id] = desk
		ddone := make(chan struct{})
		go func() { defer close(ddone); _ = desk.Run(ctx) }()
		t.Cleanup(func() { cancel(); <-ddone })
	}

	b := browsertest.Start(t, chromium, 1100, func() string { return n.out.String() + "\n" + n.errOut.String() })
	run, text, waitText, shot := b.Run, b.Text, b.WaitText, b.Shot

	// Sign in: the id field, then Tab to the PIN (the keyboard's order), Enter.
	var focused string
	run("sign in", chromedp.Navigate(url), chromedp.WaitVisible("#id", chromedp.ByID),
		chromedp.SendKeys("#id", "101", chromedp.ByID), chromedp.KeyEvent(kb.Tab),
		chromedp.Evaluate(`document.activeElement.id`, &focused))
	if focused != "pin" {
		t.Fatalf("Tab from the id field went to %q, want the PIN", focused)
	}
	run("sign in", chromedp.SendKeys("#pin", "2468"+kb.Enter, chromedp.ByID),
		chromedp.WaitVisible(`#tables tr[data-table="BAC-3"]`, chromedp.ByQuery))
	if who := text(".who"); who != "Ana Lee (101, supervisor)" {
		t.Fatalf("signed in as %q", who)
	}

	// Live: the last result changes without a reload, and the page says it is live.
	run("live", chromedp.WaitVisible("#live.on", chromedp.ByQuery))
	before := text(`tr[data-table="BAC-1"] td.last`)
	deadline := time.Now().Add(60 * time.Second)
	for text(`tr[data-table="BAC-1"] td.last`) == before {
		if time.Now().After(deadline) {
			t.Fatalf("BAC-1's last result stayed %q for a minute", before)
		}
		time.Sleep(200 * time.Millisecond)
	}
	// What the tables publish besides their coups: BAC-2 holds a coup for review, BAC-1 posts a
	// higher minimum for later; both reach the page without a reload.
	effective := time.Now().Add(time.Hour)
	old, nw := int64(2500), int64(5000)
	for id, m := range map[string]pitwire.Message{
		"BAC-2": {V: 1, Table: "BAC-2", Type: pitwire.TypeReview, Shoe: 1, Review: &pitwire.Review{N: 99, State: pitwire.ReviewHeld, Reasons: []string{"lost"}}},
		"BAC-1": {V: 1, Table: "BAC-1", Type: pitwire.TypeNotice, Shoe: 1, Notice: &pitwire.Notice{Change: 1, Item: pitwire.NoticeMinimum, Bet: "player",
			Old: &old, New: &nw, Posted: time.Now(), Effective: effective, Rule: "000 7.7, s66(2)", Text: "Minimum Player changes to $50"}},
	} {
		if _, err := outboxes[id].Append(m); err != nil {
			t.Fatal(err)
		}
	}
	waitText(`tr[data-table="BAC-2"] td.state`, "Coup 99 under review: shoe data lost")
	waitText(`tr[data-table="BAC-1"]`, "Player minimum: $25 → $50 at "+effective.UTC().Format("15:04")+" (000 7.7, s66(2))")
	if s := text(`tr[data-table="BAC-3"] td.state`); !strings.HasPrefix(s, "Closes at ") {
		t.Errorf("BAC-3's state: %q", s)
	}

	// Too soon on BAC-1: the console checks the time at Post against the earliest the table's
	// rules allow (000 7.7) and sends nothing, saying so, with the earliest time. (A table's own
	// refusal of a change sent too soon, by `pitserver post`, is in internal/e2e's
	// TestConsoleCommandsRealTables.)
	soon := time.Now().UTC().Add(2 * time.Minute).Format("15:04")
	run("post too soon", chromedp.Click(`tr[data-table="BAC-1"] input[name=table]`, chromedp.ByQuery),
		chromedp.Click(`input[name=kind][value=limits]`, chromedp.ByQuery),
		chromedp.SetValue("#at", soon, chromedp.ByID), chromedp.SetValue("#main_min", "100", chromedp.ByID), chromedp.SetValue("#main_max", "5000", chromedp.ByID),
		chromedp.Click("#post", chromedp.ByID), chromedp.WaitVisible("#message.error", chromedp.ByQuery))
	if msg := text("#message"); !strings.Contains(msg, "Not sent: "+soon+" is no longer allowed") || !strings.Contains(msg, "000 7.7, s66(2)") {
		t.Errorf("the console's answer to a change too soon: %q", msg)
	}
	if act := text("#activity"); strings.Contains(act, "player=100-5000") {
		t.Errorf("the change too soon was sent:\n%s", act)
	}
	// A fresh form for what follows (the refused one keeps what was typed).
	run("fresh form", chromedp.Navigate(url), chromedp.WaitVisible(`#tables tr[data-table="BAC-3"]`, chromedp.ByQuery))
	// Select pit A, a higher minimum, the earliest time the engine allows (20 minutes:
	// 000 7.7), post, and see both tables' answers.
	run("select", chromedp.Click(`input[name=pit][value=A]`, chromedp.ByQuery),
		chromedp.Click(`input[name=kind][value=limits]`, chromedp.ByQuery),
		chromedp.SendKeys("#main_min", "50", chromedp.ByID), chromedp.SendKeys("#main_max", "5000", chromedp.ByID))
	// The earliest time the console offers (000 7.7: 20 minutes), posted two minutes after it: a
	// loaded machine may take long to post, and the console checks the time again at Post.
	at := b.EarliestThenPost("notice rule 000 7.7, s66(2)", 20*time.Minute, 2*time.Minute).UTC().Format("2006-01-02T15:04:05") // sent dated
	const newest = `#activity article.posting:first-of-type`
	waitText(newest, "BAC-1 accepted")
	waitText(newest, "BAC-2 accepted")
	act := text("#activity")
	for _, want := range []string{"!limits at=" + at + " player=50-5000 banker=50-5000", "posted by Ana Lee (101)", "BAC-1 accepted", "BAC-2 accepted"} {
		if !strings.Contains(act, want) {
			t.Errorf("activity lacks %q:\n%s", want, act)
		}
	}
	if strings.Contains(act, "BAC-3") {
		t.Error("BAC-3 (pit B) was posted to")
	}
	shot("console.png")

	// Cancel the accepted change: each table is sent its withdrawal, and withdraws it.
	var id string
	var ok bool
	run("the posting's id", chromedp.AttributeValue(newest, "data-posting", &id, &ok, chromedp.ByQuery))
	for _, tb := range []string{"BAC-1", "BAC-2"} {
		if n := len(desks[tb].Scheduled()); n != 1 {
			t.Fatalf("%s has %d changes posted before the Cancel, want 1", tb, n)
		}
	}
	run("cancel", chromedp.Click(newest+` button`, chromedp.ByQuery))
	waitText(newest, "BAC-1 cancelled · withdrawn")
	waitText(newest, "BAC-2 cancelled · withdrawn")
	if act := text(newest); !strings.Contains(act, "cancelled at") || strings.Contains(act, "Cancel this change") {
		t.Errorf("after cancelling:\n%s", act)
	}
	for _, tb := range []string{"BAC-1", "BAC-2"} {
		if n := len(desks[tb].Scheduled()); n != 0 {
			t.Errorf("%s still has %d changes posted after the Cancel", tb, n)
		}
		if c := desks[tb].Carried(); len(c) == 0 || !strings.HasPrefix(c[len(c)-1].Line, "!withdraw at=") || c[len(c)-1].Withdraws != id {
			t.Errorf("%s carried out %+v, want the !withdraw of %s last", tb, c, id)
		}
	}
	if !strings.Contains(n.out.String(), "101 (Ana Lee) cancelled "+id) {
		t.Errorf("the pit server's console does not say who cancelled:\n%s", n.out.String())
	}
	shot("console-cancel.png")

	// Another language, from the switch.
	run("language", chromedp.Click(`a[hreflang="zh-Hans"]`, chromedp.ByQuery), chromedp.WaitVisible(`#tables tr[data-table="BAC-1"]`, chromedp.ByQuery))
	if h := text("h1"); h != "赌区控制台" {
		t.Errorf("the heading in zh-Hans: %q", h)
	}
	shot("console-zh-hans.png")
}

// TestConsoleRefusedAtStart: the console's flags and configuration are checked at start, each
// error naming the flag or key; without --console nothing of [console] is needed.
func TestConsoleRefusedAtStart(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--config", "x.toml", "--console", ":0", "--console-tls-cert", "c.pem"}, "give both or neither"},
		{[]string{"--config", "x.toml", "--console-tls-cert", "c.pem", "--console-tls-key", "k.pem"}, "there is no --console"},
	} {
		if _, err := parse(tc.args, io.Discard); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("parse %v: %v, want %q", tc.args, err, tc.want)
		}
	}
	people := filepath.Join(t.TempDir(), "people.toml")
	if err := os.WriteFile(people, []byte("[[person]]\nid = \"101\"\nname = \"A\"\nrole = \"boss\"\npin_hash = \"x\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(t.TempDir(), "people.toml")
	hash := testpin.Hash(t, "2468")
	if err := os.WriteFile(good, []byte(fmt.Sprintf("[[person]]\nid = \"101\"\nname = \"A\"\nrole = \"supervisor\"\npin_hash = %q\n", hash)), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		cfg  console.Config
		want string
	}{
		{"bad profile", console.Config{People: good, Profile: "vic-baccarat-1999"}, `console.profile: profile "vic-baccarat-1999": unknown`},
		{"bad table setting", console.Config{People: good, Tables: map[string]console.TableConfig{"BAC-1": {Settings: []string{"notice_minutes=5"}}}}, "console.tables.BAC-1.settings: setting notice_minutes=5: notice_minutes 5: this book needs at least 20"},
		{"bad zone", console.Config{People: good, TimeZone: "Mars/Olympus"}, `console.time_zone "Mars/Olympus"`},
		{"no people", console.Config{}, "console.people: the people file is required"},
		{"bad person", console.Config{People: people}, `person 1 (101): role "boss"`},
		{"no such file", console.Config{People: "/nonexistent/people.toml"}, "read people /nonexistent/people.toml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "pitserver.toml")
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := toml.NewEncoder(f).Encode(FileConfig{Server: bus.ServerConfig{Name: "pit-1", Port: -1, StoreDir: t.TempDir(), Open: true}, Console: tc.cfg}); err != nil {
				t.Fatal(err)
			}
			f.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			err = run(ctx, []string{"--config", path, "--console", "127.0.0.1:0"}, io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("%v, want %q", err, tc.want)
			}
		})
	}
}
