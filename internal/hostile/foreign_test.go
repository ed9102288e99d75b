package hostile

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
)

// The cable is pulled mid-coup, and what comes back on the shoe's line is another shoe's stream,
// mid-shoe and with no HELO (a re-enumerated USB device, a swapped cable): it finishes that
// shoe's coups, loads a new shoe and deals it. Nothing of it may become a result or a shoe of
// this table's (doubt stops the coup: spec/shoe-protocol.md §2; 000 13.10, 001 9.4: the coup
// waits for the supervisor): the coup in progress is held with a reason that says why, no new
// shoe starts, no round of the other shoe is shown, published or exported; when the table's own
// shoe says HELO, its coups are taken again.
func TestHostileLineForeignStreamAfterUnplug(t *testing.T) {
	r := newRig(t, 300)
	p, s := vic(t)
	other := dealTruth(t, rand.New(rand.NewPCG(301, 301^0x5eed)), p, s)
	rng := rand.New(rand.NewPCG(300, 21))
	ctx := context.Background()
	var log []string
	play := func(k int) {
		r.line.play(ctx, t, rng, r.truth.groups[k], "")
		r.settle()
		if what := r.supervise(r.truth.coups[k-1], rng); what != "" {
			log = append(log, fmt.Sprintf("coup %d: supervisor %s", k, what))
		}
	}
	r.line.play(ctx, t, rng, r.truth.groups[0], "")
	r.settle()
	for k := 1; k <= 4; k++ {
		play(k)
	}

	// Coup 5: two frames, then the cable is pulled.
	const cut = 5
	var ws []wire
	for _, m := range r.truth.groups[cut] {
		ws = append(ws, wire{seq: r.line.next(), typ: m.Type, fields: m.Fields})
	}
	r.line.write(t, ws[:2])
	r.line.decoded(t)
	if err := r.line.pty.Unplug(ctx, 50*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	// The other shoe, from its coup 20 to its end, then a new shoe of its own and five coups.
	var foreign []wire
	seq := 7000
	for _, g := range append(other.groups[20:], other.groups[:6]...) {
		for _, m := range g {
			foreign = append(foreign, wire{seq: seq, typ: m.Type, fields: m.Fields})
			seq++
		}
	}
	r.line.write(t, foreign)
	r.settle()
	var v engine.View
	_ = r.loop.Inspect(ctx, func(m table.Machine) { v = m.(*table.State).Game() })
	if v.Shoe != 1 || !v.InCoup || !v.Held {
		t.Errorf("after the other stream: shoe %d, in coup %v, held %v; want shoe 1 with coup %d held", v.Shoe, v.InCoup, v.Held, cut)
	}

	// The table's own shoe restarts and finishes its coup.
	rest := append([]wire{r.line.hello()}, ws[2:]...)
	for k := 1; k < len(rest); k++ {
		rest[k].seq = r.line.next()
	}
	r.line.write(t, rest)
	r.settle()
	if what := r.supervise(r.truth.coups[cut-1], rng); what != "" {
		log = append(log, fmt.Sprintf("coup %d: supervisor %s", cut, what))
	}
	for k := cut + 1; k <= cut+4; k++ {
		play(k)
	}
	_ = r.loop.Inspect(ctx, func(m table.Machine) { v = m.(*table.State).Game() })
	if v.Shoe != 1 {
		t.Errorf("the table is on shoe %d: the other stream's new shoe was taken", v.Shoe)
	}
	r.mu.Lock()
	why := false
	for _, rec := range r.rounds {
		why = why || bytes.Contains(rec.Payload, []byte("after the link came back does not continue"))
	}
	r.mu.Unlock()
	if !why {
		t.Errorf("no committed record says why the coup was held (the stream after the link came back)")
	}
	r.truth.groups = r.truth.groups[:cut+5]
	rows := r.finish()
	r.check(rows, log)
}
