package roadmap

import (
	"math"

	"github.com/coupboard/coupboard/engine"
)

// Report is every road, the ask road and the statistics in the JSON shape of spec/roadmap.md §7, the
// output of `coupboard roads`. Field names are stable.
type Report struct {
	BeadPlate    [][]string    `json:"bead_plate"`    // columns of up to 6 beads: winner, then b and/or p, then n when non-betting
	BigRoad      BigRoadReport `json:"big_road"`      // the big road
	BigEyeBoy    DerivedReport `json:"big_eye_boy"`   // the big eye boy
	SmallRoad    DerivedReport `json:"small_road"`    // the small road
	CockroachPig DerivedReport `json:"cockroach_pig"` // the cockroach pig
	AskRoad      AskReport     `json:"ask_road"`      // the predictions for the next hand
	Stats        StatsReport   `json:"stats"`         // the statistics
}

// BigRoadReport is the big road: logical columns and the drawn grid.
type BigRoadReport struct {
	// Columns are the logical columns, left to right, each top to bottom.
	Columns [][]CellReport `json:"columns"`
	// Grid is the drawn columns, left to right, each exactly 6 entries top to bottom: [column, index]
	// of the logical cell drawn there, or null.
	Grid [][Rows]*[2]int `json:"grid"`
}

// CellReport is one big-road cell.
type CellReport struct {
	W    string `json:"w"`    // winner: "B", "P", or "T" for the leading-tie placeholder
	Ties int    `json:"ties"` // ties after the cell's hand (and, on the first cell, before it)
	BP   bool   `json:"bp"`   // banker pair
	PP   bool   `json:"pp"`   // player pair
}

// DerivedReport is one derived road: its marks in order ("R" red, "B" blue), its logical columns and
// its drawn grid (each drawn column exactly 6 entries, "R", "B" or null).
type DerivedReport struct {
	Marks   string          `json:"marks"`
	Columns []string        `json:"columns"`
	Grid    [][Rows]*string `json:"grid"`
}

// AskReport is the ask road: the prediction of each derived road for a Banker and for a Player hand.
type AskReport struct {
	Banker PredictionReport `json:"banker"` // if the next hand is Banker
	Player PredictionReport `json:"player"` // if the next hand is Player
}

// PredictionReport is the mark each derived road would add, "R", "B", or null for none.
type PredictionReport struct {
	BigEyeBoy    *string `json:"big_eye_boy"`   // the big eye boy's mark
	SmallRoad    *string `json:"small_road"`    // the small road's mark
	CockroachPig *string `json:"cockroach_pig"` // the cockroach pig's mark
}

// StatsReport is the statistics (spec §5). Percentages are of Hands, rounded to one decimal;
// cards_dealt and cards_left are null when the cards are not known.
type StatsReport struct {
	Hands         int          `json:"hands"`          // B + P + T
	Banker        int          `json:"banker"`         // Banker wins
	Player        int          `json:"player"`         // Player wins
	Tie           int          `json:"tie"`            // ties
	BankerPct     float64      `json:"banker_pct"`     // Banker share of hands, %
	PlayerPct     float64      `json:"player_pct"`     // Player share of hands, %
	TiePct        float64      `json:"tie_pct"`        // Tie share of hands, %
	BankerPairs   int          `json:"banker_pairs"`   // hands with a banker pair
	PlayerPairs   int          `json:"player_pairs"`   // hands with a player pair
	Naturals      int          `json:"naturals"`       // hands with a natural
	NonBetting    int          `json:"non_betting"`    // non-betting rounds on the bead plate
	Streak        StreakReport `json:"streak"`         // the current streak
	LongestBanker int          `json:"longest_banker"` // longest Banker column
	LongestPlayer int          `json:"longest_player"` // longest Player column
	CardsDealt    *int         `json:"cards_dealt"`    // cards dealt, or null
	CardsLeft     *int         `json:"cards_left"`     // cards left, or null
}

// StreakReport is the current streak: winner "B" or "P" (null before the first B/P hand) and length.
type StreakReport struct {
	W      *string `json:"w"`      // "B", "P" or null
	Length int     `json:"length"` // hands in the streak
}

// Report is a snapshot of the roads in the JSON shape of spec §7. A NoBet bead carries an "n" after its
// pair marks.
func (r *Roads) Report() Report {
	rep := Report{BeadPlate: [][]string{}}
	for i, b := range r.beads {
		if i%Rows == 0 {
			rep.BeadPlate = append(rep.BeadPlate, make([]string, 0, Rows))
		}
		code := b.Code()
		if b.Kind == engine.KindNoBet {
			code += "n"
		}
		last := len(rep.BeadPlate) - 1
		rep.BeadPlate[last] = append(rep.BeadPlate[last], code)
	}

	big := &r.big
	rep.BigRoad.Columns = make([][]CellReport, big.NumColumns())
	for c := range rep.BigRoad.Columns {
		col := big.Column(c)
		out := make([]CellReport, len(col))
		for i, cell := range col {
			out[i] = CellReport{W: cell.Winner.String(), Ties: cell.Ties, BP: cell.BankerPair, PP: cell.PlayerPair}
		}
		rep.BigRoad.Columns[c] = out
	}
	rep.BigRoad.Grid = make([][Rows]*[2]int, len(big.Grid()))
	for x, dc := range big.Grid() {
		for y, n := range dc {
			if c, i, ok := big.Locate(n); ok {
				rep.BigRoad.Grid[x][y] = &[2]int{c, i}
			}
		}
	}

	reports := [NumDerived]*DerivedReport{&rep.BigEyeBoy, &rep.SmallRoad, &rep.CockroachPig}
	for i, out := range reports {
		d := &r.derived[i]
		marks := make([]byte, len(d.marks))
		for j, m := range d.marks {
			marks[j] = m.String()[0]
		}
		out.Marks = string(marks)
		out.Columns = make([]string, d.NumColumns())
		for c := range out.Columns {
			s := int(d.starts[c])
			out.Columns[c] = string(marks[s : s+d.ColumnLen(c)])
		}
		out.Grid = make([][Rows]*string, len(d.Grid()))
		for x, dc := range d.Grid() {
			for y, n := range dc {
				if m := d.MarkAt(n); m != NoColor {
					s := m.String()
					out.Grid[x][y] = &s
				}
			}
		}
	}

	ask := r.Ask()
	rep.AskRoad.Banker = predictionReport(ask.Banker)
	rep.AskRoad.Player = predictionReport(ask.Player)

	s := r.Stats()
	rep.Stats = StatsReport{
		Hands: s.Hands, Banker: s.Banker, Player: s.Player, Tie: s.Tie,
		BankerPct: round1(s.Percent(engine.Banker)), PlayerPct: round1(s.Percent(engine.Player)),
		TiePct:      round1(s.Percent(engine.Tie)),
		BankerPairs: s.BankerPairs, PlayerPairs: s.PlayerPairs, Naturals: s.Naturals, NonBetting: s.NonBetting,
		Streak:        StreakReport{W: optional(s.Streak.Winner.String()), Length: s.Streak.Length},
		LongestBanker: s.LongestBanker, LongestPlayer: s.LongestPlayer,
	}
	if s.Cards.Known {
		dealt, left := s.Cards.Dealt, s.Cards.Left
		rep.Stats.CardsDealt, rep.Stats.CardsLeft = &dealt, &left
	}
	return rep
}

func predictionReport(p [NumDerived]Color) PredictionReport {
	return PredictionReport{
		BigEyeBoy:    optional(p[BigEyeBoy].String()),
		SmallRoad:    optional(p[SmallRoad].String()),
		CockroachPig: optional(p[CockroachPig].String()),
	}
}

// optional is a pointer to s, or nil for "" (JSON null).
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }
