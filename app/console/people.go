package console

import (
	"context"
	"errors"
	"fmt"
	"strings"
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
// that id is refused for Lock (the PIN is not looked at).
type Lockout struct {
	Attempts int
	Lock     time.Duration
}

// DefaultLockout is 5 wrong PINs, then 5 minutes.
var DefaultLockout = Lockout{Attempts: 5, Lock: 5 * time.Minute}

// PeopleFile is an Authenticator over a TOML file of people with bcrypt PINs
// (`coupboard pin-hash` makes them), with a lockout per id kept in memory:
//
//	[[person]]
//	id = "S-3"
//	name = "Ana Lee"
//	role = "supervisor"        # or "dealer"
//	pin_hash = "$2a$10$..."
//	active = true              # optional, default true
type PeopleFile struct {
	people map[string]filePerson
	guard
}

// guard is the lockout per id of a sign-in, whatever says who the people are.
type guard struct {
	lockout Lockout
	now     func() time.Time

	mu    sync.Mutex
	wrong map[string]int       // wrong PINs in a row, by id
	until map[string]time.Time // locked until, by id
}

func newGuard(lockout Lockout, now func() time.Time) guard {
	if now == nil {
		now = time.Now
	}
	return guard{lockout: lockout, now: now, wrong: map[string]int{}, until: map[string]time.Time{}}
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
	if lockout.Attempts <= 0 || lockout.Lock <= 0 {
		return nil, fmt.Errorf("read people %s: lockout %+v: want attempts and a lock time", path, lockout)
	}
	p := &PeopleFile{people: map[string]filePerson{}, guard: newGuard(lockout, now)}
	for i, fp := range f.Person {
		where := fmt.Sprintf("read people %s: person %d", path, i+1)
		switch {
		case fp.ID == "" || len(fp.ID) > 32 || strings.ContainsAny(fp.ID, " \t\r\n"):
			return nil, fmt.Errorf("%s: id %q: want 1 to 32 characters without spaces", where, fp.ID)
		case fp.Name == "" || len(fp.Name) > 64:
			return nil, fmt.Errorf("%s (%s): name: want 1 to 64 characters", where, fp.ID)
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

// check checks id and pin against the person lookup finds, with the lockout per id: an unknown
// id takes as long as a wrong PIN and counts as one. The attempt is counted before the PIN is
// compared, so that attempts sent at once for one id are no more than the lockout allows.
func (p *guard) check(ctx context.Context, id, pin string, lookup func(id string) (filePerson, bool, error)) (Person, error) {
	if err := ctx.Err(); err != nil {
		return Person{}, err
	}
	fp, known, err := lookup(id)
	if err != nil {
		return Person{}, err
	}
	now := p.now()
	locked, err := p.count(id, known, now)
	if err != nil {
		return Person{}, err
	}
	hash := dummyHash()
	if known {
		hash = []byte(fp.PINHash)
	}
	if bcrypt.CompareHashAndPassword(hash, []byte(pin)) == nil && known && (fp.Active == nil || *fp.Active) {
		p.mu.Lock()
		delete(p.wrong, id)
		delete(p.until, id)
		p.mu.Unlock()
		return Person{ID: fp.ID, Name: fp.Name, Role: fp.Role}, nil
	}
	if !locked.IsZero() {
		return Person{}, &LockedError{Until: locked}
	}
	return Person{}, ErrBadCredentials
}

// count counts one attempt for id at now, as a wrong PIN until the PIN proves right: a
// LockedError while id is locked out; the time the lockout it starts ends, when this attempt is
// the last one allowed. Guessed ids are counted up to MaxPeople ids in all (lockouts over are
// forgotten first), and not counted beyond.
func (p *guard) count(id string, known bool, now time.Time) (lockedUntil time.Time, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if u, ok := p.until[id]; ok && now.Before(u) {
		return time.Time{}, &LockedError{Until: u}
	}
	if !known && p.wrong[id] == 0 && len(p.wrong)+len(p.until) >= MaxPeople {
		for k, u := range p.until {
			if !now.Before(u) {
				delete(p.until, k)
			}
		}
		if len(p.wrong)+len(p.until) >= MaxPeople {
			return time.Time{}, nil // do not grow without bound on guessed ids
		}
	}
	p.wrong[id]++
	if p.wrong[id] < p.lockout.Attempts {
		return time.Time{}, nil
	}
	delete(p.wrong, id)
	u := now.Add(p.lockout.Lock)
	p.until[id] = u
	return u, nil
}
