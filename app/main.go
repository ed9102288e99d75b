package app

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/coupboard/coupboard/app/cli/acceptloss"
	"github.com/coupboard/coupboard/app/cli/analyze"
	"github.com/coupboard/coupboard/app/cli/audit"
	"github.com/coupboard/coupboard/app/cli/backup"
	"github.com/coupboard/coupboard/app/cli/export"
	"github.com/coupboard/coupboard/app/cli/pinhash"
	"github.com/coupboard/coupboard/app/cli/replay"
	"github.com/coupboard/coupboard/app/cli/roads"
	"github.com/coupboard/coupboard/app/cli/setup"
	"github.com/coupboard/coupboard/app/cli/shoesim"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/internal/buildinfo"
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
		"analyze": {"exact odds and house edges for a profile and a number of decks", analyze.Run},
		"audit":   {"check the journal's hash chain and name the first bad record (audit verify)", audit.Run},
		"backup": {backup.Summary, func(args []string, in io.Reader, out, errw io.Writer) error {
			return backup.Run(args, in, out, errw, backupEnv())
		}},
		"restore": {backup.RestoreSummary, func(args []string, in io.Reader, out, errw io.Writer) error {
			return backup.Restore(args, in, out, errw, backupEnv())
		}},
		"journal": {acceptloss.Summary, func(args []string, in io.Reader, out, errw io.Writer) error {
			return acceptloss.Run(args, in, out, errw, acceptloss.Env{
				Load:          func(path string) (*config.Config, string, error) { return loadConfig(runFlags{config: path}) },
				DirectoryCopy: directoryCopyPath, Now: time.Now})
		}},
		"export":   {"write a shoe's or a day's coups from the journal as CSV or JSON", export.Run},
		"pin-hash": {"print the bcrypt hash of a PIN read from standard input (for [operator])", pinhash.Run},
		"replay":   {"deal a shoe script under a rule profile and print every round and shoe event as JSON", replay.Run},
		"roads":    {roads.Summary, roads.Run},
		"setup": {setup.Summary, func(args []string, in io.Reader, out, errw io.Writer) error {
			return setup.Run(args, in, out, errw, setup.DefaultEnv(validateTable, tableDirectoryCopy))
		}},
		"shoe-sim": {shoesim.Summary, shoesim.Run},
	}
}

// backupEnv lets backup and restore read the table's configuration as the table does.
func backupEnv() backup.Env {
	return backup.Env{Load: func(path string) (*config.Config, string, error) { return loadConfig(runFlags{config: path}) }, Now: time.Now}
}

// Main runs the coupboard command line with args (without the program name) and returns
// the process exit code: 0 on success, 1 on a failure, 2 on a usage error.
func Main(args []string, in io.Reader, out, errw io.Writer) int {
	std := Stdio{In: in, Out: out, Err: errw}
	cmds := commands()
	if len(args) > 0 && (args[0] == "--version" || args[0] == "-version" || args[0] == "version") {
		fmt.Fprint(out, buildinfo.Read("coupboard"))
		return 0
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && args[0] != "-h" && args[0] != "--help" {
		// No subcommand: the table display itself.
		if err := runTable(args, out, errw); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			if errors.Is(err, errDrained) {
				fmt.Fprintf(errw, "coupboard: %v\n", err)
				return ExitDrained
			}
			fmt.Fprintf(errw, "coupboard: %v\n", err)
			return 1
		}
		return 0
	}
	if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(errw, cmds)
		fmt.Fprintln(errw, "\nthe table display's flags: coupboard --demo -h")
		return 0
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(errw, "coupboard: unknown command %q\n", args[0])
		usage(errw, cmds)
		return 2
	}
	if err := c.run(args[1:], std.In, std.Out, std.Err); errors.Is(err, flag.ErrHelp) {
		return 0 // -h: the command printed its usage
	} else if err != nil {
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
	b.WriteString("usage: coupboard [--config FILE] [--demo] [--kiosk] [--headless]   run the table display\n       coupboard --version                                          version, commit, build date, Go and Fyne\n       coupboard COMMAND [flags]\n\ncommands:\n")
	for _, n := range names {
		fmt.Fprintf(&b, "  %-10s %s\n", n, cmds[n].summary)
	}
	fmt.Fprint(w, b.String())
}
