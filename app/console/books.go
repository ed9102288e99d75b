package console

import (
	"fmt"
	"sort"
	"time"

	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/engine/reddog"
	"github.com/coupboard/coupboard/pitwire"
)

// Config is the console's part of the pit server's configuration ([console]).
type Config struct {
	// People is the people file (PeopleFile) the console signs people in with; or Directory:
	// sign people in from the pit's operator directory (DirectoryPeople), the people the
	// tables sign in. One of the two.
	People    string `toml:"people"`
	Directory bool   `toml:"directory"`
	// Profile and Settings are the tables' rule book (a baccarat profile id, or
	// "vic-red-dog-1997") and settings ("notice_minutes=20", …) unless Tables says otherwise:
	// the earliest time the console offers is the engine's for that book.
	Profile  string   `toml:"profile"`
	Settings []string `toml:"settings"`
	// Tables are each table's pit and, where it differs, its book.
	Tables map[string]TableConfig `toml:"tables"`
	// SessionMinutes is how long a session lasts without use (default 30); a session never
	// lasts more than 12 hours.
	SessionMinutes int `toml:"session_minutes"`
	// SecureCookie marks the session cookie Secure: set it when a TLS reverse proxy serves
	// the console (it is set by itself when the console serves TLS).
	SecureCookie bool `toml:"secure_cookie"`
	// TimeZone is the zone the supervisors' times are in (an IANA name; default the server's).
	TimeZone string `toml:"time_zone"`
	// Managers are the operator ids of the pit managers: the supervisors who may change the
	// operator directory on the People page (peoplepage.go). None: nobody may, from the console.
	Managers []string `toml:"managers"`
	// The sign-in lockout (Config.Lockout), as the tables' [operator] keys of the same names:
	// LockoutAttempts wrong PINs in a row for one id (default 5) lock it for LockoutMinutes
	// (default 5); TableLockoutFactor × LockoutAttempts wrong PINs of any ids within
	// TableLockoutWindowMinutes (defaults 3 and 15) lock every id.
	LockoutAttempts           int `toml:"lockout_attempts"`
	LockoutMinutes            int `toml:"lockout_minutes"`
	TableLockoutFactor        int `toml:"table_lockout_factor"`
	TableLockoutWindowMinutes int `toml:"table_lockout_window_minutes"`
}

// Lockout is the configuration's sign-in lockout (its defaults where a key is not given), kept
// across a restart in file ("": in memory only). A key out of its bounds (those of the tables'
// [operator] keys) is refused, naming it.
func (cfg Config) Lockout(file string) (Lockout, error) {
	l := DefaultLockout
	l.TableFactor, l.TableWindow, l.File = people.DefaultTableFactor, people.DefaultTableWindow, file
	for _, k := range []struct {
		key      string
		v, max   int
		set      func(int)
		unitWord string
	}{
		{"console.lockout_attempts", cfg.LockoutAttempts, config.MaxLockoutAttempts, func(n int) { l.Attempts = n }, "wrong PINs in a row"},
		{"console.lockout_minutes", cfg.LockoutMinutes, config.MaxLockoutMinutes, func(n int) { l.Lock = time.Duration(n) * time.Minute }, "minutes"},
		{"console.table_lockout_factor", cfg.TableLockoutFactor, config.MaxTableLockoutFactor, func(n int) { l.TableFactor = n }, "times console.lockout_attempts"},
		{"console.table_lockout_window_minutes", cfg.TableLockoutWindowMinutes, config.MaxLockoutMinutes, func(n int) { l.TableWindow = time.Duration(n) * time.Minute }, "minutes"},
	} {
		switch {
		case k.v == 0: // not given: the default
		case k.v < 1 || k.v > k.max:
			return Lockout{}, fmt.Errorf("%s %d: want 1 to %d (%s)", k.key, k.v, k.max, k.unitWord)
		default:
			k.set(k.v)
		}
	}
	return l, nil
}

// TableConfig is one table as the console knows it beyond what the table publishes.
type TableConfig struct {
	Pit      string   `toml:"pit"`      // the pit it stands in, for selecting a whole pit
	Profile  string   `toml:"profile"`  // its rule book, if not the console's Profile
	Settings []string `toml:"settings"` // its settings, if not the console's Settings
}

// book is a table's rule book: what the engine needs to decide a change of its sign.
type book struct {
	profile  engine.Profile  // a baccarat table's
	settings engine.Settings // a baccarat table's
	redDog   *reddog.Profile // a Red Dog table's (profile and settings unused)
	notices  engine.NoticeRules
}

// books are the tables' books, resolved and checked at start.
type books struct {
	def    book
	tables map[string]book
	pits   map[string]string // table id → pit
}

func loadBook(profile string, settings []string) (book, error) {
	if profile == reddog.ProfileID {
		if len(settings) > 0 {
			return book{}, fmt.Errorf("settings: %s takes no settings", profile)
		}
		p := reddog.VicRedDog1997()
		return book{redDog: &p, notices: p.Notices}, nil
	}
	p, err := engine.LookupProfile(profile)
	if err != nil {
		return book{}, fmt.Errorf("profile: %w (or %s)", err, reddog.ProfileID)
	}
	s, err := engine.ParseSettings(&p, settings)
	if err != nil {
		return book{}, fmt.Errorf("settings: %w", err)
	}
	n, err := s.NoticeRules(&p)
	if err != nil {
		return book{}, fmt.Errorf("settings: %w", err)
	}
	if _, err := s.SettlementRules(&p); err != nil {
		return book{}, fmt.Errorf("settings: %w", err)
	}
	return book{profile: p, settings: s, notices: n}, nil
}

// check resolves every book of the configuration, naming the key of the first that is wrong.
func (c Config) books() (books, error) {
	b := books{tables: map[string]book{}, pits: map[string]string{}}
	prof := c.Profile
	if prof == "" {
		prof = engine.ProfileVic2002
	}
	var err error
	if b.def, err = loadBook(prof, c.Settings); err != nil {
		return b, fmt.Errorf("console.%w", err)
	}
	ids := make([]string, 0, len(c.Tables))
	for id := range c.Tables {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		tc := c.Tables[id]
		if !pitwire.ValidTableID(id) {
			return b, fmt.Errorf("console.tables.%q: not a table id", id)
		}
		if len(tc.Pit) > 32 {
			return b, fmt.Errorf("console.tables.%s.pit: at most 32 characters", id)
		}
		b.pits[id] = tc.Pit
		if tc.Profile == "" && tc.Settings == nil {
			continue
		}
		p := tc.Profile
		if p == "" {
			p = prof
		}
		bk, err := loadBook(p, tc.Settings)
		if err != nil {
			return b, fmt.Errorf("console.tables.%s.%w", id, err)
		}
		b.tables[id] = bk
	}
	return b, nil
}

func (b books) of(id string) book {
	if bk, ok := b.tables[id]; ok {
		return bk
	}
	return b.def
}

// signOf is the engine's sign for what a table publishes of it: its limits, table
// differentials (a table that publishes none has none) and settlement method in force (none
// published: the book's, config).
func (bk book) signOf(l pitwire.Limits) engine.Sign {
	return l.Sign()
}

// earliest is the earliest time, rounded up to the minute, at which the change ch may take
// effect on a table of book bk whose sign is sign, in currency cur (closes: when it closed or closes, zero when
// it is open and no closing is announced), if posted at now: the table's own rules decide the
// command the table would be sent (desk.Earliest). A reopening is asked for at the closing at
// the soonest. rule is the rule that asks for notice ("" when none is needed). A change the
// rules refuse whatever its time is an error naming the rule.
func (bk book) earliest(ch change, sign engine.Sign, cur engine.Currency, closes time.Time, now time.Time) (at time.Time, rule string, err error) {
	ch.At = time.Time{}
	if ch.Kind == KindReopen && closes.After(now) {
		ch.At = closes
	}
	c, err := ch.command(bk.redDog != nil, now)
	if err != nil {
		return time.Time{}, "", err
	}
	t, rule, err := desk.Earliest(bk.config(sign, cur), closes, c, now)
	if err != nil {
		return time.Time{}, "", err
	}
	return ceilMinute(t), rule, nil
}

// config is the table aggregate's configuration for a table of book bk whose sign is sign,
// its amounts written in cur (the currency the table publishes, currencyOf):
// the desk keeps of a Red Dog sign its one wager (003 6.1) and sets a baccarat sign's
// settlement method from the settings (desk.New), so the method in force at the table (the
// sign's, from its limits message) is set in the settings where the book lets it change (the
// settlement key: ACT's Method A or B, 001 8.1, 8.2); a table that publishes none has the book's.
func (bk book) config(sign engine.Sign, cur engine.Currency) desk.Config {
	return desk.Config{Profile: bk.profile, Settings: bk.settings, RedDog: bk.redDog, Hold: true, Currency: cur}.WithSign(sign)
}

// ceilMinute is t rounded up to the minute: the form takes HH:MM.
func ceilMinute(t time.Time) time.Time {
	if r := t.Truncate(time.Minute); r.Before(t) {
		return r.Add(time.Minute)
	}
	return t
}

// earlier is the earlier of a and b.
func earlier(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}
