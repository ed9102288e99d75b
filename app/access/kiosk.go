package access

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/bcrypt"

	"github.com/coupboard/coupboard/app/people"
)

// ActiveSupervisors counts the active supervisors of d (0 for nil).
func ActiveSupervisors(d *people.Directory) int {
	if d == nil {
		return 0
	}
	n := 0
	for _, p := range d.People {
		if p.Active && p.Role == people.RoleSupervisor {
			n++
		}
	}
	return n
}

// WayOut is what a table in kiosk mode could be left with: in kiosk mode only a supervisor
// closes the window, from the operator screen.
type WayOut struct {
	// SupervisorPINHash is the configuration's operator.supervisor_pin_hash.
	SupervisorPINHash string
	// Directory is the operator directory the table signs people in from (nil: none, and the
	// role PINs open the operator screen); From says where it is, for the reason (the table's
	// copy's path, or the pit's directory coupboard setup read).
	Directory *people.Directory
	From      string
}

// ErrNoWayOut is wrapped by KioskWayOut's refusals.
var ErrNoWayOut = errors.New("nobody could leave kiosk mode")

// KioskWayOut is the one rule for a kiosk's way out, checked by the table at its start and by
// coupboard setup before it writes a configuration. With an operator directory, the table signs
// in only the directory's people (the role PINs no longer open the operator screen), so the
// directory must name an active supervisor, whatever the supervisor PIN hash says. Without
// one, operator.supervisor_pin_hash must be a bcrypt hash. A refusal names the key or the file
// and what to do.
func KioskWayOut(w WayOut) error {
	if w.Directory != nil {
		if ActiveSupervisors(w.Directory) > 0 {
			return nil // the directory's supervisors leave kiosk mode with their own id and PIN
		}
		return fmt.Errorf("%w: display.kiosk (or --kiosk) is on but the operator directory %s (version %d) names no active supervisor; "+
			"with a directory the table signs in only its people, so operator.supervisor_pin_hash does not open the operator screen. "+
			"Add a supervisor at the pit (pitserver directory add --role supervisor) and run coupboard setup again, which saves the new directory as the table's copy, or turn kiosk off",
			ErrNoWayOut, w.From, w.Directory.Version)
	}
	h := strings.TrimSpace(w.SupervisorPINHash)
	if h == "" {
		return fmt.Errorf("%w: display.kiosk (or --kiosk) is on but operator.supervisor_pin_hash is empty and the table has no operator directory naming an active supervisor; "+
			"set it (coupboard pin-hash), or run coupboard setup with the pit reachable once its directory names a supervisor, or turn kiosk off", ErrNoWayOut)
	}
	if _, err := bcrypt.Cost([]byte(h)); err != nil {
		return fmt.Errorf("%w: display.kiosk (or --kiosk) is on but operator.supervisor_pin_hash is not a bcrypt hash (%v), so no PIN would match it; make one with coupboard pin-hash", ErrNoWayOut, err)
	}
	return nil
}
