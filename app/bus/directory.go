package bus

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/people"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The operator directory on the pit bus: one JetStream key-value bucket holding one key, the
// whole directory (package people) as one document, so that a table always receives a
// directory that was whole at the pit and its version says which is newer. Only the pit (its
// administrator, and the managers' credentials of [[server.managers]]) may write it; a
// table's credentials may read it and nothing else of it.
const (
	DirectoryBucket = "OPERATORS" // the key-value bucket
	DirectoryKey    = "directory" // its one key
	// directoryStream is the stream behind the bucket (JetStream's naming).
	directoryStream = "KV_" + DirectoryBucket
)

// DirectoryBucketConfig is the bucket: on disk, the last 10 versions kept (the pit can see
// what changed), one document of at most people.MaxSize.
func DirectoryBucketConfig(replicas int) jetstream.KeyValueConfig {
	if replicas < 1 {
		replicas = 1
	}
	return jetstream.KeyValueConfig{
		Bucket:       DirectoryBucket,
		Description:  "coupboard: the pit's operator directory (who may sign in at the tables)",
		History:      10,
		MaxValueSize: people.MaxSize,
		Storage:      jetstream.FileStorage,
		Replicas:     replicas,
	}
}

// EnsureDirectoryBucket creates the bucket, or updates its configuration, as the pit's
// administrator (pitserver does it at start).
func EnsureDirectoryBucket(ctx context.Context, nc *nats.Conn, replicas int) (jetstream.KeyValue, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("operator directory bucket: %w", err)
	}
	kv, err := js.CreateOrUpdateKeyValue(ctx, DirectoryBucketConfig(replicas))
	if err != nil {
		return nil, fmt.Errorf("operator directory bucket %s: %w", DirectoryBucket, err)
	}
	if _, err := js.CreateOrUpdateStream(ctx, DirectoryLogConfig(replicas)); err != nil {
		return nil, fmt.Errorf("operator directory record %s: %w", DirectoryLogStream, err)
	}
	return kv, nil
}

// DirectoryLogStream is the pit's record of the operator directory: every version ever written
// to the bucket, whoever wrote it (the pit console, `pitserver directory`), copied there by the
// server itself (the stream sources the bucket's), so that no change can be made without being
// recorded, and kept after the bucket's history of 10 has moved on. Each version says when and
// by whom it was made; comparing it with the one before says what changed (people.Diff):
// `pitserver directory history` and the console's People page read it.
const DirectoryLogStream = "OPERATORS_LOG"

// DirectoryLogMaxBytes bounds the record: the oldest versions go first when it is full (at
// 10 KiB a version for a pit of a hundred people, about a hundred thousand changes).
const DirectoryLogMaxBytes = 1 << 30

// DirectoryLogConfig is the record's stream: on disk, sourcing the bucket's stream.
func DirectoryLogConfig(replicas int) jetstream.StreamConfig {
	if replicas < 1 {
		replicas = 1
	}
	return jetstream.StreamConfig{
		Name:        DirectoryLogStream,
		Description: "coupboard: the pit's record of every version of the operator directory (who changed whom, when)",
		Sources:     []*jetstream.StreamSource{{Name: directoryStream}},
		Storage:     jetstream.FileStorage,
		Replicas:    replicas,
		MaxBytes:    DirectoryLogMaxBytes,
		Discard:     jetstream.DiscardOld,
		AllowDirect: true,
	}
}

// directoryReadAllow are the JetStream API subjects a reader of the bucket publishes to: the
// bucket's information, a direct get of its key, and an ordered consumer to watch it (created,
// kept and deleted). Nothing here writes ($KV.OPERATORS.> is not among them).
func directoryReadAllow() []string {
	return []string{
		"$JS.API.INFO",
		"$JS.API.STREAM.INFO." + directoryStream,
		"$JS.API.DIRECT.GET." + directoryStream + ".>",
		"$JS.API.STREAM.MSG.GET." + directoryStream,
		"$JS.API.CONSUMER.CREATE." + directoryStream,
		"$JS.API.CONSUMER.CREATE." + directoryStream + ".>",
		"$JS.API.CONSUMER.DELETE." + directoryStream + ".>",
		"$JS.API.CONSUMER.INFO." + directoryStream + ".>",
		"$JS.FC." + directoryStream + ".>",
	}
}

// ManagerPermissions are the permissions of the pit's management credentials
// ([[server.managers]]: the directory command, the pit console): read and write the operator
// directory; publish nothing a table or a board would.
func ManagerPermissions() *server.Permissions {
	return &server.Permissions{
		Publish: &server.SubjectPermission{Allow: append(directoryReadAllow(), "$KV."+DirectoryBucket+"."+DirectoryKey,
			// read the record of every version (Directories.History)
			"$JS.API.STREAM.INFO."+DirectoryLogStream, "$JS.API.STREAM.MSG.GET."+DirectoryLogStream,
			"$JS.API.DIRECT.GET."+DirectoryLogStream, "$JS.API.DIRECT.GET."+DirectoryLogStream+".>",
			// in one pass, by an ordered consumer (created, fed, kept and deleted)
			"$JS.API.CONSUMER.CREATE."+DirectoryLogStream, "$JS.API.CONSUMER.CREATE."+DirectoryLogStream+".>",
			"$JS.API.CONSUMER.MSG.NEXT."+DirectoryLogStream+".>", "$JS.API.CONSUMER.INFO."+DirectoryLogStream+".>",
			"$JS.API.CONSUMER.DELETE."+DirectoryLogStream+".>", "$JS.FC."+DirectoryLogStream+".>")},
		Subscribe: &server.SubjectPermission{Allow: []string{"_INBOX.>"}},
	}
}

// ErrNoDirectory is returned by Directories.Current when the pit has no directory yet.
var ErrNoDirectory = errors.New("the pit has no operator directory yet")

// Directories manages the operator directory in the bucket: the Go API of the pit console and
// of `pitserver directory`. Every change is made to the newest version and written only if
// nobody wrote another meanwhile (compare-and-set on the key's revision, retried).
type Directories struct {
	js    jetstream.JetStream
	kv    jetstream.KeyValue
	clock func() time.Time
}

// OpenDirectories binds to the bucket over nc (the pit's administrator or manager
// credentials; a table's cannot write). clock is time.Now when nil.
func OpenDirectories(ctx context.Context, nc *nats.Conn, clock func() time.Time) (*Directories, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("operator directory: %w", err)
	}
	kv, err := js.KeyValue(ctx, DirectoryBucket)
	if err != nil {
		return nil, fmt.Errorf("operator directory bucket %s (is the pit server running, version with the directory?): %w", DirectoryBucket, err)
	}
	if clock == nil {
		clock = time.Now
	}
	return &Directories{js: js, kv: kv, clock: clock}, nil
}

// Current is the directory in the bucket and its revision; ErrNoDirectory when there is none.
func (s *Directories) Current(ctx context.Context) (*people.Directory, uint64, error) {
	e, err := s.kv.Get(ctx, DirectoryKey)
	switch {
	case errors.Is(err, jetstream.ErrKeyNotFound):
		return nil, 0, ErrNoDirectory
	case err != nil:
		return nil, 0, fmt.Errorf("read the operator directory: %w", err)
	}
	d, err := people.Decode(e.Value())
	if err != nil {
		return nil, 0, fmt.Errorf("the operator directory in the bucket (revision %d): %w", e.Revision(), err)
	}
	return d, e.Revision(), nil
}

// change applies fn to the newest directory (nil when there is none) and writes the result
// if the key has not moved meanwhile; it tries again (a few times) when it has.
func (s *Directories) change(ctx context.Context, fn func(*people.Directory, time.Time) (*people.Directory, error)) (*people.Directory, error) {
	for try := 0; try < 5; try++ {
		cur, rev, err := s.Current(ctx)
		if err != nil && !errors.Is(err, ErrNoDirectory) {
			return nil, err
		}
		next, err := fn(cur, s.clock())
		if err != nil {
			return nil, err
		}
		b, err := next.Encode()
		if err != nil {
			return nil, err
		}
		if cur == nil {
			_, err = s.kv.Create(ctx, DirectoryKey, b)
		} else {
			_, err = s.kv.Update(ctx, DirectoryKey, b, rev)
		}
		if errors.Is(err, jetstream.ErrKeyExists) || isWrongLastSequence(err) {
			continue // someone else changed it first: apply the change to theirs
		}
		if err != nil {
			return nil, fmt.Errorf("write the operator directory: %w", err)
		}
		return next, nil
	}
	return nil, errors.New("write the operator directory: it kept changing under us; try again")
}

func isWrongLastSequence(err error) bool {
	var apiErr *jetstream.APIError
	return errors.As(err, &apiErr) && apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence
}

// Add adds a person (people.Directory.Add), by whom (the console's user, the installer).
func (s *Directories) Add(ctx context.Context, c people.Change, by string) (*people.Directory, error) {
	return s.change(ctx, func(d *people.Directory, at time.Time) (*people.Directory, error) { return d.Add(c, at, by) })
}

// Update changes a person's name, role or PIN, reactivating them (people.Directory.Update).
func (s *Directories) Update(ctx context.Context, c people.Change, by string) (*people.Directory, error) {
	return s.change(ctx, func(d *people.Directory, at time.Time) (*people.Directory, error) { return d.Update(c, at, by) })
}

// Amend renames a person or changes their role, keeping their PIN and state
// (people.Directory.Amend).
func (s *Directories) Amend(ctx context.Context, c people.Change, by string) (*people.Directory, error) {
	return s.change(ctx, func(d *people.Directory, at time.Time) (*people.Directory, error) { return d.Amend(c, at, by) })
}

// Deactivate stops a person signing in (people.Directory.Deactivate).
func (s *Directories) Deactivate(ctx context.Context, id, by string) (*people.Directory, error) {
	return s.change(ctx, func(d *people.Directory, at time.Time) (*people.Directory, error) { return d.Deactivate(id, at, by) })
}

// List is the people of the newest directory (none when there is no directory yet).
func (s *Directories) List(ctx context.Context) (*people.Directory, error) {
	d, _, err := s.Current(ctx)
	if errors.Is(err, ErrNoDirectory) {
		return &people.Directory{Schema: people.Schema}, nil
	}
	return d, err
}

// DirectoryVersion is one version of the directory in the pit's record (DirectoryLogStream)
// and what it changed against the version before.
type DirectoryVersion struct {
	Dir *people.Directory
	// Changes are what changed since version Since of the record (0: since an empty
	// directory): normally Since is Dir.Version-1 and Changes are what this version made, by
	// Dir.By. When the record lacks the versions between (a gap), Since is the one before the
	// gap and Changes are what those versions and this one made together: who made which is
	// not known, and they are not this version's alone (Gap).
	Changes []people.Delta
	Since   uint64
	// First is set on the oldest version the record holds when it is not version 1: the ones
	// before it are no longer kept, so what it changed is not known (Changes is empty).
	First bool
}

// Gap reports whether the record lacks versions between Since and this one: Changes are
// then not this version's alone.
func (v DirectoryVersion) Gap() bool { return !v.First && v.Since+1 < v.Dir.Version }

// MaxHistory bounds the versions History reads at once.
const MaxHistory = 1000

// historyInactive is how long the server keeps the History's consumer after its last use, should
// the reader go away without deleting it.
const historyInactive = 30 * time.Second

// History is the newest versions of the directory in the pit's record, newest first, at most
// limit (1 to MaxHistory), each with what it changed. It reads the record in one pass, in order
// (an ordered consumer from the first version it needs: one request to the server for the
// lot, not one per version). A version the record holds but cannot read is an error naming it:
// damage is never skipped in silence. A gap (versions the record lacks: deleted, or never
// copied) is said (DirectoryVersion.Gap), never laid at the next version's door.
func (s *Directories) History(ctx context.Context, limit int) ([]DirectoryVersion, error) {
	if limit < 1 || limit > MaxHistory {
		return nil, fmt.Errorf("operator directory record: %d versions: want 1 to %d", limit, MaxHistory)
	}
	st, err := s.js.Stream(ctx, DirectoryLogStream)
	if err != nil {
		return nil, fmt.Errorf("operator directory record %s (is the pit server's version older than the record?): %w", DirectoryLogStream, err)
	}
	info := st.CachedInfo()
	first, last := info.State.FirstSeq, info.State.LastSeq
	if info.State.Msgs == 0 {
		return nil, nil
	}
	from := first
	if last-first+1 > uint64(limit) {
		from = last - uint64(limit) // one more than shown: what the oldest shown changed
	}
	dirs, err := readRecord(ctx, st, from, last)
	if err != nil {
		return nil, err
	}
	var out []DirectoryVersion
	for i := len(dirs) - 1; i >= 0 && len(out) < limit; i-- {
		v := DirectoryVersion{Dir: dirs[i]}
		switch {
		case i > 0:
			v.Since, v.Changes = dirs[i-1].Version, people.Diff(dirs[i-1], dirs[i])
		case dirs[i].Version == 1:
			v.Changes = people.Diff(nil, dirs[i])
		default:
			v.Since, v.First = dirs[i].Version-1, true
		}
		out = append(out, v)
	}
	return out, nil
}

// readRecord reads the record's versions from stream sequence from to last, in order, in one
// pass: an ordered consumer that the server feeds in batches, stopped at the last version
// there was (or at last). Sequences the record no longer holds are passed over (a gap).
func readRecord(ctx context.Context, st jetstream.Stream, from, last uint64) ([]*people.Directory, error) {
	ctx, cancel := context.WithTimeout(ctx, historyInactive)
	defer cancel()
	cons, err := st.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{
		DeliverPolicy: jetstream.DeliverByStartSequencePolicy, OptStartSeq: from, InactiveThreshold: historyInactive,
	})
	if err != nil {
		return nil, fmt.Errorf("operator directory record %s: read: %w", DirectoryLogStream, err)
	}
	n := int(min(last-from+1, MaxHistory+1))
	it, err := cons.Messages(jetstream.PullMaxMessages(n))
	if err != nil {
		return nil, fmt.Errorf("operator directory record %s: read: %w", DirectoryLogStream, err)
	}
	defer it.Stop()
	var dirs []*people.Directory
	for {
		m, err := it.Next(jetstream.NextContext(ctx))
		if err != nil {
			return nil, fmt.Errorf("operator directory record %s: read after %d versions: %w", DirectoryLogStream, len(dirs), err)
		}
		meta, err := m.Metadata()
		if err != nil {
			return nil, fmt.Errorf("operator directory record %s: a message without its place: %w", DirectoryLogStream, err)
		}
		seq := meta.Sequence.Stream
		if seq > last {
			return dirs, nil // written since History began: the next reading shows it
		}
		d, err := people.Decode(m.Data())
		if err != nil {
			return nil, fmt.Errorf("operator directory record, message %d: %w", seq, err)
		}
		dirs = append(dirs, d)
		if seq == last || meta.NumPending == 0 {
			return dirs, nil
		}
	}
}

// WatchDirectory follows the bucket for a table until ctx ends: it connects with conn (the
// table's credentials, its inbox prefix), watches the directory key and calls got with every
// version it sees (the current one first), in order, from this goroutine. It reconnects and
// watches again after any failure, telling onErr (nil: ignored) why; the bus being down only
// delays the next version. It returns when ctx ends.
func WatchDirectory(ctx context.Context, conn ConnConfig, got func(raw []byte, revision uint64), onErr func(error)) {
	report := func(err error) {
		if onErr != nil && err != nil && ctx.Err() == nil {
			onErr(err)
		}
	}
	nc, err := Connect(conn)
	if err != nil {
		report(err)
		return
	}
	defer nc.Close()
	for ctx.Err() == nil {
		report(watchOnce(ctx, nc, got))
		select {
		case <-ctx.Done():
		case <-time.After(2 * time.Second):
		}
	}
}

// watchOnce binds to the bucket and passes on what its watcher delivers until the watcher or
// ctx ends.
func watchOnce(ctx context.Context, nc *nats.Conn, got func([]byte, uint64)) error {
	js, err := jetstream.New(nc)
	if err != nil {
		return fmt.Errorf("operator directory: %w", err)
	}
	bctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	kv, err := js.KeyValue(bctx, DirectoryBucket)
	cancel()
	if err != nil {
		return fmt.Errorf("operator directory bucket %s: %w", DirectoryBucket, err)
	}
	w, err := kv.Watch(ctx, DirectoryKey)
	if err != nil {
		return fmt.Errorf("watch the operator directory: %w", err)
	}
	defer w.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case e, ok := <-w.Updates():
			if !ok {
				return errors.New("watch the operator directory: the watcher stopped")
			}
			if e != nil && e.Operation() == jetstream.KeyValuePut {
				got(e.Value(), e.Revision())
			}
		}
	}
}
