package setup

import (
	"fmt"
	"slices"
	"strings"

	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/engine/reddog"
)

// limitFlags are the --limit flags: wager=min-max[/multiple], one per wager.
type limitFlags map[string]config.Limit

func (l limitFlags) String() string { return limitsLine(l) }

// Set reads one --limit: "banker=25-5000/5" (amounts as the configuration writes them).
func (l limitFlags) Set(s string) error {
	name, val, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return fmt.Errorf("%q: want wager=min-max[/multiple], e.g. banker=25-5000/5", s)
	}
	lim, err := parseLimit(val)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	l[name] = lim
	return nil
}

// parseLimit reads "min-max[/multiple]" or "min max [multiple]".
func parseLimit(s string) (config.Limit, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '/' || r == ' ' })
	if len(f) < 2 || len(f) > 3 {
		return config.Limit{}, fmt.Errorf("%q: want the minimum, the maximum and, if the table has one, the multiple, e.g. 25 5000 5", s)
	}
	l := config.Limit{Min: f[0], Max: f[1]}
	if len(f) == 3 {
		l.Multiple = f[2]
	}
	return l, nil
}

// limitText is a limit as the question shows and takes it: "25 5000 5".
func limitText(l config.Limit) string {
	return strings.TrimSpace(l.Min + " " + l.Max + " " + l.Multiple)
}

// openingWagers are the wagers whose limits the opening sign shows for cfg's game: those of
// the starting configuration, and the main wagers of the game when it has none.
func openingWagers(cfg *config.Config) []string {
	var names []string
	for n := range cfg.Limits {
		names = append(names, n)
	}
	if len(names) == 0 {
		names = []string{"player", "banker", "tie"}
		if cfg.Game.Profile == reddog.ProfileID {
			names = []string{"bet"}
		}
	}
	slices.Sort(names)
	return names
}

// limits sets the opening sign: each wager's limits from --limit, else asked, else kept. Every
// answer is checked by the table's own validation (the engine's check of the sign among it),
// so that a limit the table would refuse at start is refused here, naming the wager.
func (o *options) setLimits(cfg *config.Config, in *asker, env Env) error {
	for n := range o.limits {
		if !slices.Contains(config.WagerNames(), n) {
			return fmt.Errorf("--limit %s: unknown wager (want one of %s)", n, strings.Join(config.WagerNames(), ", "))
		}
	}
	check := func(name string, l config.Limit) error {
		c := *cfg
		c.Limits = maps(cfg.Limits)
		c.Limits[name] = l
		if err := c.Validate(); err != nil {
			return err
		}
		if env.Validate != nil {
			return env.Validate(&c, o.dir)
		}
		return nil
	}
	if cfg.Limits == nil {
		cfg.Limits = map[string]config.Limit{}
	}
	for name, l := range o.limits {
		if err := check(name, l); err != nil {
			return fmt.Errorf("refused: --limit %s: %w", name, err)
		}
		cfg.Limits[name] = l
	}
	if !in.interactive {
		return nil
	}
	in.say("\nThe opening limit sign (amounts in %s: minimum, maximum and the multiple bets must be of, if any):\n", currencyName(cfg))
	for _, name := range openingWagers(cfg) {
		if _, given := o.limits[name]; given {
			continue
		}
		_, had := cfg.Limits[name]
		def := limitText(cfg.Limits[name])
		if !had {
			def = "none"
		}
		ans, err := in.ask("Limits for "+name, def, func(s string) error {
			if s == "none" && !had { // a wager the starting configuration has no limits for
				return nil
			}
			l, err := parseLimit(s)
			if err != nil {
				return err
			}
			return check(name, l)
		})
		if err != nil {
			return err
		}
		if ans != "none" || had {
			cfg.Limits[name], _ = parseLimit(ans)
		}
	}
	return nil
}

func currencyName(cfg *config.Config) string {
	if cfg.Table.Currency != "" {
		return cfg.Table.Currency
	}
	return "the table's currency"
}

// maps is a copy of m.
func maps(m map[string]config.Limit) map[string]config.Limit {
	out := make(map[string]config.Limit, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
