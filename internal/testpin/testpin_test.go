package testpin

import (
	"testing"

	"golang.org/x/crypto/bcrypt"
)

// A hash is at the lowest cost and matches its PIN only.
func TestHash(t *testing.T) {
	h := Hash(t, "2468")
	if c, err := bcrypt.Cost([]byte(h)); err != nil || c != bcrypt.MinCost {
		t.Fatalf("cost %d, %v: want %d", c, err, bcrypt.MinCost)
	}
	if bcrypt.CompareHashAndPassword([]byte(h), []byte("2468")) != nil {
		t.Error("the PIN does not match its hash")
	}
	if bcrypt.CompareHashAndPassword([]byte(h), []byte("2469")) == nil {
		t.Error("another PIN matches the hash")
	}
}
