package desk

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// FuzzTable deals any table script through a baccarat table (vic Crown with Insurance/No 6 and
// runs) and a Red Dog table: nothing panics, money is conserved in every settlement, and a
// refusal names its command.
func FuzzTable(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.script")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("shoe KS !bet 1 banker 20\n2C 3D 3H 3S !bet 1 insurance 10 2D void 1 !defer 1 5 cut 9C 9D 9H 9S")
	p, _ := engine.LookupProfile(engine.ProfileVic2002)
	s, err := engine.ParseSettings(&p, []string{"version=crown", "insurance_no6=true", "runs=true", "smallest_chip=100"})
	if err != nil {
		f.Fatal(err)
	}
	rd := reddog.VicRedDog1997()
	sign := engine.Sign{Player: engine.WagerLimit{Min: 1000, Max: 100000}, Banker: engine.WagerLimit{Min: 1000, Max: 100000}, Run: engine.WagerLimit{Min: 1000, Max: 5000}}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1<<14 {
			return
		}
		items, err := Parse(src, 4096)
		if err != nil {
			return
		}
		for _, cfg := range []Config{{Profile: p, Settings: s, Sign: sign, AutoTurn: true}, {Profile: p, Settings: s, Sign: sign, Hold: true}, {RedDog: &rd, Sign: sign}} {
			tab, err := New(cfg, DefaultStart)
			if err != nil {
				t.Fatal(err)
			}
			run := NewRunner(tab, DefaultStart)
			for i := range items {
				out, err := run.Step(&items[i])
				if err != nil {
					break // a clock moving backwards
				}
				for _, st := range out.Settled {
					if st.Paid < 0 || st.Lost < 0 || st.Returned < 0 || st.Lost+st.Returned != st.Amount && st.Reverses == 0 {
						t.Fatalf("settlement does not add up: %+v", st)
					}
				}
				for _, r := range out.Refused {
					if r.Command == "" || r.Reason == "" {
						t.Fatalf("refusal without command or reason: %+v", r)
					}
				}
			}
			tab.End()
		}
	})
}
