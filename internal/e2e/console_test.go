package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/internal/browsertest"
	"github.com/coupboard/coupboard/internal/testbin"
	"github.com/coupboard/coupboard/pitwire"
)

// consoleTableIDs are the real tables of the console test, both in pit A.
var consoleTableIDs = []string{"BAC-1", "BAC-2"}

// buildPitserver builds the pitserver command into dir and returns its path.
func buildPitserver(t *testing.T, dir string) string {
	t.Helper()
	out := filepath.Join(dir, "pitserver")
	build := exec.Command("go", "build", "-o", out, "github.com/coupboard/coupboard/cmd/pitserver")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build pitserver: %v\n%s", err, b)
	}
	return out
}

// pitServerConfig is the pit server's configuration for the console test: a bus on a free
// port (-1), each table with its own credentials, a pit manager, the command API and the
// console on loopback, people signed in from the operator directory.
func pitServerConfig(store string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[server]\nname = \"pit-1\"\nhost = \"127.0.0.1\"\nport = -1\nstore_dir = %q\n\n", store)
	for _, id := range consoleTableIDs {
		fmt.Fprintf(&b, "[[server.tables]]\ntable = %q\nuser = %q\npassword = \"secret-%s\"\n\n", id, strings.ToLower(id), id)
	}
	b.WriteString("[[server.managers]]\nuser = \"pit-manager\"\npassword = \"secret-m\"\n\n[commands]\nlisten = \"127.0.0.1:0\"\n\n")
	for _, id := range consoleTableIDs {
		fmt.Fprintf(&b, "[[commands.tables]]\nid = %q\npit = \"A\"\ngame = \"baccarat\"\n\n", id)
	}
	b.WriteString("[console]\ndirectory = true\nprofile = \"vic-baccarat-2002\"\ntime_zone = \"UTC\"\n")
	return b.String()
}

// pitServer is the pitserver command running, with the addresses it said on its console.
type pitServer struct {
	proc              *proc
	out               *testbin.Buffer
	bus, api, console string
}

// startPitServer starts the pit server with --console on a free port and waits until it says
// where its bus, command API and console are.
func startPitServer(t *testing.T, pitBin, cfgPath string) *pitServer {
	t.Helper()
	ps := &pitServer{out: &testbin.Buffer{}}
	cmd := exec.Command(pitBin, "--config", cfgPath, "--console", "127.0.0.1:0")
	cmd.Stdout = ps.out
	ps.proc = startProc(t, cmd)
	find := func(what string, re *regexp.Regexp) string {
		t.Helper()
		for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			if m := re.FindStringSubmatch(ps.out.String()); m != nil {
				return m[1]
			}
			select {
			case <-ps.proc.Done:
				t.Fatalf("pitserver exited (%v) before %s; stdout:\n%s\nstderr:\n%s", ps.proc.Err, what, ps.out, ps.proc.Stderr)
			default:
			}
			if time.Now().After(deadline) {
				t.Fatalf("pitserver did not say %s within 60 s; stdout:\n%s\nstderr:\n%s", what, ps.out, ps.proc.Stderr)
			}
		}
	}
	ps.bus = find("its bus", regexp.MustCompile(`clients at (nats://[0-9.:]+)`))
	ps.api = find("its command API", regexp.MustCompile(`command API at (http://[0-9.:]+)/api/commands`))
	ps.console = find("its console", regexp.MustCompile(`pit console at (http://[0-9.:]+)`))
	return ps
}

// stop stops the pit server with SIGINT and checks it ended cleanly (once; again is nothing).
func (ps *pitServer) stop(t *testing.T) {
	t.Helper()
	select {
	case <-ps.proc.Done:
		return
	default:
	}
	_ = ps.proc.Cmd.Process.Signal(syscall.SIGINT)
	if err := ps.proc.Wait(t, 60*time.Second); err != nil { // its stop waits for the bus, loaded or not
		t.Errorf("pitserver: %v; stderr:\n%s", err, ps.proc.Stderr)
	}
}

// tracedTable is a real table (the coupboard window) whose screens the test follows.
type tracedTable struct {
	id, data, db string
	proc         *proc
	stderr       *testbin.Buffer

	mu   sync.Mutex
	last view.Screen // the newest screen it presented
	n    int         // how many it presented
}

// startTracedTable starts table id on display: its own data directory and journal, the
// simulated shoe, the pit bus at busURL with its own credentials, every screen traced.
func startTracedTable(t *testing.T, id, display, busURL string) *tracedTable {
	t.Helper()
	data := t.TempDir()
	path := config(t, data, "sim")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c := strings.Replace(string(raw), `id = "e2e"`, fmt.Sprintf("id = %q", id), 1)
	c += fmt.Sprintf("\n[bus]\nurls = [%q]\nuser = %q\npassword = \"secret-%s\"\n", busURL, strings.ToLower(id), id)
	if err := os.WriteFile(path, []byte(c), 0o644); err != nil {
		t.Fatal(err)
	}
	tt := &tracedTable{id: id, data: data, db: filepath.Join(data, "e2e.db"), stderr: &testbin.Buffer{}}
	cmd := exec.Command(bin, "--config", path, "--trace", "-", "--size", "960x540")
	cmd.Env = env(data, display)
	cmd.Stderr = tt.stderr
	p, ch := startTraced(t, cmd)
	tt.proc = p
	go func() { // drained to the end: a table never waits on its trace
		for s := range ch {
			tt.mu.Lock()
			tt.last, tt.n = s.Screen, tt.n+1
			tt.mu.Unlock()
		}
	}()
	return tt
}

// notices are the notices of the table's newest screen, and whether it presented one.
func (tt *tracedTable) notices() ([]view.Notice, bool) {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	return append([]view.Notice(nil), tt.last.Notices...), tt.n > 0
}

// noticeAt reports whether the table's newest screen announces a change of the limits at at.
func (tt *tracedTable) noticeAt(at time.Time) bool {
	ns, _ := tt.notices()
	for _, n := range ns {
		if (n.Kind == view.NoticeMinimum || n.Kind == view.NoticeLimits) && n.At.Equal(at) {
			return true
		}
	}
	return false
}

// stop stops the table with SIGTERM, as systemd does, and checks it ended cleanly.
func (tt *tracedTable) stop(t *testing.T) {
	t.Helper()
	_ = tt.proc.Cmd.Process.Signal(syscall.SIGTERM)
	if err := tt.proc.Wait(t, 60*time.Second); err != nil {
		t.Fatalf("%s: exit %v; stderr:\n%s", tt.id, err, tt.stderr)
	}
	checkCrash(t, tt.id, tt.stderr.String())
}

// pitRecords are the records of the table's journal that carry pit commands and their
// answers (read after the table stopped, as an auditor reads it).
func (tt *tracedTable) pitRecords(t *testing.T) (commands []journal.Record, answers map[string]pitwire.PitAnswer) {
	t.Helper()
	j, err := journal.Open(tt.db, journal.Options{ReadOnly: true, TailCheck: -1})
	if err != nil {
		t.Fatalf("%s: %v", tt.id, err)
	}
	defer j.Close()
	if v, err := j.Verify(); err != nil || !v.OK() {
		t.Fatalf("%s: the journal's chain: %v %+v", tt.id, err, v)
	}
	answers = map[string]pitwire.PitAnswer{}
	err = j.Scan(1, func(r journal.Record) error {
		switch {
		case r.Kind == journal.KindOperator && r.Actor.Role == "pit":
			commands = append(commands, r)
		case r.Kind == journal.KindPitAnswer:
			a, err := pitwire.DecodePitAnswer("", r.Payload)
			if err != nil {
				return fmt.Errorf("record %d: %w", r.Seq, err)
			}
			answers[a.ID] = a
		}
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", tt.id, err)
	}
	return commands, answers
}

// commandFor is the journalled command whose reason names pit command id, and whether there is one.
func commandFor(recs []journal.Record, id string) (journal.Record, bool) {
	for _, r := range recs {
		if strings.HasPrefix(r.Reason, "pit command "+id+" ") {
			return r, true
		}
	}
	return journal.Record{}, false
}

// TestConsoleCommandsRealTables: the pit console in a real headless browser (Debian's
// chromium) in front of the real pit server (the pitserver binary, its console, command API
// and operator directory), commanding two real tables (the coupboard window under Xvfb, sim
// shoe) on the real bus, each with its own credentials. A supervisor of the directory signs in,
// selects both tables and posts a higher minimum for the earliest time the console offers:
// both tables accept it, their screens announce it, and their journals hold the command with
// the person who gave it. Cancelled from the console, both withdraw it (page, screen, journal).
// A change too soon for the notice rule, posted to one table with `pitserver post`, is refused
// by that table with its rule, and the page shows the rule. The pit server started again lists
// the day's postings, read back from its streams, each naming its person from the operator
// directory. With CONSOLE_SHOTS=dir it saves the console there (docs/img for the supervisor's
// guide).
func TestConsoleCommandsRealTables(t *testing.T) {
	chromium := browsertest.Chromium(t)
	display := startXvfb(t, "1920x1080")
	work := t.TempDir()
	pitBin := buildPitserver(t, work)

	// The pit server: its bus, command API and console on free ports, said on its console.
	cfgPath := filepath.Join(work, "pitserver.toml")
	if err := os.WriteFile(cfgPath, []byte(pitServerConfig(filepath.Join(work, "js"))), 0o600); err != nil {
		t.Fatal(err)
	}
	pit := startPitServer(t, pitBin, cfgPath)
	defer func() { pit.stop(t) }()
	busURL, api, url := pit.bus, pit.api, pit.console

	// The installer adds the supervisor to the operator directory, PIN on standard input.
	mgr := filepath.Join(work, "manager.toml")
	if err := os.WriteFile(mgr, []byte(fmt.Sprintf("urls = [%q]\nuser = \"pit-manager\"\npassword = \"secret-m\"\n", busURL)), 0o600); err != nil {
		t.Fatal(err)
	}
	add := exec.Command(pitBin, "directory", "--bus", mgr, "--by", "installer", "add", "--id", "101", "--name", "Ana Lee", "--role", "supervisor")
	add.Stdin = strings.NewReader("2468\n")
	if out, err := add.CombinedOutput(); err != nil {
		t.Fatalf("pitserver directory add: %v\n%s", err, out)
	}

	// The tables: each must hold the directory before it is commanded, to check the person.
	tables := map[string]*tracedTable{}
	for _, id := range consoleTableIDs {
		tables[id] = startTracedTable(t, id, display, busURL)
	}
	for _, tt := range tables {
		for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			_, shown := tt.notices()
			if shown && strings.Contains(tt.stderr.String(), "from the pit: 1 people") {
				break
			}
			select {
			case <-tt.proc.Done:
				t.Fatalf("%s exited (%v); stderr:\n%s", tt.id, tt.proc.Err, tt.stderr)
			default:
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: no screen, or the directory did not reach it, within 60 s; stderr:\n%s", tt.id, tt.stderr)
			}
		}
	}

	// The browser.
	b := browsertest.Start(t, chromium, 1000, func() string { return pit.out.String() + "\n" + pit.proc.Stderr.String() })
	run, text, waitText := b.Run, b.Text, b.WaitText
	waitTables := func(what string, cond func(*tracedTable) bool) {
		t.Helper()
		for _, tt := range tables {
			for deadline := time.Now().Add(60 * time.Second); !cond(tt); time.Sleep(100 * time.Millisecond) {
				if time.Now().After(deadline) {
					ns, _ := tt.notices()
					t.Fatalf("%s: %s within 60 s; its notices: %+v", tt.id, what, ns)
				}
			}
		}
	}

	// Sign in as the supervisor of the directory.
	run("sign in", chromedp.Navigate(url), chromedp.WaitVisible("#id", chromedp.ByID),
		chromedp.SendKeys("#id", "101", chromedp.ByID), chromedp.SendKeys("#pin", "2468"+kb.Enter, chromedp.ByID),
		chromedp.WaitVisible(`#tables tr[data-table="BAC-2"]`, chromedp.ByQuery))
	if who := text(".who"); who != "Ana Lee (101, supervisor)" {
		t.Fatalf("signed in as %q", who)
	}

	// Both tables, a higher minimum, the earliest time the console offers (000 7.7: 20
	// minutes), posted two minutes after it: a loaded machine may take long to post, and the
	// console checks the time again at Post (a time it lets through leaves the tables its
	// transit margin).
	run("select", chromedp.Click(`tr[data-table="BAC-1"] input[name=table]`, chromedp.ByQuery),
		chromedp.Click(`tr[data-table="BAC-2"] input[name=table]`, chromedp.ByQuery),
		chromedp.Click(`input[name=kind][value=limits]`, chromedp.ByQuery),
		chromedp.SendKeys("#main_min", "50", chromedp.ByID), chromedp.SendKeys("#main_max", "5000", chromedp.ByID))
	effective := b.EarliestThenPost("notice rule 000 7.7, s66(2)", 20*time.Minute, 2*time.Minute)
	at := effective.UTC().Format("2006-01-02T15:04:05") // the console sends the time dated
	const newest = `#activity article.posting:first-of-type`
	waitText(newest, "BAC-1 accepted")
	waitText(newest, "BAC-2 accepted")
	if act := text(newest); !strings.Contains(act, "!limits at="+at+" player=50-5000 banker=50-5000") || !strings.Contains(act, "posted by Ana Lee (101)") {
		t.Errorf("the posting:\n%s", act)
	}
	var posting string
	var ok bool
	run("the posting's id", chromedp.AttributeValue(newest, "data-posting", &posting, &ok, chromedp.ByQuery))
	if !ok || posting == "" {
		t.Fatal("the newest posting has no id")
	}
	// Each table's screen announces the new minimum, for that time.
	waitTables("the screen does not announce the new minimum at "+at, func(tt *tracedTable) bool { return tt.noticeAt(effective) })

	// Cancelled from the console: both tables withdraw it, and their screens no longer announce it.
	run("cancel", chromedp.Click(newest+` button`, chromedp.ByQuery))
	waitText(newest, "BAC-1 cancelled · withdrawn")
	waitText(newest, "BAC-2 cancelled · withdrawn")
	waitTables("the screen still announces the withdrawn minimum", func(tt *tracedTable) bool { return !tt.noticeAt(effective) })
	var cmdView struct {
		Withdrawals []string `json:"withdrawals"`
	}
	if err := getJSON(api+"/api/commands/"+posting, &cmdView); err != nil || len(cmdView.Withdrawals) != 1 {
		t.Fatalf("the pit's record of %s: %v, withdrawals %v (want one, both tables accepted it for one time)", posting, err, cmdView.Withdrawals)
	}
	withdrawal := cmdView.Withdrawals[0]

	// Too soon for BAC-2's notice rule, from a shell: the table refuses it with its rule, and
	// the console shows the refusal.
	soon := time.Now().UTC().Add(2 * time.Minute).Format("2006-01-02T15:04:05")
	post := exec.Command(pitBin, "post", "--api", api, "--by", "101", "--tables", "BAC-2", "--wait", "60s",
		"!limits at="+soon+" player=100-5000 banker=100-5000")
	out, err := post.CombinedOutput()
	if err != nil {
		t.Fatalf("pitserver post: %v\n%s", err, out)
	}
	refusedID := regexp.MustCompile(`command (\S+) posted`).FindStringSubmatch(string(out))
	if refusedID == nil || !regexp.MustCompile(`(?m)^BAC-2 +refused \(000 7\.7, s66\(2\)\)`).Match(out) {
		t.Fatalf("pitserver post says:\n%s", out)
	}
	run("reload", chromedp.Navigate(url), chromedp.WaitVisible(`#activity .ans-refused`, chromedp.ByQuery))
	waitText(newest, "BAC-2 refused (000 7.7, s66(2))")
	if act := text(newest); !strings.Contains(act, "posted by Ana Lee (101)") || strings.Contains(act, "BAC-1") {
		t.Errorf("the refused posting:\n%s", act)
	}
	if os.Getenv("CONSOLE_SHOTS") != "" {
		b.Shot("console-real-tables.png")
	}

	// Each table's journal: the command and its withdrawal, given by 101 (Ana Lee, a supervisor
	// of the table's copy of the directory), each with its answer; BAC-2's refusal with the rule.
	for _, id := range consoleTableIDs {
		tt := tables[id]
		tt.stop(t)
		cmds, answers := tt.pitRecords(t)
		for _, c := range []struct{ id, what string }{{posting, "the change"}, {withdrawal, "its withdrawal"}} {
			r, ok := commandFor(cmds, c.id)
			if !ok {
				t.Errorf("%s: the journal has no record of %s (%s); the pit's commands in it: %+v", id, c.what, c.id, cmds)
				continue
			}
			if r.Actor.ID != "101" || !strings.Contains(r.Reason, "(person 101, Ana Lee, a supervisor") {
				t.Errorf("%s: %s is journalled as given by %+v: %s", id, c.what, r.Actor, r.Reason)
			}
			if a, ok := answers[c.id]; !ok || a.Outcome != pitwire.OutcomeAccepted || a.Seq != uint64(r.Seq) {
				t.Errorf("%s: the journalled answer to %s: %+v (%v), want accepted for record %d", id, c.what, a, ok, r.Seq)
			}
		}
		a, answered := answers[refusedID[1]]
		_, journalled := commandFor(cmds, refusedID[1])
		switch {
		case id == "BAC-2" && (!answered || !journalled || a.Outcome != pitwire.OutcomeRefused || a.Rule != "000 7.7, s66(2)"):
			t.Errorf("BAC-2: the too-early change is journalled %v with the answer %+v, want refused under 000 7.7", journalled, a)
		case id == "BAC-1" && (answered || journalled):
			t.Errorf("BAC-1 has the change posted to BAC-2 alone in its journal: %+v", a)
		}
	}

	// The pit server started again: its console lists the day's postings read back from the
	// streams, each naming the person from the operator directory, as before.
	pit.stop(t)
	pit = startPitServer(t, pitBin, cfgPath)
	run("sign in again", chromedp.Navigate(pit.console), chromedp.WaitVisible("#id", chromedp.ByID),
		chromedp.SendKeys("#id", "101", chromedp.ByID), chromedp.SendKeys("#pin", "2468"+kb.Enter, chromedp.ByID),
		chromedp.WaitVisible(`#activity article[data-posting="`+posting+`"]`, chromedp.ByQuery))
	for id, want := range map[string][]string{
		posting:      {"BAC-1 cancelled · withdrawn", "BAC-2 cancelled · withdrawn", "posted by Ana Lee (101) · cancelled at"},
		refusedID[1]: {"BAC-2 refused (000 7.7, s66(2))", "posted by Ana Lee (101)"},
	} {
		for _, w := range want { // the answers are read back from the streams in the background
			waitText(`#activity article[data-posting="`+id+`"]`, w)
		}
	}
	if act := text(`#activity article[data-posting="` + posting + `"]`); !regexp.MustCompile(`cancelled at [0-9:]+ by Ana Lee \(101\)`).MatchString(act) {
		t.Errorf("after a restart, who cancelled %s is not named:\n%s", posting, act)
	}
}

// getJSON decodes the JSON answer of GET url into out.
func getJSON(url string, out any) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
