//go:build fixtures

package serialin

// Regenerates the capture fixtures under testdata/: go test -tags fixtures -run TestWriteFixtures ./serialin
// The expectations (*.script, *.want) are written by hand, not by this generator.

import (
	"context"
	"os"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

func TestWriteFixtures(t *testing.T) {
	for _, proto := range []string{"csp1", "cardline"} {
		src, err := os.ReadFile("testdata/" + proto + "/shoe.script")
		if err != nil {
			t.Fatal(err)
		}
		toks, err := engine.ParseScript(string(src))
		if err != nil {
			t.Fatal(err)
		}
		sim := NewSim(1)
		sim.Protocol, sim.Speed = proto, 0
		var b bufLine
		sim.Start(&b)
		if err := sim.Play(context.Background(), &b, ScriptMessages(toks, Pace{})); err != nil {
			t.Fatal(err)
		}
		os.WriteFile("testdata/"+proto+"/shoe.cap", b.Bytes(), 0o644)
	}
	helo := Frame("HELO", 0, "ACME", "SHOE-8", "1.2.0", "CSP1")
	faulty := cat(
		[]byte("\x00\xff\xffAT\r\n"), // modem probe on power-up: noise 7
		helo, helo,                   // HELO and its resend
		Frame("STAT", 1, "NEWSHOE"),
		Frame("CARD", 2, "3H"),
		[]byte("$CARD,0003,4D*0000\r\n"), // bad CRC: lost
		Frame("CARD", 4, "9S"),
		Frame("CARD", 5, "QC"), Frame("CARD", 5, "QC"), Frame("CARD", 5, "QC"), // sent 3 times
		Frame("CARD", 6, "2C", "P1"),
		Frame("CARD", 6, "2D", "P1"), // conflict
		[]byte("$CARD,0007,K"),       // cut off: partial
		Frame("CARD", 8, "5H", "P2"),
		Frame("CARD", 9, "ZZ", "B2"),  // misread
		Frame("CARD", 12, "3D", "B3"), // gap of 2 (10, 11)
		Frame("CARD", 11, "7H"),       // stale
		Frame("HBT", 13, "400"),
		Frame("HELO", 0, "ACME", "SHOE-8", "1.2.1", "CSP1"), // reboot mid-shoe
		Frame("CARD", 1, "AH"),
	)
	os.WriteFile("testdata/csp1/faulty.cap", faulty, 0o644)
	os.WriteFile("testdata/cardline/faulty.cap", []byte("9H\r\n9H\r\n\x00\xff\r\nZZ\r\nKD\r\n1S\r\n"+"K\x00D\r\n2C\r\n"), 0o644)
}
