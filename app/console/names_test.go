package console

import (
	"context"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/internal/bustest"
)

// TestNamers: the people file and the pit's operator directory (on a real bus) name a person
// by id, active or not, for the postings the console did not see made; an id they do not hold
// has no name.
func TestNamers(t *testing.T) {
	file, err := LoadPeople(peopleFile(t), DefaultLockout, nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := bustest.Start(t, bus.ServerConfig{Managers: []bus.Credential{{User: "pit", Password: "secret-p"}}})
	dirs := bustest.Manage(t, srv, "pit", "secret-p")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	dir, err := NewDirectoryPeople(dirs, DefaultLockout, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n, ok := dir.Name(ctx, "42"); ok {
		t.Fatalf("a pit with no directory yet names 42 %q", n)
	}
	for _, c := range []people.Change{
		{ID: "42", Name: "Sam Chen", Role: people.RoleSupervisor, PIN: "4821"},
		{ID: "17", Name: "Ana Lima", Role: people.RoleDealer, PIN: "1357"},
	} {
		if _, err := dirs.Add(ctx, c, "installer"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := dirs.Deactivate(ctx, "17", "installer"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		namer Namer
		id    string
		want  string
		ok    bool
	}{
		{"file: a supervisor", file, "101", "Ana Lee", true},
		{"file: a dealer", file, "207", "Bo Chen", true},
		{"file: inactive", file, "109", "Old Hand", true},
		{"file: unknown", file, "999", "", false},
		{"directory: a supervisor", dir, "42", "Sam Chen", true},
		{"directory: deactivated", dir, "17", "Ana Lima", true},
		{"directory: unknown", dir, "101", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if n, ok := tc.namer.Name(ctx, tc.id); n != tc.want || ok != tc.ok {
				t.Errorf("Name(%s) = %q, %v; want %q, %v", tc.id, n, ok, tc.want, tc.ok)
			}
		})
	}
}
