package app

import (
	"fmt"

	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/engine/reddog"
)

// validateTable is the table's own check of a parsed configuration before it plays: a kiosk
// must have a way out (the supervisor PIN, or dir's supervisors: the operator directory the
// table will have, nil for none), and the rule profile and its settings and limits must make a table.
// `coupboard setup` refuses what this refuses.
func validateTable(cfg *config.Config, dir *people.Directory) error {
	if err := kioskExit(cfg, false, dir); err != nil {
		return err
	}
	if cfg.Game.Profile == reddog.ProfileID {
		_, err := RedDogSetupFrom(cfg)
		return err
	}
	setup, err := SetupFrom(cfg)
	if err != nil {
		return err
	}
	// The opening sign as the engine takes it: each limit checked by the engine itself.
	if err := setup.Sign.Validate(); err != nil {
		return fmt.Errorf("limits: the opening %w", err)
	}
	return nil
}
