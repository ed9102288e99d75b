// Package testpin makes the tests' PIN hashes: bcrypt at its lowest cost. A test exercises the
// checks, not the cost, and the kiosk's cost (people.BcryptCost, ~50 ms on its mini PC) made
// each hash and sign-in seconds long under -race. Tests that need the kiosk's own cost hash
// with people.HashPIN.
package testpin

import (
	"testing"

	"golang.org/x/crypto/bcrypt"
)

// Hash is a bcrypt hash of pin at bcrypt's lowest cost; it fails t if bcrypt does.
func Hash(t testing.TB, pin string) string {
	t.Helper()
	h, err := bcrypt.GenerateFromPassword([]byte(pin), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	return string(h)
}
