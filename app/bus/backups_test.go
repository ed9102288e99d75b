package bus_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/internal/bustest"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

func connect(t *testing.T, c bus.ConnConfig) *nats.Conn {
	t.Helper()
	nc, err := bus.Connect(c)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

func openBackups(t *testing.T, ctx context.Context, nc *nats.Conn, id string) *bus.Backups {
	t.Helper()
	b, err := bus.OpenBackups(ctx, nc, id)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readObject(t *testing.T, ctx context.Context, b *bus.Backups, name string) []byte {
	t.Helper()
	r, err := b.Get(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("read %s: %v", name, err)
	}
	return data
}

func TestBackupBucketsKeepEachTableToItsOwn(t *testing.T) {
	_, conns := bustest.StartWithBackups(t, 0, "BAC-01", "BAC-02")
	aConn, bConn := conns["BAC-01"], conns["BAC-02"]
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	ncA, ncB := connect(t, aConn), connect(t, bConn)

	// Each table puts, lists and reads back its own objects with its own credentials.
	aBackups, bBackups := openBackups(t, ctx, ncA, "BAC-01"), openBackups(t, ctx, ncB, "BAC-02")
	bData := bytes.Repeat([]byte("table B's journal "), 20000) // several chunks
	if _, err := bBackups.Put(ctx, "BAC-02-2026-11-25.db", map[string]string{"records": "12"}, bytes.NewReader(bData)); err != nil {
		t.Fatal(err)
	}
	if _, err := aBackups.Put(ctx, "BAC-01-2026-11-25.db", nil, strings.NewReader("table A's journal")); err != nil {
		t.Fatal(err)
	}
	// A second put of the same name replaces it (its old chunks purged by the table itself).
	if _, err := aBackups.Put(ctx, "BAC-01-2026-11-25.db", nil, strings.NewReader("table A's journal, again")); err != nil {
		t.Fatal(err)
	}
	if got := readObject(t, ctx, aBackups, "BAC-01-2026-11-25.db"); string(got) != "table A's journal, again" {
		t.Fatalf("A read back %q", got)
	}
	list, err := aBackups.List(ctx)
	if err != nil || len(list) != 1 || list[0].Name != "BAC-01-2026-11-25.db" {
		t.Fatalf("A's list: %v %v", list, err)
	}

	// Table A's credentials cannot open, write, overwrite, purge or read table B's bucket.
	short := func() (context.Context, context.CancelFunc) { return context.WithTimeout(ctx, 2*time.Second) }
	sctx, scancel := short()
	if _, err := bus.OpenBackups(sctx, ncA, "BAC-02"); err == nil {
		t.Fatal("table A opened table B's backup bucket")
	}
	scancel()
	jsA, err := jetstream.New(ncA)
	if err != nil {
		t.Fatal(err)
	}
	metaB := "$O." + bus.BackupBucket("BAC-02") + ".M." + base64.URLEncoding.EncodeToString([]byte("BAC-02-2026-11-25.db"))
	forged := []struct {
		what, subject string
		data          []byte
	}{
		{"a chunk in B's bucket", "$O." + bus.BackupBucket("BAC-02") + ".C.forgedchunk", []byte("forged")},
		{"B's object's description", metaB, []byte(`{"name":"BAC-02-2026-11-25.db","bucket":"BACKUP_BAC-02","nuid":"forgedchunk","size":6,"chunks":1}`)},
		{"a purge of B's bucket", "$JS.API.STREAM.PURGE.OBJ_" + bus.BackupBucket("BAC-02"), []byte(`{}`)},
	}
	for _, f := range forged {
		sctx, scancel := short()
		if strings.HasPrefix(f.subject, "$JS.API.") {
			_, err = ncA.RequestWithContext(sctx, f.subject, f.data)
		} else {
			_, err = jsA.Publish(sctx, f.subject, f.data)
		}
		scancel()
		if err == nil {
			t.Errorf("table A's credentials wrote %s", f.what)
		}
	}
	sctx, scancel = short()
	if _, err := bus.OpenBackups(sctx, ncA, "BAC-01"); err != nil { // A's own still works after the violations
		t.Fatal(err)
	}
	scancel()
	// B's backup is whole, its digest checked on the way back.
	if got := readObject(t, ctx, bBackups, "BAC-02-2026-11-25.db"); !bytes.Equal(got, bData) {
		t.Fatalf("B's backup changed: %d bytes, want %d", len(got), len(bData))
	}
	info, err := bBackups.Info(ctx, "BAC-02-2026-11-25.db")
	if err != nil || info.Metadata["records"] != "12" {
		t.Fatalf("B's backup's description: %+v %v", info, err)
	}
}

func TestBackupBucketFullAndMissing(t *testing.T) {
	srv, conns := bustest.StartWithBackups(t, 64<<10, "BAC-01")
	aConn := conns["BAC-01"]
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a := openBackups(t, ctx, connect(t, aConn), "BAC-01")
	_, err := a.Put(ctx, "BAC-01-2026-11-25.db", nil, bytes.NewReader(make([]byte, 100<<10)))
	if !errors.Is(err, bus.ErrBackupBucketFull) || !strings.Contains(err.Error(), "max_mib") {
		t.Fatalf("a put larger than the bucket: %v, want %v naming [backups] max_mib", err, bus.ErrBackupBucketFull)
	}
	if list, err := a.List(ctx); err != nil || len(list) != 0 {
		t.Fatalf("after a refused put the bucket lists %v (%v)", list, err)
	}

	// A table the pit server made no bucket for is told so.
	admin, err := srv.AdminConn()
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := bus.OpenBackups(ctx, admin, "BAC-99"); !errors.Is(err, bus.ErrNoBackupBucket) {
		t.Fatalf("no bucket: %v, want %v", err, bus.ErrNoBackupBucket)
	}
}
