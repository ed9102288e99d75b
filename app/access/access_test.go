package access

import (
	"errors"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/coupboard/coupboard/internal/testpin"
)

func TestCheckRolesAndLockout(t *testing.T) {
	g, err := NewGuard(testpin.Hash(t, "1111"), testpin.Hash(t, "9999"), 5, 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	if r, err := g.Check("1111", t0); err != nil || r != Dealer {
		t.Fatalf("dealer PIN: %v %v", r, err)
	}
	if r, err := g.Check("9999", t0); err != nil || r != Supervisor {
		t.Fatalf("supervisor PIN: %v %v", r, err)
	}
	for i := 1; i <= 4; i++ {
		if _, err := g.Check("0000", t0); !errors.Is(err, ErrWrongPIN) {
			t.Fatalf("wrong PIN %d: %v", i, err)
		}
	}
	if _, err := g.Check("0000", t0); !errors.Is(err, ErrLocked) {
		t.Fatalf("fifth wrong PIN should lock: %v", err)
	}
	// While locked even the right PIN is refused.
	if r, err := g.Check("9999", t0.Add(4*time.Minute)); !errors.Is(err, ErrLocked) || r != NoRole {
		t.Fatalf("locked guard accepted a PIN: %v %v", r, err)
	}
	if g.LockedUntil(t0).IsZero() {
		t.Fatal("LockedUntil is zero while locked")
	}
	if r, err := g.Check("9999", t0.Add(5*time.Minute)); err != nil || r != Supervisor {
		t.Fatalf("after the lockout: %v %v", r, err)
	}
}

func TestRightPINResetsCount(t *testing.T) {
	g, _ := NewGuard(testpin.Hash(t, "1111"), "", 3, time.Minute)
	now := time.Unix(0, 0)
	g.Check("2", now)
	g.Check("2", now)
	if _, err := g.Check("1111", now); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Check("2", now); !errors.Is(err, ErrWrongPIN) {
		t.Fatalf("count was not reset: %v", err)
	}
	// An empty supervisor hash disables the role: no PIN reaches it.
	if r, _ := g.Check("", now); r != NoRole {
		t.Fatalf("empty PIN matched %v", r)
	}
}

func TestHashPIN(t *testing.T) {
	h, err := HashPIN("4821")
	if err != nil {
		t.Fatal(err)
	}
	if bcrypt.CompareHashAndPassword([]byte(h), []byte("4821")) != nil {
		t.Fatal("hash does not verify")
	}
	for _, bad := range []string{"12", "12a4", "1234567890123"} {
		if _, err := HashPIN(bad); err == nil {
			t.Errorf("HashPIN(%q) accepted", bad)
		}
	}
	if _, err := NewGuard("not-a-hash", "", 5, time.Minute); err == nil {
		t.Error("NewGuard accepted a bad hash")
	}
}

func TestRoleAllows(t *testing.T) {
	if !Supervisor.Allows(Dealer) || Dealer.Allows(Supervisor) || NoRole.Allows(Dealer) || Dealer.Allows(NoRole) {
		t.Fatal("role order wrong")
	}
}
