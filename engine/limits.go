package engine

import (
	"errors"
	"fmt"
	"time"
)

// ChangeKind is one kind of change to what the table sign shows, for the notice rules.
type ChangeKind uint16

// The kinds of change to the table sign. They are bits, so a set of kinds is a ChangeKind too.
const (
	ChangeRaiseMinimum ChangeKind = 1 << iota // a higher minimum wager (000 7.7, 003 6.4, 001 3.1)
	ChangeLowerMinimum                        // a lower minimum wager (001 3.1)
	ChangeMaximum                             // a higher or lower maximum wager (001 3.1)
	ChangeMultiples                           // the permitted multiples (001 3.1, 3.3)
	ChangeDifferential                        // the table differential (001 3.7)
	ChangeSettlement                          // the settlement method (001 8.2)
	ChangeClose                               // closing the table (000 13.7, 003 10.7, 001 10.2)
	// ChangeOpen is opening a closed table with a sign. The opening itself needs no notice: no
	// player is at a closed table (the notice rules protect players present: 000 7.7, 13.7;
	// 003 6.4). What the sign changes against the sign before the closing is in the same set,
	// and needs notice unless the table stayed closed for the notice period (Board.Schedule).
	ChangeOpen
)

var changeKindNames = [...]string{"raise minimum", "lower minimum", "maximum", "multiples", "differential", "settlement method", "close", "open"}

// String names the kinds in the set, joined by "+".
func (k ChangeKind) String() string {
	s := ""
	for i, n := range changeKindNames {
		if k&(1<<i) != 0 {
			if s != "" {
				s += "+"
			}
			s += n
		}
	}
	if s == "" {
		return "none"
	}
	return s
}

// NoticeRules is a book's rule on notice before a change of the table sign or closing the
// table. A Profile carries it in its field Notices; NoticesVicBaccarat2002, NoticesVicRedDog1997,
// NoticesACT2012 and NoticesNZ give each book's values (Minutes is the setting notice_minutes).
type NoticeRules struct {
	// NeedsNotice is the set of changes that must be announced on a sign at least Minutes
	// before they take effect. vic baccarat: ChangeRaiseMinimum (000 7.7, s66(2)) and
	// ChangeClose (13.7); vic red dog: the same (003 6.4, 10.7); act: every change of the
	// limits, the differential and the settlement method, and closing (001 3.1, 3.7, 8.2,
	// 10.2); nz: no rule in the supplied divisions, so ChangeRaiseMinimum and ChangeClose as the
	// project's choice (spec/rule-profiles.md), not the book's.
	NeedsNotice ChangeKind
	// Waivable is the set of changes for which the players may waive the notice; the waiver is
	// recorded. vic baccarat: ChangeRaiseMinimum "at the request of, or with the consensus of
	// the players" (000 7.7.1). Red dog has no exception (003 6.4), nor does closing (13.7).
	Waivable ChangeKind
	// Minutes is the notice period in minutes (setting notice_minutes, default 20).
	Minutes int
	// MinMinutes is the smallest Minutes the book allows: 20 for vic (s66(2), 000 7.7, 13.7;
	// 003 6.4, 10.7); 1 for act ("prior notice", 001 3.1: more than 0); 0 for nz.
	MinMinutes int
	// Currency is the table's currency, in which the notices write their amounts
	// (Currency.Amount): table data set by the table from its currency code, not a rule of
	// the book. "" writes amounts with no symbol.
	Currency Currency
	// Rule and CloseRule are the rule numbers cited when a change of the sign, or closing the
	// table, is refused for want of notice.
	Rule, CloseRule string
	// KindRules cite the rule behind each kind of change where the book has one rule per kind
	// (act: the limits 3.1, the differential 3.7, the settlement method 8.2): a refusal cites
	// the rules of exactly the kinds that need notice. Kinds not listed cite Rule.
	KindRules []KindRule
	// WithdrawRule is the rule under which a change posted and not yet in effect may be withdrawn
	// (Board.Withdraw), cited when it is and when a withdrawal is refused. Withdrawing leaves the
	// sign in force as it is, which no book asks notice of: vic baccarat "may alter the limits on a
	// gaming table at any time" except a higher minimum, and notice is asked only of a closure
	// (000 7.7, 13.7); vic red dog the same (003 6.4, 10.7); act asks notice of a change of the
	// limits, the differential, the settlement method and of closing, and a change withdrawn is
	// none (001 3.1, 3.7, 8.2, 10.2); nz has no rule in these divisions (002, 004): the project's
	// choice, as for the notice.
	WithdrawRule string
}

// KindRule is the rule that asks for notice of one kind of change.
type KindRule struct {
	Kind ChangeKind
	Rule string
}

// NoticesVicBaccarat2002 is vic-baccarat-2002: 20 minutes before a higher minimum (000 7.7,
// s66(2)), waivable by the players (7.7.1), and before closing (13.7). minutes is notice_minutes.
func NoticesVicBaccarat2002(minutes int) NoticeRules {
	return NoticeRules{NeedsNotice: ChangeRaiseMinimum | ChangeClose, Waivable: ChangeRaiseMinimum, Minutes: minutes, MinMinutes: 20,
		Rule: "000 7.7, s66(2)", CloseRule: "000 13.7", WithdrawRule: "000 7.7, 13.7"}
}

// NoticesVicRedDog1997 is vic-red-dog-1997: 20 minutes before a higher minimum (003 6.4) and
// before closing (10.7), no exception. minutes is notice_minutes.
func NoticesVicRedDog1997(minutes int) NoticeRules {
	return NoticeRules{NeedsNotice: ChangeRaiseMinimum | ChangeClose, Minutes: minutes, MinMinutes: 20,
		Rule: "003 6.4, s66(2)", CloseRule: "003 10.7", WithdrawRule: "003 6.4, 10.7"}
}

// NoticesACT2012 is act-mini-baccarat-2012: prior notice of every change of the limits (3.1),
// of the table differential (3.7), of the settlement method (8.2), and of closing (10.2).
func NoticesACT2012(minutes int) NoticeRules {
	all := ChangeRaiseMinimum | ChangeLowerMinimum | ChangeMaximum | ChangeMultiples | ChangeDifferential | ChangeSettlement | ChangeClose
	return NoticeRules{NeedsNotice: all, Minutes: minutes, MinMinutes: 1, Rule: "001 3.1, 3.7, 8.2", CloseRule: "001 10.2",
		WithdrawRule: "001 3.1, 3.7, 8.2, 10.2",
		KindRules: []KindRule{
			{ChangeRaiseMinimum | ChangeLowerMinimum | ChangeMaximum, "001 3.1"}, {ChangeMultiples, "001 3.1, 3.3"},
			{ChangeDifferential, "001 3.7"}, {ChangeSettlement, "001 8.2"},
		}}
}

// NoticesNZ is both nz books (002, 004): they have no notice rule in these divisions; a higher
// minimum and closing take notice_minutes as the project's choice.
func NoticesNZ(minutes int) NoticeRules {
	return NoticeRules{NeedsNotice: ChangeRaiseMinimum | ChangeClose, Minutes: minutes,
		Rule: "notice_minutes (002, 004: no rule in these divisions)", CloseRule: "notice_minutes (002, 004: no rule in these divisions)",
		WithdrawRule: "002, 004: no rule in these divisions"}
}

// Validate checks notice_minutes against the book; the error names the setting.
func (n NoticeRules) Validate() error {
	if n.Minutes < n.MinMinutes {
		return fmt.Errorf("notice_minutes %d: this book needs at least %d", n.Minutes, n.MinMinutes)
	}
	if n.Minutes > 24*60 {
		return fmt.Errorf("notice_minutes %d: at most a day (1440)", n.Minutes)
	}
	return nil
}

// Period is the notice period as a duration.
func (n NoticeRules) Period() time.Duration { return time.Duration(n.Minutes) * time.Minute }

// WagerLimit is the limit on one wager: minimum, maximum and the permitted multiple over the
// minimum (000 7.3, 001 3.1-3.5). Amounts are cents; a zero field means no limit.
type WagerLimit struct {
	Min      int64 `json:"min,omitempty"`      // the minimum wager, cents
	Max      int64 `json:"max,omitempty"`      // the maximum wager, cents
	Multiple int64 `json:"multiple,omitempty"` // wagers over the minimum go up in this step, cents
}

// Validate checks that the limit is coherent. A limit alone has no currency: its error writes
// the amounts with no symbol ("minimum 50 above maximum 25").
func (l WagerLimit) Validate() error { return l.validate("") }

// validate is Validate, its error's amounts in the currency c.
func (l WagerLimit) validate(c Currency) error {
	switch {
	case l.Min < 0 || l.Max < 0 || l.Multiple < 0 || l.Min > maxCents || l.Max > maxCents || l.Multiple > maxCents:
		return fmt.Errorf("limit %+v: amounts must be 0 to %d cents", l, int64(maxCents))
	case l.Max > 0 && l.Min > l.Max:
		return fmt.Errorf("limit: minimum %s above maximum %s", c.Amount(l.Min), c.Amount(l.Max))
	}
	return nil
}

// Marker is a limit agreed for one player, shown by a marker at the seat: "personal limit"
// (000 7.6), "higher limit" (003 6.5), a marker denoting the new limit (001 3.2).
type Marker struct {
	Seat  int        // the seat or playing area it stands at
	Text  string     // "personal limit" or "higher limit"
	Limit WagerLimit // the limit agreed for that player, on every wager
}

// Sign is what the table limit sign shows (000 7.1, s66(1)(d); 001 3.1, 3.3, 3.6, 8.2; 004 5.17).
type Sign struct {
	// Player, Banker, Tie, Insurance and Run are the limits per wager; nz-baccarat: the minimum
	// per bet on each area, the maximum on the total per outcome (004 5.8-5.9).
	Player, Banker, Tie, Insurance, Run WagerLimit
	// DifferentialMin and DifferentialMax are the table differentials in cents, 0 for none.
	DifferentialMin, DifferentialMax int64
	// Settlement is the settlement method shown (001 8.2, 000 5.1, 004 5.11).
	Settlement BankerPayout
	// Markers are the personal / higher limit markers in place.
	Markers []Marker
}

// Limit is the sign's limit for a kind of wager. It reads the sign in place (a Sign is some
// hundred bytes, and every wager placed asks for its limit).
func (s *Sign) Limit(k WagerKind) WagerLimit {
	switch k {
	case WagerPlayer:
		return s.Player
	case WagerBanker:
		return s.Banker
	case WagerTie:
		return s.Tie
	case WagerInsurance:
		return s.Insurance
	}
	return WagerLimit{}
}

// LimitFor is the limit that applies to a wager of this kind at this seat: the seat's marker
// if there is one (000 7.6), else the sign's. It reads the sign in place, as Limit does.
func (s *Sign) LimitFor(seat int, k WagerKind) WagerLimit {
	for _, m := range s.Markers {
		if m.Seat == seat && seat > 0 {
			return m.Limit
		}
	}
	return s.Limit(k)
}

func (s Sign) clone() Sign {
	s.Markers = append([]Marker(nil), s.Markers...)
	return s
}

// Validate checks every limit on the sign.
func (s Sign) Validate() error {
	for _, k := range []WagerKind{WagerPlayer, WagerBanker, WagerTie, WagerInsurance} {
		if err := s.Limit(k).Validate(); err != nil {
			return fmt.Errorf("sign %s: %w", k, err)
		}
	}
	if err := s.Run.Validate(); err != nil {
		return fmt.Errorf("sign Run: %w", err)
	}
	if s.DifferentialMin < 0 || s.DifferentialMax < 0 || s.DifferentialMin > maxCents || s.DifferentialMax > maxCents {
		return fmt.Errorf("sign differential out of range")
	}
	for _, m := range s.Markers {
		if err := m.Limit.Validate(); err != nil {
			return fmt.Errorf("sign marker at seat %d: %w", m.Seat, err)
		}
	}
	return nil
}

// kindsOf is the set of changes from a to b.
func kindsOf(a, b Sign) ChangeKind {
	var k ChangeKind
	for _, w := range []WagerKind{WagerPlayer, WagerBanker, WagerTie, WagerInsurance, 0} {
		la, lb := a.Limit(w), b.Limit(w)
		if w == 0 {
			la, lb = a.Run, b.Run
		}
		switch {
		case lb.Min > la.Min:
			k |= ChangeRaiseMinimum
		case lb.Min < la.Min:
			k |= ChangeLowerMinimum
		}
		if la.Max != lb.Max {
			k |= ChangeMaximum
		}
		if la.Multiple != lb.Multiple {
			k |= ChangeMultiples
		}
	}
	if a.DifferentialMin != b.DifferentialMin || a.DifferentialMax != b.DifferentialMax {
		k |= ChangeDifferential
	}
	if a.Settlement != b.Settlement {
		k |= ChangeSettlement
	}
	return k
}

// Change is a change to the table sign, or the closing of the table, at a time.
type Change struct {
	// At is when the change takes effect.
	At time.Time
	// Sign is the sign from At on (ignored when Close is set).
	Sign Sign
	// Close closes the table at At (000 13.7, 003 10.7, 001 10.2).
	Close bool
	// Waived records that the players asked for or consented to a higher minimum, so no notice is
	// needed where the book allows it (000 7.7.1).
	Waived bool
	// WaivedBy says who asked or consented, for the record.
	WaivedBy string
	// Reopen says the change opens the table again after a closing (OpReopen); the board refuses
	// it when no closing is in effect or scheduled. A sign scheduled after a closing is a
	// reopening whether or not this is set (Board.Schedule sets it).
	Reopen bool `json:",omitempty"`
}

// Scheduled is a change accepted by the board.
type Scheduled struct {
	Change
	ID     int        // 1, 2, ... in the order scheduled; the number of a change withdrawn is not used again
	Posted time.Time  // when its notice went up
	Kinds  ChangeKind // what it changes
	// Notice is the set of kinds for which a notice was required; NoticeWaived those waived (000 7.7.1).
	Notice, NoticeWaived ChangeKind
}

// NoticeError is a change refused because it is sooner than the book allows.
type NoticeError struct {
	Kinds    ChangeKind // the changes that need notice
	Minutes  int        // the notice period
	Earliest time.Time  // the earliest time the change may take effect if posted now
	Rule     string     // the rule numbers
	Reopen   bool       // the change reopens the table after a closing shorter than the notice period
}

// Error says what needs notice, for how long, under which rule, and the earliest time.
func (e *NoticeError) Error() string {
	if e.Reopen {
		return fmt.Sprintf("%s on reopening needs %d minutes' notice, or the table closed as long (%s): earliest %s", e.Kinds, e.Minutes, e.Rule, e.Earliest.Format("15:04:05"))
	}
	return fmt.Sprintf("%s needs %d minutes' notice (%s): earliest %s", e.Kinds, e.Minutes, e.Rule, e.Earliest.Format("15:04:05"))
}

// noticeRule cites the rules behind a set of changes needing notice: the rule of each kind in
// the set where the book has one per kind, else the book's rule.
func noticeRule(k ChangeKind, n NoticeRules) string {
	if k == ChangeClose {
		return n.CloseRule
	}
	out, left := "", k&^ChangeClose
	for _, kr := range n.KindRules {
		if left&kr.Kind == 0 {
			continue
		}
		left &^= kr.Kind
		if out != "" {
			out += "; "
		}
		out += kr.Rule
	}
	if out == "" || left != 0 {
		return n.Rule
	}
	return out
}

// Board is a table's sign and its schedule of changes: a pure state type (the time is passed
// in). It refuses a change sooner than the book's notice rule allows.
type Board struct {
	rules   NoticeRules
	initial Sign
	changes []Scheduled
	lastID  int // the ID of the latest change scheduled, withdrawn or not
}

// NewBoard starts a board with the book's notice rules and the sign in effect now.
func NewBoard(rules NoticeRules, s Sign) (*Board, error) {
	if err := rules.Validate(); err != nil {
		return nil, fmt.Errorf("new board: %w", err)
	}
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("new board: %w", err)
	}
	return &Board{rules: rules, initial: s.clone()}, nil
}

// Schedule posts a change at time now. It is refused, never moved: a change that needs notice
// (NoticeRules.NeedsNotice, less what the players waived where Waivable) sooner than now plus the
// notice period is a *NoticeError; a change in the past or before a change already scheduled is
// a *TimeError. Both give the earliest time the change could take effect if posted now
// (spec/table-script.md §1). The table may not close twice.
//
// A sign posted for a time at or after a scheduled closing reopens the table with that sign
// (Change.Reopen says so explicitly). What a reopening changes is measured against the sign in
// force when the table closed, and it needs no notice only when the table stays closed for at
// least the notice period: the closing sent the players away (000 13.7, 003 10.7, 001 10.2) and
// none of them sees a limit changed sooner than the book's notice would allow. After a shorter
// closing (a "closing and reopening" at the same instant) the reopening may change without notice
// only what the book lets change without notice (vic a lower minimum or a maximum; act nothing);
// a higher minimum still needs its sign for the whole period (000 7.7, s66(2); 003 6.4; 001 3.1).
func (b *Board) Schedule(c Change, now time.Time) (Scheduled, error) {
	lower := now // no change takes effect before now, nor before a change already scheduled
	var last *Scheduled
	if n := len(b.changes); n > 0 {
		last = &b.changes[n-1]
		if now.Before(last.Posted) {
			return Scheduled{}, fmt.Errorf("schedule change: now %s is before the last posting %s", now.Format("15:04:05"), last.Posted.Format("15:04:05"))
		}
		if last.Close && c.Close {
			return Scheduled{}, fmt.Errorf("schedule closing at %s: the table already closes at %s", c.At.Format("15:04:05"), last.At.Format("15:04:05"))
		}
		if last.At.After(lower) {
			lower = last.At
		}
	}
	opening := last != nil && last.Close
	if c.Reopen && (!opening || c.Close) {
		return Scheduled{}, fmt.Errorf("reopen at %s: the table is not closed and no closing is scheduled", c.At.Format("15:04:05"))
	}
	before := b.signBefore(len(b.changes))
	var kinds ChangeKind
	if c.Close {
		kinds = ChangeClose
		c.Sign = Sign{}
	} else {
		if err := c.Sign.Validate(); err != nil {
			return Scheduled{}, fmt.Errorf("schedule change: %w", err)
		}
		kinds = kindsOf(before, c.Sign)
		if opening {
			kinds |= ChangeOpen
			c.Reopen = true
		}
		c.Sign = c.Sign.clone()
	}
	need := kinds & b.rules.NeedsNotice
	var waived ChangeKind
	if c.Waived {
		waived = need & b.rules.Waivable
		if waived == 0 {
			return Scheduled{}, fmt.Errorf("schedule change: the players cannot waive notice of %s under this book", need)
		}
		need &^= waived
	}
	// The earliest time the change may take effect: not before lower, and, when it needs notice,
	// not before the notice period from now, or (a reopening) from the closing.
	earliest := lower
	if need != 0 {
		t := now.Add(b.rules.Period())
		if opening {
			if u := last.At.Add(b.rules.Period()); u.Before(t) {
				t = u
			}
		}
		if t.After(earliest) {
			earliest = t
		}
	}
	switch {
	case c.At.Before(now):
		return Scheduled{}, &TimeError{At: c.At, Earliest: earliest, Reason: "in the past"}
	case c.At.Before(lower):
		why := fmt.Sprintf("before the change already scheduled at %s", last.At.Format("15:04:05"))
		if opening {
			why = fmt.Sprintf("before the closing already scheduled at %s (at or after it, the change reopens the table)", last.At.Format("15:04:05"))
		}
		return Scheduled{}, &TimeError{At: c.At, Earliest: earliest, Reason: why}
	case c.At.Before(earliest):
		return Scheduled{}, &NoticeError{Kinds: need, Minutes: b.rules.Minutes, Earliest: earliest, Rule: noticeRule(need, b.rules), Reopen: opening}
	}
	if opening && c.At.Sub(last.At) >= b.rules.Period() {
		need = 0 // closed for the whole notice period: no player of the old sign is left to warn
	}
	b.lastID++
	sc := Scheduled{Change: c, ID: b.lastID, Posted: now, Kinds: kinds, Notice: need, NoticeWaived: waived}
	b.changes = append(b.changes, sc)
	return sc, nil
}

// Withdraw takes back, at time now, the change posted for time at that has not yet taken
// effect: its notices come off the sign and the sign in force stays as it is, which no book asks
// notice of (NoticeRules.WithdrawRule). Where two changes are posted for the same time (a
// closing and a reopening), it is the later posted. It is refused, as a *WithdrawError citing
// that rule, when nothing is posted for at; when the change has taken effect (changing the
// sign back is a new change, with its own notice); and when it is not the last change posted:
// what a later change changes, and so the notice it needs, is measured from the sign this one
// posts (Schedule), so the later one is withdrawn first.
func (b *Board) Withdraw(at, now time.Time) (Scheduled, error) {
	refuse := func(why string) (Scheduled, error) {
		return Scheduled{}, &WithdrawError{At: at, Reason: why, Rule: b.rules.WithdrawRule}
	}
	i := len(b.changes) - 1
	for i >= 0 && !b.changes[i].At.Equal(at) {
		i--
	}
	if i < 0 {
		return refuse("no change of the sign is posted for " + at.Format("15:04:05"))
	}
	c := b.changes[i]
	last := b.changes[len(b.changes)-1]
	switch {
	case !c.At.After(now):
		return refuse(fmt.Sprintf("%s at %s has taken effect: changing it back is a new change, posted with the notice the book asks", c.what(), c.At.Format("15:04:05")))
	case i != len(b.changes)-1:
		return refuse(fmt.Sprintf("%s at %s, posted after %s at %s, is measured from it: withdraw that one first",
			last.what(), last.At.Format("15:04:05"), c.what(), c.At.Format("15:04:05")))
	case now.Before(c.Posted):
		return Scheduled{}, fmt.Errorf("withdraw change: now %s is before its posting %s", now.Format("15:04:05"), c.Posted.Format("15:04:05"))
	}
	b.changes = b.changes[:i]
	return c, nil
}

// what names a change scheduled for a reason: "the closing", "the reopening", "the change of the sign".
func (s Scheduled) what() string {
	switch {
	case s.Close:
		return "the closing"
	case s.Reopen:
		return "the reopening"
	}
	return "the change of the sign"
}

// WithdrawError is a withdrawal of a posted change refused (Board.Withdraw): At is the time
// named, Rule the book's rule on withdrawing (NoticeRules.WithdrawRule).
type WithdrawError struct {
	At     time.Time
	Reason string
	Rule   string
}

// Error says why nothing is withdrawn, naming the time.
func (e *WithdrawError) Error() string { return e.Reason }

// Earliest is the earliest time a change refused for its time may take effect: err is (or
// wraps) a *NoticeError or a *TimeError. ok is false for any other error.
func Earliest(err error) (t time.Time, ok bool) {
	var ne *NoticeError
	var te *TimeError
	switch {
	case errors.As(err, &ne):
		return ne.Earliest, true
	case errors.As(err, &te):
		return te.Earliest, true
	}
	return time.Time{}, false
}

// TimeError is a change refused for its time alone: in the past, or before a change already
// scheduled. Earliest is the earliest time it may take effect.
type TimeError struct {
	At, Earliest time.Time
	Reason       string
}

// Error says why the time is refused and the earliest time allowed.
func (e *TimeError) Error() string {
	return fmt.Sprintf("schedule change at %s: %s: earliest %s", e.At.Format("15:04:05"), e.Reason, e.Earliest.Format("15:04:05"))
}

// signBefore is the sign after the first i scheduled changes.
func (b *Board) signBefore(i int) Sign {
	s := b.initial
	for _, c := range b.changes[:i] {
		if !c.Close {
			s = c.Sign
		}
	}
	return s
}

// Changes is every change scheduled, in order.
func (b *Board) Changes() []Scheduled { return append([]Scheduled(nil), b.changes...) }

// NoticeItem is what one line of a notice changes.
type NoticeItem uint8

// The items a notice names.
const (
	NoticeMinimum         NoticeItem = iota + 1 // the minimum of Wager changes to Amount
	NoticeMaximum                               // the maximum of Wager changes to Amount
	NoticeMultiple                              // the multiple of Wager changes to Amount
	NoticeDifferentialMin                       // the minimum table differential changes to Amount (0: removed)
	NoticeDifferentialMax                       // the maximum table differential changes to Amount (0: removed)
	NoticeSettlement                            // the settlement method changes to Settlement (001 8.2)
	NoticeClose                                 // the table closes
	NoticeOpen                                  // the table opens again
)

// Notice is one announcement on the sign: one item of a change still to come. It names
// exactly what changes (s66(2): "a sign indicating the new minimum"; 001 3.1): a change of the
// Tie minimum is a notice about the Tie, never about the Player or Banker wager.
type Notice struct {
	ChangeID  int           // the Scheduled.ID it announces
	Text      string        // "Minimum Player changes to $50 at 21:30", "Table closes at 23:00"
	At        time.Time     // when it takes effect
	Remaining time.Duration // until At
	Countdown string        // Remaining as "mm:ss" (or "h:mm:ss")
	// Item is what the line changes; Wager the wager it concerns ("Player", "Banker", "Tie",
	// "Insurance/No 6", "Run"; empty for the other items); Amount the new amount in cents, and
	// Settlement the new method for NoticeSettlement.
	Item       NoticeItem
	Wager      string
	Amount     int64
	Settlement BankerPayout
	// Old is the amount (cents) the item had before the change: the sign in force before it
	// (for a reopening, the sign when the table closed); 0 for a closing, an opening and a
	// settlement method (whose old method is OldSettlement).
	Old           int64
	OldSettlement BankerPayout
	// Kind is the kind of change the line announces (a raised or a lowered minimum, ...).
	Kind ChangeKind
	// Rule is the rule that asked for this notice (NoticeRules.Rule, CloseRule or KindRules),
	// or "" when the book asks no notice of it (or the players waived it, 000 7.7.1).
	Rule string
}

// NoticeWagerRun is Notice.Wager for the Run wagers' limit (000 2.4, 7.3).
const NoticeWagerRun = "Run"

// SignView is exactly what the sign shows at a moment.
type SignView struct {
	At      time.Time // the moment shown
	Sign    Sign      // the limits in effect
	Closed  bool      // the table is closed
	Notices []Notice  // changes posted and still to come, soonest first
	// Waivers records the changes in effect that were made without notice at the players'
	// request or with their consent (000 7.7.1).
	Waivers []string
}

// SignAt says what the sign shows at t: the limits in effect, and every change posted by t
// that has not yet taken effect, with its countdown.
func (b *Board) SignAt(t time.Time) SignView {
	v := SignView{At: t, Sign: b.initial.clone()}
	prev := b.initial
	for _, c := range b.changes {
		if !c.At.After(t) {
			if c.Close {
				v.Closed = true
			} else {
				v.Sign = c.Sign.clone()
				v.Closed = false // a sign posted after the closing opens the table (ChangeOpen)
			}
			if c.NoticeWaived != 0 {
				by := c.WaivedBy
				if by == "" {
					by = "the players"
				}
				v.Waivers = append(v.Waivers, fmt.Sprintf("%s at %s without notice, waived by %s (000 7.7.1)", c.NoticeWaived, c.At.Format("15:04"), by))
			}
		} else if !c.Posted.After(t) {
			for _, n := range changeNotices(prev, c, b.rules.Currency) {
				if k := n.Kind & c.Notice; k != 0 {
					n.Rule = noticeRule(k, b.rules)
				}
				n.Remaining = c.At.Sub(t)
				n.Countdown = countdown(n.Remaining)
				v.Notices = append(v.Notices, n)
			}
		}
		if !c.Close {
			prev = c.Sign
		}
	}
	return v
}

func countdown(d time.Duration) string {
	s := int64((d + time.Second - 1) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%02d:%02d", s/60, s%60)
}

// changeNotices words a change for the sign, one notice per changed item, against the sign a
// before it (for a reopening, the sign in force when the table closed).
func changeNotices(a Sign, c Scheduled, cur Currency) []Notice {
	at := c.At.Format("15:04")
	item := func(it NoticeItem, kind ChangeKind, wager string, old, amount int64, text string) Notice {
		return Notice{ChangeID: c.ID, At: c.At, Item: it, Kind: kind, Wager: wager, Old: old, Amount: amount, Text: text}
	}
	if c.Close {
		return []Notice{item(NoticeClose, ChangeClose, "", 0, 0, "Table closes at "+at)}
	}
	var out []Notice
	if c.Kinds&ChangeOpen != 0 {
		out = append(out, item(NoticeOpen, ChangeOpen, "", 0, 0, "Table opens at "+at))
	}
	b := c.Sign
	for _, w := range []WagerKind{WagerPlayer, WagerBanker, WagerTie, WagerInsurance, 0} {
		la, lb, name := a.Limit(w), b.Limit(w), w.String()
		if w == 0 {
			la, lb, name = a.Run, b.Run, NoticeWagerRun
		}
		if la.Min != lb.Min {
			kind := ChangeRaiseMinimum
			if lb.Min < la.Min {
				kind = ChangeLowerMinimum
			}
			out = append(out, item(NoticeMinimum, kind, name, la.Min, lb.Min, fmt.Sprintf("Minimum %s changes to %s at %s", name, cur.Amount(lb.Min), at)))
		}
		if la.Max != lb.Max {
			out = append(out, item(NoticeMaximum, ChangeMaximum, name, la.Max, lb.Max, fmt.Sprintf("Maximum %s changes to %s at %s", name, cur.Amount(lb.Max), at)))
		}
		if la.Multiple != lb.Multiple {
			out = append(out, item(NoticeMultiple, ChangeMultiples, name, la.Multiple, lb.Multiple, fmt.Sprintf("Multiples of %s on %s from %s", cur.Amount(lb.Multiple), name, at)))
		}
	}
	for _, d := range []struct {
		it       NoticeItem
		name     string
		old, new int64
	}{{NoticeDifferentialMin, "Minimum", a.DifferentialMin, b.DifferentialMin}, {NoticeDifferentialMax, "Maximum", a.DifferentialMax, b.DifferentialMax}} {
		switch {
		case d.old == d.new:
		case d.new == 0:
			out = append(out, item(d.it, ChangeDifferential, "", d.old, 0, fmt.Sprintf("%s table differential removed at %s", d.name, at)))
		default:
			out = append(out, item(d.it, ChangeDifferential, "", d.old, d.new, fmt.Sprintf("%s table differential changes to %s at %s", d.name, cur.Amount(d.new), at)))
		}
	}
	if a.Settlement != b.Settlement {
		n := item(NoticeSettlement, ChangeSettlement, "", 0, 0, fmt.Sprintf("From %s: %s", at, b.Settlement))
		n.Settlement, n.OldSettlement = b.Settlement, a.Settlement
		out = append(out, n)
	}
	return out
}

// signKind is the kind of sign change a table setting is, or 0 for a setting that is not
// shown on the sign: the settlement method (001 8.2) and the table differentials (000 7.2,
// 001 3.6-3.7) are on the sign.
func signKind(key string) ChangeKind {
	switch key {
	case "settlement":
		return ChangeSettlement
	case "differential_min", "differential_max":
		return ChangeDifferential
	}
	return 0
}

// ScheduleSetting posts a change of a table setting that is shown on the sign (settlement,
// differential_min, differential_max) as a change of the sign at c.At, with the notice the
// book asks for (001 8.2 for the settlement method, 3.7 for the differential): refused like
// Schedule when too soon, with the earliest allowed time. c.Sign is ignored: the new sign is
// the sign in force after every scheduled change, with this setting changed. A setting not
// on the sign is an error naming it (it changes between rounds, Game).
func (b *Board) ScheduleSetting(p *Profile, key, value string, c Change, now time.Time) (Scheduled, error) {
	if signKind(key) == 0 {
		return Scheduled{}, &SettingError{Key: key, Value: value, Reason: "not shown on the sign: it changes between rounds"}
	}
	var st Settings
	if err := st.Set(p, key, value); err != nil {
		return Scheduled{}, err
	}
	s := b.signBefore(len(b.changes)).clone()
	switch key {
	case "settlement":
		s.Settlement = BankerCommission
		if st.Method == "B" {
			s.Settlement = BankerSixPaysHalf // 001 8.7
		}
	case "differential_min":
		if st.DifferentialMin > 0 && !p.Settlement.DifferentialMinAllowed {
			return Scheduled{}, &SettingError{Key: key, Value: value, Reason: "this book has no minimum table differential (000 7.2-7.5 only)"}
		}
		s.DifferentialMin = st.DifferentialMin
	case "differential_max":
		s.DifferentialMax = st.DifferentialMax
	}
	if s.DifferentialMin > 0 && s.DifferentialMax > 0 && s.DifferentialMin > s.DifferentialMax {
		return Scheduled{}, &SettingError{Key: key, Value: value, Reason: "the minimum table differential would exceed the maximum"}
	}
	c.Sign, c.Close = s, false
	return b.Schedule(c, now)
}

// Settle is the settlement rules r with what the sign in force shows applied: its settlement
// method (001 8.2: the method on the sign is the method used) and its table differentials
// (000 7.2-7.5, 001 3.6). A sign with no method (0) keeps r's.
func (s Sign) Settle(r SettlementRules) SettlementRules {
	switch s.Settlement {
	case BankerSixPaysHalf:
		r.Banker, r.ExtraCommission = BankerSixPaysHalf, 0
	case BankerCommission:
		r.Banker = BankerCommission
	}
	r.DifferentialMin, r.DifferentialMax = s.DifferentialMin, s.DifferentialMax
	return r
}
