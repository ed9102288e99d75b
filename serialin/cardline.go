package serialin

import (
	"fmt"
	"strings"
	"time"

	"github.com/coupboard/coupboard/engine"
)

// cardlineMaxLine is the longest cardline line kept (a card code is 2 characters; readers
// may pad with spaces). A longer line is dropped as too long.
const cardlineMaxLine = 16

// DefaultRepeatWindow is how close in time two reads of the same card must be for the
// second to go to review under the cardline adapter: a dealer draws a card every second or
// two, while a reader's double read comes within milliseconds.
const DefaultRepeatWindow = time.Second

// Cardline decodes the cardline adapter: one bare card code per line, as barcode and RFID
// readers send (spec/shoe-protocol.md §3). Lines end in '\n', '\r' or both. There is no
// SEQ, so a repeat cannot be told from a resend: an exact repeat of the previous card within
// Window is delivered with Review set rather than dropped. Time comes from SetNow.
type Cardline struct {
	// Window is the repeat window; zero means DefaultRepeatWindow.
	Window time.Duration

	buf     [cardlineMaxLine]byte
	n       int  // bytes kept of the current line
	length  int  // bytes of the current line, including those not kept
	bad     int  // non-printable bytes in the current line
	text    bool // the current line has printable, non-space content
	now     time.Time
	last    engine.Card
	lastAt  time.Time
	hasLast bool
}

// NewCardline returns a Cardline decoder with the default repeat window as a Decoder.
func NewCardline() Decoder { return &Cardline{} }

// Reset forgets any partial line and the last card (a new connection).
func (d *Cardline) Reset() { *d = Cardline{Window: d.Window} }

// SetNow sets the arrival time of the bytes that follow, for the repeat window.
func (d *Cardline) SetNow(now time.Time) { d.now = now }

// Feed decodes p, which may hold any part of any number of lines.
func (d *Cardline) Feed(p []byte) []Event {
	var out []Event
	for _, c := range p {
		if c == '\n' || c == '\r' {
			out = d.line(out)
			continue
		}
		d.length++
		switch {
		case c < 0x20 && c != '\t' || c > 0x7E:
			d.bad++
		case c != ' ' && c != '\t':
			d.text = true
		}
		if d.n < len(d.buf) {
			d.buf[d.n] = c
			d.n++
		}
		if d.length >= noiseReport && !d.text {
			out = append(out, Event{Kind: KindNoise, Seq: -1, Count: d.length})
			d.n, d.length, d.bad = 0, 0, 0
		}
	}
	return out
}

// line handles the end of a line.
func (d *Cardline) line(out []Event) []Event {
	n, length, bad, text := d.n, d.length, d.bad, d.text
	d.n, d.length, d.bad, d.text = 0, 0, 0, false
	raw := string(d.buf[:n])
	switch {
	case length == 0:
		return out // the other half of CRLF, or a blank line
	case !text:
		return append(out, Event{Kind: KindNoise, Seq: -1, Count: length})
	case bad > 0:
		return append(out, Event{Kind: KindCorrupt, Seq: -1, Raw: raw, Reason: "bad character in a card line"})
	case length > n:
		return append(out, Event{Kind: KindCorrupt, Seq: -1, Raw: raw, Reason: fmt.Sprintf("too long: over %d bytes in a card line", cardlineMaxLine)})
	}
	code := strings.TrimSpace(raw)
	c, err := engine.ParseCard(code)
	if err != nil {
		return append(out, Event{Kind: KindMisread, Seq: -1, Raw: raw, Reason: err.Error()})
	}
	ev := Event{Kind: KindCard, Seq: -1, Card: c, Raw: raw, Left: -1}
	window := d.Window
	if window <= 0 {
		window = DefaultRepeatWindow
	}
	if d.hasLast && c == d.last && d.now.Sub(d.lastAt) <= window {
		ev.Review = fmt.Sprintf("%s read twice within %v: a double read or a real repeat", c, window)
	}
	d.last, d.lastAt, d.hasLast = c, d.now, true
	return append(out, ev)
}
