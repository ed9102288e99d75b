package serialin

import (
	"fmt"
	"strconv"
	"strings"
)

// Mark is where a sequenced shoe's stream stood when the table took a frame from it: what a
// reader started later (after the table stopped cleanly for an update or a restart) needs in
// order to take up the sequence where the one before left it, instead of starting afresh and
// taking whatever comes first.
type Mark struct {
	Seq int // the SEQ of the last frame taken, 0 to 9999
	// Frame is that frame's body as sent, TYPE,SEQ,fields without the '$', '*' and CRC
	// ("HBT,0041,300"): a resend of it is told from a different frame with the same SEQ.
	Frame string
	// Hello is the fields of the HELO that began the shoe's session ("ACME,SHOE-8,1.2.0,CSP1"),
	// "" when the reader saw none.
	Hello string
}

// Check reports what makes m unusable: a SEQ out of 0-9999, a frame that is not the body of
// a frame with that SEQ, or text that could not have come from a CSP1 frame.
func (m Mark) Check() error {
	if m.Seq < 0 || m.Seq >= seqModulus {
		return fmt.Errorf("shoe mark: SEQ %d out of 0-%d", m.Seq, seqModulus-1)
	}
	if len(m.Frame) > MaxFrame || len(m.Hello) > MaxFrame || !printableFrame(m.Frame) || !printableFrame(m.Hello) {
		return fmt.Errorf("shoe mark: frame %.100q or hello %.100q is not the text of a frame (printable ASCII, at most %d bytes, no '$' or '*')", m.Frame, m.Hello, MaxFrame)
	}
	f := strings.SplitN(m.Frame, ",", 3)
	if len(f) < 2 || !frameType(f[0]) || !digits4(f[1]) {
		return fmt.Errorf("shoe mark: frame %q is not TYPE,SEQ,fields", m.Frame)
	}
	if n, _ := strconv.Atoi(f[1]); n != m.Seq {
		return fmt.Errorf("shoe mark: frame %q does not have SEQ %04d", m.Frame, m.Seq)
	}
	return nil
}

func printableFrame(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7E || c == '$' || c == '*' {
			return false
		}
	}
	return true
}

// Resumer is a decoder that can take up a sequence where an earlier reader of the same shoe
// left it (CSP1). Decoders of protocols without a sequence (cardline) are not Resumers.
//
// The port manager gives the configuration's mark (Config.Resume) to a Resumer on the first
// connection only. A Resumer from another package is not relink-checked: after a reconnect it
// is Reset and starts afresh, taking whatever comes first, where the package's own CSP1 decoder
// keeps its sequence and makes the stream prove it is the same shoe's (relinker).
type Resumer interface {
	// Resume forgets any partial frame and takes m as the last frame accepted: the frame that
	// follows it is taken, a resend of it is dropped as a duplicate, an older one is stale, a
	// later one reports the frames lost in between, and a HELO is a restart of the shoe.
	Resume(m Mark) error
}

// Resume takes up the sequence at m (Resumer).
func (d *CSP1) Resume(m Mark) error {
	if err := m.Check(); err != nil {
		return err
	}
	d.resume(m)
	return nil
}

// resume is Resume of a mark already checked (the port manager checks the configuration's mark
// in Start; the others are marks the decoder made).
func (d *CSP1) resume(m Mark) {
	d.Reset()
	d.have, d.last = true, m.Seq
	d.lastLen = copy(d.lastB[:], m.Frame)
	d.hello, d.resumed = m.Hello, true
}

// relinker is a decoder that can take up its sequence after the link dropped and came back,
// and make the stream prove it is the same shoe's before taking anything from it (CSP1). Its
// methods are unexported: only this package's decoders (and types embedding them) are relinkers.
type relinker interface {
	// relink forgets any partial frame and unreported noise and keeps the sequence where the
	// last frame taken before the link dropped left it.
	relink()
	// dropping reports whether the stream on the line is not yet proven since the last relink:
	// its frames are dropped as KindUnproven until one proves it.
	dropping() bool
	// resume is Resumer.Resume of a mark already checked.
	resume(m Mark)
}

// relink is called instead of Reset when the link came back: the decoder keeps the sequence
// where the last frame it took left it (or the mark it resumed at, if none was taken since).
// The stream on the line may not be the shoe's any more (a re-enumerated USB device, a swapped
// cable, another device behind the same name): until a frame proves it is — the first frame
// continuing that SEQ exactly, or a HELO with the identity of the shoe's last HELO (the shoe
// restarted) — every frame is dropped as KindUnproven, however many follow in order, as a stale
// frame is (spec/shoe-protocol.md §2: a restart begins with HELO). The first of a run raises a
// doubt: the coup waits for the supervisor, and no new shoe starts from a stream the table
// cannot vouch for. A resend of the last frame taken stays a duplicate and does not count as
// unproven. With no frame taken and no mark, there is nothing to prove: the stream is taken
// as on a first connection.
func (d *CSP1) relink() {
	d.n, d.noise = 0, 0
	// A run of unproven frames on the line that dropped is not continued: the first frame on
	// this one may prove the stream by its SEQ, and the first unproven one raises a doubt anew.
	d.unprovenN = 0
	// A mark resumed at and not yet followed is now the sequence the link came back to.
	d.resumed, d.relinked = false, d.have
}

// dropping reports whether the stream is not yet proven since the relink (relinker).
func (d *CSP1) dropping() bool { return d.relinked }
