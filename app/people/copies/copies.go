// Package copies keeps a table's own copies of the operator directory on disk, so that
// operators sign in while the pit bus is down: the newest copy and the one before it, each
// written atomically (a temporary file synced, then renamed, then the directory synced) and
// checksummed. A damaged copy is never used and never silent: Load says which file is damaged
// and why, and falls back to the other copy.
package copies

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/internal/atomicfile"
)

// magic starts every copy: "coupboard-operators <schema> sha256:<hex> <length>\n", then the
// encoded directory (people.Encode) of that length.
const magic = "coupboard-operators"

// Store is the pair of copies at Path (the newest) and Path+".prev" (the one before).
type Store struct {
	Path string
}

// Prev is the path of the copy before the newest.
func (s Store) Prev() string { return s.Path + ".prev" }

// Damage is a copy that exists but cannot be used: the file and why.
type Damage struct {
	File string
	Err  error
}

func (d Damage) Error() string {
	return fmt.Sprintf("operator directory copy %s is damaged: %v", d.File, d.Err)
}

// Loaded is what Load found: the newest good copy (nil when there is none), the file it came
// from, and every copy that was damaged.
type Loaded struct {
	Dir     *people.Directory
	File    string
	Damaged []Damage
}

// Load reads both copies and returns the good one with the higher version. A missing file is
// not damage (a table that never had a directory has none); anything else that stops a copy
// from being read is in Damaged.
func (s Store) Load() Loaded {
	var l Loaded
	for _, f := range []string{s.Path, s.Prev()} {
		d, err := readCopy(f)
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			l.Damaged = append(l.Damaged, Damage{File: f, Err: err})
		case l.Dir == nil || d.Version > l.Dir.Version:
			l.Dir, l.File = d, f
		}
	}
	return l
}

// maxFile bounds what readCopy reads: the header and the largest directory.
const maxFile = people.MaxSize + 256

func readCopy(path string) (*people.Directory, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxFile+1))
	if err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	if len(b) > maxFile {
		return nil, fmt.Errorf("larger than %d bytes", maxFile)
	}
	return Unseal(b)
}

// Seal is a copy's bytes: the header with the checksum and length, then the directory.
func Seal(d *people.Directory) ([]byte, error) {
	body, err := d.Encode()
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	head := fmt.Sprintf("%s %d sha256:%s %d\n", magic, people.Schema, hex.EncodeToString(sum[:]), len(body))
	return append([]byte(head), body...), nil
}

// Unseal checks a copy's header, length and checksum and decodes the directory, saying what
// is wrong.
func Unseal(b []byte) (*people.Directory, error) {
	nl := bytes.IndexByte(b, '\n')
	if nl < 0 || nl > 200 {
		return nil, errors.New("no header line")
	}
	f := strings.Fields(string(b[:nl]))
	if len(f) != 4 || f[0] != magic || !strings.HasPrefix(f[2], "sha256:") {
		return nil, fmt.Errorf("header %.80q: want %q <schema> sha256:<hex> <length>", b[:nl], magic)
	}
	if f[1] != strconv.Itoa(people.Schema) {
		return nil, fmt.Errorf("schema %s, want %d", f[1], people.Schema)
	}
	n, err := strconv.Atoi(f[3])
	body := b[nl+1:]
	if err != nil || n != len(body) {
		return nil, fmt.Errorf("length: the header says %s bytes, the file holds %d (cut short or added to)", f[3], len(body))
	}
	want, err := hex.DecodeString(strings.TrimPrefix(f[2], "sha256:"))
	sum := sha256.Sum256(body)
	if err != nil || !bytes.Equal(want, sum[:]) {
		return nil, errors.New("checksum mismatch (the file changed after it was written)")
	}
	return people.Decode(body)
}

// Save writes d as the newest copy, the previous newest (when it is good) becoming the copy
// before it. The write is atomic: a crash leaves either the old or the new copy, never half
// of one. A damaged newest copy is never overwritten: it is moved aside, as
// Path+".damaged-<random>", for whoever looks into the damage, and the
// copy before stays as it is.
func (s Store) Save(d *people.Directory) error {
	b, err := Seal(d)
	if err != nil {
		return fmt.Errorf("save operator directory copy: %w", err)
	}
	dir := filepath.Dir(s.Path)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return fmt.Errorf("save operator directory copy: %w", err)
	}
	switch _, err := readCopy(s.Path); {
	case err == nil:
		if err := os.Rename(s.Path, s.Prev()); err != nil {
			return fmt.Errorf("save operator directory copy: keep the previous one: %w", err)
		}
	case !errors.Is(err, os.ErrNotExist):
		if err := s.keepDamaged(); err != nil {
			return fmt.Errorf("save operator directory copy: keep the damaged one: %w", err)
		}
	}
	if err := atomicfile.Write(s.Path, b, 0o600, nil); err != nil {
		return fmt.Errorf("save operator directory copy: %w", err)
	}
	return nil
}

// keepDamaged moves the damaged newest copy to a new name of its own beside it.
func (s Store) keepDamaged() error {
	f, err := os.CreateTemp(filepath.Dir(s.Path), filepath.Base(s.Path)+".damaged-*")
	if err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(s.Path, f.Name())
}
