package roads

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func run(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out, errw bytes.Buffer
	err := Run(args, strings.NewReader(stdin), &out, &errw)
	return out.String(), err
}

// TestWorkedExample prints the first worked example of spec §6 and checks every field of §7.
func TestWorkedExample(t *testing.T) {
	out, err := run(t, "", "BBbPPPpBPTBB")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(out, "\n") != 1 {
		t.Errorf("output is not one line: %q", out)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	want := map[string]any{
		"bead_plate": []any{
			[]any{"B", "Bb", "P", "P", "Pp", "B"},
			[]any{"P", "T", "B", "B"},
		},
		"big_road": map[string]any{
			"columns": []any{
				[]any{cell("B", 0, false, false), cell("B", 0, true, false)},
				[]any{cell("P", 0, false, false), cell("P", 0, false, false), cell("P", 0, false, true)},
				[]any{cell("B", 0, false, false)},
				[]any{cell("P", 1, false, false)},
				[]any{cell("B", 0, false, false), cell("B", 0, false, false)},
			},
			"grid": []any{
				col(pair(0, 0), pair(0, 1)),
				col(pair(1, 0), pair(1, 1), pair(1, 2)),
				col(pair(2, 0)),
				col(pair(3, 0)),
				col(pair(4, 0), pair(4, 1)),
			},
		},
		"big_eye_boy": map[string]any{
			"marks":   "RBBBRB",
			"columns": []any{"R", "BBB", "R", "B"},
			"grid":    []any{col("R"), col("B", "B", "B"), col("R"), col("B")},
		},
		"small_road": map[string]any{
			"marks": "BBB", "columns": []any{"BBB"}, "grid": []any{col("B", "B", "B")},
		},
		"cockroach_pig": map[string]any{
			"marks": "BR", "columns": []any{"B", "R"}, "grid": []any{col("B"), col("R")},
		},
		"ask_road": map[string]any{
			"banker": map[string]any{"big_eye_boy": "R", "small_road": "R", "cockroach_pig": "R"},
			"player": map[string]any{"big_eye_boy": "B", "small_road": "B", "cockroach_pig": "B"},
		},
	}
	for k, w := range want {
		if !reflect.DeepEqual(got[k], w) {
			t.Errorf("%s:\n got %v\nwant %v", k, got[k], w)
		}
	}
	stats, _ := got["stats"].(map[string]any)
	wantStats := map[string]any{
		"hands": 10.0, "banker": 5.0, "player": 4.0, "tie": 1.0, "banker_pct": 50.0, "player_pct": 40.0,
		"tie_pct": 10.0, "banker_pairs": 1.0, "player_pairs": 1.0, "naturals": 0.0, "non_betting": 0.0,
		"streak": map[string]any{"w": "B", "length": 2.0}, "longest_banker": 2.0, "longest_player": 3.0,
		"cards_dealt": nil, "cards_left": nil,
	}
	if !reflect.DeepEqual(stats, wantStats) {
		t.Errorf("stats:\n got %v\nwant %v", stats, wantStats)
	}
}

func cell(w string, ties int, bp, pp bool) map[string]any {
	return map[string]any{"w": w, "ties": float64(ties), "bp": bp, "pp": pp}
}

func pair(c, i int) any { return []any{float64(c), float64(i)} }

// col is a drawn column of 6 entries: the given ones from the top, then nulls.
func col(top ...any) []any {
	out := make([]any, 6)
	copy(out, top)
	return out
}

// TestEmptyAndTies: an empty shoe prints empty arrays (never null); a tie-only shoe the placeholder.
func TestEmptyAndTies(t *testing.T) {
	out, err := run(t, "", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`"bead_plate":[]`, `"columns":[]`, `"grid":[]`, `"marks":""`, `"big_eye_boy":null`, `"streak":{"w":null,"length":0}`} {
		if !strings.Contains(out, s) {
			t.Errorf("empty shoe output lacks %s:\n%s", s, out)
		}
	}
	out, err = run(t, "", "T T T")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `"columns":[[{"w":"T","ties":3,"bp":false,"pp":false}]],"grid":[[[0,0],null,null,null,null,null]]`) {
		t.Errorf("tie-only shoe:\n%s", out)
	}
}

// TestInputs reads from a file, from stdin and from several arguments, all alike.
func TestInputs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shoe.txt")
	if err := os.WriteFile(path, []byte("BBP\nPTbB\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	fromArgs, err := run(t, "", "BBP", "PTbB")
	if err != nil {
		t.Fatal(err)
	}
	fromFile, err := run(t, "", "--input", path)
	if err != nil {
		t.Fatal(err)
	}
	fromStdin, err := run(t, "BBPPTbB", "--input", "-")
	if err != nil {
		t.Fatal(err)
	}
	if fromArgs != fromFile || fromArgs != fromStdin {
		t.Errorf("inputs differ:\n%s\n%s\n%s", fromArgs, fromFile, fromStdin)
	}
	pretty, err := run(t, "", "--pretty", "BBPPTbB")
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	if json.Unmarshal([]byte(pretty), &a) != nil || json.Unmarshal([]byte(fromArgs), &b) != nil || !reflect.DeepEqual(a, b) {
		t.Errorf("--pretty prints other data")
	}
	withCards, err := run(t, "", "--cards-dealt", "12", "--cards-left", "404", "BBP")
	if err != nil || !strings.Contains(withCards, `"cards_dealt":12,"cards_left":404`) {
		t.Errorf("cards: %v\n%s", err, withCards)
	}
}

// TestErrors: bad notation names its position; bad usage is an error; nothing is printed.
func TestErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(path, []byte("BBP\nPxB\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"BBPX"}, "position 4 (line 1, column 4): 'X'"},
		{"", []string{"pB"}, "position 1"},
		{"", []string{"Bbb"}, "position 3"},
		{"", []string{"--input", path}, path + ": position 6 (line 2, column 2): 'x'"},
		{"BP?", []string{"--input", "-"}, "standard input: position 3"},
		{"", nil, "no hands"},
		{"", []string{"--input", path, "BP"}, "not both"},
		{"", []string{"--input", filepath.Join(t.TempDir(), "missing")}, "no such file"},
		{"", []string{"--cards-dealt", "3", "B"}, "go together"},
		{"", []string{"--bogus"}, "flag provided but not defined"},
	}
	for _, tt := range tests {
		out, err := run(t, tt.stdin, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("roads %v: error %v, want one containing %q", tt.args, err, tt.want)
		}
		if out != "" {
			t.Errorf("roads %v printed %q with an error", tt.args, out)
		}
	}
}
