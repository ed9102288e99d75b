package app

import (
	"fmt"
	"strconv"

	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// RedDogSetupFrom turns a configuration with game.profile = "vic-red-dog-1997" into a Red Dog
// table's setup: the profile of rule book 003, notice_minutes (the only setting), and the limit of
// the one wager, limits.bet. Errors name the key.
func RedDogSetupFrom(c *config.Config) (table.RedDogSetup, error) {
	p := reddog.VicRedDog1997()
	cur := engine.CurrencyOf(c.Table.Currency)
	s := table.RedDogSetup{ID: c.Table.ID, Name: c.Table.Name, Casino: c.Table.Casino, Profile: p, Currency: string(cur), CurrencyCode: c.Table.Currency}
	for key, v := range c.Game.Settings {
		if key != "notice_minutes" {
			return s, fmt.Errorf("game.settings.%s: not a setting of %s (only notice_minutes)", key, p.ID)
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return s, fmt.Errorf("game.settings.notice_minutes: %q is not a whole number of minutes", v)
		}
		if n < p.Notices.MinMinutes || n > 24*60 {
			return s, fmt.Errorf("game.settings.notice_minutes %d: %s needs %d to 1440 (003 6.4, 10.7)", n, p.ID, p.Notices.MinMinutes)
		}
		s.NoticeMinutes = n
	}
	for name, l := range c.Limits {
		if name != "bet" {
			return s, fmt.Errorf("limits.%s: not a wager of %s (its one wager is bet)", name, p.ID)
		}
		var w engine.WagerLimit
		var err error
		if w.Min, err = cur.Parse(l.Min); err != nil {
			return s, fmt.Errorf("limits.bet.min: %w", err)
		}
		if w.Max, err = cur.Parse(l.Max); err != nil {
			return s, fmt.Errorf("limits.bet.max: %w", err)
		}
		if l.Multiple != "" {
			if w.Multiple, err = cur.Parse(l.Multiple); err != nil {
				return s, fmt.Errorf("limits.bet.multiple: %w", err)
			}
		}
		s.Bet = w
	}
	return s, nil
}
