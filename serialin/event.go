package serialin

import (
	"fmt"
	"strings"
	"time"

	"github.com/coupboard/coupboard/engine"
)

// Kind is what an Event reports. The first six kinds are shoe data; the others are
// diagnostics, which never change game state (spec/shoe-protocol.md §2), and KindLink,
// which reports the state of the connection.
type Kind uint8

// The kinds of event.
const (
	KindHello     Kind = iota + 1 // the shoe booted or reconnected (CSP1 HELO); the sequence restarts
	KindCard                      // a card drawn for play
	KindBurn                      // a burned card, its face known or not
	KindStatus                    // a shoe status code (READY, NEWSHOE, CUT, EMPTY, JAM, MISREAD, ...)
	KindHeartbeat                 // the shoe is alive; Left is the cards left when it says
	KindResult                    // the shoe's own coup result, a cross-check only

	KindNoise     // bytes outside any frame; Count says how many
	KindCorrupt   // a frame dropped: Reason says why (bad CRC, too long, partial, bad header, ...)
	KindDuplicate // a retransmission (same SEQ and body) dropped
	KindConflict  // same SEQ as a recent frame but a different body: dropped, alert "shoe sent conflicting data"
	KindGap       // Gap frames were lost before the frame that follows this event (which is delivered)
	KindStale     // a SEQ behind the sequence (stale, replayed or out of order): dropped, until a HELO
	KindMisread   // a card or burn frame whose card cannot be read (ZZ, 1S): dropped, prompt manual entry

	KindLink // the connection changed state (Link, Err); sent by the port manager, not by decoders

	// KindUnproven is a frame that came after the link dropped and came back and does not prove
	// the stream is the same shoe's (it neither continues the SEQ exactly nor is a HELO of the
	// same shoe): dropped, until a frame proves it. Count says how many in a row so far.
	KindUnproven
)

var kindNames = [...]string{"", "hello", "card", "burn", "status", "heartbeat", "result",
	"noise", "corrupt", "duplicate", "conflict", "gap", "stale", "misread", "link", "unproven"}

// String is the kind's lower-case name ("card", "gap", ...).
func (k Kind) String() string {
	if int(k) < len(kindNames) && k != 0 {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Diagnostic reports whether events of this kind are diagnostics (they never move a coup).
func (k Kind) Diagnostic() bool { return k >= KindNoise && k <= KindMisread || k == KindUnproven }

// Hello is what a shoe says about itself when it boots (CSP1 HELO).
type Hello struct {
	Vendor, Model, Firmware, Protocol string
}

// Result is a shoe's own coup result (CSP1 RSLT): a cross-check, never the result of record.
type Result struct {
	Winner                   engine.Winner
	PlayerTotal, BankerTotal int
	PlayerPair, BankerPair   bool
}

// Event is one thing a decoder or the port manager reports. Which fields are set depends on Kind.
type Event struct {
	Kind Kind
	// Seq is the frame's sequence number (0-9999), or -1 when the protocol has none (cardline)
	// or the event is not about one frame.
	Seq int

	Card    engine.Card     // KindCard; KindBurn when HasCard
	HasCard bool            // KindBurn: the burned card's face is known
	Pos     engine.Position // KindCard: the position the shoe reported, or PosNone

	Code string // KindStatus: the status code as sent (unknown codes are passed on)
	Text string // KindStatus: the optional free text

	Left int // KindHeartbeat: cards left in the shoe, or -1 when not sent

	Hello   Hello // KindHello
	Restart bool  // KindHello: frames had been seen before it, so this is a restart mid-stream

	Result Result // KindResult

	Count  int    // KindNoise: the number of bytes; KindStale, KindUnproven: such frames in a row so far (1 for the first)
	Gap    int    // KindGap: the number of frames lost
	Reason string // KindCorrupt, KindConflict, KindStale, KindMisread, KindGap, KindUnproven, KindHello after a Resume or a relink: why, in words
	// Review, on a KindCard, says the card must be confirmed before it counts (cardline: an
	// exact repeat within the repeat window may be a double read or a real repeat).
	Review string
	Raw    string // the frame or line as received (at most one frame), for the log

	// Mark, when Marked, is where the shoe's sequence stands once this event's frame is taken
	// (Resumer): set on the event of every frame a sequenced decoder accepts, and on no other
	// (a gap reported before a frame, a stale, duplicate, conflicting or unproven frame, noise).
	Mark Mark

	Link LinkState // KindLink: the new state
	Err  string    // KindLink: what went wrong, in words a floor supervisor can act on
}

// Marked reports whether the event carries a Mark: a frame taken always has a body.
func (e Event) Marked() bool { return e.Mark.Frame != "" }

// String is a one-line description for logs and the shoe-sim/monitor output.
func (e Event) String() string {
	var b strings.Builder
	b.WriteString(e.Kind.String())
	if e.Seq >= 0 && e.Kind != KindLink && e.Kind != KindNoise {
		fmt.Fprintf(&b, " seq=%04d", e.Seq)
	}
	switch e.Kind {
	case KindHello:
		fmt.Fprintf(&b, " %s %s %s %s", e.Hello.Vendor, e.Hello.Model, e.Hello.Firmware, e.Hello.Protocol)
		if e.Restart {
			b.WriteString(" restart")
		}
	case KindCard:
		b.WriteString(" " + e.Card.String())
		if e.Pos != engine.PosNone {
			b.WriteString("@" + e.Pos.String())
		}
	case KindBurn:
		if e.HasCard {
			b.WriteString(" " + e.Card.String())
		}
	case KindStatus:
		b.WriteString(" " + e.Code)
		if e.Text != "" {
			b.WriteString(" " + e.Text)
		}
	case KindHeartbeat:
		if e.Left >= 0 {
			fmt.Fprintf(&b, " left=%d", e.Left)
		}
	case KindResult:
		fmt.Fprintf(&b, " %s %d-%d", e.Result.Winner, e.Result.PlayerTotal, e.Result.BankerTotal)
	case KindNoise:
		fmt.Fprintf(&b, " %d bytes", e.Count)
	case KindGap:
		fmt.Fprintf(&b, " %d lost", e.Gap)
	case KindLink:
		b.WriteString(" " + e.Link.String())
		if e.Err != "" {
			b.WriteString(": " + e.Err)
		}
	}
	if e.Reason != "" {
		b.WriteString(": " + e.Reason)
	}
	if e.Review != "" {
		b.WriteString(" (review: " + e.Review + ")")
	}
	return b.String()
}

// LinkState is the state of the connection to the shoe.
type LinkState uint8

// The link states.
const (
	LinkConnecting   LinkState = iota // not yet opened
	LinkConnected                     // open, and frames arrive
	LinkSilent                        // open, but no valid frame for over 2.5 heartbeat intervals
	LinkDisconnected                  // the port closed or failed (unplugged); manual entry on
	LinkReconnecting                  // trying to open the port again, with backoff
	LinkClosed                        // Close was called; the manager has stopped
	LinkUnreadable                    // open, bytes arrive, but no valid frame for 10 s: cable or baud
	// LinkUnproven: open and frames arrive, but since the link came back they do not prove the
	// stream is the table's shoe's, and they are dropped (KindUnproven) until one does.
	LinkUnproven
)

var linkNames = [...]string{"connecting", "connected", "silent", "disconnected", "reconnecting", "closed", "unreadable", "unproven"}

// String is the state's lower-case name.
func (s LinkState) String() string {
	if int(s) < len(linkNames) {
		return linkNames[s]
	}
	return fmt.Sprintf("link(%d)", uint8(s))
}

// Decoder turns the bytes of one protocol into events. Feed accepts any chunking (the
// events are the same however the bytes are split), keeps at most one frame of bytes,
// does no I/O and never panics. Reset forgets any partial frame and the sequence state
// (a new connection). SetNow tells the decoder the time the next bytes arrived; only
// decoders with time windows (cardline) use it.
type Decoder interface {
	Feed(p []byte) []Event
	Reset()
	SetNow(now time.Time)
}
