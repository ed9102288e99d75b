// Package backup is `coupboard backup` and `coupboard restore`. Backup (run daily by
// coupboard-backup.timer) copies the table's whole journal, consistent and with its head file,
// and exports the day's coups as CSV, into the configured backup directory and/or the table's
// bucket in the pit server's object store (pit.go), keeping a number of daily copies; it
// leaves its outcome in a status file the table shows on its status strip when the backup
// failed. Restore brings such a copy back onto a new box, from a file or from the pit: it
// verifies the copy's hash chain as `audit verify` does and never overwrites a journal.
package backup

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/cli/export"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/health"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/internal/atomicfile"
)

// Summary and RestoreSummary are the commands' lines for `coupboard help`.
const (
	Summary        = "copy the journal and the day's coups to backup.dir and/or the pit (the daily timer runs it): backup [--config FILE] [--dest DIR] [--day YYYY-MM-DD] [--no-pit]"
	RestoreSummary = "bring a journal backup onto this box, verified; never over a journal: restore --from FILE.db | --from-pit [--day YYYY-MM-DD] [--config FILE] [--db PATH]"
)

// Env is what the commands need of the table's program.
type Env struct {
	// Load reads the table's configuration as the table does; path "" tries the table's
	// default paths. It returns the configuration and where it came from.
	Load func(path string) (*config.Config, string, error)
	// Now is the clock (time.Now).
	Now func() time.Time
}

// packageJournalDir is where the packaged kiosk keeps journals: its session (and the backup's
// unit) set XDG_DATA_HOME=/var/lib for the user coupboard, whose home this is.
const packageJournalDir = "/var/lib/coupboard"

// JournalPath is the table's journal: journal.path; else, when XDG_DATA_HOME is not set and
// the package's journal directory exists (restore run by root on a kiosk), the journal there;
// else the default path of its id.
func JournalPath(cfg *config.Config) (string, error) {
	if cfg.Journal.Path != "" {
		return cfg.Journal.Path, nil
	}
	if os.Getenv("XDG_DATA_HOME") == "" {
		if fi, err := os.Stat(packageJournalDir); err == nil && fi.IsDir() {
			return filepath.Join(packageJournalDir, cfg.Table.ID+".db"), nil
		}
	}
	return journal.DefaultPath(cfg.Table.ID)
}

// Run executes `coupboard backup`.
func Run(args []string, _ io.Reader, stdout, stderr io.Writer, env Env) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", "", "the table's configuration (default: the table's own)")
	dest := fs.String("dest", "", "backup directory (default: backup.dir)")
	day := fs.String("day", "", "the day whose coups are exported, YYYY-MM-DD (default: yesterday)")
	noPit := fs.Bool("no-pit", false, "do not copy to the pit even with backup.pit = true")
	pitTimeout := fs.Duration("pit-timeout", DefaultPitTimeout, "how long the copy to the pit may take")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *pitTimeout <= 0 {
		return fmt.Errorf("--pit-timeout %v: want a positive duration", *pitTimeout)
	}
	cfg, _, err := env.Load(*cfgPath)
	if err != nil {
		return err
	}
	if *dest == "" {
		*dest = cfg.Backup.Dir
	}
	if *dest == "" && !cfg.Backup.Pit {
		fmt.Fprintln(stdout, "no backup.dir and no backup.pit in the configuration: nothing backed up")
		return nil
	}
	now := env.Now()
	if *day == "" {
		*day = now.AddDate(0, 0, -1).Format("2006-01-02")
	} else if _, err := time.ParseInLocation("2006-01-02", *day, time.Local); err != nil {
		return fmt.Errorf("--day %q: want YYYY-MM-DD", *day)
	}
	jpath, err := JournalPath(cfg)
	if err != nil {
		return err
	}
	var said []string
	var berr error
	st := health.BackupStatus{Dest: *dest}
	if *dest != "" {
		copied, err := backup(cfg.Table.ID, jpath, *dest, *day, cfg.Backup.Keep)
		berr = err
		said = append(said, copied)
	}
	if cfg.Backup.Pit && !*noPit {
		// The pit's copy is tried even when the directory's failed: one of them may hold the day.
		if st.Dest != "" {
			st.Dest += " and "
		}
		st.Dest += "the pit (" + strings.Join(cfg.Bus.URLs, ", ") + ")"
		ctx, cancel := context.WithTimeout(context.Background(), *pitTimeout)
		dir := ""
		if *dest != "" && berr == nil {
			dir = filepath.Join(*dest, cfg.Table.ID)
		}
		copied, err := backupToPit(ctx, cfg, jpath, dir, *day, cfg.Backup.Keep)
		cancel()
		berr = errors.Join(berr, err)
		said = append(said, copied)
	}
	copied := strings.Join(slices.DeleteFunc(said, func(s string) bool { return s == "" }), "\n")
	st.Time, st.OK = env.Now(), berr == nil
	if berr != nil {
		st.Error, st.Cause = berr.Error(), causeOf(berr)
	}
	if err := health.WriteBackupStatus(health.BackupStatusPath(jpath, cfg.Table.ID), st); err != nil {
		berr = errors.Join(berr, err)
	}
	if berr != nil {
		return berr
	}
	fmt.Fprintln(stdout, copied)
	return nil
}

// backup copies the journal at jpath into dest/<table>/ as <table>-<day>.db (with its head
// file) and <table>-<day>.csv (the day's coups), then removes all but the newest keep copies.
// It says what it did.
func backup(table, jpath, dest, day string, keep int) (string, error) {
	if fi, err := os.Stat(dest); err != nil || !fi.IsDir() {
		if err == nil {
			err = errors.New("not a directory")
		}
		return "", fmt.Errorf("backup directory %s: %w (is the backup disk mounted?)", dest, err)
	}
	dir := filepath.Join(dest, table)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", fmt.Errorf("backup directory %s: %w", dir, err)
	}
	base := filepath.Join(dir, table+"-"+day)
	if _, err := os.Stat(base + ".db"); err == nil {
		return fmt.Sprintf("%s.db already holds the backup of %s", base, day), nil
	}
	// Written under temporary names, renamed when whole: a copy cut short (a full disk, a
	// power cut) is never taken for a backup.
	tmp := filepath.Join(dir, "."+table+"-"+day+".partial")
	seq, err := writeCopy(table, jpath, tmp, day)
	if err != nil {
		return "", err
	}
	for _, ext := range []string{journal.HeadSuffix, ".csv", ""} {
		to := base + ".db" + ext
		if ext == ".csv" {
			to = base + ".csv"
		}
		if err := os.Rename(tmp+ext, to); err != nil {
			cleanup(tmp)
			return "", fmt.Errorf("backup: %w", err)
		}
	}
	if err := atomicfile.SyncDir(dir); err != nil {
		return "", fmt.Errorf("backup: %w", err)
	}
	removed, err := prune(dir, table, keep)
	if err != nil {
		return "", fmt.Errorf("backup: %w", err)
	}
	msg := fmt.Sprintf("backed up %s (%d records) to %s.db and the coups of %s to %s.csv", jpath, seq, base, day, base)
	if removed > 0 {
		msg += fmt.Sprintf("; removed %d older copies (backup.keep = %d)", removed, keep)
	}
	return msg, nil
}

// writeCopy writes the journal at jpath as tmp (a consistent snapshot, with its head file
// tmp+journal.HeadSuffix) and the coups of day as tmp+".csv", and returns the snapshot's
// number of records. On failure it leaves none of them.
func writeCopy(table, jpath, tmp, day string) (int64, error) {
	cleanup(tmp)
	j, err := journal.Open(jpath, journal.Options{ReadOnly: true, Table: table, TailCheck: -1, SkipIntegrityCheck: true})
	if err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	defer j.Close()
	seq, _, err := j.Snapshot(context.Background(), tmp)
	if err != nil {
		cleanup(tmp)
		return 0, fmt.Errorf("backup: %w", err)
	}
	if err := os.Chmod(tmp, 0o640); err != nil { // SQLite created it by the umask; the journal is 0640
		cleanup(tmp)
		return 0, fmt.Errorf("backup: %w", err)
	}
	var csv bytes.Buffer
	var exportErr bytes.Buffer
	if err := export.Run([]string{"--db", jpath, "--date", day, "--format", "csv"}, nil, &csv, &exportErr); err != nil {
		cleanup(tmp)
		return 0, fmt.Errorf("backup: export the coups of %s: %w", day, err)
	}
	if err := writeSynced(tmp+".csv", csv.Bytes()); err != nil {
		cleanup(tmp)
		return 0, fmt.Errorf("backup: %w", err)
	}
	return seq, nil
}

// cleanup removes the temporary files of a backup that failed.
func cleanup(tmp string) {
	for _, ext := range []string{"", journal.HeadSuffix, ".csv"} {
		os.Remove(tmp + ext)
	}
}

// prune keeps the newest keep daily copies of table in dir (0: all) and returns how many it
// removed. Only files named as backup names them are touched.
func prune(dir, table string, keep int) (int, error) {
	if keep <= 0 {
		return 0, nil
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	var days []string
	for _, e := range ents {
		if d, ok := backupDay(e.Name(), table, ".db"); ok {
			days = append(days, d)
		}
	}
	sort.Strings(days)
	n := 0
	for _, d := range days[:max(0, len(days)-keep)] {
		base := filepath.Join(dir, table+"-"+d)
		for _, f := range []string{base + ".db", base + ".db" + journal.HeadSuffix, base + ".csv"} {
			if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
				return n, err
			}
		}
		n++
	}
	return n, nil
}

// writeSynced writes a new file and syncs it.
func writeSynced(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o640)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	return closeSynced(f, err)
}

// closeSynced syncs f to disk unless err (a failed write) and closes it, returning the first
// error.
func closeSynced(f *os.File, err error) error {
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// causeOf is why a backup failed in as few words as say it, for the table's status strip, whose
// room ends after some 55 characters beside a second warning (the log has the whole error), or
// "" when the error is of no kind it knows.
func causeOf(err error) string {
	var causes []string
	for _, c := range []struct {
		err   error
		words string
	}{
		{bus.ErrBackupBucketFull, "pit bucket full"},
		{bus.ErrNoBackupBucket, "no pit bucket for this table"},
		{journal.ErrDiskFull, "backup disk full"},
		{bus.ErrNoPitServer, "no pit server"},
	} {
		if errors.Is(err, c.err) {
			causes = append(causes, c.words)
		}
	}
	return strings.Join(causes, "; ")
}
