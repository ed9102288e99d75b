// Package pitmodel is the pit board's state: what the board knows of every table, built from
// the messages of the pit bus (package message). It draws nothing and imports no UI toolkit:
// display/pitboard draws it with Ebiten, tests and load tests read it directly.
//
// A Board is not safe for concurrent use: one goroutine (the board's update loop) applies
// messages and reads it. Time is passed in, so the same messages at the same times always
// give the same board.
package pitmodel

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/coupboard/coupboard/roadmap"
)

// Config are the board's settings.
type Config struct {
	// StaleAfter is how long without a heartbeat (or with data known to be missing) before a
	// table is marked stale; default 6s (three heartbeats).
	StaleAfter time.Duration
	// OfflineAfter is how long without a heartbeat before a table is marked offline; default 30s.
	OfflineAfter time.Duration
	// HotStreak is the length of a current streak that is highlighted; default 5.
	HotStreak int
	// Roads are the roads' settings (roads_include_non_betting).
	Roads roadmap.Options
}

// DefaultConfig is the default configuration.
func DefaultConfig() Config {
	return Config{StaleAfter: 6 * time.Second, OfflineAfter: 30 * time.Second, HotStreak: 5, Roads: roadmap.DefaultOptions()}
}

// Liveness is whether a table's data can be shown as live.
type Liveness uint8

// The liveness states.
const (
	Live    Liveness = iota // heartbeats arrive and the board has every record the table sent
	Stale                   // heartbeats late, or records known to be missing: shown, marked stale
	Offline                 // no heartbeat for OfflineAfter, or none since the board started
)

// String is the word shown on the tile.
func (l Liveness) String() string {
	switch l {
	case Live:
		return "live"
	case Stale:
		return "stale"
	}
	return "offline"
}

// Table is what the board knows of one table. Read it; only the Board changes it.
type Table struct {
	ID       string
	Name     string             // the table's name for people ("" until a status arrives)
	Game     string             // the game in words
	State    pitwire.TableState // open, closing, closed ("" until a status arrives)
	ClosesAt time.Time          // when closing
	OpensAt  time.Time          // when closed, if known
	Limits   pitwire.Limits
	Shoe     int
	ShoeOver bool           // the shoe has ended and no new one has started
	LastSeq  uint64         // the highest journal sequence applied
	Last     *pitwire.Round // the last round with a result, nil at the start of a shoe
	Roads    *roadmap.Roads // the current shoe's roads
	// Missing counts rounds of this shoe the board never received (a gap in round numbers);
	// the table's roads are incomplete while it is not 0.
	Missing int
	// Software is the build the table runs, from its heartbeats ("" until one says).
	Software string
	// RedDog are a Red Dog table's last rounds, oldest first, at most RedDogRounds (reddog.go);
	// nil for a baccarat table.
	RedDog []pitwire.RedDogRound
	// HandsPerHour is the table's pace from its last round with a result (pitwire.Pace: the
	// rounds of the hour up to it, by the table's journal times), less the rounds of that hour
	// voided since (pace.go); 0 until one says.
	HandsPerHour int
	// Signed is the last sign-in or sign-out at the table's operator screen (pitwire.Access);
	// nil until one arrives.
	Signed *pitwire.Access
	// Held are the coups the table holds for the supervisor's review (pitwire.TypeReview), oldest
	// first; empty when none is (review.go).
	Held []Held
	// Notices are the notices the table posted on its sign (pitwire.TypeNotice), in the order
	// posted, those that took effect by the table's latest notice dropped (notices.go):
	// NoticesAt says which are still to come.
	Notices []pitwire.Notice
	// Version increases whenever the table changes (anything but liveness): drawers cache
	// their images of the table by it.
	Version uint64

	rounds      []pitwire.Round // the shoe's rounds by number-1, as received (missing ones cancelled)
	paced       []pacedRound    // the rounds received within the hour of HandsPerHour (pace.go)
	heardAt     time.Time       // board time of the last heartbeat; zero: never
	heardSeq    uint64          // the table's acknowledged sequence in its last heartbeat
	behindSince time.Time       // board time since when a heartbeat showed records not yet applied
}

// Stats are the table's statistics for the current shoe.
func (t *Table) Stats() roadmap.Stats { return t.Roads.Stats() }

// Codes is the current shoe's rounds in `coupboard roads` notation, cancelled and missing
// rounds left out.
func (t *Table) Codes() string {
	var b strings.Builder
	for i := range t.Roads.Rounds() {
		if h, _ := t.Roads.Round(i); h.Kind != engine.KindCancelled {
			b.WriteString(h.Code())
		}
	}
	return b.String()
}

// Result says what Apply did with a message.
type Result uint8

// The results of Apply.
const (
	Applied   Result = iota // the message changed the table
	Duplicate               // the table's record was applied before: nothing changed
	Heartbeat               // a heartbeat: liveness only (one naming a new build is Applied)
)

// Board is the state of every table the board has heard of.
type Board struct {
	cfg    Config
	tables map[string]*Table
	ids    []string // sorted

	applied, duplicates, rejected uint64
	forged                        uint64 // of the rejected, messages that did not match their subject
	lastForged                    string // the newest of them, in words
	bus                           Bus    // the pit bus's nodes, from the board's connection (bus.go)
}

// New is an empty board. Zero fields of cfg take their defaults.
func New(cfg Config) *Board {
	def := DefaultConfig()
	if cfg.StaleAfter <= 0 {
		cfg.StaleAfter = def.StaleAfter
	}
	if cfg.OfflineAfter <= 0 {
		cfg.OfflineAfter = def.OfflineAfter
	}
	if cfg.HotStreak <= 0 {
		cfg.HotStreak = def.HotStreak
	}
	return &Board{cfg: cfg, tables: make(map[string]*Table)}
}

// Config is the board's configuration.
func (b *Board) Config() Config { return b.cfg }

// Counters are how many messages were applied, dropped as duplicates and rejected.
func (b *Board) Counters() (applied, duplicates, rejected uint64) {
	return b.applied, b.duplicates, b.rejected
}

// Forged is how many messages were refused because they did not match the subject they
// arrived on (a table claiming another table's id: pitwire.CheckSubject), and the newest of
// them in words. They are also counted as rejected.
func (b *Board) Forged() (n uint64, last string) { return b.forged, b.lastForged }

// Len is the number of tables.
func (b *Board) Len() int { return len(b.ids) }

// IDs are the table ids in order (CompareIDs).
func (b *Board) IDs() []string { return b.ids }

// Table is table id, and whether the board has heard of it.
func (b *Board) Table(id string) (*Table, bool) {
	t, ok := b.tables[id]
	return t, ok
}

// Tables are the tables in order of id (CompareIDs). The slice is new; the tables are the board's.
func (b *Board) Tables() []*Table {
	out := make([]*Table, len(b.ids))
	for i, id := range b.ids {
		out[i] = b.tables[id]
	}
	return out
}

// table is table id, or a new table that is not on the board until add.
func (b *Board) table(id string) (t *Table, known bool) {
	if t, ok := b.tables[id]; ok {
		return t, true
	}
	return &Table{ID: id, Roads: roadmap.New(b.cfg.Roads)}, false
}

func (b *Board) add(t *Table) {
	b.tables[t.ID] = t
	i, _ := slices.BinarySearchFunc(b.ids, t.ID, CompareIDs)
	b.ids = slices.Insert(b.ids, i, t.ID)
}

// CompareIDs orders table ids as people do: runs of digits by their value ("BAC-9" before
// "BAC-10"), the rest byte by byte; ids that differ only in leading zeros fall back to byte order.
func CompareIDs(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if isDigit(a[i]) && isDigit(b[j]) {
			si, sj := i, j
			for i < len(a) && isDigit(a[i]) {
				i++
			}
			for j < len(b) && isDigit(b[j]) {
				j++
			}
			na, nb := strings.TrimLeft(a[si:i], "0"), strings.TrimLeft(b[sj:j], "0")
			if len(na) != len(nb) {
				return cmp.Compare(len(na), len(nb))
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			continue
		}
		if a[i] != b[j] {
			return cmp.Compare(a[i], b[j])
		}
		i++
		j++
	}
	if c := cmp.Compare(len(a)-i, len(b)-j); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// Apply applies message m received at board time now. A record the board already has (same
// table, sequence not above the last applied) changes nothing and is reported Duplicate. A
// message that does not match the subject it arrived on (Forged), an invalid message, or one
// that contradicts the table's shoe, is an error and changes nothing.
func (b *Board) Apply(m pitwire.Message, now time.Time) (Result, error) {
	if err := m.CheckSubject(); err != nil {
		b.rejected++
		b.forged++
		b.lastForged = err.Error()
		return Applied, fmt.Errorf("apply: %w", err)
	}
	if err := m.Validate(); err != nil {
		b.rejected++
		return Applied, fmt.Errorf("apply: %w", err)
	}
	t, known := b.table(m.Table)
	if m.Type == pitwire.TypeHeartbeat {
		if !known {
			b.add(t)
		}
		t.heardAt = now
		t.heardSeq = m.Seq
		b.checkBehind(t, now)
		if m.Software != "" && m.Software != t.Software {
			// The table now runs another build: its tile shows it.
			t.Software = m.Software
			t.Version++
			return Applied, nil
		}
		return Heartbeat, nil
	}
	if m.Seq <= t.LastSeq {
		b.duplicates++
		return Duplicate, nil
	}
	if err := b.apply(t, m); err != nil {
		b.rejected++
		return Applied, fmt.Errorf("apply %s:%d: %w", m.Table, m.Seq, err)
	}
	pace(t, m) // pace.go
	if !known {
		b.add(t)
	}
	t.LastSeq = m.Seq
	t.Version++
	b.checkBehind(t, now)
	b.applied++
	return Applied, nil
}

func (b *Board) checkBehind(t *Table, now time.Time) {
	switch {
	case t.heardSeq <= t.LastSeq:
		t.behindSince = time.Time{}
	case t.behindSince.IsZero():
		t.behindSince = now
	}
}

func (b *Board) apply(t *Table, m pitwire.Message) error {
	switch m.Type {
	case pitwire.TypeShoeStarted:
		b.newShoe(t, m.Shoe)
		if m.Limits != nil {
			t.Limits = cloneLimits(*m.Limits)
		}
		if m.Status != nil {
			setStatus(t, *m.Status)
		}
	case pitwire.TypeShoeEnded:
		if m.Shoe == t.Shoe {
			t.ShoeOver = true
		}
	case pitwire.TypeLimits:
		t.Limits = cloneLimits(*m.Limits)
	case pitwire.TypeStatus:
		setStatus(t, *m.Status)
	case pitwire.TypeRound:
		return b.round(t, m)
	case pitwire.TypeRoundCorrected:
		return b.corrected(t, m)
	case pitwire.TypeRedDogRound:
		return redDogRound(t, m)
	case pitwire.TypeAccess:
		a := *m.Access
		t.Signed = &a
	case pitwire.TypeReview:
		review(t, *m.Review)
	case pitwire.TypeNotice:
		notice(t, *m.Notice, m.Time)
	case pitwire.TypeWithdrawn:
		withdrawn(t, *m.Withdrawn)
	}
	return nil
}

func (b *Board) newShoe(t *Table, shoe int) {
	t.Shoe, t.ShoeOver, t.Last, t.Missing, t.rounds = shoe, false, nil, 0, t.rounds[:0]
	t.Roads.Reset()
	t.Version++
}

func setStatus(t *Table, s pitwire.Status) {
	if s.Name != "" {
		t.Name = s.Name
	}
	if s.Game != "" {
		t.Game = s.Game
	}
	t.State, t.ClosesAt, t.OpensAt = s.State, s.ClosesAt, s.OpensAt
}

func cloneLimits(l pitwire.Limits) pitwire.Limits {
	l.Bets = append([]pitwire.Limit(nil), l.Bets...)
	return l
}

func (b *Board) round(t *Table, m pitwire.Message) error {
	// Every check comes before any change: a refused round changes nothing.
	r := *m.Round
	idx := r.N - 1
	if r.Kind == engine.KindCancelled {
		if m.Shoe != t.Shoe {
			return fmt.Errorf("cancel round %d of shoe %d: the table is on shoe %d", r.N, m.Shoe, t.Shoe)
		}
		if err := t.Roads.Cancel(idx); err != nil {
			return fmt.Errorf("shoe %d: %w", t.Shoe, err)
		}
		t.rounds[idx].Kind = engine.KindCancelled
		t.Last = b.lastResult(t)
		t.Version++
		return nil
	}
	if m.Shoe == t.Shoe && idx < t.Roads.Rounds() {
		return fmt.Errorf("shoe %d: round %d already has a result", t.Shoe, r.N)
	}
	if m.Shoe != t.Shoe {
		// The shoe's start was never received (the board joined late, or a record is missing):
		// start the shoe here and count the rounds before this one as missing.
		b.newShoe(t, m.Shoe)
	}
	// Rounds never received are recorded as cancelled so that later round numbers (and
	// cancellations) stay the shoe's; the table is marked incomplete.
	for t.Roads.Rounds() < idx {
		if err := t.Roads.Append(roadmap.Hand{Kind: engine.KindCancelled}); err != nil {
			return fmt.Errorf("shoe %d: %w", t.Shoe, err)
		}
		t.rounds = append(t.rounds, pitwire.Round{N: len(t.rounds) + 1, Kind: engine.KindCancelled})
		t.Missing++
	}
	if err := t.Roads.Append(roadmap.FromOutcome(r.Outcome(), r.Kind)); err != nil {
		return fmt.Errorf("shoe %d round %d: %w", t.Shoe, r.N, err)
	}
	t.rounds = append(t.rounds, r)
	t.Last = &r
	t.Version++
	return nil
}

// lastResult is the newest round of the shoe that still has a result, after a cancellation.
func (b *Board) lastResult(t *Table) *pitwire.Round {
	for i := len(t.rounds) - 1; i >= 0; i-- {
		if t.rounds[i].Kind != engine.KindCancelled {
			r := t.rounds[i]
			return &r
		}
	}
	return nil
}

// Liveness is table t's liveness at board time now: offline without a heartbeat for
// OfflineAfter (or ever), stale with a heartbeat older than StaleAfter, or records the table
// sent that have not arrived for StaleAfter, or rounds missing from the shoe.
func (b *Board) Liveness(t *Table, now time.Time) Liveness {
	if t.heardAt.IsZero() {
		return Offline
	}
	age := now.Sub(t.heardAt)
	switch {
	case age > b.cfg.OfflineAfter:
		return Offline
	case age > b.cfg.StaleAfter:
		return Stale
	case !t.behindSince.IsZero() && now.Sub(t.behindSince) > b.cfg.StaleAfter:
		return Stale
	case t.Missing > 0:
		return Stale
	}
	return Live
}

// Hot reports whether t's current streak is long enough to be highlighted.
func (b *Board) Hot(t *Table) bool {
	s := t.Roads.Stats().Streak
	return s.Winner != engine.WinnerNone && s.Length >= b.cfg.HotStreak
}

// Summary is a table's state as plain comparable values: two boards that applied the same
// records have equal summaries.
type Summary struct {
	ID, Name, Game string
	State          pitwire.TableState
	ClosesAt       time.Time
	Limits         string
	Shoe           int
	ShoeOver       bool
	LastSeq        uint64
	Last           string // the last round: "N:W p-b" or ""
	Codes          string
	Missing        int
	Stats          roadmap.Stats
}

// Summaries are the summaries of every table, in order of id (CompareIDs).
func (b *Board) Summaries() []Summary {
	out := make([]Summary, 0, len(b.ids))
	for _, t := range b.Tables() {
		s := Summary{
			ID: t.ID, Name: t.Name, Game: t.Game, State: t.State, ClosesAt: t.ClosesAt.UTC(),
			Limits: fmt.Sprint(t.Limits), Shoe: t.Shoe, ShoeOver: t.ShoeOver, LastSeq: t.LastSeq,
			Codes: t.Codes(), Missing: t.Missing, Stats: t.Stats(),
		}
		if t.Last != nil {
			s.Last = fmt.Sprintf("%d:%s %d-%d", t.Last.N, t.Last.Winner, t.Last.PlayerTotal, t.Last.BankerTotal)
			if t.Last.ResultOnly {
				s.Last = fmt.Sprintf("%d:%s manual", t.Last.N, t.Last.Winner)
			}
		}
		out = append(out, s)
	}
	return out
}
