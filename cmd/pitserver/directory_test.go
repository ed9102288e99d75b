package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/internal/testbin"
	"github.com/creack/pty"
)

// TestDirectoryCommand: the installer manages the operator directory with `pitserver
// directory` over a real pit server, with the manager's credentials; a table's credentials
// are refused; bad input is named; the PIN never appears in what is printed.
func TestDirectoryCommand(t *testing.T) {
	store := t.TempDir()
	cfg := FileConfig{Server: bus.ServerConfig{
		Name: "pit-1", Port: -1, StoreDir: store,
		Tables:   []bus.Credential{{Table: "BAC-07", User: "bac-07", Password: "secret-7"}},
		Managers: []bus.Credential{{User: "pit-manager", Password: "secret-m"}},
	}}
	n := startNode(t, cfg)
	waitFor(t, 20*time.Second, "the directory's bucket", func() bool { return strings.Contains(n.out.String(), "operator directory empty") })
	busURL := n.busURL(t)

	dir := t.TempDir()
	connFile := func(name, user, pass string) string {
		p := filepath.Join(dir, name)
		body := fmt.Sprintf("urls = [%q]\nuser = %q\npassword = %q\n", busURL, user, pass)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	manager := connFile("manager.toml", "pit-manager", "secret-m")
	tableConn := connFile("table.toml", "bac-07", "secret-7")
	cmd := func(stdin string, args ...string) (string, error) {
		var out, errb bytes.Buffer
		err := runDirectory(context.Background(), args, strings.NewReader(stdin), &out, &errb)
		if strings.Contains(out.String()+errb.String(), "4821") || strings.Contains(out.String()+errb.String(), "7777") {
			t.Fatalf("a PIN was printed: %s %s", out.String(), errb.String())
		}
		return out.String(), err
	}

	for _, tc := range []struct {
		stdin string
		args  []string
		want  string // in the output, or in the error when err
		err   bool
	}{
		{"4821\n", []string{"--bus", manager, "--by", "installer", "add", "--id", "17", "--name", "Ana Lima", "--role", "dealer"}, "operator 17 (Ana Lima, dealer, active): directory version 1", false},
		{"90210\n", []string{"--bus", manager, "add", "--id", "4", "--name", "Wei Chen", "--role", "supervisor"}, "directory version 2", false},
		{"12\n", []string{"--bus", manager, "add", "--id", "5", "--name", "X", "--role", "dealer"}, "4 to 12 digits", true},
		{"1234\n", []string{"--bus", manager, "add", "--id", "5", "--name", "X", "--role", "boss"}, `role "boss"`, true},
		{"1234\n", []string{"--bus", manager, "add", "--id", "17", "--name", "X", "--role", "dealer"}, "already in the directory", true},
		{"", []string{"--bus", manager, "deactivate", "--id", "99"}, "not in the directory", true},
		{"", []string{"--bus", manager, "deactivate"}, "--id is required", true},
		{"", []string{"--bus", manager, "fire", "--id", "17"}, "unknown command", true},
		{"", []string{"add", "--id", "17"}, "--bus", true},
		{"1234\n", []string{"--bus", tableConn, "add", "--id", "6", "--name", "Forger", "--role", "supervisor"}, "directory", true},
		{"7777\n", []string{"--bus", manager, "update", "--id", "17", "--pin"}, "directory version 3", false},
		{"", []string{"--bus", manager, "deactivate", "--id", "17"}, "operator 17 (Ana Lima, dealer, inactive): directory version 4", false},
		{"", []string{"--bus", manager, "list"}, "17  Ana Lima  dealer      inactive", false},
	} {
		out, err := cmd(tc.stdin, tc.args...)
		got := out
		if err != nil {
			got = err.Error()
		}
		if (err != nil) != tc.err || !strings.Contains(got, tc.want) {
			t.Fatalf("pitserver directory %s: %q (error %v); want %q", strings.Join(tc.args, " "), out, err, tc.want)
		}
	}
	out, _ := cmd("", "--bus", manager, "list")
	for _, want := range []string{"operator directory version 4", "2 people", "4   Wei Chen  supervisor  active"} {
		if !strings.Contains(out, want) {
			t.Fatalf("list:\n%s\nwant %q", out, want)
		}
	}
	if strings.Contains(out, "$2a$") {
		t.Fatalf("list printed a hash:\n%s", out)
	}

	// The pit's record: the server copies every version into it; history says who changed whom.
	waitFor(t, 20*time.Second, "the pit's record", func() bool {
		out, err := cmd("", "--bus", manager, "history")
		return err == nil && strings.Contains(out, "version 4 ")
	})
	out, _ = cmd("", "--bus", manager, "history", "--last", "3")
	for _, want := range []string{"17 (Ana Lima, dealer): deactivated", "17 (Ana Lima, dealer): pin_reset", "4 (Wei Chen, supervisor): added"} {
		if !strings.Contains(out, want) {
			t.Fatalf("history:\n%s\nwant %q", out, want)
		}
	}
	if strings.Contains(out, "version 1 ") || strings.Contains(out, "$2a$") {
		t.Fatalf("history --last 3 shows version 1 or a hash:\n%s", out)
	}
	if out, _ := cmd("", "--bus", manager, "history"); !strings.Contains(out, "version 1  ") || !strings.Contains(out, "by installer") || !strings.Contains(out, "17 (Ana Lima, dealer): added") {
		t.Fatalf("history:\n%s", out)
	}
	if _, err := cmd("", "--bus", manager, "history", "--last", "0"); err == nil || !strings.Contains(err.Error(), "want 1 to") {
		t.Fatalf("history --last 0: %v", err)
	}

	// The pit server restarted says which version it holds.
	n.stop()
	n = startNode(t, cfg)
	waitFor(t, 20*time.Second, "the directory's version", func() bool {
		return strings.Contains(n.out.String(), "operator directory version 4, 2 people")
	})
}

// TestReadPINOnATerminal: on a real pseudo-terminal the PIN is asked twice with the echo off
// (nothing typed comes back to the screen), and two different PINs change nothing.
func TestReadPINOnATerminal(t *testing.T) {
	for _, tc := range []struct{ typed, want, err string }{
		{"4821\n4821\n", "4821", ""},
		{"4821\n4822\n", "", "differ"},
		{"48\n", "", "4 to 12"},
	} {
		ptmx, tty, err := pty.Open()
		if err != nil {
			t.Fatal(err)
		}
		prompts := &testbin.Buffer{}
		type result struct {
			pin string
			err error
		}
		done := make(chan result, 1)
		go func() { p, err := readPIN(tty, prompts, "17"); done <- result{p, err} }()
		// The prompt is written once the echo is off: type the PIN after it, as a person would.
		waitFor(t, 10*time.Second, "the prompt", func() bool { return strings.Contains(prompts.String(), "PIN for operator 17") })
		if _, err := ptmx.Write([]byte(tc.typed)); err != nil {
			t.Fatal(err)
		}
		r := <-done
		if r.pin != tc.want || (tc.err == "") != (r.err == nil) || r.err != nil && !strings.Contains(r.err.Error(), tc.err) {
			t.Fatalf("typed %q: %q %v", tc.typed, r.pin, r.err)
		}
		tty.Close()
		ptmx.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
		echoed := make([]byte, 256)
		k, _ := ptmx.Read(echoed)
		if strings.Contains(string(echoed[:k]), "48") {
			t.Fatalf("the PIN was echoed: %q", echoed[:k])
		}
		ptmx.Close()
		if !strings.Contains(prompts.String(), "PIN for operator 17") {
			t.Fatalf("prompts: %q", prompts.String())
		}
	}
}

// TestPrintHistoryGap: `pitserver directory history` says where the pit's record lacks
// versions, and that the changes below were made across them by nobody known.
func TestPrintHistoryGap(t *testing.T) {
	d := func(v uint64) *people.Directory {
		return &people.Directory{Schema: people.Schema, Version: v, By: fmt.Sprintf("by-%d", v)}
	}
	for _, tc := range []struct {
		name string
		v    bus.DirectoryVersion
		gap  bool
	}{
		{"next", bus.DirectoryVersion{Dir: d(5), Since: 4}, false},
		{"first", bus.DirectoryVersion{Dir: d(1)}, false},
		{"record starts", bus.DirectoryVersion{Dir: d(7), Since: 6, First: true}, false},
		{"gap", bus.DirectoryVersion{Dir: d(8), Since: 5}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := printHistory(&b, []bus.DirectoryVersion{tc.v}); err != nil {
				t.Fatal(err)
			}
			said := strings.Contains(b.String(), "the record lacks versions")
			if said != tc.gap {
				t.Fatalf("gap said %v, want %v:\n%s", said, tc.gap, b.String())
			}
			if tc.gap && !strings.Contains(b.String(), "the record lacks versions 6 to 7: what follows was made in versions 6 to 8, by whom is not known") {
				t.Fatalf("the gap in words:\n%s", b.String())
			}
		})
	}
}
