package health

import (
	"bytes"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/logs"
	"github.com/coupboard/coupboard/display/i18n"
)

// syncSource is the Clock of the tests: the synchronisation state (or the error) the kernel
// would give, set by the test. It tells no time: the movable time of the tests is
// internal/testclock.
type syncSource struct {
	st  ClockState
	err error
}

func (f *syncSource) State() (ClockState, error) { return f.st, f.err }

func newBoard() (*Board, *bytes.Buffer) {
	var b bytes.Buffer
	return NewBoard(logs.New(&b, true, slog.LevelInfo)), &b
}

func TestClock(t *testing.T) {
	b, log := newBoard()
	c := &syncSource{st: ClockState{Synced: false, MaxError: 16 * time.Second}}
	CheckClock(b, c)
	CheckClock(b, c) // still unsynchronised: logged once
	if got := b.Texts(); !reflect.DeepEqual(got, []string{ClockText}) {
		t.Fatalf("texts %q", got)
	}
	c.st = ClockState{Synced: true, MaxError: 3 * time.Millisecond}
	CheckClock(b, c)
	if got := b.Texts(); len(got) != 0 {
		t.Fatalf("synchronised, texts %q", got)
	}
	c.err = errors.New("adjtimex: operation not permitted")
	CheckClock(b, c)
	if got := b.Texts(); len(got) != 1 || !strings.HasPrefix(got[0], "clock state unknown") {
		t.Fatalf("texts %q", got)
	}
	want := "<4>" + ClockText + " condition=clock maxerror=16s fix=\"start a time-sync daemon"
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], want) || lines[1] != "<6>cleared: "+ClockText+" condition=clock" ||
		!strings.HasPrefix(lines[2], "<4>clock state unknown: notice times may be wrong condition=clock err=") {
		t.Errorf("log:\n%s", log)
	}
}

func TestKernelClock(t *testing.T) {
	st, err := KernelClock{}.State()
	if err != nil {
		t.Fatal(err)
	}
	if st.MaxError < 0 || st.Synced != (st.MaxError < 16*time.Second) {
		t.Errorf("state %+v", st)
	}
}

func TestBackup(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "BAC-07.backup.json")
	now := time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC)
	b, _ := newBoard()
	CheckBackup(b, path, now)
	if len(b.Texts()) != 0 {
		t.Fatalf("no status file, texts %q", b.Texts())
	}
	for _, tc := range []struct {
		st   *BackupStatus
		raw  string
		want string
	}{
		{st: &BackupStatus{Time: now.Add(-time.Hour), OK: false, Dest: "/mnt/backup", Error: "copy: write /mnt/backup/x: no space left on device"}, want: "journal backup failed "},
		{st: &BackupStatus{Time: now.Add(-50 * time.Hour), OK: true, Dest: "/mnt/backup"}, want: "no journal backup since "},
		{st: &BackupStatus{Time: now.Add(-time.Hour), OK: true, Dest: "/mnt/backup"}, want: ""},
		{raw: "{not json", want: "journal backup status unreadable"},
		{raw: `{"ok": true, "error": "` + strings.Repeat("x", 100<<10) + `"}`, want: "journal backup status unreadable"},
	} {
		if tc.st != nil {
			if err := WriteBackupStatus(path, *tc.st); err != nil {
				t.Fatal(err)
			}
		} else if err := os.WriteFile(path, []byte(tc.raw), 0o644); err != nil {
			t.Fatal(err)
		}
		CheckBackup(b, path, now)
		got := b.Texts()
		switch {
		case tc.want == "" && len(got) != 0, tc.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tc.want)):
			t.Errorf("texts %q, want %q", got, tc.want)
		}
		if tc.st != nil && !tc.st.OK && !strings.Contains(got[0], "no space left on device") {
			t.Errorf("the failure's reason is not shown: %q", got)
		}
	}
}

// TestSayDetailLogsANewDetail: a condition whose strip words stay the same is logged again
// when what lies under them changes (a shoe link's errors of no known kind, one after the
// other: the log is where their own words are kept), and not again for the same detail.
func TestSayDetailLogsANewDetail(t *testing.T) {
	b, log := newBoard()
	m := i18n.Message{Key: i18n.WarnShoeUnreadable, Args: []any{"/dev/ttyUSB0"}}
	for _, detail := range []string{"read: no such device", "read: no such device", "read: protocol error", "read: protocol error"} {
		b.SayDetail("shoe", m, detail, "err", detail)
	}
	b.Say("shoe", m)
	if n := strings.Count(log.String(), "condition=shoe"); n != 3 {
		t.Fatalf("logged %d times, want 3 (two details, then none):\n%s", n, log.String())
	}
	for _, want := range []string{"no such device", "protocol error"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the log lacks the detail %q:\n%s", want, log.String())
		}
	}
}
