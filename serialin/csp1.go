package serialin

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/coupboard/coupboard/engine"
)

// MaxFrame is the longest CSP1 frame, from '$' to '\n' inclusive (spec/shoe-protocol.md §1).
// No decoder ever holds more than this many bytes.
const MaxFrame = 96

// noiseReport is how many noise bytes are counted before a KindNoise event is sent even
// though no frame has started (so a line of pure noise is still reported).
const noiseReport = 256

// seqModulus is where CSP1 sequence numbers wrap: 9999 is followed by 0000.
const seqModulus = 10000

// CSP1 decodes the CSP1 wire protocol (spec/shoe-protocol.md §1-2). The zero value is
// ready to use.
type CSP1 struct {
	buf     [MaxFrame]byte
	n       int  // bytes of the frame in buf; 0 when outside a frame
	noise   int  // noise bytes not yet reported
	have    bool // a frame has been accepted since Reset, so last and lastBody are set
	last    int  // SEQ of the last accepted frame
	lastLen int
	lastB   [MaxFrame]byte // body of the last accepted frame (duplicate and conflict check)

	staleN int // stale frames dropped in a row since the last accepted frame

	hello   string // the fields of the last HELO accepted (Mark.Hello)
	resumed bool   // the sequence was taken up from a Mark (Resume) and no frame accepted since

	// relinked: the sequence was taken up after the link dropped and came back (relink), and no
	// frame has yet proven that the stream is the same shoe's; unprovenN counts the frames
	// dropped meanwhile.
	relinked  bool
	unprovenN int
}

// NewCSP1 returns a CSP1 decoder as a Decoder.
func NewCSP1() Decoder { return &CSP1{} }

// Reset forgets any partial frame, unreported noise and the sequence (a new connection).
func (d *CSP1) Reset() { *d = CSP1{} }

// SetNow is part of Decoder; CSP1 has no time windows and ignores it.
func (d *CSP1) SetNow(time.Time) {}

// Feed decodes p, which may hold any part of any number of frames, and returns the events
// of the frames it completes, in order.
func (d *CSP1) Feed(p []byte) []Event {
	var out []Event
	for _, c := range p {
		if d.n == 0 {
			if c == '$' {
				out = d.flushNoise(out)
				d.buf[0] = c
				d.n = 1
				continue
			}
			d.noise++
			if d.noise >= noiseReport {
				out = d.flushNoise(out)
			}
			continue
		}
		switch {
		case c == '$':
			out = append(out, d.corrupt("partial frame: a new '$' before the end of the frame", d.buf[:d.n]))
			d.buf[0] = c
			d.n = 1
		case d.n == MaxFrame:
			out = append(out, d.corrupt(fmt.Sprintf("too long: over %d bytes without an end of line", MaxFrame), d.buf[:d.n]))
			d.n = 0
			d.noise++
		case c == '\n':
			d.buf[d.n] = c
			d.n++
			out = d.frame(out, d.buf[:d.n])
			d.n = 0
		case c == '\r' || (c >= 0x20 && c <= 0x7E):
			d.buf[d.n] = c
			d.n++
		default:
			out = append(out, d.corrupt(fmt.Sprintf("bad character 0x%02X inside a frame", c), d.buf[:d.n]))
			d.n = 0
			d.noise++
		}
	}
	return out
}

func (d *CSP1) flushNoise(out []Event) []Event {
	if d.noise > 0 {
		out = append(out, Event{Kind: KindNoise, Seq: -1, Count: d.noise})
		d.noise = 0
	}
	return out
}

func (d *CSP1) corrupt(reason string, raw []byte) Event {
	return Event{Kind: KindCorrupt, Seq: -1, Reason: reason, Raw: string(raw)}
}

// frame handles one complete frame, '$' to '\n'.
func (d *CSP1) frame(out []Event, f []byte) []Event {
	raw := strings.TrimRight(string(f), "\r\n")
	s := raw[1:]
	star := strings.IndexByte(s, '*')
	if star < 0 {
		return append(out, d.corrupt("no '*' and CRC", f))
	}
	body, crcField := s[:star], s[star+1:]
	if !upperHex4(crcField) {
		return append(out, d.corrupt(fmt.Sprintf("bad CRC field %q: want 4 upper-case hex digits", crcField), f))
	}
	if strings.IndexByte(body, '\r') >= 0 {
		return append(out, d.corrupt("bad character 0x0D inside a frame", f))
	}
	want, _ := strconv.ParseUint(crcField, 16, 16)
	if got := CRC16([]byte(body)); uint16(want) != got {
		return append(out, d.corrupt(fmt.Sprintf("bad CRC: frame says %s, body gives %04X", crcField, got), f))
	}
	fields := strings.Split(body, ",")
	if !frameType(fields[0]) {
		return append(out, d.corrupt(fmt.Sprintf("bad header: type %q", fields[0]), f))
	}
	if len(fields) < 2 || !digits4(fields[1]) {
		return append(out, d.corrupt("bad header: no 4-digit SEQ", f))
	}
	typ := fields[0]
	seq, _ := strconv.Atoi(fields[1])

	if d.relinked {
		if why := d.unproven(typ, seq, body, fields[2:]); why != "" {
			// Not this shoe's stream, as far as the table can tell: never data (see relink).
			d.unprovenN++
			return append(out, Event{Kind: KindUnproven, Seq: seq, Raw: raw, Count: d.unprovenN, Reason: why})
		}
	}

	// The sequence, before the fields: a resend of a misread is still a resend.
	if d.have && seq == d.last {
		if body == string(d.lastB[:d.lastLen]) {
			return append(out, Event{Kind: KindDuplicate, Seq: seq, Raw: raw})
		}
		if typ != "HELO" { // a HELO with a new body is a restart, whatever its SEQ
			return append(out, Event{Kind: KindConflict, Seq: seq, Raw: raw,
				Reason: fmt.Sprintf("same SEQ as %q, different body", string(d.lastB[:d.lastLen]))})
		}
	}
	restart := d.have
	if typ != "HELO" && d.have {
		ahead := (seq - d.last + seqModulus) % seqModulus
		if ahead >= seqModulus/2 {
			// Behind the sequence: stale, replayed or out of order. It never becomes data,
			// however many follow in order: a restart begins with HELO (spec §2). The first
			// of a run is reported; Count says how many in a row so far.
			d.staleN++
			return append(out, Event{Kind: KindStale, Seq: seq, Raw: raw, Count: d.staleN,
				Reason: fmt.Sprintf("SEQ %04d is behind %04d%s", seq, d.last, d.resumedWords())})
		} else if ahead > 1 {
			out = append(out, Event{Kind: KindGap, Seq: seq, Gap: ahead - 1,
				Reason: fmt.Sprintf("SEQ %04d follows %04d%s", seq, d.last, d.resumedWords())})
		}
	}
	reason := ""
	if typ == "HELO" && d.relinked {
		if d.hello == "" {
			reason = fmt.Sprintf("HELO after the link came back (last frame taken SEQ %04d); the table had no HELO to check it against", d.last)
		} else {
			// A HELO names the vendor, model, firmware and protocol, not the shoe itself:
			// another shoe of the same model would say the same.
			reason = fmt.Sprintf("HELO after the link came back (last frame taken SEQ %04d); the same vendor, model and firmware as the table's shoe, "+
				"which cannot tell two shoes of one model apart: check the shoe at the table", d.last)
		}
	}
	if typ == "HELO" && d.resumed {
		reason = fmt.Sprintf("HELO after SEQ %04d, the last frame the table took before it stopped", d.last)
		if d.hello != "" {
			reason += " (from " + d.hello + ")"
		}
	}
	d.staleN, d.relinked, d.unprovenN = 0, false, 0
	d.have, d.last, d.resumed = true, seq, false
	d.lastLen = copy(d.lastB[:], body)
	if typ == "HELO" {
		d.hello = strings.Join(fields[2:], ",")
	}

	ev, ok := csp1Event(typ, seq, fields[2:], raw)
	if !ok {
		return out
	}
	if ev.Kind == KindHello {
		ev.Restart, ev.Reason = restart, reason
	}
	// The frame is taken: where the sequence now stands goes with its event (only with the
	// frame's own event, not with a gap reported before it).
	ev.Mark = Mark{Seq: seq, Frame: body, Hello: d.hello}
	return append(out, ev)
}

// unproven says why a frame that came after the link came back does not prove that the stream
// is the same shoe's, or "" when it does: the frame that continues the sequence exactly, a
// resend of the last frame taken (a duplicate), or a HELO with the identity of the last HELO
// taken (the shoe restarted; any HELO when the table saw none).
func (d *CSP1) unproven(typ string, seq int, body string, fields []string) string {
	hello := strings.Join(fields, ",")
	switch {
	case typ == "HELO" && (d.hello == "" || hello == d.hello):
		return ""
	case typ == "HELO":
		return fmt.Sprintf("HELO from %s after the link came back, but the table's shoe is %s: not the same shoe; "+
			"its frames are dropped until the table's shoe sends HELO", hello, d.hello)
	case seq == d.last && body == string(d.lastB[:d.lastLen]):
		return ""
	case d.unprovenN == 0 && seq == (d.last+1)%seqModulus:
		// Only the first frame after the link came back proves the stream by its SEQ: the
		// dropped frames do not move d.last, so any stream counting upwards would reach
		// d.last+1 in time; after an unproven frame only the shoe's HELO proves it.
		return ""
	}
	return fmt.Sprintf("SEQ %04d after the link came back does not continue %04d, the last frame taken: not proven to be the same shoe; "+
		"its frames are dropped until the shoe sends HELO (power-cycle it)", seq, d.last)
}

// resumedWords explains, in a stale or gap reason, a sequence taken up from the table's stop.
func (d *CSP1) resumedWords() string {
	if d.resumed {
		return ", the last frame the table took before it stopped"
	}
	return ""
}

// csp1Event turns the fields of a valid frame into its event; ok is false for an unknown
// type, which is ignored (forward compatible).
func csp1Event(typ string, seq int, f []string, raw string) (Event, bool) {
	ev := Event{Seq: seq, Raw: raw, Left: -1}
	field := func(i int) string {
		if i < len(f) {
			return f[i]
		}
		return ""
	}
	bad := func(reason string) (Event, bool) {
		return Event{Kind: KindCorrupt, Seq: seq, Raw: raw, Left: -1, Reason: reason}, true
	}
	switch typ {
	case "HELO":
		ev.Kind = KindHello
		ev.Hello = Hello{Vendor: field(0), Model: field(1), Firmware: field(2), Protocol: field(3)}
	case "CARD":
		ev.Kind = KindCard
		c, err := engine.ParseCard(field(0))
		if err != nil {
			return Event{Kind: KindMisread, Seq: seq, Raw: raw, Left: -1, Reason: err.Error()}, true
		}
		ev.Card = c
		if p := field(1); p != "" {
			pos, err := engine.ParsePosition(p)
			if err != nil {
				return Event{Kind: KindMisread, Seq: seq, Raw: raw, Left: -1, Reason: "card " + c.String() + ": " + err.Error()}, true
			}
			ev.Pos = pos
		}
	case "BURN":
		ev.Kind = KindBurn
		if s := field(0); s != "" {
			c, err := engine.ParseCard(s)
			if err != nil {
				return Event{Kind: KindMisread, Seq: seq, Raw: raw, Left: -1, Reason: "burn " + err.Error()}, true
			}
			ev.Card, ev.HasCard = c, true
		}
	case "STAT":
		ev.Kind = KindStatus
		ev.Code = field(0)
		if ev.Code == "" {
			return bad("STAT without a code")
		}
		if len(f) > 1 {
			ev.Text = strings.Join(f[1:], ",")
		}
	case "HBT":
		ev.Kind = KindHeartbeat
		if s := field(0); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 || len(s) > 4 {
				return bad(fmt.Sprintf("HBT: cards left %q is not a number", s))
			}
			ev.Left = n
		}
	case "RSLT":
		ev.Kind = KindResult
		r, err := parseResult(f)
		if err != nil {
			return bad("RSLT: " + err.Error())
		}
		ev.Result = r
	default:
		return Event{}, false
	}
	return ev, true
}

// parseResult reads the RSLT fields: winner P/B/T, player total, banker total, and an
// optional pairs field naming the hands with a pair ("P", "B", "PB"; "", "-" or "N" for none).
func parseResult(f []string) (Result, error) {
	var r Result
	if len(f) < 3 {
		return r, fmt.Errorf("want winner, player total, banker total[, pairs]")
	}
	switch f[0] {
	case "P":
		r.Winner = engine.Player
	case "B":
		r.Winner = engine.Banker
	case "T":
		r.Winner = engine.Tie
	default:
		return r, fmt.Errorf("winner %q: want P, B or T", f[0])
	}
	for i, t := range []*int{&r.PlayerTotal, &r.BankerTotal} {
		s := f[1+i]
		if len(s) != 1 || s[0] < '0' || s[0] > '9' {
			return r, fmt.Errorf("total %q: want 0-9", s)
		}
		*t = int(s[0] - '0')
	}
	if len(f) > 3 {
		switch p := f[3]; p {
		case "", "-", "N":
		case "P":
			r.PlayerPair = true
		case "B":
			r.BankerPair = true
		case "PB", "BP":
			r.PlayerPair, r.BankerPair = true, true
		default:
			return r, fmt.Errorf("pairs %q: want P, B, PB or - ", p)
		}
	}
	return r, nil
}

func upperHex4(s string) bool {
	if len(s) != 4 {
		return false
	}
	for i := 0; i < 4; i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func digits4(s string) bool {
	if len(s) != 4 {
		return false
	}
	for i := 0; i < 4; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// frameType reports whether s is a frame type: 1 to 8 upper-case letters or digits.
func frameType(s string) bool {
	if len(s) == 0 || len(s) > 8 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// Frame encodes one CSP1 frame: "$TYPE,SEQ,fields...*CRC\r\n". seq is taken modulo 10000.
// The result may be longer than MaxFrame if the fields are; the simulator keeps them short.
func Frame(typ string, seq int, fields ...string) []byte {
	var b strings.Builder
	b.WriteString(typ)
	fmt.Fprintf(&b, ",%04d", ((seq%seqModulus)+seqModulus)%seqModulus)
	for _, f := range fields {
		b.WriteByte(',')
		b.WriteString(f)
	}
	body := b.String()
	return []byte(fmt.Sprintf("$%s*%04X\r\n", body, CRC16([]byte(body))))
}
