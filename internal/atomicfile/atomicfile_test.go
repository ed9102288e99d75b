package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestWrite: the file is replaced whole with its mode, prepare sees the new file before the
// rename, and a failure leaves the old file and no temporary file behind.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.toml")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	var seen string
	if err := Write(path, []byte("new"), 0o640, func(tmp string) error {
		b, err := os.ReadFile(tmp)
		seen = string(b)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "new" || seen != "new" {
		t.Fatalf("after Write: %q %v (prepare saw %q)", b, err, seen)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o640 {
		t.Fatalf("mode %v %v, want 0640", fi.Mode(), err)
	}
	refuse := errors.New("no")
	if err := Write(path, []byte("newer"), 0o640, func(string) error { return refuse }); !errors.Is(err, refuse) {
		t.Fatalf("Write with a failing prepare: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Fatalf("a failed Write changed the file to %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("files left: %v", ents)
	}
	if err := Write(filepath.Join(dir, "no", "such"), nil, 0o600, nil); err == nil {
		t.Fatal("Write into a missing directory succeeded")
	}
}

func TestSyncDir(t *testing.T) {
	if err := SyncDir(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	if err := SyncDir(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Fatal("SyncDir of a missing directory succeeded")
	}
}
