package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/internal/bustest"
	"github.com/coupboard/coupboard/internal/testbin"
)

// TestOperatorWindowSignsInPeopleFromThePit: the real window under Xvfb, on a real pit bus with
// credentials. The pit adds two people; the table receives the directory and signs them in by
// id and their own PIN, refusing the role PIN and a wrong one; stopped, and restarted with the
// pit server down, it signs the supervisor in from its copy. The journal (coupboard export
// --signins) holds every attempt with the id typed.
func TestOperatorWindowSignsInPeopleFromThePit(t *testing.T) {
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool not installed (apt-get install xdotool)")
	}
	srv := bustest.Start(t, bus.ServerConfig{
		Tables:   []bus.Credential{{Table: "e2e", User: "e2e", Password: "table-secret"}},
		Managers: []bus.Credential{{User: "pit", Password: "manager-secret"}},
	})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dirs := bustest.Manage(t, srv, "pit", "manager-secret")
	for _, c := range []people.Change{
		{ID: "17", Name: "Ana Lima", Role: people.RoleDealer, PIN: "4821"},
		{ID: "4", Name: "Wei Chen", Role: people.RoleSupervisor, PIN: "90210"},
	} {
		if _, err := dirs.Add(ctx, c, "e2e"); err != nil {
			t.Fatal(err)
		}
	}

	display := startXvfb(t, "1280x800")
	data := t.TempDir()
	path := config(t, data, "sim")
	super, err := access.HashPIN("9999")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(f, "\n[bus]\nurls = [%q]\nuser = \"e2e\"\npassword = \"table-secret\"\n\n[operator]\nsupervisor_pin_hash = %q\n", srv.URL(), super)
	f.Close()
	db := data + "/e2e.db"
	var stderr *testbin.Buffer
	start := func() *proc {
		stderr = &testbin.Buffer{}
		cmd := exec.Command(bin, "--config", path, "--size", "1280x800")
		cmd.Env = env(data, display)
		cmd.Stderr = stderr
		p := startProc(t, cmd)
		tableWindow(t, display, p)
		return p
	}
	// journalled waits until the table's journal holds n rows of event with outcome (any
	// outcome: ""), as the export reads them while the table runs.
	journalled := func(event, outcome string, n int) {
		t.Helper()
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(200 * time.Millisecond) {
			k := 0
			for _, r := range signIns(t, data, db) {
				if r["event"] == event && (outcome == "" || r["outcome"] == outcome) {
					k++
				}
			}
			if k >= n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the journal holds %d %s %s rows after 30 s, want %d; stderr:\n%s", k, event, outcome, n, stderr)
			}
		}
	}
	// stopTable signs out (the signOuts-th sign-out of the run), waits for it in the
	// journal, and stops the table.
	stopTable := func(p *proc, when string, signOuts int) {
		t.Helper()
		xdo(t, display, "key", "Escape") // signs out
		journalled("sign_out", "", signOuts)
		_ = p.Cmd.Process.Signal(syscall.SIGTERM)
		if err := p.Wait(t, 30*time.Second); err != nil {
			t.Fatalf("%s: exit %v; stderr:\n%s", when, err, stderr)
		}
		checkCrash(t, when, stderr.String())
	}

	p := start()
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(stderr.String(), "operator directory version 2 from the pit"); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the directory did not reach the table; stderr:\n%s", stderr)
		}
	}
	if r := operatorSignIn(t, display, data, db, p, "17", "9999"); r["outcome"] != "wrong_pin" { // the role PIN: refused with a directory
		t.Fatalf("the role PIN with a directory: %v", r)
	}
	xdo(t, display, "type", "--delay", "30", "17")
	xdo(t, display, "key", "Return")
	xdo(t, display, "type", "--delay", "30", "4821")
	xdo(t, display, "key", "Return")
	journalled("sign_in", "granted", 1)
	stopTable(p, "SIGTERM with the bus up", 1)

	// The pit server goes down; the table restarts and signs the supervisor in from its copy.
	srv.Shutdown()
	p = start()
	if !strings.Contains(stderr.String(), "operator directory version 2 from "+data) {
		t.Fatalf("the restarted table did not load its copy; stderr:\n%s", stderr)
	}
	if r := operatorSignIn(t, display, data, db, p, "4", "90210"); r["outcome"] != "granted" {
		t.Fatalf("the supervisor's sign-in from the table's copy: %v", r)
	}
	stopTable(p, "SIGTERM with the bus down", 2)

	var got []string
	for _, r := range signIns(t, data, db) {
		got = append(got, fmt.Sprintf("%s %s:%s %v", r["event"], r["operator"], r["role"], r["outcome"]))
	}
	want := []string{
		"sign_in 17: wrong_pin", "sign_in 17:dealer granted", "sign_out 17:dealer ",
		"sign_in 4:supervisor granted", "sign_out 4:supervisor ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("journalled sign-ins:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
