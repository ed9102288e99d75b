package table

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// crownState is a vic Crown table offering Insurance/No 6 (000 1.1, 6.5.4), with a shoe in play.
func crownState(t testing.TB, sign func(*engine.Sign)) (*State, time.Time) {
	t.Helper()
	su := setup(t, "vic-baccarat-2002", "version=crown", "insurance_no6=true")
	if sign != nil {
		sign(&su.Sign)
	}
	s, err := NewState(su)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	for _, in := range []engine.Input{engine.WordInput(engine.TokShoe, 0), engine.WordInput(engine.TokNoBurn, 0)} {
		s.Apply(Input{Game: &in}, now)
	}
	return s, now
}

func cards(t *testing.T, s *State, now time.Time, codes ...string) Applied {
	t.Helper()
	var all Applied
	for _, code := range codes {
		c, err := engine.ParseCard(code)
		if err != nil {
			t.Fatal(err)
		}
		in := engine.CardInput(c, engine.PosNone, engine.SourceShoe)
		a := s.Apply(Input{Game: &in}, now)
		all.Events = append(all.Events, a.Events...)
		all.Settled = append(all.Settled, a.Settled...)
	}
	return all
}

func insure(s *State, now time.Time, seat int, amount, covers int64) error {
	return s.Apply(Input{Command: &desk.Command{Verb: desk.VerbBet, Wager: desk.WagerInsurance, Seat: seat, Amount: amount, Covers: covers}}, now).Refused
}

// TestInsuranceSettled: a wager placed while Insurance/No 6 is open is settled with its round:
// 2 to 1 on every result but a Banker win with 6, which it loses (000 1.1, 10.1).
func TestInsuranceSettled(t *testing.T) {
	tests := []struct {
		name  string
		third []string // the cards after the initial deal P 2 4, B 3 3 (Banker 6, Player 4 draws)
		want  string
		net   int64
	}{
		{"player wins 9 to 6", []string{"5C"}, "seat 3 insurance wins $20; Insurance/No 6 wins on every result but a Banker win with 6: pays 2:1 (000 1.1, 10.1)", 2000},
		{"banker wins with 6", []string{"9C"}, "seat 3 insurance loses $10: Banker won with 6 (000 1.1)", -1000},
		{"banker draws and wins with 7", []string{"6C", "AD"}, "seat 3 insurance wins $20; Insurance/No 6 wins on every result but a Banker win with 6: pays 2:1 (000 1.1, 10.1)", 2000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, now := crownState(t, nil)
			a := cards(t, s, now, "2C", "3D", "2H", "3S")
			if !slices.ContainsFunc(a.Events, func(e engine.Event) bool { return e.Kind == engine.EvInsurance }) || !s.Game().InsuranceOpen {
				t.Fatalf("Insurance/No 6 did not open: %+v", a.Events)
			}
			if err := insure(s, now, 3, 1000, 5000); err != nil {
				t.Fatal(err)
			}
			if got := s.Insurance(); len(got) != 1 || got[0].Amount != 1000 || got[0].Covers != 5000 {
				t.Fatalf("pending insurance %+v", got)
			}
			a = cards(t, s, now, tt.third...)
			if len(a.Settled) != 1 || a.Settled[0].Paid-a.Settled[0].Lost != tt.net {
				t.Fatalf("settled %+v, want net %d", a.Settled, tt.net)
			}
			if msgs := s.Messages(); msgs[len(msgs)-1] != tt.want {
				t.Errorf("message %q, want %q", msgs[len(msgs)-1], tt.want)
			}
			if len(s.Insurance()) != 0 {
				t.Error("insurance still pending after its round")
			}
		})
	}
}

// TestInsuranceRefused: the wager is refused, with the rule, unless it is open and within the
// covered wager and the table's maximum; nothing is registered.
func TestInsuranceRefused(t *testing.T) {
	tests := []struct {
		name   string
		deal   []string
		seat   int
		amount int64
		covers int64
		want   string
	}{
		{"between rounds", nil, 3, 1000, 0, "(000 1.1): Insurance/No 6 is open only when"},
		{"banker 7, not 6", []string{"2C", "3D", "2H", "4S"}, 3, 1000, 0, "(000 1.1): Insurance/No 6 is open only when"},
		{"player stands on 6", []string{"2C", "3D", "4H", "3S"}, 3, 1000, 0, "(000 1.1): Insurance/No 6 is open only when"},
		{"zero", []string{"2C", "3D", "2H", "3S"}, 3, 0, 0, "a wager of nothing"},
		{"negative", []string{"2C", "3D", "2H", "3S"}, 3, -500, 0, "a wager of nothing"},
		{"not a chip", []string{"2C", "3D", "2H", "3S"}, 3, 1050, 0, "smallest chip"},
		{"over the covered wager", []string{"2C", "3D", "2H", "3S"}, 3, 2000, 1000, "000 1.1"},
		{"over the maximum", []string{"2C", "3D", "2H", "3S"}, 3, 30000, 0, "maximum $200"},
		{"bad seat", []string{"2C", "3D", "2H", "3S"}, -1, 1000, 0, "seat -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, now := crownState(t, func(sg *engine.Sign) { sg.Insurance = engine.WagerLimit{Min: 500, Max: 20000} })
			cards(t, s, now, tt.deal...)
			err := insure(s, now, tt.seat, tt.amount, tt.covers)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want …%s…", err, tt.want)
			}
			if len(s.Insurance()) != 0 {
				t.Errorf("a refused wager was registered: %+v", s.Insurance())
			}
		})
	}
	t.Run("after the third card", func(t *testing.T) {
		s, now := crownState(t, nil)
		cards(t, s, now, "2C", "3D", "2H", "3S", "6C") // Banker 6 draws on a 6: the round goes on
		if err := insure(s, now, 3, 1000, 0); err == nil || !strings.Contains(err.Error(), "000 1.1") {
			t.Fatalf("error %v", err)
		}
	})
	t.Run("not offered", func(t *testing.T) {
		s, err := NewState(setup(t, "vic-baccarat-2002", "version=crown"))
		if err != nil {
			t.Fatal(err)
		}
		if err := insure(s, time.Now(), 3, 1000, 0); err == nil || !strings.Contains(err.Error(), "6.5.4") {
			t.Fatalf("error %v", err)
		}
	})
}

// TestInsuranceReturnedWhenCancelled: a round voided after the wager returns it; the journal
// input round-trips the covered wager.
func TestInsuranceReturnedWhenCancelled(t *testing.T) {
	s, now := crownState(t, nil)
	cards(t, s, now, "2C", "3D", "2H", "3S")
	if err := insure(s, now, 0, 1000, 0); err != nil {
		t.Fatal(err)
	}
	void := engine.WordInput(engine.TokVoid, 0)
	a := s.Apply(Input{Game: &void}, now)
	if len(a.Settled) != 1 || a.Settled[0].Result != engine.ResultVoid || a.Settled[0].Returned != 1000 {
		t.Fatalf("settled %+v", a.Settled)
	}
	if msgs := s.Messages(); !strings.HasPrefix(msgs[len(msgs)-1], "standing player insurance $10 returned; coup 1 has no result") {
		t.Errorf("message %q", msgs[len(msgs)-1])
	}
	in := Input{Command: &desk.Command{Verb: desk.VerbBet, Wager: desk.WagerInsurance, Seat: 2, Amount: 1000, Covers: 2500}}
	b, err := in.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeInput(b)
	if err != nil || back.Command == nil || !reflect.DeepEqual(*back.Command, *in.Command) {
		t.Fatalf("decode %s: %+v %v", b, back.Command, err)
	}
	if string(b) != `{"v":2,"kind":"command","line":"!bet 2 insurance 10 covers=25"}` { // journal schema v2 (app/journal/inputs)
		t.Errorf("payload %s", b)
	}
}

// TestResultOnlyRecord: a result entered without cards is journalled as a round record that
// says result_only and source manual, with no cards and no totals, and reaches the roads
// without a total.
func TestResultOnlyRecord(t *testing.T) {
	s, now := crownState(t, nil)
	in := engine.ResultInput(engine.ManualResult{Winner: engine.Banker, BankerPair: true})
	a := s.Apply(Input{Game: &in}, now)
	recs, err := s.Records(a, now, Msg{Source: journal.SourceManual, Actor: journal.Actor{Role: "dealer", ID: "17"}})
	if err != nil || len(recs) != 1 || recs[0].Kind != journal.KindRound {
		t.Fatalf("records %+v, %v", recs, err)
	}
	r, err := journal.DecodeRound(recs[0].Payload)
	if err != nil {
		t.Fatal(err)
	}
	if !r.ResultOnly || r.Source != journal.SourceManual || r.Operator != "17" || r.Winner != "B" || !r.BankerPair ||
		len(r.Player)+len(r.Banker) != 0 || r.PlayerTotal+r.BankerTotal != 0 || !slices.Contains(r.Notes, engine.NoteResultOnly) {
		t.Fatalf("round record %+v", r)
	}
	if h, ok := s.Roads().Round(0); !ok || h.TotalKnown || h.Winner != engine.Banker {
		t.Errorf("roads hand %+v", h)
	}
	if s.Game().CountsKnown {
		t.Error("card counts still known after a result entered without cards")
	}
}

// BenchmarkInsuranceCoup is a coup on which Insurance/No 6 opens, one wager is placed and
// settled with the round: five cards, the wager, the settlement and its note.
func BenchmarkInsuranceCoup(b *testing.B) {
	s, now := crownState(b, nil)
	var ins [5]engine.Input
	for i, code := range []string{"2C", "3D", "2H", "3S", "5C"} {
		c, _ := engine.ParseCard(code)
		ins[i] = engine.CardInput(c, engine.PosNone, engine.SourceShoe)
	}
	op := Input{Command: &desk.Command{Verb: desk.VerbBet, Wager: desk.WagerInsurance, Seat: 3, Amount: 1000}}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		if n++; n%6 == 0 { // a fresh shoe before any card is seen more often than 6 decks hold
			shoe, noburn := engine.WordInput(engine.TokShoe, 0), engine.WordInput(engine.TokNoBurn, 0)
			s.Apply(Input{Game: &shoe}, now)
			s.Apply(Input{Game: &noburn}, now)
		}
		for i := range 4 {
			s.Apply(Input{Game: &ins[i]}, now)
		}
		if a := s.Apply(op, now); a.Refused != nil {
			b.Fatal(a.Refused)
		}
		if a := s.Apply(Input{Game: &ins[4]}, now); len(a.Settled) != 1 {
			b.Fatalf("settled %+v", a.Settled)
		}
	}
}
