package serialin

import (
	"os"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

// Each adapter's clean capture decodes to exactly the shoe data of the script it was
// recorded from (the expectation comes from the script, not from the decoder).
func TestFixtureShoes(t *testing.T) {
	reg := NewRegistry()
	for _, proto := range []string{"csp1", "cardline"} {
		t.Run(proto, func(t *testing.T) {
			capture, err := os.ReadFile("testdata/" + proto + "/shoe.cap")
			if err != nil {
				t.Fatal(err)
			}
			src, err := os.ReadFile("testdata/" + proto + "/shoe.script")
			if err != nil {
				t.Fatal(err)
			}
			toks, err := engine.ParseScript(string(src))
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			burn := false
			for _, tk := range toks {
				switch tk.Kind {
				case engine.TokShoe:
					want = append(want, "status NEWSHOE")
				case engine.TokCut:
					want = append(want, "status CUT")
				case engine.TokEmpty:
					want = append(want, "status EMPTY")
				case engine.TokBurn:
					burn = true
				case engine.TokCard:
					s := "card " + tk.Card.String()
					if burn {
						s, burn = "burn "+tk.Card.String(), false
					} else if tk.Pos != engine.PosNone {
						s += "@" + tk.Pos.String()
					}
					want = append(want, s)
				}
			}
			a, _ := reg.Lookup(proto)
			evs := a.New().Feed(capture)
			if proto == "csp1" {
				if evs[0].Kind != KindHello {
					t.Fatalf("capture does not start with HELO: %v", evs[0])
				}
				evs = evs[1:]
			} else {
				// cardline carries cards only: the script's cards, burns included, in order.
				var cards []string
				for _, w := range want {
					if c, ok := strings.CutPrefix(w, "card "); ok {
						cards = append(cards, "card "+strings.Split(c, "@")[0])
					} else if c, ok := strings.CutPrefix(w, "burn "); ok {
						cards = append(cards, "card "+c)
					}
				}
				want = cards
			}
			if got := summary(evs); got != strings.Join(want, "; ") {
				t.Errorf("got  %s\nwant %s", got, strings.Join(want, "; "))
			}
		})
	}
}

// Each adapter's faulty capture gives the diagnostics written by hand in faulty.want.
func TestFixtureFaults(t *testing.T) {
	reg := NewRegistry()
	for _, proto := range []string{"csp1", "cardline"} {
		capture, err := os.ReadFile("testdata/" + proto + "/faulty.cap")
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile("testdata/" + proto + "/faulty.want")
		if err != nil {
			t.Fatal(err)
		}
		a, _ := reg.Lookup(proto)
		got := summary(a.New().Feed(capture))
		if w := strings.Join(strings.Fields(strings.ReplaceAll(strings.TrimSpace(string(want)), " ", "_")), "; "); got != strings.ReplaceAll(w, "_", " ") {
			t.Errorf("%s: got  %s\nwant %s", proto, got, strings.ReplaceAll(w, "_", " "))
		}
	}
}
