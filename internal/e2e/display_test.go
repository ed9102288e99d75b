package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

// script is a shoe script of one shuffled 8-deck shoe (seeded: the same every run), cut
// short at cards cards so that the test takes a few seconds.
func script(seed uint64, cards int) string {
	rng := rand.New(rand.NewPCG(seed, 1))
	var deck []engine.Card
	for d := 0; d < 8; d++ {
		for s := engine.Spades; s <= engine.Clubs; s++ {
			for r := engine.Ace; r <= engine.King; r++ {
				deck = append(deck, engine.Card{Rank: r, Suit: s})
			}
		}
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	var b strings.Builder
	b.WriteString("# e2e: one shuffled 8-deck shoe, dealt by the table of play\nshoe\n")
	for i, c := range deck[:cards] {
		b.WriteString(c.String())
		if i%12 == 11 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteByte('\n')
	return b.String()
}

// hands is the hand notation of `coupboard roads` for the rounds `coupboard replay` deals from
// the script: the winner, then b for a banker pair, p for a player pair. The script may end in
// the middle of a round, which is then in play and on no road.
func hands(t *testing.T, data, scriptPath string) (string, int) {
	t.Helper()
	out := cli(t, data, "replay", "--profile", "vic-baccarat-2002", scriptPath)
	var b strings.Builder
	n := 0
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		var r struct {
			N          int    `json:"n"`
			Winner     string `json:"winner"`
			Kind       string `json:"kind"`
			PlayerPair bool   `json:"player_pair"`
			BankerPair bool   `json:"banker_pair"`
			Event      string `json:"event"`
			Reason     string `json:"reason"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("replay output %q: %v", sc.Text(), err)
		}
		if r.Event == "anomaly" && !strings.Contains(r.Reason, "script ended during round") {
			t.Fatalf("the script has an anomaly: %s", r.Reason)
		}
		if r.N == 0 || r.Event != "" {
			continue
		}
		if r.Kind != "normal" {
			t.Fatalf("round %d is %s: the script should deal only ordinary rounds", r.N, r.Kind)
		}
		b.WriteString(r.Winner)
		if r.BankerPair {
			b.WriteByte('b')
		}
		if r.PlayerPair {
			b.WriteByte('p')
		}
		n++
	}
	return b.String(), n
}

// report is the part of `coupboard roads` JSON the test compares.
type report struct {
	BeadPlate [][]string `json:"bead_plate"`
	BigRoad   struct {
		Columns [][]struct {
			W      string `json:"w"`
			Ties   int    `json:"ties"`
			BP, PP bool
		} `json:"columns"`
		Grid [][view.Rows]*[2]int `json:"grid"`
	} `json:"big_road"`
	BigEyeBoy    derived `json:"big_eye_boy"`
	SmallRoad    derived `json:"small_road"`
	CockroachPig derived `json:"cockroach_pig"`
	AskRoad      struct {
		Banker, Player prediction
	} `json:"ask_road"`
	Stats struct {
		Hands, Banker, Player, Tie int
		BankerPairs                int `json:"banker_pairs"`
		PlayerPairs                int `json:"player_pairs"`
		LongestBanker              int `json:"longest_banker"`
		LongestPlayer              int `json:"longest_player"`
	} `json:"stats"`
}

type derived struct {
	Grid [][view.Rows]*string `json:"grid"`
}

type prediction struct {
	BigEyeBoy    *string `json:"big_eye_boy"`
	SmallRoad    *string `json:"small_road"`
	CockroachPig *string `json:"cockroach_pig"`
}

var markOf = map[string]view.Mark{"B": view.MarkBanker, "P": view.MarkPlayer, "T": view.MarkTie, "R": view.MarkRed}

// derivedMark is the view mark of a derived road's letter (R red, B blue).
func derivedMark(s *string) view.Mark {
	switch {
	case s == nil:
		return view.MarkNone
	case *s == "R":
		return view.MarkRed
	case *s == "B":
		return view.MarkBlue
	}
	return 255
}

// compareRoads lists every difference between the roads a screen shows and `coupboard roads`.
func compareRoads(s view.Screen, r report) []string {
	var diffs []string
	add := func(f string, a ...any) { diffs = append(diffs, fmt.Sprintf(f, a...)) }
	// Bead plate.
	if len(s.Roads.Bead.Columns) != len(r.BeadPlate) {
		add("bead plate: %d columns on screen, %d from coupboard roads", len(s.Roads.Bead.Columns), len(r.BeadPlate))
	}
	for x := 0; x < min(len(s.Roads.Bead.Columns), len(r.BeadPlate)); x++ {
		for y := 0; y < view.Rows; y++ {
			c := s.Roads.Bead.Columns[x][y]
			want := ""
			if y < len(r.BeadPlate[x]) {
				want = r.BeadPlate[x][y]
			}
			got := ""
			if c.Mark != view.MarkNone {
				got = map[view.Mark]string{view.MarkBanker: "B", view.MarkPlayer: "P", view.MarkTie: "T"}[c.Mark]
				if c.BankerPair {
					got += "b"
				}
				if c.PlayerPair {
					got += "p"
				}
				if c.NoBet {
					got += "n"
				}
			}
			if got != want {
				add("bead plate column %d row %d: screen %q, coupboard roads %q", x+1, y+1, got, want)
			}
		}
	}
	// Big road, drawn grid.
	if len(s.Roads.Big.Columns) != len(r.BigRoad.Grid) {
		add("big road: %d drawn columns on screen, %d from coupboard roads", len(s.Roads.Big.Columns), len(r.BigRoad.Grid))
	}
	for x := 0; x < min(len(s.Roads.Big.Columns), len(r.BigRoad.Grid)); x++ {
		for y := 0; y < view.Rows; y++ {
			c := s.Roads.Big.Columns[x][y]
			ref := r.BigRoad.Grid[x][y]
			if ref == nil {
				if c.Mark != view.MarkNone {
					add("big road %d,%d: screen %+v, coupboard roads empty", x+1, y+1, c)
				}
				continue
			}
			w := r.BigRoad.Columns[ref[0]][ref[1]]
			if c.Mark != markOf[w.W] || c.Ties != w.Ties || c.BankerPair != w.BP || c.PlayerPair != w.PP {
				add("big road %d,%d: screen %+v, coupboard roads %+v", x+1, y+1, c, w)
			}
		}
	}
	// Derived roads.
	for _, d := range []struct {
		name string
		road view.Road
		rep  derived
	}{{"big eye boy", s.Roads.BigEye, r.BigEyeBoy}, {"small road", s.Roads.Small, r.SmallRoad}, {"cockroach pig", s.Roads.Cockroach, r.CockroachPig}} {
		if len(d.road.Columns) != len(d.rep.Grid) {
			add("%s: %d drawn columns on screen, %d from coupboard roads", d.name, len(d.road.Columns), len(d.rep.Grid))
			continue
		}
		for x := range d.rep.Grid {
			for y := 0; y < view.Rows; y++ {
				if got, want := d.road.Columns[x][y].Mark, derivedMark(d.rep.Grid[x][y]); got != want {
					add("%s %d,%d: screen mark %d, coupboard roads %d", d.name, x+1, y+1, got, want)
				}
			}
		}
	}
	// Ask road.
	for _, a := range []struct {
		name string
		got  [3]view.Mark
		want prediction
	}{{"banker", s.Roads.Ask.Banker, r.AskRoad.Banker}, {"player", s.Roads.Ask.Player, r.AskRoad.Player}} {
		want := [3]view.Mark{derivedMark(a.want.BigEyeBoy), derivedMark(a.want.SmallRoad), derivedMark(a.want.CockroachPig)}
		if a.got != want {
			add("ask road if %s: screen %v, coupboard roads %v", a.name, a.got, want)
		}
	}
	// Statistics.
	st := s.Stats
	got := [8]int{st.Hands, st.Banker, st.Player, st.Tie, st.BankerPairs, st.PlayerPairs, st.LongestBanker, st.LongestPlayer}
	rs := r.Stats
	want := [8]int{rs.Hands, rs.Banker, rs.Player, rs.Tie, rs.BankerPairs, rs.PlayerPairs, rs.LongestBanker, rs.LongestPlayer}
	if got != want {
		add("statistics (hands, B, P, T, banker pairs, player pairs, longest B, longest P): screen %v, coupboard roads %v", got, want)
	}
	return diffs
}

// TestTableScreen is issue 5's end-to-end test: `coupboard shoe-sim` plays a scripted shoe on a
// pseudo-terminal, the table display runs in its window under a virtual X server with that
// pseudo-terminal as its shoe, and the roads of the view model it presents (--trace) must
// equal `coupboard roads` for the results `coupboard replay` deals from the same script.
// A screenshot of the screen is saved (COUPBOARD_E2E_SCREENSHOT names where; default a temp dir).
func TestTableScreen(t *testing.T) {
	display := xserver(t, "1280x720")
	if _, err := exec.LookPath("import"); err != nil {
		t.Log("ImageMagick's import is not installed: no screenshot")
	}
	data := t.TempDir()
	scriptPath := filepath.Join(data, "shoe.script")
	cards := 300
	if testing.Short() {
		cards = 120
	}
	if err := os.WriteFile(scriptPath, []byte(script(20261122, cards)), 0o644); err != nil {
		t.Fatal(err)
	}
	notation, n := hands(t, data, scriptPath)
	var want report
	if err := json.Unmarshal(cli(t, data, "roads", notation), &want); err != nil {
		t.Fatal(err)
	}
	t.Logf("script: %d cards, %d rounds: %s", cards, n, notation)

	// The shoe: shoe-sim on a pseudo-terminal, which it prints first.
	sim := exec.Command(bin, "shoe-sim", "--script", scriptPath, "--speed", "100", "--seed", "1")
	sim.Env = env(data, "")
	simOut, err := sim.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	sp := startProc(t, sim)
	rd := bufio.NewReader(simOut)
	pty, err := rd.ReadString('\n')
	if err != nil {
		t.Fatalf("shoe-sim printed no port: %v; stderr:\n%s", err, sp.Stderr)
	}
	pty = strings.TrimSpace(pty)
	go func() { _, _ = rd.WriteTo(io.Discard) }()

	cfg := config(t, data, pty)
	cmd := exec.Command(bin, "--config", cfg, "--trace", "-", "--size", "1280x720")
	cmd.Env = env(data, display)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := startProc(t, cmd)
	ch := screens(out)
	var last view.Screen
	deadline := time.After(60 * time.Second)
wait:
	for {
		select {
		case s, ok := <-ch:
			if !ok {
				t.Fatalf("the table exited before dealing %d rounds (last: %d hands); stderr:\n%s", n, last.Stats.Hands, p.Stderr)
			}
			last = s.Screen
			if last.Stats.Hands >= n {
				break wait
			}
		case <-deadline:
			t.Fatalf("after 60 s the screen shows %d of %d rounds; stderr:\n%s\nshoe-sim:\n%s", last.Stats.Hands, n, p.Stderr, sp.Stderr)
		}
	}
	if diffs := compareRoads(last, want); len(diffs) > 0 {
		t.Errorf("the screen's roads differ from `coupboard roads %s`:\n%s", notation, strings.Join(diffs, "\n"))
	}
	if last.Status.Link != view.LinkConnected {
		t.Errorf("the status strip shows link %d, want connected (%d)", last.Status.Link, view.LinkConnected)
	}
	// Let the window draw the last screen, then photograph it.
	time.Sleep(time.Second)
	if _, err := exec.LookPath("import"); err == nil {
		shot := os.Getenv("COUPBOARD_E2E_SCREENSHOT")
		if shot == "" {
			shot = filepath.Join(t.TempDir(), "table-screen.png")
		}
		imp := exec.Command("import", "-display", display, "-window", "root", shot)
		if b, err := imp.CombinedOutput(); err != nil {
			t.Errorf("screenshot: %v: %s", err, b)
		} else if fi, err := os.Stat(shot); err != nil || fi.Size() < 10_000 {
			t.Errorf("screenshot %s is missing or nearly empty (%v)", shot, err)
		} else {
			t.Logf("screenshot: %s (%d bytes)", shot, fi.Size())
		}
	}
	stop(t, p)
	stop(t, sp)
}

// compareRoads must catch a screen that differs from `coupboard roads`: a missing hand, a
// changed winner, a lost pair.
func TestCompareRoadsCatches(t *testing.T) {
	data := t.TempDir()
	var r report
	if err := json.Unmarshal(cli(t, data, "roads", "BBPbTP"), &r); err != nil {
		t.Fatal(err)
	}
	if d := compareRoads(view.Screen{}, r); len(d) == 0 {
		t.Error("an empty screen matched five hands")
	}
	var fewer report
	if err := json.Unmarshal(cli(t, data, "roads", "BBPbT"), &fewer); err != nil {
		t.Fatal(err)
	}
	var changed report
	if err := json.Unmarshal(cli(t, data, "roads", "BBPTP"), &changed); err != nil {
		t.Fatal(err)
	}
	// A screen built from the report's own bead plate and big road matches only that report.
	s := view.Screen{}
	for _, col := range r.BeadPlate {
		var c view.Column
		for y, b := range col {
			c[y] = view.Cell{Mark: markOf[b[:1]], BankerPair: strings.Contains(b, "b"), PlayerPair: strings.Contains(b, "p")}
		}
		s.Roads.Bead.Columns = append(s.Roads.Bead.Columns, c)
	}
	if d := compareRoads(s, fewer); len(d) == 0 {
		t.Error("a screen with one hand more matched")
	}
	if d := compareRoads(s, changed); len(d) == 0 {
		t.Error("a screen with a banker pair matched a report without it")
	}
}
