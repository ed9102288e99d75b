package console

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/coupboard/coupboard/app/people"
	"golang.org/x/crypto/bcrypt"
)

// Role is what a person may do at the console.
type Role string

// The roles. Only a supervisor may post or cancel a change; anyone signed in may look.
const (
	RoleDealer     Role = "dealer"
	RoleSupervisor Role = "supervisor"
)

// CanPost reports whether the role may post and cancel changes.
func (r Role) CanPost() bool { return r == RoleSupervisor }

// Person is who signed in: an id (as the operator directory and the audit trail name them),
// a name for people, and a role.
type Person struct {
	ID   string
	Name string
	Role Role
}

// Authenticator says who a person is from the id and PIN they type. The operator directory
// implements it; PeopleFile is one over a file of bcrypt PINs.
//
// Authenticate returns ErrBadCredentials for an unknown or inactive id or a wrong PIN (the two
// are not told apart), a *LockedError while the id is locked out after repeated wrong PINs, and
// any other error when it cannot decide (the directory is unreachable). It never logs a PIN.
type Authenticator interface {
	Authenticate(ctx context.Context, id, pin string) (Person, error)
}

// ErrBadCredentials is a sign-in refused: unknown id, inactive person or wrong PIN.
var ErrBadCredentials = errors.New("unknown id or wrong PIN")

// LockedError is a sign-in refused because the id is locked out until Until.
type LockedError struct{ Until time.Time }

// Error says until when.
func (e *LockedError) Error() string {
	return "sign-in locked after repeated wrong PINs until " + e.Until.Format("15:04:05")
}

// Lockout is the rule for repeated wrong PINs: after Attempts wrong PINs in a row for one id,
// that id is refused for Lock (the PIN is not looked at); and, as at a table, TableFactor ×
// Attempts wrong PINs of any ids within TableWindow refuse every id for Lock (zero: the tables'
// defaults, people.DefaultTableFactor and people.DefaultTableWindow). It is the tables'
// policy, kept by the same code (people.Lockouts). With File, the lockouts are kept in that file
// across a restart of the pit server (lockoutfile.go); without, in memory only.
type Lockout struct {
	Attempts    int
	Lock        time.Duration
	TableFactor int
	TableWindow time.Duration
	File        string
}

// DefaultLockout is 5 wrong PINs, then 5 minutes: the tables' defaults ([operator]).
var DefaultLockout = Lockout{Attempts: 5, Lock: 5 * time.Minute}

// policy is the lockout as the tables keep it, with their default table-wide limit where none
// is given.
func (l Lockout) policy() people.Policy {
	p := people.Policy{Attempts: l.Attempts, LockFor: l.Lock, TableFactor: l.TableFactor, TableWindow: l.TableWindow}
	if p.TableFactor == 0 {
		p.TableFactor = people.DefaultTableFactor
	}
	if p.TableWindow == 0 {
		p.TableWindow = people.DefaultTableWindow
	}
	return p
}

// PeopleFile is an Authenticator over a TOML file of people with bcrypt PINs
// (`coupboard pin-hash` makes them), with the tables' lockout kept in memory. Its ids follow
// the operator directory's rule (1 to 12 digits: people.CheckID), so that a person has one id
// at the console and at the tables:
//
//	[[person]]
//	id = "1003"
//	name = "Ana Lee"
//	role = "supervisor"        # or "dealer"
//	pin_hash = "$2a$10$..."
//	active = true              # optional, default true
type PeopleFile struct {
	people map[string]filePerson
	*guard
}

// guard is the lockout of sign-ins, whatever says who the people are: the tables' policy and
// code (people.Lockouts), one sign-in checked at a time as at a table, so that every attempt is
// counted in order and attempts sent at once for one id are no more than the lockout allows.
type guard struct {
	now  func() time.Time
	file string // where the lockouts are kept across a restart ("": nowhere)

	mu  sync.Mutex
	ids *people.Lockouts
}

func newGuard(lockout Lockout, now func() time.Time) (*guard, error) {
	if now == nil {
		now = time.Now
	}
	ids, err := people.NewLockouts(lockout.policy())
	if err != nil {
		return nil, err
	}
	if lockout.File != "" {
		if err := loadLockouts(lockout.File, ids); err != nil {
			return nil, err
		}
	}
	return &guard{now: now, file: lockout.File, ids: ids}, nil
}

// keep writes the lockouts to the guard's file (if any) before the answer they decide is
// given, so that a restart forgets no wrong PIN. A lockout that cannot be kept refuses the
// sign-in: the error says why.
func (p *guard) keep() error {
	if p.file == "" {
		return nil
	}
	return saveLockouts(p.file, p.ids.State())
}

type filePerson struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	Role    Role   `toml:"role"`
	PINHash string `toml:"pin_hash"`
	Active  *bool  `toml:"active"`
}

// MaxPeople bounds the people file.
const MaxPeople = 10000

// LoadPeople reads a people file, refusing unknown keys, duplicate ids, unknown roles and PIN
// hashes that are not bcrypt, each by the entry's number and key. now is the clock of the
// lockout (nil: time.Now).
func LoadPeople(path string, lockout Lockout, now func() time.Time) (*PeopleFile, error) {
	var f struct {
		Person []filePerson `toml:"person"`
	}
	md, err := toml.DecodeFile(path, &f)
	if err != nil {
		return nil, fmt.Errorf("read people %s: %w", path, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return nil, fmt.Errorf("read people %s: unknown key %s", path, und[0])
	}
	if len(f.Person) > MaxPeople {
		return nil, fmt.Errorf("read people %s: %d people, at most %d", path, len(f.Person), MaxPeople)
	}
	g, err := newGuard(lockout, now)
	if err != nil {
		return nil, fmt.Errorf("read people %s: %w", path, err)
	}
	p := &PeopleFile{people: map[string]filePerson{}, guard: g}
	for i, fp := range f.Person {
		where := fmt.Sprintf("read people %s: person %d", path, i+1)
		if err := people.CheckID(fp.ID); err != nil {
			return nil, fmt.Errorf("%s: %w (the operator directory's rule: one id at the console and at the tables)", where, err)
		}
		if err := people.CheckName(fp.Name); err != nil {
			return nil, fmt.Errorf("%s (%s): %w", where, fp.ID, err)
		}
		switch {
		case fp.Role != RoleDealer && fp.Role != RoleSupervisor:
			return nil, fmt.Errorf("%s (%s): role %q: want dealer or supervisor", where, fp.ID, fp.Role)
		}
		if _, err := bcrypt.Cost([]byte(fp.PINHash)); err != nil {
			return nil, fmt.Errorf("%s (%s): pin_hash: not a bcrypt hash (make one with coupboard pin-hash)", where, fp.ID)
		}
		if _, dup := p.people[fp.ID]; dup {
			return nil, fmt.Errorf("%s: id %q: given twice", where, fp.ID)
		}
		p.people[fp.ID] = fp
	}
	return p, nil
}

// dummyHash is compared when the id is unknown, so that an unknown id takes as long as a
// wrong PIN (at the cost coupboard pin-hash and the operator directory use); made at the
// first use.
var dummyHash = sync.OnceValue(func() []byte {
	h, _ := bcrypt.GenerateFromPassword([]byte("0000"), people.BcryptCost)
	return h
})

// Authenticate checks id and PIN (see Authenticator).
func (p *PeopleFile) Authenticate(ctx context.Context, id, pin string) (Person, error) {
	return p.check(ctx, id, pin, func(id string) (filePerson, bool, error) {
		fp, ok := p.people[id]
		return fp, ok, nil
	})
}

// check checks id and pin against the person lookup finds, under the tables' lockout
// (people.Lockouts), one sign-in at a time: an id that breaks the directory's rule is refused
// unread; while the id (or every id) is locked, the PIN is not read; an unknown or inactive id
// takes as long as a wrong PIN (a PIN is compared with a dummy hash), is refused alike, and,
// as at a table, counts towards nothing (no PIN could open it).
func (p *guard) check(ctx context.Context, id, pin string, lookup func(id string) (filePerson, bool, error)) (Person, error) {
	if err := ctx.Err(); err != nil {
		return Person{}, err
	}
	if people.CheckID(id) != nil {
		return Person{}, ErrBadCredentials
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	if until, _ := p.ids.Locked(id, now); !until.IsZero() {
		return Person{}, &LockedError{Until: until}
	}
	fp, known, err := lookup(id)
	if err != nil {
		return Person{}, err
	}
	active := known && (fp.Active == nil || *fp.Active)
	hash := dummyHash()
	if active {
		hash = []byte(fp.PINHash)
	}
	right := bcrypt.CompareHashAndPassword(hash, []byte(pin)) == nil
	switch {
	case right && active:
		counted := p.ids.Counted(id)
		p.ids.Granted(id)
		if counted {
			if err := p.keep(); err != nil {
				return Person{}, err
			}
		}
		return Person{ID: fp.ID, Name: fp.Name, Role: fp.Role}, nil
	case !active:
		return Person{}, ErrBadCredentials
	}
	w := p.ids.Wrong(id, now)
	if err := p.keep(); err != nil {
		return Person{}, err
	}
	if !w.Until.IsZero() {
		return Person{}, &LockedError{Until: w.Until}
	}
	return Person{}, ErrBadCredentials
}
