package analyze

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strings"
	"testing"
)

func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := Run(args, strings.NewReader(""), &out, &errb)
	return out.String(), err
}

func TestAnalyzeJSON(t *testing.T) {
	tests := []struct {
		args   []string
		decks  int
		wagers map[string]string // wager -> house edge percent, rounded to 4 decimals
	}{
		{[]string{"--profile", "vic-baccarat-2002", "--decks", "8"}, 8,
			map[string]string{"Banker": "1.0579", "Player": "1.2351", "Tie": "14.3596"}},
		{[]string{"--profile", "vic-baccarat-2002", "--decks", "6", "--set", "version=crown", "--set", "insurance_no6=true"}, 6,
			map[string]string{"Banker": "", "Player": "1.2374", "Tie": "14.4382", "Insurance/No 6": ""}},
		{[]string{"--profile", "act-mini-baccarat-2012", "--set", "settlement=B"}, 8,
			map[string]string{"Banker": "1.4581", "Player": "1.2351", "Tie": "14.3596"}},
		{[]string{"--profile", "nz-baccarat", "--decks", "4", "--set", "banker_six_half=false"}, 4,
			map[string]string{"Banker": "", "Player": "", "Tie": ""}},
	}
	for _, tt := range tests {
		out, err := run(t, tt.args...)
		if err != nil {
			t.Fatalf("%v: %v", tt.args, err)
		}
		var r Report
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v: %v\n%s", tt.args, err, out)
		}
		if r.Decks != tt.decks || len(r.Wagers) != len(tt.wagers) || r.Sequences == 0 {
			t.Errorf("%v: decks %d, %d wagers", tt.args, r.Decks, len(r.Wagers))
		}
		for _, w := range r.Wagers {
			want, ok := tt.wagers[w.Wager]
			if !ok {
				t.Errorf("%v: unexpected wager %s", tt.args, w.Wager)
				continue
			}
			if want != "" && round4(t, w.HouseEdge) != want {
				t.Errorf("%v: %s edge %s%%, want %s%%", tt.args, w.Wager, w.HouseEdge, want)
			}
		}
		var sum float64
		for _, k := range []string{"banker", "player", "tie"} {
			f, _ := r.Probabilities[k].Percent.Float64()
			sum += f
		}
		if sum < 99.9999 || sum > 100.0001 {
			t.Errorf("%v: probabilities sum to %v%%", tt.args, sum)
		}
	}
}

// round4 rounds a decimal to 4 places, exactly.
func round4(t *testing.T, n json.Number) string {
	t.Helper()
	r, ok := new(big.Rat).SetString(string(n))
	if !ok {
		t.Fatalf("not a number: %q", n)
	}
	return r.FloatString(4)
}

func TestAnalyzeTable(t *testing.T) {
	out, err := run(t, "--profile", "vic-baccarat-2002", "--set", "version=crown", "--set", "insurance_no6=true", "--format", "table")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"vic-baccarat-2002, 8 decks", "Banker wins", "45.859742%", "Insurance/No 6", "1:1, a win on 6 pays 1:2", "-4.361120%"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

func TestAnalyzeRedDog(t *testing.T) {
	out, err := run(t, "--profile", "vic-red-dog-1997")
	if err != nil {
		t.Fatal(err)
	}
	var a map[string]any
	if err := json.Unmarshal([]byte(out), &a); err != nil || a["profile"] != "vic-red-dog-1997" {
		t.Fatalf("red dog JSON: %v\n%s", err, out)
	}
	if _, err := run(t, "--profile", "vic-red-dog-1997", "--decks", "6"); err == nil {
		t.Error("red dog with 6 decks accepted")
	}
	if _, err := run(t, "--profile", "vic-red-dog-1997", "--set", "version=crown"); err == nil {
		t.Error("red dog with a baccarat setting accepted")
	}
}

func TestAnalyzeErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--profile", "macau"}, "unknown"},
		{[]string{"--profile", "act-mini-baccarat-2012", "--decks", "6"}, "decks"},
		{[]string{"--profile", "vic-baccarat-2002", "--decks", "9"}, "decks"},
		{[]string{"--profile", "nz-baccarat-1998", "--set", "version=crown"}, "version"},
		{[]string{"--profile", "vic-baccarat-2002", "--set", "insurance_no6=true"}, "insurance_no6"},
		{[]string{"--format", "xml"}, "format"},
		{[]string{"--set", "novalue"}, "key=value"},
		{[]string{"extra"}, "unexpected argument"},
	} {
		_, err := run(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.args, err, tc.want)
		}
	}
}

func BenchmarkBuild8(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Build("vic-baccarat-2002", 8, nil); err != nil {
			b.Fatal(err)
		}
	}
}
