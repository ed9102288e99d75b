package app

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/cli/backup"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/health"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/app/people/copies"
	"github.com/coupboard/coupboard/display/i18n"
)

// The status strip's keys of the operator directory's conditions (package health).
const (
	condDirectoryCopy = "directory"     // a copy on disk damaged or not saved
	condDirectoryPit  = "directory.pit" // what the pit sent could not be used
)

// operatorDirectory is the table's side of the pit's operator directory: it loads the
// table's own copy at start (the newest good one; a damaged one is on the status strip and in
// the log), takes each newer version the pit sends, saves it before using it, and hands it to
// the PIN guard (once the window has one) and to the pit commands' check of the person
// (Current). With no good copy and nothing from the pit, the guard checks the role PINs of
// [operator], and the table takes the pit's word for who gave a command.
type operatorDirectory struct {
	store copies.Store
	board *health.Board
	log   *slog.Logger

	mu    sync.Mutex
	cur   *people.Directory // the newest good version (nil: none)
	guard *access.Guard     // the operator screen's guard, once attached
	// changed is called after each new version is in use (the operator screen signs out a
	// person it no longer has active); nil: nobody asked.
	changed func()
}

// Current is the directory in use (nil: none, or no d: the demo).
func (d *operatorDirectory) Current() *people.Directory {
	if d == nil {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.cur
}

// use makes nd the directory in use, at the guard too, then tells whoever asked (onChange).
func (d *operatorDirectory) use(nd *people.Directory) {
	d.mu.Lock()
	d.cur = nd
	if d.guard != nil {
		d.guard.SetDirectory(nd)
	}
	changed := d.changed
	d.mu.Unlock()
	if changed != nil {
		changed()
	}
}

// onChange has fn called after each new version of the directory is in use (nil: no more);
// fn runs on the goroutine that took the version in (the watch of the pit). No d: the demo,
// nothing to follow.
func (d *operatorDirectory) onChange(fn func()) {
	if d == nil {
		return
	}
	d.mu.Lock()
	d.changed = fn
	d.mu.Unlock()
}

// attach gives g the directory in use now and every newer one.
func (d *operatorDirectory) attach(g *access.Guard) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.guard = g
	if d.cur != nil {
		g.SetDirectory(d.cur)
	}
}

// directoryCopyPath is where the table keeps its copy: operator.directory_copy, or beside the
// journal, <table id>.operators.
func directoryCopyPath(cfg *config.Config, journalPath string) string {
	if cfg.Operator.DirectoryCopy != "" {
		return cfg.Operator.DirectoryCopy
	}
	return filepath.Join(filepath.Dir(journalPath), cfg.Table.ID+".operators")
}

// directoryCopy is the directory of the table's good copy before it starts (nil: none) and
// the copy's path, for the kiosk's way out.
func directoryCopy(cfg *config.Config) (*people.Directory, string) {
	jpath := cfg.Journal.Path // as startTable finds the journal
	if jpath == "" {
		var err error
		if jpath, err = journal.DefaultPath(cfg.Table.ID); err != nil {
			return nil, ""
		}
	}
	l := copies.Store{Path: directoryCopyPath(cfg, jpath)}.Load()
	return l.Dir, l.File // the newest good one: the copy, or the one before it
}

// tableDirectoryCopy is where the configured table keeps its directory copy, found as
// coupboard setup (run as root on a kiosk) finds it to save the pit's there.
func tableDirectoryCopy(cfg *config.Config) (string, error) {
	jpath, err := backup.JournalPath(cfg)
	if err != nil {
		return "", err
	}
	return directoryCopyPath(cfg, jpath), nil
}

// newOperatorDirectory loads the table's copy.
func newOperatorDirectory(path string, board *health.Board, log *slog.Logger) *operatorDirectory {
	d := &operatorDirectory{store: copies.Store{Path: path}, board: board, log: log}
	l := d.store.Load()
	for _, dmg := range l.Damaged {
		d.log.Error(dmg.Error(), "file", dmg.File)
	}
	switch {
	case len(l.Damaged) > 0 && l.Dir != nil:
		d.board.Say(condDirectoryCopy, i18n.Message{Key: i18n.WarnDirCopyDamaged,
			Args: []any{filepath.Base(l.Damaged[0].File), l.Dir.Version, filepath.Base(l.File)}})
	case len(l.Damaged) > 0:
		d.board.Say(condDirectoryCopy, i18n.Message{Key: i18n.WarnDirCopiesDamaged})
	}
	if l.Dir != nil {
		d.use(l.Dir)
		d.log.Info(fmt.Sprintf("operator directory version %d from %s: %d people", l.Dir.Version, l.File, len(l.Dir.People)),
			"version", l.Dir.Version, "file", l.File)
	}
	return d
}

// got takes one version of the directory from the pit: a newer one is saved, then used; an
// older or the same one is not (the table keeps the newest it has); one it cannot read is on
// the status strip, and the table keeps what it has.
func (d *operatorDirectory) got(raw []byte, revision uint64) {
	nd, err := people.Decode(raw)
	if err != nil {
		d.board.Say(condDirectoryPit, i18n.Message{Key: i18n.WarnDirPitUnreadable, Args: []any{revision}}, "err", err.Error())
		return
	}
	cur := d.Current()
	switch {
	case cur != nil && nd.Version < cur.Version:
		d.board.Say(condDirectoryPit, i18n.Message{Key: i18n.WarnDirPitOlder, Args: []any{nd.Version, cur.Version}})
		return
	case cur != nil && nd.Version == cur.Version:
		d.board.Clear(condDirectoryPit)
		return
	}
	if err := d.store.Save(nd); err != nil {
		d.board.Say(condDirectoryCopy, i18n.Message{Key: i18n.WarnDirNotSaved, Args: []any{nd.Version}}, "err", err.Error())
	} else {
		d.board.Clear(condDirectoryCopy)
	}
	d.use(nd)
	d.board.Clear(condDirectoryPit)
	d.log.Info(fmt.Sprintf("operator directory version %d from the pit: %d people", nd.Version, len(nd.People)), "version", nd.Version, "by", nd.By)
}

// watch follows the pit's directory until ctx ends (a goroutine of its own: the table plays
// the same with the bus down, and signs operators in from its copy). The first failure after
// a success (or at the start) is a warning in the log, its retries every 2 s are debug lines:
// a table that stops following the pit's directory says so once, not never and not every 2 s.
func (d *operatorDirectory) watch(ctx context.Context, conn bus.ConnConfig) {
	failing := false // both callbacks run on WatchDirectory's goroutine
	got := func(raw []byte, revision uint64) {
		if failing {
			d.log.Info("operator directory: following the pit's again", "urls", conn.URLs)
			failing = false
		}
		d.got(raw, revision)
	}
	bus.WatchDirectory(ctx, conn, got, func(err error) {
		if failing {
			d.log.Debug("operator directory: "+err.Error(), "urls", conn.URLs)
			return
		}
		failing = true
		d.log.Warn("operator directory: not following the pit's (sign-in goes on from the table's copy; retrying every 2 s): "+err.Error(), "urls", conn.URLs)
	})
}

// directory is the table's copy of the pit's operator directory, loaded and, with a pit bus,
// followed from the pit on the first call (the demo has none: nil).
func (t *runningTable) directory(cfg *config.Config, demo bool) *operatorDirectory {
	if demo {
		return nil
	}
	if t.dir == nil {
		t.dir = newOperatorDirectory(directoryCopyPath(cfg, t.j.Path()), t.cond.board, t.log)
		if len(cfg.Bus.URLs) > 0 {
			go t.dir.watch(t.ctx, tableBusConn(cfg, "table "+cfg.Table.ID+" directory"))
		}
	}
	return t.dir
}

// guardFor is the PIN guard of the configuration (the demo gets fixed demo PINs), with the
// sign-in attempts journalled replayed into it (a lockout survives a restart), the table's
// copy of the pit's operator directory in it, and, with a pit bus, the directory followed
// from the pit (the demo has no directory).
func (t *runningTable) guardFor(cfg *config.Config, demo bool) (*access.Guard, error) {
	g, err := guardFor(cfg, demo, t.j)
	if err != nil || demo {
		return g, err
	}
	t.directory(cfg, demo).attach(g)
	return g, nil
}
