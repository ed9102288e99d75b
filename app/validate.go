package app

import (
	"fmt"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/engine/reddog"
)

// validateTable is the table's own check of a parsed configuration before it plays: a kiosk
// must have a way out (the supervisor PIN, or dir's supervisors: the operator directory the
// table will have, nil for none), and the rule profile and its settings and limits must make a table.
// `coupboard setup` refuses what this refuses.
func validateTable(cfg *config.Config, dir *people.Directory) error {
	if err := kioskExit(cfg, false, dir, "the pit's operator directory (which setup saves as the table's copy)"); err != nil {
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

// kioskExit refuses a kiosk with no way out (access.KioskWayOut, the rule coupboard setup
// checks too): dir is the operator directory the table will sign people in from (nil: none),
// from where it is. The demo has its own PINs.
func kioskExit(cfg *config.Config, demo bool, dir *people.Directory, from string) error {
	if !cfg.Display.Kiosk || demo {
		return nil
	}
	return access.KioskWayOut(access.WayOut{SupervisorPINHash: cfg.Operator.SupervisorPINHash, Directory: dir, From: from})
}
