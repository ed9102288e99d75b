package engine

import (
	"fmt"
	"strings"
	"testing"
)

// summary is a compact, readable form of an event for table-driven tests.
func summary(e Event) string {
	switch e.Kind {
	case EvRound:
		r := e.Round
		s := fmt.Sprintf("R%d %s %d-%d %s", r.N, r.Outcome.Winner, r.Outcome.PlayerTotal, r.Outcome.BankerTotal, r.Kind)
		if r.Kind == KindCancelled {
			s = fmt.Sprintf("R%d cancelled", r.N)
		}
		if len(r.Notes) > 0 {
			s += " [" + strings.Join(r.Notes, " ") + "]"
		}
		if r.Review {
			s += " review"
		}
		return s
	case EvBurn:
		s := "burn"
		for _, c := range e.Shown {
			s += " " + c.String()
		}
		s += fmt.Sprintf(" +%d", e.Hidden)
		if e.Rule != "" {
			s += " " + e.Rule
		}
		return s
	case EvLastCoup:
		return fmt.Sprintf("last %d %s", e.N, e.Rule)
	case EvShoeEnd:
		return "end"
	case EvAnomaly:
		return "anomaly"
	case EvRefused:
		return strings.TrimSpace("refused " + e.Rule)
	case EvNoBurn:
		return "noburn " + e.Rule
	case EvVoid:
		return fmt.Sprintf("void %d %s", e.N, e.Rule)
	case EvInsurance:
		return fmt.Sprintf("insurance %d", e.N)
	}
	return ""
}

// play replays a script under a profile and settings and returns the summaries of the events
// (new shoe and review events left out).
func play(t testing.TB, id string, sets []string, script string) []string {
	t.Helper()
	p, err := LookupProfile(id)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseSettings(&p, sets)
	if err != nil {
		t.Fatal(err)
	}
	toks, err := ParseScript(script)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewReplayer(p, s)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, tok := range toks {
		for _, e := range r.Feed(tok) {
			if s := summary(e); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

func check(t *testing.T, name string, got []string, want string) {
	t.Helper()
	if g := strings.Join(got, "; "); g != want {
		t.Errorf("%s:\n got: %s\nwant: %s", name, g, want)
	}
}

// Coups with known results.
const (
	c1 = " 2C KD 5H 4S 3D "    // Player 2C 5H = 7 stands; Banker KD 4S = 4 draws 3D: 7. Tie 7-7
	c2 = " AH 6C AD KS 7H 2S " // Player A A = 2 draws 7H: 9; Banker 6 draws on a 7: 2S, 8. Player 9-8
	c3 = " 9D 8C KH AC "       // natural tie 9-9
	s4 = " 7H 6S KD TC "       // Player 7 stands, Banker 6 stands: Player 7-6
	b9 = " 2C 9H 3C TD "       // Player 5, Banker natural 9: Banker 5-9
)

var allProfiles = []string{ProfileVic2002, ProfileACT2012, ProfileNZ1998, ProfileNZ}

// TestTableau plays every cell of the table of play through the game: Banker two-card totals
// 0-7 against the Player's third card 0-9, and against a Player who stood (000 Table 2,
// 001 7.3, 002 Table 2, 002 9.5). The expected cells are the book's table, copied.
func TestTableau(t *testing.T) {
	// Columns: Player stood ("No card"), then the point of Player's third card 0..9.
	book := [8]string{
		"DDDDDDDDDDD", // 0
		"DDDDDDDDDDD", // 1
		"DDDDDDDDDDD", // 2
		"DDDDDDDDDSD", // 3
		"DSSDDDDDDSS", // 4
		"DSSSSDDDDSS", // 5
		"SSSSSSSDDSS", // 6
		"SSSSSSSSSSS", // 7
	}
	rankFor := func(v int) string { return []string{"K", "A", "2", "3", "4", "5", "6", "7", "8", "9"}[v] }
	for _, id := range allProfiles {
		for bt := 0; bt <= 7; bt++ {
			for col := 0; col <= 10; col++ {
				// Player 2 + 3 = 5 draws; or 3 + 3 = 6 stands.
				p1, p2 := "2S", "3S"
				third := ""
				if col == 0 {
					p2 = "3H"
					p1 = "3C"
				} else {
					third = rankFor(col-1) + "D"
				}
				b1, b2 := "TH", rankFor(bt)+"H"
				script := "shoe noburn " + p1 + " " + b1 + " " + p2 + " " + b2 + " " + third + " 4C 4C 4C 4C 4C 4C"
				got := play(t, id, nil, script)
				if len(got) < 2 || !strings.HasPrefix(got[1], "R1 ") {
					t.Fatalf("%s: %v", script, got)
				}
				// Replay the round by hand to learn whether Banker drew: its total with 4C added.
				pt := Total(mustCards(t, p1, p2, third))
				banker := mustCards(t, b1, b2)
				wantDraw := book[bt][col] == 'D'
				if wantDraw {
					banker = append(banker, Card{4, Clubs})
				}
				want := fmt.Sprintf("R1 %s %d-%d normal", Decide(pt, Total(banker)), pt, Total(banker))
				if got[1] != want {
					t.Errorf("%s Banker %d, column %d: %q, want %q (book says %c)", id, bt, col, got[1], want, book[bt][col])
				}
				// And the function itself.
				third1 := Card{}
				if third != "" {
					third1 = mustCards(t, third)[0]
				}
				if BankerDraws(bt, col != 0, third1) != wantDraw {
					t.Errorf("BankerDraws(%d, %v, %s) != %v", bt, col != 0, third1, wantDraw)
				}
			}
		}
	}
	for pt := 0; pt <= 9; pt++ {
		if PlayerDraws(pt) != (pt <= 5) {
			t.Errorf("PlayerDraws(%d) = %v (000 Table 1: draws on 0-5)", pt, PlayerDraws(pt))
		}
	}
}

func mustCards(t testing.TB, codes ...string) []Card {
	t.Helper()
	var cs []Card
	for _, s := range codes {
		if s == "" {
			continue
		}
		c, err := ParseCard(s)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	return cs
}

func TestBurnAndFailedBurn(t *testing.T) {
	tests := []struct {
		id, script, want string
		sets             []string
	}{
		{id: ProfileVic2002, script: "shoe 5H" + s4, want: "burn +1; R1 P 7-6 normal"},                      // 4.3.1(a)
		{id: ProfileVic2002, script: "shoe faceburn 3H 4D 9S QC" + s4, want: "burn 3H +3; R1 P 7-6 normal"}, // 4.3.1(b)
		{id: ProfileVic2002, sets: []string{"burn=face-value"}, script: "shoe KH 2D 3D 4D 5D 6D 7D 8D 9D TD JD" + s4, want: "burn KH +10; R1 P 7-6 normal"},
		{id: ProfileVic2002, script: "shoe 5H" + s4 + "burn 8D" + s4, want: "burn +1; R1 P 7-6 normal; burn +1 8.2.2(b); R2 P 7-6 normal"}, // 8.2.2(b)
		{id: ProfileVic2002, script: "shoe noburn" + s4, want: "noburn 11.1; R1 P 7-6 normal"},
		{id: ProfileVic2002, script: "shoe 5H faceburn" + s4, want: "burn +1; refused 4.3.1(b); R1 P 7-6 normal"},
		{id: ProfileACT2012, script: "shoe 5H" + s4, want: "burn +1; R1 P 7-6 normal"},                // 5.4(a)
		{id: ProfileACT2012, script: "shoe faceburn AH 4D" + s4, want: "burn AH +1; R1 P 7-6 normal"}, // 5.4(b)-5.6
		{id: ProfileACT2012, script: "shoe noburn" + s4, want: "noburn 9.7; R1 P 7-6 normal"},
		{id: ProfileACT2012, script: "shoe 5H" + s4 + "burn" + s4, want: "burn +1; R1 P 7-6 normal; refused; R2 P 7-6 normal"},
		{id: ProfileNZ1998, script: "shoe 3H 4D 9S QC" + s4, want: "burn 3H +3; R1 P 7-6 normal"},               // 7.5
		{id: ProfileNZ1998, script: "shoe faceburn 2H 4D 9S" + s4, want: "burn 2H +2; R1 P 7-6 normal"},         // already face value
		{id: ProfileNZ1998, script: "shoe 3H 4D noburn" + s4, want: "burn 3H +1; noburn 12.8; R1 P 7-6 normal"}, // 12.8
		{id: ProfileNZ, script: "shoe noburn" + s4, want: "noburn 12.7; R1 P 7-6 normal"},
		{id: ProfileNZ, sets: []string{"shuffler=continuous"}, script: "shoe AS 2S" + s4, want: "burn AS +1; R1 P 7-6 normal"}, // 7.7
	}
	for _, tc := range tests {
		check(t, tc.id+" "+tc.script, play(t, tc.id, tc.sets, tc.script), tc.want)
	}
}

func TestCutAndLastCoup(t *testing.T) {
	tests := []struct {
		id, script, want string
		sets             []string
	}{
		// vic: the cutting card during a coup: finish it, the next coup is the last (8.3.4).
		{id: ProfileVic2002, script: "shoe 5H 2C KD cut 5H 4S 3D" + s4 + s4,
			want: "burn +1; R1 T 7-7 normal; last 2 8.3.4; R2 P 7-6 normal; end; anomaly; anomaly; anomaly; anomaly"},
		// vic: before a coup: the coup about to be dealt is the last (our reading, 8.3.4(c)).
		{id: ProfileVic2002, script: "shoe 5H" + c1 + "cut" + s4 + s4,
			want: "burn +1; R1 T 7-7 normal; last 2 8.3.4; R2 P 7-6 normal; end; anomaly; anomaly; anomaly; anomaly"},
		// vic: dummy coups directed after the last coup (8.3.4(d)).
		{id: ProfileVic2002, script: "shoe 5H cut" + s4 + "dummy" + c3,
			want: "burn +1; last 1 8.3.4; R1 P 7-6 normal; end; R2 T 9-9 nobet [8.3.4(d)]"},
		// vic: the last coup is the last one that takes wagers: a dummy coup does not use it up (8.3.4(c)).
		{id: ProfileVic2002, script: "shoe 5H" + c1 + "cut dummy" + s4 + c3 + s4,
			want: "burn +1; R1 T 7-7 normal; last 2 8.3.4; R2 P 7-6 nobet [11.4]; last 3 8.3.4(c); R3 T 9-9 normal; end; anomaly; anomaly; anomaly; anomaly"},
		// act: during a round: shuffle after it (5.7)...
		{id: ProfileACT2012, script: "shoe 5H AH 6C cut AD KS 7H 2S" + s4,
			want: "burn +1; last 1 5.7; R1 P 9-8 normal; end; anomaly; anomaly; anomaly; anomaly"},
		// ... unless it is a Tie: exactly one more round, whatever its result.
		{id: ProfileACT2012, script: "shoe 5H 2C KD cut 5H 4S 3D" + c3 + s4,
			want: "burn +1; last 1 5.7; R1 T 7-7 normal; last 2 5.7; R2 T 9-9 normal; end; anomaly; anomaly; anomaly; anomaly"},
		{id: ProfileACT2012, script: "shoe 5H" + c2 + "cut" + c1 + s4,
			want: "burn +1; R1 P 9-8 normal; last 2 5.7; R2 T 7-7 normal; last 3 5.7; R3 P 7-6 normal; end"},
		// nz-1998: during a round: finish, announce, deal one more (9.7); first card: this round (9.8).
		{id: ProfileNZ1998, script: "shoe 3H 4D 9S QC 2C KD cut 5H 4S 3D" + s4 + s4,
			want: "burn 3H +3; R1 T 7-7 normal; last 2 9.7; R2 P 7-6 normal; end; anomaly; anomaly; anomaly; anomaly"},
		{id: ProfileNZ1998, script: "shoe 3H 4D 9S QC" + c1 + c2 + "cut" + c3,
			want: "burn 3H +3; R1 T 7-7 normal; R2 P 9-8 normal; last 3 9.8; R3 T 9-9 normal; end"},
		{id: ProfileNZ, script: "shoe AH 4D 2C KD cut 5H 4S 3D" + s4,
			want: "burn AH +1; R1 T 7-7 normal; last 2 11.2(b); R2 P 7-6 normal; end"},
		{id: ProfileNZ, script: "shoe AH 4D cut" + s4,
			want: "burn AH +1; last 1 11.2(a); R1 P 7-6 normal; end"},
		// nz continuous shuffler: no cutting card, no end of shoe (7.8, 7.2).
		{id: ProfileNZ, sets: []string{"shuffler=continuous"}, script: "shoe AH 4D cut" + s4 + s4,
			want: "burn AH +1; refused 7.8; R1 P 7-6 normal; R2 P 7-6 normal"},
		// a new shoe ends the old one.
		{id: ProfileNZ, script: "shoe AH 4D" + s4 + "shoe AH 4D" + s4,
			want: "burn AH +1; R1 P 7-6 normal; end; burn AH +1; R1 P 7-6 normal"},
		// cards with no shoe join no round.
		{id: ProfileNZ, script: s4, want: "anomaly; anomaly; anomaly; anomaly"},
	}
	for _, tc := range tests {
		check(t, tc.id+" "+tc.script, play(t, tc.id, tc.sets, tc.script), tc.want)
	}
}
