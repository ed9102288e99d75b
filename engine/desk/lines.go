package desk

import (
	"encoding/json"
	"time"

	"github.com/coupboard/coupboard/engine"
)

// The JSON lines of spec/table-script.md §2, one per settlement, run, commission, notice, sign
// and refusal. Amounts are in cents; times are the table clock's "15:04:05".

type settleLine struct {
	Event      string   `json:"event"`
	Shoe       int      `json:"shoe"`
	N          int      `json:"n"`
	Seat       int      `json:"seat"`
	Wager      Wager    `json:"wager"`
	Amount     int64    `json:"amount"`
	Raise      int64    `json:"raise,omitempty"`
	Result     string   `json:"result"`
	Paid       int64    `json:"paid"`
	Commission int64    `json:"commission"`
	Notes      []string `json:"notes"`
	Reverses   string   `json:"reverses,omitempty"`
}

type runLine struct {
	Event    string   `json:"event"`
	ID       int      `json:"id"`
	Seat     int      `json:"seat"`
	Kind     string   `json:"kind"`
	Length   int      `json:"length"`
	Amount   int64    `json:"amount"`
	Valid    int64    `json:"valid"`
	State    string   `json:"state"`
	Paid     int64    `json:"paid"`
	Notes    []string `json:"notes"`
	Reverses string   `json:"reverses,omitempty"`
}

type commissionLine struct {
	Event     string `json:"event"`
	Seat      int    `json:"seat"`
	Owed      *int64 `json:"owed,omitempty"`
	Collected *int64 `json:"collected,omitempty"`
	Rule      string `json:"rule"`
}

type noticeLine struct {
	Event     string `json:"event"`
	Posted    string `json:"posted"`
	Effective string `json:"effective"`
	Text      string `json:"text"`
}

type withdrawnLine struct {
	Event     string `json:"event"`
	Posted    string `json:"posted"`
	Effective string `json:"effective"`
	Change    string `json:"change"`
	Rule      string `json:"rule"`
}

type signLine struct {
	Event           string             `json:"event"`
	At              string             `json:"at"`
	Closed          bool               `json:"closed,omitempty"`
	Player          *engine.WagerLimit `json:"player,omitempty"`
	Banker          *engine.WagerLimit `json:"banker,omitempty"`
	Tie             *engine.WagerLimit `json:"tie,omitempty"`
	Insurance       *engine.WagerLimit `json:"insurance,omitempty"`
	Runs            *engine.WagerLimit `json:"runs,omitempty"`
	DifferentialMin int64              `json:"differential_min,omitempty"`
	DifferentialMax int64              `json:"differential_max,omitempty"`
	Settlement      string             `json:"settlement,omitempty"`
	Markers         []engine.Marker    `json:"markers,omitempty"`
}

type refusedLine struct {
	Event   string `json:"event"`
	Line    int    `json:"line"`
	Command Verb   `json:"command"`
	Rule    string `json:"rule"`
	Reason  string `json:"reason"`
}

func notes(ns []engine.Note) []string {
	out := make([]string, 0, len(ns))
	for _, n := range ns {
		out = append(out, n.String())
	}
	return out
}

func clock(t time.Time) string { return t.UTC().Format("15:04:05") }

func limit(l engine.WagerLimit) *engine.WagerLimit {
	if l == (engine.WagerLimit{}) {
		return nil
	}
	return &l
}

// Lines appends to dst the §2 lines of an outcome, each ending in a newline, in this order:
// notices, withdrawals, signs, settlements, runs, commission, refusals. redDog names the sign's one wager "bet".
func (o *Outcome) Lines(dst []byte, redDog bool) []byte {
	add := func(v any) {
		b, err := json.Marshal(v)
		if err != nil { // every line is plain data; this cannot fail
			b = []byte(`{"event":"error"}`)
		}
		dst = append(append(dst, b...), '\n')
	}
	for _, n := range o.Notices {
		add(noticeLine{Event: "notice", Posted: clock(n.Posted), Effective: clock(n.Effective), Text: n.Text})
	}
	for _, w := range o.Withdrawn {
		add(withdrawnLine{Event: "withdrawn", Posted: clock(w.Posted), Effective: clock(w.Effective), Change: w.Kinds.String(), Rule: w.Rule})
	}
	for _, s := range o.Signs {
		l := signLine{Event: "sign", At: clock(s.At), Closed: s.Closed}
		if !s.Closed {
			l.Player, l.Banker, l.Tie, l.Insurance, l.Runs = limit(s.Sign.Player), limit(s.Sign.Banker), limit(s.Sign.Tie), limit(s.Sign.Insurance), limit(s.Sign.Run)
			l.DifferentialMin, l.DifferentialMax, l.Markers = s.Sign.DifferentialMin, s.Sign.DifferentialMax, s.Sign.Markers
			if s.Sign.Settlement != 0 {
				l.Settlement = s.Sign.Settlement.String()
			}
		}
		if redDog {
			type rd struct {
				Event  string             `json:"event"`
				At     string             `json:"at"`
				Closed bool               `json:"closed,omitempty"`
				Bet    *engine.WagerLimit `json:"bet,omitempty"`
			}
			add(rd{Event: "sign", At: l.At, Closed: l.Closed, Bet: l.Player})
			continue
		}
		add(l)
	}
	for _, s := range o.Settled {
		l := settleLine{Event: "settle", Shoe: s.Shoe, N: s.N, Seat: s.Seat, Wager: s.Wager, Amount: s.Amount, Raise: s.Raise,
			Result: s.Result.String(), Paid: s.Paid, Commission: s.Commission, Notes: notes(s.Notes)}
		if s.Reverses != 0 {
			l.Reverses = s.Reverses.String()
		}
		add(l)
	}
	for _, r := range o.Runs {
		l := runLine{Event: "run", ID: r.Run.ID, Seat: r.Run.Seat, Kind: runWords[r.Run.Kind], Length: r.Run.Length,
			Amount: r.Asked, Valid: r.Run.Amount, State: r.Run.State.String(), Paid: r.Paid, Notes: notes(r.Notes)}
		if r.Reverses != 0 {
			l.Reverses = r.Reverses.String()
		}
		add(l)
	}
	for _, c := range o.Commission {
		l := commissionLine{Event: "commission", Seat: c.Seat, Rule: c.Rule}
		if c.Collected != 0 {
			l.Collected = &c.Collected
		} else {
			l.Owed = &c.Owed
		}
		add(l)
	}
	for _, r := range o.Refused {
		add(refusedLine{Event: "refused", Line: r.Line, Command: r.Command, Rule: r.Rule, Reason: r.Reason})
	}
	return dst
}
