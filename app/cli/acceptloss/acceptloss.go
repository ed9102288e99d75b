// Package acceptloss is `coupboard journal accept-loss`: the supervisor's third way out of a
// journal the table refuses because committed records were lost from its end (a lost,
// damaged or cut write-ahead log; see docs/auditor.md "Journal damage"), beside a backup
// and a new journal. It checks the supervisor's id and PIN exactly as the operator screen
// does (the table's copy of the pit's operator directory, or the role PINs of [operator],
// with the same lockout), asks why, keeps the quarantine copy of the damaged files, and
// records the loss in the journal (journal.AcceptLoss), after which the table plays on the
// records that survived. Any other damage is refused with the reason.
package acceptloss

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/cli"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/people/copies"
)

// Summary is the one-line description of `coupboard journal` for `coupboard help`.
const Summary = "accept committed records lost from a journal's end, as a supervisor: journal accept-loss --config FILE [--db PATH]"

// AttemptsSuffix names the file beside the journal (its path + AttemptsSuffix) that keeps
// the sign-in attempts made here while the journal cannot be written: they count towards the
// lockout, and are written into the journal with the acceptance, after which the file is
// moved into the quarantine directory.
const AttemptsSuffix = ".accept-loss-sign-ins"

// Env is what the command needs from the table's program: how it reads its configuration,
// where the table keeps its copy of the operator directory, and the clock.
type Env struct {
	Load          func(path string) (*config.Config, string, error)
	DirectoryCopy func(cfg *config.Config, journalPath string) string
	Now           func() time.Time
}

// ErrNotGranted: the id and PIN did not sign a supervisor in; nothing was accepted.
var ErrNotGranted = errors.New("not accepted: a supervisor must sign in")

// Run runs `coupboard journal` with args (after "journal"); the only subcommand is
// accept-loss. The id (--id or the first line), the PIN (never on the command line) and the
// reason (--reason or a line) are read from stdin, each after a prompt on stderr, then the
// confirmation: the word ACCEPT.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer, env Env) error {
	_, args, err := cli.Subcommand(args, "usage: coupboard journal accept-loss --config FILE [--db PATH] [--id ID] [--reason TEXT]", stderr, "accept-loss")
	if err != nil {
		return err
	}
	fls := flag.NewFlagSet("journal accept-loss", flag.ContinueOnError)
	fls.SetOutput(stderr)
	cfgPath := fls.String("config", "", "the table's configuration (its [operator] PINs and lockout, its journal and directory copy)")
	db := fls.String("db", "", "the journal (default: the configuration's)")
	id := fls.String("id", "", "the supervisor's operator id (default: asked)")
	reason := fls.String("reason", "", "why the loss is accepted (default: asked)")
	if err := fls.Parse(args); err != nil {
		return err
	}
	if fls.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %s", strings.Join(fls.Args(), " "))
	}
	if *cfgPath == "" {
		return errors.New("--config: give the table's configuration (its supervisor PIN, lockout and journal)")
	}
	cfg, _, err := env.Load(*cfgPath)
	if err != nil {
		return err
	}
	path := *db
	if path == "" {
		if path = cfg.Journal.Path; path == "" {
			if path, err = journal.DefaultPath(cfg.Table.ID); err != nil {
				return err
			}
		}
	}
	c, err := journal.CheckLoss(path)
	if err != nil {
		return err
	}
	l := c.Loss
	fmt.Fprintf(stderr, "journal %s: %s\n", c.Startup.Path, l.Found)
	fmt.Fprintf(stderr, "Records %d to %d (%d) are lost; the %d records before them are intact. The damaged files are kept in %s.\n",
		l.FromSeq, l.ThroughSeq, l.Lost(), l.SurvivingSeq, c.Quarantine)
	in := bufio.NewReader(stdin)
	if *id == "" {
		if *id, err = ask(in, stderr, "Supervisor's operator id: "); err != nil {
			return err
		}
	}
	pin, err := askSecret(stdin, in, stderr, "PIN: ")
	if err != nil {
		return err
	}
	now := env.Now()
	attempts := c.Startup.Path + AttemptsSuffix
	g, err := guard(cfg, env.DirectoryCopy(cfg, c.Startup.Path), c.Startup.Path, attempts)
	if err != nil {
		return err
	}
	a, tryErr := g.TryPerson(*id, pin, now)
	rec, err := attemptRecord(cfg.Table.ID, *id, a, now)
	if err != nil {
		return err
	}
	if a.Outcome == access.Granted {
		rec.Actor.Role = a.Role.String()
	}
	// Every attempt is kept before anything else happens, as the operator screen journals it.
	if err := keepAttempt(attempts, rec); err != nil {
		return fmt.Errorf("record the sign-in attempt in %s: %w; nothing was accepted", attempts, err)
	}
	if tryErr == nil && a.Role != access.Supervisor {
		tryErr = fmt.Errorf("operator %s is a %s: only a supervisor may accept a loss", *id, a.Role)
	}
	if tryErr != nil {
		return fmt.Errorf("%w: %w", ErrNotGranted, tryErr)
	}
	if *reason == "" {
		if *reason, err = ask(in, stderr, "Why is the loss accepted? "); err != nil {
			return err
		}
	}
	if strings.TrimSpace(*reason) == "" {
		return errors.New("a reason is required: nothing was accepted")
	}
	confirm, err := ask(in, stderr, fmt.Sprintf("Type ACCEPT to record that records %d to %d are lost and let the table play on: ", l.FromSeq, l.ThroughSeq))
	if err != nil {
		return err
	}
	if confirm != "ACCEPT" {
		return errors.New("not confirmed: nothing was accepted")
	}
	kept, err := keptAttempts(attempts) // this one's among them, last
	if err != nil {
		return err
	}
	out := env.Now()
	extra := append(kept, journal.Record{Time: out, Table: cfg.Table.ID, Kind: journal.KindAccess, Source: journal.SourceOperator,
		Actor: rec.Actor, Payload: json.RawMessage(`{"event":"sign_out"}`)})
	recs, err := journal.AcceptLoss(c.Startup.Path, l, journal.Acceptance{
		Actor: journal.Actor{Role: access.Supervisor.String(), ID: *id}, Reason: *reason, Time: out, Table: cfg.Table.ID}, extra...)
	if err != nil {
		return err
	}
	// The attempts are in the journal now; their file goes with the evidence.
	if err := os.Rename(attempts, filepath.Join(c.Quarantine, filepath.Base(attempts))); err != nil {
		fmt.Fprintf(stderr, "warning: the sign-in attempts are in the journal, but %s could not be moved into %s: %v; remove it by hand\n", attempts, c.Quarantine, err)
	}
	fmt.Fprintf(stdout, "loss accepted: records %d to %d, recorded as record %d by supervisor %s; the damaged files stay in %s; the table plays on the %d records that survived\n",
		l.FromSeq, l.ThroughSeq, recs[0].Seq, *id, c.Quarantine, l.SurvivingSeq)
	return nil
}

// guard is the PIN guard the operator screen would use: the configuration's role PINs and
// lockout, the table's copy of the operator directory, and every sign-in attempt recorded
// (in the surviving journal, and those kept while it could not be written).
func guard(cfg *config.Config, dirCopy, path, attempts string) (*access.Guard, error) {
	g, err := access.NewGuard(cfg.Operator.DealerPINHash, cfg.Operator.SupervisorPINHash, cfg.Operator.LockoutAttempts,
		time.Duration(cfg.Operator.LockoutMinutes)*time.Minute)
	if err != nil {
		return nil, fmt.Errorf("operator: %w", err)
	}
	if err := g.SetTableLimit(cfg.Operator.TableLockoutFactor, cfg.Operator.TableLockoutWindow()); err != nil {
		return nil, fmt.Errorf("operator: %w", err)
	}
	if d := (copies.Store{Path: dirCopy}).Load().Dir; d != nil {
		g.SetDirectory(d)
	}
	if j, err := journal.Open(path, journal.Options{ReadOnly: true, TailCheck: -1, SkipIntegrityCheck: true}); err == nil {
		if j.Startup().Records > 0 {
			err = g.Restore(j)
		}
		j.Close()
		if err != nil {
			return nil, err
		}
	}
	kept, err := keptAttempts(attempts)
	if err != nil {
		return nil, err
	}
	for _, r := range kept {
		if err := g.Replay(r); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// attemptRecord is the sign-in attempt as the operator screen journals it (journal.KindAccess).
func attemptRecord(table, id string, a access.Attempt, at time.Time) (journal.Record, error) {
	e := access.Entry{Event: access.EventSignIn, Outcome: a.Outcome, Directory: a.Directory, Wrong: a.Wrong, LockedUntil: a.LockedUntil}
	p, err := e.Encode()
	if err != nil {
		return journal.Record{}, err
	}
	return journal.Record{Time: at.UTC(), Table: table, Kind: journal.KindAccess, Source: journal.SourceOperator,
		Actor: journal.Actor{ID: id}, Reason: "journal accept-loss", Payload: p}, nil
}

// keepAttempt appends rec to the attempts file (synced).
func keepAttempt(path string, rec journal.Record) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o640)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// keptAttempts reads the attempts file (none when it does not exist).
func keptAttempts(path string) ([]journal.Record, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the sign-in attempts kept in %s: %w", path, err)
	}
	var out []journal.Record
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if line == "" {
			continue
		}
		var r journal.Record
		if err := json.Unmarshal([]byte(line), &r); err != nil || r.Kind != journal.KindAccess {
			return nil, fmt.Errorf("%s line %d: not a sign-in attempt (%v): remove the line only after keeping it elsewhere", path, i+1, err)
		}
		r.Seq, r.PrevHash, r.Hash = 0, journal.Hash{}, journal.Hash{}
		out = append(out, r)
	}
	return out, nil
}

// ask prompts on w and reads one line, without its line ending.
func ask(in *bufio.Reader, w io.Writer, prompt string) (string, error) {
	fmt.Fprint(w, prompt)
	line, err := in.ReadString('\n')
	if err != nil && (err != io.EOF || line == "") {
		return "", fmt.Errorf("read the answer to %q: %w", strings.TrimSpace(prompt), err)
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// askSecret is ask with the terminal's echo off when stdin is a terminal.
func askSecret(stdin io.Reader, in *bufio.Reader, w io.Writer, prompt string) (string, error) {
	if f, ok := stdin.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			off := exec.Command("stty", "-echo")
			off.Stdin = f
			if off.Run() == nil {
				defer func() {
					on := exec.Command("stty", "echo")
					on.Stdin = f
					_ = on.Run()
					fmt.Fprintln(w)
				}()
			}
		}
	}
	return ask(in, w, prompt)
}
