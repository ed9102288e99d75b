package app

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/i18n"
)

// refusalText is the start-up refusal of the table's journal at path in the table's language
// (words): its title, then what was found, where the journal's files as they were are kept and
// how to recover, each a paragraph the catalogue words. What the journal found is worded by
// the catalogue's formats of it (display/i18n refusalEntries); SQLite's or the system's own
// English for a refusal is in the table's log (run logs err whole).
func refusalText(words i18n.Catalogue, path string, err error) (title string, paras []string) {
	title = words.T(i18n.RefusalTitle)
	var de *journal.DamageError
	switch {
	case errors.As(err, &de):
	case errors.Is(err, journal.ErrForeign):
		// Not a coupboard journal: refused and left as it is.
		return title, []string{
			words.T(i18n.RefusalForeign, path),
			words.T(i18n.RefusalForeignAdvice, filepath.Base(path), filepath.Dir(path)),
		}
	default:
		// A coupboard journal that cannot be used (SQLite found it malformed, or it ended
		// early without a damage report): it is the record, so it is kept, never replaced.
		return title, []string{
			words.T(i18n.RefusalOther, path, words.Reason(table.WriteFailure(err), "")), // run logs err whole
			words.T(i18n.RefusalOtherAdvice, filepath.Base(path), journal.HeadSuffix, filepath.Dir(path)),
		}
	}
	problems := de.Startup.Problems()
	for i, p := range problems {
		problems[i] = words.Reason(p, "")
	}
	return title, []string{
		words.T(i18n.RefusalDamaged, de.Path, strings.Join(problems, words.T(i18n.ReasonJoin))),
		words.T(i18n.RefusalKept, de.Quarantine),
		words.T(i18n.RefusalAdvice, filepath.Base(de.Path), journal.HeadSuffix, filepath.Dir(de.Path)),
	}
}
