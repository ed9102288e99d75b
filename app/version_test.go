package app

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/internal/buildinfo"
)

func TestVersionFlag(t *testing.T) {
	for _, arg := range []string{"--version", "-version", "version"} {
		var out, errw bytes.Buffer
		if code := Main([]string{arg}, nil, &out, &errw); code != 0 {
			t.Fatalf("coupboard %s: exit %d (%s)", arg, code, errw.String())
		}
		s := out.String()
		// A test binary of a library package records no module dependencies, so its Fyne line
		// says "not linked"; the packaging test (deploy/deb/test.sh) checks the real binary's.
		for _, want := range []string{"coupboard ", "\ncommit  ", "\nbuilt   ", "\ngo      go", "\nfyne    "} {
			if !strings.Contains(s, want) {
				t.Errorf("coupboard %s output lacks %q:\n%s", arg, want, s)
			}
		}
	}
}

// TestJournalStart checks the start record: its payload names the build, it takes the shoe of
// the record before it, and table recovery skips it.
func TestJournalStart(t *testing.T) {
	j, err := journal.Open(filepath.Join(t.TempDir(), "T1.db"), journal.Options{Table: "T1"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	build := buildinfo.Info{Version: "0.9.0", Commit: "abc", Date: "2026-11-26T00:00:00Z", Go: "go1.26", Fyne: "v2.6.3", FynePatched: true}
	now := time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)
	if err := journalStart(j, build, now); err != nil {
		t.Fatal(err)
	}
	if _, err := j.AppendBatch(journal.Record{Time: now, Kind: journal.KindEvent, Source: journal.SourceConfig, Shoe: 4, Payload: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	if err := journalStart(j, build, now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	var starts []journal.Record
	if err := j.Scan(0, func(r journal.Record) error {
		if r.Kind == KindStart {
			starts = append(starts, r)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(starts) != 2 || starts[0].Shoe != 0 || starts[1].Shoe != 4 {
		t.Fatalf("start records %+v, want two, in shoes 0 and 4", starts)
	}
	var p StartRecord
	if err := json.Unmarshal(starts[1].Payload, &p); err != nil {
		t.Fatal(err)
	}
	want := StartRecord{Version: "0.9.0", Commit: "abc", Built: "2026-11-26T00:00:00Z", Go: "go1.26", Fyne: "v2.6.3", FynePatched: true}
	if p != want {
		t.Errorf("payload %+v, want %+v", p, want)
	}
	if v, _ := j.Verify(); !v.OK() {
		t.Errorf("audit: %v", v.Bad)
	}
}

// TestKioskNeedsASupervisorPIN checks that a kiosk configuration without a supervisor PIN hash
// is refused, naming the key, before anything starts, and that the shipped example is not one.
func TestKioskNeedsASupervisorPIN(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "kiosk.toml")
	if err := os.WriteFile(cfg, []byte("[display]\nkiosk = true\n[journal]\npath = \""+filepath.Join(dir, "j.db")+"\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"--config", cfg}, {"--config", filepath.Join("..", "deploy", "coupboard.example.toml"), "--kiosk"}} {
		var out, errw bytes.Buffer
		if code := Main(args, nil, &out, &errw); code != 1 || !strings.Contains(errw.String(), "operator.supervisor_pin_hash is empty") {
			t.Errorf("coupboard %v: exit %d, %q; want 1 and a reason naming operator.supervisor_pin_hash", args, code, errw.String())
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "j.db")); err == nil {
		t.Error("the refused kiosk opened its journal")
	}
	c, err := config.Load(filepath.Join("..", "deploy", "coupboard.example.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := kioskExit(c, false, nil, ""); err != nil {
		t.Errorf("the shipped example is a kiosk with no way out: %v", err)
	}
}
