package crashtest

import (
	"testing"

	"github.com/coupboard/coupboard/display/view"
)

// screenOf is a screen of shoe 1 whose bead plate holds the given cells, and whose big road
// holds big (column by column).
func screenOf(bead []view.Cell, big [][]view.Cell) view.Screen {
	s := view.Screen{Header: view.Header{Shoe: 1}}
	for i, c := range bead {
		if i%view.Rows == 0 {
			s.Roads.Bead.Columns = append(s.Roads.Bead.Columns, view.Column{})
		}
		s.Roads.Bead.Columns[i/view.Rows][i%view.Rows] = c
	}
	for _, col := range big {
		var c view.Column
		copy(c[:], col)
		s.Roads.Big.Columns = append(s.Roads.Big.Columns, c)
	}
	return s
}

// The comparisons the crash tests rely on must catch a lost, changed or reordered hand.
func TestPrefixOf(t *testing.T) {
	b := view.Cell{Mark: view.MarkBanker, Total: 7, TotalKnown: true}
	p := view.Cell{Mark: view.MarkPlayer, Total: 8, TotalKnown: true}
	tie := view.Cell{Mark: view.MarkTie, Total: 5, TotalKnown: true}
	bigB, bigP := view.Cell{Mark: view.MarkBanker}, view.Cell{Mark: view.MarkPlayer}
	newest := func(c view.Cell) view.Cell { c.Newest = true; return c }
	ties := func(c view.Cell, n int) view.Cell { c.Ties = n; return c }
	tests := []struct {
		name        string
		shown, rec  view.Screen
		wantFailure bool
	}{
		{"same", screenOf([]view.Cell{b, p}, [][]view.Cell{{bigB}, {newest(bigP)}}), screenOf([]view.Cell{b, newest(p)}, [][]view.Cell{{bigB}, {newest(bigP)}}), false},
		{"one more hand", screenOf([]view.Cell{b}, [][]view.Cell{{newest(bigB)}}), screenOf([]view.Cell{b, p}, [][]view.Cell{{bigB}, {newest(bigP)}}), false},
		{"a tie after the newest", screenOf([]view.Cell{b}, [][]view.Cell{{newest(bigB)}}), screenOf([]view.Cell{b, tie}, [][]view.Cell{{newest(ties(bigB, 1))}}), false},
		{"lost hand", screenOf([]view.Cell{b, p}, [][]view.Cell{{bigB}, {bigP}}), screenOf([]view.Cell{b}, [][]view.Cell{{bigB}}), true},
		{"changed hand", screenOf([]view.Cell{b, p}, [][]view.Cell{{bigB}, {bigP}}), screenOf([]view.Cell{b, b}, [][]view.Cell{{bigB, bigB}}), true},
		{"changed total", screenOf([]view.Cell{b}, nil), screenOf([]view.Cell{{Mark: view.MarkBanker, Total: 6, TotalKnown: true}}, nil), true},
		{"lost pair", screenOf([]view.Cell{{Mark: view.MarkBanker, BankerPair: true}}, nil), screenOf([]view.Cell{{Mark: view.MarkBanker}}, nil), true},
		{"tie moved to an older cell", screenOf([]view.Cell{b, b}, [][]view.Cell{{ties(bigB, 1), newest(bigB)}}), screenOf([]view.Cell{b, b}, [][]view.Cell{{bigB, newest(bigB)}}), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := prefixOf(tc.shown, tc.rec)
			if (err != nil) != tc.wantFailure {
				t.Fatalf("prefixOf = %v, want failure %v", err, tc.wantFailure)
			}
		})
	}
}

func TestMatchesRows(t *testing.T) {
	s := screenOf([]view.Cell{{Mark: view.MarkBanker, Total: 7, TotalKnown: true}, {Mark: view.MarkPlayer, Total: 9, TotalKnown: true, PlayerPair: true}}, nil)
	rows := []row{{Round: 1, Winner: "B", BankerTotal: 7, PlayerTotal: 2}, {Round: 2, Winner: "P", PlayerTotal: 9, BankerTotal: 0, PlayerPair: true}}
	if err := matchesRows(s, rows); err != nil {
		t.Fatal(err)
	}
	if err := matchesRows(s, rows[:1]); err == nil {
		t.Fatal("a hand shown but not journalled was not caught")
	}
	bad := append([]row(nil), rows...)
	bad[1].Winner = "B"
	if err := matchesRows(s, bad); err == nil {
		t.Fatal("a hand shown differently from the journal was not caught")
	}
}
