package operator

import (
	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/opwords"
)

// Deactivated is the reason the journal records when an operator is signed out because the
// pit's directory no longer has them active.
const Deactivated = "deactivated"

// Recheck signs the operator out at once when the pit's operator directory now in the guard
// no longer has them active (deactivated, or taken out of it), journalling the reason
// Deactivated, and reports it with the words for the PIN pad. Call it whenever the table's
// copy of the directory changes. An operator signed in with a role PIN (no directory) is not
// affected, nor anyone while the table has no directory.
func (s *Session) Recheck() (why opwords.Line, out bool) {
	if s.role == access.NoRole || !s.byDirectory {
		return opwords.Line{}, false
	}
	d := s.guard.Directory()
	if d == nil {
		return opwords.Line{}, false
	}
	if p, ok := d.Lookup(s.operator); ok && p.Active {
		return opwords.Line{}, false
	}
	id := s.operator
	s.SignOutBecause(Deactivated)
	return opwords.M(i18n.OpInactiveID, id), true
}
