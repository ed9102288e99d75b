package copies

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/people"
)

func version(t *testing.T, n int) *people.Directory {
	t.Helper()
	var d *people.Directory
	var err error
	for i := 1; i <= n; i++ {
		if d, err = d.Add(people.Change{ID: string(rune('0' + i)), Name: "P", Role: people.RoleDealer, PIN: "1234"}, time.Unix(0, 0), "t"); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

func TestSaveLoadKeepsTheOneBefore(t *testing.T) {
	s := Store{Path: filepath.Join(t.TempDir(), "sub", "T1.operators")}
	if l := s.Load(); l.Dir != nil || len(l.Damaged) != 0 {
		t.Fatalf("no copies: %+v", l)
	}
	for n := 1; n <= 3; n++ {
		if err := s.Save(version(t, n)); err != nil {
			t.Fatal(err)
		}
		if l := s.Load(); l.Dir == nil || l.Dir.Version != uint64(n) || l.File != s.Path || len(l.Damaged) != 0 {
			t.Fatalf("after saving version %d: %+v", n, l)
		}
	}
	prev, err := readCopy(s.Prev())
	if err != nil || prev.Version != 2 {
		t.Fatalf("the one before: %v %v", prev, err)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(s.Path), "*.tmp*"))
	if len(left) > 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

// TestDamageIsNeverSilent: every way a copy can be damaged is named, the other copy is used,
// and with both damaged there is no directory (the role PINs apply) and two reasons.
func TestDamageIsNeverSilent(t *testing.T) {
	for _, tc := range []struct {
		name string
		harm func([]byte) []byte
		want string
	}{
		{"flipped byte", func(b []byte) []byte { b[len(b)-5] ^= 1; return b }, "checksum"},
		{"cut short", func(b []byte) []byte { return b[:len(b)-10] }, "cut short"},
		{"appended", func(b []byte) []byte { return append(b, "x"...) }, "cut short or added"},
		{"empty", func([]byte) []byte { return nil }, "header"},
		{"other header", func(b []byte) []byte { return append([]byte("x"), b...) }, "header"},
		{"other schema", func(b []byte) []byte {
			return bytes.Replace(b, []byte("operators 1 "), []byte("operators 7 "), 1)
		}, "schema 7"},
		{"resealed nonsense", func([]byte) []byte {
			return []byte("coupboard-operators 1 sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a 2\n{}")
		}, "schema 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Store{Path: filepath.Join(t.TempDir(), "T1.operators")}
			for n := 1; n <= 2; n++ {
				if err := s.Save(version(t, n)); err != nil {
					t.Fatal(err)
				}
			}
			b, _ := os.ReadFile(s.Path)
			if err := os.WriteFile(s.Path, tc.harm(b), 0o600); err != nil {
				t.Fatal(err)
			}
			l := s.Load()
			if l.Dir == nil || l.Dir.Version != 1 || l.File != s.Prev() {
				t.Fatalf("the good copy before was not used: %+v", l)
			}
			if len(l.Damaged) != 1 || l.Damaged[0].File != s.Path || !strings.Contains(l.Damaged[0].Error(), tc.want) {
				t.Fatalf("damage: %v, want %q about %s", l.Damaged, tc.want, s.Path)
			}
			// Both damaged: no directory, both named.
			b, _ = os.ReadFile(s.Prev())
			os.WriteFile(s.Prev(), tc.harm(b), 0o600)
			if l := s.Load(); l.Dir != nil || len(l.Damaged) != 2 {
				t.Fatalf("both damaged: %+v", l)
			}
			// The next version from the pit replaces the damaged newest copy, which is kept
			// aside byte for byte; the damaged copy before stays.
			damaged, _ := os.ReadFile(s.Path)
			if err := s.Save(version(t, 3)); err != nil {
				t.Fatal(err)
			}
			if l := s.Load(); l.Dir == nil || l.Dir.Version != 3 || len(l.Damaged) != 1 || l.Damaged[0].File != s.Prev() {
				t.Fatalf("after saving version 3: %+v", l)
			}
			kept, _ := filepath.Glob(s.Path + ".damaged-*")
			if len(kept) != 1 {
				t.Fatalf("damaged copies kept: %v, want 1", kept)
			}
			if b, err := os.ReadFile(kept[0]); err != nil || !bytes.Equal(b, damaged) {
				t.Fatalf("the damaged copy kept as %s differs from the one that was damaged (%v)", kept[0], err)
			}
		})
	}
}

func FuzzUnseal(f *testing.F) {
	d := &people.Directory{Schema: people.Schema, Version: 1}
	b, err := Seal(d)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte("coupboard-operators 1 sha256:00 0\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := Unseal(b)
		if (d == nil) == (err == nil) {
			t.Fatalf("Unseal: %v %v", d, err)
		}
	})
}
