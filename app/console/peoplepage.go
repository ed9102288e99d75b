package console

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/display/i18n"
)

// Directory is the pit's operator directory as the People page manages it: *bus.Directories,
// the very code `pitserver directory` changes it with, so that a change made here is checked,
// versioned, delivered to the tables and recorded (bus.DirectoryLogStream) exactly as one made
// there.
type Directory interface {
	List(ctx context.Context) (*people.Directory, error)
	History(ctx context.Context, limit int) ([]bus.DirectoryVersion, error)
	Add(ctx context.Context, c people.Change, by string) (*people.Directory, error)
	Update(ctx context.Context, c people.Change, by string) (*people.Directory, error)
	Amend(ctx context.Context, c people.Change, by string) (*people.Directory, error)
	Deactivate(ctx context.Context, id, by string) (*people.Directory, error)
}

// The People page: who may manage the directory. A casino does not let every supervisor
// create sign-ins: the pit manager (or shift manager) does. The pit server's installer names
// them (console.managers, operator ids); each must also be signed in as an active supervisor of
// the directory (or people file) at the time. Dealers never manage people; a manager may not
// deactivate their own id (nor lock the pit out of its last manager by mistake).

// historyShown is how many versions of the record the People page reads: the latest changes
// it lists and each person's last change within them.
const historyShown = 200

// changesListed is how many of the latest versions the page lists under "Latest changes".
const changesListed = 20

// checkManagers refuses a console.managers that cannot work, naming the key.
func (cfg Config) checkManagers(dir Directory) error {
	for i, id := range cfg.Managers {
		if err := people.CheckID(id); err != nil {
			return fmt.Errorf("console.managers[%d]: %w", i, err)
		}
	}
	if len(cfg.Managers) > 0 && dir == nil {
		return errors.New("console.managers: the People page needs the pit's operator directory, which this console is not given")
	}
	return nil
}

// mayManage reports whether p may change the operator directory on the People page.
func (c *Console) mayManage(p Person) bool {
	return c.opt.Directory != nil && p.Role == RoleSupervisor && slices.Contains(c.opt.Config.Managers, p.ID)
}

// byOf is how a change made by p at the console is signed in the directory (Directory.By):
// the person's id and name, at most people.MaxNameLen bytes.
func byOf(p Person) string {
	s := p.ID + " " + p.Name + " (pit console)"
	for len(s) > people.MaxNameLen {
		_, n := utf8.DecodeLastRuneInString(s[:len(s)-len(" (pit console)")])
		s = s[:len(s)-len(" (pit console)")-n] + " (pit console)"
	}
	return s
}

// peopleData is the People page's data.
type peopleData struct {
	*pageData
	DirLine  string // the directory's version, when and by whom, in words
	Empty    bool
	Rows     []personRow
	Changes  []string // the latest changes, newest first, in words
	Add      addForm  // the add form's values, kept when the page is shown again
	PINID    string   // the reset form's id
	RoleOpts []roleOption
	// Amend is the rename-or-role form's values, kept when the page is shown again; AmendRoles
	// its role choices (keep, dealer, supervisor).
	Amend      addForm
	AmendRoles []roleOption
}

type personRow struct {
	ID, Name, Role, State, Last string
	Active, Self                bool
}

type addForm struct{ ID, Name, Role string }

type roleOption struct {
	Value   string
	Label   i18n.Key
	Checked bool
}

// fillPeople completes d with the directory and its record, in words. A directory or record
// that cannot be read is the page's message; the forms are still shown.
func (c *Console) fillPeople(ctx context.Context, d *peopleData) {
	w := d.W
	for _, r := range []struct {
		v string
		k i18n.Key
	}{{people.RoleDealer, i18n.ConDealer}, {people.RoleSupervisor, i18n.ConSupervisor}} {
		d.RoleOpts = append(d.RoleOpts, roleOption{Value: r.v, Label: r.k, Checked: d.Add.Role == r.v})
	}
	for _, r := range []struct {
		v string
		k i18n.Key
	}{{"", i18n.ConRoleKeep}, {people.RoleDealer, i18n.ConDealer}, {people.RoleSupervisor, i18n.ConSupervisor}} {
		d.AmendRoles = append(d.AmendRoles, roleOption{Value: r.v, Label: r.k, Checked: d.Amend.Role == r.v})
	}
	ctx, cancel := context.WithTimeout(ctx, posterTimeout)
	defer cancel()
	dir, err := c.opt.Directory.List(ctx)
	if err != nil {
		d.Message, d.Error = w.T(i18n.ConErrDirectory, err.Error()), true
		return
	}
	if d.Empty = dir.Version == 0; !d.Empty {
		d.DirLine = w.T(i18n.ConDirVersion, dir.Version, dir.Updated.In(c.loc).Format("2006-01-02 15:04"), dir.By)
	}
	hist, err := c.opt.Directory.History(ctx, historyShown)
	if err != nil && d.Message == "" {
		d.Message, d.Error = w.T(i18n.ConErrDirectory, err.Error()), true
	}
	last := map[string]string{}
	oldest := uint64(0)
	complete := false
	for i, v := range hist {
		when := v.Dir.Updated.In(c.loc).Format("2006-01-02 15:04")
		// line is what this version (or, across a gap in the record, the versions since the
		// one before it) changed, attributed to who made it: across a gap, nobody.
		line := func(what string) string {
			if v.Gap() {
				return w.T(i18n.ConChangeGap, v.Since+1, v.Dir.Version, when, what)
			}
			return w.T(i18n.ConChangeLine, v.Dir.Version, when, v.Dir.By, what)
		}
		var said []string
		for _, ch := range v.Changes {
			if _, ok := last[ch.ID]; !ok {
				last[ch.ID] = line(whatWords(w, ch.What))
			}
			said = append(said, ch.ID+" ("+ch.Name+"): "+whatWords(w, ch.What))
		}
		if v.First {
			said = append(said, w.T(i18n.ConRecordStarts, v.Dir.Version))
		}
		if i < changesListed && len(said) > 0 {
			d.Changes = append(d.Changes, line(strings.Join(said, "; ")))
		}
		oldest, complete = v.Dir.Version, v.Dir.Version == 1
	}
	for _, p := range dir.People {
		row := personRow{ID: p.ID, Name: p.Name, Role: roleWord(w, p.Role), Active: p.Active, Self: d.Who.ID == p.ID, Last: last[p.ID]}
		row.State = w.T(i18n.ConInactive)
		if p.Active {
			row.State = w.T(i18n.ConActive)
		}
		if row.Last == "" && oldest > 0 && !complete {
			row.Last = w.T(i18n.ConChangeOlder, oldest)
		}
		d.Rows = append(d.Rows, row)
	}
}

func roleWord(w i18n.Catalogue, role string) string {
	if role == people.RoleSupervisor {
		return w.T(i18n.ConSupervisor)
	}
	return w.T(i18n.ConDealer)
}

// whatWords is what a version changed for one person, in words.
func whatWords(w i18n.Catalogue, what []string) string {
	keys := map[string]i18n.Key{
		people.Added: i18n.ConWhatAdded, people.Deactivated: i18n.ConWhatDeactivated, people.Reactivated: i18n.ConWhatReactivated,
		people.PINReset: i18n.ConWhatPIN, people.Renamed: i18n.ConWhatRenamed, people.RoleChanged: i18n.ConWhatRole, people.Removed: i18n.ConWhatRemoved,
	}
	out := make([]string, 0, len(what))
	for _, s := range what {
		if k, ok := keys[s]; ok {
			out = append(out, w.T(k))
		} else {
			out = append(out, s)
		}
	}
	return strings.Join(out, ", ")
}

// amendPerson renames the person form f names or changes their role (the "amend" action), by
// manager by, against the directory cur: what was done in words, or the status and why not.
// A manager may not change their own role (a supervisor raising or lowering themselves): another
// manager does it. The person's console sessions end, so that they sign in again as what they
// now are; the tables take the new role with the next delivery of the directory.
func (c *Console) amendPerson(ctx context.Context, f url.Values, cur *people.Directory, by Person, w i18n.Catalogue) (string, int, error) {
	bad := func(field, key i18n.Key, args ...any) (string, int, error) {
		return "", http.StatusBadRequest, &fieldError{Field: field, Key: key, Args: args}
	}
	id := strings.TrimSpace(f.Get("id"))
	name, role := strings.TrimSpace(f.Get("name")), f.Get("role")
	p, known := cur.Lookup(id)
	switch {
	case !known:
		return bad(i18n.ConID, i18n.ConErrIDUnknown, id)
	case name != "" && people.CheckName(name) != nil:
		return bad(i18n.ConNameKeep, i18n.ConErrNameRule, people.MaxNameLen)
	case role != "" && people.CheckRole(role) != nil:
		return bad(i18n.ConRole, i18n.ConErrRoleRule)
	case id == by.ID && role != "" && role != p.Role:
		return bad(i18n.ConRole, i18n.ConErrSelfRole)
	case (name == "" || name == p.Name) && (role == "" || role == p.Role):
		return bad(i18n.ConAmendPerson, i18n.ConErrNoChange, id)
	}
	next, err := c.opt.Directory.Amend(ctx, people.Change{ID: id, Name: name, Role: role}, byOf(by))
	if err != nil {
		return "", http.StatusConflict, err
	}
	now, _ := next.Lookup(id)
	var what []string
	for _, d := range people.Diff(&people.Directory{People: []people.Person{p}}, &people.Directory{People: []people.Person{now}}) {
		what = d.What
	}
	if n := c.sessions.endPerson(id); n > 0 {
		c.log("%s (%s): %d console session(s) of operator %s ended: renamed or role changed", by.ID, by.Name, n, id)
	}
	c.log("%s (%s) at the People page: operator %s (%s, %s) %s, now %s, %s: operator directory version %d",
		by.ID, by.Name, p.ID, p.Name, p.Role, whatWords(i18n.Catalogue{}, what), now.Name, now.Role, next.Version)
	return w.T(i18n.ConPersonDone, now.ID, now.Name, whatWords(w, what), next.Version), 0, nil
}

// peoplePage is the People page, for a pit manager.
func (c *Console) peoplePage(w http.ResponseWriter, r *http.Request) {
	ss, ok := c.session(r)
	if !ok {
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	if !c.mayManage(ss.person) {
		c.fail(w, r, http.StatusForbidden, i18n.ConErrManager)
		return
	}
	d := &peopleData{pageData: c.data(w, r, ss), Add: addForm{Role: people.RoleDealer}}
	c.fillPeople(r.Context(), d)
	c.render(w, "people", http.StatusOK, d)
}

// peopleForm is a change of the directory from the People page: add, deactivate, reactivate,
// a new PIN, or a new name or role. Done, the page is shown again with what was done; refused, with the field and
// why, the form's values kept (never a PIN).
func (c *Console) peopleForm(w http.ResponseWriter, r *http.Request) {
	ss, ok := c.posted(w, r)
	if !ok {
		return
	}
	if !c.mayManage(ss.person) {
		c.log("%s (%s): a change of the operator directory refused: not a pit manager", ss.person.ID, ss.person.Name)
		c.fail(w, r, http.StatusForbidden, i18n.ConErrManager)
		return
	}
	f := r.PostForm
	d := &peopleData{pageData: c.data(w, r, ss)}
	if f.Get("action") == "add" {
		d.Add = addForm{ID: f.Get("id"), Name: f.Get("name"), Role: f.Get("role")}
	} else {
		d.Add.Role = people.RoleDealer
	}
	switch f.Get("action") {
	case "pin":
		d.PINID = f.Get("id")
	case "amend":
		d.Amend = addForm{ID: f.Get("id"), Name: f.Get("name"), Role: f.Get("role")}
	}
	msg, status, err := c.changePerson(r.Context(), f, ss.person, d.W)
	if err == nil {
		c.sessions.update(ss, func(s *session) { s.flash = msg })
		http.Redirect(w, r, "/people", http.StatusSeeOther)
		return
	}
	c.log("%s (%s): %s of operator %.40q refused: %v", ss.person.ID, ss.person.Name, truncate(f.Get("action"), 20), f.Get("id"), err)
	var fe *fieldError
	if errors.As(err, &fe) {
		d.Message = c.fieldMessage(d.W, err)
	} else {
		d.Message = d.W.T(i18n.ConErrDirectory, err.Error())
	}
	d.Error = true
	c.fillPeople(r.Context(), d)
	c.render(w, "people", status, d)
}

// changePerson makes the change form f asks for, by manager by: what was done in words, or
// the status and why not (a *fieldError naming the field for bad input).
func (c *Console) changePerson(ctx context.Context, f url.Values, by Person, w i18n.Catalogue) (string, int, error) {
	ctx, cancel := context.WithTimeout(ctx, posterTimeout)
	defer cancel()
	bad := func(field, key i18n.Key, args ...any) (string, int, error) {
		return "", http.StatusBadRequest, &fieldError{Field: field, Key: key, Args: args}
	}
	action := f.Get("action")
	id := strings.TrimSpace(f.Get("id"))
	switch action {
	case "add", "deactivate", "reactivate", "pin", "amend":
	default:
		return bad(i18n.ConActions, i18n.ConErrPeopleAction)
	}
	if people.CheckID(id) != nil {
		return bad(i18n.ConID, i18n.ConErrIDRule, people.MaxIDLen)
	}
	pin := func(field i18n.Key) (string, error) {
		p := f.Get("pin")
		if people.CheckPIN(p) != nil {
			return "", &fieldError{Field: field, Key: i18n.ConErrPINRule}
		}
		if f.Get("pin2") != p {
			return "", &fieldError{Field: i18n.ConPINAgain, Key: i18n.ConErrPINDiffer}
		}
		return p, nil
	}
	cur, err := c.opt.Directory.List(ctx)
	if err != nil {
		return "", http.StatusServiceUnavailable, err
	}
	p, known := cur.Lookup(id)
	var next *people.Directory
	var what i18n.Key
	switch action {
	case "add":
		name, role := strings.TrimSpace(f.Get("name")), f.Get("role")
		if people.CheckName(name) != nil {
			return bad(i18n.ConName, i18n.ConErrNameRule, people.MaxNameLen)
		}
		if people.CheckRole(role) != nil {
			return bad(i18n.ConRole, i18n.ConErrRoleRule)
		}
		pin, err := pin(i18n.ConNewPIN)
		if err != nil {
			return "", http.StatusBadRequest, err
		}
		if known {
			return bad(i18n.ConID, i18n.ConErrIDTaken, id)
		}
		next, err = c.opt.Directory.Add(ctx, people.Change{ID: id, Name: name, Role: role, PIN: pin}, byOf(by))
		p, what = people.Person{ID: id, Name: name, Role: role}, i18n.ConWhatAdded
		if err != nil {
			return "", http.StatusConflict, err
		}
	case "deactivate":
		switch {
		case !known:
			return bad(i18n.ConID, i18n.ConErrIDUnknown, id)
		case !p.Active:
			return bad(i18n.ConID, i18n.ConErrAlreadyOff, id)
		case id == by.ID:
			return bad(i18n.ConID, i18n.ConErrSelf)
		}
		next, err = c.opt.Directory.Deactivate(ctx, id, byOf(by))
		what = i18n.ConWhatDeactivated
		if err == nil {
			if n := c.sessions.endPerson(id); n > 0 {
				c.log("%s (%s): %d console session(s) of operator %s ended: deactivated", by.ID, by.Name, n, id)
			}
		}
	case "reactivate":
		switch {
		case !known:
			return bad(i18n.ConID, i18n.ConErrIDUnknown, id)
		case p.Active:
			return bad(i18n.ConID, i18n.ConErrAlreadyOn, id)
		}
		next, err = c.opt.Directory.Update(ctx, people.Change{ID: id}, byOf(by))
		what = i18n.ConWhatReactivated
	case "pin":
		switch {
		case !known:
			return bad(i18n.ConID, i18n.ConErrIDUnknown, id)
		case !p.Active: // a new PIN reactivates (people.Directory.Update): not by the way
			return bad(i18n.ConID, i18n.ConErrPINInactive, id)
		}
		pin, err := pin(i18n.ConNewPIN)
		if err != nil {
			return "", http.StatusBadRequest, err
		}
		next, err = c.opt.Directory.Update(ctx, people.Change{ID: id, PIN: pin}, byOf(by))
		what = i18n.ConWhatPIN
		if err != nil {
			return "", http.StatusConflict, err
		}
	case "amend":
		return c.amendPerson(ctx, f, cur, by, w)
	}
	if err != nil {
		return "", http.StatusConflict, err
	}
	c.log("%s (%s) at the People page: operator %s (%s, %s) %s: operator directory version %d",
		by.ID, by.Name, p.ID, p.Name, p.Role, i18n.Catalogue{}.T(what), next.Version)
	return w.T(i18n.ConPersonDone, p.ID, p.Name, w.T(what), next.Version), 0, nil
}
