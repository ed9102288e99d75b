// Package people is the pit's operator directory: who may sign in at a table (an id, a name,
// a role, a bcrypt hash of the person's PIN, and whether the entry is active). It is one
// versioned document, managed at the pit (Add, Update, Deactivate), delivered to every table
// over the pit bus and kept by each table on disk (package app/people/copies). It does no
// I/O, starts no goroutines and reads no clock: times are passed in.
//
// A PIN is never held here, only its bcrypt hash; HashPIN applies the PIN rules (4 to 12
// digits: the operator keypad is numeric).
package people

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/coupboard/coupboard/internal/strictjson"
	"golang.org/x/crypto/bcrypt"
)

// Schema is the version of the directory's encoding (Encode, Decode).
const Schema = 1

// Limits of a directory: what Decode accepts, so that a damaged or hostile document cannot
// cost unbounded memory.
const (
	MaxIDLen   = 12      // digits of an operator id (what the PIN pad's id field takes)
	MaxNameLen = 80      // bytes of a name
	MaxPeople  = 5000    // entries in one directory
	MaxSize    = 1 << 20 // bytes of an encoded directory (the bus's default payload limit)
)

// The roles a directory entry may hold (the operator screen's roles, by name).
const (
	RoleDealer     = "dealer"
	RoleSupervisor = "supervisor"
)

// BcryptCost is the work factor of new PIN hashes: about 50 ms on a table's mini PC.
const BcryptCost = 10

// Person is one entry of the directory.
type Person struct {
	ID      string `json:"id"`       // what the operator types at the table: digits
	Name    string `json:"name"`     // for the audit trail and the pit
	Role    string `json:"role"`     // RoleDealer or RoleSupervisor
	PINHash string `json:"pin_hash"` // bcrypt hash of the PIN
	Active  bool   `json:"active"`   // a deactivated person may not sign in
}

// Directory is the operator directory: a version that grows by one with every change, when
// and by whom it last changed, and the people, sorted by id.
type Directory struct {
	Schema  int       `json:"schema"`
	Version uint64    `json:"version"`
	Updated time.Time `json:"updated"`
	By      string    `json:"by"` // who made the last change (the pit console's user, the installer)
	People  []Person  `json:"people"`
}

// Lookup finds the person with id.
func (d *Directory) Lookup(id string) (Person, bool) {
	if d == nil {
		return Person{}, false
	}
	i, ok := slices.BinarySearchFunc(d.People, id, func(p Person, id string) int { return strings.Compare(p.ID, id) })
	if !ok {
		return Person{}, false
	}
	return d.People[i], true
}

// CheckPIN applies the PIN rules: 4 to 12 digits.
func CheckPIN(pin string) error {
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

// HashPIN returns the bcrypt hash of a PIN that keeps the PIN rules.
func HashPIN(pin string) (string, error) {
	if err := CheckPIN(pin); err != nil {
		return "", err
	}
	h, err := bcrypt.GenerateFromPassword([]byte(pin), BcryptCost)
	if err != nil {
		return "", fmt.Errorf("hash PIN: %w", err)
	}
	return string(h), nil
}

// CheckID says what is wrong with an operator id: 1 to MaxIDLen digits, as the table's numeric
// keypad can type it (an id with letters could never sign in).
func CheckID(id string) error {
	switch {
	case id == "":
		return errors.New("operator id: empty")
	case len(id) > MaxIDLen:
		return fmt.Errorf("operator id %.40q: longer than %d digits", id, MaxIDLen)
	}
	for _, r := range id {
		if r < '0' || r > '9' {
			return fmt.Errorf("operator id %q: digits only (the table's keypad is numeric)", id)
		}
	}
	return nil
}

// ErrNameEmpty and ErrNameForm are what CheckName finds wrong with a name.
var (
	ErrNameEmpty = errors.New("name: empty")
	ErrNameForm  = fmt.Errorf("name: at most %d bytes of printable UTF-8", MaxNameLen)
)

// CheckName says what is wrong with a person's name: empty, too long, not UTF-8 or with a
// control character (ErrNameEmpty, ErrNameForm).
func CheckName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return ErrNameEmpty
	case len(name) > MaxNameLen || !utf8.ValidString(name) || strings.ContainsFunc(name, unicode.IsControl):
		return ErrNameForm
	}
	return nil
}

// CheckRole says what is wrong with a role: RoleDealer or RoleSupervisor.
func CheckRole(role string) error {
	if role != RoleDealer && role != RoleSupervisor {
		return fmt.Errorf("role %q: want %s or %s", role, RoleDealer, RoleSupervisor)
	}
	return nil
}

// check says what is wrong with one entry, naming the field.
func (p Person) check() error {
	if err := CheckID(p.ID); err != nil {
		return err
	}
	if err := CheckName(p.Name); err != nil {
		return fmt.Errorf("operator %s: %w", p.ID, err)
	}
	switch {
	case p.Role != RoleDealer && p.Role != RoleSupervisor:
		return fmt.Errorf("operator %s: role %q: want %s or %s", p.ID, p.Role, RoleDealer, RoleSupervisor)
	}
	if _, err := bcrypt.Cost([]byte(p.PINHash)); err != nil {
		return fmt.Errorf("operator %s: pin_hash: not a bcrypt hash: %v", p.ID, err)
	}
	return nil
}

// Check says what is wrong with a directory, naming the entry and field: the schema, every
// entry, the order by id (no id twice), and the limits.
func (d *Directory) Check() error {
	if d.Schema != Schema {
		return fmt.Errorf("operator directory: schema %d, want %d", d.Schema, Schema)
	}
	if d.Version == 0 {
		return errors.New("operator directory: version 0 (the first directory is version 1)")
	}
	if len(d.People) > MaxPeople {
		return fmt.Errorf("operator directory: %d people, at most %d", len(d.People), MaxPeople)
	}
	if len(d.By) > MaxNameLen {
		return fmt.Errorf("operator directory: by: at most %d bytes", MaxNameLen)
	}
	for i, p := range d.People {
		if err := p.check(); err != nil {
			return fmt.Errorf("operator directory version %d: %w", d.Version, err)
		}
		if i > 0 && d.People[i-1].ID >= p.ID {
			return fmt.Errorf("operator directory version %d: operator %s: listed twice or out of order", d.Version, p.ID)
		}
	}
	return nil
}

// Encode is the directory's JSON encoding, after Check.
func (d *Directory) Encode() ([]byte, error) {
	if err := d.Check(); err != nil {
		return nil, err
	}
	b, err := json.Marshal(d)
	if err != nil {
		return nil, fmt.Errorf("encode operator directory: %w", err)
	}
	if len(b) > MaxSize {
		return nil, fmt.Errorf("encode operator directory: %d bytes, at most %d", len(b), MaxSize)
	}
	return b, nil
}

// Decode reads an encoded directory: bounded, strict (an unknown field is refused, so a newer
// schema is not half read) and checked. The reason names the field.
func Decode(b []byte) (*Directory, error) {
	if len(b) > MaxSize {
		return nil, fmt.Errorf("operator directory: %d bytes, at most %d", len(b), MaxSize)
	}
	var d Directory
	if err := strictjson.Decode(b, &d); errors.Is(err, strictjson.ErrTrailing) {
		return nil, errors.New("operator directory: data after the document")
	} else if err != nil {
		return nil, fmt.Errorf("operator directory: %w", err)
	}
	if err := d.Check(); err != nil {
		return nil, err
	}
	return &d, nil
}

// Change is one change to the directory, as the pit console or the installer's command asks
// for it. The PIN, when given, is hashed here and never kept.
type Change struct {
	ID   string
	Name string // Add: required; Update: "" keeps the name
	Role string // Add: required; Update: "" keeps the role
	PIN  string // Add: required; Update: "" keeps the PIN
}

// next is a copy of d (nil: an empty directory) one version on, changed at by who.
func (d *Directory) next(at time.Time, by string) *Directory {
	n := &Directory{Schema: Schema, Version: 1, Updated: at.UTC(), By: by}
	if d != nil {
		n.Version = d.Version + 1
		n.People = slices.Clone(d.People)
	}
	return n
}

// Add returns the directory with a new, active person: the id must not be in it yet (a
// deactivated id is reactivated with Update, not added again, so that an id always names one
// person in the audit trail).
func (d *Directory) Add(c Change, at time.Time, by string) (*Directory, error) {
	if _, ok := d.Lookup(c.ID); ok {
		return nil, fmt.Errorf("operator %s is already in the directory (update it, or reactivate it)", c.ID)
	}
	h, err := HashPIN(c.PIN)
	if err != nil {
		return nil, fmt.Errorf("operator %s: %w", c.ID, err)
	}
	p := Person{ID: c.ID, Name: strings.TrimSpace(c.Name), Role: c.Role, PINHash: h, Active: true}
	if err := p.check(); err != nil {
		return nil, err
	}
	n := d.next(at, by)
	i, _ := slices.BinarySearchFunc(n.People, c.ID, func(p Person, id string) int { return strings.Compare(p.ID, id) })
	n.People = slices.Insert(n.People, i, p)
	if err := n.Check(); err != nil {
		return nil, err
	}
	return n, nil
}

// set returns the directory with the person id changed by fn.
func (d *Directory) set(id string, at time.Time, by string, fn func(*Person) error) (*Directory, error) {
	if _, ok := d.Lookup(id); !ok {
		return nil, fmt.Errorf("operator %s is not in the directory", id)
	}
	n := d.next(at, by)
	i, _ := slices.BinarySearchFunc(n.People, id, func(p Person, id string) int { return strings.Compare(p.ID, id) })
	if err := fn(&n.People[i]); err != nil {
		return nil, fmt.Errorf("operator %s: %w", id, err)
	}
	if err := n.Check(); err != nil {
		return nil, err
	}
	return n, nil
}

// Update returns the directory with person c.ID's name, role or PIN changed (the fields
// given) and the person active again.
func (d *Directory) Update(c Change, at time.Time, by string) (*Directory, error) {
	return d.set(c.ID, at, by, func(p *Person) error {
		if c.PIN != "" {
			h, err := HashPIN(c.PIN)
			if err != nil {
				return err
			}
			p.PINHash = h
		}
		if n := strings.TrimSpace(c.Name); n != "" {
			p.Name = n
		}
		if c.Role != "" {
			p.Role = c.Role
		}
		p.Active = true
		return nil
	})
}

// ErrNoChange is wrapped by Amend's refusal of a change that changes nothing.
var ErrNoChange = errors.New("nothing to change")

// Amend returns the directory with person c.ID renamed (c.Name not "") or given role c.Role
// (not ""): what a pit manager changes when a person marries or is promoted. Unlike Update it
// never touches the PIN (c.PIN must be "") nor reactivates: an inactive person renamed stays
// inactive. A change that changes nothing is refused (ErrNoChange), so that every version of
// the directory records a change.
func (d *Directory) Amend(c Change, at time.Time, by string) (*Directory, error) {
	if c.PIN != "" {
		return nil, fmt.Errorf("operator %s: a PIN is reset with Update, not Amend", c.ID)
	}
	name := strings.TrimSpace(c.Name)
	if name != "" {
		if err := CheckName(name); err != nil {
			return nil, fmt.Errorf("operator %s: %w", c.ID, err)
		}
	}
	if c.Role != "" {
		if err := CheckRole(c.Role); err != nil {
			return nil, fmt.Errorf("operator %s: %w", c.ID, err)
		}
	}
	return d.set(c.ID, at, by, func(p *Person) error {
		if (name == "" || name == p.Name) && (c.Role == "" || c.Role == p.Role) {
			return ErrNoChange
		}
		if name != "" {
			p.Name = name
		}
		if c.Role != "" {
			p.Role = c.Role
		}
		return nil
	})
}

// Deactivate returns the directory with person id unable to sign in (kept, so that the id
// still names them in the audit trail).
func (d *Directory) Deactivate(id string, at time.Time, by string) (*Directory, error) {
	return d.set(id, at, by, func(p *Person) error {
		if !p.Active {
			return errors.New("already inactive")
		}
		p.Active = false
		return nil
	})
}

// ErrMayNotCommand is wrapped by the refusal of a person who may not give the pit's commands
// (MayCommand): not in the directory, inactive, or not a supervisor.
var ErrMayNotCommand = errors.New("may not give the pit's commands")

// MayCommand returns the entry of id if that person may give the pit's commands to a table:
// an active supervisor (the role of the operator screen's sign and closing commands). The
// error names the directory's version and why not.
func (d *Directory) MayCommand(id string) (Person, error) {
	p, ok := d.Lookup(id)
	switch {
	case d == nil:
		return Person{}, fmt.Errorf("%w: no operator directory", ErrMayNotCommand)
	case !ok:
		return Person{}, fmt.Errorf("person %.64q is not in the operator directory (version %d): %w", id, d.Version, ErrMayNotCommand)
	case !p.Active:
		return p, fmt.Errorf("person %s (%s) is inactive in the operator directory (version %d): %w", id, p.Name, d.Version, ErrMayNotCommand)
	case p.Role != RoleSupervisor:
		return p, fmt.Errorf("person %s (%s) is a %s in the operator directory (version %d), not a supervisor: %w", id, p.Name, p.Role, d.Version, ErrMayNotCommand)
	}
	return p, nil
}
