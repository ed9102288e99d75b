package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/console"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/app/people/copies"
	"github.com/coupboard/coupboard/internal/browsertest"
)

// pitTable is the table's side of the operator directory in the browser test, as a table
// keeps it (app/directory.go, which links the table's window and cannot be linked here): it
// follows the pit's bucket with the table's own credentials, saves every version as its copy
// on disk before using it, and signs operators in with the PIN guard from that copy.
type pitTable struct {
	store copies.Store
	mu    sync.Mutex
	guard *access.Guard
}

func (p *pitTable) got(raw []byte, _ uint64) {
	d, err := people.Decode(raw)
	if err != nil {
		return
	}
	if err := p.store.Save(d); err != nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.guard.SetDirectory(p.store.Load().Dir)
}

// signIn tries id and pin at the table, now.
func (p *pitTable) signIn(id, pin string) (access.Attempt, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.guard.TryPerson(id, pin, time.Now())
}

// version is the directory version of the table's copy on disk (0: none).
func (p *pitTable) version() uint64 {
	if d := p.store.Load().Dir; d != nil {
		return d.Version
	}
	return 0
}

// TestPeoplePageInABrowser: the pit manager manages the operator directory from the console
// in a real headless browser (Debian's chromium) against the pit server: adds a dealer, whom
// the table's copy then holds and who signs in at the table with their own id and PIN; a
// refused change names its field; renamed and promoted, she signs in at the table as a
// supervisor; deactivated, her sign-in is refused at the table.
// With CONSOLE_SHOTS=dir it saves the People page there (docs/img for the supervisor's guide).
func TestPeoplePageInABrowser(t *testing.T) {
	chromium := browsertest.Chromium(t)
	cfg := FileConfig{
		Server: bus.ServerConfig{Name: "pit-1", Port: -1, StoreDir: t.TempDir(),
			Tables:   []bus.Credential{{Table: "BAC-1", User: "bac-1", Password: "secret-t"}},
			Managers: []bus.Credential{{User: "pit-manager", Password: "secret-m"}}},
		Console: console.Config{Directory: true, Managers: []string{"1001"}, Profile: "vic-baccarat-2002", TimeZone: "UTC"},
	}
	n := startNode(t, cfg, "--console", "127.0.0.1:0")
	url, busURL := n.listening(t, sayConsole), n.busURL(t)

	// The installer adds the pit manager and two others with the manager's credentials.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	nc, err := bus.Connect(bus.ConnConfig{URLs: []string{busURL}, User: "pit-manager", Password: "secret-m"})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	dirs, err := bus.OpenDirectories(ctx, nc, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []people.Change{
		{ID: "1001", Name: "Ana Lee", Role: people.RoleSupervisor, PIN: "2468"},
		{ID: "1002", Name: "Wei Chen", Role: people.RoleSupervisor, PIN: "4821"},
		{ID: "2001", Name: "Bo Chen", Role: people.RoleDealer, PIN: "1357"},
	} {
		if _, err := dirs.Add(ctx, c, "installer"); err != nil {
			t.Fatal(err)
		}
	}

	// The table: follows the directory with its own credentials, keeps its copy on disk.
	g, err := access.NewGuard("", "", 5, 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	table := &pitTable{store: copies.Store{Path: filepath.Join(t.TempDir(), "BAC-1.operators")}, guard: g}
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		bus.WatchDirectory(ctx, bus.ConnConfig{URLs: []string{busURL}, User: "bac-1", Password: "secret-t", InboxPrefix: bus.TableInbox("BAC-1")},
			table.got, nil)
	}()
	defer func() { cancel(); <-watched }()
	waitFor(t, 30*time.Second, "the table's copy of version 3", func() bool { return table.version() == 3 })

	b := browsertest.Start(t, chromium, 1000, func() string { return n.out.String() + "\n" + n.errOut.String() })
	run, waitText := b.Run, b.WaitText

	// The pit manager signs in by keyboard and opens the People page.
	run("sign in", chromedp.Navigate(url), chromedp.WaitVisible("#id", chromedp.ByID),
		chromedp.SendKeys("#id", "1001", chromedp.ByID), chromedp.KeyEvent(kb.Tab),
		chromedp.SendKeys("#pin", "2468"+kb.Enter, chromedp.ByID),
		chromedp.WaitVisible("#people-link", chromedp.ByID), chromedp.Click("#people-link", chromedp.ByID),
		chromedp.WaitVisible("#add-form", chromedp.ByID))
	waitText("#dir-line", "Operator directory version 3")

	// Add a dealer, by keyboard: the id, Tab to the name, the role is preselected (dealer),
	// the PIN twice, Enter.
	var focused string
	run("add: id, Tab", chromedp.SendKeys("#add-id", "3001", chromedp.ByID), chromedp.KeyEvent(kb.Tab),
		chromedp.Evaluate(`document.activeElement.id`, &focused))
	if focused != "add-name" {
		t.Fatalf("Tab from the id went to %q, want the name", focused)
	}
	run("add: the rest", chromedp.SendKeys("#add-name", "Mei Wong", chromedp.ByID),
		chromedp.SendKeys("#add-pin", "5555", chromedp.ByID), chromedp.SendKeys("#add-pin2", "5555"+kb.Enter, chromedp.ByID))
	waitText("#message", "3001 (Mei Wong): added. Directory version 4")
	waitText(`tr[data-person="3001"]`, "Mei Wong")

	// The table's copy holds her, and she signs in there with her own PIN.
	waitFor(t, 30*time.Second, "the table's copy of version 4", func() bool { return table.version() == 4 })
	if a, err := table.signIn("3001", "5555"); err != nil || a.Outcome != access.Granted || a.Role != access.Dealer || a.Name != "Mei Wong" {
		t.Fatalf("the new dealer at the table: %+v %v", a, err)
	}

	// Her id again: refused with the field named; nothing changes.
	run("add twice", chromedp.SendKeys("#add-id", "3001", chromedp.ByID), chromedp.SendKeys("#add-name", "Someone", chromedp.ByID),
		chromedp.SendKeys("#add-pin", "6666", chromedp.ByID), chromedp.SendKeys("#add-pin2", "6666", chromedp.ByID),
		chromedp.Click("#add", chromedp.ByID))
	waitText("#message", "Operator id: 3001 is in the directory already")

	// The screenshot of the supervisor's guide: the list, the forms and the latest changes.
	waitText("#history", "3001 (Mei Wong): added")
	if out := os.Getenv("CONSOLE_SHOTS"); out != "" {
		var png []byte
		run("screenshot", chromedp.Navigate(url+"/people"), chromedp.WaitVisible("#add-form", chromedp.ByID), chromedp.FullScreenshot(&png, 90))
		if err := os.WriteFile(filepath.Join(out, "console-people.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// Promote her to supervisor and give her married name, by keyboard: the table's copy takes
	// the new role with the next delivery of the directory, and she signs in there as a
	// supervisor with the PIN she had. Her own role the manager cannot change.
	run("amend", chromedp.SendKeys("#amend-id", "3001", chromedp.ByID), chromedp.KeyEvent(kb.Tab),
		chromedp.Evaluate(`document.activeElement.id`, &focused))
	if focused != "amend-name" {
		t.Fatalf("Tab from the id went to %q, want the new name", focused)
	}
	run("amend: name and role", chromedp.SendKeys("#amend-name", "Mei Wong-Lee", chromedp.ByID),
		chromedp.Click(`#amend-form input[name="role"][value="supervisor"]`, chromedp.ByQuery), chromedp.Click("#amend", chromedp.ByID))
	waitText("#message", "3001 (Mei Wong-Lee): renamed, role changed. Directory version 5")
	waitText(`tr[data-person="3001"]`, "supervisor")
	waitFor(t, 30*time.Second, "the table's copy of version 5", func() bool { return table.version() == 5 })
	if a, err := table.signIn("3001", "5555"); err != nil || a.Outcome != access.Granted || a.Role != access.Supervisor || a.Name != "Mei Wong-Lee" {
		t.Fatalf("promoted, at the table: %+v %v", a, err)
	}
	run("amend own role", chromedp.SendKeys("#amend-id", "1001", chromedp.ByID),
		chromedp.Click(`#amend-form input[name="role"][value="dealer"]`, chromedp.ByQuery), chromedp.Click("#amend", chromedp.ByID))
	waitText("#message", "Role: you cannot change your own role")

	// Deactivate her: the table refuses her id at the next sign-in.
	run("deactivate", chromedp.Click(`tr[data-person="3001"] button[value="deactivate"]`, chromedp.ByQuery))
	waitText("#message", "3001 (Mei Wong-Lee): deactivated. Directory version 6")
	waitText(`tr[data-person="3001"] .pstate`, "inactive")
	waitFor(t, 30*time.Second, "the table's copy of version 6", func() bool { return table.version() == 6 })
	if a, err := table.signIn("3001", "5555"); !errors.Is(err, access.ErrInactive) || a.Outcome != access.Inactive {
		t.Fatalf("deactivated, at the table: %+v %v", a, err)
	}
	if !strings.Contains(n.out.String(), "pit console: 1001 (Ana Lee) at the People page: operator 3001 (Mei Wong-Lee, supervisor) deactivated: operator directory version 6") {
		t.Errorf("the pit server's log:\n%s", n.out.String())
	}
}
