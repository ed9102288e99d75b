package desk

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

// TestSettleInBatch settles a coup's wagers as the table does (settleRound: alike wagers settled
// once per coup, settleInBatch) and checks every settlement against engine.Settle of that wager
// alone, with the seat's minimum warning as it stands when the wager is settled (000 7.3.1).
func TestSettleInBatch(t *testing.T) {
	p, _ := engine.LookupProfile(engine.ProfileVic2002)
	sign := engine.Sign{Player: engine.WagerLimit{Min: 1000, Max: 100000}, Banker: engine.WagerLimit{Min: 1000, Max: 100000},
		Tie: engine.WagerLimit{Min: 500, Max: 10000}}
	banker := engine.Outcome{Winner: engine.Banker, PlayerTotal: 5, BankerTotal: 7, PlayerCards: 2, BankerCards: 2, BankerFirstTwo: 7}
	banker6 := engine.Outcome{Winner: engine.Banker, PlayerTotal: 4, BankerTotal: 6, PlayerCards: 3, BankerCards: 2, BankerFirstTwo: 6}
	player := engine.Outcome{Winner: engine.Player, PlayerTotal: 9, BankerTotal: 3, Natural: true, PlayerCards: 2, BankerCards: 2, BankerFirstTwo: 3}
	tie := engine.Outcome{Winner: engine.Tie, PlayerTotal: 6, BankerTotal: 6, PlayerCards: 3, BankerCards: 3, BankerFirstTwo: 2}
	w := func(seat int, k engine.WagerKind, amount int64) engine.Wager {
		return engine.Wager{Seat: seat, Kind: k, Amount: amount, Limit: sign.LimitFor(seat, k)}
	}
	deferred := func(x engine.Wager) engine.Wager { x.DeferCommission = true; return x }
	for _, c := range []struct {
		name   string
		out    engine.Outcome
		wagers []engine.Wager
	}{
		{"seven seats, three kinds alike", banker, []engine.Wager{w(1, engine.WagerPlayer, 2000), w(2, engine.WagerBanker, 2000),
			w(3, engine.WagerTie, 2000), w(4, engine.WagerPlayer, 2000), w(5, engine.WagerBanker, 2000), w(6, engine.WagerTie, 2000), w(7, engine.WagerPlayer, 2000)}},
		{"amounts differ", player, []engine.Wager{w(1, engine.WagerBanker, 2000), w(2, engine.WagerBanker, 2500), w(3, engine.WagerPlayer, 2500),
			w(4, engine.WagerPlayer, 2000), w(5, engine.WagerPlayer, 2500)}},
		{"under the minimum: warned, then void at that seat only", banker, []engine.Wager{w(1, engine.WagerBanker, 500), w(1, engine.WagerBanker, 500),
			w(2, engine.WagerBanker, 500), w(1, engine.WagerTie, 100), w(3, engine.WagerBanker, 500)}},
		{"a tie: Player and Banker returned", tie, []engine.Wager{w(1, engine.WagerPlayer, 2000), w(2, engine.WagerBanker, 2000), w(3, engine.WagerTie, 1000),
			w(4, engine.WagerTie, 1000)}},
		{"deferred commission: against each seat", banker6, []engine.Wager{deferred(w(1, engine.WagerBanker, 2000)), deferred(w(2, engine.WagerBanker, 2000)),
			w(3, engine.WagerBanker, 2000), deferred(w(1, engine.WagerBanker, 2000))}},
		{"more distinct wagers than a batch holds", banker, func() []engine.Wager {
			var ws []engine.Wager
			for i := 0; i < 17; i++ { // more than a coup's wagers usually are (a batch of 8 before the cache was one)
				ws = append(ws, w(1+i%MaxSeat, engine.WagerKind(1+i%3), int64(1000+100*i)))
			}
			return append(ws, ws...)
		}()},
	} {
		t.Run(c.name, func(t *testing.T) {
			tab, err := New(Config{Profile: p, Settings: engine.DefaultSettings(&p), Sign: sign}, DefaultStart)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range c.wagers {
				tab.bets = append(tab.bets, placed{w: x})
			}
			r := engine.Round{N: 4, Shoe: 1, Kind: engine.KindNormal, Outcome: c.out}
			tab.settleRound(&r)
			got := tab.out.Settled
			if len(got) != len(c.wagers) {
				t.Fatalf("%d settlements, want %d", len(got), len(c.wagers))
			}
			var warned [MaxSeat + 1]bool
			for i, x := range c.wagers {
				x.MinimumWarned = warned[x.Seat]
				s, err := engine.Settle(x, c.out, tab.Settlement())
				if err != nil {
					t.Fatalf("wager %d: %v", i, err)
				}
				warned[x.Seat] = warned[x.Seat] || s.Warning
				want := Settled{Shoe: 1, N: 4, Seat: x.Seat, Wager: wagerName(x.Kind), Amount: x.Amount, Result: s.Result, Paid: s.Paid,
					Commission: s.Commission + s.DeferredCommission, Lost: s.Lost, Returned: s.Returned, Notes: s.Notes}
				if !reflect.DeepEqual(got[i], want) {
					t.Errorf("wager %d (%+v):\n got %+v\nwant %+v", i, x, got[i], want)
				}
			}
			if tab.warned != warned {
				t.Errorf("seats warned %v, want %v", tab.warned, warned)
			}
		})
	}
}

// TestSettleCoupAfterCoup settles the same wagers on coup after coup with other outcomes, as a
// table does (settle's cache: an entry found in an earlier coup's pass has its outcome compared),
// and checks every settlement against engine.Settle of that wager alone on that coup's outcome.
func TestSettleCoupAfterCoup(t *testing.T) {
	p, _ := engine.LookupProfile(engine.ProfileVic2002)
	sign := engine.Sign{Player: engine.WagerLimit{Min: 1000, Max: 100000}, Banker: engine.WagerLimit{Min: 1000, Max: 100000},
		Tie: engine.WagerLimit{Min: 500, Max: 10000}}
	outcomes := []engine.Outcome{
		{Winner: engine.Banker, PlayerTotal: 5, BankerTotal: 7, PlayerCards: 2, BankerCards: 2, BankerFirstTwo: 7},
		{Winner: engine.Player, PlayerTotal: 9, BankerTotal: 3, Natural: true, PlayerCards: 2, BankerCards: 2, BankerFirstTwo: 3},
		{Winner: engine.Banker, PlayerTotal: 4, BankerTotal: 6, PlayerCards: 3, BankerCards: 2, BankerFirstTwo: 6},
		{Winner: engine.Tie, PlayerTotal: 6, BankerTotal: 6, PlayerCards: 3, BankerCards: 3, BankerFirstTwo: 2},
		{Winner: engine.Banker, PlayerTotal: 5, BankerTotal: 7, PlayerCards: 2, BankerCards: 2, BankerFirstTwo: 7},
	}
	tab, err := New(Config{Profile: p, Settings: engine.DefaultSettings(&p), Sign: sign}, DefaultStart)
	if err != nil {
		t.Fatal(err)
	}
	for n, out := range append(append([]engine.Outcome(nil), outcomes...), outcomes...) {
		var wagers []engine.Wager
		for seat := 1; seat <= MaxSeat; seat++ {
			k := engine.WagerKind(1 + (seat+n)%3)
			wagers = append(wagers, engine.Wager{Seat: seat, Kind: k, Amount: 2000, Limit: sign.LimitFor(seat, k)})
		}
		for _, x := range wagers {
			tab.bets = append(tab.bets, placed{w: x})
		}
		tab.out.reset()
		tab.settleRound(&engine.Round{N: n + 1, Shoe: 1, Kind: engine.KindNormal, Outcome: out})
		if len(tab.out.Settled) != len(wagers) {
			t.Fatalf("coup %d: %d settlements, want %d", n+1, len(tab.out.Settled), len(wagers))
		}
		for i, x := range wagers {
			s, err := engine.Settle(x, out, tab.Settlement())
			if err != nil {
				t.Fatalf("coup %d, wager %d: %v", n+1, i, err)
			}
			if got := tab.out.Settled[i]; got.Result != s.Result || got.Paid != s.Paid || got.Lost != s.Lost || got.Returned != s.Returned ||
				got.Commission != s.Commission+s.DeferredCommission || !reflect.DeepEqual(got.Notes, s.Notes) {
				t.Errorf("coup %d (%+v), wager %+v:\n got %+v\nwant %+v", n+1, out, x, got, s)
			}
		}
	}
}

// TestSettleOutcomeInEachPass settles a Banker wager at a Crown table (Banker 6 pays half,
// 000 1.1, 5.1) on a Banker win with its cards, and on a Banker win entered without its cards,
// which cannot be settled (whether Banker won on 6 is unknown: the wager is returned). The two
// outcomes share settle's cache slot, so a settling pass that took an entry of another coup's
// pass for its own would pay the second as the first: on the next coup, and on a coup corrected
// after the fact (resettle).
func TestSettleOutcomeInEachPass(t *testing.T) {
	p, _ := engine.LookupProfile(engine.ProfileVic2002)
	set := engine.DefaultSettings(&p)
	set.Version = "crown"
	sign := engine.Sign{Player: engine.WagerLimit{Min: 1000, Max: 100000}, Banker: engine.WagerLimit{Min: 1000, Max: 100000}}
	tab, err := New(Config{Profile: p, Settings: set, Sign: sign}, DefaultStart)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Settlement().Banker != engine.BankerSixPaysHalf {
		t.Fatalf("settlement %v, want Banker 6 pays half", tab.Settlement().Banker)
	}
	w := engine.Wager{Seat: 2, Kind: engine.WagerBanker, Amount: 2000, Limit: sign.Banker}
	cards := engine.Outcome{Winner: engine.Banker, PlayerTotal: 5, BankerTotal: 7, PlayerCards: 2, BankerCards: 2, BankerFirstTwo: 7}
	byHand := engine.Outcome{Winner: engine.Banker, TotalsUnknown: true}
	check := func(what string, out engine.Outcome) {
		t.Helper()
		got := tab.out.Settled[len(tab.out.Settled)-1]
		want := engine.Settlement{Result: engine.ResultVoid, Returned: w.Amount}
		if s, err := engine.Settle(w, out, tab.Settlement()); err == nil {
			want = s
		}
		if got.Result != want.Result || got.Paid != want.Paid || got.Returned != want.Returned {
			t.Errorf("%s: got %v paid %d returned %d, want %v paid %d returned %d", what, got.Result, got.Paid, got.Returned, want.Result, want.Paid, want.Returned)
		}
	}
	for n, out := range []engine.Outcome{cards, byHand, cards} {
		tab.out.reset()
		tab.bets = append(tab.bets, placed{w: w})
		tab.settleRound(&engine.Round{N: n + 1, Shoe: 1, Kind: engine.KindNormal, Outcome: out})
		check(fmt.Sprintf("coup %d", n+1), out)
	}
	tab.out.reset()
	tab.resettle(&engine.Round{N: 3, Shoe: 1, Kind: engine.KindNormal, Outcome: byHand}, "000 13.4")
	if len(tab.out.Settled) != 2 {
		t.Fatalf("coup 3 corrected: %d settlements, want the reversal and the new one", len(tab.out.Settled))
	}
	check("coup 3 corrected to a result entered by hand", byHand)
}

// TestSameSettlementEveryField checks sameSettlement, which compares a wager with a settled one
// field by field, against the key settle builds (the whole wager with its minimum warning, its seat
// only where a commission is deferred) compared whole: for a change of each field of engine.Wager in
// turn, with and without a deferral and a warning. A field added to engine.Wager and not compared
// by sameSettlement fails here.
func TestSameSettlementEveryField(t *testing.T) {
	key := func(w engine.Wager, warned bool) engine.Wager {
		w.MinimumWarned = warned
		if !w.DeferCommission {
			w.Seat = 0
		}
		return w
	}
	// change sets the leaf fields of v (a struct's fields in turn) to another value.
	var change func(v reflect.Value)
	change = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			v.SetInt(v.Int() + 7)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			v.SetUint(v.Uint() + 7)
		case reflect.Bool:
			v.SetBool(!v.Bool())
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				change(v.Field(i))
			}
		default:
			t.Fatalf("engine.Wager has a field of kind %v: teach this test (and sameSettlement) about it", v.Kind())
		}
	}
	base := engine.Wager{Seat: 3, Kind: engine.WagerBanker, Amount: 2000, Limit: engine.WagerLimit{Min: 1000, Max: 100000, Multiple: 100}, Covers: 0}
	typ := reflect.TypeOf(base)
	for _, deferred := range []bool{false, true} {
		for _, warned := range []bool{false, true} {
			settled := base
			settled.DeferCommission = deferred
			k := key(settled, warned)
			for i := 0; i < typ.NumField(); i++ {
				for _, w := range []engine.Wager{settled, func() engine.Wager { w := settled; change(reflect.ValueOf(&w).Elem().Field(i)); return w }()} {
					for _, warnedNow := range []bool{false, true} {
						want := key(w, warnedNow) == k
						if got := sameSettlement(&k, &w, warnedNow); got != want {
							t.Errorf("deferred %v, warned %v, field %s changed: wager %+v warned %v: sameSettlement %v, want %v",
								deferred, warned, typ.Field(i).Name, w, warnedNow, got, want)
						}
					}
				}
			}
		}
	}
}
