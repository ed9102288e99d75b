package app

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/app/people/copies"
)

// TestSetupRefusesWhatTheTableRefuses runs `coupboard setup` with the table's own validation:
// a kiosk with no supervisor PIN, or with a supervisor "hash" no PIN can match, and limits the
// profile has no wager for, are refused with the key named and nothing written; a good answer
// set is written and the table starts from it.
func TestSetupRefusesWhatTheTableRefuses(t *testing.T) {
	example := filepath.Join("..", "deploy", "coupboard.example.toml")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--kiosk"}, "operator.supervisor_pin_hash is empty"},
		// A Red Dog table has one wager, bet: a file with another is refused by the table's check
		// (setup replaces the limits only when it changes the game itself).
		{[]string{"--kiosk=false", "--from", writeFile(t, "[game]\nprofile = \"vic-red-dog-1997\"\n[limits.runs]\nmin = \"5\"\nmax = \"100\"\n")}, "limits.runs: not a wager of vic-red-dog-1997"},
		// The opening sign, as the engine checks it: a minimum above the maximum.
		{[]string{"--kiosk=false", "--limit", "banker=5000-25/5"}, "--limit banker: limits.banker: want 0 < min <= max"},
	} {
		out := filepath.Join(t.TempDir(), "t.toml")
		args := append([]string{"setup", "--non-interactive", "--from", example, "--out", out, "--shoe-port", "sim"}, tc.args...)
		var o, e bytes.Buffer
		if code := Main(args, strings.NewReader(""), &o, &e); code != 1 || !strings.Contains(e.String(), "refused: ") || !strings.Contains(e.String(), tc.want) {
			t.Errorf("%v: exit %d, %q; want 1 and %q", tc.args, code, e.String(), tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: written despite the refusal", tc.args)
		}
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "t.toml")
	args := []string{"setup", "--non-interactive", "--pins-stdin", "--from", example, "--out", out, "--shoe-port", "sim", "--table-id", "BAC-09"}
	var o, e bytes.Buffer
	if code := Main(args, strings.NewReader("7531\n\n"), &o, &e); code != 0 {
		t.Fatalf("setup: exit %d: %s", code, e.String())
	}
	// The table starts from it (headless; a SIGTERM-free start is enough: the config and journal open).
	cfg, src, err := loadConfig(runFlags{config: out})
	if err != nil || src != out || cfg.Table.ID != "BAC-09" || !cfg.Display.Kiosk {
		t.Fatalf("load the written file: %v %s %+v", err, src, cfg)
	}
	if err := validateTable(cfg, nil); err != nil {
		t.Errorf("the table refuses what setup wrote: %v", err)
	}
}

func writeFile(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "from.toml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// kioskDirectories are two operator directories, made at: dealers only, and the same with an
// active supervisor.
func kioskDirectories(t *testing.T) (dealers, withSupervisor *people.Directory, at time.Time) {
	t.Helper()
	at = time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	dealers, err := (*people.Directory)(nil).Add(people.Change{ID: "17", Name: "Ana Lima", Role: people.RoleDealer, PIN: "4821"}, at, "test")
	if err != nil {
		t.Fatal(err)
	}
	withSupervisor, err = dealers.Add(people.Change{ID: "4", Name: "Wei Chen", Role: people.RoleSupervisor, PIN: "90210"}, at, "test")
	if err != nil {
		t.Fatal(err)
	}
	return dealers, withSupervisor, at
}

// TestKioskExitByTheDirectory: a kiosk without a supervisor PIN has a way out when the table's
// copy of the pit's operator directory (saved by coupboard setup) names an active supervisor,
// and only then.
func TestKioskExitByTheDirectory(t *testing.T) {
	cfg := config.Defaults()
	cfg.Table.ID, cfg.Display.Kiosk = "BAC-07", true
	cfg.Journal.Path = filepath.Join(t.TempDir(), "BAC-07.db")
	dealers, withSupervisor, at := kioskDirectories(t)
	retired, err := withSupervisor.Deactivate("4", at, "test")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		dir  *people.Directory
		ok   bool
	}{{"no directory", nil, false}, {"dealers only", dealers, false}, {"a supervisor", withSupervisor, true}, {"the supervisor deactivated", retired, false}} {
		err := kioskExit(cfg, false, tc.dir, "copy BAC-07.operators")
		if (err == nil) != tc.ok || !tc.ok && !errors.Is(err, access.ErrNoWayOut) {
			t.Errorf("%s: %v, want a way out %v", tc.name, err, tc.ok)
		}
	}
	// The start reads the table's copy beside the journal, where setup saves the pit's.
	if d, _ := directoryCopy(cfg); d != nil {
		t.Fatal("a copy found where none was saved")
	}
	copyPath := directoryCopyPath(cfg, cfg.Journal.Path)
	if err := (copies.Store{Path: copyPath}).Save(withSupervisor); err != nil {
		t.Fatal(err)
	}
	if d, from := directoryCopy(cfg); kioskExit(cfg, false, d, from) != nil || from != copyPath {
		t.Errorf("with the copy saved at %s: %v (from %s)", copyPath, kioskExit(cfg, false, d, from), from)
	}
}

// TestKioskWayOutAgreesWithSetup: the table's start check and coupboard setup refuse the same
// kiosks (access.KioskWayOut, one function). A directory copy that names no active supervisor
// is refused even when a supervisor PIN hash is set, since with a directory the table signs in
// only its people; each refusal names the key or the file.
func TestKioskWayOutAgreesWithSetup(t *testing.T) {
	hash, err := access.HashPIN("90210")
	if err != nil {
		t.Fatal(err)
	}
	dealers, withSupervisor, _ := kioskDirectories(t)
	for _, tc := range []struct {
		name  string
		kiosk bool
		hash  string
		dir   *people.Directory
		want  string // "" starts; else what the refusal names
	}{
		{"kiosk off: nothing to leave", false, "", dealers, ""},
		{"the PIN hash, no directory", true, hash, nil, ""},
		{"the directory's supervisor, no PIN hash", true, "", withSupervisor, ""},
		{"both", true, hash, withSupervisor, ""},
		{"a directory without a supervisor, with the PIN hash", true, hash, dealers, "the operator directory copy /var/lib/coupboard/BAC-07.operators (version 1) names no active supervisor"},
		{"a directory without a supervisor, no PIN hash", true, "", dealers, "copy /var/lib/coupboard/BAC-07.operators (version 1)"},
		{"no PIN hash, no directory", true, "", nil, "operator.supervisor_pin_hash is empty"},
		{"a PIN hash that is not bcrypt", true, "90210", nil, "operator.supervisor_pin_hash is not a bcrypt hash"},
	} {
		cfg := config.Defaults()
		cfg.Table.ID, cfg.Display.Kiosk, cfg.Operator.SupervisorPINHash = "BAC-07", tc.kiosk, tc.hash
		start := kioskExit(cfg, false, tc.dir, "copy /var/lib/coupboard/BAC-07.operators")
		if tc.want == "" && start != nil || tc.want != "" && (start == nil || !strings.Contains(start.Error(), tc.want)) {
			t.Errorf("%s: the start check says %v, want %q", tc.name, start, tc.want)
		}
		// coupboard setup's check of what it would write (Env.Validate) refuses the same.
		if setup := validateTable(cfg, tc.dir); errors.Is(setup, access.ErrNoWayOut) != (start != nil) {
			t.Errorf("%s: setup's check says %v, the start's %v", tc.name, setup, start)
		}
	}
}
