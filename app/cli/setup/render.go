package setup

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/coupboard/coupboard/app/config"
)

// Render writes a whole configuration as TOML, every key with a short comment, in the order of
// the shipped example (deploy/coupboard.example.toml).
func Render(c *config.Config) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("# coupboard table display configuration, written by `coupboard setup`.\n")
	w("# Every key is described in /usr/share/doc/coupboard/examples/coupboard.example.toml.\n\n")
	w("[table]\nid = %s\nname = %s\ncasino = %s\ncurrency = %s\n\n", q(c.Table.ID), q(c.Table.Name), q(c.Table.Casino), q(c.Table.Currency))
	w("[game]\nprofile = %s\n\n[game.settings]\n", q(c.Game.Profile))
	keys := make([]string, 0, len(c.Game.Settings))
	for k := range c.Game.Settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		w("%s = %s\n", q(k), q(c.Game.Settings[k]))
	}
	w("\n# Opening limits per wager; changes during the session are made on the operator screen.\n")
	for _, n := range config.WagerNames() {
		l, ok := c.Limits[n]
		if !ok {
			continue
		}
		w("[limits.%s]\nmin = %s\nmax = %s\n", n, q(l.Min), q(l.Max))
		if l.Multiple != "" {
			w("multiple = %s\n", q(l.Multiple))
		}
		w("\n")
	}
	w("[shoe]\nport = %s\nprotocol = %s\nbaud = %d\nparity = %s\nsim_script = %s\nsim_speed = %s\n\n",
		q(c.Shoe.Port), q(c.Shoe.Protocol), c.Shoe.Baud, q(c.Shoe.Parity), q(c.Shoe.SimScript), strconv.FormatFloat(c.Shoe.SimSpeed, 'f', -1, 64)+dot(c.Shoe.SimSpeed))
	w("[display]\ntheme = %s\nlanguage = %s\norientation = %s\nkiosk = %v\nidle_minutes = %d\n\n",
		q(c.Display.Theme), q(c.Display.Language), q(c.Display.Orientation), c.Display.Kiosk, c.Display.IdleMinutes)
	w("[journal]\npath = %s\nretention_days = %d\n\n", q(c.Journal.Path), c.Journal.RetentionDays)
	urls := make([]string, len(c.Bus.URLs))
	for i, u := range c.Bus.URLs {
		urls[i] = q(u)
	}
	w("[bus]\nurls = [%s]\nuser = %s\npassword = %s\nnkey_seed_file = %s\ntls_ca = %s\ntls_cert = %s\ntls_key = %s\nopen = %v\n\n",
		strings.Join(urls, ", "), q(c.Bus.User), q(c.Bus.Password), q(c.Bus.NKeySeed), q(c.Bus.TLSCA), q(c.Bus.TLSCert), q(c.Bus.TLSKey), c.Bus.Open)
	w("[operator]\n# bcrypt hashes of the PINs (coupboard pin-hash), never the PINs\ndealer_pin_hash = %s\nsupervisor_pin_hash = %s\nlockout_attempts = %d\nlockout_minutes = %d\n",
		q(c.Operator.DealerPINHash), q(c.Operator.SupervisorPINHash), c.Operator.LockoutAttempts, c.Operator.LockoutMinutes)
	w("table_lockout_factor = %d\ntable_lockout_window_minutes = %d\n", c.Operator.TableLockoutFactor, c.Operator.TableLockoutWindowMinutes)
	w("\n[backup]\n# the daily journal backup (coupboard-backup.timer); empty dir: none\ndir = %s\nkeep = %d\n", q(c.Backup.Dir), c.Backup.Keep)
	return b.String()
}

// dot makes a whole float a TOML float ("1" would be an integer).
func dot(f float64) string {
	if s := strconv.FormatFloat(f, 'f', -1, 64); !strings.ContainsAny(s, ".eEn") {
		return ".0"
	}
	return ""
}

// q is s as a TOML basic string: quotes, backslashes and control characters escaped.
func q(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
