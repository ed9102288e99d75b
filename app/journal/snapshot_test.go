package journal

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestSnapshot: a copy taken while the journal is open for writing, and one taken through a
// read-only connection (the backup's, beside the running table), are whole journals: they open
// read-write without damage or warnings, verify, and hold every record.
func TestSnapshot(t *testing.T) {
	j, path := openTemp(t, Options{Table: "T1"})
	fillShoes(t, j, 2, 5)
	want := scanAll(t, j)
	dir := t.TempDir()
	ro, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	for i, src := range []*Journal{j, ro} {
		dest := filepath.Join(dir, []string{"a.db", "b.db"}[i])
		seq, h, err := src.Snapshot(context.Background(), dest)
		if err != nil {
			t.Fatal(err)
		}
		if hs, hh := j.Head(); seq != hs || h != hh {
			t.Fatalf("snapshot head %d %x, journal %d %x", seq, h, hs, hh)
		}
		c, err := Open(dest, Options{Table: "T1"})
		if err != nil {
			t.Fatalf("open the copy: %v", err)
		}
		if s := c.Startup(); s.Damaged() || len(s.Warnings) > 0 || s.Quarantine != "" || s.CommittedSeq != seq {
			t.Errorf("the copy's startup: %+v", s)
		}
		if v, err := c.Verify(); err != nil || !v.OK() {
			t.Errorf("the copy does not verify: %v %v", v.Bad, err)
		}
		if got := scanAll(t, c); !reflect.DeepEqual(got, want) {
			t.Errorf("the copy holds %d records, the journal %d", len(got), len(want))
		}
		c.Close()
	}
	// A copy is never written over, and a failed copy leaves nothing.
	if _, _, err := j.Snapshot(context.Background(), filepath.Join(dir, "a.db")); err == nil {
		t.Error("snapshot over an existing file")
	}
	bad := filepath.Join(dir, "a.db", "c.db") // a.db is a file: no directory there
	if _, _, err := j.Snapshot(context.Background(), bad); err == nil {
		t.Error("snapshot into a file's path")
	}
	if _, err := os.Stat(bad + HeadSuffix); err == nil {
		t.Error("a failed snapshot left a head file")
	}
}
