package acceptloss

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/cli/audit"
	"github.com/coupboard/coupboard/app/cli/export"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/app/people/copies"
	"github.com/coupboard/coupboard/internal/testpin"
)

var start = time.Date(2026, 11, 26, 2, 0, 0, 0, time.UTC)

const (
	superPIN  = "246810"
	dealerPIN = "1357"
)

// lostWAL writes a journal of 30 inputs over 2 shoes and loses its write-ahead log as a
// kill -9 and a lost file would: records 16 to 30 are lost from its end (1 to 15 were
// checkpointed into the database file), the head file still says they were committed.
func lostWAL(t *testing.T) (path string, n int64) {
	t.Helper()
	dir := t.TempDir()
	path = filepath.Join(dir, "BAC-07.db")
	j, err := journal.Open(path, journal.Options{Table: "BAC-07"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 30; i++ {
		if i == 16 { // a clean close puts the first 15 in the database file: they survive
			j.Close()
			if j, err = journal.Open(path, journal.Options{Table: "BAC-07"}); err != nil {
				t.Fatal(err)
			}
		}
		at := start.Add(time.Duration(i) * time.Minute)
		in := journal.Record{Time: at, Kind: journal.KindShoe, Source: journal.SourceShoe, Shoe: int64(1 + i/16),
			Payload: json.RawMessage(fmt.Sprintf(`{"v":2,"kind":"token","line":"%dH@P1","source":"shoe"}`, 2+i%8))}
		if _, err := j.AppendBatch(in); err != nil {
			t.Fatal(err)
		}
	}
	n, _ = j.Head()
	cp := filepath.Join(t.TempDir(), "BAC-07.db") // what a kill -9 leaves, then the log lost
	for _, ext := range []string{"", journal.HeadSuffix} {
		b, err := os.ReadFile(path + ext)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(cp+ext, b, 0o640); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	return cp, n
}

// env is the command's environment over cfg, with the clock at start + 1 hour.
func env(cfg *config.Config, dirCopy string) Env {
	return Env{
		Load:          func(string) (*config.Config, string, error) { return cfg, "test.toml", nil },
		DirectoryCopy: func(*config.Config, string) string { return dirCopy },
		Now:           func() time.Time { return start.Add(time.Hour) },
	}
}

func configFor(t *testing.T, path string) *config.Config {
	t.Helper()
	cfg := config.Defaults()
	cfg.Table.ID = "BAC-07"
	cfg.Journal.Path = path
	cfg.Operator.LockoutAttempts = 2
	cfg.Operator.SupervisorPINHash, cfg.Operator.DealerPINHash = testpin.Hash(t, superPIN), testpin.Hash(t, dealerPIN)
	return cfg
}

// run runs `coupboard journal accept-loss` with stdin.
func run(t *testing.T, e Env, stdin string, args ...string) (string, string, error) {
	t.Helper()
	var out, errw bytes.Buffer
	err := Run(append([]string{"accept-loss", "--config", "test.toml"}, args...), strings.NewReader(stdin), &out, &errw, e)
	return out.String(), errw.String(), err
}

// accessRecords are the sign-in records of the journal at path.
func accessRecords(t *testing.T, path string) []access.Entry {
	t.Helper()
	j, err := journal.Open(path, journal.Options{ReadOnly: true, TailCheck: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	var out []access.Entry
	if err := j.OfKind(journal.KindAccess, func(r journal.Record) error {
		e, err := access.DecodeEntry(r.Payload)
		out = append(out, e)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestAcceptLoss drives the command as a supervisor would, with the role PINs: wrong PINs
// and a dealer are refused and kept for the lockout, and the journal is accepted only after
// a supervisor's PIN, a reason and ACCEPT; audit verify and export then show the loss.
func TestAcceptLoss(t *testing.T) {
	path, n := lostWAL(t)
	cfg := configFor(t, path)
	e := env(cfg, filepath.Join(t.TempDir(), "none.operators"))
	steps := []struct {
		name  string
		stdin string
		args  []string
		want  string // in the error; "" for success
	}{
		{"dealer", "11\n" + dealerPIN + "\n", nil, "only a supervisor"},
		{"wrong PIN", "12\n0000\n", nil, "wrong PIN (1 of 2"},
		{"no reason", superPIN + "\n\nACCEPT\n", []string{"--id", "12"}, "a reason is required"},
		{"not confirmed", superPIN + "\nsurveillance checked\naccept\n", []string{"--id", "12"}, "not confirmed"},
		{"accepted", "12\n" + superPIN + "\nWAL lost in a power cut; cards checked with surveillance\nACCEPT\n", nil, ""},
	}
	for _, st := range steps {
		out, errOut, err := run(t, e, st.stdin, st.args...)
		if st.want != "" {
			if err == nil || !strings.Contains(err.Error(), st.want) {
				t.Fatalf("%s: err = %v, want %q", st.name, err, st.want)
			}
			if _, err := journal.Open(path, journal.Options{Table: "BAC-07"}); !errors.Is(err, journal.ErrDamaged) {
				t.Fatalf("%s: the journal opens (%v) without an acceptance", st.name, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v\n%s", st.name, err, errOut)
		}
		if !strings.Contains(errOut, fmt.Sprintf("Records 16 to %d (%d) are lost; the 15 records before them are intact", n, n-15)) ||
			!strings.Contains(out, fmt.Sprintf("loss accepted: records 16 to %d, recorded as record %d by supervisor 12", n, n+1)) {
			t.Fatalf("%s: stdout %q stderr %q", st.name, out, errOut)
		}
	}
	// The attempts before are in the journal, in order, with the acceptance's own sign-in.
	var outcomes []string
	for _, a := range accessRecords(t, path) {
		outcomes = append(outcomes, a.Event+":"+string(a.Outcome))
	}
	if got := strings.Join(outcomes, " "); got != "sign_in:granted sign_in:wrong_pin sign_in:granted sign_in:granted sign_in:granted sign_out:" {
		t.Errorf("sign-in records %s", got)
	}
	if _, err := os.Stat(path + AttemptsSuffix); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the attempts file is still beside the journal: %v", err)
	}
	// The table opens it; audit verify and export say what was lost.
	j, err := journal.Open(path, journal.Options{Table: "BAC-07"})
	if err != nil {
		t.Fatalf("Open after the acceptance: %v", err)
	}
	if a := j.Startup().Accepted; len(a) != 1 || a[0].Actor.ID != "12" || a[0].ThroughSeq != n {
		t.Errorf("accepted %+v", a)
	}
	j.Close()
	var vout bytes.Buffer
	if err := audit.Run([]string{"verify", "--db", path}, nil, &vout, io.Discard); err != nil {
		t.Fatalf("audit verify: %v\n%s", err, vout.String())
	}
	if !strings.Contains(vout.String(), fmt.Sprintf("LOSS ACCEPTED: records 16 to %d (%d) were lost and the loss was accepted in record %d by supervisor 12", n, n-15, n+1)) ||
		!strings.Contains(vout.String(), fmt.Sprintf("%d committed records lost and the loss accepted", n-15)) {
		t.Errorf("audit verify says:\n%s", vout.String())
	}
	var eout, eerr bytes.Buffer
	if err := export.Run([]string{"--db", path, "--shoe", "1", "--format", "script"}, nil, &eout, &eerr); err != nil {
		t.Fatalf("export: %v\n%s", err, eerr.String())
	}
	if !strings.Contains(eerr.String(), "export: LOSS ACCEPTED: records 16 to") || !strings.Contains(eout.String(), "# LOSS ACCEPTED: records 16 to") ||
		!strings.Contains(eout.String(), "9H@P1\n# LOSS ACCEPTED") {
		t.Errorf("export stderr %q stdout %q", eerr.String(), eout.String())
	}
	// The rows say it too: CSV and JSON end with a row naming the lost range, who and why.
	for _, format := range []string{"csv", "json"} {
		eout.Reset()
		if err := export.Run([]string{"--db", path, "--shoe", "1", "--format", format}, nil, &eout, io.Discard); err != nil {
			t.Fatalf("export %s: %v", format, err)
		}
		lines := strings.Split(strings.TrimSpace(eout.String()), "\n")
		last := lines[len(lines)-1]
		want := fmt.Sprintf("records 16 to %d (%d) were lost and the loss was accepted in record %d by supervisor 12", n, n-15, n+1)
		if !strings.Contains(last, export.KindLossAccepted) || !strings.Contains(last, want) || !strings.Contains(last, "surveillance") {
			t.Errorf("export %s: the last row %q does not name the loss", format, last)
		}
	}
}

// TestAcceptLossLockout: wrong PINs lock the keypad as at the operator screen, across runs
// of the command; a locked id is refused even with the right PIN.
func TestAcceptLossLockout(t *testing.T) {
	path, _ := lostWAL(t)
	e := env(configFor(t, path), filepath.Join(t.TempDir(), "none.operators"))
	for i, want := range []string{"wrong PIN (1 of 2", "PIN entry locked", "PIN entry locked"} {
		pin := "0000"
		if i == 2 {
			pin = superPIN
		}
		if _, _, err := run(t, e, "12\n"+pin+"\nreason\nACCEPT\n"); err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("attempt %d: %v, want %q", i+1, err, want)
		}
	}
	b, err := os.ReadFile(path + AttemptsSuffix)
	if err != nil || strings.Count(string(b), "\n") != 3 {
		t.Fatalf("attempts kept: %q, %v", b, err)
	}
}

// TestAcceptLossWithTheDirectory: with the table's copy of the pit's operator directory, the
// person's own id and PIN count and the role PINs do not.
func TestAcceptLossWithTheDirectory(t *testing.T) {
	path, _ := lostWAL(t)
	d, err := (*people.Directory)(nil).Add(people.Change{ID: "4711", Name: "Ana", Role: people.RoleSupervisor, PIN: "864209"}, start, "admin")
	if err != nil {
		t.Fatal(err)
	}
	if d, err = d.Add(people.Change{ID: "815", Name: "Bo", Role: people.RoleDealer, PIN: "5555"}, start, "admin"); err != nil {
		t.Fatal(err)
	}
	dirCopy := filepath.Join(t.TempDir(), "BAC-07.operators")
	if err := (copies.Store{Path: dirCopy}).Save(d); err != nil {
		t.Fatal(err)
	}
	e := env(configFor(t, path), dirCopy)
	for _, tc := range []struct{ stdin, want string }{
		{"12\n" + superPIN + "\n", "unknown operator id"}, // the role PIN no longer opens
		{"815\n5555\n", "only a supervisor"},
		{"4711\n" + superPIN + "\n", "wrong PIN"},
	} {
		if _, _, err := run(t, e, tc.stdin+"reason\nACCEPT\n"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Fatalf("%q: %v, want %q", tc.stdin, err, tc.want)
		}
	}
	if _, errOut, err := run(t, e, "4711\n864209\nsurveillance\nACCEPT\n"); err != nil {
		t.Fatalf("accept: %v\n%s", err, errOut)
	}
	if got := accessRecords(t, path); len(got) != 5 || got[3].Directory != d.Version || got[3].Outcome != access.Granted {
		t.Errorf("sign-in records %+v", got)
	}
}

// TestAcceptLossRefusesOtherDamage: a journal with nothing lost is refused with the reason,
// before any PIN is asked (the other damage is app/journal's TestAcceptLossRefusesOtherDamage).
func TestAcceptLossRefusesOtherDamage(t *testing.T) {
	j, err := journal.Open(filepath.Join(t.TempDir(), "ok.db"), journal.Options{Table: "BAC-07"})
	if err != nil {
		t.Fatal(err)
	}
	good := j.Path()
	j.Close()
	_, errOut, err := run(t, env(configFor(t, good), ""), "")
	if !errors.Is(err, journal.ErrLossNotAcceptable) || !strings.Contains(err.Error(), "not damaged") || strings.Contains(errOut, "PIN") {
		t.Fatalf("a good journal: %v (%s)", err, errOut)
	}
}
