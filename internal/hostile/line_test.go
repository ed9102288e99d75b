package hostile

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/cli/export"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/serialin"
)

// coup is one coup really dealt: its cards in deal order and by hand, and its winner.
type coup struct {
	order          []engine.Card // P1 B1 P2 B2 [P3] [B3], as the cards left the shoe
	player, banker []engine.Card
	winner         engine.Winner
}

// key names a coup by its hands, the way a screen, a round record or an export row shows it.
func key(player, banker []string) string {
	return strings.Join(player, " ") + " | " + strings.Join(banker, " ")
}

func codes(cs []engine.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// truth is a shoe as it was really dealt: the shoe's messages, grouped so that group 0 is the
// new shoe and its burn and group k (k ≥ 1) is coup k with its RSLT, and the coups a clean
// replay of those messages gives.
type truth struct {
	groups [][]serialin.ShoeMsg
	coups  []coup                   // coups[k-1] is coup k
	byKey  map[string]engine.Winner // every coup really dealt, by its hands
}

func dealTruth(t *testing.T, rng *rand.Rand, p engine.Profile, s engine.Settings) truth {
	t.Helper()
	msgs := serialin.RandomShoe(rng, serialin.ShoeOptions{Results: true, Burn: "one"})
	g, err := engine.NewGame(p, s)
	if err != nil {
		t.Fatal(err)
	}
	tr := truth{byKey: map[string]engine.Winner{}}
	var order []engine.Card
	var cur []serialin.ShoeMsg
	for _, m := range msgs {
		cur = append(cur, m)
		var in engine.Input
		switch {
		case m.Type == "STAT" && m.Fields[0] == "NEWSHOE":
			in = engine.WordInput(engine.TokShoe, 0)
		case m.Type == "STAT" && m.Fields[0] == "CUT":
			in = engine.WordInput(engine.TokCut, 0)
		case m.Type == "STAT" && m.Fields[0] == "EMPTY":
			in = engine.WordInput(engine.TokEmpty, 0)
		case m.Type == "CARD":
			c, err := engine.ParseCard(m.Fields[0])
			if err != nil {
				t.Fatal(err)
			}
			in = engine.CardInput(c, engine.PosNone, engine.SourceShoe)
			order = append(order, c)
		case m.Type == "RSLT":
			tr.groups = append(tr.groups, cur)
			cur = nil
			continue
		default:
			continue
		}
		for _, e := range g.Apply(in) {
			switch e.Kind {
			case engine.EvBurn:
				order = nil
			case engine.EvRound:
				r := e.Round
				if r.Kind != engine.KindNormal || r.Review {
					t.Fatalf("clean shoe: round %d is %v review %v", r.N, r.Kind, r.Review)
				}
				c := coup{order: order, player: append([]engine.Card(nil), r.Player.List()...),
					banker: append([]engine.Card(nil), r.Banker.List()...), winner: r.Outcome.Winner}
				tr.coups = append(tr.coups, c)
				tr.byKey[key(codes(c.player), codes(c.banker))] = c.winner
				order = nil
			}
		}
	}
	if len(cur) > 0 {
		tr.groups = append(tr.groups, cur)
	}
	// The first group holds NEWSHOE and the burn card (000 4.3.1(a)) before coup 1: split them
	// off as group 0, so that group k is coup k.
	first := tr.groups[0]
	if len(first) < 3 || first[0].Type != "STAT" || first[1].Type != "CARD" {
		t.Fatalf("shoe starts %v", first[:3])
	}
	tr.groups = append([][]serialin.ShoeMsg{first[:2], first[2:]}, tr.groups[1:]...)
	if len(tr.coups) < 40 {
		t.Fatalf("clean shoe has only %d coups", len(tr.coups))
	}
	return tr
}

// wire is one frame as the hostile line will write it.
type wire struct {
	seq    int
	typ    string
	fields []string
	raw    []byte // when set, written as is (a corrupted frame)
}

func (w wire) bytes() []byte {
	if w.raw != nil {
		return w.raw
	}
	return serialin.Frame(w.typ, w.seq, w.fields...)
}

// fault is one thing the hostile line does to a group of frames.
type fault string

const (
	fDrop     fault = "drop"     // a frame is never sent (a SEQ gap)
	fDup      fault = "dup"      // a frame is sent twice
	fSwap     fault = "swap"     // two frames arrive in the wrong order
	fCorrupt  fault = "corrupt"  // a byte of a frame changes (bad CRC)
	fMisread  fault = "misread"  // a card is read as ZZ or 1X, with a valid CRC
	fReplay   fault = "replay"   // two old frames are sent again (SEQ behind)
	fConflict fault = "conflict" // same SEQ, different card
	fJump     fault = "jump"     // the SEQ jumps by 5000
	fHello    fault = "hello"    // HELO mid-coup: the shoe restarted
	fUnplug   fault = "unplug"   // the cable is pulled mid-coup
	fResult   fault = "result"   // the shoe's RSLT contradicts the cards
	fNinth    fault = "ninth"    // eight aces of spades are burned before the coup, and a card of the coup reads as a ninth
)

var allFaults = []fault{fDrop, fDup, fSwap, fCorrupt, fMisread, fReplay, fConflict, fJump, fHello, fUnplug, fResult, fNinth}

// line is the shoe's side of the pseudo-terminal with the shoe's sequence.
type line struct {
	pty      *serialin.PTYLine
	seq      int
	history  []wire
	needHelo bool // the SEQ jumped: the shoe is power-cycled before the next coup

	written int64        // frames written to the line so far
	seen    func() int64 // frames the host's port manager has decoded so far (plant.run sets it)
}

// decoded waits until the host has decoded every frame written so far: each frame the rig writes
// gives the port manager exactly one event it counts (a frame taken, dropped or refused, or a
// corrupt one). It is what the rig waits on before an unplug and before it looks at the table —
// not the pseudo-terminal's input queue, which cannot see bytes the kernel has yet to queue for
// the host (a loaded machine queues them late), and not a sleep.
func (l *line) decoded(t *testing.T) {
	t.Helper()
	for end := time.Now().Add(30 * time.Second); l.seen() < l.written; time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("the host decoded %d of the %d frames written within 30 s", l.seen(), l.written)
		}
	}
}

func (l *line) next() int {
	l.seq = (l.seq + 1) % 10000
	return l.seq
}

func (l *line) write(t *testing.T, ws []wire) {
	t.Helper()
	var b bytes.Buffer
	for _, w := range ws {
		b.Write(w.bytes())
	}
	if _, err := l.pty.Write(b.Bytes()); err != nil {
		t.Fatalf("write to the shoe line: %v", err)
	}
	l.written += int64(len(ws))
}

func (l *line) hello() wire {
	l.seq = 0
	return wire{seq: 0, typ: "HELO", fields: []string{"ACME", "SHOE-8", "1.2.0", "CSP1"}}
}

// play sends one group of shoe messages with fault f (or none) and returns what it did.
func (l *line) play(ctx context.Context, t *testing.T, rng *rand.Rand, msgs []serialin.ShoeMsg, f fault) string {
	t.Helper()
	var ws []wire
	if l.needHelo {
		ws = append(ws, l.hello())
		l.needHelo = false
	}
	if f == fNinth {
		// eight aces of spades burned before the coup (000 8.2.2(b)): all the shoe holds
		burns := make([]serialin.ShoeMsg, 8)
		for k := range burns {
			burns[k] = serialin.ShoeMsg{Type: "BURN", Fields: []string{"AS"}}
		}
		msgs = append(burns, msgs...)
	}
	for _, m := range msgs {
		ws = append(ws, wire{seq: l.next(), typ: m.Type, fields: append([]string(nil), m.Fields...)})
	}
	cards := []int{}
	for i, w := range ws {
		if w.typ == "CARD" {
			cards = append(cards, i)
		}
	}
	if len(cards) < 3 && f != fResult {
		f = ""
	}
	pick := func() int { return cards[1+rng.IntN(len(cards)-1)] } // a card after the first
	did := string(f)
	switch f {
	case fDrop:
		i := pick()
		did += " " + ws[i].fields[0]
		ws = append(ws[:i:i], ws[i+1:]...)
	case fDup:
		i := rng.IntN(len(ws))
		ws = append(ws[:i+1:i+1], ws[i:]...)
	case fSwap:
		i := pick()
		if i+1 < len(ws) {
			ws[i], ws[i+1] = ws[i+1], ws[i]
		}
	case fCorrupt:
		i := pick()
		b := ws[i].bytes()
		b[2+rng.IntN(4)] ^= 0x04 // a bit of the body flips: the CRC no longer matches
		ws[i].raw = b
	case fMisread:
		i := pick()
		bad := []string{"ZZ", "1X", "0S", "AA"}[rng.IntN(4)]
		did += " " + ws[i].fields[0] + "→" + bad
		ws[i].fields[0] = bad
	case fReplay:
		if len(l.history) > 12 {
			j := rng.IntN(len(l.history) - 10)
			old := []wire{l.history[j], l.history[j+1]}
			i := pick()
			did += fmt.Sprintf(" SEQ %04d %04d", old[0].seq, old[1].seq)
			ws = append(ws[:i:i], append(old, ws[i:]...)...)
		}
	case fConflict:
		i := pick()
		c := ws[i]
		other := "2C"
		if c.fields[0] == other {
			other = "3D"
		}
		ws = append(ws[:i+1:i+1], append([]wire{{seq: c.seq, typ: "CARD", fields: []string{other}}}, ws[i+1:]...)...)
	case fJump:
		i := pick()
		for k := i; k < len(ws); k++ {
			ws[k].seq = (ws[k].seq + 5000) % 10000
		}
		l.seq = ws[len(ws)-1].seq
		l.needHelo = true
	case fHello:
		i := pick()
		rest := ws[i:]
		ws = append(ws[:i:i], l.hello())
		for _, w := range rest {
			w.seq = l.next()
			ws = append(ws, w)
		}
	case fNinth:
		i := pick()
		did += " " + ws[i].fields[0] + "→AS"
		ws[i].fields[0] = "AS"
	case fResult:
		for i := range ws {
			if ws[i].typ == "RSLT" {
				ws[i].fields[0] = map[string]string{"P": "B", "B": "T", "T": "P"}[ws[i].fields[0]]
			}
		}
	case fUnplug:
		i := pick()
		l.write(t, ws[:i])
		// The cable is pulled once the host has decoded what was written; what is written
		// after it waits in the new pseudo-terminal until the port manager has opened it.
		l.decoded(t)
		if err := l.pty.Unplug(ctx, 150*time.Millisecond); err != nil {
			t.Fatalf("unplug: %v", err)
		}
		rest := append([]wire{l.hello()}, ws[i:]...)
		for k := 1; k < len(rest); k++ {
			rest[k].seq = l.next()
		}
		ws = rest
	}
	l.write(t, ws)
	l.history = append(l.history, ws...)
	return did
}

// rig is a real table behind a hostile line.
type rig struct {
	plant
	t     *testing.T
	truth truth

	mu     sync.Mutex
	shown  []string         // results shown that no coup really dealt gave: "coup N: cards → winner"
	rounds []journal.Record // round and event records as committed (what the bus publishes)
}

// vic is the book and the default settings every baccarat rig deals under.
func vic(t *testing.T) (engine.Profile, engine.Settings) {
	t.Helper()
	p, err := engine.LookupProfile(engine.ProfileVic2002)
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.ParseSettings(&p, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p, s
}

func newRig(t *testing.T, seed uint64) *rig {
	t.Helper()
	p, s := vic(t)
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	r := &rig{t: t, truth: dealTruth(t, rng, p, s)}
	r.open(t)
	lim := engine.WagerLimit{Min: 2500, Max: 500000}
	setup := table.Setup{ID: "t1", Name: "T1", Profile: p, Settings: s, Sign: engine.Sign{Player: lim, Banker: lim}}
	r.run(func(opt table.Options) (*table.Loop, error) { return table.NewBaccaratLoop(setup, r.j, opt) },
		table.Options{Frame: time.Millisecond, Present: r.present, Committed: r.committed})
	return r
}

// present checks every screen the table draws: a result shown must be one really dealt.
func (r *rig) present(v view.Screen) {
	res := v.Coup.Result
	if res == nil {
		return
	}
	face := func(cs []view.Card) []string {
		var out []string
		for _, c := range cs {
			if f, ok := c.Face(); ok {
				out = append(out, f.String())
			}
		}
		return out
	}
	k := key(face(v.Coup.Player), face(v.Coup.Banker))
	if w, ok := r.truth.byKey[k]; !ok || w != res.Winner {
		r.mu.Lock()
		r.shown = append(r.shown, fmt.Sprintf("shoe %d coup %d: %s → %s (review %d)", v.Header.Shoe, v.Header.Coup, k, res.Winner, v.Status.Review))
		r.mu.Unlock()
	}
}

func (r *rig) committed(recs []journal.Record) {
	r.commits.Add(int64(len(recs)))
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, rec := range recs {
		if rec.Kind == journal.KindRound || rec.Kind == journal.KindEvent {
			r.rounds = append(r.rounds, rec)
		}
	}
}

// send gives the table a supervisor's game input and waits until it is journalled.
func (r *rig) send(in engine.Input, why string) table.Result {
	r.t.Helper()
	return r.plant.send(table.Input{Game: &in}, why)
}

// finish stops the table and the line and exports the shoe's rounds.
func (r *rig) finish() []export.Row {
	r.t.Helper()
	r.shutdown()
	var out, errb bytes.Buffer
	if err := export.Run([]string{"--db", r.db, "--shoe", "1", "--format", "json"}, nil, &out, &errb); err != nil {
		r.t.Fatalf("export: %v: %s", err, errb.String())
	}
	var rows []export.Row
	dec := json.NewDecoder(&out)
	for dec.More() {
		var row export.Row
		if err := dec.Decode(&row); err != nil {
			r.t.Fatal(err)
		}
		rows = append(rows, row)
	}
	return rows
}

// budget is how long the random part of the suite may run: a few seconds in CI.
func budget() time.Duration {
	if testing.Short() {
		return 3 * time.Second
	}
	if s := os.Getenv("HOSTILE_BUDGET"); s != "" {
		if d, err := time.ParseDuration(s); err == nil {
			return d
		}
	}
	return 10 * time.Second
}

// Random faults, seeded: whatever the line does, no round is shown, published or exported with
// a result that was not really dealt unless it is marked for review.
func TestHostileLineNeverShowsAWrongResult(t *testing.T) {
	start := time.Now()
	for seed := uint64(1); seed == 1 || time.Since(start) < budget(); seed++ {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) { hostileShoe(t, seed, 0.35, allFaults) })
		if t.Failed() {
			return
		}
	}
}

// Each fault in turn, on every coup of a short shoe: each one is exercised, whatever the seed.
func TestHostileLineEachFault(t *testing.T) {
	for i, f := range allFaults {
		t.Run(string(f), func(t *testing.T) { hostileShoeN(t, uint64(100+i), 1, []fault{f}, 10) })
	}
}

// hostileShoe deals one shoe over a hostile line: each coup gets a fault from faults with
// probability p; a supervisor resolves every coup put under review from what is really on
// the table; then the screens, the published records and the export are checked.
func hostileShoe(t *testing.T, seed uint64, p float64, faults []fault) {
	hostileShoeN(t, seed, p, faults, 0)
}

// hostileShoeN is hostileShoe over the first n coups of the shoe only (all when n is 0).
func hostileShoeN(t *testing.T, seed uint64, p float64, faults []fault, n int) {
	r := newRig(t, seed)
	if n > 0 && n+1 < len(r.truth.groups) {
		r.truth.groups = r.truth.groups[:n+1]
	}
	rng := rand.New(rand.NewPCG(seed, 21))
	ctx := context.Background()
	var log []string
	for k, g := range r.truth.groups {
		var f fault
		if k > 0 && rng.Float64() < p {
			f = faults[rng.IntN(len(faults))]
		}
		if did := r.line.play(ctx, t, rng, g, f); did != "" {
			log = append(log, fmt.Sprintf("coup %d: %s", k, did))
		}
		r.settle()
		if k > 0 && k <= len(r.truth.coups) {
			if what := r.supervise(r.truth.coups[k-1], rng); what != "" {
				log = append(log, fmt.Sprintf("coup %d: supervisor %s", k, what))
			}
		}
	}
	rows := r.finish()
	r.check(rows, log)
}

// check is the oracle: against the coups really dealt.
func (r *rig) check(rows []export.Row, log []string) {
	t := r.t
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	fail := func(format string, a ...any) {
		t.Helper()
		t.Errorf(format, a...)
	}
	marked := reviewed(r.rounds)
	for _, s := range r.shown {
		fail("shown: %s", s) // a result on the screen is never one that was not dealt, marked or not
	}
	good := 0
	for _, rec := range r.rounds {
		if rec.Kind != journal.KindRound {
			continue
		}
		rd, err := journal.DecodeRound(rec.Payload)
		if err != nil {
			fail("published round record %d: %v", rec.Seq, err)
			continue
		}
		if rd.Kind == journal.RoundCancelled {
			continue
		}
		w, ok := r.truth.byKey[key(rd.Player, rd.Banker)]
		if ok && w.String() == rd.Winner {
			good++
			continue
		}
		if !marked[fmt.Sprint(rd.Shoe, "/", rd.N)] {
			fail("published: round %d %s → %s (%s), never dealt, not marked for review", rd.N, key(rd.Player, rd.Banker), rd.Winner, rd.Kind)
		}
	}
	for _, row := range rows {
		if row.Kind == engine.KindCancelled.String() || rowMarked(row) {
			continue
		}
		w, ok := r.truth.byKey[key(row.Player, row.Banker)]
		if !ok || w.String() != row.Winner {
			fail("exported: round %d %s → %s kind %s notes %q, never dealt, not marked for review", row.Round, key(row.Player, row.Banker), row.Winner, row.Kind, row.Notes)
		}
	}
	dealt := min(len(r.truth.coups), len(r.truth.groups)-1)
	if good < dealt/3 {
		fail("only %d of %d coups finished with their real result: the suite proves nothing", good, dealt)
	}
	t.Logf("%d coups dealt, %d recorded with their real result", dealt, good)
	if t.Failed() || testing.Verbose() {
		for _, l := range log {
			t.Log(l)
		}
	}
}
