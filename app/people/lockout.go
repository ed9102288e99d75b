package people

import (
	"errors"
	"fmt"
	"time"
)

// Policy is the lockout policy of sign-ins by operator id and PIN: the one the tables' operator
// screens keep (app/access) and the pit console keeps (app/console), by the same code
// (Lockouts). After Attempts wrong PINs in a row for one id, that id is locked for LockFor;
// and, so that PINs cannot be guessed a few at a time over many ids, TableFactor × Attempts
// wrong PINs of any ids within TableWindow lock every id for LockFor.
type Policy struct {
	Attempts    int
	LockFor     time.Duration
	TableFactor int
	TableWindow time.Duration
}

// The table-wide limit's defaults (configuration: [operator] table_lockout_factor and
// table_lockout_window_minutes).
const (
	DefaultTableFactor = 3
	DefaultTableWindow = 15 * time.Minute
)

// Check says what is wrong with the policy.
func (p Policy) Check() error {
	switch {
	case p.Attempts < 1:
		return fmt.Errorf("lockout attempts %d: must be at least 1", p.Attempts)
	case p.LockFor <= 0:
		return fmt.Errorf("lockout time %v: must be positive", p.LockFor)
	case p.TableFactor < 1:
		return fmt.Errorf("table-wide lockout factor %d: must be at least 1", p.TableFactor)
	case p.TableWindow <= 0:
		return fmt.Errorf("table-wide lockout window %v: must be positive", p.TableWindow)
	}
	return nil
}

// TableLimit is how many wrong PINs of any ids within TableWindow lock every id.
func (p Policy) TableLimit() int { return p.TableFactor * p.Attempts }

// Lockouts are the lockouts of sign-ins under a Policy: each id's and the one for every id.
// Their state is a function of the attempts they are told of, in order, with their times
// (so that replaying journalled attempts rebuilds them). Not safe for concurrent use.
type Lockouts struct {
	policy Policy
	byID   map[string]*idCount
	// spread are the times of the wrong PINs of any id within TableWindow (at most
	// TableLimit), and tableUntil the end of the lockout for every id they set.
	spread     []time.Time
	tableUntil time.Time
}

// idCount is one id's wrong PINs in a row and lockout.
type idCount struct {
	wrong int
	until time.Time
}

// ErrPolicy wraps what Policy.Check finds wrong.
var ErrPolicy = errors.New("sign-in lockout")

// NewLockouts are the lockouts of policy p, none yet.
func NewLockouts(p Policy) (*Lockouts, error) {
	if err := p.Check(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrPolicy, err)
	}
	return &Lockouts{policy: p, byID: map[string]*idCount{}}, nil
}

// Policy is the policy the lockouts keep.
func (l *Lockouts) Policy() Policy { return l.policy }

// Locked is the end of the lockout that refuses id at now, and whether it is the one for every
// id; the zero time when id may try.
func (l *Lockouts) Locked(id string, now time.Time) (until time.Time, everyID bool) {
	if now.Before(l.tableUntil) {
		return l.tableUntil, true
	}
	if c := l.byID[id]; c != nil && now.Before(c.until) {
		return c.until, false
	}
	return time.Time{}, false
}

// Counted reports whether id has wrong PINs counted or a lockout (what Granted forgets).
func (l *Lockouts) Counted(id string) bool { return l.byID[id] != nil }

// Granted forgets id's wrong PINs: the right PIN was typed.
func (l *Lockouts) Granted(id string) { delete(l.byID, id) }

// Wrong is what one wrong PIN came to (Lockouts.Wrong).
type Wrong struct {
	InRow   int       // id's wrong PINs in a row after it (0 once a lockout starts)
	Until   time.Time // the lockout it started (zero: none)
	EveryID bool      // the lockout it started is the one for every id
}

// Wrong counts one wrong PIN for id (id "": for no id, the table-wide count only) at time at:
// towards id's lockout and the one for every id. A wrong PIN at a time when id or every id is
// locked counts for nothing (its PIN was not read).
func (l *Lockouts) Wrong(id string, at time.Time) Wrong {
	if until, _ := l.Locked(id, at); !until.IsZero() {
		return Wrong{}
	}
	var r Wrong
	if id != "" {
		c := l.byID[id]
		if c == nil {
			c = &idCount{}
			l.byID[id] = c
		}
		c.wrong++
		if c.wrong >= l.policy.Attempts {
			c.wrong, c.until = 0, at.Add(l.policy.LockFor)
			r.Until = c.until
		}
		r.InRow = c.wrong
	}
	cut := at.Add(-l.policy.TableWindow)
	keep := l.spread[:0]
	for _, t := range l.spread {
		if t.After(cut) {
			keep = append(keep, t)
		}
	}
	l.spread = append(keep, at)
	if len(l.spread) >= l.policy.TableLimit() {
		l.spread, l.tableUntil = l.spread[:0], at.Add(l.policy.LockFor)
		r.Until, r.EveryID, r.InRow = l.tableUntil, true, 0
	}
	return r
}

// Size is how many ids have wrong PINs counted or a lockout: bounded by the people who exist
// when only known ids are counted.
func (l *Lockouts) Size() int { return len(l.byID) }

// LockoutState is what Lockouts hold, to be kept across a restart (State, Restore): each id's
// wrong PINs in a row and lockout, and the wrong PINs of any ids counted towards the lockout of
// every id with that lockout's end. It holds ids and times, never a PIN.
type LockoutState struct {
	IDs        map[string]IDLockout `json:"ids,omitempty"`
	Spread     []time.Time          `json:"spread,omitempty"`
	EveryUntil time.Time            `json:"every_until,omitzero"`
}

// IDLockout is one id's part of a LockoutState.
type IDLockout struct {
	Wrong int       `json:"wrong,omitempty"`
	Until time.Time `json:"until,omitzero"`
}

// State is what the lockouts hold now, a copy.
func (l *Lockouts) State() LockoutState {
	s := LockoutState{Spread: append([]time.Time(nil), l.spread...), EveryUntil: l.tableUntil}
	if len(l.byID) > 0 {
		s.IDs = make(map[string]IDLockout, len(l.byID))
		for id, c := range l.byID {
			s.IDs[id] = IDLockout{Wrong: c.wrong, Until: c.until}
		}
	}
	return s
}

// Restore makes the lockouts hold s (what State gave before a restart), after checking it:
// an id that breaks the directory's rule, a negative count, more ids than MaxPeople or more
// times than the policy's table-wide limit are refused, naming which. Lockouts kept under a
// stricter policy than the one now in force are kept as they were: the new policy applies from
// the next wrong PIN.
func (l *Lockouts) Restore(s LockoutState) error {
	if len(s.IDs) > MaxPeople {
		return fmt.Errorf("sign-in lockouts: %d ids, at most %d", len(s.IDs), MaxPeople)
	}
	if len(s.Spread) > l.policy.TableLimit() {
		return fmt.Errorf("sign-in lockouts: %d wrong PINs towards every id's lockout, at most %d", len(s.Spread), l.policy.TableLimit())
	}
	byID := make(map[string]*idCount, len(s.IDs))
	for id, c := range s.IDs {
		if err := CheckID(id); err != nil {
			return fmt.Errorf("sign-in lockouts: %w", err)
		}
		if c.Wrong < 0 {
			return fmt.Errorf("sign-in lockouts: operator %s: %d wrong PINs", id, c.Wrong)
		}
		byID[id] = &idCount{wrong: c.Wrong, until: c.Until}
	}
	l.byID, l.spread, l.tableUntil = byID, append([]time.Time(nil), s.Spread...), s.EveryUntil
	return nil
}
