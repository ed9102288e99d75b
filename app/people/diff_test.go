package people

import (
	"strings"
	"testing"
	"time"
)

// TestDiff: what a version changed, person by person.
func TestDiff(t *testing.T) {
	at := time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)
	d1, err := (*Directory)(nil).Add(Change{ID: "17", Name: "Ana Lima", Role: RoleDealer, PIN: "4821"}, at, "installer")
	if err != nil {
		t.Fatal(err)
	}
	d2, _ := d1.Add(Change{ID: "4", Name: "Wei Chen", Role: RoleSupervisor, PIN: "90210"}, at, "installer")
	d3, _ := d2.Deactivate("17", at, "1001 Ana Lee (pit console)")
	d4, _ := d3.Update(Change{ID: "17", PIN: "1111", Name: "Ana Lima-Wong", Role: RoleSupervisor}, at, "x")
	d5 := &Directory{Schema: Schema, Version: 5, People: d4.People[1:]}
	for _, tc := range []struct {
		prev, next *Directory
		want       string
	}{
		{nil, d1, "[17 (Ana Lima, dealer): added]"},
		{d1, d2, "[4 (Wei Chen, supervisor): added]"},
		{d2, d3, "[17 (Ana Lima, dealer): deactivated]"},
		{d3, d4, "[17 (Ana Lima-Wong, supervisor): reactivated, pin_reset, renamed, role_changed]"},
		{d4, d5, "[17 (Ana Lima-Wong, supervisor): removed]"},
		{d4, d4, "[]"},
	} {
		var got []string
		for _, d := range Diff(tc.prev, tc.next) {
			got = append(got, d.String())
		}
		if s := "[" + strings.Join(got, " ") + "]"; s != tc.want {
			t.Errorf("Diff: %s, want %s", s, tc.want)
		}
	}
}
