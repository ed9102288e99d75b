package engine

import (
	"fmt"
	"sort"
)

// RunKind is what a Run wager backs (000 1.1 "Run" (a)-(d), 6.5.5-6.5.8, Diagram D).
type RunKind uint8

// The Run wagers.
const (
	RunPlayer      RunKind = iota + 1 // successive winning Player hands (6.5.5)
	RunBanker                         // successive winning Banker hands (6.5.6)
	RunCombination                    // Player/Banker in any combination as nominated, coup by coup (6.5.7)
	RunTie                            // successive Ties (6.5.8)
)

var runKindNames = [...]string{"", "Player", "Banker", "Player/Banker", "Tie"}

// String names the run as Diagram D does.
func (k RunKind) String() string {
	if int(k) < len(runKindNames) && k != 0 {
		return runKindNames[k]
	}
	return "?"
}

// The rule numbers of a Run's settlement. Run wagers are the 000 book's alone (Settings.Runs,
// 000 1.1, 2.4), so they are not profile data: the notes of a run won or lost cite these.
const (
	runOddsRule = "000 10.1"          // the odds of a Run: it is won, or lost to another hand's win
	runTieRule  = runOddsRule + " **" // a Tie breaks a Player, Banker or combination run
)

// RunOdds is the payout to 1 of a run of this kind and length (000 10.1): 3, 8, 20, 45, 100 for
// 2-6 Player, Banker or combination wins; 100, 1000, 10000 for 2-4 Ties. ok is false for a length
// the book does not offer.
func RunOdds(k RunKind, length int) (odds int64, ok bool) {
	switch k {
	case RunPlayer, RunBanker, RunCombination:
		if length >= 2 && length <= 6 {
			return [...]int64{3, 8, 20, 45, 100}[length-2], true
		}
	case RunTie:
		if length >= 2 && length <= 4 {
			return [...]int64{100, 1000, 10000}[length-2], true
		}
	}
	return 0, false
}

// CancelledCoupPolicy is what a cancelled coup does to open runs; the book is silent.
type CancelledCoupPolicy uint8

// The policies for cancelled coups.
const (
	// CancelledSkip: a cancelled coup is skipped like a dummy coup (the default).
	CancelledSkip CancelledCoupPolicy = iota
	// CancelledVoidsRun: a cancelled coup voids every open run; the wagers are returned.
	CancelledVoidsRun
)

// RunSettings are the table's choices where the book is silent (spec/rule-profiles.md "Run wagers").
type RunSettings struct {
	// Cancelled is what a cancelled coup does to open runs (default CancelledSkip).
	Cancelled CancelledCoupPolicy
	// EndAtShoeChange voids the runs still open when a shoe ends; by default (false) they
	// continue into the next shoe.
	EndAtShoeChange bool
}

// RunCoupKind is the kind of a coup for the runs.
type RunCoupKind uint8

// The coup kinds the runs distinguish.
const (
	RunCoupNormal    RunCoupKind = iota + 1 // counts
	RunCoupDummy                            // a dummy / no-bet coup: no effect on any run (000 11.9.4)
	RunCoupCancelled                        // a cancelled coup: see RunSettings.Cancelled
)

// RunCoup is one coup's result as the runs see it.
type RunCoup struct {
	Number int         // the coup's number, for the record
	Shoe   int         // the shoe it was dealt from, for the record (Uncount)
	Kind   RunCoupKind // normal, dummy or cancelled
	Winner Winner      // Banker, Player or Tie for a normal or dummy coup
}

// RunState is where a run stands.
type RunState uint8

// The states of a run.
const (
	RunOpen RunState = iota + 1 // still running
	RunWon                      // won: paid at the odds of 10.1
	RunLost                     // lost: the wager is collected
	RunVoid                     // returned: a cancelled coup under CancelledVoidsRun, or a shoe change under EndAtShoeChange
)

var runStateNames = [...]string{"", "open", "won", "lost", "void"}

// String is "open", "won", "lost" or "void".
func (s RunState) String() string {
	if int(s) < len(runStateNames) && s != 0 {
		return runStateNames[s]
	}
	return "?"
}

// RunStep is one counted (or skipped) coup in a run's record.
type RunStep struct {
	Coup      int    // the coup's number
	Shoe      int    // the shoe it was dealt from (0 when the caller gave none)
	Nominated Winner // the hand backed: the run's own for Player/Banker/Tie runs, the player's nomination for a combination (6.5.7)
	Winner    Winner // the coup's result (WinnerNone for a cancelled coup)
	Counted   bool   // false for a skipped dummy or cancelled coup
	Note      string // why it was skipped, or what it did
}

// RunWager is one Run wager and its record.
type RunWager struct {
	ID     int       // 1, 2, ... in the order placed
	Seat   int       // the seat that placed it
	Kind   RunKind   // Player, Banker, Player/Banker or Tie
	Length int       // the nominated number of successive wins
	Amount int64     // cents
	State  RunState  // open, won, lost or void
	Wins   int       // successive wins so far
	Steps  []RunStep // every coup seen since it was placed
	// Pending is the combination run's nomination for the next coup (6.5.7), WinnerNone when none.
	Pending Winner
}

// RunSettlement is a run that was decided: won, lost or void.
type RunSettlement struct {
	Run      RunWager // the run with its record
	Paid     int64    // the win (Amount × odds) on a won run
	Lost     int64    // the Amount on a lost run
	Returned int64    // the Amount returned on a won or void run
	Net      int64    // Paid − Lost
	Notes    []Note   // the rules applied
}

// Runs tracks the Run wagers of a table (000 1.1, 2.4, 6.5.5-6.5.8, 10.1, 11.9.4, Diagram D).
// It is a pure state type: coups are fed in order, and the same calls give the same results.
// A run is placed between coups and starts with the next coup fed (it is placed "before the first
// coup of the nominated run is dealt", 1.1); a player may have several active runs.
type Runs struct {
	settings RunSettings
	nextID   int
	open     []*RunWager
}

// NewRuns starts an empty tracker with the table's settings.
func NewRuns(s RunSettings) (*Runs, error) {
	if s.Cancelled > CancelledVoidsRun {
		return nil, fmt.Errorf("new runs: unknown cancelled-coup policy %d", s.Cancelled)
	}
	return &Runs{settings: s}, nil
}

// Place registers a Run wager before the next coup. The length must be one the book offers
// (2-6, or 2-4 for Tie, 000 1.1) and the amount positive cents.
func (r *Runs) Place(seat int, kind RunKind, length int, amount int64) (RunWager, error) {
	if _, ok := RunOdds(kind, length); !ok {
		return RunWager{}, fmt.Errorf("place %s run of %d: lengths are 2-6 for Player, Banker and Player/Banker, 2-4 for Tie (000 1.1)", kind, length)
	}
	if amount <= 0 || amount > maxCents {
		return RunWager{}, fmt.Errorf("place %s run: amount %d cents out of range", kind, amount)
	}
	r.nextID++
	w := &RunWager{ID: r.nextID, Seat: seat, Kind: kind, Length: length, Amount: amount, State: RunOpen}
	r.open = append(r.open, w)
	return w.copy(), nil
}

// Nominate records the hand a combination run backs on the next coup: the player's Player or
// Banker wager on it (000 6.5.7). It may be changed until the coup is fed.
func (r *Runs) Nominate(id int, hand Winner) error {
	w := r.find(id)
	switch {
	case w == nil:
		return fmt.Errorf("nominate for run %d: no such open run", id)
	case w.Kind != RunCombination:
		return fmt.Errorf("nominate for run %d: only a Player/Banker run is nominated coup by coup (000 6.5.7)", id)
	case hand != Player && hand != Banker:
		return fmt.Errorf("nominate for run %d: nominate Player or Banker (000 6.5.7)", id)
	}
	w.Pending = hand
	return nil
}

// Open is every open run, in the order placed.
func (r *Runs) Open() []RunWager {
	out := make([]RunWager, 0, len(r.open))
	for _, w := range r.open {
		out = append(out, w.copy())
	}
	return out
}

// Coup feeds one coup's result and settles the runs it decides, in the order placed.
// A dummy coup has no effect on any run (000 11.9.4); a cancelled coup is skipped or voids the
// runs per RunSettings. A Tie breaks a Player, Banker or combination run (10.1 note **). A
// combination run with no nomination for a counted coup loses it: a Player or Banker wager
// is required on each coup of the run (6.5.7).
func (r *Runs) Coup(c RunCoup) ([]RunSettlement, error) {
	switch c.Kind {
	case RunCoupNormal, RunCoupDummy:
		if c.Winner != Banker && c.Winner != Player && c.Winner != Tie {
			return nil, fmt.Errorf("runs: coup %d has no result", c.Number)
		}
	case RunCoupCancelled:
	default:
		return nil, fmt.Errorf("runs: coup %d of unknown kind %d", c.Number, c.Kind)
	}
	var done []RunSettlement
	keep := r.open[:0]
	for _, w := range r.open {
		if s, decided := w.coup(c, r.settings); decided {
			done = append(done, s)
			continue
		}
		keep = append(keep, w)
	}
	for i := len(keep); i < len(r.open); i++ {
		r.open[i] = nil
	}
	r.open = keep
	return done, nil
}

func (w *RunWager) coup(c RunCoup, set RunSettings) (RunSettlement, bool) {
	nominated := w.Pending
	switch w.Kind {
	case RunPlayer:
		nominated = Player
	case RunBanker:
		nominated = Banker
	case RunTie:
		nominated = Tie
	}
	w.Pending = WinnerNone
	step := RunStep{Coup: c.Number, Shoe: c.Shoe, Nominated: nominated, Winner: c.Winner}
	switch {
	case c.Kind == RunCoupDummy:
		step.Note = "dummy coup: no effect on the run (000 11.9.4)"
		w.Steps = append(w.Steps, step)
		return RunSettlement{}, false
	case c.Kind == RunCoupCancelled && set.Cancelled == CancelledSkip:
		step.Winner = WinnerNone
		step.Note = "cancelled coup: skipped (table setting; the book is silent)"
		w.Steps = append(w.Steps, step)
		return RunSettlement{}, false
	case c.Kind == RunCoupCancelled:
		step.Winner = WinnerNone
		step.Note = "cancelled coup: the run is void (table setting; the book is silent)"
		w.Steps = append(w.Steps, step)
		return w.settle(RunVoid, Note{Rule: "table setting", Text: "a cancelled coup voids open runs; wager returned"}), true
	}
	step.Counted = true
	if nominated == WinnerNone {
		step.Note = "no Player or Banker wager nominated for this coup (000 6.5.7)"
		w.Steps = append(w.Steps, step)
		return w.settle(RunLost, Note{Rule: "000 6.5.7", Text: fmt.Sprintf("coup %d: no Player or Banker wager for the run: lost", c.Number)}), true
	}
	if c.Winner != nominated {
		if c.Winner == Tie {
			step.Note = "a Tie breaks the run (000 10.1 **)"
		}
		w.Steps = append(w.Steps, step)
		n := Note{Rule: runOddsRule, Text: fmt.Sprintf("coup %d: %s won, not %s: lost after %d of %d", c.Number, c.Winner, nominated, w.Wins, w.Length)}
		if c.Winner == Tie {
			n = Note{Rule: runTieRule, Text: fmt.Sprintf("coup %d: a Tie breaks a %s run: lost after %d of %d", c.Number, w.Kind, w.Wins, w.Length)}
		}
		return w.settle(RunLost, n), true
	}
	w.Wins++
	w.Steps = append(w.Steps, step)
	if w.Wins == w.Length {
		odds, _ := RunOdds(w.Kind, w.Length)
		return w.settle(RunWon, Note{Rule: runOddsRule, Text: fmt.Sprintf("%s %d in a row pays %d:1", w.Kind, w.Length, odds)}), true
	}
	return RunSettlement{}, false
}

func (w *RunWager) settle(st RunState, n Note) RunSettlement {
	w.State = st
	s := RunSettlement{Notes: []Note{n}}
	switch st {
	case RunWon:
		odds, _ := RunOdds(w.Kind, w.Length)
		s.Paid, s.Returned = w.Amount*odds, w.Amount
	case RunLost:
		s.Lost = w.Amount
	case RunVoid:
		s.Returned = w.Amount
	}
	s.Net = s.Paid - s.Lost
	s.Run = w.copy()
	return s
}

// Uncount takes coup n of shoe back out of every open run: the coup's outcome was invalidated
// after the fact, so it neither counts towards a run nor breaks one (000 13.4: the wagers on
// it are refunded; a run still open goes on as if the coup had not been played). A run the coup
// decided is no longer open and is not changed here: its wager is refunded by the caller.
func (r *Runs) Uncount(shoe, n int) {
	for _, w := range r.open {
		for i := len(w.Steps) - 1; i >= 0; i-- {
			st := &w.Steps[i]
			if st.Coup != n || st.Shoe != shoe {
				continue
			}
			if st.Counted && st.Winner == st.Nominated && w.Wins > 0 {
				w.Wins--
			}
			st.Counted = false
			st.Note = "cancelled after the fact: the coup does not count (000 13.4)"
			break
		}
	}
}

// Correct re-decides coup c (its shoe and number) for the runs, its result corrected after the
// fact by the supervisor (engine.EvCorrected): decided are the runs that coup decided, as they
// were settled then, whose settlement the caller reverses: each is put back open as it stood
// before the coup and given the corrected coup; an open run that counted the coup as a win,
// and whose hand did not win the corrected coup, is lost. It returns the runs the corrected coup
// decides, in the order placed. A run put back open that the corrected coup does not decide
// goes on from the next coup (the later coups stand as played, 000 11.13).
func (r *Runs) Correct(c RunCoup, decided []RunWager) ([]RunSettlement, error) {
	if c.Kind != RunCoupNormal && c.Kind != RunCoupDummy || c.Winner != Banker && c.Winner != Player && c.Winner != Tie {
		return nil, fmt.Errorf("runs: corrected coup %d has no result", c.Number)
	}
	var done []RunSettlement
	for _, d := range decided {
		if d.State == RunVoid || d.State == RunOpen || len(d.Steps) == 0 {
			continue
		}
		last := d.Steps[len(d.Steps)-1]
		if last.Coup != c.Number || last.Shoe != c.Shoe {
			continue
		}
		w := d.copy()
		w.Steps = w.Steps[:len(w.Steps)-1]
		if last.Counted && last.Winner == last.Nominated && w.Wins > 0 {
			w.Wins--
		}
		w.State, w.Pending = RunOpen, last.Nominated
		if s, ok := w.coup(c, r.settings); ok {
			done = append(done, s)
			continue
		}
		r.open = append(r.open, &w)
	}
	sort.SliceStable(r.open, func(i, j int) bool { return r.open[i].ID < r.open[j].ID })
	keep := r.open[:0]
	for _, w := range r.open {
		i := w.stepOf(c.Shoe, c.Number)
		if i < 0 || !w.Steps[i].Counted || w.Steps[i].Winner != w.Steps[i].Nominated {
			keep = append(keep, w)
			continue
		}
		st := &w.Steps[i]
		st.Winner = c.Winner
		if c.Winner == st.Nominated {
			keep = append(keep, w)
			continue
		}
		st.Note = "corrected after the fact: the coup's result changed"
		done = append(done, w.settle(RunLost, Note{Rule: runOddsRule, Text: fmt.Sprintf("coup %d corrected: %s won, not %s: lost", c.Number, c.Winner, st.Nominated)}))
	}
	for i := len(keep); i < len(r.open); i++ {
		r.open[i] = nil
	}
	r.open = keep
	sort.SliceStable(done, func(i, j int) bool { return done[i].Run.ID < done[j].Run.ID })
	return done, nil
}

// stepOf is the index of the run's step for coup n of shoe, or -1.
func (w *RunWager) stepOf(shoe, n int) int {
	for i := len(w.Steps) - 1; i >= 0; i-- {
		if w.Steps[i].Coup == n && w.Steps[i].Shoe == shoe {
			return i
		}
	}
	return -1
}

// ShoeEnd tells the tracker a shoe ended. By default runs continue into the next shoe and
// nothing is settled; with EndAtShoeChange every open run is void and returned (the book is silent).
func (r *Runs) ShoeEnd() []RunSettlement {
	if !r.settings.EndAtShoeChange {
		return nil
	}
	var out []RunSettlement
	for _, w := range r.open {
		out = append(out, w.settle(RunVoid, Note{Rule: "table setting", Text: "the shoe ended: open runs are void and returned (the book is silent)"}))
	}
	r.open = nil
	return out
}

// Seat lists the open runs of one seat, in the order placed.
func (r *Runs) Seat(seat int) []RunWager {
	var out []RunWager
	for _, w := range r.open {
		if w.Seat == seat {
			out = append(out, w.copy())
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

func (r *Runs) find(id int) *RunWager {
	for _, w := range r.open {
		if w.ID == id {
			return w
		}
	}
	return nil
}

func (w *RunWager) copy() RunWager {
	c := *w
	c.Steps = append([]RunStep(nil), w.Steps...)
	return c
}
