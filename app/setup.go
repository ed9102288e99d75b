package app

import (
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
)

// SetupFrom turns a configuration into a table's setup: the rule profile and its settings
// (validated by the engine, errors naming the key) and the opening sign.
func SetupFrom(c *config.Config) (table.Setup, error) {
	p, err := engine.LookupProfile(c.Game.Profile)
	if err != nil {
		return table.Setup{}, fmt.Errorf("game.profile: %w", err)
	}
	s, err := engine.ParseSettings(&p, c.SettingsList())
	if err != nil {
		return table.Setup{}, fmt.Errorf("game.settings: %w", err)
	}
	var sign engine.Sign
	cur := engine.CurrencyOf(c.Table.Currency)
	for name, l := range c.Limits {
		var w engine.WagerLimit
		if w.Min, err = cur.Parse(l.Min); err != nil {
			return table.Setup{}, fmt.Errorf("limits.%s.min: %w", name, err)
		}
		if w.Max, err = cur.Parse(l.Max); err != nil {
			return table.Setup{}, fmt.Errorf("limits.%s.max: %w", name, err)
		}
		if l.Multiple != "" {
			if w.Multiple, err = cur.Parse(l.Multiple); err != nil {
				return table.Setup{}, fmt.Errorf("limits.%s.multiple: %w", name, err)
			}
		}
		switch name {
		case "player":
			sign.Player = w
		case "banker":
			sign.Banker = w
		case "tie":
			sign.Tie = w
		case "insurance":
			sign.Insurance = w
		case "runs":
			sign.Run = w
		default:
			return table.Setup{}, fmt.Errorf("limits.%s: not a wager of %s", name, p.ID)
		}
	}
	sign.DifferentialMin, sign.DifferentialMax = s.DifferentialMin, s.DifferentialMax
	return table.Setup{
		ID: c.Table.ID, Name: c.Table.Name, Casino: c.Table.Casino,
		Profile: p, Settings: s, Sign: sign, Currency: string(cur), CurrencyCode: c.Table.Currency,
		IdleAfter: time.Duration(c.Display.IdleMinutes) * time.Minute,
	}, nil
}
