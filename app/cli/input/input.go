// Package input reads the text a command is given (hands for `roads`, shoe scripts for
// `replay`, `shoe-sim` and the simulated shoe) a line at a time and within bounds: a line
// too long, or too much of it, is an error naming the line as soon as it is read, so memory
// stays bounded whatever the input (/dev/zero, a multi-gigabyte file).
package input

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/coupboard/coupboard/engine"
)

// MaxLine is the longest line, in bytes, any command reads.
const MaxLine = 64 << 10

// MaxTokens is the most tokens a shoe script may hold: about 600 8-deck shoes, far more than
// a table deals in a day.
const MaxTokens = 250_000

// ErrTooLong is wrapped by the errors for input past a bound.
var ErrTooLong = errors.New("input too long")

// Lines calls fn with each line of r (without its line end) and its 1-based number, reading
// one line at a time into a buffer of MaxLine bytes. A longer line is an error naming it;
// an error from fn stops the reading and is returned as is.
func Lines(r io.Reader, fn func(n int, line string) error) error {
	br := bufio.NewReaderSize(r, MaxLine+1)
	for n := 1; ; n++ {
		b, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			return fmt.Errorf("line %d: %w: longer than %d bytes", n, ErrTooLong, MaxLine)
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("line %d: %w", n, err)
		}
		if len(b) > 0 || err == nil {
			line := strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r")
			if ferr := fn(n, line); ferr != nil {
				return ferr
			}
		}
		if err != nil { // io.EOF
			return nil
		}
	}
}

// Open is the input a command names: standard input for "-", else the file.
func Open(name string, stdin io.Reader) (io.Reader, func(), error) {
	if name == "-" {
		return stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

// MaxScriptBytes is the most bytes of a shoe script, comments and blank lines included.
const MaxScriptBytes = 64 << 20

// Script reads a shoe script (spec/shoe-protocol.md §4) from r a line at a time: the tokens
// of engine.ParseScript, with their line numbers, at most MaxTokens of them in at most
// MaxScriptBytes. A malformed line is the engine's *engine.ScriptError naming it.
func Script(r io.Reader) ([]engine.Token, error) { return script(r, MaxTokens, MaxScriptBytes) }

func script(r io.Reader, maxTokens int, maxBytes int64) ([]engine.Token, error) {
	var toks []engine.Token
	var read int64
	err := Lines(r, func(n int, line string) error {
		if read += int64(len(line)) + 1; read > maxBytes {
			return fmt.Errorf("line %d: %w: more than %d bytes", n, ErrTooLong, maxBytes)
		}
		lt, err := engine.ParseScript(line)
		if err != nil {
			var se *engine.ScriptError
			if errors.As(err, &se) {
				se.Line = n
			}
			return err
		}
		if len(toks)+len(lt) > maxTokens {
			return fmt.Errorf("line %d: %w: more than %d tokens; split the script", n, ErrTooLong, maxTokens)
		}
		for _, t := range lt {
			t.Line = n
			t.Text = strings.Clone(t.Text) // keep the token, not the whole line
			toks = append(toks, t)
		}
		return nil
	})
	return toks, err
}
