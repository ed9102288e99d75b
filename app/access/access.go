// Package access guards the operator screen: two roles (dealer and supervisor), PINs stored
// only as bcrypt hashes, and a lockout after repeated wrong PINs. Time is passed in, so the
// lockout is deterministic and testable; nothing here logs a PIN.
package access

import (
	"errors"
	"fmt"
	"time"

	"golang.org/x/crypto/bcrypt"
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

// Guard checks PINs against the configured hashes and locks entry after Attempts wrong PINs
// in a row for LockFor. It is not safe for concurrent use: the app's event loop owns it.
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
	return &Guard{dealerHash: []byte(dealerHash), supervisorHash: []byte(supervisorHash), attempts: attempts, lockFor: lockFor}, nil
}

// Check returns the role whose PIN this is, at time now. While locked it returns ErrLocked
// without looking at the PIN; a wrong PIN returns ErrWrongPIN and counts towards the lockout.
// The supervisor's PIN is tried first, so a PIN shared by both roles grants the higher one.
func (g *Guard) Check(pin string, now time.Time) (Role, error) {
	if now.Before(g.lockedUntil) {
		return NoRole, fmt.Errorf("%w until %s", ErrLocked, g.lockedUntil.Format("15:04:05"))
	}
	for _, c := range []struct {
		hash []byte
		role Role
	}{{g.supervisorHash, Supervisor}, {g.dealerHash, Dealer}} {
		if len(c.hash) > 0 && bcrypt.CompareHashAndPassword(c.hash, []byte(pin)) == nil {
			g.wrong = 0
			return c.role, nil
		}
	}
	g.wrong++
	if g.wrong >= g.attempts {
		g.wrong = 0
		g.lockedUntil = now.Add(g.lockFor)
		return NoRole, fmt.Errorf("%w: %d wrong PINs; locked until %s", ErrLocked, g.attempts, g.lockedUntil.Format("15:04:05"))
	}
	return NoRole, fmt.Errorf("%w (%d of %d before lockout)", ErrWrongPIN, g.wrong, g.attempts)
}

// LockedUntil is the end of the current lockout, or the zero time when entry is open at now.
func (g *Guard) LockedUntil(now time.Time) time.Time {
	if now.Before(g.lockedUntil) {
		return g.lockedUntil
	}
	return time.Time{}
}
