package engine

import (
	"fmt"
	"strings"
	"testing"
)

func runCoups(t *testing.T, r *Runs, coups ...RunCoup) []RunSettlement {
	t.Helper()
	var out []RunSettlement
	for i, c := range coups {
		if c.Number == 0 {
			c.Number = i + 1
		}
		s, err := r.Coup(c)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s...)
	}
	return out
}

func nc(w Winner) RunCoup { return RunCoup{Kind: RunCoupNormal, Winner: w} }

func TestRunOdds(t *testing.T) {
	tests := []struct {
		k    RunKind
		n    int
		odds int64
		ok   bool
	}{
		{RunBanker, 2, 3, true}, {RunPlayer, 3, 8, true}, {RunCombination, 4, 20, true}, {RunBanker, 5, 45, true}, {RunPlayer, 6, 100, true},
		{RunTie, 2, 100, true}, {RunTie, 3, 1000, true}, {RunTie, 4, 10000, true},
		{RunTie, 5, 0, false}, {RunBanker, 7, 0, false}, {RunPlayer, 1, 0, false}, {0, 2, 0, false},
	}
	for _, tt := range tests {
		odds, ok := RunOdds(tt.k, tt.n)
		if odds != tt.odds || ok != tt.ok {
			t.Errorf("RunOdds(%s, %d) = %d, %v; want %d, %v", tt.k, tt.n, odds, ok, tt.odds, tt.ok)
		}
	}
}

func TestRuns(t *testing.T) {
	tests := []struct {
		name     string
		settings RunSettings
		kind     RunKind
		length   int
		nominate []Winner // combination: one per coup (WinnerNone: none)
		coups    []RunCoup
		state    RunState
		paid     int64
		lost     int64
		after    int // settled after this many coups (1-based); 0: still open
		rule     string
	}{
		{name: "banker 3 in a row", kind: RunBanker, length: 3, coups: []RunCoup{nc(Banker), nc(Banker), nc(Banker)}, state: RunWon, paid: 8000, after: 3, rule: "000 10.1"},
		{name: "player 2 then banker", kind: RunPlayer, length: 2, coups: []RunCoup{nc(Player), nc(Banker)}, state: RunLost, lost: 1000, after: 2},
		{name: "tie breaks a player run", kind: RunPlayer, length: 2, coups: []RunCoup{nc(Player), nc(Tie)}, state: RunLost, lost: 1000, after: 2, rule: "000 10.1 **"},
		{name: "tie breaks a combination run", kind: RunCombination, length: 2, nominate: []Winner{Player, Banker}, coups: []RunCoup{nc(Player), nc(Tie)}, state: RunLost, lost: 1000, after: 2, rule: "000 10.1 **"},
		{name: "tie 2 in a row", kind: RunTie, length: 2, coups: []RunCoup{nc(Tie), nc(Tie)}, state: RunWon, paid: 100000, after: 2},
		{name: "tie 4 in a row", kind: RunTie, length: 4, coups: []RunCoup{nc(Tie), nc(Tie), nc(Tie), nc(Tie)}, state: RunWon, paid: 10000000, after: 4},
		{name: "tie run lost on banker", kind: RunTie, length: 3, coups: []RunCoup{nc(Tie), nc(Banker)}, state: RunLost, lost: 1000, after: 2},
		{name: "dummy coup has no effect", kind: RunBanker, length: 2, coups: []RunCoup{nc(Banker), {Kind: RunCoupDummy, Winner: Player}, nc(Banker)}, state: RunWon, paid: 3000, after: 3},
		{name: "cancelled coup skipped by default", kind: RunBanker, length: 2, coups: []RunCoup{nc(Banker), {Kind: RunCoupCancelled}, nc(Banker)}, state: RunWon, paid: 3000, after: 3},
		{name: "cancelled coup voids when set", settings: RunSettings{Cancelled: CancelledVoidsRun}, kind: RunBanker, length: 2, coups: []RunCoup{nc(Banker), {Kind: RunCoupCancelled}}, state: RunVoid, after: 2, rule: "table setting"},
		{name: "combination as nominated", kind: RunCombination, length: 3, nominate: []Winner{Player, Banker, Player}, coups: []RunCoup{nc(Player), nc(Banker), nc(Player)}, state: RunWon, paid: 8000, after: 3},
		{name: "combination nomination lost", kind: RunCombination, length: 3, nominate: []Winner{Player, Player}, coups: []RunCoup{nc(Player), nc(Banker)}, state: RunLost, lost: 1000, after: 2},
		{name: "combination without a nomination", kind: RunCombination, length: 2, nominate: []Winner{Player, WinnerNone}, coups: []RunCoup{nc(Player), nc(Player)}, state: RunLost, lost: 1000, after: 2, rule: "000 6.5.7"},
		{name: "player 6 in a row", kind: RunPlayer, length: 6, coups: []RunCoup{nc(Player), nc(Player), nc(Player), nc(Player), nc(Player), nc(Player)}, state: RunWon, paid: 100000, after: 6},
		{name: "still open", kind: RunPlayer, length: 5, coups: []RunCoup{nc(Player), nc(Player)}, state: RunOpen},
	}
	for _, tt := range tests {
		r, err := NewRuns(tt.settings)
		if err != nil {
			t.Fatal(err)
		}
		w, err := r.Place(5, tt.kind, tt.length, 1000)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var got []RunSettlement
		at := 0
		for i, c := range tt.coups {
			if i < len(tt.nominate) && tt.nominate[i] != WinnerNone {
				if err := r.Nominate(w.ID, tt.nominate[i]); err != nil {
					t.Fatalf("%s: %v", tt.name, err)
				}
			}
			c.Number = i + 1
			s, err := r.Coup(c)
			if err != nil {
				t.Fatal(err)
			}
			if len(s) > 0 && at == 0 {
				at = i + 1
			}
			got = append(got, s...)
		}
		if tt.state == RunOpen {
			if len(got) != 0 || len(r.Open()) != 1 {
				t.Errorf("%s: settled %v", tt.name, got)
			}
			continue
		}
		if len(got) != 1 {
			t.Errorf("%s: %d settlements", tt.name, len(got))
			continue
		}
		s := got[0]
		if s.Run.State != tt.state || s.Paid != tt.paid || s.Lost != tt.lost || at != tt.after || s.Net != s.Paid-s.Lost {
			t.Errorf("%s: %s paid %d lost %d after %d; want %s paid %d lost %d after %d", tt.name, s.Run.State, s.Paid, s.Lost, at, tt.state, tt.paid, tt.lost, tt.after)
		}
		if s.Returned+s.Lost != s.Run.Amount {
			t.Errorf("%s: returned %d + lost %d != %d", tt.name, s.Returned, s.Lost, s.Run.Amount)
		}
		if tt.rule != "" && !hasRule(s.Notes, tt.rule) {
			t.Errorf("%s: notes %v lack %q", tt.name, s.Notes, tt.rule)
		}
		if len(r.Open()) != 0 {
			t.Errorf("%s: run still open after settlement", tt.name)
		}
	}
}

func TestRunsRecordAndSeats(t *testing.T) {
	r, _ := NewRuns(RunSettings{})
	a, _ := r.Place(1, RunBanker, 2, 500)
	b, _ := r.Place(1, RunCombination, 2, 700)
	c, _ := r.Place(2, RunTie, 2, 100)
	if len(r.Seat(1)) != 2 || len(r.Seat(2)) != 1 {
		t.Fatalf("seats: %v %v", r.Seat(1), r.Seat(2))
	}
	if err := r.Nominate(a.ID, Player); err == nil {
		t.Error("nomination on a Banker run accepted")
	}
	if err := r.Nominate(b.ID, Tie); err == nil {
		t.Error("nomination of a Tie accepted")
	}
	if err := r.Nominate(99, Player); err == nil {
		t.Error("nomination of an unknown run accepted")
	}
	_ = r.Nominate(b.ID, Banker)
	s := runCoups(t, r, nc(Banker))
	if len(s) != 1 || s[0].Run.ID != c.ID || s[0].Run.State != RunLost {
		t.Fatalf("first coup settled %+v", s)
	}
	open := r.Seat(1)
	if len(open) != 2 || open[1].Steps[0].Nominated != Banker || !open[1].Steps[0].Counted || open[1].Wins != 1 {
		t.Fatalf("combination record %+v", open[1])
	}
	// A run placed now starts with the next coup: Player, Player wins it.
	d, _ := r.Place(3, RunPlayer, 2, 100)
	_ = r.Nominate(b.ID, Player)
	s = runCoups(t, r, RunCoup{Number: 2, Kind: RunCoupNormal, Winner: Player}, RunCoup{Number: 3, Kind: RunCoupNormal, Winner: Player})
	var won []int
	for _, x := range s {
		if x.Run.State == RunWon {
			won = append(won, x.Run.ID)
		}
	}
	if len(won) != 2 || won[0] != b.ID || won[1] != d.ID {
		t.Fatalf("won %v (settled %+v)", won, s)
	}
	if _, err := r.Place(1, RunTie, 5, 100); err == nil || !strings.Contains(err.Error(), "2-4 for Tie") {
		t.Errorf("tie 5: %v", err)
	}
	if _, err := r.Place(1, RunBanker, 2, 0); err == nil {
		t.Error("zero amount accepted")
	}
	if _, err := r.Coup(RunCoup{Kind: RunCoupNormal}); err == nil {
		t.Error("coup without result accepted")
	}
}

func TestRunsShoeChange(t *testing.T) {
	r, _ := NewRuns(RunSettings{})
	_, _ = r.Place(1, RunBanker, 2, 500)
	runCoups(t, r, nc(Banker))
	if s := r.ShoeEnd(); len(s) != 0 {
		t.Fatalf("default: shoe end settled %v", s)
	}
	if s := runCoups(t, r, nc(Banker)); len(s) != 1 || s[0].Run.State != RunWon {
		t.Fatalf("run across shoes: %+v", s)
	}
	r, _ = NewRuns(RunSettings{EndAtShoeChange: true})
	_, _ = r.Place(1, RunBanker, 2, 500)
	runCoups(t, r, nc(Banker))
	s := r.ShoeEnd()
	if len(s) != 1 || s[0].Run.State != RunVoid || s[0].Returned != 500 || len(r.Open()) != 0 {
		t.Fatalf("shoe end with EndAtShoeChange: %+v", s)
	}
}

// A coup corrected after the fact (Runs.Correct): a run it decided is put back as it stood and
// decided again by the corrected result, or goes on; an open run that counted it as a win loses
// when its hand did not win the corrected coup.
func TestRunsCorrect(t *testing.T) {
	for _, tc := range []struct {
		name      string
		kind      RunKind
		length    int
		coups     []Winner // coups 1.. of shoe 1, as first settled
		n         int      // the coup corrected
		corrected Winner
		want      string // the runs the corrected coup decides, "id state wins (rule)", then the open runs: "id state wins"
	}{
		{"a banker run lost on coup 2 wins when coup 2 is corrected to Banker", RunBanker, 2, []Winner{Banker, Player}, 2, Banker, "1 won 2 (000 10.1) |"},
		{"a banker run lost on coup 2 goes on when it needs more wins", RunBanker, 3, []Winner{Banker, Player}, 2, Banker, "| 1 open 2"},
		{"a banker run won on coup 2 loses when coup 2 is corrected to a Tie", RunBanker, 2, []Winner{Banker, Banker}, 2, Tie, "1 lost 1 (000 10.1 **) |"},
		{"an open banker run that counted coup 1 loses when it is corrected to Player", RunBanker, 3, []Winner{Banker, Banker}, 1, Player, "1 lost 2 (000 10.1) |"},
		{"an open run is not changed when the corrected coup still backs it", RunBanker, 3, []Winner{Banker, Banker}, 1, Banker, "| 1 open 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := NewRuns(RunSettings{})
			if _, err := r.Place(1, tc.kind, tc.length, 1000); err != nil {
				t.Fatal(err)
			}
			var decided []RunWager
			for i, w := range tc.coups {
				s, err := r.Coup(RunCoup{Number: i + 1, Shoe: 1, Kind: RunCoupNormal, Winner: w})
				if err != nil {
					t.Fatal(err)
				}
				if i+1 == tc.n {
					for _, x := range s {
						decided = append(decided, x.Run)
					}
				}
			}
			done, err := r.Correct(RunCoup{Number: tc.n, Shoe: 1, Kind: RunCoupNormal, Winner: tc.corrected}, decided)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range done {
				got = append(got, fmt.Sprintf("%d %s %d (%s)", s.Run.ID, s.Run.State, s.Run.Wins, s.Notes[0].Rule))
			}
			got = append(got, "|")
			for _, w := range r.Open() {
				got = append(got, fmt.Sprintf("%d %s %d", w.ID, w.State, w.Wins))
			}
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("got %q, want %q", g, tc.want)
			}
		})
	}
	r, _ := NewRuns(RunSettings{})
	if _, err := r.Correct(RunCoup{Number: 1, Shoe: 1, Kind: RunCoupCancelled}, nil); err == nil {
		t.Error("a corrected coup with no result: want an error")
	}
}
