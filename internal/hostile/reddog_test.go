package hostile

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/cli/export"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
	"github.com/coupboard/coupboard/serialin"
)

// The hostile line against a Red Dog table (003): the same faults, the same oracle — no round is
// ever shown, published or journalled with a result that was not really dealt unless it is
// marked for review — with a supervisor who resolves every round held from the cards really on
// the table.

// rdRound is one Red Dog round really dealt: its cards (right, left, centre) and its outcome.
type rdRound struct {
	cards   []engine.Card
	outcome reddog.Outcome
}

// rdTruth is a Red Dog shoe as really dealt: group 0 is the new shoe and its burn, group k the
// frames of round k.
type rdTruth struct {
	groups [][]serialin.ShoeMsg
	rounds []rdRound
	byKey  map[string]reddog.Outcome
}

func rdKey(cs []string) string { return strings.Join(cs, " ") }

// dealRedDog shuffles 8 decks and deals n rounds from them through the engine (no cutting card).
func dealRedDog(t *testing.T, rng *rand.Rand, n int) rdTruth {
	t.Helper()
	var cards []engine.Card
	for d := 0; d < 8; d++ {
		for s := engine.Spades; s <= engine.Clubs; s++ {
			for r := engine.Ace; r <= engine.King; r++ {
				cards = append(cards, engine.Card{Rank: r, Suit: s})
			}
		}
	}
	rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	tb, err := reddog.New(reddog.VicRedDog1997())
	if err != nil {
		t.Fatal(err)
	}
	tb.Apply(reddog.TokenInput(engine.Token{Kind: engine.TokShoe}))
	tr := rdTruth{byKey: map[string]reddog.Outcome{}}
	cur := []serialin.ShoeMsg{{Type: "STAT", Fields: []string{"NEWSHOE"}}}
	for _, c := range cards {
		cur = append(cur, serialin.ShoeMsg{Type: "CARD", Fields: []string{c.String()}})
		for _, e := range tb.Apply(reddog.TokenInput(engine.Token{Kind: engine.TokCard, Card: c})) {
			switch e.Kind {
			case reddog.EvBurn:
				tr.groups, cur = append(tr.groups, cur), nil
			case reddog.EvRound:
				r := e.Round
				if r.Kind != reddog.KindNormal || r.Review {
					t.Fatalf("clean shoe: round %d is %v review %v", r.N, r.Kind, r.Review)
				}
				tr.rounds = append(tr.rounds, rdRound{cards: r.Cards, outcome: r.Outcome})
				tr.byKey[rdKey(codes(r.Cards))] = r.Outcome
				tr.groups, cur = append(tr.groups, cur), nil
			}
		}
		if len(tr.rounds) == n {
			break
		}
	}
	return tr
}

// rdRig is a real Red Dog table behind a hostile line.
type rdRig struct {
	plant
	truth rdTruth

	mu      sync.Mutex
	shown   []string
	records []journal.Record // Red Dog round and event records as committed
}

func newRedDogRig(t *testing.T, seed uint64, rounds int) *rdRig {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	r := &rdRig{truth: dealRedDog(t, rng, rounds)}
	r.open(t)
	setup := table.RedDogSetup{ID: "t1", Name: "RD", Profile: reddog.VicRedDog1997(), Bet: engine.WagerLimit{Min: 1000, Max: 100000}}
	r.run(func(opt table.Options) (*table.Loop, error) { return table.NewRedDogLoop(setup, r.j, opt) },
		table.Options{Frame: time.Millisecond, Present: r.present, Committed: r.committed})
	return r
}

// present checks every screen the table draws: an outcome shown must be one really dealt.
func (r *rdRig) present(v view.Screen) {
	c := v.Coup.RedDog
	if c == nil || c.Outcome == view.RedDogPending {
		return
	}
	var cs []string
	for _, box := range [][]view.Card{c.Right, c.Left, c.Centre} {
		for _, vc := range box {
			if f, ok := vc.Face(); ok {
				cs = append(cs, f.String())
			}
		}
	}
	want, ok := r.truth.byKey[rdKey(cs)]
	got := map[view.RedDogOutcome]reddog.Outcome{view.RedDogWin: reddog.Win, view.RedDogTrips: reddog.Win, view.RedDogLose: reddog.Lose, view.RedDogPush: reddog.Push}[c.Outcome]
	if !ok || want != got {
		r.mu.Lock()
		r.shown = append(r.shown, fmt.Sprintf("round %d: %v → %s (review %d)", v.Header.Coup, cs, got, v.Status.Review))
		r.mu.Unlock()
	}
}

func (r *rdRig) committed(recs []journal.Record) {
	r.commits.Add(int64(len(recs)))
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, rec := range recs {
		if rec.Kind == journal.KindRoundRedDog || rec.Kind == journal.KindEvent {
			r.records = append(r.records, rec)
		}
	}
}

// send gives the table a supervisor's game input, waits until it is journalled, and fails the
// test if it is refused.
func (r *rdRig) send(in engine.Input, why string) table.Result {
	r.t.Helper()
	res := r.plant.send(table.Input{Game: &in}, why)
	if res.Refused != nil {
		r.t.Fatalf("supervisor input %+v: %v", in, res.Refused)
	}
	for _, e := range res.Events {
		if e.Kind == engine.EvRefused {
			r.t.Errorf("supervisor input %+v refused: %s", in, e.Reason)
		}
	}
	return res
}

// supervise is the supervisor after round rd was dealt, looking at its cards on the table: a
// round disputed after the fact is confirmed if its cards are real and cancelled if not; the
// round held is confirmed if its cards as read are rd's and it has them all, else rd's cards
// are entered (or, now and then, it is cancelled).
func (r *rdRig) supervise(rd rdRound, rng *rand.Rand) string {
	var v reddog.View
	var hist []reddog.Round
	var inRound bool
	_ = r.loop.Inspect(context.Background(), func(m table.Machine) {
		t := m.(*table.RedDog)
		v, hist = t.View(), t.History()
		inRound, _ = t.InCoup()
	})
	var did []string
	confirm := false
	for _, n := range v.Disputed {
		i := slices.IndexFunc(hist, func(h reddog.Round) bool { return h.N == n })
		if i < 0 {
			continue
		}
		if o, ok := r.truth.byKey[rdKey(codes(hist[i].Cards))]; ok && o == hist[i].Outcome {
			confirm = true
			continue
		}
		r.send(engine.WordInput(engine.TokVoid, n), "round was not dealt so")
		did = append(did, fmt.Sprintf("cancelled round %d", n))
	}
	if inRound && v.Round.Review {
		switch {
		case v.Stage == reddog.StageReview && slices.Equal(codes(v.Round.Cards), codes(rd.cards)):
			confirm = true
		case rng.IntN(5) == 0:
			r.send(engine.WordInput(engine.TokVoid, 0), "cannot be reconstructed")
			did = append(did, fmt.Sprintf("cancelled round %d", v.Round.N))
		default:
			r.send(engine.ReconstructInput(rd.cards), "cards as on the table")
			did = append(did, fmt.Sprintf("entered round %d %v over %v", v.Round.N, codes(rd.cards), codes(v.Round.Cards)))
		}
	}
	if confirm {
		r.send(engine.InAcceptReviewInput(), "checked the cards")
		did = append(did, "confirmed")
	}
	return strings.Join(did, ", ")
}

// rdRecord is the part of a Red Dog journal record the oracle reads.
type rdRecord struct {
	Event   string   `json:"event"`
	N       int      `json:"n"`
	Cards   []string `json:"cards"`
	Outcome string   `json:"outcome"`
	Kind    string   `json:"kind"`
	Why     []string `json:"why"`
}

// check is the oracle, against the rounds really dealt: the screens, the rounds journalled (what
// the bus publishes) and the export.
func (r *rdRig) check(log []string) {
	t := r.t
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, s := range r.shown {
		t.Errorf("shown: %s", s)
	}
	marked := map[int]bool{}
	var rounds []rdRecord
	for _, rec := range r.records {
		var x rdRecord
		if err := json.Unmarshal(rec.Payload, &x); err != nil {
			t.Errorf("record %d: %v", rec.Seq, err)
			continue
		}
		switch {
		case rec.Kind == journal.KindRoundRedDog:
			rounds = append(rounds, x)
			if len(x.Why) > 0 {
				marked[x.N] = true
			}
		case x.Event == "review":
			marked[x.N] = true
		}
	}
	good := 0
	for _, x := range rounds {
		if x.Kind == "cancelled" {
			continue
		}
		if o, ok := r.truth.byKey[rdKey(x.Cards)]; ok && o.String() == x.Outcome {
			good++
			continue
		}
		if !marked[x.N] {
			t.Errorf("published: round %d %v → %s, never dealt, not marked for review", x.N, x.Cards, x.Outcome)
		}
	}
	var out, errb bytes.Buffer
	if err := export.Run([]string{"--db", r.db, "--shoe", "1", "--format", "json"}, nil, &out, &errb); err != nil {
		t.Fatalf("export: %v: %s", err, errb.String())
	}
	for dec := json.NewDecoder(&out); dec.More(); {
		var row export.RedDogRow
		if err := dec.Decode(&row); err != nil {
			t.Fatal(err)
		}
		if row.Kind == engine.KindCancelled.String() || row.Review != "" && len(row.ReviewReasons) > 0 {
			continue
		}
		if o, ok := r.truth.byKey[rdKey(row.Cards)]; !ok || o.String() != row.Outcome {
			t.Errorf("exported: round %d %v → %s, never dealt, not marked for review", row.Round, row.Cards, row.Outcome)
		}
	}
	if dealt := len(r.truth.rounds); good < dealt/3 {
		t.Errorf("only %d of %d rounds finished with their real result: the suite proves nothing", good, dealt)
	}
	t.Logf("%d rounds dealt, %d recorded with their real result", len(r.truth.rounds), good)
	if t.Failed() || testing.Verbose() {
		for _, l := range log {
			t.Log(l)
		}
	}
}

// rdFaults are the faults that apply to a Red Dog shoe: all but the shoe's RSLT (a baccarat
// result) and the ninth ace (which needs BURN frames a Red Dog shoe does not send).
var rdFaults = []fault{fDrop, fDup, fSwap, fCorrupt, fMisread, fReplay, fConflict, fJump, fHello, fUnplug}

// hostileRedDog deals rounds Red Dog rounds over a hostile line, each with a fault from faults
// with probability p, a supervisor resolving what is held; then checks the oracle.
func hostileRedDog(t *testing.T, seed uint64, p float64, faults []fault, rounds int) {
	r := newRedDogRig(t, seed, rounds)
	rng := rand.New(rand.NewPCG(seed, 3))
	var log []string
	for k, g := range r.truth.groups {
		var f fault
		if k > 0 && rng.Float64() < p {
			f = faults[rng.IntN(len(faults))]
		}
		if did := r.line.play(context.Background(), t, rng, g, f); did != "" {
			log = append(log, fmt.Sprintf("round %d: %s", k, did))
		}
		r.settle()
		if k > 0 {
			if what := r.supervise(r.truth.rounds[k-1], rng); what != "" {
				log = append(log, fmt.Sprintf("round %d: supervisor %s", k, what))
			}
		}
	}
	r.shutdown()
	r.check(log)
}

// Each fault in turn on every round of a short Red Dog shoe, then random faults, seeded.
func TestHostileLineRedDog(t *testing.T) {
	for i, f := range rdFaults {
		t.Run(string(f), func(t *testing.T) { hostileRedDog(t, uint64(200+i), 1, []fault{f}, 6) })
	}
	start := time.Now()
	for seed := uint64(1); seed == 1 || time.Since(start) < budget()/2; seed++ {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) { hostileRedDog(t, seed, 0.35, rdFaults, 40) })
		if t.Failed() {
			return
		}
	}
}
