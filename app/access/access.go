// Package access guards the operator screen: two roles (dealer and supervisor), PINs stored
// only as bcrypt hashes, and a lockout after repeated wrong PINs. Every attempt and sign-out
// is journalled (Entry, a journal.KindAccess record) and the lockout is rebuilt from those
// records at start-up (Restore). Time is passed in, so the lockout is deterministic and
// testable; nothing here logs or journals a PIN.
//
// A table with the pit's operator directory (package people; SetDirectory) checks the
// operator id and that person's own PIN, and locks out each id on its own; and, so that PINs
// cannot be guessed a few at a time over many ids, it locks the keypad for every id when
// TableWrongFactor times the per-id limit of wrong PINs are typed within TableWindow, whatever
// the ids. A table without a directory checks the role PINs of its configuration and locks
// the keypad as a whole.
package access

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/people"
)

// Role is what an operator may do.
type Role uint8

// The roles. A supervisor may do everything a dealer may.
const (
	NoRole     Role = iota
	Dealer          // manual entry, reveal, new shoe
	Supervisor      // also corrections, limits, closing, leaving kiosk mode
)

// String is the role's name as the audit trail records it.
func (r Role) String() string {
	switch r {
	case Dealer:
		return "dealer"
	case Supervisor:
		return "supervisor"
	}
	return "none"
}

// Allows reports whether this role may do what needs role need.
func (r Role) Allows(need Role) bool { return need != NoRole && r >= need }

// ErrLocked is returned while entry is locked after too many wrong PINs.
var ErrLocked = errors.New("PIN entry locked")

// ErrWrongPIN is returned for a PIN that matches no role.
var ErrWrongPIN = errors.New("wrong PIN")

// HashPIN returns the bcrypt hash to store in the configuration for a PIN of 4 to 12 digits
// (the directory's PIN rules, people.HashPIN).
func HashPIN(pin string) (string, error) { return people.HashPIN(pin) }

// Outcome is what one sign-in attempt came to, as the journal records it.
type Outcome string

// The outcomes of a sign-in attempt.
const (
	Granted   Outcome = "granted"   // the PIN matched a role
	WrongPIN  Outcome = "wrong_pin" // the PIN matched no role; it counts towards the lockout
	LockedOut Outcome = "lockout"   // a wrong PIN that started a lockout
	Refused   Outcome = "locked"    // entry was locked: the PIN was not looked at
	// With the operator directory only:
	UnknownID Outcome = "unknown_id" // the id is not in the directory: refused, the PIN not looked at
	Inactive  Outcome = "inactive"   // the id is deactivated: refused, the PIN not looked at
)

// ErrUnknownID is returned for an operator id the directory does not hold.
var ErrUnknownID = errors.New("unknown operator id")

// ErrInactive is returned for an operator id the directory holds as deactivated.
var ErrInactive = errors.New("operator id deactivated")

// Attempt is what Try made of one sign-in attempt.
type Attempt struct {
	Outcome     Outcome
	Role        Role      // Granted: the role signed in; otherwise NoRole
	Name        string    // Granted from the directory: the person's name
	Directory   uint64    // the version of the directory checked against; 0: the role PINs
	Wrong       int       // wrong PINs in a row after this attempt (0 once a lockout starts)
	LockedUntil time.Time // LockedOut, Refused: when entry opens again
	// Table is set on a LockedOut or Refused that is the table's, for every id (directory
	// sign-ins: too many wrong PINs over all ids, TableWrongFactor), not one id's.
	Table bool
}

// The table-wide limit of directory sign-ins, by default: TableWrongFactor times the per-id
// limit of wrong PINs, over any ids, within TableWindow, lock the keypad for every id for the
// lockout time ([operator] table_lockout_factor and table_lockout_window_minutes; SetTableLimit).
const (
	TableWrongFactor = people.DefaultTableFactor
	TableWindow      = people.DefaultTableWindow
)

// Guard checks PINs against the configured hashes and locks entry after Attempts wrong PINs
// in a row for LockFor. Its state is a function of the attempts it was told of, in order, so
// replaying the journalled attempts (Replay) rebuilds a lockout after a restart. It is not
// safe for concurrent use: one goroutine (the operator screen's) owns it.
type Guard struct {
	dealerHash, supervisorHash []byte
	attempts                   int
	lockFor                    time.Duration
	wrong                      int       // role PINs: wrong PINs in a row at this table
	lockedUntil                time.Time // role PINs: the table's keypad is locked until then
	// dir is the operator directory (nil: none, the role PINs apply). It is swapped whole
	// when a newer copy arrives (SetDirectory, from the goroutine that receives it).
	dir atomic.Pointer[people.Directory]
	// ids are the lockouts of the directory's ids, each its own, and the table-wide one: the
	// policy the pit console keeps too (people.Lockouts).
	ids *people.Lockouts
}

// count is the role PINs' wrong PINs in a row and lockout.
type count struct {
	wrong int
	until time.Time
}

// NewGuard makes a guard from the bcrypt hashes (an empty hash disables that role) and the
// lockout policy: after attempts wrong PINs in a row, entry is locked for lockFor.
func NewGuard(dealerHash, supervisorHash string, attempts int, lockFor time.Duration) (*Guard, error) {
	for name, h := range map[string]string{"dealer": dealerHash, "supervisor": supervisorHash} {
		if h == "" {
			continue
		}
		if _, err := bcrypt.Cost([]byte(h)); err != nil {
			return nil, fmt.Errorf("%s PIN hash: not a bcrypt hash: %w", name, err)
		}
	}
	if attempts < 1 {
		return nil, fmt.Errorf("lockout attempts %d: must be at least 1", attempts)
	}
	if lockFor <= 0 {
		return nil, fmt.Errorf("lockout time %v: must be positive", lockFor)
	}
	ids, err := people.NewLockouts(people.Policy{Attempts: attempts, LockFor: lockFor, TableFactor: TableWrongFactor, TableWindow: TableWindow})
	if err != nil {
		return nil, err
	}
	return &Guard{dealerHash: []byte(dealerHash), supervisorHash: []byte(supervisorHash), attempts: attempts, lockFor: lockFor, ids: ids}, nil
}

// SetTableLimit sets the table-wide limit of directory sign-ins: factor times the per-id limit
// of wrong PINs, over any ids, within window, lock the keypad for every id for the lockout
// time (NewGuard sets TableWrongFactor and TableWindow; 0 keeps that default). Call it before
// Restore: the lockouts counted so far are forgotten.
func (g *Guard) SetTableLimit(factor int, window time.Duration) error {
	if factor == 0 {
		factor = TableWrongFactor
	}
	if window == 0 {
		window = TableWindow
	}
	ids, err := people.NewLockouts(people.Policy{Attempts: g.attempts, LockFor: g.lockFor, TableFactor: factor, TableWindow: window})
	if err != nil {
		return err
	}
	g.ids = ids
	return nil
}

// Attempts is how many wrong PINs in a row lock entry.
func (g *Guard) Attempts() int { return g.attempts }

// SetDirectory makes d (checked: people.Decode, or a directory made by its functions) the
// directory sign-ins are checked against from now on; nil goes back to the role PINs. It is
// safe to call from any goroutine. The per-id lockouts are kept.
func (g *Guard) SetDirectory(d *people.Directory) { g.dir.Store(d) }

// Directory is the directory in use (nil: the role PINs).
func (g *Guard) Directory() *people.Directory { return g.dir.Load() }

// TryPerson checks one sign-in attempt by operator id with pin at time now. With a directory,
// the id must be in it and active and the PIN must be that person's; the role is the
// person's; a wrong PIN counts towards that id's lockout only, and while an id is locked its
// PINs are refused unread. An unknown or inactive id is refused without reading the PIN and
// counts towards nothing (no PIN could open it, so nothing is being guessed). Without a
// directory it is Try: the role PINs, the id not checked.
func (g *Guard) TryPerson(id, pin string, now time.Time) (Attempt, error) {
	d := g.dir.Load()
	if d == nil {
		return g.Try(pin, now)
	}
	if until, every := g.ids.Locked(id, now); every {
		return Attempt{Outcome: Refused, LockedUntil: until, Directory: d.Version, Table: true},
			fmt.Errorf("%w for every operator id until %s: too many wrong PINs at this table", ErrLocked, until.Format("15:04:05"))
	} else if !until.IsZero() {
		return Attempt{Outcome: Refused, LockedUntil: until, Directory: d.Version},
			fmt.Errorf("operator %s: %w until %s", id, ErrLocked, until.Format("15:04:05"))
	}
	p, ok := d.Lookup(id)
	switch {
	case !ok:
		return Attempt{Outcome: UnknownID, Directory: d.Version}, fmt.Errorf("%w %q (directory version %d)", ErrUnknownID, id, d.Version)
	case !p.Active:
		return Attempt{Outcome: Inactive, Directory: d.Version}, fmt.Errorf("operator %s: %w", id, ErrInactive)
	}
	if bcrypt.CompareHashAndPassword([]byte(p.PINHash), []byte(pin)) == nil {
		g.ids.Granted(id)
		role := Dealer
		if p.Role == people.RoleSupervisor {
			role = Supervisor
		}
		return Attempt{Outcome: Granted, Role: role, Name: p.Name, Directory: d.Version}, nil
	}
	w := g.ids.Wrong(id, now)
	pol := g.ids.Policy()
	switch {
	case w.EveryID:
		return Attempt{Outcome: LockedOut, LockedUntil: w.Until, Directory: d.Version, Table: true},
			fmt.Errorf("%w for every operator id: %d wrong PINs at this table within %v; locked until %s", ErrLocked,
				pol.TableLimit(), pol.TableWindow, w.Until.Format("15:04:05"))
	case !w.Until.IsZero():
		return Attempt{Outcome: LockedOut, LockedUntil: w.Until, Directory: d.Version},
			fmt.Errorf("operator %s: %w: %d wrong PINs; locked until %s", id, ErrLocked, g.attempts, w.Until.Format("15:04:05"))
	}
	return Attempt{Outcome: WrongPIN, Wrong: w.InRow, Directory: d.Version},
		fmt.Errorf("operator %s: %w (%d of %d before lockout)", id, ErrWrongPIN, w.InRow, g.attempts)
}

// LockedUntilFor is the end of id's lockout (directory sign-ins), or of the table-wide one,
// or the zero time when id may sign in at now.
func (g *Guard) LockedUntilFor(id string, now time.Time) time.Time {
	until, _ := g.ids.Locked(id, now)
	return until
}

// Check returns the role whose PIN this is, at time now (see Try).
func (g *Guard) Check(pin string, now time.Time) (Role, error) {
	a, err := g.Try(pin, now)
	return a.Role, err
}

// Try checks one sign-in attempt at time now and says what it came to. While locked it
// refuses with ErrLocked without looking at the PIN; a wrong PIN returns ErrWrongPIN and
// counts towards the lockout (the one that reaches it returns ErrLocked). The supervisor's
// PIN is tried first, so a PIN shared by both roles grants the higher one.
func (g *Guard) Try(pin string, now time.Time) (Attempt, error) {
	if now.Before(g.lockedUntil) {
		return Attempt{Outcome: Refused, LockedUntil: g.lockedUntil},
			fmt.Errorf("%w until %s", ErrLocked, g.lockedUntil.Format("15:04:05"))
	}
	for _, c := range []struct {
		hash []byte
		role Role
	}{{g.supervisorHash, Supervisor}, {g.dealerHash, Dealer}} {
		if len(c.hash) > 0 && bcrypt.CompareHashAndPassword(c.hash, []byte(pin)) == nil {
			g.note(Granted, now)
			return Attempt{Outcome: Granted, Role: c.role}, nil
		}
	}
	if g.note(WrongPIN, now) == LockedOut {
		return Attempt{Outcome: LockedOut, LockedUntil: g.lockedUntil},
			fmt.Errorf("%w: %d wrong PINs; locked until %s", ErrLocked, g.attempts, g.lockedUntil.Format("15:04:05"))
	}
	return Attempt{Outcome: WrongPIN, Wrong: g.wrong}, fmt.Errorf("%w (%d of %d before lockout)", ErrWrongPIN, g.wrong, g.attempts)
}

// note applies one role-PIN attempt's outcome at time at to the table-wide count.
func (g *Guard) note(o Outcome, at time.Time) Outcome {
	c := count{wrong: g.wrong, until: g.lockedUntil}
	r := c.note(o, at, g.attempts, g.lockFor)
	g.wrong, g.lockedUntil = c.wrong, c.until
	return r
}

// note applies one role-PIN attempt's outcome at time at and returns what it came to under the
// policy (attempts wrong PINs in a row lock for lockFor): the one transition Try and Replay
// make (directory sign-ins: people.Lockouts).
func (c *count) note(o Outcome, at time.Time, attempts int, lockFor time.Duration) Outcome {
	switch o {
	case Granted:
		c.wrong = 0
		return Granted
	case WrongPIN, LockedOut:
		if at.Before(c.until) {
			return Refused
		}
		c.wrong++
		if c.wrong >= attempts {
			c.wrong = 0
			c.until = at.Add(lockFor)
			return LockedOut
		}
		return WrongPIN
	}
	return Refused
}

// LockedUntil is the end of the current lockout, or the zero time when entry is open at now.
func (g *Guard) LockedUntil(now time.Time) time.Time {
	if now.Before(g.lockedUntil) {
		return g.lockedUntil
	}
	return time.Time{}
}

// The events of a journal.KindAccess record.
const (
	EventSignIn  = "sign_in"  // a sign-in attempt, whatever its outcome
	EventSignOut = "sign_out" // the signed-in operator left (button, idle time-out, screen closed)
)

// Entry is the payload of a journal.KindAccess record: one sign-in attempt or sign-out at the
// operator screen. The record's actor holds the operator id typed and, when a role was
// granted (or is signing out), the role; its time is when it happened. It never holds a PIN.
// Directory is set when the id was checked against the pit's operator directory (the id is
// then the person's, authenticated by their own PIN); records from before the directory, and
// from a table on role PINs, have none.
type Entry struct {
	Event       string    `json:"event"`                 // EventSignIn or EventSignOut
	Outcome     Outcome   `json:"outcome,omitempty"`     // EventSignIn: what the attempt came to
	Directory   uint64    `json:"directory,omitempty"`   // the directory version checked against; 0: role PINs
	Wrong       int       `json:"wrong,omitempty"`       // WrongPIN: wrong PINs in a row so far
	LockedUntil time.Time `json:"locked_until,omitzero"` // LockedOut, Refused: when entry opens again
	Table       bool      `json:"table,omitempty"`       // LockedOut, Refused: the table's lockout, for every id (Attempt.Table)
	Idle        string    `json:"idle,omitempty"`        // EventSignOut: how long the screen stood unused
}

// Encode is the entry's journal payload.
func (e Entry) Encode() (json.RawMessage, error) {
	b, err := json.Marshal(e)
	if err != nil {
		return nil, fmt.Errorf("encode %s record: %w", e.Event, err)
	}
	return b, nil
}

// DecodeEntry reads a journal.KindAccess record's payload.
func DecodeEntry(payload []byte) (Entry, error) {
	var e Entry
	if err := json.Unmarshal(payload, &e); err != nil {
		return Entry{}, fmt.Errorf("decode sign-in record: %w", err)
	}
	switch e.Event {
	case EventSignIn:
		switch e.Outcome {
		case Granted, WrongPIN, LockedOut, Refused:
		case UnknownID, Inactive:
			if e.Directory == 0 {
				return Entry{}, fmt.Errorf("decode sign-in record: outcome %q without a directory version", e.Outcome)
			}
		default:
			return Entry{}, fmt.Errorf("decode sign-in record: unknown outcome %q", e.Outcome)
		}
	case EventSignOut:
	default:
		return Entry{}, fmt.Errorf("decode sign-in record: unknown event %q", e.Event)
	}
	return e, nil
}

// Replay applies one journal record to the guard: a sign-in attempt (journal.KindAccess)
// counts as it did when it was made, at the record's time, towards the table-wide count (role
// PINs) or, when it was checked against the directory, its id's (the record's actor) and the
// table-wide count of wrong directory PINs; other records are ignored. An access record it
// cannot read counts as a wrong PIN for all: doubt never opens the door.
func (g *Guard) Replay(r journal.Record) error {
	if r.Kind != journal.KindAccess {
		return nil
	}
	e, err := DecodeEntry(r.Payload)
	switch {
	case err != nil:
		g.note(WrongPIN, r.Time)
		g.ids.Wrong(r.Actor.ID, r.Time) // "": the table-wide count only
	case e.Event != EventSignIn:
	case e.Directory > 0:
		switch e.Outcome {
		case Granted:
			g.ids.Granted(r.Actor.ID)
		case WrongPIN, LockedOut:
			g.ids.Wrong(r.Actor.ID, r.Time)
		} // Refused, UnknownID, Inactive: not read, counts towards nothing
	default:
		g.note(e.Outcome, r.Time)
	}
	return nil
}

// AccessRecords is where the journalled sign-in attempts are read from (*journal.Journal).
type AccessRecords interface {
	OfKind(kind string, fn func(journal.Record) error) error
}

// Restore replays every journalled sign-in attempt into the guard, oldest first, so that a
// lockout, and the wrong PINs counted towards one, survive a restart: the journal is the
// record of them, not the memory of the program that counted them.
func (g *Guard) Restore(j AccessRecords) error {
	if err := j.OfKind(journal.KindAccess, g.Replay); err != nil {
		return fmt.Errorf("restore the PIN lockout from the journal: %w", err)
	}
	return nil
}
