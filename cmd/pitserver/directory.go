package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/nats-io/nats.go"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/internal/noecho"
)

// directoryUsage is `pitserver directory`'s help.
const directoryUsage = `usage: pitserver directory --bus MANAGER.toml [--by NAME] COMMAND [flags]

Manage the pit's operator directory (who may sign in at the tables, with their own id and PIN).
The tables receive every change over the pit bus and keep a copy.

  add --id ID --name NAME --role dealer|supervisor    the PIN (4-12 digits) is read from standard input
  update --id ID [--name NAME] [--role ROLE] [--pin]  --pin: a new PIN from standard input; reactivates
  deactivate --id ID                                  the id may no longer sign in
  list                                                everyone, active or not (never a PIN)
  history [--last N]                                  the pit's record: each version, when, by whom,
                                                      and what it changed (default the last 50)

MANAGER.toml holds the pit manager's bus credentials ([[server.managers]] of the pit server):
  urls = ["nats://pit-1:4222"]
  user = "pit-manager"
  password = "..."          (or nkey_seed_file = "...", and [tls] ca_file = "...")
On a terminal the PIN is asked twice and not shown; otherwise one line is read: never put a PIN
on the command line, where it stays in the shell's history.
`

// runDirectory is `pitserver directory`: the installer's and the pit's command for the
// operator directory, over the bus with the manager's credentials.
func runDirectory(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("pitserver directory", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, directoryUsage) }
	busFile := fs.String("bus", "", "the pit manager's bus connection (TOML: urls, user, password or nkey_seed_file, [tls])")
	by := fs.String("by", os.Getenv("USER"), "who makes the change, for the directory's record")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *busFile == "" {
		return errors.New("directory: --bus: the pit manager's connection file is required")
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return errors.New("directory: a command is required: add, update, deactivate, list or history")
	}
	verb, rest := fs.Arg(0), fs.Args()[1:]
	cmd := flag.NewFlagSet("pitserver directory "+verb, flag.ContinueOnError)
	cmd.SetOutput(stderr)
	id := cmd.String("id", "", "the operator id (what they type at the table)")
	name := cmd.String("name", "", "the operator's name")
	role := cmd.String("role", "", "dealer or supervisor")
	newPIN := cmd.Bool("pin", false, "update: read a new PIN from standard input")
	last := cmd.Int("last", 50, fmt.Sprintf("history: how many versions, newest first (1 to %d)", bus.MaxHistory))
	if err := cmd.Parse(rest); err != nil {
		return err
	}
	if cmd.NArg() > 0 {
		return fmt.Errorf("directory %s: unexpected argument %q", verb, cmd.Arg(0))
	}
	if verb != "list" && verb != "history" && *id == "" {
		return fmt.Errorf("directory %s: --id is required", verb)
	}
	if *by == "" {
		*by = "pitserver directory"
	}

	conn, err := loadManagerConn(*busFile)
	if err != nil {
		return err
	}
	nc, err := bus.Connect(conn, nats.RetryOnFailedConnect(false), nats.MaxReconnects(0))
	if err != nil {
		return fmt.Errorf("directory: %w", err)
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	dirs, err := bus.OpenDirectories(ctx, nc, nil)
	if err != nil {
		return fmt.Errorf("directory: %w (are these the pit manager's credentials?)", err)
	}

	var d *people.Directory
	switch verb {
	case "add":
		pin, err := readPIN(stdin, stderr, *id)
		if err != nil {
			return err
		}
		d, err = dirs.Add(ctx, people.Change{ID: *id, Name: *name, Role: *role, PIN: pin}, *by)
		if err != nil {
			return fmt.Errorf("directory add: %w", err)
		}
	case "update":
		c := people.Change{ID: *id, Name: *name, Role: *role}
		if *newPIN {
			if c.PIN, err = readPIN(stdin, stderr, *id); err != nil {
				return err
			}
		}
		if d, err = dirs.Update(ctx, c, *by); err != nil {
			return fmt.Errorf("directory update: %w", err)
		}
	case "deactivate":
		if d, err = dirs.Deactivate(ctx, *id, *by); err != nil {
			return fmt.Errorf("directory deactivate: %w", err)
		}
	case "list":
		if d, err = dirs.List(ctx); err != nil {
			return fmt.Errorf("directory list: %w", err)
		}
		return printDirectory(stdout, d)
	case "history":
		h, err := dirs.History(ctx, *last)
		if err != nil {
			return fmt.Errorf("directory history: %w", err)
		}
		return printHistory(stdout, h)
	default:
		fs.Usage()
		return fmt.Errorf("directory: unknown command %q: want add, update, deactivate, list or history", verb)
	}
	p, _ := d.Lookup(*id)
	state := "active"
	if !p.Active {
		state = "inactive"
	}
	_, err = fmt.Fprintf(stdout, "operator %s (%s, %s, %s): directory version %d; the tables take it from the bus\n", p.ID, p.Name, p.Role, state, d.Version)
	return err
}

// ensureDirectory makes the operator directory's bucket as the pit's administrator, says
// which version it holds and returns it open (the console reads its people from it).
func ensureDirectory(ctx context.Context, admin *nats.Conn, srv *bus.Server, stdout io.Writer) (*bus.Directories, error) {
	if _, err := bus.EnsureDirectoryBucket(ctx, admin, srv.Replicas()); err != nil {
		return nil, err
	}
	dirs, err := bus.OpenDirectories(ctx, admin, nil)
	if err != nil {
		return nil, err
	}
	d, _, err := dirs.Current(ctx)
	switch {
	case errors.Is(err, bus.ErrNoDirectory):
		fmt.Fprintf(stdout, "pit server %s: operator directory empty: the tables use their role PINs until someone is added (pitserver directory add)\n", srv.Name())
	case err != nil:
		return nil, err
	default:
		fmt.Fprintf(stdout, "pit server %s: operator directory version %d, %d people\n", srv.Name(), d.Version, len(d.People))
	}
	return dirs, nil
}

// loadManagerConn reads the manager's connection file, refusing unknown keys by name.
func loadManagerConn(path string) (bus.ConnConfig, error) {
	var c bus.ConnConfig
	md, err := toml.DecodeFile(path, &c)
	if err != nil {
		return c, fmt.Errorf("directory: read %s: %w", path, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return c, fmt.Errorf("directory: read %s: unknown key %s", path, und[0])
	}
	if len(c.URLs) == 0 {
		return c, fmt.Errorf("directory: %s: urls: the pit server's URL is required", path)
	}
	if !c.HasCredentials() && !c.Open {
		return c, fmt.Errorf("directory: %s: no credentials (user and password, or nkey_seed_file): only the pit's manager may change the directory", path)
	}
	if c.Name == "" {
		c.Name = "pitserver directory"
	}
	return c, nil
}

// printDirectory lists the directory: its version, and everyone in it, never a PIN or hash.
func printDirectory(w io.Writer, d *people.Directory) error {
	if d.Version == 0 {
		_, err := fmt.Fprintln(w, "the operator directory is empty (no version yet): add someone with `pitserver directory add`")
		return err
	}
	fmt.Fprintf(w, "operator directory version %d, changed %s by %s, %d people\n", d.Version, d.Updated.Local().Format("2006-01-02 15:04"), d.By, len(d.People))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tROLE\tSTATE")
	for _, p := range d.People {
		state := "active"
		if !p.Active {
			state = "inactive"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", p.ID, p.Name, p.Role, state)
	}
	return tw.Flush()
}

// printHistory prints the pit's record of the directory (bus.Directories.History), newest
// first: each version, when and by whom, and what it changed, person by person; never a PIN.
func printHistory(w io.Writer, h []bus.DirectoryVersion) error {
	if len(h) == 0 {
		_, err := fmt.Fprintln(w, "the pit's record of the operator directory is empty: nobody was ever added")
		return err
	}
	for _, v := range h {
		fmt.Fprintf(w, "version %d  %s  by %s\n", v.Dir.Version, v.Dir.Updated.Local().Format("2006-01-02 15:04:05"), v.Dir.By)
		if v.Gap() {
			fmt.Fprintf(w, "    (the record lacks versions %d to %d: what follows was made in versions %d to %d, by whom is not known)\n",
				v.Since+1, v.Dir.Version-1, v.Since+1, v.Dir.Version)
		}
		for _, c := range v.Changes {
			fmt.Fprintf(w, "    %s\n", c)
		}
		if v.First {
			fmt.Fprintf(w, "    (the record starts here: %d people; earlier versions are no longer kept)\n", len(v.Dir.People))
		}
	}
	return nil
}

// readPIN reads a PIN from stdin: on a terminal asked twice with the echo off, else one line.
func readPIN(stdin io.Reader, stderr io.Writer, id string) (string, error) {
	restore, tty, err := noecho.Off(stdin)
	if !tty {
		line, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && err != io.EOF {
			return "", fmt.Errorf("read the PIN: %w", err)
		}
		pin := strings.TrimSpace(line)
		return pin, people.CheckPIN(pin)
	}
	if err != nil {
		return "", fmt.Errorf("read the PIN: %w", err)
	}
	defer restore()
	r := bufio.NewReader(stdin)
	var pins [2]string
	for i, prompt := range []string{"PIN for operator " + id + ": ", "the same PIN again: "} {
		fmt.Fprint(stderr, prompt)
		line, err := r.ReadString('\n')
		fmt.Fprintln(stderr)
		if err != nil && err != io.EOF {
			return "", fmt.Errorf("read the PIN: %w", err)
		}
		pins[i] = strings.TrimSpace(line)
		if i == 0 {
			if err := people.CheckPIN(pins[0]); err != nil {
				return "", err
			}
		}
	}
	if pins[0] != pins[1] {
		return "", errors.New("the two PINs differ: nothing changed")
	}
	return pins[0], nil
}
