package engine

import "testing"

// A run put back open by a correction after later coups were played (000 11.13): what the
// table does today, pinned so that a change of it is deliberate (docs/auditor.md, "Entering the
// cards of a finished round"). The run resumes at the first coup after the correction: the
// coups played between round N and the correction are not steps of it, whatever their result.
func TestRunReopenedAfterLaterCoups(t *testing.T) {
	for _, tc := range []struct {
		name  string
		later []Winner // coups 3.. played before coup 2 is corrected
		next  Winner   // the first coup after the correction
		want  RunState
		steps []int // the run's steps (coup numbers) at the end
	}{
		{"later Banker wins do not count: the next coup decides it", []Winner{Banker, Banker}, Banker, RunWon, []int{1, 2, 5}},
		{"a later Player win does not break it", []Winner{Player}, Banker, RunWon, []int{1, 2, 4}},
		{"the next coup still loses it", []Winner{Banker}, Player, RunLost, []int{1, 2, 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := NewRuns(RunSettings{})
			if _, err := r.Place(1, RunBanker, 3, 1000); err != nil {
				t.Fatal(err)
			}
			coup := func(n int, w Winner) []RunSettlement {
				t.Helper()
				s, err := r.Coup(RunCoup{Number: n, Shoe: 1, Kind: RunCoupNormal, Winner: w})
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
			coup(1, Banker)
			var decided []RunWager
			for _, s := range coup(2, Player) { // lost on coup 2
				decided = append(decided, s.Run)
			}
			for i, w := range tc.later {
				if s := coup(3+i, w); len(s) != 0 {
					t.Fatalf("coup %d decided %+v: the run was lost", 3+i, s)
				}
			}
			if done, err := r.Correct(RunCoup{Number: 2, Shoe: 1, Kind: RunCoupNormal, Winner: Banker}, decided); err != nil || len(done) != 0 {
				t.Fatalf("correct coup 2: %+v %v, want the run open again", done, err)
			}
			if open := r.Open(); len(open) != 1 || open[0].Wins != 2 {
				t.Fatalf("open runs %+v, want run 1 with 2 wins", open)
			}
			s := coup(3+len(tc.later), tc.next)
			if len(s) != 1 || s[0].Run.State != tc.want {
				t.Fatalf("the next coup: %+v, want the run %s", s, tc.want)
			}
			var steps []int
			for _, st := range s[0].Run.Steps {
				steps = append(steps, st.Coup)
			}
			if len(steps) != len(tc.steps) {
				t.Fatalf("steps %v, want %v", steps, tc.steps)
			}
			for i := range steps {
				if steps[i] != tc.steps[i] {
					t.Fatalf("steps %v, want %v", steps, tc.steps)
				}
			}
		})
	}
}
