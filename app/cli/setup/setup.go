// Package setup is the `coupboard setup` command: it asks the few questions a technician can
// answer at the table (table id, rule profile, shoe port from the serial ports it finds, pit
// server, PINs), or takes them from flags, and writes the table's TOML configuration, checked
// by the same loader and validation the table runs at start. It refuses a configuration the
// table would refuse, among them a kiosk nobody could leave.
package setup

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/crypto/bcrypt"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
	"github.com/coupboard/coupboard/internal/atomicfile"
	"github.com/coupboard/coupboard/internal/noecho"
)

// Summary is the one-line description of the command for `coupboard help`.
const Summary = "ask the table's questions (id, profile, opening limits, shoe port, pit server, PINs unless the pit's operator directory has the people) and write its configuration"

// Env is what the command needs of the machine; tests give a fake one.
type Env struct {
	// Root is the file system's root for the serial port discovery ("/" on a table).
	Root string
	// ConfigDir is where the table looks for its configuration (/etc/coupboard).
	ConfigDir string
	// Hostname names the machine (os.Hostname).
	Hostname func() (string, error)
	// Validate is the table's own check of a configuration at start, after config.Parse
	// (the rule profile and its settings, a kiosk with a way out: the supervisor PIN, or dir's
	// supervisors when the table has the pit's operator directory; dir may be nil).
	Validate func(cfg *config.Config, dir *people.Directory) error
	// PitDirectory reads the pit's operator directory over the bus with the table's
	// credentials (nil, nil: the pit has none); nil: setup does not ask the pit.
	PitDirectory func(ctx context.Context, conn bus.ConnConfig) (*people.Directory, error)
	// DirectoryCopy is where the table keeps its copy of the operator directory.
	DirectoryCopy func(*config.Config) (string, error)
	// Group is the group that may read the written file (the table runs as it); "" or a
	// group that does not exist: left as it is.
	Group string
}

// DefaultEnv is the real machine's: the table's check of a configuration and where it keeps
// its directory copy come from the table's program.
func DefaultEnv(validate func(*config.Config, *people.Directory) error, directoryCopy func(*config.Config) (string, error)) Env {
	return Env{Root: "/", ConfigDir: "/etc/coupboard", Hostname: os.Hostname, Validate: validate, Group: "coupboard",
		PitDirectory: PitDirectory, DirectoryCopy: directoryCopy}
}

// TablePath is the configuration chosen by host name: dir/tables/<host>.toml.
func TablePath(dir, host string) string { return filepath.Join(dir, "tables", host+".toml") }

// maxTries is how often a question is asked again after a bad answer.
const maxTries = 5

// options are the flags; set records which were given.
type options struct {
	out, from                    string
	nonInteractive, pinsStdin    bool
	id, name, casino, currency   string
	profile, port, protocol      string
	pitURL, busUser, busPassFile string
	nkeySeed, backupDir          string
	busOpen                      bool
	kiosk                        bool
	dealerHash, supervisorHash   string
	limits                       limitFlags
	dir                          *people.Directory // the pit's operator directory, when it names a supervisor
	set                          map[string]bool
}

// Run executes `coupboard setup`.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer, env Env) error {
	o := options{limits: limitFlags{}}
	fs := flag.NewFlagSet("setup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.out, "out", "", "file to write (default: "+filepath.Join(env.ConfigDir, "tables", "<host name>.toml")+" if it exists, else "+filepath.Join(env.ConfigDir, "coupboard.toml")+")")
	fs.StringVar(&o.from, "from", "", "configuration to start from (default: the file to write, else "+filepath.Join(env.ConfigDir, "coupboard.toml")+")")
	fs.BoolVar(&o.nonInteractive, "non-interactive", false, "ask nothing: take every answer from the flags and the starting configuration")
	fs.BoolVar(&o.pinsStdin, "pins-stdin", false, "read the supervisor PIN, then the dealer PIN (empty: none), one a line, from standard input")
	fs.StringVar(&o.id, "table-id", "", "table id (letters, digits, - and _; the journal's name and the pit bus subjects)")
	fs.StringVar(&o.name, "table-name", "", `name shown in the header, e.g. "Baccarat 7"`)
	fs.StringVar(&o.casino, "casino", "", "casino name shown in the header")
	fs.StringVar(&o.currency, "currency", "", "ISO 4217 currency code, e.g. AUD")
	fs.StringVar(&o.profile, "profile", "", "rule profile: "+strings.Join(profiles(), ", "))
	fs.StringVar(&o.port, "shoe-port", "", `shoe port: a device path, usb:VID:PID[:SERIAL], tcp://host:port or "sim"`)
	fs.StringVar(&o.protocol, "protocol", "", "shoe protocol: csp1 or cardline")
	fs.StringVar(&o.pitURL, "pit-url", "", `pit server, e.g. nats://pit.local:4222 ("none": no pit board)`)
	fs.StringVar(&o.busUser, "bus-user", "", "the table's user on the pit bus")
	fs.StringVar(&o.busPassFile, "bus-password-file", "", "file holding the table's pit bus password (not on the command line)")
	fs.StringVar(&o.nkeySeed, "nkey-seed-file", "", "the table's nkey seed file, instead of a user and password")
	fs.BoolVar(&o.busOpen, "bus-open", false, "publish with no credentials on purpose (an open bus)")
	fs.StringVar(&o.backupDir, "backup-dir", "", `directory of the daily journal backup, e.g. /mnt/backup ("none": no backup)`)
	fs.BoolVar(&o.kiosk, "kiosk", true, "kiosk mode: full screen, closed only with the supervisor PIN")
	fs.StringVar(&o.dealerHash, "dealer-pin-hash", "", "bcrypt hash of the dealer PIN (coupboard pin-hash)")
	fs.StringVar(&o.supervisorHash, "supervisor-pin-hash", "", "bcrypt hash of the supervisor PIN (coupboard pin-hash)")
	fs.Var(o.limits, "limit", "a wager's opening limits, wager=min-max[/multiple] (e.g. banker=25-5000/5); repeat for each wager")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (setup takes flags only)", fs.Arg(0))
	}
	o.set = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { o.set[f.Name] = true })

	host, _ := env.Hostname()
	out := o.out
	if out == "" {
		out = filepath.Join(env.ConfigDir, "coupboard.toml")
		if host != "" {
			if p := TablePath(env.ConfigDir, host); exists(p) {
				out = p
			}
		}
	}
	cfg, from, err := base(o.from, out, env.ConfigDir)
	if err != nil {
		return err
	}
	in := newAsker(stdin, stdout, !o.nonInteractive)
	if from != "" {
		in.say("Starting from %s.\n", from)
	}
	if err := o.apply(cfg, in, env, host); err != nil {
		return err
	}
	text := Render(cfg)
	parsed, err := config.Parse(text)
	if err != nil {
		return fmt.Errorf("refused: %w", err)
	}
	if env.Validate != nil {
		if err := env.Validate(parsed, o.dir); err != nil {
			return fmt.Errorf("refused: %w", err)
		}
	}
	in.say("\n%s", summary(parsed))
	if ok, err := in.yesNo("Write "+out+"?", true); err != nil {
		return err
	} else if !ok {
		return errors.New("nothing written")
	}
	if err := write(out, text, env.Group); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s\n", out)
	if o.dir != nil {
		path, err := saveDirectoryCopy(env, parsed, o.dir)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "saved the pit's operator directory (version %d) as the table's copy %s\n", o.dir.Version, path)
	}
	if host != "" && out != TablePath(env.ConfigDir, host) && exists(TablePath(env.ConfigDir, host)) {
		fmt.Fprintf(stdout, "note: this machine's table reads %s, not this file (it is chosen by host name first)\n", TablePath(env.ConfigDir, host))
	}
	return nil
}

// base is the configuration to start from: --from, else the file to be written, else the
// directory's coupboard.toml, else the defaults.
func base(from, out, dir string) (*config.Config, string, error) {
	cands := []string{from}
	if from == "" {
		cands = []string{out, filepath.Join(dir, "coupboard.toml")}
	}
	for _, p := range cands {
		if p == "" || (from == "" && !exists(p)) {
			continue
		}
		c, err := config.Load(p)
		if err != nil {
			return nil, "", fmt.Errorf("starting configuration: %w (fix it, or start from another with --from)", err)
		}
		return c, p, nil
	}
	return config.Defaults(), "", nil
}

// apply puts the answers into cfg: each from its flag when given, else asked (interactively),
// else the starting configuration's value.
func (o *options) apply(cfg *config.Config, in *asker, env Env, host string) error {
	defID := cfg.Table.ID
	if cfg.Table.ID == config.Defaults().Table.ID && host != "" && validHostID(host) {
		defID = host
	}
	var err error
	if cfg.Table.ID, err = o.value("table-id", o.id, in, "Table id (the journal's name and the pit bus subjects)", defID, func(s string) error {
		c := *cfg
		c.Table.ID = s
		return keyErr(c.Validate(), "table.id")
	}); err != nil {
		return err
	}
	if cfg.Table.Name, err = o.value("table-name", o.name, in, "Table name shown in the header", cfg.Table.Name, nonEmpty); err != nil {
		return err
	}
	if cfg.Table.Casino, err = o.value("casino", o.casino, in, "Casino name shown in the header", cfg.Table.Casino, nil); err != nil {
		return err
	}
	if o.set["currency"] {
		cfg.Table.Currency = o.currency
	}
	oldProfile := cfg.Game.Profile
	if cfg.Game.Profile, err = o.value("profile", o.profile, in, "Rule profile ("+strings.Join(profiles(), ", ")+")", cfg.Game.Profile, func(s string) error {
		if !slices.Contains(profiles(), s) {
			return fmt.Errorf("%q is not a rule profile: want one of %s", s, strings.Join(profiles(), ", "))
		}
		return nil
	}); err != nil {
		return err
	}
	if cfg.Game.Profile != oldProfile {
		resetGame(cfg, oldProfile, in)
	}
	if err := o.setLimits(cfg, in, env); err != nil {
		return err
	}
	if err := o.shoe(cfg, in, env); err != nil {
		return err
	}
	if err := o.bus(cfg, in); err != nil {
		return err
	}
	if err := o.pitDirectory(cfg, in, env); err != nil {
		return err
	}
	cur := cfg.Backup.Dir
	if cur == "" {
		cur = "none"
	}
	dir, err := o.value("backup-dir", o.backupDir, in, "Backup directory for the daily journal copy (a mounted disk or share, or none)", cur, func(s string) error {
		if s != "none" && s != "" && !filepath.IsAbs(s) {
			return fmt.Errorf("%q: want an absolute directory, or none", s)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if dir == "none" {
		dir = ""
	}
	cfg.Backup.Dir = dir
	if o.set["kiosk"] || !in.interactive {
		cfg.Display.Kiosk = o.kiosk
	} else if cfg.Display.Kiosk, err = in.yesNo("Kiosk mode (full screen, left only with the supervisor PIN)?", true); err != nil {
		return err
	}
	if o.dir != nil && !o.set["supervisor-pin-hash"] && !o.set["dealer-pin-hash"] {
		return nil // people sign in from the pit's directory: no role PINs
	}
	return o.pins(cfg, in)
}

// value is a flag's value when given, else the answer to the question, else def.
func (o *options) value(flagName, flagVal string, in *asker, q, def string, check func(string) error) (string, error) {
	if o.set[flagName] {
		if check != nil {
			if err := check(flagVal); err != nil {
				return "", fmt.Errorf("--%s: %w", flagName, err)
			}
		}
		return flagVal, nil
	}
	return in.ask(q, def, check)
}

// resetGame drops the settings of the old profile (each profile has its own keys) and, when the
// game changes between baccarat and Red Dog, puts sample limits of the new game in place.
func resetGame(cfg *config.Config, oldProfile string, in *asker) {
	cfg.Game.Settings = map[string]string{}
	wasRedDog, isRedDog := oldProfile == reddog.ProfileID, cfg.Game.Profile == reddog.ProfileID
	if wasRedDog == isRedDog && len(cfg.Limits) > 0 {
		in.say("The profile changed: its settings are the profile's defaults; the limits are kept.\n")
		return
	}
	if isRedDog {
		cfg.Limits = map[string]config.Limit{"bet": {Min: "10", Max: "1000", Multiple: "5"}}
	} else {
		cfg.Limits = config.Demo().Limits
	}
	in.say("The profile changed: its settings are the profile's defaults and the limits are samples (%s): set the table's own in [limits].\n", limitsLine(cfg.Limits))
}

// shoe asks for the shoe's port, listing the ports found.
func (o *options) shoe(cfg *config.Config, in *asker, env Env) error {
	if o.set["protocol"] {
		cfg.Shoe.Protocol = o.protocol
	}
	if o.set["shoe-port"] {
		if strings.TrimSpace(o.port) == "" {
			return errors.New("--shoe-port: empty")
		}
		cfg.Shoe.Port = o.port
		return nil
	}
	if !in.interactive {
		return nil
	}
	ports, err := Discover(env.Root)
	if err != nil {
		in.say("%v\n", err)
	}
	if len(ports) == 0 {
		in.say("\nNo serial ports found (is the shoe plugged in and powered?).\n")
	} else {
		in.say("\nSerial ports found:\n")
		for i, p := range ports {
			in.say("  %d) %s\n", i+1, p)
		}
	}
	def := cfg.Shoe.Port
	if len(ports) == 1 {
		def = "1"
	}
	ans, err := in.ask("Shoe port (a number above, a device path, usb:VID:PID, tcp://host:port, or sim)", def, func(s string) error {
		if n, err := strconv.Atoi(s); err == nil && (n < 1 || n > len(ports)) {
			return fmt.Errorf("%d: not a port above", n)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if n, err := strconv.Atoi(ans); err == nil {
		ans = ports[n-1].Path
	}
	cfg.Shoe.Port = ans
	if !o.set["protocol"] {
		cfg.Shoe.Protocol, err = in.ask("Shoe protocol (csp1, cardline)", cfg.Shoe.Protocol, func(s string) error {
			if s != "csp1" && s != "cardline" {
				return fmt.Errorf("%q: want csp1 or cardline", s)
			}
			return nil
		})
	}
	return err
}

// bus asks for the pit server and the table's credentials on it.
func (o *options) bus(cfg *config.Config, in *asker) error {
	cur := strings.Join(cfg.Bus.URLs, ",")
	if cur == "" {
		cur = "none"
	}
	u, err := o.value("pit-url", o.pitURL, in, "Pit server URL (nats://host:4222, or none)", cur, nil)
	if err != nil {
		return err
	}
	if u == "" || u == "none" {
		cfg.Bus = config.Bus{}
		return nil
	}
	cfg.Bus.URLs = strings.Split(u, ",")
	for i := range cfg.Bus.URLs {
		cfg.Bus.URLs[i] = strings.TrimSpace(cfg.Bus.URLs[i])
	}
	if o.set["bus-open"] {
		cfg.Bus.Open = o.busOpen
	}
	if o.set["nkey-seed-file"] {
		cfg.Bus.NKeySeed, cfg.Bus.User, cfg.Bus.Password = o.nkeySeed, "", ""
	}
	if o.set["bus-password-file"] {
		b, err := os.ReadFile(o.busPassFile)
		if err != nil {
			return fmt.Errorf("--bus-password-file: %w", err)
		}
		cfg.Bus.Password = strings.TrimSpace(string(b))
	}
	if cfg.Bus.NKeySeed != "" || cfg.Bus.Open {
		return nil
	}
	def := cfg.Bus.User
	if def == "" {
		def = strings.ToLower(cfg.Table.ID)
	}
	if cfg.Bus.User, err = o.value("bus-user", o.busUser, in, "The table's user on the pit bus", def, nonEmpty); err != nil {
		return err
	}
	if in.interactive && !o.set["bus-password-file"] {
		q := "The table's pit bus password"
		if cfg.Bus.Password != "" {
			q += " (Enter keeps the current one)"
		}
		p, err := in.secret(q)
		if err != nil {
			return err
		}
		if p != "" {
			cfg.Bus.Password = p
		}
	}
	if cfg.Bus.Password == "" {
		return errors.New("bus: the pit bus user " + strconv.Quote(cfg.Bus.User) + " has no password (give --bus-password-file, or --nkey-seed-file)")
	}
	return nil
}

// pins sets the PIN hashes: from flags, from standard input (--pins-stdin), or asked twice
// without echo; Enter keeps a PIN the configuration already has.
func (o *options) pins(cfg *config.Config, in *asker) error {
	for _, p := range []struct {
		flag, role string
		hash       *string
		val        string
	}{{"supervisor-pin-hash", "supervisor", &cfg.Operator.SupervisorPINHash, o.supervisorHash}, {"dealer-pin-hash", "dealer", &cfg.Operator.DealerPINHash, o.dealerHash}} {
		if o.set[p.flag] {
			if _, err := bcrypt.Cost([]byte(p.val)); p.val != "" && err != nil {
				return fmt.Errorf("--%s: not a bcrypt hash (make one with coupboard pin-hash): %w", p.flag, err)
			}
			*p.hash = p.val
			continue
		}
		switch {
		case o.pinsStdin:
			pin, err := in.line()
			if err != nil {
				return fmt.Errorf("--pins-stdin: the %s PIN: %w", p.role, err)
			}
			if pin == "" {
				if p.role == "supervisor" {
					return errors.New("--pins-stdin: the supervisor PIN is empty")
				}
				*p.hash = ""
				continue
			}
			h, err := access.HashPIN(pin)
			if err != nil {
				return fmt.Errorf("--pins-stdin: the %s PIN: %w", p.role, err)
			}
			*p.hash = h
		case in.interactive:
			h, err := in.newPIN(p.role, *p.hash != "")
			if err != nil {
				return err
			}
			if h != "" {
				*p.hash = h
			}
		}
	}
	return nil
}

// summary is what will be written, in a few lines (no secrets).
func summary(c *config.Config) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Table %s (%s), %s, %s\n", c.Table.ID, c.Table.Name, c.Game.Profile, limitsLine(c.Limits))
	fmt.Fprintf(&b, "Shoe %s (%s, %d baud)\n", c.Shoe.Port, c.Shoe.Protocol, c.Shoe.Baud)
	if len(c.Bus.URLs) == 0 {
		b.WriteString("Pit board: none\n")
	} else {
		who := "user " + c.Bus.User
		switch {
		case c.Bus.NKeySeed != "":
			who = "nkey " + c.Bus.NKeySeed
		case c.Bus.Open:
			who = "OPEN, no credentials"
		}
		fmt.Fprintf(&b, "Pit board: %s (%s)\n", strings.Join(c.Bus.URLs, ", "), who)
	}
	set := func(h string) string {
		if h == "" {
			return "none"
		}
		return "set"
	}
	if c.Backup.Dir == "" {
		b.WriteString("Backup: none\n")
	} else {
		fmt.Fprintf(&b, "Backup: %s, %d daily copies kept\n", c.Backup.Dir, c.Backup.Keep)
	}
	fmt.Fprintf(&b, "Kiosk %v; supervisor PIN %s, dealer PIN %s\n", c.Display.Kiosk, set(c.Operator.SupervisorPINHash), set(c.Operator.DealerPINHash))
	return b.String()
}

func limitsLine(l map[string]config.Limit) string {
	var parts []string
	for _, n := range config.WagerNames() {
		if w, ok := l[n]; ok {
			parts = append(parts, n+" "+w.Min+"-"+w.Max)
		}
	}
	if len(parts) == 0 {
		return "no limits"
	}
	return "limits " + strings.Join(parts, ", ")
}

// write replaces path with text: the old file kept as path.bak, the new one written to a
// temporary file, synced and renamed (atomicfile), readable by its owner and group only (it holds PIN
// hashes and bus credentials), its group set to group when that group exists.
func write(path, text, group string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if old, err := os.ReadFile(path); err == nil {
		if err := os.WriteFile(path+".bak", old, 0o640); err != nil {
			return fmt.Errorf("keep the old %s: %w", path, err)
		}
	}
	setGroup := func(tmp string) error {
		g, err := user.LookupGroup(group)
		if err != nil || group == "" {
			return nil
		}
		if gid, err := strconv.Atoi(g.Gid); err == nil {
			if err := os.Chown(tmp, -1, gid); err != nil {
				return fmt.Errorf("group %s: %w", group, err)
			}
		}
		return nil
	}
	return atomicfile.Write(path, []byte(text), 0o640, setGroup)
}

func profiles() []string { return append(engine.ProfileIDs(), reddog.ProfileID) }

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

func nonEmpty(s string) error {
	if strings.TrimSpace(s) == "" {
		return errors.New("must not be empty")
	}
	return nil
}

// keyErr keeps err only when it is about key (Validate names the key first).
func keyErr(err error, key string) error {
	if err != nil && strings.HasPrefix(err.Error(), key) {
		return err
	}
	return nil
}

func validHostID(h string) bool {
	c := config.Defaults()
	c.Table.ID = h
	return keyErr(c.Validate(), "table.id") == nil
}

// asker asks questions on out and reads the answers, a line each, from in.
type asker struct {
	r           *bufio.Reader
	in          io.Reader
	out         io.Writer
	interactive bool
}

func newAsker(in io.Reader, out io.Writer, interactive bool) *asker {
	return &asker{r: bufio.NewReader(in), in: in, out: out, interactive: interactive}
}

func (a *asker) say(format string, args ...any) {
	if a.interactive {
		fmt.Fprintf(a.out, format, args...)
	}
}

// maxLine bounds an answer.
const maxLine = 4096

// line reads one answer, trimmed.
func (a *asker) line() (string, error) {
	var b []byte
	for {
		chunk, isPrefix, err := a.r.ReadLine()
		if err != nil {
			if err == io.EOF && len(b) > 0 {
				break
			}
			if err == io.EOF {
				return "", errors.New("standard input ended before the answer")
			}
			return "", err
		}
		b = append(b, chunk...)
		if len(b) > maxLine {
			return "", fmt.Errorf("an answer longer than %d bytes", maxLine)
		}
		if !isPrefix {
			break
		}
	}
	return strings.TrimSpace(string(b)), nil
}

// ask asks q, offering def (taken on an empty answer), until check accepts the answer.
func (a *asker) ask(q, def string, check func(string) error) (string, error) {
	if !a.interactive {
		return def, nil
	}
	for try := 0; try < maxTries; try++ {
		if def != "" {
			fmt.Fprintf(a.out, "%s [%s]: ", q, def)
		} else {
			fmt.Fprintf(a.out, "%s: ", q)
		}
		ans, err := a.line()
		if err != nil {
			return "", fmt.Errorf("%s: %w", q, err)
		}
		if ans == "" {
			ans = def
		}
		if check != nil {
			if err := check(ans); err != nil {
				fmt.Fprintf(a.out, "  %v\n", err)
				continue
			}
		}
		return ans, nil
	}
	return "", fmt.Errorf("%s: no acceptable answer in %d tries", q, maxTries)
}

// yesNo asks a yes/no question; non-interactive, it is def.
func (a *asker) yesNo(q string, def bool) (bool, error) {
	d := "Y/n"
	if !def {
		d = "y/N"
	}
	ans, err := a.ask(q+" ("+d+")", "", func(s string) error {
		switch strings.ToLower(s) {
		case "", "y", "yes", "n", "no":
			return nil
		}
		return fmt.Errorf("%q: answer y or n", s)
	})
	if err != nil || !a.interactive {
		return def, err
	}
	switch strings.ToLower(ans) {
	case "y", "yes":
		return true, nil
	case "n", "no":
		return false, nil
	}
	return def, nil
}

// secret reads an answer without echo when the input is a terminal.
func (a *asker) secret(q string) (string, error) {
	fmt.Fprintf(a.out, "%s: ", q)
	restore, tty, err := noecho.Off(a.in)
	quiet := tty && err == nil
	s, err := a.line()
	restore()
	if quiet {
		fmt.Fprintln(a.out) // the Enter that was not echoed
	}
	return s, err
}

// newPIN asks for a role's PIN twice and returns its hash; "" keeps the current one (keep)
// or, for the dealer, sets none.
func (a *asker) newPIN(role string, keep bool) (string, error) {
	q := "New " + role + " PIN (4-12 digits"
	switch {
	case keep:
		q += "; Enter keeps the current one)"
	case role == "dealer":
		q += "; Enter: no dealer PIN)"
	default:
		q += ")"
	}
	for try := 0; try < maxTries; try++ {
		pin, err := a.secret(q)
		if err != nil {
			return "", fmt.Errorf("%s PIN: %w", role, err)
		}
		if pin == "" && (keep || role == "dealer") {
			return "", nil
		}
		h, err := access.HashPIN(pin)
		if err != nil {
			fmt.Fprintf(a.out, "  %v\n", err)
			continue
		}
		again, err := a.secret("The " + role + " PIN again")
		if err != nil {
			return "", fmt.Errorf("%s PIN: %w", role, err)
		}
		if again != pin {
			fmt.Fprintln(a.out, "  the two PINs differ; again")
			continue
		}
		return h, nil
	}
	return "", fmt.Errorf("%s PIN: no acceptable PIN in %d tries", role, maxTries)
}
