package input

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

// endless is an input that never ends: a pattern repeated for ever (/dev/zero is "\x00").
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

// allocated runs fn and returns the bytes it allocated.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestLines(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"a", []string{"a"}},
		{"a\n", []string{"a"}},
		{"a\r\nb\n\nc", []string{"a", "b", "", "c"}},
		{strings.Repeat("x", MaxLine) + "\ny", []string{strings.Repeat("x", MaxLine), "y"}},
	} {
		var got []string
		err := Lines(strings.NewReader(tc.in), func(n int, line string) error {
			if n != len(got)+1 {
				t.Errorf("%q: line %d numbered %d", tc.in, len(got)+1, n)
			}
			got = append(got, line)
			return nil
		})
		if err != nil || strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("Lines(%.20q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

// TestEndlessInputIsRefused: /dev/zero and an endless script are refused, naming the line,
// after reading a bounded amount (issue 21: `roads`/`replay` read 17-19 GB of /dev/zero).
func TestEndlessInputIsRefused(t *testing.T) {
	for _, tc := range []struct {
		name, pattern, want string
		tokens              int
		bytes               int64
		limit               uint64
	}{
		{"/dev/zero", "\x00", "line 1: input too long: longer than 65536 bytes", MaxTokens, MaxScriptBytes, 1 << 20},
		{"one long line of cards", "AS ", "line 1: input too long", MaxTokens, MaxScriptBytes, 1 << 20},
		{"endless lines of cards", "AS KD 9H 2C\n", "line 2501: input too long: more than 10000 tokens", 10_000, MaxScriptBytes, 4 << 20},
		{"endless comments", "# a comment\n", "line 87382: input too long: more than 1048576 bytes", MaxTokens, 1 << 20, 8 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			n := allocated(func() { _, err = script(io.LimitReader(&endless{pattern: tc.pattern}, 1<<30), tc.tokens, tc.bytes) })
			if err == nil || !errors.Is(err, ErrTooLong) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Script(%s) = %v, want %q", tc.name, err, tc.want)
			}
			if n > tc.limit {
				t.Errorf("Script(%s) allocated %d bytes, want at most %d", tc.name, n, tc.limit)
			}
		})
	}
}

func TestScriptNamesTheLine(t *testing.T) {
	toks, err := Script(strings.NewReader("shoe\n\n# burn\n3H 4D@P1 9S\nvoid 2 QC\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(toks) != 6 || toks[0].Line != 1 || toks[3].Line != 4 || toks[4].N != 2 || toks[5].Text != "QC" || toks[5].Line != 5 {
		t.Fatalf("tokens %+v", toks)
	}
	_, err = Script(strings.NewReader("shoe\n3H\n4D ZZ\n"))
	var se *engine.ScriptError
	if !errors.As(err, &se) || se.Line != 3 || se.Token != "ZZ" {
		t.Fatalf("bad token on line 3: %v", err)
	}
}

// FuzzScript checks that reading a script a line at a time gives exactly the tokens of
// engine.ParseScript on the whole text, or the same error line.
func FuzzScript(f *testing.F) {
	for _, s := range []string{"shoe\n3H 4D 9S QC\n", "void 12\r\nAS", "# c\n\n9H@P3", "ZZ", "void\n3", "shoe cut burn\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := Script(strings.NewReader(s))
		want, werr := engine.ParseScript(s)
		if (err == nil) != (werr == nil) {
			t.Fatalf("Script(%q) error %v, ParseScript %v", s, err, werr)
		}
		if err != nil {
			var a, b *engine.ScriptError
			if errors.As(err, &a) && errors.As(werr, &b) && a.Line != b.Line {
				t.Fatalf("Script(%q) names line %d, ParseScript %d", s, a.Line, b.Line)
			}
			return
		}
		if len(got) != len(want) {
			t.Fatalf("Script(%q) = %d tokens, ParseScript %d", s, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("Script(%q) token %d = %+v, ParseScript %+v", s, i, got[i], want[i])
			}
		}
	})
}
