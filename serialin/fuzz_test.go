package serialin

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// addCaptures seeds a fuzz target with the capture fixtures of an adapter.
func addCaptures(f *testing.F, proto string) {
	files, _ := filepath.Glob(filepath.Join("testdata", proto, "*.cap"))
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint8(7))
	}
}

// FuzzCSP1 checks the decoder on any bytes in any chunking: it never panics, never holds
// more than one frame, gives the same events however the bytes are split, and after any
// garbage decodes valid frames again (resync).
func FuzzCSP1(f *testing.F) {
	addCaptures(f, "csp1")
	f.Add([]byte("$CARD,0001,9H*F481\r\n"), uint8(1))
	f.Add([]byte("$$$***\r\n\n$CARD,00"), uint8(3))
	f.Add([]byte{0, 0xFF, '$', 0x80, '*', '\r'}, uint8(2))
	f.Fuzz(func(t *testing.T, garbage []byte, chunk uint8) {
		whole := &CSP1{}
		want := summary(whole.Feed(garbage))
		split := &CSP1{}
		size := int(chunk%16) + 1
		var evs []Event
		for i := 0; i < len(garbage); i += size {
			evs = append(evs, split.Feed(garbage[i:min(i+size, len(garbage))])...)
			if split.n > MaxFrame || split.n < 0 {
				t.Fatalf("buffer holds %d bytes", split.n)
			}
		}
		if got := summary(evs); got != want {
			t.Fatalf("chunks of %d: %s\nwhole: %s", size, got, want)
		}
		// Resync: two HELOs with different bodies (the second is always a restart) and a card.
		tail := cat(Frame("HELO", 0, "FUZZ", "A", "1", "CSP1"), Frame("HELO", 0, "FUZZ", "B", "1", "CSP1"), Frame("CARD", 1, "9H"))
		after := whole.Feed(tail)
		if len(after) < 2 {
			t.Fatalf("after garbage %q the decoder lost sync: %v", garbage, after)
		}
		last2 := after[len(after)-2:]
		if last2[0].Kind != KindHello || last2[0].Hello.Model != "B" || last2[1].Kind != KindCard || last2[1].Card.String() != "9H" {
			t.Fatalf("after garbage %q: %v", garbage, after)
		}
	})
}

// FuzzCardline is FuzzCSP1 for the cardline adapter.
func FuzzCardline(f *testing.F) {
	addCaptures(f, "cardline")
	f.Add([]byte("9H\r\nZZ\r\n"), uint8(1))
	f.Add([]byte{0, 0xFF, '9', 0x80, '\r'}, uint8(2))
	f.Fuzz(func(t *testing.T, garbage []byte, chunk uint8) {
		t0 := time.Unix(1000, 0)
		whole := &Cardline{}
		whole.SetNow(t0)
		want := summary(whole.Feed(garbage))
		split := &Cardline{}
		split.SetNow(t0)
		size := int(chunk%16) + 1
		var evs []Event
		for i := 0; i < len(garbage); i += size {
			evs = append(evs, split.Feed(garbage[i:min(i+size, len(garbage))])...)
			if split.n > cardlineMaxLine {
				t.Fatalf("buffer holds %d bytes", split.n)
			}
		}
		if got := summary(evs); got != want {
			t.Fatalf("chunks of %d: %s\nwhole: %s", size, got, want)
		}
		after := whole.Feed([]byte("\r\n")) // ends any partial line, read at t0
		whole.SetNow(t0.Add(time.Hour))     // outside any repeat window
		after = append(after, whole.Feed([]byte("9H\r\n"))...)
		if len(after) == 0 || summary(after[len(after)-1:]) != "card 9H" {
			t.Fatalf("after garbage %q the decoder lost sync: %v", garbage, after)
		}
	})
}
