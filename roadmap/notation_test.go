package roadmap

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/coupboard/coupboard/engine"
)

func TestParseHands(t *testing.T) {
	tests := []struct {
		in   string
		want string // the hands re-encoded, space separated
	}{
		{"", ""},
		{"B", "B"},
		{"BPT", "B P T"},
		{"BbPpTbp", "Bb Pp Tbp"},
		{"Tpb", "Tbp"},
		{" B\tP\r\nT ", "B P T"},
		{"B b", "Bb"},
		{"BBbPTpP", "B Bb P Tp P"},
	}
	for _, tt := range tests {
		hs, err := ParseHands(tt.in)
		if err != nil {
			t.Errorf("ParseHands(%q): %v", tt.in, err)
			continue
		}
		codes := make([]string, len(hs))
		for i, h := range hs {
			codes[i] = h.Code()
			if h.Kind != engine.KindNormal || h.TotalKnown || h.Natural {
				t.Errorf("ParseHands(%q): hand %d %+v has more than a result", tt.in, i, h)
			}
		}
		if got := strings.Join(codes, " "); got != tt.want {
			t.Errorf("ParseHands(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseHandsErrors(t *testing.T) {
	tests := []struct {
		in                string
		pos, line, column int
		char              string
	}{
		{"BPX", 3, 1, 3, "'X'"},
		{"b", 1, 1, 1, "'b'"},
		{"  pB", 3, 1, 3, "'p'"},
		{"Bbb", 3, 1, 3, "'b'"},
		{"Tpbp", 4, 1, 4, "'p'"},
		{"BP\nPB,", 6, 2, 3, "','"},
		{"BP\n\nt", 5, 3, 1, "'t'"},
		{"B庄P", 2, 1, 2, "'庄'"},
		{"BP\xffB", 3, 1, 3, "byte 0xff"},
		{"B0", 2, 1, 2, "'0'"},
	}
	for _, tt := range tests {
		hs, err := ParseHands(tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParseHands(%q) = %v, %v; want a *ParseError", tt.in, hs, err)
			continue
		}
		if pe.Pos != tt.pos || pe.Line != tt.line || pe.Column != tt.column || pe.Char != tt.char {
			t.Errorf("ParseHands(%q): error at %d (%d:%d) %s, want %d (%d:%d) %s",
				tt.in, pe.Pos, pe.Line, pe.Column, pe.Char, tt.pos, tt.line, tt.column, tt.char)
		}
		if hs != nil {
			t.Errorf("ParseHands(%q): hands %v returned with an error", tt.in, hs)
		}
		if !strings.Contains(err.Error(), "position") {
			t.Errorf("error %q does not name the position", err)
		}
	}
}

// FuzzParseHands: no input panics; what parses is valid, re-encodes to the same letters and parses back
// to the same hands; what fails names a position inside the input.
func FuzzParseHands(f *testing.F) {
	for _, s := range []string{"", "BBPPPBPBB", "TTBP", "BbPpTbp", "B b\nP", "BPX", "b", "Bbb", "\xff", "庄闲和"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		hs, err := ParseHands(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			if n := utf8.RuneCountInString(s); pe.Pos < 1 || pe.Pos > n || pe.Line < 1 || pe.Column < 1 {
				t.Fatalf("error position %d (%d:%d) outside an input of %d characters", pe.Pos, pe.Line, pe.Column, n)
			}
			return
		}
		var sb strings.Builder
		letters := 0
		for _, h := range hs {
			if err := h.Validate(); err != nil {
				t.Fatalf("parsed an invalid hand %+v: %v", h, err)
			}
			sb.WriteString(h.Code())
		}
		for _, r := range s {
			if r == 'B' || r == 'P' || r == 'T' {
				letters++
			}
		}
		if letters != len(hs) {
			t.Fatalf("%d hand letters, %d hands", letters, len(hs))
		}
		again, err := ParseHands(sb.String())
		if err != nil || len(again) != len(hs) {
			t.Fatalf("re-encoded %q does not parse back: %v", sb.String(), err)
		}
		for i := range hs {
			if again[i] != hs[i] {
				t.Fatalf("hand %d: %+v parsed back as %+v", i, hs[i], again[i])
			}
		}
	})
}

// FuzzRoads: any string of hands, read leniently (each byte picks a result, pairs and kind), builds roads
// without panic; grids are 6 rows with every logical cell drawn exactly once; appending equals building
// equals the reference model; the ask road is absent or opposite on each derived road.
func FuzzRoads(f *testing.F) {
	f.Add([]byte("BBPPPBPBB"), true)
	f.Add([]byte("TTTT"), false)
	f.Add([]byte(strings.Repeat("B", 10)+strings.Repeat("P", 9)+strings.Repeat("B", 8)+strings.Repeat("P", 7)), true)
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 200, 201, 255}, true)
	f.Fuzz(func(t *testing.T, data []byte, includeNoBet bool) {
		if len(data) > 400 {
			data = data[:400]
		}
		hands := make([]Hand, len(data))
		for i, b := range data {
			switch b {
			case 'B':
				hands[i] = Hand{Winner: engine.Banker}
			case 'P':
				hands[i] = Hand{Winner: engine.Player}
			case 'T':
				hands[i] = Hand{Winner: engine.Tie}
			default:
				hands[i] = Hand{Winner: engine.Winner(1 + b%3), BankerPair: b&8 != 0, PlayerPair: b&16 != 0,
					Natural: b&32 != 0, Total: int(b>>4) % 10, TotalKnown: b&64 != 0}
				switch b >> 6 {
				case 2:
					hands[i].Kind = engine.KindNoBet
				case 3:
					hands[i].Kind = engine.KindCancelled
				}
			}
		}
		opts := DefaultOptions()
		opts.IncludeNonBetting = includeNoBet
		r := New(opts)
		for _, h := range hands {
			if err := r.Append(h); err != nil {
				t.Fatalf("append %+v: %v", h, err)
			}
		}
		checkInvariants(t, r)
		checkAgainstRef(t, r, hands)
		b, err := Build(hands, opts)
		if err != nil {
			t.Fatal(err)
		}
		if reportJSON(t, b) != reportJSON(t, r) {
			t.Fatalf("build and append differ")
		}
	})
}
