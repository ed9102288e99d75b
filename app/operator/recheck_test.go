package operator

import (
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
)

// recording is a Table that keeps what the session sends (sign-ins and sign-outs here) and
// takes it all.
type recording struct{ msgs []table.Msg }

func (r *recording) Do(m table.Msg) table.Result { r.msgs = append(r.msgs, m); return table.Result{} }
func (r *recording) Snapshot() view.Operator     { return view.Operator{} }

// rolePINs are the hashes of the role PINs the tests sign in with: the dealer's 2468 and the
// supervisor's 97531.
func rolePINs(t *testing.T) (dealer, super string) {
	t.Helper()
	dealer, err := access.HashPIN("2468")
	if err != nil {
		t.Fatal(err)
	}
	super, err = access.HashPIN("97531")
	if err != nil {
		t.Fatal(err)
	}
	return dealer, super
}

// TestRecheckSignsOutWhomTheDirectoryDeactivates: a person of the pit's directory deactivated
// while signed in is signed out at the next Recheck, journalled as "deactivated" and worded for
// the PIN pad; a person still active, an operator of a role PIN, and nobody signed in stay as
// they are.
func TestRecheckSignsOutWhomTheDirectoryDeactivates(t *testing.T) {
	at := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	var dir *people.Directory
	var err error
	for _, c := range []people.Change{
		{ID: "17", Name: "Ana Lima", Role: people.RoleDealer, PIN: "4821"},
		{ID: "4", Name: "Wei Chen", Role: people.RoleSupervisor, PIN: "90210"},
	} {
		if dir, err = dir.Add(c, at, "installer"); err != nil {
			t.Fatal(err)
		}
	}
	without17, err := dir.Deactivate("17", at, "pit")
	if err != nil {
		t.Fatal(err)
	}
	dealer, super := rolePINs(t)
	for _, tc := range []struct {
		name    string
		before  *people.Directory // the directory at sign-in (nil: the role PINs)
		id, pin string            // "" : nobody signs in
		after   *people.Directory // the directory when Recheck runs
		out     bool
		why     string
	}{
		{"deactivated dealer", dir, "17", "4821", without17, true, "Operator 17 is deactivated: see a supervisor"},
		{"another person deactivated", dir, "4", "90210", without17, false, ""},
		{"still active", dir, "17", "4821", dir, false, ""},
		{"role PIN", nil, "1", "2468", without17, false, ""},
		{"nobody signed in", dir, "", "", without17, false, ""},
		{"the directory gone", dir, "17", "4821", nil, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := access.NewGuard(dealer, super, 5, 5*time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			g.SetDirectory(tc.before)
			tbl := &recording{}
			s, err := NewSession(g, tbl, "$", func() time.Time { return at })
			if err != nil {
				t.Fatal(err)
			}
			if tc.id != "" {
				if _, err := s.SignIn(tc.id, tc.pin); err != nil {
					t.Fatal(err)
				}
			}
			role := s.Role()
			g.SetDirectory(tc.after)
			why, out := s.Recheck()
			if out != tc.out || why.English() != tc.why {
				t.Fatalf("Recheck = %q, %v; want %q, %v", why.English(), out, tc.why, tc.out)
			}
			if tc.out {
				if s.Role() != access.NoRole || s.Operator() != "" {
					t.Fatalf("still signed in: %s %q", s.Role(), s.Operator())
				}
				last := tbl.msgs[len(tbl.msgs)-1]
				e, err := access.DecodeEntry(last.Access)
				if err != nil {
					t.Fatal(err)
				}
				if e.Event != access.EventSignOut || last.Reason != Deactivated || last.Actor.ID != tc.id {
					t.Fatalf("the last record is %+v %q by %+v; want a sign-out, %q, by %s", e, last.Reason, last.Actor, Deactivated, tc.id)
				}
				return
			}
			if s.Role() != role {
				t.Fatalf("role %s after Recheck, was %s", s.Role(), role)
			}
			if n := len(tbl.msgs); tc.id != "" && n != 1 || tc.id == "" && n != 0 {
				t.Fatalf("%d records; want only the sign-in", n)
			}
		})
	}
}
