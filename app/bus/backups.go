package bus

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Journal backups on the pit bus: one JetStream object store per table, BACKUP_<table id>,
// made by the pit server for every table of [[server.tables]]. One bucket per table, not one
// for all: an object store keeps an object's description on a subject named by the whole
// encoded object name and its chunks on random subjects, and replacing an object purges the
// stream, so subject permissions can only keep a table to its own objects by keeping it to
// its own bucket. A table's credentials may put, read, list and delete the objects of its
// own bucket and of no other (TablePermissions, backupAllow).

// DefaultBackupMaxBytes is a table's bucket's size when the pit server's configuration does
// not say ([backups] max_mib): room for about a month of daily copies of a busy table.
const DefaultBackupMaxBytes = 1 << 30

// BackupBucket is table id's backup bucket.
func BackupBucket(id string) string { return "BACKUP_" + id }

// backupStream is the stream behind a table's bucket (JetStream's naming).
func backupStream(id string) string { return "OBJ_" + BackupBucket(id) }

// BackupBucketConfig is table id's bucket: on disk, at most maxBytes (DiscardNew: a full bucket
// refuses the next copy, it never drops an older one), replicated like the pit's streams.
func BackupBucketConfig(id string, replicas int, maxBytes int64) jetstream.ObjectStoreConfig {
	if replicas < 1 {
		replicas = 1
	}
	if maxBytes <= 0 {
		maxBytes = DefaultBackupMaxBytes
	}
	return jetstream.ObjectStoreConfig{
		Bucket:      BackupBucket(id),
		Description: "coupboard: journal backups of table " + id,
		MaxBytes:    maxBytes,
		Storage:     jetstream.FileStorage,
		Replicas:    replicas,
	}
}

// EnsureBackupBuckets creates (or resizes) the backup bucket of every table as the pit's
// administrator; pitserver does it at start for the tables of [[server.tables]].
func EnsureBackupBuckets(ctx context.Context, nc *nats.Conn, tables []string, replicas int, maxBytes int64) error {
	js, err := jetstream.New(nc)
	if err != nil {
		return fmt.Errorf("backup buckets: %w", err)
	}
	for _, id := range tables {
		if _, err := js.CreateOrUpdateObjectStore(ctx, BackupBucketConfig(id, replicas, maxBytes)); err != nil {
			return fmt.Errorf("backup bucket %s: %w", BackupBucket(id), err)
		}
	}
	return nil
}

// backupAllow are the subjects table id's credentials publish to for its own backup bucket:
// its objects' chunks and descriptions, and the JetStream API of its stream only (information,
// direct reads, purging its replaced chunks, the ordered consumers that read an object or the
// list). No subject here names another table's bucket.
func backupAllow(id string) []string {
	st := backupStream(id)
	return []string{
		"$O." + BackupBucket(id) + ".>",
		"$JS.API.STREAM.INFO." + st,
		"$JS.API.STREAM.PURGE." + st,
		"$JS.API.STREAM.MSG.GET." + st,
		"$JS.API.DIRECT.GET." + st,
		"$JS.API.DIRECT.GET." + st + ".>",
		"$JS.API.CONSUMER.CREATE." + st,
		"$JS.API.CONSUMER.CREATE." + st + ".>",
		"$JS.API.CONSUMER.DELETE." + st + ".>",
		"$JS.API.CONSUMER.INFO." + st + ".>",
		"$JS.FC." + st + ".>",
	}
}

// ErrBackupBucketFull is wrapped by a put the bucket has no room for.
var ErrBackupBucketFull = errors.New("the pit's backup bucket is full")

// ErrNoBackupBucket is wrapped when the pit has no bucket for the table.
var ErrNoBackupBucket = errors.New("the pit has no backup bucket for this table")

// ErrNoPitServer is wrapped by the errors of a backup or restore that found no pit server
// answering at the bus's URLs.
var ErrNoPitServer = errors.New("no pit server reachable")

// Backups is a table's backup bucket, opened with the table's credentials.
type Backups struct {
	table string
	nc    *nats.Conn
	obs   jetstream.ObjectStore
	st    jetstream.Stream
}

// OpenBackups binds to table id's bucket over nc.
func OpenBackups(ctx context.Context, nc *nats.Conn, id string) (*Backups, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("backup bucket %s: %w", BackupBucket(id), err)
	}
	obs, err := js.ObjectStore(ctx, BackupBucket(id))
	if err != nil {
		if errors.Is(err, jetstream.ErrBucketNotFound) || errors.Is(err, jetstream.ErrStreamNotFound) {
			return nil, fmt.Errorf("%w (bucket %s: the pit server makes one for each table of its [[server.tables]])", ErrNoBackupBucket, BackupBucket(id))
		}
		return nil, fmt.Errorf("backup bucket %s: %w", BackupBucket(id), noServer(nc, err))
	}
	st, err := js.Stream(ctx, backupStream(id))
	if err != nil {
		return nil, fmt.Errorf("backup bucket %s: %w", BackupBucket(id), noServer(nc, err))
	}
	return &Backups{table: id, nc: nc, obs: obs, st: st}, nil
}

// noServer says that no pit server answers when the connection is not up, rather than a bare
// timeout.
func noServer(nc *nats.Conn, err error) error {
	if nc.Status() != nats.CONNECTED {
		return fmt.Errorf("%w at %s (%w)", ErrNoPitServer, strings.Join(nc.Servers(), ", "), err)
	}
	return err
}

// Put stores an object under name from r, replacing one of that name, with the given metadata.
// A bucket with no room gives ErrBackupBucketFull, saying how full it is.
func (b *Backups) Put(ctx context.Context, name string, meta map[string]string, r io.Reader) (*jetstream.ObjectInfo, error) {
	info, err := b.obs.Put(ctx, jetstream.ObjectMeta{Name: name, Metadata: meta}, r)
	if err == nil {
		return info, nil
	}
	// A put refused for its chunks may still have written the object's description (the
	// client publishes it before it learns of the refusal): remove it, so that a broken
	// object is never listed as a backup.
	if bad, ierr := b.obs.GetInfo(ctx, name); ierr == nil && (bad.Digest == "" || bad.Chunks == 0 || !b.whole(ctx, bad)) {
		_ = b.obs.Delete(ctx, name)
	}
	// The server refuses a message a full stream (DiscardNew) has no room for with
	// "maximum bytes exceeded" (JetStream error 10077, storing failed).
	if strings.Contains(err.Error(), "maximum bytes exceeded") {
		used, limit := b.usage(ctx)
		return nil, fmt.Errorf("put %s: %w (bucket %s holds %s of %s: raise [backups] max_mib on the pit server, or lower backup.keep)",
			name, ErrBackupBucketFull, BackupBucket(b.table), size(used), size(limit))
	}
	return nil, fmt.Errorf("put %s in bucket %s: %w", name, BackupBucket(b.table), noServer(b.nc, err))
}

// whole reports whether the stream holds every chunk the description lists.
func (b *Backups) whole(ctx context.Context, info *jetstream.ObjectInfo) bool {
	si, err := b.st.Info(ctx, jetstream.WithSubjectFilter("$O."+BackupBucket(b.table)+".C."+info.NUID))
	if err != nil {
		return false
	}
	return si.State.Subjects["$O."+BackupBucket(b.table)+".C."+info.NUID] == uint64(info.Chunks)
}

// size says n bytes in MiB, or in KiB below one MiB.
func size(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", (n+1023)>>10)
}

// usage is how many bytes the bucket holds and may hold (0, 0 when it cannot be read).
func (b *Backups) usage(ctx context.Context) (used, limit int64) {
	si, err := b.st.Info(ctx)
	if err != nil {
		return 0, 0
	}
	return int64(si.State.Bytes), si.Config.MaxBytes
}

// List is the objects of the bucket (none deleted), in the store's order.
func (b *Backups) List(ctx context.Context) ([]*jetstream.ObjectInfo, error) {
	list, err := b.obs.List(ctx)
	if errors.Is(err, jetstream.ErrNoObjectsFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list bucket %s: %w", BackupBucket(b.table), noServer(b.nc, err))
	}
	return list, nil
}

// Info is the object name's description; jetstream.ErrObjectNotFound when there is none.
func (b *Backups) Info(ctx context.Context, name string) (*jetstream.ObjectInfo, error) {
	info, err := b.obs.GetInfo(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("bucket %s: %s: %w", BackupBucket(b.table), name, err)
	}
	return info, nil
}

// Get reads object name. Its reader fails with jetstream.ErrDigestMismatch at the end when
// what came back is not what was put (the object store's SHA-256).
func (b *Backups) Get(ctx context.Context, name string) (jetstream.ObjectResult, error) {
	r, err := b.obs.Get(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("get %s from bucket %s: %w", name, BackupBucket(b.table), noServer(b.nc, err))
	}
	return r, nil
}

// Delete removes object name (a pruned daily copy).
func (b *Backups) Delete(ctx context.Context, name string) error {
	if err := b.obs.Delete(ctx, name); err != nil {
		return fmt.Errorf("delete %s from bucket %s: %w", name, BackupBucket(b.table), err)
	}
	return nil
}
