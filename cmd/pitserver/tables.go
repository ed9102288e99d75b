package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/coupboard/coupboard/app/console"
)

// The pit's tables are listed once, in [[commands.tables]] (id, pit, game): the pit commands
// them and the console shows, selects and groups them by that list. [console.tables.<id>]
// only gives a table's rule book where it differs from [console]'s (profile, settings); the pit
// it used to give as well is deprecated: still read, with a warning, when it agrees with
// [[commands.tables]] (or, with no [[commands.tables]], for a console in rehearsal), so that a
// configuration written before keeps working until it is moved.

// consoleTables makes [[commands.tables]] the console's tables (fc.Console.Tables, with each
// table's rule book from [console.tables]) and returns the deprecation warnings to show; a
// [console.tables] entry that contradicts the list, or names a table not on it, is refused
// naming the key.
func (fc *FileConfig) consoleTables() (warnings []string, err error) {
	old := fc.Console.Tables
	merged := map[string]console.TableConfig{}
	for _, t := range fc.Commands.Tables {
		merged[t.ID] = console.TableConfig{Pit: t.Pit}
	}
	ids := make([]string, 0, len(old))
	for id := range old {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var deprecated []string
	for _, id := range ids {
		o := old[id]
		cur, listed := merged[id]
		switch {
		case !listed && len(fc.Commands.Tables) > 0:
			return nil, fmt.Errorf("console.tables.%s: not in [[commands.tables]], the pit's one list of its tables: list it there (id, pit, game)", id)
		case !listed:
			cur.Pit = o.Pit // a console in rehearsal: the old way, for now
		case o.Pit != "" && o.Pit != cur.Pit:
			return nil, fmt.Errorf("console.tables.%s.pit %q: [[commands.tables]] gives table %s pit %q: give a table's pit once, in [[commands.tables]] (console.tables.*.pit is deprecated)",
				id, o.Pit, id, cur.Pit)
		}
		if o.Pit != "" {
			deprecated = append(deprecated, id)
		}
		cur.Profile, cur.Settings = o.Profile, o.Settings
		merged[id] = cur
	}
	if len(deprecated) > 0 {
		warnings = append(warnings, fmt.Sprintf("console.tables.*.pit is deprecated (given for %s): list each table once, with its pit and game, in [[commands.tables]], "+
			"and keep in [console.tables.<id>] only a rule book that differs (profile, settings); see docs/installer.md", joinMax(deprecated, 5)))
	}
	if len(merged) > 0 || old != nil {
		fc.Console.Tables = merged
	}
	return warnings, nil
}

// joinMax is up to n of ids, comma-separated, and how many more.
func joinMax(ids []string, n int) string {
	if len(ids) <= n {
		return strings.Join(ids, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(ids[:n], ", "), len(ids)-n)
}
