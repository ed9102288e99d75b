package serialin

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

func TestCRC16Check(t *testing.T) {
	if got := CRC16([]byte("123456789")); got != 0x29B1 {
		t.Fatalf("CRC16(123456789) = %04X, want 29B1 (CRC-16/CCITT-FALSE check value)", got)
	}
}

// The examples of spec/shoe-protocol.md §1 carry CRCs computed independently of this code.
func TestCSP1SpecExamples(t *testing.T) {
	for _, tc := range []struct {
		frame string
		want  string
	}{
		{"$HELO,0000,ACME,SHOE-8,1.2.0,CSP1*E04D\r\n", "hello seq=0000 ACME SHOE-8 1.2.0 CSP1"},
		{"$CARD,0001,9H*F481\r\n", "card seq=0001 9H"},
		{"$BURN,0003,7C*631A\r\n", "burn seq=0003 7C"},
		{"$STAT,0005,CUT*411E\r\n", "status seq=0005 CUT"},
		{"$HBT,0008,311*3563\r\n", "heartbeat seq=0008 left=311"},
	} {
		d := &CSP1{}
		evs := d.Feed([]byte(tc.frame))
		if len(evs) != 1 || evs[0].String() != tc.want {
			t.Errorf("%q: got %v, want [%s]", tc.frame, evs, tc.want)
		}
		if f := string(Frame(strings.Split(tc.frame[1:], ",")[0], evs[0].Seq, specFields(tc.frame)...)); f != tc.frame {
			t.Errorf("Frame re-encodes %q as %q", tc.frame, f)
		}
	}
}

// specFields is the fields after TYPE and SEQ of a frame.
func specFields(frame string) []string {
	body := frame[1:strings.IndexByte(frame, '*')]
	return strings.Split(body, ",")[2:]
}

// kinds is the list of event kinds and, for cards, the card: a compact form to compare.
func summary(evs []Event) string {
	var parts []string
	for _, e := range evs {
		s := e.Kind.String()
		switch e.Kind {
		case KindCard:
			s += " " + e.Card.String()
			if e.Pos != engine.PosNone {
				s += "@" + e.Pos.String()
			}
			if e.Review != "" {
				s += " review"
			}
		case KindBurn:
			if e.HasCard {
				s += " " + e.Card.String()
			}
		case KindGap:
			s += fmt.Sprintf(" %d", e.Gap)
		case KindNoise:
			s += fmt.Sprintf(" %d", e.Count)
		case KindStatus:
			s += " " + e.Code
		case KindHello:
			if e.Restart {
				s += " restart"
			}
		case KindHeartbeat:
			s += fmt.Sprintf(" %d", e.Left)
		case KindResult:
			s += fmt.Sprintf(" %s %d %d %v %v", e.Result.Winner, e.Result.PlayerTotal, e.Result.BankerTotal, e.Result.PlayerPair, e.Result.BankerPair)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// TestCSP1BadInput has a row for every row of the bad-input table (spec/shoe-protocol.md §2)
// that the decoder handles, plus the frame types.
func TestCSP1BadInput(t *testing.T) {
	helo := Frame("HELO", 0, "ACME", "SHOE-8", "1.2.0", "CSP1")
	c1 := Frame("CARD", 1, "9H")
	c2 := Frame("CARD", 2, "KD", "B1")
	c3 := Frame("CARD", 3, "2C")
	c5 := Frame("CARD", 5, "4S")
	badCRC := []byte("$CARD,0002,KD*0000\r\n")
	long := []byte("$STAT,0002,FAULT," + strings.Repeat("X", 100) + "*0000\r\n")
	for _, tc := range []struct {
		name string
		in   []byte
		want string
	}{
		{"clean shoe start", cat(helo, c1, c2, c3), "hello; card 9H; card KD@B1; card 2C"},
		{"LF only line end", []byte(strings.ReplaceAll(string(cat(c1, c2)), "\r\n", "\n")), "card 9H; card KD@B1"},
		{"noise between frames is counted, resync on $", cat(c1, []byte("\x00\xff\xffAT+GMM\r\n"), c2), "card 9H; noise 11; card KD@B1"},
		{"noise with no frame after it is reported every 256 bytes", bytes.Repeat([]byte{0xFF}, 600), "noise 256; noise 256"},
		{"partial frame then a new frame", cat(c1, []byte("$CARD,00"), c2), "card 9H; corrupt; card KD@B1"},
		{"bad CRC drops the frame; the lost card shows as a gap", cat(c1, badCRC, c3), "card 9H; corrupt; gap 1; card 2C"},
		{"over 96 bytes", cat(c1, long, c2), "card 9H; corrupt; noise 28; card KD@B1"},
		{"bad header: lower-case type", cat(c1, crcd("card,0002,KD"), c2), "card 9H; corrupt; card KD@B1"},
		{"bad header: 3-digit SEQ", cat(c1, crcd("CARD,002,KD"), c2), "card 9H; corrupt; card KD@B1"},
		{"bad header: no SEQ", cat(c1, crcd("CARD"), c2), "card 9H; corrupt; card KD@B1"},
		{"no CRC", cat(c1, []byte("$CARD,0002,KD\r\n"), c2), "card 9H; corrupt; card KD@B1"},
		{"lower-case CRC", cat(c1, []byte(strings.ToLower(string(c2[len(c2)-6:len(c2)-2]))), c3), "card 9H; noise 4; gap 1; card 2C"},
		{"control character inside a frame", cat(c1, []byte("$CARD,0002,K\x00D*1234\r\n"), c3), "card 9H; corrupt; noise 9; gap 1; card 2C"},
		{"CR inside the body", cat(c1, crcd("CARD,0002,K\rD"), c3), "card 9H; corrupt; gap 1; card 2C"},
		{"duplicate (same SEQ and body) is dropped", cat(c1, c1, c1, c2), "card 9H; duplicate; duplicate; card KD@B1"},
		{"same SEQ, different body is a conflict", cat(c1, Frame("CARD", 1, "9S"), c2), "card 9H; conflict; card KD@B1"},
		{"SEQ gap: the frame is delivered with the gap's size", cat(c1, c5), "card 9H; gap 3; card 4S"},
		{"stale SEQ is dropped", cat(c3, c1, Frame("CARD", 4, "5D")), "card 2C; stale; card 5D"},
		{"frames behind the sequence stay stale however many follow in order: a restart begins with HELO", cat(Frame("CARD", 500, "2C"), c1, c2, c3), "card 2C; stale; stale; stale"},
		{"old frames replayed (SEQ 10, 11 after 31) are stale", cat(Frame("CARD", 31, "2C"), Frame("CARD", 10, "9H"), Frame("CARD", 11, "KD"), Frame("CARD", 32, "3C")), "card 2C; stale; stale; card 3C"},
		{"a SEQ jump of 5000 is stale until HELO", cat(c1, Frame("CARD", 5001, "2C"), Frame("CARD", 5002, "3C"), Frame("HELO", 0, "ACME", "SHOE-8", "1.2.0", "CSP1"), c1), "card 9H; stale; stale; hello restart; card 9H"},
		{"SEQ wraps 9999 to 0000", cat(Frame("CARD", 9999, "2C"), Frame("CARD", 0, "3C")), "card 2C; card 3C"},
		{"HELO mid-shoe resets the sequence", cat(helo, c1, c2, helo[:0], Frame("HELO", 0, "ACME", "SHOE-8", "1.2.1", "CSP1"), c1), "hello; card 9H; card KD@B1; hello restart; card 9H"},
		{"HELO resent is a duplicate", cat(helo, helo, c1), "hello; duplicate; card 9H"},
		{"impossible card ZZ is a misread", cat(c1, Frame("CARD", 2, "ZZ"), c3), "card 9H; misread; card 2C"},
		{"impossible card 1S is a misread", cat(c1, Frame("CARD", 2, "1S"), c3), "card 9H; misread; card 2C"},
		{"empty card is a misread", cat(c1, Frame("CARD", 2), c3), "card 9H; misread; card 2C"},
		{"bad position is a misread", cat(c1, Frame("CARD", 2, "KD", "X9"), c3), "card 9H; misread; card 2C"},
		{"a resent misread is a duplicate", cat(Frame("CARD", 2, "ZZ"), Frame("CARD", 2, "ZZ")), "misread; duplicate"},
		{"rank-only card (suit not read)", cat(Frame("CARD", 1, "9")), "card 9"},
		{"a card the rules cannot place is passed on", cat(Frame("CARD", 1, "AS"), Frame("CARD", 2, "AS"), Frame("CARD", 3, "AS"), Frame("CARD", 4, "AS"), Frame("CARD", 5, "AS"), Frame("CARD", 6, "AS"), Frame("CARD", 7, "AS"), Frame("CARD", 8, "AS"), Frame("CARD", 9, "AS")), strings.Repeat("card AS; ", 8) + "card AS"},
		{"burn with and without a card", cat(Frame("BURN", 1, "7C"), Frame("BURN", 2)), "burn 7C; burn"},
		{"burn with a bad card is a misread", cat(Frame("BURN", 1, "7X")), "misread"},
		{"status codes, unknown passed on", cat(Frame("STAT", 1, "NEWSHOE"), Frame("STAT", 2, "CUT"), Frame("STAT", 3, "WOBBLE", "lid, left")), "status NEWSHOE; status CUT; status WOBBLE"},
		{"STAT with no code", cat(Frame("STAT", 1)), "corrupt"},
		{"heartbeat with and without cards left", cat(Frame("HBT", 1, "311"), Frame("HBT", 2)), "heartbeat 311; heartbeat -1"},
		{"heartbeat with a bad count", cat(Frame("HBT", 1, "x1")), "corrupt"},
		{"result", cat(Frame("RSLT", 1, "P", "9", "8", "P"), Frame("RSLT", 2, "T", "7", "7")), "result P 9 8 true false; result T 7 7 false false"},
		{"result with a bad winner", cat(Frame("RSLT", 1, "X", "9", "8")), "corrupt"},
		{"unknown type is ignored but keeps the sequence", cat(c1, Frame("TEMP", 2, "41C"), c3), "card 9H; card 2C"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := &CSP1{}
			got := summary(d.Feed(tc.in))
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			// Any chunking gives the same events.
			for _, size := range []int{1, 2, 3, 7, 13} {
				d.Reset()
				var evs []Event
				for i := 0; i < len(tc.in); i += size {
					evs = append(evs, d.Feed(tc.in[i:min(i+size, len(tc.in))])...)
				}
				if s := summary(evs); s != got {
					t.Errorf("chunks of %d: got %s, want %s", size, s, got)
				}
			}
		})
	}
}

// crcd frames a body with its correct CRC, whatever the body holds.
func crcd(body string) []byte {
	return []byte(fmt.Sprintf("$%s*%04X\r\n", body, CRC16([]byte(body))))
}

func TestCSP1GapCarriesSeqAndReason(t *testing.T) {
	d := &CSP1{}
	evs := d.Feed(cat(Frame("CARD", 9998, "2C"), Frame("CARD", 2, "3C")))
	if len(evs) != 3 || evs[1].Kind != KindGap || evs[1].Gap != 3 || evs[1].Seq != 2 || evs[1].Reason == "" {
		t.Fatalf("gap over the wrap: got %+v", evs)
	}
}

func TestCSP1CorruptHasReasons(t *testing.T) {
	for in, want := range map[string]string{
		"$CARD,0002,KD*0000\r\n":      "bad CRC",
		"$CARD,00$":                   "partial",
		"$CARD,0002,KD\r\n":           "no '*'",
		"$CARD,0002,KD*12\r\n":        "bad CRC field",
		string(crcd("CARD,2,KD")):     "bad header",
		string(crcd("C-RD,0002,KD")):  "bad header",
		"$" + strings.Repeat("A", 99): "too long",
	} {
		d := &CSP1{}
		evs := d.Feed([]byte(in))
		if len(evs) == 0 || evs[0].Kind != KindCorrupt || !strings.Contains(evs[0].Reason, want) {
			t.Errorf("%q: got %v, want corrupt with %q", in, evs, want)
		}
	}
}
