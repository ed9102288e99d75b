package app

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/health"
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
// the PIN guard. With no good copy and nothing from the pit, the guard checks the role PINs of
// [operator].
type operatorDirectory struct {
	store copies.Store
	guard *access.Guard
	board *health.Board
	log   *slog.Logger
}

// directoryCopyPath is where the table keeps its copy: operator.directory_copy, or beside the
// journal, <table id>.operators.
func directoryCopyPath(cfg *config.Config, journalPath string) string {
	if cfg.Operator.DirectoryCopy != "" {
		return cfg.Operator.DirectoryCopy
	}
	return filepath.Join(filepath.Dir(journalPath), cfg.Table.ID+".operators")
}

// newOperatorDirectory loads the table's copy into g.
func newOperatorDirectory(path string, g *access.Guard, board *health.Board, log *slog.Logger) *operatorDirectory {
	d := &operatorDirectory{store: copies.Store{Path: path}, guard: g, board: board, log: log}
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
		g.SetDirectory(l.Dir)
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
	cur := d.guard.Directory()
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
	d.guard.SetDirectory(nd)
	d.board.Clear(condDirectoryPit)
	d.log.Info(fmt.Sprintf("operator directory version %d from the pit: %d people", nd.Version, len(nd.People)), "version", nd.Version, "by", nd.By)
}

// watch follows the pit's directory until ctx ends (a goroutine of its own: the table plays
// the same with the bus down, and signs operators in from its copy).
func (d *operatorDirectory) watch(ctx context.Context, conn bus.ConnConfig) {
	bus.WatchDirectory(ctx, conn, d.got, func(err error) {
		d.log.Debug("operator directory: "+err.Error(), "urls", conn.URLs)
	})
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
	d := newOperatorDirectory(directoryCopyPath(cfg, t.j.Path()), g, t.cond.board, t.log)
	if len(cfg.Bus.URLs) > 0 {
		go d.watch(t.ctx, tableBusConn(cfg, "table "+cfg.Table.ID+" directory"))
	}
	return g, nil
}
