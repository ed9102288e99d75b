// Package access guards the operator screen: two roles (dealer and supervisor), PINs stored
// only as bcrypt hashes, and a lockout after repeated wrong PINs. Every attempt and sign-out
// is journalled (Entry, a journal.KindAccess record) and the lockout is rebuilt from those
// records at start-up (Restore). Time is passed in, so the lockout is deterministic and
// testable; nothing here logs or journals a PIN.
package access

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/coupboard/coupboard/app/journal"
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

// bcryptCost is the work factor of new hashes: about 50 ms on a mini PC, slow enough to
// resist guessing a stolen configuration, fast enough for a dealer at the table.
const bcryptCost = 10

// HashPIN returns the bcrypt hash to store in the configuration for a PIN of 4 to 12 digits.
func HashPIN(pin string) (string, error) {
	if err := checkPIN(pin); err != nil {
		return "", err
	}
	h, err := bcrypt.GenerateFromPassword([]byte(pin), bcryptCost)
	if err != nil {
		return "", fmt.Errorf("hash PIN: %w", err)
	}
	return string(h), nil
}

func checkPIN(pin string) error {
	if len(pin) < 4 || len(pin) > 12 {
		return errors.New("a PIN has 4 to 12 digits")
	}
	for _, r := range pin {
		if r < '0' || r > '9' {
			return errors.New("a PIN has digits only (the operator keypad is numeric)")
		}
	}
	return nil
}

// Outcome is what one sign-in attempt came to, as the journal records it.
type Outcome string

// The outcomes of a sign-in attempt.
const (
	Granted   Outcome = "granted"   // the PIN matched a role
	WrongPIN  Outcome = "wrong_pin" // the PIN matched no role; it counts towards the lockout
	LockedOut Outcome = "lockout"   // a wrong PIN that started a lockout
	Refused   Outcome = "locked"    // entry was locked: the PIN was not looked at
)

// Attempt is what Try made of one sign-in attempt.
type Attempt struct {
	Outcome     Outcome
	Role        Role      // Granted: the role signed in; otherwise NoRole
	Wrong       int       // wrong PINs in a row after this attempt (0 once a lockout starts)
	LockedUntil time.Time // LockedOut, Refused: when entry opens again
}

// Guard checks PINs against the configured hashes and locks entry after Attempts wrong PINs
// in a row for LockFor. Its state is a function of the attempts it was told of, in order, so
// replaying the journalled attempts (Replay) rebuilds a lockout after a restart. It is not
// safe for concurrent use: one goroutine (the operator screen's) owns it.
type Guard struct {
	dealerHash, supervisorHash []byte
	attempts                   int
	lockFor                    time.Duration
	wrong                      int
	lockedUntil                time.Time
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
	return &Guard{dealerHash: []byte(dealerHash), supervisorHash: []byte(supervisorHash), attempts: attempts, lockFor: lockFor}, nil
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

// note applies one attempt's outcome at time at and returns what it came to under this
// guard's policy: the one transition both Try and Replay make.
func (g *Guard) note(o Outcome, at time.Time) Outcome {
	switch o {
	case Granted:
		g.wrong = 0
		return Granted
	case WrongPIN, LockedOut:
		if at.Before(g.lockedUntil) {
			return Refused
		}
		g.wrong++
		if g.wrong >= g.attempts {
			g.wrong = 0
			g.lockedUntil = at.Add(g.lockFor)
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
type Entry struct {
	Event       string    `json:"event"`                 // EventSignIn or EventSignOut
	Outcome     Outcome   `json:"outcome,omitempty"`     // EventSignIn: what the attempt came to
	Wrong       int       `json:"wrong,omitempty"`       // WrongPIN: wrong PINs in a row so far
	LockedUntil time.Time `json:"locked_until,omitzero"` // LockedOut, Refused: when entry opens again
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
// counts as it did when it was made, at the record's time; other records are ignored. An
// access record it cannot read counts as a wrong PIN: doubt never opens the door.
func (g *Guard) Replay(r journal.Record) error {
	if r.Kind != journal.KindAccess {
		return nil
	}
	e, err := DecodeEntry(r.Payload)
	switch {
	case err != nil:
		g.note(WrongPIN, r.Time)
	case e.Event == EventSignIn:
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
