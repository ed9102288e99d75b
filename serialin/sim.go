package serialin

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"github.com/coupboard/coupboard/engine"
)

// ShoeMsg is one message a simulated shoe sends, with the pause before it at speed 1.
type ShoeMsg struct {
	Delay  time.Duration
	Type   string   // HELO, CARD, BURN, STAT, RSLT (HBT is added by the simulator when idle)
	Fields []string // the fields after TYPE and SEQ
	Left   int      // cards left in the shoe after this message, or -1 when not known
}

// Pace is the simulated dealer's rhythm at speed 1.
type Pace struct {
	Card    time.Duration // between two cards of a coup
	Draw    time.Duration // before a third card (the dealer reads the tableau)
	Coup    time.Duration // before a coup's first card (betting time)
	Shuffle time.Duration // before a new shoe (shuffle, cut)
}

// RealisticPace is a live baccarat table: about 60 coups an hour.
func RealisticPace() Pace {
	return Pace{Card: 1200 * time.Millisecond, Draw: 2 * time.Second, Coup: 45 * time.Second, Shuffle: 90 * time.Second}
}

// ScriptMessages turns a shoe script (spec/shoe-protocol.md §4) into shoe messages: shoe →
// STAT NEWSHOE, a card → CARD (with its position when written "9H@P3"), burn and a card →
// BURN, cut → STAT CUT, empty → STAT EMPTY. Dealer and supervisor tokens (faceburn, noburn,
// exposed, faceup, dummy, nobet, void, reshuffle) are not shoe data and are skipped.
func ScriptMessages(toks []engine.Token, pace Pace) []ShoeMsg {
	var out []ShoeMsg
	burn := false
	for _, t := range toks {
		switch t.Kind {
		case engine.TokShoe:
			out = append(out, ShoeMsg{Delay: pace.Shuffle, Type: "STAT", Fields: []string{"NEWSHOE"}, Left: -1})
		case engine.TokBurn:
			burn = true
		case engine.TokCut:
			out = append(out, ShoeMsg{Delay: pace.Card, Type: "STAT", Fields: []string{"CUT"}, Left: -1})
		case engine.TokEmpty:
			out = append(out, ShoeMsg{Delay: pace.Card, Type: "STAT", Fields: []string{"EMPTY"}, Left: -1})
		case engine.TokCard:
			m := ShoeMsg{Delay: pace.Card, Type: "CARD", Fields: []string{t.Card.String()}, Left: -1}
			if burn {
				m.Type, burn = "BURN", false
			} else if t.Pos != engine.PosNone {
				m.Fields = append(m.Fields, t.Pos.String())
			}
			out = append(out, m)
		}
	}
	return out
}

// ShoeOptions shape a random shoe.
type ShoeOptions struct {
	Decks int // decks in the shoe (default 8)
	// Burn is the table's burn setting (spec/rule-profiles.md `burn`): "one" burns the first
	// card (000 4.3.1(a)); "face-value" shows the first card and burns that many more
	// (000 4.3.1(b), 002 7.5), 10-K counting 10. Burned cards are sent as plain CARD frames:
	// the engine tells them apart by the table's profile, as in a shoe script.
	Burn string
	// AfterCut is how many coups are dealt after the one in which the cutting card appears:
	// 0 means the default, 1 (000 4.1.1(b) and 8.3.4, 002 9.7); negative means none.
	AfterCut  int
	Positions bool // send each card's position (P1-B3), as a shoe that knows the table of play
	Results   bool // send the shoe's own result (RSLT) after each coup
	Pace      Pace
}

// RandomShoe shuffles Decks decks with rng and deals them by the table of play (000 8.2.3:
// the first and third cards to Player, the second and fourth to Banker; naturals 000 9.1;
// third cards by engine.PlayerDraws and engine.BankerDraws) until the coup after the
// cutting card, which lies 14 to 30 cards from the back (000 4.2.4, 002 7.4).
func RandomShoe(rng *rand.Rand, o ShoeOptions) []ShoeMsg {
	if o.Decks <= 0 {
		o.Decks = 8
	}
	switch {
	case o.AfterCut == 0:
		o.AfterCut = 1
	case o.AfterCut < 0:
		o.AfterCut = 0
	}
	cards := make([]engine.Card, 0, 52*o.Decks)
	for d := 0; d < o.Decks; d++ {
		for s := engine.Spades; s <= engine.Clubs; s++ {
			for r := engine.Ace; r <= engine.King; r++ {
				cards = append(cards, engine.Card{Rank: r, Suit: s})
			}
		}
	}
	rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	cutAt := len(cards) - 14 - rng.IntN(17)

	out := []ShoeMsg{{Delay: o.Pace.Shuffle, Type: "STAT", Fields: []string{"NEWSHOE"}, Left: len(cards)}}
	next := 0
	cutShown := false
	draw := func(delay time.Duration, pos engine.Position, firstOfCoup bool) engine.Card {
		if next == cutAt && !cutShown && !firstOfCoup {
			out = append(out, ShoeMsg{Delay: delay, Type: "STAT", Fields: []string{"CUT"}, Left: len(cards) - next})
			cutShown, delay = true, o.Pace.Card
		}
		c := cards[next]
		next++
		m := ShoeMsg{Delay: delay, Type: "CARD", Fields: []string{c.String()}, Left: len(cards) - next}
		if o.Positions && pos != engine.PosNone {
			m.Fields = append(m.Fields, pos.String())
		}
		out = append(out, m)
		return c
	}
	first := draw(o.Pace.Card, engine.PosNone, false)
	if o.Burn == "face-value" {
		for i := 0; i < first.BurnCount(); i++ {
			draw(o.Pace.Card/2, engine.PosNone, false)
		}
	}
	after := -1 // coups still to deal after the cut; -1 until the cut card appears
	for after != 0 {
		if len(cards)-next < 6 {
			out = append(out, ShoeMsg{Delay: o.Pace.Card, Type: "STAT", Fields: []string{"EMPTY"}, Left: len(cards) - next})
			break
		}
		if next >= cutAt && !cutShown { // the cut lies at a coup's first card: show it with the second
			cutAt = next + 1
		}
		p := []engine.Card{draw(o.Pace.Coup, engine.P1, true)}
		b := []engine.Card{draw(o.Pace.Card, engine.B1, false)}
		p = append(p, draw(o.Pace.Card, engine.P2, false))
		b = append(b, draw(o.Pace.Card, engine.B2, false))
		pt, bt := engine.Total(p), engine.Total(b)
		if !engine.IsNatural(pt) && !engine.IsNatural(bt) {
			var third engine.Card
			playerDrew := engine.PlayerDraws(pt)
			if playerDrew {
				third = draw(o.Pace.Draw, engine.P3, false)
				p = append(p, third)
			}
			if engine.BankerDraws(bt, playerDrew, third) {
				b = append(b, draw(o.Pace.Draw, engine.B3, false))
			}
		}
		if o.Results {
			pt, bt = engine.Total(p), engine.Total(b)
			pairs := ""
			if p[0].Rank == p[1].Rank {
				pairs += "P"
			}
			if b[0].Rank == b[1].Rank {
				pairs += "B"
			}
			if pairs == "" {
				pairs = "-"
			}
			out = append(out, ShoeMsg{Delay: o.Pace.Card, Type: "RSLT",
				Fields: []string{engine.Decide(pt, bt).String(), fmt.Sprint(pt), fmt.Sprint(bt), pairs}, Left: len(cards) - next})
		}
		switch {
		case after > 0:
			after--
		case cutShown:
			after = o.AfterCut
		}
	}
	return out
}

// Faults are the line faults a simulated shoe injects. Probabilities are per frame.
type Faults struct {
	Noise     float64 // garbage bytes (0x00, 0xFF, modem chatter) before the frame
	Corrupt   float64 // one body byte changed, so the CRC fails and the frame is lost
	Duplicate float64 // the frame is sent two or three times with the same SEQ
	Gap       float64 // the frame is never sent; its SEQ is used, so the host sees a gap
	// RebootAfter sends a HELO (the shoe rebooted, its sequence restarts) after this many
	// messages; 0 never.
	RebootAfter int
	// UnplugAfter unplugs the line after this many messages and plugs it back in after
	// UnplugFor (a new pseudo-terminal; the --link symlink is re-pointed); 0 never.
	UnplugAfter int
	UnplugFor   time.Duration
}

// SimLine is where a simulated shoe writes: a pseudo-terminal or a TCP listener.
type SimLine interface {
	io.Writer
	// Unplug drops the line for d and brings it back, as pulling and re-plugging the cable.
	Unplug(ctx context.Context, d time.Duration) error
}

// SimReport counts what a simulated shoe did, so tests can check what the host saw.
type SimReport struct {
	Messages   int // shoe messages played (not heartbeats)
	Frames     int // frames written, resends included
	Heartbeats int
	Dropped    int // frames never sent (Faults.Gap)
	Corrupted  int
	Duplicated int // extra copies sent
	NoiseBytes int
	Reboots    int
	Unplugs    int
}

// Sim is a simulated smart shoe. Create it with NewSim; it is not safe for concurrent use.
type Sim struct {
	// Protocol is "csp1" (default) or "cardline".
	Protocol string
	// Speed multiplies the pace: 10 plays ten times faster; 0 or less sends without pauses.
	Speed float64
	// Heartbeat is the idle interval after which a heartbeat is sent (CSP1 only; default 5 s,
	// not scaled by Speed: the host's watchdog expects it in real time).
	Heartbeat time.Duration
	Faults    Faults
	Hello     Hello
	// Report counts what was sent so far.
	Report SimReport

	rng      *rand.Rand
	seq      int
	left     int
	lastSent time.Time
	rebooted bool
	unplugd  bool
}

// NewSim returns a CSP1 shoe simulator whose faults are drawn from seed.
func NewSim(seed uint64) *Sim {
	return &Sim{
		Protocol:  "csp1",
		Speed:     1,
		Heartbeat: 5 * time.Second,
		Hello:     Hello{Vendor: "COUPBOARD", Model: "SHOE-SIM", Firmware: "1.0", Protocol: "CSP1"},
		rng:       rand.New(rand.NewPCG(seed, seed^0x9E3779B97F4A7C15)),
		left:      -1,
	}
}

// Start sends the boot HELO (CSP1).
func (s *Sim) Start(w io.Writer) error {
	return s.hello(w)
}

func (s *Sim) hello(w io.Writer) error {
	if s.Protocol == "cardline" {
		return nil
	}
	s.seq = 0
	return s.send(w, "HELO", []string{s.Hello.Vendor, s.Hello.Model, s.Hello.Firmware, s.Hello.Protocol}, false)
}

// Play sends msgs on line, pausing as paced, with heartbeats while idle and the configured
// faults. It returns when all are sent, ctx is done, or the line fails.
func (s *Sim) Play(ctx context.Context, line SimLine, msgs []ShoeMsg) error {
	for _, m := range msgs {
		if err := s.Idle(ctx, line, s.scale(m.Delay)); err != nil {
			return err
		}
		if err := s.send(line, m.Type, m.Fields, true); err != nil {
			return err
		}
		if m.Left >= 0 {
			s.left = m.Left
		}
		s.Report.Messages++
		f := s.Faults
		if f.RebootAfter > 0 && !s.rebooted && s.Report.Messages >= f.RebootAfter {
			s.rebooted = true
			s.Report.Reboots++
			if err := s.hello(line); err != nil {
				return err
			}
		}
		if f.UnplugAfter > 0 && !s.unplugd && s.Report.Messages >= f.UnplugAfter {
			s.unplugd = true
			s.Report.Unplugs++
			if err := line.Unplug(ctx, f.UnplugFor); err != nil {
				return fmt.Errorf("unplug: %w", err)
			}
			if err := s.hello(line); err != nil { // the shoe powers up again with the cable
				return err
			}
		}
	}
	return nil
}

// Idle waits d, sending a heartbeat whenever nothing was sent for Heartbeat (CSP1).
// It returns ctx's error as soon as ctx is done, even with nothing to wait for: a shoe
// sending without pauses still stops when asked.
func (s *Sim) Idle(ctx context.Context, line SimLine, d time.Duration) error {
	end := time.Now().Add(d)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		wait := time.Until(end)
		hbDue := time.Duration(-1)
		if s.Protocol != "cardline" && s.Heartbeat > 0 {
			hbDue = time.Until(s.lastSent.Add(s.Heartbeat))
			if hbDue <= 0 {
				left := []string{}
				if s.left >= 0 {
					left = []string{fmt.Sprint(s.left)}
				}
				if err := s.send(line, "HBT", left, false); err != nil {
					return err
				}
				s.Report.Heartbeats++
				continue
			}
		}
		if wait <= 0 {
			return nil
		}
		if hbDue >= 0 && hbDue < wait {
			wait = hbDue
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

// scale is d at the shoe's speed. Any speed that is not a positive number (0, negative, NaN)
// sends without pauses, and a pause too long for a time.Duration (a speed near 0) is the
// longest one: converting NaN or an infinity to a Duration gives a negative number on amd64,
// which made the simulated shoe flood the line (issue 21).
func (s *Sim) scale(d time.Duration) time.Duration {
	if !(s.Speed > 0) {
		return 0
	}
	f := float64(d) / s.Speed
	if !(f < math.MaxInt64) {
		return math.MaxInt64
	}
	return time.Duration(f)
}

// send encodes one frame (or card line) and writes it with the faults applied when faulty.
func (s *Sim) send(w io.Writer, typ string, fields []string, faulty bool) error {
	var frame []byte
	if s.Protocol == "cardline" {
		if (typ != "CARD" && typ != "BURN") || len(fields) == 0 {
			return nil
		}
		frame = []byte(fields[0] + "\r\n")
	} else {
		frame = Frame(typ, s.seq, fields...)
		s.seq = (s.seq + 1) % seqModulus
	}
	s.lastSent = time.Now()
	f := s.Faults
	if !faulty {
		f = Faults{}
	}
	if f.Gap > 0 && s.rng.Float64() < f.Gap {
		s.Report.Dropped++
		return nil
	}
	var b []byte
	if f.Noise > 0 && s.rng.Float64() < f.Noise {
		n := 1 + s.rng.IntN(20)
		for i := 0; i < n; i++ {
			b = append(b, noiseBytes[s.rng.IntN(len(noiseBytes))])
		}
		s.Report.NoiseBytes += n
	}
	copies := 1
	if f.Duplicate > 0 && s.rng.Float64() < f.Duplicate {
		copies += 1 + s.rng.IntN(2)
		s.Report.Duplicated += copies - 1
	}
	if f.Corrupt > 0 && s.rng.Float64() < f.Corrupt {
		bad := append([]byte(nil), frame...)
		if s.Protocol == "cardline" {
			bad[0] = "ZX1"[s.rng.IntN(3)] // a misread rank
		} else {
			i := 1 + s.rng.IntN(len(bad)-8) // inside the body, away from '*' and the CRC
			bad[i] = 'a' + byte(s.rng.IntN(26))
		}
		frame = bad
		s.Report.Corrupted++
	}
	for i := 0; i < copies; i++ {
		b = append(b, frame...)
	}
	s.Report.Frames += copies
	_, err := w.Write(b)
	return err
}

// noiseBytes is what line noise looks like: NULs, 0xFF, modem probes. No '$' and no line ends.
const noiseBytes = "\x00\xff\xfe\x80AT+\x1b~*,0"

// SimShoe is a simulated shoe running in the background on a new pseudo-terminal: the
// demo's shoe (config port "sim"). Open Path with the port manager like a real shoe.
type SimShoe struct {
	line   *PTYLine
	cancel context.CancelFunc
	done   chan struct{}
}

// StartSimShoe starts a CSP1 shoe that plays script (when not nil) once, or random
// shuffled 8-deck shoes with no end, at speed times a live dealer's pace, and sends
// heartbeats while idle. seed drives the shuffle.
func StartSimShoe(script []engine.Token, speed float64, seed uint64) (*SimShoe, error) {
	return startShoe(speed, seed, func(ctx context.Context, sim *Sim, line *PTYLine) {
		pace := RealisticPace()
		if script != nil {
			if sim.Play(ctx, line, ScriptMessages(script, pace)) != nil {
				return
			}
		} else {
			rng := rand.New(rand.NewPCG(seed, seed>>1|1))
			for ctx.Err() == nil {
				if sim.Play(ctx, line, RandomShoe(rng, ShoeOptions{Pace: pace})) != nil {
					return
				}
			}
		}
		for sim.Idle(ctx, line, time.Hour) == nil {
		}
	})
}

// startShoe starts a simulated shoe on a new pseudo-terminal at speed, seeded by seed: once
// the shoe has said HELO, play deals on the line until it returns or ctx is cancelled (Close).
func startShoe(speed float64, seed uint64, play func(ctx context.Context, sim *Sim, line *PTYLine)) (*SimShoe, error) {
	line, err := NewPTYLine("", nil)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &SimShoe{line: line, cancel: cancel, done: make(chan struct{})}
	sim := NewSim(seed)
	sim.Speed = speed
	go func() {
		defer close(s.done)
		if sim.Start(line) != nil {
			return
		}
		play(ctx, sim, line)
	}()
	return s, nil
}

// Path is the pseudo-terminal to open.
func (s *SimShoe) Path() string { return s.line.Path() }

// Close stops the shoe and closes its pseudo-terminal; it returns when both are done. A
// write blocked on a full line (the host stopped reading) cannot be interrupted, so while
// the shoe has not stopped Close discards what the host left unread: the write completes,
// the shoe sees it is stopped, and Close never waits for ever.
func (s *SimShoe) Close() {
	s.cancel()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for stopped := false; !stopped; {
		select {
		case <-s.done:
			stopped = true
		case <-tick.C:
			s.line.discard()
		}
	}
	s.line.Close()
}
