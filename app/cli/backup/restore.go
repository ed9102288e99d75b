package backup

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/internal/atomicfile"
)

// Restore executes `coupboard restore`: with --from-pit it first fetches the newest (or --day's)
// backup from the table's bucket on the pit, its checksum checked; it checks the backup (the journal's own checks and
// the whole hash chain, as `audit verify`), refuses to write over any journal at the table's
// journal path, copies the backup there with its head file, gives it the owner of the
// journal directory, and checks the copy again as the table will open it.
func Restore(args []string, _ io.Reader, stdout, stderr io.Writer, env Env) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the backup: a <table>-<day>.db file written by coupboard backup")
	fromPit := fs.Bool("from-pit", false, "fetch the backup from the table's bucket on the pit server (with the table's bus credentials)")
	day := fs.String("day", "", "with --from-pit: the day of the backup, YYYY-MM-DD (default: the newest)")
	pitTimeout := fs.Duration("pit-timeout", DefaultPitTimeout, "with --from-pit: how long the fetch may take")
	cfgPath := fs.String("config", "", "the table's configuration, for its id and journal path (default: the table's own)")
	db := fs.String("db", "", "journal path to restore to (default: the configured table's journal)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	switch {
	case *from == "" && !*fromPit:
		return errors.New("--from: give the backup to restore (e.g. /mnt/backup/BAC-07/BAC-07-2026-11-25.db), or --from-pit")
	case *from != "" && *fromPit:
		return errors.New("--from and --from-pit: give one")
	case *day != "" && !*fromPit:
		return errors.New("--day: only with --from-pit (--from names the file)")
	case *pitTimeout <= 0:
		return fmt.Errorf("--pit-timeout %v: want a positive duration", *pitTimeout)
	}
	if *day != "" {
		if _, err := time.Parse("2006-01-02", *day); err != nil {
			return fmt.Errorf("--day %q: want YYYY-MM-DD", *day)
		}
	}
	target, table := *db, ""
	var cfg *config.Config
	if target == "" || *fromPit {
		c, src, err := env.Load(*cfgPath)
		if err != nil {
			return err
		}
		if src == "demo" {
			if *fromPit {
				return errors.New("--from-pit: no table configuration on this box: run coupboard setup first (the table's id and bus credentials say which backups are its own)")
			}
			return errors.New("no table configuration on this box (run coupboard setup first), or give --db PATH")
		}
		if target == "" {
			if target, err = JournalPath(c); err != nil {
				return err
			}
		}
		cfg, table = c, c.Table.ID
	}
	pitHead := "" // the head the table sent with the pit's copy
	what := *from // the backup, as the messages name it
	if *fromPit {
		if len(cfg.Bus.URLs) == 0 {
			return errors.New("--from-pit: the configuration has no bus.urls: the pit is reached over the bus")
		}
		// Refused before anything is fetched, as after.
		if err := refuseExisting(target); err != nil {
			return err
		}
		ctx, cancel := context.WithTimeout(context.Background(), *pitTimeout)
		path, said, head, err := fetchFromPit(ctx, cfg, *day, filepath.Dir(target))
		cancel()
		if err != nil {
			return fmt.Errorf("restore --from-pit: %w", err)
		}
		defer os.Remove(path)
		fmt.Fprintln(stdout, said)
		*from, pitHead, what = path, head, "the pit's "+strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "."), ".from-pit")
	}
	seq, hash, err := check(*from, table)
	if err != nil {
		return fmt.Errorf("refused: backup %s: %w", what, err)
	}
	if got := fmt.Sprintf("%x", hash); pitHead != "" && got != pitHead {
		return fmt.Errorf("refused: the pit's copy ends at head %s, but the table sent one ending at %s", got, pitHead)
	}
	if err := refuseExisting(target); err != nil {
		return err
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	tmp := filepath.Join(dir, "."+filepath.Base(target)+".restoring")
	os.Remove(tmp)
	if err := copyFile(*from, tmp); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("restore: %w", err)
	}
	if err := owned(tmp, dir); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("restore: %w", err)
	}
	// The head file first, then the journal's name: a table never finds the journal without
	// the head that vouches for it.
	if err := journal.WriteHeadFile(target+journal.HeadSuffix, seq, hash); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("restore: %w", err)
	}
	if err := owned(target+journal.HeadSuffix, dir); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	if err := os.Rename(tmp, target); err != nil {
		os.Remove(tmp)
		os.Remove(target + journal.HeadSuffix)
		return fmt.Errorf("restore: %w", err)
	}
	if err := atomicfile.SyncDir(dir); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	if _, _, err := check(target, table); err != nil {
		return fmt.Errorf("restore: the restored journal %s: %w", target, err)
	}
	fmt.Fprintf(stdout, "restored %s to %s: %d records, hash chain verified (head %x); the table resumes from it at its next start\n", what, target, seq, hash[:8])
	return nil
}

// refuseExisting refuses a target where a journal (or its -wal or head file) exists.
func refuseExisting(target string) error {
	for _, ext := range []string{"", "-wal", journal.HeadSuffix} {
		if _, err := os.Lstat(target + ext); err == nil {
			return fmt.Errorf("refused: %s exists: restore never writes over a journal (it may be the table's live record). "+
				"If it is really to be replaced, stop the table and move the journal and its -wal, -shm and %s files aside first", target+ext, journal.HeadSuffix)
		}
	}
	return nil
}

// check opens a journal read-only and verifies it whole: its startup checks (damage, records
// missing against its head file), SQLite's integrity check, the whole hash chain, and, when
// table is given, that its records are that table's. It returns its head.
func check(path, table string) (int64, journal.Hash, error) {
	j, err := journal.Open(path, journal.Options{ReadOnly: true, TailCheck: -1})
	if err != nil {
		return 0, journal.Hash{}, err
	}
	defer j.Close()
	s := j.Startup()
	if s.Damaged() {
		return 0, journal.Hash{}, fmt.Errorf("damaged: %s", strings.Join(s.Problems(), "; "))
	}
	v, err := j.Verify()
	if err != nil {
		return 0, journal.Hash{}, err
	}
	if !v.OK() {
		return 0, journal.Hash{}, fmt.Errorf("hash chain broken at %s", v.Bad)
	}
	seq, h := j.Head()
	if seq == 0 {
		return 0, journal.Hash{}, errors.New("holds no records")
	}
	if table != "" {
		var other string
		_ = j.Scan(0, func(r journal.Record) error {
			if r.Table != "" && r.Table != table {
				other = r.Table
				return errStop
			}
			return nil
		})
		if other != "" {
			return 0, journal.Hash{}, fmt.Errorf("it is the journal of table %s, not of this box's table %s", other, table)
		}
	}
	return seq, h, nil
}

var errStop = errors.New("stop")

// copyFile copies src to a new file dst and syncs it.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	return closeSynced(out, err)
}

// owned gives path the owner and group of dir (the table's user owns its journal directory;
// restore runs as root).
func owned(path, dir string) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || os.Geteuid() != 0 {
		return nil
	}
	return os.Chown(path, int(st.Uid), int(st.Gid))
}
