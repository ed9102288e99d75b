package console

import "context"

// Namer names a person by id. The console's Authenticator is one when it knows names (the
// people file, the pit's operator directory): the postings the console lists but did not see
// made — read back from the bus by a pit server started again, or posted with `pitserver
// post` — then name their person, and not only the id.
type Namer interface {
	// Name is the name of person id, and false when there is none to give.
	Name(ctx context.Context, id string) (string, bool)
}

// Name is the name of person id in the people file (active or not: a posting names who gave
// it), and false for an id it does not hold.
func (p *PeopleFile) Name(_ context.Context, id string) (string, bool) {
	fp, ok := p.people[id] // read-only after LoadPeople
	return fp.Name, ok
}

// Name is the name of person id in the directory's newest version (active or not), and false
// for an id it does not hold or when the directory cannot be read.
func (d *DirectoryPeople) Name(ctx context.Context, id string) (string, bool) {
	fp, ok, err := d.lookup(ctx, id)
	return fp.Name, ok && err == nil
}
