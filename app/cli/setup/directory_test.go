package setup

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/app/people/copies"
	"github.com/coupboard/coupboard/internal/bustest"
)

// pitEnv is testEnv asking the real pit for its directory, the table's copy kept in a
// temporary directory.
func pitEnv(t *testing.T) (Env, string) {
	env := testEnv(t)
	copyPath := filepath.Join(t.TempDir(), "BAC-07.operators")
	env.PitDirectory = PitDirectory
	env.DirectoryCopy = func(*config.Config) (string, error) { return copyPath, nil }
	return env, copyPath
}

// pitArgs are a non-interactive setup of table BAC-07 in kiosk mode on the pit bus at url.
func pitArgs(t *testing.T, url string) []string {
	pass := filepath.Join(t.TempDir(), "pass")
	if err := os.WriteFile(pass, []byte("secret-07\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return []string{"--non-interactive", "--table-id", "BAC-07", "--table-name", "Baccarat 7", "--shoe-port", "sim", "--kiosk",
		"--pit-url", url, "--bus-user", "bac-07", "--bus-password-file", pass}
}

func TestPINsFromThePitDirectory(t *testing.T) {
	srv := bustest.Start(t, bus.ServerConfig{
		Tables:   []bus.Credential{{Table: "BAC-07", User: "bac-07", Password: "secret-07"}},
		Managers: []bus.Credential{{User: "pit", Password: "secret-p"}},
	})
	dirs := bustest.Manage(t, srv, "pit", "secret-p")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	// No directory at the pit yet: setup says so and asks the role PINs; a kiosk without a
	// supervisor PIN is refused.
	env, copyPath := pitEnv(t)
	var out bytes.Buffer
	err := Run(pitArgs(t, srv.URL()), strings.NewReader(""), &out, &out, env)
	if err == nil || !strings.Contains(err.Error(), "nobody could leave kiosk mode") || !strings.Contains(out.String(), "The pit has no operator directory yet: the role PINs are asked") {
		t.Fatalf("no directory, no PIN: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := Run(append(pitArgs(t, srv.URL()), "--pins-stdin"), strings.NewReader("7531\n\n"), &out, &out, env); err != nil {
		t.Fatalf("no directory, role PINs: %v\n%s", err, out.String())
	}
	c, err := config.Load(filepath.Join(env.ConfigDir, "coupboard.toml"))
	if err != nil || bcrypt.CompareHashAndPassword([]byte(c.Operator.SupervisorPINHash), []byte("7531")) != nil {
		t.Fatalf("role PIN not written: %v %+v", err, c.Operator)
	}
	if _, err := os.Stat(copyPath); err == nil {
		t.Fatal("a directory copy saved with no directory at the pit")
	}

	// A directory with only a dealer: no supervisor could leave the kiosk.
	if _, err := dirs.Add(ctx, people.Change{ID: "17", Name: "Ana Lima", Role: people.RoleDealer, PIN: "4821"}, "installer"); err != nil {
		t.Fatal(err)
	}
	env, _ = pitEnv(t)
	out.Reset()
	err = Run(append(pitArgs(t, srv.URL()), "--pins-stdin"), strings.NewReader("7531\n\n"), &out, &out, env)
	if err == nil || !strings.Contains(err.Error(), "names no active supervisor") || !strings.Contains(err.Error(), "pitserver directory add --role supervisor") {
		t.Fatalf("a directory without supervisors: %v\n%s", err, out.String())
	}

	// With a supervisor: no role PIN asked (none on stdin), the kiosk's way out explained, the
	// copy saved for the table's first start.
	if _, err := dirs.Add(ctx, people.Change{ID: "4", Name: "Wei Chen", Role: people.RoleSupervisor, PIN: "90210"}, "installer"); err != nil {
		t.Fatal(err)
	}
	env, copyPath = pitEnv(t)
	out.Reset()
	if err := Run(pitArgs(t, srv.URL()), strings.NewReader(""), &out, &out, env); err != nil {
		t.Fatalf("directory with a supervisor: %v\n%s", err, out.String())
	}
	for _, want := range []string{
		"The pit's operator directory (version 2): 2 people, 1 active supervisors.",
		"no role PINs are asked",
		"a supervisor of the directory leaves it from the operator screen (Exit kiosk)",
		"saved the pit's operator directory (version 2) as the table's copy " + copyPath,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("setup said %q, want %q", out.String(), want)
		}
	}
	c, err = config.Load(filepath.Join(env.ConfigDir, "coupboard.toml"))
	if err != nil || !c.Display.Kiosk || c.Operator.SupervisorPINHash != "" || c.Operator.DealerPINHash != "" {
		t.Fatalf("wrote %v %+v %+v", err, c.Display, c.Operator)
	}
	l := copies.Store{Path: copyPath}.Load()
	if l.Dir == nil || l.Dir.Version != 2 || len(l.Damaged) != 0 {
		t.Fatalf("the table's copy: %+v", l)
	}
	if p, ok := l.Dir.Lookup("4"); !ok || p.Role != people.RoleSupervisor {
		t.Fatalf("the copy's supervisor: %+v %v", p, ok)
	}
}

func TestPINsAskedWhenThePitIsUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "nats://" + ln.Addr().String()
	ln.Close()
	env, copyPath := pitEnv(t)
	var out bytes.Buffer
	if err := Run(append(pitArgs(t, dead), "--pins-stdin"), strings.NewReader("7531\n2468\n"), &out, &out, env); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "The pit's operator directory could not be read") || !strings.Contains(out.String(), "the role PINs are asked") {
		t.Errorf("setup said %q", out.String())
	}
	if _, err := os.Stat(copyPath); err == nil {
		t.Error("a directory copy saved with no pit")
	}
}
