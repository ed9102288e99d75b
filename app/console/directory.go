package console

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/app/pitcmd"
)

// DirectoryPeople is an Authenticator over the pit's operator directory (app/people, kept in
// the pit bus's OPERATORS bucket): the same people, ids and PINs the tables sign in, read at
// every sign-in so that a person deactivated at the pit is refused at once; with the lockout
// per id of PeopleFile.
type DirectoryPeople struct {
	dirs *bus.Directories
	*guard
}

// NewDirectoryPeople signs people in from dirs.
func NewDirectoryPeople(dirs *bus.Directories, lockout Lockout, now func() time.Time) (*DirectoryPeople, error) {
	g, err := newGuard(lockout, now)
	if err != nil {
		return nil, fmt.Errorf("operator directory sign-in: %w", err)
	}
	return &DirectoryPeople{dirs: dirs, guard: g}, nil
}

// lookup is the person id in the directory's newest version (none when the pit has none yet).
func (d *DirectoryPeople) lookup(ctx context.Context, id string) (filePerson, bool, error) {
	dir, _, err := d.dirs.Current(ctx)
	switch {
	case errors.Is(err, bus.ErrNoDirectory):
		return filePerson{}, false, nil
	case err != nil:
		return filePerson{}, false, fmt.Errorf("sign-in: %w", err)
	}
	p, ok := dir.Lookup(id)
	if !ok {
		return filePerson{}, false, nil
	}
	active := p.Active
	return filePerson{ID: p.ID, Name: p.Name, Role: Role(p.Role), PINHash: p.PINHash, Active: &active}, true, nil
}

// Authenticate checks id and PIN against the directory (see Authenticator).
func (d *DirectoryPeople) Authenticate(ctx context.Context, id, pin string) (Person, error) {
	return d.check(ctx, id, pin, func(id string) (filePerson, bool, error) { return d.lookup(ctx, id) })
}

// Check says whether id may give pit commands: an active supervisor of the directory
// (pitcmd.People).
func (d *DirectoryPeople) Check(ctx context.Context, id string) error {
	fp, ok, err := d.lookup(ctx, id)
	switch {
	case err != nil:
		return err
	case !ok:
		return fmt.Errorf("%w %q: not in the operator directory", pitcmd.ErrUnknownPerson, id)
	case !*fp.Active:
		return fmt.Errorf("%w %q: not active", pitcmd.ErrUnknownPerson, id)
	case fp.Role != people.RoleSupervisor:
		return fmt.Errorf("%w %q: a %s may not post changes", pitcmd.ErrUnknownPerson, id, fp.Role)
	}
	return nil
}
