package pitwire

// TypeAccess is a sign-in attempt or a sign-out at a table's operator screen: its payload is
// Message.Access. It says who (the role and, when one was typed, the operator's id), never a
// PIN: the table journals no PIN either.
const TypeAccess Type = "access"

// The events of an Access.
const (
	AccessSignIn  = "sign_in"  // a sign-in attempt, whatever its outcome
	AccessSignOut = "sign_out" // the signed-in operator left
)

// The outcomes of a sign-in attempt (Access.Outcome), as the table's journal records them.
const (
	OutcomeGranted   = "granted"   // the PIN matched a role: the operator is signed in
	OutcomeWrongPIN  = "wrong_pin" // the PIN matched no role
	OutcomeLockedOut = "lockout"   // a wrong PIN that started a lockout
	OutcomeLocked    = "locked"    // entry was locked: the PIN was not looked at
	// With the table's copy of the operator directory only:
	OutcomeUnknownID = "unknown_id" // the id typed is not in the directory: the PIN was not looked at
	OutcomeInactive  = "inactive"   // the id typed is deactivated in the directory: the PIN was not looked at
)

// The roles an Access names.
const (
	RoleDealer     = "dealer"
	RoleSupervisor = "supervisor"
)

// MaxAccessText is the longest operator id or reason an Access may carry.
const MaxAccessText = 64

// Access is one sign-in attempt or sign-out at the operator screen.
type Access struct {
	Event   string `json:"event"`             // AccessSignIn or AccessSignOut
	Outcome string `json:"outcome,omitempty"` // sign_in: what the attempt came to
	// Role is the role signed in or signing out: dealer or supervisor; "" for an attempt that
	// granted none.
	Role string `json:"role,omitempty"`
	// Person is the operator id typed at the screen (the casino's staff number), when one was.
	Person string `json:"person,omitempty"`
	// Reason is why a sign-out happened ("signed out", "idle", "shutdown", ...).
	Reason string `json:"reason,omitempty"`
	// Idle is, on a sign-out, how long the screen had stood unused, in Go's duration form
	// ("2m30s").
	Idle string `json:"idle,omitempty"`
}

func (a *Access) validate(m *Message) error {
	switch a.Event {
	case AccessSignIn:
		switch a.Outcome {
		case OutcomeGranted:
			if a.Role == "" {
				return invalid(m, "sign-in granted with no role")
			}
		case OutcomeWrongPIN, OutcomeLockedOut, OutcomeLocked, OutcomeUnknownID, OutcomeInactive:
			if a.Role != "" {
				return invalid(m, "sign-in %s with role %q", a.Outcome, a.Role)
			}
		default:
			return invalid(m, "sign-in outcome %.20q, want granted, wrong_pin, lockout, locked, unknown_id or inactive", a.Outcome)
		}
		if a.Idle != "" {
			return invalid(m, "a sign-in with an idle time")
		}
	case AccessSignOut:
		if a.Outcome != "" {
			return invalid(m, "a sign-out with an outcome")
		}
		if a.Role == "" {
			return invalid(m, "a sign-out with no role")
		}
	default:
		return invalid(m, "access event %.20q, want sign_in or sign_out", a.Event)
	}
	switch a.Role {
	case "", RoleDealer, RoleSupervisor:
	default:
		return invalid(m, "role %.20q, want dealer or supervisor", a.Role)
	}
	for _, f := range []struct{ name, v string }{{"person", a.Person}, {"reason", a.Reason}, {"idle", a.Idle}} {
		if !printable(f.v, MaxAccessText) {
			return invalid(m, "%s %.80q: at most %d printable ASCII characters", f.name, f.v, MaxAccessText)
		}
	}
	return nil
}
