package console

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/internal/bustest"
)

// TestDirectoryPeopleOnARealBus: the console signs people in from the pit's operator
// directory in its bucket on a real server — the tables' people — and a person deactivated at
// the pit is refused at the next sign-in; only active supervisors may give commands.
func TestDirectoryPeopleOnARealBus(t *testing.T) {
	srv := bustest.Start(t, bus.ServerConfig{Managers: []bus.Credential{{User: "pit", Password: "secret-p"}}})
	dirs := bustest.Manage(t, srv, "pit", "secret-p")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	clock := time.Date(2026, 11, 26, 21, 0, 0, 0, time.UTC)
	dp, err := NewDirectoryPeople(dirs, Lockout{Attempts: 2, Lock: time.Minute}, func() time.Time { return clock })
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dp.Authenticate(ctx, "42", "4821"); !errors.Is(err, ErrBadCredentials) {
		t.Fatalf("no directory yet: %v", err)
	}
	for _, c := range []people.Change{
		{ID: "42", Name: "Sam Chen", Role: people.RoleSupervisor, PIN: "4821"},
		{ID: "17", Name: "Ana Lima", Role: people.RoleDealer, PIN: "1357"},
	} {
		if _, err := dirs.Add(ctx, c, "installer"); err != nil {
			t.Fatal(err)
		}
	}
	p, err := dp.Authenticate(ctx, "42", "4821")
	if err != nil || p != (Person{ID: "42", Name: "Sam Chen", Role: RoleSupervisor}) {
		t.Fatalf("a supervisor of the directory: %+v %v", p, err)
	}
	if err := dp.Check(ctx, "42"); err != nil {
		t.Errorf("the supervisor may give commands: %v", err)
	}
	if p, err := dp.Authenticate(ctx, "17", "1357"); err != nil || p.Role != RoleDealer {
		t.Errorf("a dealer signs in: %+v %v", p, err)
	}
	if err := dp.Check(ctx, "17"); !errors.Is(err, pitcmd.ErrUnknownPerson) {
		t.Errorf("a dealer gives commands: %v", err)
	}
	if _, err := dp.Authenticate(ctx, "17", "0000"); !errors.Is(err, ErrBadCredentials) {
		t.Errorf("a wrong PIN: %v", err)
	}
	var locked *LockedError
	if _, err := dp.Authenticate(ctx, "17", "0001"); !errors.As(err, &locked) {
		t.Errorf("the second wrong PIN locks the id: %v", err)
	}
	if _, err := dp.Authenticate(ctx, "42", "4821"); err != nil {
		t.Errorf("another id is not locked: %v", err)
	}
	if _, err := dirs.Deactivate(ctx, "42", "installer"); err != nil {
		t.Fatal(err)
	}
	if _, err := dp.Authenticate(ctx, "42", "4821"); !errors.Is(err, ErrBadCredentials) {
		t.Errorf("deactivated at the pit, still signs in: %v", err)
	}
	if err := dp.Check(ctx, "42"); !errors.Is(err, pitcmd.ErrUnknownPerson) {
		t.Errorf("deactivated at the pit, still gives commands: %v", err)
	}
}
