package journal

import (
	"encoding/json"
	"fmt"

	"github.com/coupboard/coupboard/internal/strictjson"
)

// KindShoeMark is the record of where the shoe's sequence stood when the table stopped cleanly
// (payload: ShoeMark), written in the clean stop's own transaction, after its record: the
// table started again gives it to its new shoe reader, which takes up the sequence there (a
// frame sent while the table was down is taken in order; an older one, or a lost one, is a
// doubt). It is not a table input: replay, export and the pit publisher skip it, and a build
// that does not know it skips it as well.
const KindShoeMark = "shoe.mark"

// ShoeMarkVersion is the version of the ShoeMark payload this package writes and reads.
const ShoeMarkVersion = 1

// shoeSeqs is how many sequence numbers a shoe has (CSP1: 0000 to 9999).
const shoeSeqs = 10000

// maxShoeFrame is the longest frame text a mark holds (a CSP1 frame is at most 96 bytes).
const maxShoeFrame = 96

// ShoeMark is the payload of a KindShoeMark record.
type ShoeMark struct {
	V int `json:"v"`
	// Seq is the SEQ of the last frame the table took from the shoe (0 to 9999).
	Seq int `json:"seq"`
	// Frame is that frame's body, TYPE,SEQ,fields ("HBT,0041,300"): a resend of it is told
	// from another frame with the same SEQ.
	Frame string `json:"frame"`
	// Hello is the fields of the HELO that began the shoe's session ("ACME,SHOE-8,1.2.0,CSP1"),
	// "" when the table saw none.
	Hello string `json:"hello"`
}

// EncodeShoeMark is m's payload (version ShoeMarkVersion whatever m.V says).
func EncodeShoeMark(m ShoeMark) (json.RawMessage, error) {
	m.V = ShoeMarkVersion
	if err := m.check(); err != nil {
		return nil, fmt.Errorf("encode shoe mark: %w", err)
	}
	return json.Marshal(m)
}

// DecodeShoeMark parses the payload of a KindShoeMark record, strictly: an unknown field,
// another version, a SEQ out of range or text no shoe frame holds is refused with the field
// named.
func DecodeShoeMark(payload []byte) (ShoeMark, error) {
	var m ShoeMark
	if err := strictjson.Decode(payload, &m); err != nil {
		return ShoeMark{}, fmt.Errorf("decode shoe mark: %w", err)
	}
	if err := strictjson.Require(payload, "v", "seq", "frame", "hello"); err != nil {
		return ShoeMark{}, fmt.Errorf("decode shoe mark: %w", err)
	}
	if m.V != ShoeMarkVersion {
		return ShoeMark{}, fmt.Errorf("decode shoe mark: field \"v\": version %d, this program reads %d", m.V, ShoeMarkVersion)
	}
	if err := m.check(); err != nil {
		return ShoeMark{}, fmt.Errorf("decode shoe mark: %w", err)
	}
	return m, nil
}

func (m ShoeMark) check() error {
	if m.Seq < 0 || m.Seq >= shoeSeqs {
		return fmt.Errorf("field \"seq\": %d is not a shoe SEQ (0 to %d)", m.Seq, shoeSeqs-1)
	}
	for _, f := range []struct{ name, v string }{{"frame", m.Frame}, {"hello", m.Hello}} {
		if len(f.v) > maxShoeFrame {
			return fmt.Errorf("field %q: %d bytes, a shoe frame has at most %d", f.name, len(f.v), maxShoeFrame)
		}
		for i := 0; i < len(f.v); i++ {
			if c := f.v[i]; c < 0x20 || c > 0x7E {
				return fmt.Errorf("field %q: byte 0x%02X, a shoe frame is printable ASCII", f.name, c)
			}
		}
	}
	if m.Frame == "" {
		return fmt.Errorf("field \"frame\": empty: the mark is the frame last taken")
	}
	return nil
}
