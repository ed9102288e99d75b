// Package cli holds what the coupboard subcommands under app/cli share: the check that a
// command with subcommands (coupboard audit verify, coupboard journal accept-loss) was given one.
package cli

import (
	"fmt"
	"io"
	"strings"
)

// Subcommand checks that args (the arguments after a command's name) begin with one of the
// command's subcommands, want, and returns it with the arguments after it. With none, or another
// word, it prints usage to stderr and returns an error naming what is missing or wrong, e.g.
// "missing subcommand: verify" or `unknown subcommand "check": want verify`.
func Subcommand(args []string, usage string, stderr io.Writer, want ...string) (string, []string, error) {
	if len(args) > 0 {
		for _, w := range want {
			if args[0] == w {
				return w, args[1:], nil
			}
		}
	}
	fmt.Fprintln(stderr, usage)
	names := strings.Join(want, " or ")
	if len(args) == 0 {
		return "", nil, fmt.Errorf("missing subcommand: %s", names)
	}
	return "", nil, fmt.Errorf("unknown subcommand %q: want %s", args[0], names)
}
