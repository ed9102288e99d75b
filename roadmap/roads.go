package roadmap

import (
	"fmt"

	"github.com/coupboard/coupboard/engine"
)

// DefaultCapacity is the number of rounds a Roads is ready for without allocating: more than the
// rounds of an eight-deck shoe (416 cards, at least 4 per round).
const DefaultCapacity = 128

// Options are the table settings the roads follow.
type Options struct {
	// IncludeNonBetting is the table setting roads_include_non_betting (spec/rule-profiles.md, default
	// true): whether NoBet rounds enter the big road, the derived roads and the statistics. They are on
	// the bead plate either way.
	IncludeNonBetting bool
	// Capacity is the number of rounds to preallocate for; 0 means DefaultCapacity for New, and the
	// number of rounds given for Build.
	Capacity int
}

// DefaultOptions are the default table settings: non-betting rounds on the roads.
func DefaultOptions() Options {
	return Options{IncludeNonBetting: true}
}

// Bead is one bead of the bead plate: a round with a result.
type Bead struct {
	Hand
	Round int // index of the round, as counted by Roads.Append
}

// BeadWindow is the part of the bead plate a screen shows: the beads of the last N columns of 6.
type BeadWindow struct {
	// First is the index in the whole bead plate of Beads[0]; it is a multiple of Rows, so bead i of the
	// window is drawn at column i/6, row i%6 of the window.
	First int
	// Beads shares the plate's memory: read it before the next change of the roads, and do not modify it.
	Beads []Bead
	// Newest is the index in Beads of the newest bead, or -1 when the plate is empty.
	Newest int
}

// Roads holds every road of one shoe and the statistics beside them. Append adds a round in O(1)
// amortised time without allocating (once the capacity is reached it grows like a slice). A Roads is
// not safe for concurrent use; the zero value is not ready: use New or Build.
type Roads struct {
	opts    Options
	rounds  []Hand // every round appended, cancelled ones included, so indices stay those of the shoe
	beads   []Bead
	big     BigRoad
	derived [NumDerived]DerivedRoad
	counts  counts
	cards   Cards
}

// counts are the statistics kept as rounds arrive.
type counts struct {
	hands, banker, player, tie        int
	bankerPairs, playerPairs, natural int
	nonBetting                        int
	longestBanker, longestPlayer      int
}

// maxCapacity bounds the memory preallocated on request; more rounds still fit, growing as needed.
const maxCapacity = 1 << 16

// New is an empty set of roads following opts.
func New(opts Options) *Roads {
	if opts.Capacity <= 0 {
		opts.Capacity = DefaultCapacity
	}
	if opts.Capacity > maxCapacity {
		opts.Capacity = maxCapacity
	}
	n := opts.Capacity
	return newRoads(opts, n, n, n)
}

// newRoads allocates roads for the given numbers of rounds, beads and big-road cells, in one block per
// element type.
func newRoads(opts Options, rounds, beads, cells int) *Roads {
	cells++ // room for the leading-tie placeholder
	starts := make([]int32, (2+NumDerived)*cells)
	marks := make([]Color, NumDerived*cells)
	drawn := make([]DrawnColumn, (1+NumDerived)*cells)
	part := func(i int) (lo, hi int) { return i * cells, (i + 1) * cells }
	lo, hi := part(0)
	r := &Roads{
		opts:   opts,
		rounds: make([]Hand, 0, rounds),
		beads:  make([]Bead, 0, beads),
		big: newBigRoad(make([]Cell, 0, cells), starts[lo:lo:hi], starts[(1+NumDerived)*cells:][:0:cells],
			drawn[lo:lo:hi]),
	}
	for i := range r.derived {
		lo, hi := part(i + 1)
		mlo, mhi := part(i)
		r.derived[i] = newDerivedRoad(marks[mlo:mlo:mhi], starts[lo:lo:hi], drawn[lo:lo:hi])
	}
	return r
}

// Options are the settings the roads follow.
func (r *Roads) Options() Options { return r.opts }

// Reset empties the roads for a new shoe, keeping the settings and the memory.
func (r *Roads) Reset() {
	r.rounds = r.rounds[:0]
	r.clearRoads()
	r.cards = Cards{}
}

func (r *Roads) clearRoads() {
	r.beads = r.beads[:0]
	r.big.reset()
	for i := range r.derived {
		r.derived[i].reset()
	}
	r.counts = counts{}
}

// Rounds is the number of rounds appended, cancelled ones included.
func (r *Roads) Rounds() int { return len(r.rounds) }

// Round is round i as appended (with Kind Cancelled once cancelled), and whether i exists.
func (r *Roads) Round(i int) (Hand, bool) {
	if i < 0 || i >= len(r.rounds) {
		return Hand{}, false
	}
	return r.rounds[i], true
}

// onRoads reports whether a round enters the big road, the derived roads and the statistics.
func (r *Roads) onRoads(h Hand) bool {
	return h.Kind == engine.KindNormal || (h.Kind == engine.KindNoBet && r.opts.IncludeNonBetting)
}

// Append adds the next round of the shoe to every road and statistic. A Cancelled round is recorded
// (so that later indices stay the shoe's) but enters nothing. An invalid hand is an error and changes
// nothing.
func (r *Roads) Append(h Hand) error {
	if err := h.Validate(); err != nil {
		return fmt.Errorf("round %d: %w", len(r.rounds), err)
	}
	r.rounds = append(r.rounds, h)
	round := len(r.rounds) - 1
	if h.Kind == engine.KindCancelled {
		return nil
	}
	r.beads = append(r.beads, Bead{Hand: h, Round: round})
	if h.Kind == engine.KindNoBet {
		r.counts.nonBetting++
	}
	if !r.onRoads(h) {
		return nil
	}
	r.count(h)
	if h.Winner == engine.Tie {
		r.big.addTie()
		return nil
	}
	c, row := r.big.add(h, round)
	if row+1 > r.counts.longest(h.Winner) {
		r.counts.setLongest(h.Winner, row+1)
	}
	for i := range r.derived {
		if m := markColor(Derived(i).K(), c, row, r.big.lens); m != NoColor {
			r.derived[i].add(m)
		}
	}
	return nil
}

func (r *Roads) count(h Hand) {
	r.counts.hands++
	switch h.Winner {
	case engine.Banker:
		r.counts.banker++
	case engine.Player:
		r.counts.player++
	case engine.Tie:
		r.counts.tie++
	}
	if h.BankerPair {
		r.counts.bankerPairs++
	}
	if h.PlayerPair {
		r.counts.playerPairs++
	}
	if h.Natural {
		r.counts.natural++
	}
}

func (c *counts) longest(w engine.Winner) int {
	if w == engine.Banker {
		return c.longestBanker
	}
	return c.longestPlayer
}

func (c *counts) setLongest(w engine.Winner, n int) {
	if w == engine.Banker {
		c.longestBanker = n
	} else {
		c.longestPlayer = n
	}
}

// Cancel cancels round i after the fact (000 13.3, 001 9.5; shoe-protocol `void N`): the round leaves
// every road and statistic, and every road and statistic is recomputed from the remaining rounds.
// Cancelling a round that does not exist or is already cancelled is an error and changes nothing.
func (r *Roads) Cancel(i int) error {
	if i < 0 || i >= len(r.rounds) {
		return fmt.Errorf("cancel round %d: no such round (have %d)", i, len(r.rounds))
	}
	if r.rounds[i].Kind == engine.KindCancelled {
		return fmt.Errorf("cancel round %d: already cancelled", i)
	}
	r.rounds[i].Kind = engine.KindCancelled
	r.recompute()
	return nil
}

// Build computes every road and statistic of a shoe from its rounds in one pass per road: the big road
// first, then each derived road from the big road's finished logical columns. The result is the same as
// appending the rounds one by one, and more may be appended to it. An invalid hand is an error naming
// its index.
func Build(rounds []Hand, opts Options) (*Roads, error) {
	for i, h := range rounds {
		if err := h.Validate(); err != nil {
			return nil, fmt.Errorf("round %d: %w", i, err)
		}
	}
	beads, cells := 0, 0
	for _, h := range rounds {
		if h.Kind != engine.KindCancelled {
			beads++
		}
		if h.Winner != engine.Tie && (h.Kind == engine.KindNormal || (h.Kind == engine.KindNoBet && opts.IncludeNonBetting)) {
			cells++
		}
	}
	n := len(rounds)
	if opts.Capacity > n && opts.Capacity <= maxCapacity {
		n, beads, cells = opts.Capacity, opts.Capacity, opts.Capacity
	}
	r := newRoads(opts, n, beads, cells)
	r.rounds = append(r.rounds, rounds...)
	r.recompute()
	return r, nil
}

// recompute rebuilds every road and statistic from r.rounds.
func (r *Roads) recompute() {
	r.clearRoads()
	b := &r.big
	for i, h := range r.rounds {
		if h.Kind == engine.KindCancelled {
			continue
		}
		r.beads = append(r.beads, Bead{Hand: h, Round: i})
		if h.Kind == engine.KindNoBet {
			r.counts.nonBetting++
		}
		if !r.onRoads(h) {
			continue
		}
		r.count(h)
		if h.Winner == engine.Tie {
			b.addTie()
		} else {
			b.add(h, i)
		}
	}
	if b.placeholder {
		return
	}
	for c := 0; c < b.NumColumns(); c++ {
		n := b.ColumnLen(c)
		if w := b.cells[b.starts[c]].Winner; n > r.counts.longest(w) {
			r.counts.setLongest(w, n)
		}
	}
	for i := range r.derived {
		k := Derived(i).K()
		d := &r.derived[i]
		for c := k; c < b.NumColumns(); c++ {
			row := 0
			if c == k {
				row = 1
			}
			for ; row < b.ColumnLen(c); row++ {
				d.add(markColor(k, c, row, b.lens))
			}
		}
	}
}

// BigRoad is the big road.
func (r *Roads) BigRoad() *BigRoad { return &r.big }

// Derived is derived road d (BigEyeBoy, SmallRoad or CockroachPig); nil for an unknown d.
func (r *Roads) Derived(d Derived) *DerivedRoad {
	if int(d) >= NumDerived {
		return nil
	}
	return &r.derived[d]
}

// Beads is the bead plate: every round with a result, in play order; bead i is drawn at column i/6,
// row i%6. It shares the roads' memory: read only.
func (r *Roads) Beads() []Bead { return r.beads }

// BeadWindow is the beads of the last n columns of the bead plate and the newest bead.
func (r *Roads) BeadWindow(n int) BeadWindow {
	if n <= 0 || len(r.beads) == 0 {
		return BeadWindow{Newest: -1}
	}
	cols := (len(r.beads) + Rows - 1) / Rows
	first := 0
	if cols > n {
		first = (cols - n) * Rows
	}
	return BeadWindow{First: first, Beads: r.beads[first:], Newest: len(r.beads) - 1 - first}
}
