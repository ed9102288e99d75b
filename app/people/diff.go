package people

import (
	"fmt"
	"strings"
)

// What one version of the directory changed for one person (Delta.What).
const (
	Added       = "added"
	Deactivated = "deactivated"
	Reactivated = "reactivated"
	PINReset    = "pin_reset"
	Renamed     = "renamed"
	RoleChanged = "role_changed"
	Removed     = "removed" // not made by this package's functions: a directory written by other means
)

// Delta is what one version of the directory changed for one person: the pit's record of who
// changed whom (Diff), never a PIN or its hash.
type Delta struct {
	ID   string   `json:"id"`
	Name string   `json:"name"` // the person's name in the newer version (the older one when Removed)
	Role string   `json:"role"` // the person's role in the newer version
	What []string `json:"what"` // Added, Deactivated, …, in that order
}

// String is the delta in words, for the pit's logs and `pitserver directory history`.
func (d Delta) String() string {
	return fmt.Sprintf("%s (%s, %s): %s", d.ID, d.Name, d.Role, strings.Join(d.What, ", "))
}

// Diff is what next changed against prev (nil: an empty directory), person by person in order
// of id: who was added, deactivated, reactivated, given a new PIN, renamed or given another
// role (and removed, which only a directory written by other means can do).
func Diff(prev, next *Directory) []Delta {
	var old, cur []Person
	if prev != nil {
		old = prev.People
	}
	if next != nil {
		cur = next.People
	}
	var out []Delta
	i, j := 0, 0
	for i < len(old) || j < len(cur) {
		switch {
		case j == len(cur) || (i < len(old) && old[i].ID < cur[j].ID):
			out = append(out, Delta{ID: old[i].ID, Name: old[i].Name, Role: old[i].Role, What: []string{Removed}})
			i++
		case i == len(old) || cur[j].ID < old[i].ID:
			out = append(out, Delta{ID: cur[j].ID, Name: cur[j].Name, Role: cur[j].Role, What: []string{Added}})
			j++
		default:
			o, n := old[i], cur[j]
			var what []string
			switch {
			case o.Active && !n.Active:
				what = append(what, Deactivated)
			case !o.Active && n.Active:
				what = append(what, Reactivated)
			}
			if o.PINHash != n.PINHash {
				what = append(what, PINReset)
			}
			if o.Name != n.Name {
				what = append(what, Renamed)
			}
			if o.Role != n.Role {
				what = append(what, RoleChanged)
			}
			if len(what) > 0 {
				out = append(out, Delta{ID: n.ID, Name: n.Name, Role: n.Role, What: what})
			}
			i++
			j++
		}
	}
	return out
}
