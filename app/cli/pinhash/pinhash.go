// Package pinhash is the `coupboard pin-hash` command: it reads a PIN from standard input
// (never from the command line, where it would stay in the shell history) and prints the
// bcrypt hash to put in the configuration's [operator] section.
package pinhash

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/coupboard/coupboard/app/access"
)

// Run executes `coupboard pin-hash`.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("pin-hash", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: coupboard pin-hash < pinfile   (reads one PIN of 4-12 digits from standard input)")
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && err != io.EOF {
		return fmt.Errorf("read PIN: %w", err)
	}
	h, err := access.HashPIN(strings.TrimSpace(line))
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(stdout, h)
	return err
}
