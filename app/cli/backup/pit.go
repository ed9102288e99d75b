package backup

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/config"
)

// The pit's copy (backup.pit = true): the day's journal copy and its coups go, as the objects
// <table>-<day>.db and <table>-<day>.csv, to the table's own bucket in the pit server's
// JetStream object store (bus.BackupBucket), with the table's bus credentials, which may write
// that bucket and no other. The object store keeps each object's SHA-256; restore --from-pit
// checks it on the way back, then checks the journal's hash chain as for a file.

// DefaultPitTimeout bounds a backup's or a restore's whole exchange with the pit.
const DefaultPitTimeout = 2 * time.Minute

// TableBusConn is the table's connection to the pit bus from a command (backup, restore,
// setup): its own credentials and inbox, as the table connects.
func TableBusConn(cfg *config.Config, name string) bus.ConnConfig {
	return bus.ConnConfig{
		URLs: cfg.Bus.URLs, Name: name, User: cfg.Bus.User, Password: cfg.Bus.Password,
		NKeySeedFile: cfg.Bus.NKeySeed, TLS: bus.TLS{CAFile: cfg.Bus.TLSCA, CertFile: cfg.Bus.TLSCert, KeyFile: cfg.Bus.TLSKey},
		InboxPrefix: bus.TableInbox(cfg.Table.ID), Open: cfg.Bus.Open,
	}
}

// openPit connects to the pit with the table's credentials and binds to its bucket; close
// ends the connection.
func openPit(ctx context.Context, cfg *config.Config) (b *bus.Backups, close func(), err error) {
	nc, err := bus.Connect(TableBusConn(cfg, "coupboard backup "+cfg.Table.ID))
	if err != nil {
		return nil, nil, err
	}
	b, err = bus.OpenBackups(ctx, nc, cfg.Table.ID)
	if err != nil {
		nc.Close()
		return nil, nil, err
	}
	return b, nc.Close, nil
}

// backupToPit puts the day's copy in the pit's bucket (made from the journal at jpath, or taken
// from dir when the directory's backup holds it), then keeps the newest keep days there. It
// says what it did.
func backupToPit(ctx context.Context, cfg *config.Config, jpath, dir, day string, keep int) (string, error) {
	table := cfg.Table.ID
	b, closeConn, err := openPit(ctx, cfg)
	if err != nil {
		return "", fmt.Errorf("pit backup: %w", err)
	}
	defer closeConn()
	name := table + "-" + day
	if _, err := b.Info(ctx, name+".db"); err == nil {
		return fmt.Sprintf("the pit's bucket %s already holds the backup of %s", bus.BackupBucket(table), day), nil
	} else if !errors.Is(err, jetstream.ErrObjectNotFound) {
		return "", fmt.Errorf("pit backup: %w", err)
	}
	src := filepath.Join(dir, name)
	if _, err := os.Stat(src + ".db"); dir == "" || err != nil {
		tmpDir, err := os.MkdirTemp(filepath.Dir(jpath), ".pit-backup-")
		if err != nil {
			return "", fmt.Errorf("pit backup: %w", err)
		}
		defer os.RemoveAll(tmpDir)
		src = filepath.Join(tmpDir, name)
		if _, err := writeCopy(table, jpath, src+".db", day); err != nil {
			return "", fmt.Errorf("pit %w", err)
		}
		if err := os.Rename(src+".db.csv", src+".csv"); err != nil {
			return "", fmt.Errorf("pit backup: %w", err)
		}
	}
	// The journal's head is checked before it leaves: a damaged copy is not sent.
	seq, head, err := check(src+".db", table)
	if err != nil {
		return "", fmt.Errorf("pit backup: the copy %s.db: %w", src, err)
	}
	meta := map[string]string{"table": table, "day": day, "records": strconv.FormatInt(seq, 10), "head": fmt.Sprintf("%x", head)}
	// The coups first, the journal last: a day whose journal is in the bucket is whole.
	var size uint64
	for _, ext := range []string{".csv", ".db"} {
		f, err := os.Open(src + ext)
		if err != nil {
			return "", fmt.Errorf("pit backup: %w", err)
		}
		info, err := b.Put(ctx, name+ext, meta, f)
		f.Close()
		if err != nil {
			return "", fmt.Errorf("pit backup: %w", err)
		}
		size += info.Size
	}
	removed, err := prunePit(ctx, b, table, keep)
	if err != nil {
		return "", fmt.Errorf("pit backup: %w", err)
	}
	msg := fmt.Sprintf("copied the backup of %s (%d records, %d KiB) to the pit's bucket %s", day, seq, (size+1023)/1024, bus.BackupBucket(table))
	if removed > 0 {
		msg += fmt.Sprintf("; removed %d older copies there (backup.keep = %d)", removed, keep)
	}
	return msg, nil
}

// backupDay is the day of a backup's file or object name <table>-<day><ext>.
func backupDay(name, table, ext string) (string, bool) {
	d, ok := strings.CutPrefix(name, table+"-")
	if !ok {
		return "", false
	}
	if d, ok = strings.CutSuffix(d, ext); !ok {
		return "", false
	}
	if _, err := time.Parse("2006-01-02", d); err != nil {
		return "", false
	}
	return d, true
}

// pitDays are the days whose journal copy the bucket holds, oldest first.
func pitDays(ctx context.Context, b *bus.Backups, table string) ([]string, error) {
	list, err := b.List(ctx)
	if err != nil {
		return nil, err
	}
	var days []string
	for _, o := range list {
		if d, ok := backupDay(o.Name, table, ".db"); ok {
			days = append(days, d)
		}
	}
	sort.Strings(days)
	return days, nil
}

// prunePit keeps the newest keep days in the bucket (0: all) and returns how many it removed.
func prunePit(ctx context.Context, b *bus.Backups, table string, keep int) (int, error) {
	if keep <= 0 {
		return 0, nil
	}
	days, err := pitDays(ctx, b, table)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range days[:max(0, len(days)-keep)] {
		for _, ext := range []string{".db", ".csv"} { // the journal first: a day without it is not offered
			if err := b.Delete(ctx, table+"-"+d+ext); err != nil && !errors.Is(err, jetstream.ErrObjectNotFound) {
				return n, err
			}
		}
		n++
	}
	return n, nil
}

// fetchFromPit downloads the journal copy of day ("": the newest) from the table's bucket into
// a new file in dir, checking the object store's SHA-256 of what arrived, and returns its path,
// what it did, and the journal head the table recorded with it when it sent it.
func fetchFromPit(ctx context.Context, cfg *config.Config, day, dir string) (path, said, head string, err error) {
	table := cfg.Table.ID
	b, closeConn, err := openPit(ctx, cfg)
	if err != nil {
		return "", "", "", err
	}
	defer closeConn()
	if day == "" {
		days, err := pitDays(ctx, b, table)
		if err != nil {
			return "", "", "", err
		}
		if len(days) == 0 {
			return "", "", "", fmt.Errorf("the pit's bucket %s holds no backup of table %s", bus.BackupBucket(table), table)
		}
		day = days[len(days)-1]
	}
	name := table + "-" + day + ".db"
	info, err := b.Info(ctx, name)
	if errors.Is(err, jetstream.ErrObjectNotFound) {
		days, _ := pitDays(ctx, b, table)
		return "", "", "", fmt.Errorf("the pit's bucket %s holds no backup of %s (it holds: %s)", bus.BackupBucket(table), day, strings.Join(days, ", "))
	}
	if err != nil {
		return "", "", "", err
	}
	r, err := b.Get(ctx, name)
	if err != nil {
		return "", "", "", err
	}
	defer r.Close()
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", "", "", err
	}
	path = filepath.Join(dir, "."+name+".from-pit")
	os.Remove(path)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return "", "", "", err
	}
	h := sha256.New()
	_, err = io.Copy(io.MultiWriter(f, h), r)
	if err = closeSynced(f, err); err == nil {
		if got := "SHA-256=" + base64.URLEncoding.EncodeToString(h.Sum(nil)); got != info.Digest {
			err = fmt.Errorf("%w: the object's checksum is %s, what arrived has %s", jetstream.ErrDigestMismatch, info.Digest, got)
		}
	}
	if err != nil {
		os.Remove(path)
		return "", "", "", fmt.Errorf("fetch %s from the pit: %w", name, err)
	}
	return path, fmt.Sprintf("fetched %s from the pit's bucket %s (%d bytes, SHA-256 checked)", name, bus.BackupBucket(table), info.Size), info.Metadata["head"], nil
}
