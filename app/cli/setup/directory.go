package setup

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/cli/backup"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/app/people/copies"
)

// directoryTimeout bounds setup's look at the pit's operator directory.
const directoryTimeout = 10 * time.Second

// PitDirectory reads the pit's operator directory over the bus with conn (the table's
// credentials, which may read it): nil, nil when the pit has none yet.
func PitDirectory(ctx context.Context, conn bus.ConnConfig) (*people.Directory, error) {
	nc, err := bus.Connect(conn)
	if err != nil {
		return nil, err
	}
	defer nc.Close()
	dirs, err := bus.OpenDirectories(ctx, nc, nil)
	if err != nil {
		return nil, err
	}
	d, _, err := dirs.Current(ctx)
	if errors.Is(err, bus.ErrNoDirectory) {
		return nil, nil
	}
	return d, err
}

// pitDirectory asks the pit (when the table has one) for its operator directory. With one that
// names an active supervisor, people sign in with their own id and PIN and no role PINs are
// asked (o.dir is set); with none, or no answer, the role PINs are asked as before. A
// directory that names no active supervisor would leave a kiosk with no way out (with a
// directory the table signs in only its people): refused.
func (o *options) pitDirectory(cfg *config.Config, in *asker, env Env) error {
	if len(cfg.Bus.URLs) == 0 || env.PitDirectory == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), directoryTimeout)
	defer cancel()
	d, err := env.PitDirectory(ctx, backup.TableBusConn(cfg, "coupboard setup"))
	switch {
	case err != nil:
		fmt.Fprintf(in.out, "The pit's operator directory could not be read (%v): the role PINs are asked; the table takes the directory when it reaches the pit.\n", err)
		return nil
	case d == nil:
		fmt.Fprintf(in.out, "The pit has no operator directory yet: the role PINs are asked (they stop opening the operator screen once the pit sends a directory).\n")
		return nil
	case access.ActiveSupervisors(d) == 0:
		fmt.Fprintf(in.out, "The pit's operator directory (version %d) names %d people and no active supervisor.\n", d.Version, len(d.People))
		return fmt.Errorf("refused: the pit's operator directory (version %d) names no active supervisor: with a directory the table signs in only its people, "+
			"so nobody could leave kiosk mode or give a supervisor's command; add one at the pit (pitserver directory add --role supervisor) and run setup again", d.Version)
	}
	o.dir = d
	fmt.Fprintf(in.out, "The pit's operator directory (version %d): %d people, %d active supervisors. Operators sign in at this table with their own id and PIN, so no role PINs are asked. "+
		"In kiosk mode a supervisor of the directory leaves it from the operator screen (Exit kiosk) after signing in with their own id and PIN.\n",
		d.Version, len(d.People), access.ActiveSupervisors(d))
	return nil
}

// saveDirectoryCopy saves d as the table's copy of the directory (the table signs people in
// from it at its first start, before it reaches the pit), owned as the journal's directory is
// (setup runs as root; the table as its own user).
func saveDirectoryCopy(env Env, cfg *config.Config, d *people.Directory) (string, error) {
	if env.DirectoryCopy == nil {
		return "", errors.New("the table's directory copy: no path")
	}
	path, err := env.DirectoryCopy(cfg)
	if err != nil {
		return "", fmt.Errorf("the table's directory copy: %w", err)
	}
	if err := (copies.Store{Path: path}).Save(d); err != nil {
		return "", err
	}
	fi, err := os.Stat(filepath.Dir(path))
	if err != nil {
		return "", fmt.Errorf("the table's directory copy: %w", err)
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && os.Geteuid() == 0 {
		for _, f := range []string{path, copies.Store{Path: path}.Prev()} {
			if err := os.Chown(f, int(st.Uid), int(st.Gid)); err != nil && !errors.Is(err, os.ErrNotExist) {
				return "", fmt.Errorf("the table's directory copy: %w", err)
			}
		}
	}
	return path, nil
}
