package pinhash

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"
)

func TestRun(t *testing.T) {
	var out, errb bytes.Buffer
	if err := Run(nil, strings.NewReader("2468\n"), &out, &errb); err != nil {
		t.Fatal(err)
	}
	if bcrypt.CompareHashAndPassword([]byte(strings.TrimSpace(out.String())), []byte("2468")) != nil {
		t.Fatalf("printed %q, not a hash of the PIN", out.String())
	}
	if strings.Contains(out.String()+errb.String(), "2468") {
		t.Fatal("the PIN was printed")
	}
	if err := Run(nil, strings.NewReader("12x4\n"), &out, &errb); err == nil {
		t.Fatal("accepted a non-numeric PIN")
	}
}
