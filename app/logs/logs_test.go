package logs

import (
	"bytes"
	"errors"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestLines(t *testing.T) {
	for _, tc := range []struct {
		journal bool
		log     func(*slog.Logger)
		want    string
	}{
		{true, func(l *slog.Logger) { l.Info("table started", "table", "BAC-07", "coups", 3) }, "<6>table started table=BAC-07 coups=3\n"},
		{true, func(l *slog.Logger) { l.Warn("clock not synchronised", "maxerror", 16*time.Second) }, "<4>clock not synchronised maxerror=16s\n"},
		{true, func(l *slog.Logger) {
			l.Error("backup failed", "err", errors.New(`write /b/x: no space left on device`))
		}, "<3>backup failed err=\"write /b/x: no space left on device\"\n"},
		{true, func(l *slog.Logger) { l.Debug("frame") }, ""},
		{true, func(l *slog.Logger) {
			l.With("table", "T1").WithGroup("bus").Info("two\nlines", "url", "", "k=v", "a\"b")
		}, "<6>two / lines table=T1 bus.url=\"\" \"bus.k=v\"=\"a\\\"b\"\n"},
		{true, func(l *slog.Logger) { l.Info("g", slog.Group("shoe", "port", "/dev/ttyUSB0", "state", "offline")) }, "<6>g shoe.port=/dev/ttyUSB0 shoe.state=offline\n"},
		{false, func(l *slog.Logger) { l.Info("journal j.db: 3 inputs replayed") }, "coupboard: journal j.db: 3 inputs replayed\n"},
		{false, func(l *slog.Logger) { l.Warn("pit server unreachable", "url", "nats://pit:4222") }, "coupboard: warning: pit server unreachable url=nats://pit:4222\n"},
		{false, func(l *slog.Logger) { l.Error("x") }, "coupboard: ERROR: x\n"},
	} {
		var b bytes.Buffer
		tc.log(New(&b, tc.journal, slog.LevelInfo))
		if b.String() != tc.want {
			t.Errorf("got %q, want %q", b.String(), tc.want)
		}
	}
}

// Records from many goroutines are whole lines.
func TestConcurrentLines(t *testing.T) {
	var b bytes.Buffer
	l := New(&b, true, slog.LevelInfo)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 100; j++ {
				l.Info("a line of some length", "i", i, "j", j)
			}
		}()
	}
	wg.Wait()
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 800 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, ln := range lines {
		if !strings.HasPrefix(ln, "<6>a line of some length i=") {
			t.Fatalf("torn line %q", ln)
		}
	}
}

func TestJournalStream(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	if journalStream(os.Stderr, env(nil)) {
		t.Error("journal with no environment")
	}
	if !journalStream(os.Stderr, env(map[string]string{"COUPBOARD_LOG": "journal"})) {
		t.Error("COUPBOARD_LOG=journal ignored")
	}
	if journalStream(os.Stderr, env(map[string]string{"JOURNAL_STREAM": "1:2"})) {
		t.Error("a JOURNAL_STREAM that is not standard error's was taken")
	}
	own, ok := statDevIno(os.Stderr)
	if !ok {
		t.Skip("standard error cannot be stat'ed")
	}
	if !journalStream(os.Stderr, env(map[string]string{"JOURNAL_STREAM": own})) {
		t.Errorf("JOURNAL_STREAM=%s (standard error's) not taken", own)
	}
}
