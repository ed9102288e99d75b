// Package health keeps the conditions of the machine a table plays through that do not stop
// the play but that the pit must know of: the clock not synchronised (the notices of a limit
// change are timed by it), the shoe missing or its port wrong, the pit server unreachable, the
// last journal backup failed. Each is a line on the status strip while it lasts, and a record
// in the log when it begins and when it ends. Nothing here decides anything about the game.
package health

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/coupboard/coupboard/display/i18n"
)

// Board is the set of conditions now, each under a key ("clock", "shoe", "bus", "backup").
// It is safe for concurrent use.
type Board struct {
	log    *slog.Logger
	mu     sync.Mutex
	now    map[string]string
	words  map[string]i18n.Message // the conditions raised by Say, as catalogue messages
	detail map[string]string       // the detail a condition was last logged with (SayDetail)
}

// NewBoard is an empty board that logs every change to log.
func NewBoard(log *slog.Logger) *Board {
	return &Board{log: log, now: map[string]string{}, words: map[string]i18n.Message{}, detail: map[string]string{}}
}

// Say raises the condition key with a message of the screen's catalogue: the strip words it
// in the table's language (Status), the log in English; the log hears of it once, when it
// begins or its words change, with attrs. There is no way to raise a condition in words of one
// language (issue 23: every word on the status strip goes through the catalogue).
func (b *Board) Say(key string, m i18n.Message, attrs ...any) {
	b.SayDetail(key, m, "", attrs...)
}

// SayDetail is Say for a condition whose strip words stay the same while what lies under them
// changes (a shoe link's error of no known kind: the strip says "link error", the log keeps the
// link's own words): the log hears of it again when detail changes too, with detail in attrs.
func (b *Board) SayDetail(key string, m i18n.Message, detail string, attrs ...any) {
	text := i18n.Catalogue{}.Say(m)
	b.mu.Lock()
	old, had := b.now[key]
	oldDetail := b.detail[key]
	b.now[key], b.words[key], b.detail[key] = text, m, detail
	b.mu.Unlock()
	if !had || old != text || oldDetail != detail {
		b.log.Warn(text, append([]any{"condition", key}, attrs...)...)
	}
}

// Clear ends the condition key, if it was raised.
func (b *Board) Clear(key string) {
	b.mu.Lock()
	old, had := b.now[key]
	delete(b.now, key)
	delete(b.words, key)
	delete(b.detail, key)
	b.mu.Unlock()
	if had {
		b.log.Info("cleared: "+old, "condition", key)
	}
}

// rank is the place of a condition on the strip: the one that stops cards first.
func rank(key string) int {
	switch key {
	case "shoe":
		return 1
	case "clock":
		return 2
	case "bus":
		return 3
	case "backup":
		return 4
	}
	return 5
}

// Texts are the conditions' words: the shoe's, the clock's, the pit server's, the backup's,
// then any other in the order of its key.
func (b *Board) Texts() []string {
	texts, _ := b.Status()
	return texts
}

// Status is Texts, and the same conditions as catalogue messages for the screen to word in
// its language (view.Status.Warnings and WarningWords).
func (b *Board) Status() ([]string, []i18n.Message) {
	b.mu.Lock()
	defer b.mu.Unlock()
	keys := make([]string, 0, len(b.now))
	for k := range b.now {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		oi, oj := rank(keys[i]), rank(keys[j])
		return oi < oj || oi == oj && keys[i] < keys[j]
	})
	out := make([]string, len(keys))
	words := make([]i18n.Message, len(keys))
	for i, k := range keys {
		out[i], words[i] = b.now[k], b.words[k]
	}
	return out, words
}

// ClockState is what the kernel says of its clock's synchronisation.
type ClockState struct {
	// Synced is the kernel's view, as timedatectl's NTPSynchronized: its maximum error is
	// below 16 s (a time-sync daemon that disciplines the clock keeps it small).
	Synced   bool
	MaxError time.Duration
}

// Clock reads the clock's synchronisation state; KernelClock is the machine's, tests fake it.
type Clock interface {
	State() (ClockState, error)
}

// ClockText is the status strip's words while the clock is not synchronised.
var ClockText = i18n.Catalogue{}.T(i18n.WarnClock)

// CheckClock raises or clears the "clock" condition from c.
func CheckClock(b *Board, c Clock) {
	st, err := c.State()
	switch {
	case err != nil:
		b.Say("clock", i18n.Message{Key: i18n.WarnClockUnknown}, "err", err)
	case !st.Synced:
		b.Say("clock", i18n.Message{Key: i18n.WarnClock}, "maxerror", st.MaxError, "fix", "start a time-sync daemon (systemd-timesyncd, chrony or ntp) and check it reaches its servers: timedatectl timesync-status")
	default:
		b.Clear("clock")
	}
}

// BackupStatus is what the last journal backup of a table left in its status file
// (`coupboard backup` writes it; the table reads it).
type BackupStatus struct {
	Time  time.Time `json:"time"`            // when the backup finished or failed
	OK    bool      `json:"ok"`              // it copied the day's export
	Dest  string    `json:"dest"`            // where to
	Error string    `json:"error,omitempty"` // why not, when not OK: the whole error, for the log
	// Cause is why not in a few words, when the backup knows them ("pit bucket full"): the
	// status strip shows it rather than Error, whose start (which copy, where) would fill the
	// strip's room before the cause.
	Cause string `json:"cause,omitempty"`
}

// BackupStatusPath is where `coupboard backup` leaves the status of a table's last backup and
// the table reads it: beside the table's journal.
func BackupStatusPath(journalPath, table string) string {
	return filepath.Join(filepath.Dir(journalPath), table+".backup.json")
}

// WriteBackupStatus writes st to path (atomically: a temporary file renamed).
func WriteBackupStatus(path string, st BackupStatus) error {
	data, err := json.Marshal(st)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o640); err != nil {
		return fmt.Errorf("backup status %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("backup status %s: %w", path, err)
	}
	return nil
}

// BackupStale is how old the last good backup may be before the table says so: the timer runs
// daily, so two days is a missed run.
const BackupStale = 49 * time.Hour

// maxStatusFile bounds the status file read.
const maxStatusFile = 64 << 10

// CheckBackup raises or clears the "backup" condition from the status file at path: none is
// no condition (backups are not configured); a failed or stale backup is.
func CheckBackup(b *Board, path string, now time.Time) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		b.Clear("backup")
		return
	}
	if err != nil {
		b.Say("backup", i18n.Message{Key: i18n.WarnBackupUnreadable}, "file", path, "err", err)
		return
	}
	defer f.Close()
	var st BackupStatus
	if err := json.NewDecoder(&limited{f, maxStatusFile}).Decode(&st); err != nil {
		b.Say("backup", i18n.Message{Key: i18n.WarnBackupUnreadable}, "file", path, "err", err)
		return
	}
	switch {
	case !st.OK:
		why := st.Error
		if st.Cause != "" {
			why = st.Cause
		}
		b.Say("backup", i18n.Message{Key: i18n.WarnBackupFailed, Args: []any{st.Time.Local().Format("Jan 2 15:04"), why}}, "dest", st.Dest, "err", st.Error)
	case now.Sub(st.Time) > BackupStale:
		b.Say("backup", i18n.Message{Key: i18n.WarnBackupStale, Args: []any{st.Time.Local().Format("Jan 2 15:04")}}, "dest", st.Dest)
	default:
		b.Clear("backup")
	}
}

// limited reads at most n bytes, then fails (a status file is small).
type limited struct {
	f *os.File
	n int64
}

func (l *limited) Read(p []byte) (int, error) {
	if l.n <= 0 {
		return 0, errors.New("status file too large")
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.f.Read(p)
	l.n -= int64(n)
	return n, err
}
