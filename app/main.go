package app

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/coupboard/coupboard/app/cli/pinhash"
)

// Stdio is the standard streams a command reads and writes; tests pass buffers.
type Stdio struct {
	In       io.Reader
	Out, Err io.Writer
}

// command is one subcommand of the coupboard binary.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

// commands lists the subcommands. Each is implemented in its own package under app/cli.
func commands() map[string]command {
	return map[string]command{
		"pin-hash": {"print the bcrypt hash of a PIN read from standard input (for [operator])", pinhash.Run},
	}
}

// Main runs the coupboard command line with args (without the program name) and returns
// the process exit code: 0 on success, 1 on a failure, 2 on a usage error.
func Main(args []string, in io.Reader, out, errw io.Writer) int {
	std := Stdio{In: in, Out: out, Err: errw}
	cmds := commands()
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(errw, cmds)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(errw, "coupboard: unknown command %q\n", args[0])
		usage(errw, cmds)
		return 2
	}
	if err := c.run(args[1:], std.In, std.Out, std.Err); err != nil {
		fmt.Fprintf(errw, "coupboard %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

func usage(w io.Writer, cmds map[string]command) {
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("usage: coupboard [command] [flags]\n\ncommands:\n")
	for _, n := range names {
		fmt.Fprintf(&b, "  %-10s %s\n", n, cmds[n].summary)
	}
	fmt.Fprint(w, b.String())
}
