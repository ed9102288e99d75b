package roads

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/app/cli/input"
	"github.com/coupboard/coupboard/roadmap"
)

// endless repeats a pattern for ever (/dev/zero is "\x00").
type endless struct {
	pattern string
	off     int
}

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.pattern[e.off%len(e.pattern)]
		e.off++
	}
	return len(p), nil
}

// TestInputIsBounded: input past a bound is refused naming its line, after reading and
// allocating a bounded amount. Before issue 21 `roads --input /dev/zero` read 17-19 GB and
// 10 MB of hands took 5.3 GB.
func TestInputIsBounded(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   io.Reader
		want string
	}{
		{"/dev/zero", &endless{pattern: "\x00"}, "standard input: line 1: input too long: longer than 65536 bytes"},
		{"10 MB of hands on lines", io.LimitReader(&endless{pattern: "BBPPTbB\n"}, 10<<20), "standard input: line 1667: input too long: more than 10000 hands"},
		{"endless hands on lines", &endless{pattern: "B\n"}, "line 10001: input too long: more than 10000 hands"},
		{"endless blank lines", &endless{pattern: " \n"}, "more than 1048576 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			var out bytes.Buffer
			err := Run([]string{"--input", "-"}, tc.in, &out, io.Discard)
			runtime.ReadMemStats(&after)
			if err == nil || !errors.Is(err, input.ErrTooLong) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("roads: %v, want %q", err, tc.want)
			}
			if out.Len() > 0 {
				t.Errorf("printed %d bytes with an error", out.Len())
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 16<<20 {
				t.Errorf("allocated %d bytes, want at most 16 MiB", n)
			}
		})
	}
	// The most hands it takes are drawn.
	if _, err := run(t, strings.Repeat("BP\n", MaxHands/2), "--input", "-"); err != nil {
		t.Fatalf("%d hands: %v", MaxHands, err)
	}
}

// FuzzReadHands checks that reading hands a line at a time gives exactly what the notation
// parser makes of the whole text, and the same error position.
func FuzzReadHands(f *testing.F) {
	for _, s := range []string{"BBbPTpP", "B\nb", "BP\r\nPx", "\n\nT", "Bbb", "pB", "B\x00P"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		text, _, err := readHands("-", nil, strings.NewReader(s))
		if err != nil {
			if !errors.Is(err, input.ErrTooLong) {
				t.Fatalf("readHands(%q): %v", s, err)
			}
			return
		}
		got, gerr := roadmap.ParseHands(text)
		want, werr := roadmap.ParseHands(strings.ReplaceAll(s, "\r\n", "\n"))
		if (gerr == nil) != (werr == nil) || len(got) != len(want) {
			t.Fatalf("read a line at a time %q: %d hands, %v; whole text: %d hands, %v", s, len(got), gerr, len(want), werr)
		}
		var a, b *roadmap.ParseError
		if errors.As(gerr, &a) && errors.As(werr, &b) && (a.Line != b.Line || a.Column != b.Column) {
			t.Fatalf("%q: error at line %d column %d, whole text at %d:%d", s, a.Line, a.Column, b.Line, b.Column)
		}
	})
}
