package access

import (
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/internal/testpin"
)

// TestTableLimitConfigured: the table-wide limit's two numbers ([operator]
// table_lockout_factor and table_lockout_window_minutes) decide when wrong PINs over many ids
// lock the keypad for every id; impossible values are refused by name.
func TestTableLimitConfigured(t *testing.T) {
	hash := testpin.Hash(t, "1234")
	d := &people.Directory{Schema: people.Schema, Version: 2}
	for _, id := range []string{"1", "2", "3", "4", "5", "6", "7"} {
		d.People = append(d.People, people.Person{ID: id, Name: "P", Role: people.RoleDealer, PINHash: hash, Active: true})
	}
	t0 := time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name    string
		factor  int
		window  time.Duration
		gap     time.Duration // between the wrong PINs, each of another id
		lockAt  int           // the wrong PIN (1-based) that locks every id; 0: none of 7
		refused string
	}{
		{"default 3×2 in 15 min", 0, 0, time.Minute, 6, ""},
		{"factor 2: 4 wrong PINs", 2, 15 * time.Minute, time.Minute, 4, ""},
		{"factor 1: as many as one id's", 1, 15 * time.Minute, time.Minute, 2, ""},
		{"window 3 min: spread over 4 min, never", 2, 3 * time.Minute, time.Minute, 0, ""},
		{"window 60 min: spread over an hour", 3, time.Hour, 9 * time.Minute, 6, ""},
		{"negative factor", -1, time.Minute, 0, 0, "table-wide lockout factor -1"},
		{"negative window", 3, -time.Minute, 0, 0, "table-wide lockout window -1m0s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := NewGuard("", "", 2, 5*time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			err = g.SetTableLimit(tc.factor, tc.window)
			if tc.refused != "" {
				if err == nil || !strings.Contains(err.Error(), tc.refused) {
					t.Fatalf("SetTableLimit(%d, %v): %v, want %q", tc.factor, tc.window, err, tc.refused)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			g.SetDirectory(d)
			locked := 0
			for i, id := range []string{"1", "2", "3", "4", "5", "6", "7"} {
				a, _ := g.TryPerson(id, "0000", t0.Add(time.Duration(i)*tc.gap))
				if a.Table && a.Outcome == LockedOut {
					locked = i + 1
					break
				}
				if a.Outcome != WrongPIN {
					t.Fatalf("wrong PIN %d: %+v", i+1, a)
				}
			}
			if locked != tc.lockAt {
				t.Fatalf("every id locked at wrong PIN %d, want %d", locked, tc.lockAt)
			}
		})
	}
}
