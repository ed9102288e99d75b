package view

import (
	"testing"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/roadmap"
)

func card(t *testing.T, s string) engine.Card {
	t.Helper()
	c, err := engine.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestFaceDownCardHasNothingToRead(t *testing.T) {
	d := Down()
	if d.FaceUp() {
		t.Fatal("Down().FaceUp() = true")
	}
	if f, ok := d.Face(); ok || f.Rank != 0 || f.Suit != engine.SuitUnknown {
		t.Errorf("Down().Face() = %v, %v; want no rank and no suit", f, ok)
	}
	if f, ok := Up(card(t, "9H")).Face(); !ok || f.String() != "9H" {
		t.Errorf("Up(9H).Face() = %v, %v", f, ok)
	}
	// An invalid card cannot be turned up into something readable.
	if Up(engine.Card{Rank: 14}).FaceUp() {
		t.Error("Up(rank 14).FaceUp() = true")
	}
}

func TestHandTotal(t *testing.T) {
	tests := []struct {
		name   string
		cards  []Card
		total  int
		showed bool
	}{
		{"empty", nil, 0, false},
		{"one card", []Card{Up(card(t, "7S"))}, 7, true},
		{"two cards mod 10", []Card{Up(card(t, "7S")), Up(card(t, "8D"))}, 5, true},
		{"faces count zero", []Card{Up(card(t, "KS")), Up(card(t, "TD")), Up(card(t, "9C"))}, 9, true},
		{"one face down", []Card{Up(card(t, "7S")), Down()}, 0, false},
		{"all face down", []Card{Down(), Down()}, 0, false},
	}
	for _, tt := range tests {
		total, ok := HandTotal(tt.cards)
		if total != tt.total || ok != tt.showed {
			t.Errorf("%s: HandTotal = %d, %v; want %d, %v", tt.name, total, ok, tt.total, tt.showed)
		}
	}
}

// TestResultFromResultOnly: a result entered without cards has no totals to show, and never
// "pays half" (whether Banker won on 6 is unknown).
func TestResultFromResultOnly(t *testing.T) {
	for _, w := range []engine.Winner{engine.Banker, engine.Player, engine.Tie} {
		r := ResultFrom(engine.Outcome{Winner: w, BankerPair: true, TotalsUnknown: true}, SettleSixHalf)
		if r.TotalsKnown || r.SixPaysHalf || r.Winner != w || !r.BankerPair {
			t.Errorf("%s: ResultFrom = %+v", w, r)
		}
	}
}

func TestResultFromSixPaysHalf(t *testing.T) {
	tests := []struct {
		name       string
		o          engine.Outcome
		settlement Settlement
		want       bool
	}{
		{"banker 6, six-half table", engine.Outcome{Winner: engine.Banker, BankerTotal: 6, PlayerTotal: 5}, SettleSixHalf, true},
		{"banker 6, commission table", engine.Outcome{Winner: engine.Banker, BankerTotal: 6, PlayerTotal: 5}, SettleCommission, false},
		{"banker 7", engine.Outcome{Winner: engine.Banker, BankerTotal: 7, PlayerTotal: 6}, SettleSixHalf, false},
		{"tie on 6", engine.Outcome{Winner: engine.Tie, BankerTotal: 6, PlayerTotal: 6}, SettleSixHalf, false},
		{"player wins over 6", engine.Outcome{Winner: engine.Player, BankerTotal: 6, PlayerTotal: 7}, SettleSixHalf, false},
	}
	for _, tt := range tests {
		r := ResultFrom(tt.o, tt.settlement)
		if r.SixPaysHalf != tt.want || !r.TotalsKnown || r.Winner != tt.o.Winner {
			t.Errorf("%s: ResultFrom = %+v, want SixPaysHalf %v", tt.name, r, tt.want)
		}
	}
}

// TestRoadsFrom checks the copy against the roadmap's own drawn grids, cell by cell, and the
// newest marks, for the worked examples of spec/roadmap.md §6 and a dragon tail.
func TestRoadsFrom(t *testing.T) {
	for _, in := range []string{"BBPPPBPBB", "BPPP", "TTBP", "BPBPBP", "BBbPTpP", "BBBBBBBBBBPPPPPPPPPBBBBBBBBPPPPPPP", ""} {
		hands, err := roadmap.ParseHands(in)
		if err != nil {
			t.Fatal(err)
		}
		r, err := roadmap.Build(hands, roadmap.DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		v := RoadsFrom(r, 100)
		big := r.BigRoad()
		if len(v.Big.Columns) != len(big.Grid()) {
			t.Fatalf("%q: %d big road columns, roadmap has %d", in, len(v.Big.Columns), len(big.Grid()))
		}
		newest := 0
		for x, col := range big.Grid() {
			for y, p := range col {
				c, ok := big.CellAt(p)
				got := v.Big.Columns[x][y]
				if ok != (got.Mark != MarkNone) || ok && (winnerMark(c.Winner) != got.Mark || c.Ties != got.Ties) {
					t.Errorf("%q: big road (%d,%d) = %+v, roadmap %+v %v", in, x, y, got, c, ok)
				}
				if got.Newest {
					newest++
				}
			}
		}
		if want := min(1, len(big.Grid())); newest != want {
			t.Errorf("%q: %d newest big-road marks, want %d", in, newest, want)
		}
		for d, road := range []Road{v.BigEye, v.Small, v.Cockroach} {
			marks := ""
			for _, col := range road.Columns {
				for _, c := range col {
					switch c.Mark {
					case MarkRed:
						marks += "R"
					case MarkBlue:
						marks += "B"
					}
				}
			}
			want := ""
			for _, m := range r.Derived(roadmap.Derived(d)).Marks() {
				want += m.String()
			}
			if len(marks) != len(want) {
				t.Errorf("%q: derived road %d has %d marks drawn, roadmap %d", in, d, len(marks), len(want))
			}
		}
		beads := 0
		for _, col := range v.Bead.Columns {
			for _, c := range col {
				if c.Mark != MarkNone {
					beads++
				}
			}
		}
		if beads != len(hands) {
			t.Errorf("%q: %d beads, want %d", in, beads, len(hands))
		}
		ask := r.Ask()
		for d := range 3 {
			if v.Ask.Banker[d] != colourMark(ask.Banker[d]) || v.Ask.Player[d] != colourMark(ask.Player[d]) {
				t.Errorf("%q: ask road %d = %v/%v, roadmap %v/%v", in, d, v.Ask.Banker[d], v.Ask.Player[d], ask.Banker[d], ask.Player[d])
			}
		}
	}
}

// TestRoadsFromWindow checks that a narrow window keeps the newest columns.
func TestRoadsFromWindow(t *testing.T) {
	hands, err := roadmap.ParseHands("BPBPBPBPBPBPBPBP")
	if err != nil {
		t.Fatal(err)
	}
	r, err := roadmap.Build(hands, roadmap.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	v := RoadsFrom(r, 4)
	if len(v.Big.Columns) != 4 {
		t.Fatalf("%d columns, want 4", len(v.Big.Columns))
	}
	last := v.Big.Columns[3][0]
	if last.Mark != MarkPlayer || !last.Newest {
		t.Errorf("last column = %+v, want the newest Player mark", last)
	}
	if got := RoadsFrom(nil, 4); len(got.Big.Columns) != 0 {
		t.Errorf("RoadsFrom(nil) = %+v", got)
	}
}

func BenchmarkRoadsFrom(b *testing.B) {
	hands, err := roadmap.ParseHands("BBBBBBBBBBPPPPPPPPPBBBBBBBBPPPPPPPBPbBTPpBBTTPPBPBbPPBTBBPPBTBBPBPPPBTBPB")
	if err != nil {
		b.Fatal(err)
	}
	r, err := roadmap.Build(hands, roadmap.DefaultOptions())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		RoadsFrom(r, 64)
	}
}
