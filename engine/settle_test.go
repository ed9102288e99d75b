package engine

import (
	"reflect"
	"strings"
	"testing"
)

func mustVic(t testing.TB, version string, ins bool) SettlementRules {
	t.Helper()
	r, err := SettlementVic2002(version, ins, false)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustACT(t testing.TB, m string) SettlementRules {
	t.Helper()
	r, err := SettlementACT2012(m)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// outcome builds a finished coup: winner from the totals; Player drew when pc is 3.
func outcome(pt, bt, bankerFirstTwo, pc int) Outcome {
	return Outcome{Winner: Decide(pt, bt), PlayerTotal: pt, BankerTotal: bt, BankerFirstTwo: bankerFirstTwo, PlayerCards: pc, BankerCards: 2}
}

var (
	pWins   = outcome(8, 5, 5, 2)
	bWins7  = outcome(3, 7, 7, 3)
	bWins6  = outcome(2, 6, 6, 3) // Insurance/No 6 was offered: Banker 6 on two cards, Player drew
	tie6    = outcome(6, 6, 6, 3)
	pWinsI  = outcome(7, 6, 6, 3)
	bWins6S = outcome(5, 6, 6, 2) // Banker wins with 6, Player stood (no insurance)
)

func checkConserved(t *testing.T, name string, s Settlement) {
	t.Helper()
	w := s.Wager
	if w.Amount != s.Returned+s.Lost {
		t.Errorf("%s: amount %d != returned %d + lost %d", name, w.Amount, s.Returned, s.Lost)
	}
	if s.Won != s.Paid+s.Commission+s.DeferredCommission && !(s.DeferredCommission > 0 && s.Paid == s.Won) {
		t.Errorf("%s: won %d != paid %d + commission %d + deferred %d", name, s.Won, s.Paid, s.Commission, s.DeferredCommission)
	}
	if s.Net != s.Paid-s.Lost || s.Valid+s.Void != w.Amount || s.Paid < 0 || s.Commission < 0 || s.Valid < 0 {
		t.Errorf("%s: inconsistent %+v", name, s)
	}
}

func TestSettle(t *testing.T) {
	trad := mustVic(t, "traditional", false)
	tradDiff := trad
	tradDiff.DifferentialMin, tradDiff.DifferentialMax = 100000, 300000 // $1000, $3000
	crown := mustVic(t, "crown", true)
	actA, actB := mustACT(t, "A"), mustACT(t, "B")
	actCents := actA
	actCents.SmallestChip = 1
	nz98, nz, nzSix := SettlementNZ1998(), SettlementNZ(false), SettlementNZ(true)

	tests := []struct {
		name    string
		rules   SettlementRules
		w       Wager
		o       Outcome
		result  Result
		valid   int64
		paid    int64
		comm    int64
		lost    int64
		warn    bool
		rule    string // a rule number that must be among the notes
		wantErr string
	}{
		// vic-baccarat-2002 Traditional (000 10.1, 7.3, 7.5)
		{name: "vic player wins 1:1", rules: trad, w: Wager{Kind: WagerPlayer, Amount: 10000}, o: pWins, result: ResultWin, valid: 10000, paid: 10000, rule: "000 10.1"},
		{name: "vic player loses", rules: trad, w: Wager{Kind: WagerPlayer, Amount: 10000}, o: bWins7, result: ResultLose, valid: 10000, lost: 10000},
		{name: "vic player pushes on tie", rules: trad, w: Wager{Kind: WagerPlayer, Amount: 10000}, o: tie6, result: ResultPush, valid: 10000, rule: "000 10.1 ***"},
		{name: "vic banker pushes on tie", rules: trad, w: Wager{Kind: WagerBanker, Amount: 10000}, o: tie6, result: ResultPush, valid: 10000},
		{name: "vic banker less 5%", rules: trad, w: Wager{Kind: WagerBanker, Amount: 10000}, o: bWins7, result: ResultWin, valid: 10000, paid: 9500, comm: 500},
		{name: "vic banker 5% of a win on 6 too", rules: trad, w: Wager{Kind: WagerBanker, Amount: 10000}, o: bWins6, result: ResultWin, valid: 10000, paid: 9500, comm: 500},
		{name: "vic banker $25 paid up to $24", rules: trad, w: Wager{Kind: WagerBanker, Amount: 2500}, o: bWins7, result: ResultWin, valid: 2500, paid: 2400, comm: 100, rule: "000 7.3.3"},
		{name: "vic tie 8:1", rules: trad, w: Wager{Kind: WagerTie, Amount: 1000}, o: tie6, result: ResultWin, valid: 1000, paid: 8000},
		{name: "vic tie loses", rules: trad, w: Wager{Kind: WagerTie, Amount: 1000}, o: pWins, result: ResultLose, valid: 1000, lost: 1000},
		{name: "vic banker over min differential pays extra 2.5%", rules: tradDiff, w: Wager{Kind: WagerBanker, Amount: 200000}, o: bWins7, result: ResultWin, valid: 200000, paid: 187500, comm: 12500, rule: "000 7.5.1-7.5.2"},
		{name: "vic player over min differential pays 2.5%", rules: tradDiff, w: Wager{Kind: WagerPlayer, Amount: 200000}, o: pWins, result: ResultWin, valid: 200000, paid: 197500, comm: 2500, rule: "000 7.5.1-7.5.2"},
		{name: "vic wager over max differential: excess void", rules: tradDiff, w: Wager{Kind: WagerPlayer, Amount: 400000}, o: pWins, result: ResultWin, valid: 300000, paid: 295000, comm: 5000, rule: "000 7.5"},
		{name: "vic below minimum settled once with warning", rules: trad, w: Wager{Kind: WagerPlayer, Amount: 1000, Limit: WagerLimit{Min: 2500, Max: 100000}}, o: pWins, result: ResultWin, valid: 1000, paid: 1000, warn: true, rule: "000 7.3.1"},
		{name: "vic above maximum settled to the maximum", rules: trad, w: Wager{Kind: WagerPlayer, Amount: 150000, Limit: WagerLimit{Min: 2500, Max: 100000}}, o: pWins, result: ResultWin, valid: 100000, paid: 100000, rule: "000 7.3.2"},
		{name: "vic above maximum lost to the maximum", rules: trad, w: Wager{Kind: WagerPlayer, Amount: 150000, Limit: WagerLimit{Max: 100000}}, o: bWins7, result: ResultLose, valid: 100000, lost: 100000},
		{name: "vic off multiple warned", rules: trad, w: Wager{Kind: WagerPlayer, Amount: 2700, Limit: WagerLimit{Min: 2500, Multiple: 500}}, o: pWins, result: ResultWin, valid: 2700, paid: 2700, warn: true, rule: "000 7.3.3"},
		{name: "vic deferred commission", rules: trad, w: Wager{Seat: 3, Kind: WagerBanker, Amount: 2500, DeferCommission: true}, o: bWins7, result: ResultWin, valid: 2500, paid: 2500, rule: "000 10.2.1"},
		{name: "vic deferred commission standing player refused", rules: trad, w: Wager{Kind: WagerBanker, Amount: 2500, DeferCommission: true}, o: bWins7, wantErr: "seated players only"},
		{name: "vic insurance refused on traditional", rules: trad, w: Wager{Kind: WagerInsurance, Amount: 1000, Covers: 1000}, o: bWins6, wantErr: "not offered at this table"},
		// vic-baccarat-2002 Crown (000 1.1, 10.1)
		{name: "crown banker 6 pays half", rules: crown, w: Wager{Kind: WagerBanker, Amount: 10000}, o: bWins6, result: ResultWin, valid: 10000, paid: 5000, rule: "000 1.1"},
		{name: "crown banker $5 on 6 paid up to $3", rules: crown, w: Wager{Kind: WagerBanker, Amount: 500}, o: bWins6, result: ResultWin, valid: 500, paid: 300, rule: "000 7.3.3"},
		{name: "crown banker 7 pays 1:1", rules: crown, w: Wager{Kind: WagerBanker, Amount: 10000}, o: bWins7, result: ResultWin, valid: 10000, paid: 10000},
		{name: "crown insurance loses to banker 6", rules: crown, w: Wager{Kind: WagerInsurance, Amount: 5000, Covers: 10000}, o: bWins6, result: ResultLose, valid: 5000, lost: 5000},
		{name: "crown insurance wins on a tie", rules: crown, w: Wager{Kind: WagerInsurance, Amount: 5000, Covers: 10000}, o: tie6, result: ResultWin, valid: 5000, paid: 10000, rule: "000 1.1, 10.1"},
		{name: "crown insurance wins on player", rules: crown, w: Wager{Kind: WagerInsurance, Amount: 5000, Covers: 10000}, o: pWinsI, result: ResultWin, valid: 5000, paid: 10000},
		{name: "crown insurance limited to the covered wager", rules: crown, w: Wager{Kind: WagerInsurance, Amount: 15000, Covers: 10000}, o: pWinsI, result: ResultWin, valid: 10000, paid: 20000, rule: "000 1.1"},
		{name: "crown insurance not offered when player stood", rules: crown, w: Wager{Kind: WagerInsurance, Amount: 5000, Covers: 10000}, o: bWins6S, wantErr: "not offered on this coup"},
		{name: "crown insurance with nothing covered", rules: crown, w: Wager{Kind: WagerInsurance, Amount: 5000}, o: bWins6, wantErr: "no Player or Banker wager"},
		// act-mini-baccarat-2012 (001 8.6-8.7; silent on chips)
		{name: "act A banker $25 paid exactly", rules: actA, w: Wager{Kind: WagerBanker, Amount: 2500}, o: bWins7, result: ResultWin, valid: 2500, paid: 2375, comm: 125, rule: "book silent"},
		{name: "act A fraction of a cent to the player", rules: actCents, w: Wager{Kind: WagerBanker, Amount: 30}, o: bWins7, result: ResultWin, valid: 30, paid: 29, comm: 1},
		{name: "act A player", rules: actA, w: Wager{Kind: WagerPlayer, Amount: 2500}, o: pWins, result: ResultWin, valid: 2500, paid: 2500, rule: "001 8.6(a)"},
		{name: "act B banker 6 pays half exactly", rules: actB, w: Wager{Kind: WagerBanker, Amount: 500}, o: bWins6, result: ResultWin, valid: 500, paid: 250, rule: "book silent"},
		{name: "act B banker 7", rules: actB, w: Wager{Kind: WagerBanker, Amount: 500}, o: bWins7, result: ResultWin, valid: 500, paid: 500},
		{name: "act tie", rules: actB, w: Wager{Kind: WagerTie, Amount: 500}, o: tie6, result: ResultWin, valid: 500, paid: 4000},
		{name: "act no deferral", rules: actA, w: Wager{Seat: 1, Kind: WagerBanker, Amount: 500, DeferCommission: true}, o: bWins7, wantErr: "does not allow deferred"},
		// nz-baccarat-1998 (002 5.7-5.9)
		{name: "nz98 banker payable part valid", rules: nz98, w: Wager{Kind: WagerBanker, Amount: 2500}, o: bWins7, result: ResultWin, valid: 2000, paid: 1900, comm: 100, rule: "002 5.8-5.9"},
		{name: "nz98 banker payable part lost", rules: nz98, w: Wager{Kind: WagerBanker, Amount: 2500}, o: pWins, result: ResultLose, valid: 2000, lost: 2000},
		{name: "nz98 banker $10 wholly void", rules: nz98, w: Wager{Kind: WagerBanker, Amount: 1000}, o: bWins7, result: ResultVoid, valid: 0},
		{name: "nz98 player not affected", rules: nz98, w: Wager{Kind: WagerPlayer, Amount: 2500}, o: pWins, result: ResultWin, valid: 2500, paid: 2500},
		{name: "nz98 banker $40 exact", rules: nz98, w: Wager{Kind: WagerBanker, Amount: 4000}, o: bWins7, result: ResultWin, valid: 4000, paid: 3800, comm: 200},
		// nz-baccarat (004 5.10-5.13)
		{name: "nz banker payable part", rules: nz, w: Wager{Kind: WagerBanker, Amount: 2500}, o: bWins7, result: ResultWin, valid: 2000, paid: 1900, comm: 100, rule: "004 5.12-5.13"},
		{name: "nz six-half: 5.12 does not apply", rules: nzSix, w: Wager{Kind: WagerBanker, Amount: 2500}, o: bWins6, result: ResultWin, valid: 2500, paid: 1250, rule: "book silent"},
		{name: "nz six-half banker 7", rules: nzSix, w: Wager{Kind: WagerBanker, Amount: 2500}, o: bWins7, result: ResultWin, valid: 2500, paid: 2500},
		{name: "below minimum after the warning is returned", rules: actA, w: Wager{Kind: WagerPlayer, Amount: 1000, Limit: WagerLimit{Min: 2500}, MinimumWarned: true}, o: pWins, result: ResultVoid, valid: 0, rule: "001 3.4"},
		// bad input
		{name: "not a chip amount", rules: trad, w: Wager{Kind: WagerPlayer, Amount: 2550}, o: pWins, wantErr: "smallest chip"},
		{name: "zero amount", rules: trad, w: Wager{Kind: WagerPlayer}, o: pWins, wantErr: "out of range"},
		{name: "no result", rules: trad, w: Wager{Kind: WagerPlayer, Amount: 100}, o: Outcome{}, wantErr: "no result"},
		{name: "unknown kind", rules: trad, w: Wager{Kind: 9, Amount: 100}, o: pWins, wantErr: "unknown wager"},
		{name: "bad limit", rules: trad, w: Wager{Kind: WagerPlayer, Amount: 100, Limit: WagerLimit{Min: 500, Max: 100}}, o: pWins, wantErr: "above maximum"},
	}
	for _, tt := range tests {
		s, err := Settle(tt.w, tt.o, tt.rules)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%s: error %v, want %q", tt.name, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if s.Result == ResultVoid && (s.Returned != tt.w.Amount || s.Paid != 0) {
			t.Errorf("%s: void wager not returned whole: %+v", tt.name, s)
		}
		if s.Result != tt.result || s.Valid != tt.valid || s.Paid != tt.paid || s.Commission != tt.comm || s.Lost != tt.lost || s.Warning != tt.warn {
			t.Errorf("%s: got %s valid %d paid %d commission %d lost %d warn %v; want %s valid %d paid %d commission %d lost %d warn %v\nnotes %v",
				tt.name, s.Result, s.Valid, s.Paid, s.Commission, s.Lost, s.Warning, tt.result, tt.valid, tt.paid, tt.comm, tt.lost, tt.warn, s.Notes)
		}
		if tt.rule != "" && !hasRule(s.Notes, tt.rule) {
			t.Errorf("%s: notes %v lack rule %q", tt.name, s.Notes, tt.rule)
		}
		checkConserved(t, tt.name, s)
	}
}

func TestChipExact(t *testing.T) {
	trad := mustVic(t, "traditional", false)
	tradDiff := trad
	tradDiff.DifferentialMin = 100000
	crown := mustVic(t, "crown", false)
	nz := SettlementNZ1998()
	tests := []struct {
		name    string
		rules   SettlementRules
		w       Wager
		exact   bool
		payable int64
	}{
		{"banker $20 less 5% is $19", trad, Wager{Kind: WagerBanker, Amount: 2000}, true, 2000},
		{"banker $25 less 5% is $23.75", trad, Wager{Kind: WagerBanker, Amount: 2500}, false, 2000},
		{"banker $10 has no payable part", nz, Wager{Kind: WagerBanker, Amount: 1000}, false, 0},
		{"banker $45 on nz: $40 payable", nz, Wager{Kind: WagerBanker, Amount: 4500}, false, 4000},
		{"crown banker $5: a 6 pays $2.50", crown, Wager{Kind: WagerBanker, Amount: 500}, false, 400},
		{"crown banker $6", crown, Wager{Kind: WagerBanker, Amount: 600}, true, 600},
		{"player $25", trad, Wager{Kind: WagerPlayer, Amount: 2500}, true, 2500},
		{"player over the differential: 2.5% of $500", tradDiff, Wager{Kind: WagerPlayer, Amount: 150000}, false, 148000},
		{"tie", trad, Wager{Kind: WagerTie, Amount: 700}, true, 700},
		{"not a chip amount", trad, Wager{Kind: WagerTie, Amount: 750}, false, 700},
	}
	for _, tt := range tests {
		if got := ChipExact(tt.w, tt.rules); got != tt.exact {
			t.Errorf("%s: ChipExact = %v", tt.name, got)
		}
		if got := PayablePart(tt.w, tt.rules); got != tt.payable {
			t.Errorf("%s: PayablePart = %d, want %d", tt.name, got, tt.payable)
		}
	}
}

func hasRule(notes []Note, rule string) bool {
	for _, n := range notes {
		if n.Rule == rule || strings.Contains(n.Rule, rule) {
			return true
		}
	}
	return false
}

func TestSettleDeferredRecorded(t *testing.T) {
	trad := mustVic(t, "traditional", false)
	var l CommissionLedger
	for _, amt := range []int64{2500, 10000} {
		s, err := Settle(Wager{Seat: 4, Kind: WagerBanker, Amount: amt, DeferCommission: true}, bWins7, trad)
		if err != nil {
			t.Fatal(err)
		}
		if s.Paid != amt || s.DeferredCommission != amt/20 {
			t.Fatalf("deferred settlement of %d: %+v", amt, s)
		}
		if err := l.Record(s); err != nil {
			t.Fatal(err)
		}
	}
	if got := l.Owed(4); got != 125+500 {
		t.Fatalf("seat 4 owes %d, want 625", got)
	}
}

func TestSettlementConstructors(t *testing.T) {
	if _, err := SettlementVic2002("traditional", true, false); err == nil {
		t.Error("insurance on traditional accepted")
	}
	if _, err := SettlementVic2002("royal", false, false); err == nil {
		t.Error("unknown version accepted")
	}
	if _, err := SettlementACT2012("C"); err == nil {
		t.Error("unknown method accepted")
	}
	r := SettlementNZ1998()
	r.DifferentialMin = 100
	if err := r.Validate(); err == nil || !strings.Contains(err.Error(), "differential_min") {
		t.Errorf("differential_min on nz: %v", err)
	}
	r = SettlementNZ(false)
	r.Runs = true
	if err := r.Validate(); err == nil || !strings.Contains(err.Error(), "runs") {
		t.Errorf("runs on nz: %v", err)
	}
	r = mustACT(t, "A")
	r.SmallestChip = 0
	if err := r.Validate(); err == nil || !strings.Contains(err.Error(), "smallest_chip") {
		t.Errorf("smallest_chip 0: %v", err)
	}
	for _, tc := range []struct {
		r    SettlementRules
		want BankerPayout
	}{{mustVic(t, "crown", false), BankerSixPaysHalf}, {mustACT(t, "B"), BankerSixPaysHalf}, {SettlementNZ(true), BankerSixPaysHalf}, {mustACT(t, "A"), BankerCommission}} {
		if tc.r.Banker != tc.want || tc.r.Validate() != nil {
			t.Errorf("%+v: banker %v", tc.r, tc.r.Banker)
		}
	}
}

func TestCiteBook(t *testing.T) {
	for _, tc := range []struct{ in, book, want string }{
		{"000 10.1, 001 8.6(a), 002 5.7(a), 004 5.10(a)", "001", "001 8.6(a)"},
		{"000 1.1, 10.1", "000", "000 1.1, 10.1"},
		{"000 1.1, 001 8.7(b), 004 5.11", "004", "004 5.11"},
		{"000 1.1, 10.1", "002", "000 1.1, 10.1"},
		{"000 7.3.1, 001 3.4", "", "000 7.3.1, 001 3.4"},
		{"book silent", "001", "book silent"},
		{"000 1.1, 001 2.2, 000 5.5, 6.6", "000", "000 1.1, 000 5.5, 6.6"}, // not together: joined
		{"001 2.2, 000 1.1, 10.1, 002 3.3", "000", "000 1.1, 10.1"},
		{"001 2.2, 000 1.1", "000", "000 1.1"},
	} {
		if got := CiteBook(tc.in, tc.book); got != tc.want {
			t.Errorf("CiteBook(%q, %q) = %q, want %q", tc.in, tc.book, got, tc.want)
		}
	}
	s, _ := Settle(Wager{Kind: WagerBanker, Amount: 2500}, bWins7, SettlementNZ1998())
	if len(s.Notes) == 0 || s.Notes[0].Rule != "002 5.8-5.9" {
		t.Errorf("nz-1998 notes cite %v", s.Notes)
	}
}

func TestFormatBP(t *testing.T) {
	if got := formatBP(250); got != "2.5%" {
		t.Errorf("formatBP(250) = %q", got)
	}
}

func TestReduceForDifferential(t *testing.T) {
	nz := SettlementNZ1998()
	nz.DifferentialMax = 1000
	vic := mustVic(t, "traditional", false)
	vic.DifferentialMin = 5000
	act := mustACT(t, "A")
	act.DifferentialMax = 1000
	tests := []struct {
		name    string
		rules   SettlementRules
		wagers  []Wager
		want    []int64
		reduced bool
		err     bool
	}{
		{"nz heavier hand pro rata", nz, []Wager{{Kind: WagerBanker, Amount: 3000}, {Kind: WagerBanker, Amount: 1000}, {Kind: WagerPlayer, Amount: 1000}, {Kind: WagerTie, Amount: 5000}}, []int64{1500, 500, 1000, 5000}, true, false},
		{"nz rounds to the chip, remainder to the first", nz, []Wager{{Kind: WagerBanker, Amount: 1000}, {Kind: WagerBanker, Amount: 1000}, {Kind: WagerBanker, Amount: 1000}}, []int64{400, 300, 300}, true, false},
		{"nz within the maximum", nz, []Wager{{Kind: WagerBanker, Amount: 2000}, {Kind: WagerPlayer, Amount: 1000}}, []int64{2000, 1000}, false, false},
		{"vic total over the minimum differential", vic, []Wager{{Kind: WagerPlayer, Amount: 4000}, {Kind: WagerPlayer, Amount: 4000}, {Kind: WagerBanker, Amount: 3000}}, []int64{2500, 2500, 3000}, true, false},
		{"act has no reduction rule", act, []Wager{{Kind: WagerBanker, Amount: 3000}}, nil, false, true},
		{"negative amount", nz, []Wager{{Kind: WagerBanker, Amount: -3}}, nil, false, true},
	}
	for _, tt := range tests {
		d, err := ReduceForDifferential(tt.wagers, tt.rules)
		if (err != nil) != tt.err {
			t.Errorf("%s: error %v", tt.name, err)
			continue
		}
		if tt.err {
			continue
		}
		if d.Reduced != tt.reduced || len(d.Wagers) != len(tt.want) {
			t.Errorf("%s: reduced %v, %d wagers", tt.name, d.Reduced, len(d.Wagers))
			continue
		}
		for i, rw := range d.Wagers {
			if rw.Wager.Amount != tt.want[i] || rw.Wager.Amount+rw.Void != tt.wagers[i].Amount {
				t.Errorf("%s: wager %d = %d (void %d), want %d", tt.name, i, rw.Wager.Amount, rw.Void, tt.want[i])
			}
		}
		if tt.reduced && len(d.Notes) == 0 {
			t.Errorf("%s: no note", tt.name)
		}
	}
	d, _ := ReduceForDifferential([]Wager{{Kind: WagerBanker, Amount: 3000}, {Kind: WagerPlayer, Amount: 500}}, nz)
	if diff := d.Banker - d.Player; diff > nz.DifferentialMax {
		t.Errorf("differential after reduction %d", diff)
	}
	if got, _ := Differential([]Wager{{Kind: WagerBanker, Amount: 300}, {Kind: WagerPlayer, Amount: 1000}, {Kind: WagerTie, Amount: 99}}); got != 700 {
		t.Errorf("Differential = %d", got)
	}
}

func BenchmarkSettle(b *testing.B) {
	trad, _ := SettlementVic2002("traditional", false, false)
	trad.DifferentialMin = 100000
	w := Wager{Seat: 2, Kind: WagerBanker, Amount: 250000, Limit: WagerLimit{Min: 2500, Max: 500000}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Settle(w, bWins7, trad); err != nil {
			b.Fatal(err)
		}
	}
}

// TestForSettlement: every wager settles the same on an outcome and on its ForSettlement.
func TestForSettlement(t *testing.T) {
	crown, _ := SettlementVic2002("crown", true, false)
	trad, _ := SettlementVic2002("traditional", false, false)
	trad.DifferentialMin = 100000
	for _, rules := range []SettlementRules{crown, trad, SettlementNZ1998(), SettlementNZ(true)} {
		for _, w := range []Wager{{Kind: WagerPlayer, Amount: 2500}, {Kind: WagerBanker, Amount: 2500, Limit: WagerLimit{Min: 5000, Max: 100000}},
			{Kind: WagerTie, Amount: 1000}, {Kind: WagerInsurance, Amount: 1000, Covers: 2000}, {Kind: WagerBanker, Amount: 250000}} {
			for pt := 0; pt <= 9; pt++ {
				for bt := 0; bt <= 9; bt++ {
					for _, cards := range [][3]int{{2, 2, 6}, {3, 2, 6}, {3, 3, 6}, {2, 3, 4}, {3, 2, 5}} {
						o := Outcome{Winner: Decide(pt, bt), PlayerTotal: pt, BankerTotal: bt, PlayerCards: cards[0], BankerCards: cards[1], BankerFirstTwo: cards[2], Natural: pt > 7}
						a, errA := Settle(w, o, rules)
						b, errB := Settle(w, o.ForSettlement(), rules)
						if (errA == nil) != (errB == nil) || !reflect.DeepEqual(a, b) {
							t.Fatalf("%+v on %+v: %+v (%v) != %+v (%v)", w, o, a, errA, b, errB)
						}
					}
				}
			}
		}
	}
}
