package pitwire

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
)

func TestDecode(t *testing.T) {
	tests := []struct {
		name string
		in   string
		ok   bool
	}{
		{"round", `{"v":1,"table":"T1","seq":5,"type":"round","time":"2026-01-02T03:04:05Z","shoe":2,"round":{"n":3,"kind":"normal","winner":"B","player_total":5,"banker_total":7,"natural":false,"player_pair":false,"banker_pair":true,"player_cards":3,"banker_cards":2,"banker_first_two":7}}`, true},
		{"cancelled", `{"v":1,"table":"T1","seq":6,"type":"round","shoe":2,"round":{"n":3,"kind":"cancelled"}}`, true},
		{"heartbeat no seq", `{"v":1,"table":"T1","type":"heartbeat"}`, true},
		{"shoe started", `{"v":1,"table":"T1","seq":1,"type":"shoe_started","shoe":1}`, true},
		{"closing", `{"v":1,"table":"T1","seq":1,"type":"status","status":{"name":"B7","game":"Baccarat","state":"closing","closes_at":"2026-01-02T03:04:05Z"}}`, true},
		{"closing without time", `{"v":1,"table":"T1","seq":1,"type":"status","status":{"state":"closing"}}`, false},
		{"wrong winner", `{"v":1,"table":"T1","seq":5,"type":"round","round":{"n":3,"kind":"normal","winner":"P","player_total":5,"banker_total":7,"player_cards":2,"banker_cards":2}}`, false},
		{"total 10", `{"v":1,"table":"T1","seq":5,"type":"round","round":{"n":3,"kind":"normal","winner":"P","player_total":10,"banker_total":7,"player_cards":2,"banker_cards":2}}`, false},
		{"four cards", `{"v":1,"table":"T1","seq":5,"type":"round","round":{"n":3,"kind":"normal","winner":"B","player_total":5,"banker_total":7,"player_cards":4,"banker_cards":2}}`, false},
		{"round 0", `{"v":1,"table":"T1","seq":5,"type":"round","round":{"n":0,"kind":"normal","winner":"T","player_total":5,"banker_total":5,"player_cards":2,"banker_cards":2}}`, false},
		{"no round", `{"v":1,"table":"T1","seq":5,"type":"round"}`, false},
		{"bad kind", `{"v":1,"table":"T1","seq":5,"type":"round","round":{"n":1,"kind":"x","winner":"T","player_total":5,"banker_total":5,"player_cards":2,"banker_cards":2}}`, false},
		{"version 2", `{"v":2,"table":"T1","seq":1,"type":"shoe_ended"}`, false},
		{"wildcard table", `{"v":1,"table":"T*","seq":1,"type":"shoe_ended"}`, false},
		{"dotted table", `{"v":1,"table":"a.b","seq":1,"type":"shoe_ended"}`, false},
		{"no seq", `{"v":1,"table":"T1","type":"shoe_ended"}`, false},
		{"unknown type", `{"v":1,"table":"T1","seq":1,"type":"x"}`, false},
		{"limits min>max", `{"v":1,"table":"T1","seq":1,"type":"limits","limits":{"currency":"AUD","bets":[{"bet":"tie","min":50,"max":10}]}}`, false},
		{"limits", `{"v":1,"table":"T1","seq":1,"type":"limits","limits":{"currency":"AUD","bets":[{"bet":"player_banker","min":10,"max":5000}]}}`, true},
		{"negative shoe", `{"v":1,"table":"T1","seq":1,"type":"shoe_ended","shoe":-1}`, false},
		{"not json", `{`, false},
		{"result only", `{"v":1,"table":"T1","seq":5,"type":"round","round":{"n":3,"kind":"normal","winner":"B","player_total":0,"banker_total":0,"natural":true,"player_pair":false,"banker_pair":true,"player_cards":0,"banker_cards":0,"banker_first_two":0,"result_only":true}}`, true},
		{"result only tie", `{"v":1,"table":"T1","seq":5,"type":"round","round":{"n":3,"kind":"nobet","winner":"T","player_cards":0,"banker_cards":0,"result_only":true}}`, true},
		{"result only with cards", `{"v":1,"table":"T1","seq":5,"type":"round","round":{"n":3,"kind":"normal","winner":"B","player_total":5,"banker_total":7,"player_cards":2,"banker_cards":2,"result_only":true}}`, false},
		{"result only no winner", `{"v":1,"table":"T1","seq":5,"type":"round","round":{"n":3,"kind":"normal","winner":"","result_only":true}}`, false},
		{"head", `{"v":1,"table":"T1","seq":42,"type":"head","head":{"hash":"3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f"}}`, true},
		{"head no seq", `{"v":1,"table":"T1","type":"head","head":{"hash":"3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f"}}`, false},
		{"head no hash", `{"v":1,"table":"T1","seq":42,"type":"head"}`, false},
		{"head short hash", `{"v":1,"table":"T1","seq":42,"type":"head","head":{"hash":"3f3f"}}`, false},
		{"head upper-case hash", `{"v":1,"table":"T1","seq":42,"type":"head","head":{"hash":"3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F3F"}}`, false},
		{"head in a round", `{"v":1,"table":"T1","seq":6,"type":"round","shoe":2,"round":{"n":3,"kind":"cancelled"},"head":{"hash":"3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f3f"}}`, false},
		{"no cards without result only", `{"v":1,"table":"T1","seq":5,"type":"round","round":{"n":3,"kind":"normal","winner":"T","player_cards":0,"banker_cards":0}}`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode([]byte(tc.in))
			if tc.ok && err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if !tc.ok && !errors.Is(err, ErrInvalid) {
				t.Fatalf("Decode = %v, want ErrInvalid", err)
			}
		})
	}
}

func TestRoundTrip(t *testing.T) {
	o := engine.Outcome{Winner: engine.Player, PlayerTotal: 9, BankerTotal: 3, Natural: true, PlayerPair: true, PlayerCards: 2, BankerCards: 3, BankerFirstTwo: 1}
	r := RoundFromOutcome(12, engine.KindNormal, o)
	m := Message{V: Version, Table: "Bac-07", Seq: 99, Type: TypeRound, Time: time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC), Shoe: 4, Round: &r}
	b, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, m) {
		t.Fatalf("round trip:\n got %+v\nwant %+v", got, m)
	}
	if got.Round.Outcome() != o {
		t.Fatalf("Outcome() = %+v, want %+v", got.Round.Outcome(), o)
	}
	// A result entered without cards keeps its flag, so the board does not read totals 0-0.
	byHand := engine.Outcome{Winner: engine.Banker, BankerPair: true, Natural: true, TotalsUnknown: true}
	rb := RoundFromOutcome(13, engine.KindNormal, byHand)
	m.Round = &rb
	if b, err = Encode(m); err != nil {
		t.Fatal(err)
	}
	if got, err = Decode(b); err != nil || !got.Round.ResultOnly || got.Round.Outcome() != byHand {
		t.Fatalf("result only round trip: %+v, %v", got.Round, err)
	}
	if s := Subject("Bac-07", TypeRound); s != "table.Bac-07.round" {
		t.Fatalf("Subject = %q", s)
	}
}

func TestCheckSubject(t *testing.T) {
	for _, c := range []struct {
		table   string
		typ     Type
		subject string
		ok      bool
	}{
		{"T1", TypeRound, "", true}, // not read from the bus
		{"T1", TypeRound, "table.T1.round", true},
		{"T1", TypeHeartbeat, "table.T1.heartbeat", true},
		{"T2", TypeRound, "table.T1.round", false},          // another table's id on T1's subject
		{"T1", TypeRound, "table.T1.status", false},         // another type
		{"T1", TypeRound, "table.T1.round.extra", false},    // not a table subject
		{"T1", TypeRound, "table.t1.round", false},          // ids are case-sensitive
		{"T1", TypeShoeStarted, "table.T1.round", false},    // a shoe start on the round subject
		{"T1", TypeRound, "TABLE.T1.round", false},          // subjects are case-sensitive
		{"T1", TypeHeartbeat, "table.T1.heartbeat ", false}, // not the subject
	} {
		m := Message{Table: c.table, Type: c.typ, Subject: c.subject}
		err := m.CheckSubject()
		if (err == nil) != c.ok || err != nil && !errors.Is(err, ErrForged) {
			t.Errorf("%s %s on %q: %v, want ok %v", c.table, c.typ, c.subject, err, c.ok)
		}
	}
	// The subject never travels in the JSON.
	b, err := Encode(Message{V: Version, Table: "T1", Type: TypeHeartbeat, Subject: "table.T1.heartbeat"})
	if err != nil || strings.Contains(string(b), "subject") {
		t.Fatalf("encoded %s, %v", b, err)
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"v":1,"table":"T1","seq":5,"type":"round","shoe":2,"round":{"n":3,"kind":"normal","winner":"B","player_total":5,"banker_total":7,"player_cards":3,"banker_cards":2}}`))
	f.Add([]byte(`{"v":1,"table":"T1","seq":1,"type":"status","status":{"state":"closing","closes_at":"2026-01-02T03:04:05Z"}}`))
	f.Add([]byte(`{"v":1,"table":"T1","seq":1,"type":"shoe_started","limits":{"bets":[{"bet":"tie","min":1,"max":2}]}}`))
	f.Add([]byte(`{"v":1,"table":"T1","type":"heartbeat"}`))
	f.Add([]byte(`{"v":1,"table":"T1","seq":9,"type":"notice","shoe":2,"notice":{"change":4,"item":"minimum","bet":"player","old":1000,"new":2500,"currency":"AUD","posted":"2026-01-02T03:00:00Z","effective":"2026-01-02T03:30:00Z","rule":"000 7.7","text":"Minimum Player changes to $25 at 03:30"}}`))
	f.Add([]byte(`{"v":1,"table":"T1","seq":9,"type":"notice","shoe":2,"notice":{"change":6,"item":"settlement","old_settlement":"commission","new_settlement":"six_pays_half","posted":"2026-01-02T03:00:00Z","effective":"2026-01-02T03:20:00Z","text":"From 03:20"}}`))
	f.Add([]byte(`{"v":1,"table":"T1","seq":7,"type":"limits","shoe":2,"limits":{"currency":"AUD","bets":[{"bet":"player_banker","min":2500,"max":500000}],"differential_min":500000,"differential_max":2000000,"settlement":"commission"}}`))
	f.Add([]byte(`{"v":1,"table":"T1","seq":1,"type":"shoe_started","limits":{"currency":"AUD","bets":[{"bet":"tie","min":1,"max":2}],"differential_max":100000,"settlement":"six_pays_half"}}`))
	f.Add([]byte(`{"v":1,"table":"T1","seq":11,"type":"withdrawn","shoe":2,"withdrawn":{"change":4,"posted":"2026-01-02T03:00:00Z","effective":"2026-01-02T03:30:00Z","kinds":["raise_minimum","maximum"],"rule":"000 7.7, 13.7"}}`))
	f.Add([]byte(`{"v":1,"table":"T1","seq":12,"type":"withdrawn","shoe":2,"withdrawn":{"change":9,"posted":"2026-01-02T03:00:00Z","effective":"2026-01-02T04:00:00Z","kinds":["close"]}}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"v":1,"table":"BAC-07","seq":40,"type":"round_corrected","shoe":3,"corrected":{"round":` + correctedRound + `,"replaces":` + firstRound + `,"rule":"000 13.10"}}`))
	f.Add([]byte(`{"v":1,"table":"T1","seq":5,"type":"round","shoe":2,"round":{"n":3,"kind":"normal","winner":"P","natural":true,"result_only":true}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			return
		}
		// A valid message encodes, and decodes again to the same message.
		b, err := Encode(m)
		if err != nil {
			t.Fatalf("valid message does not encode: %v", err)
		}
		m2, err := Decode(b)
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		if !reflect.DeepEqual(m.Round, m2.Round) || !reflect.DeepEqual(m.Notice, m2.Notice) || !reflect.DeepEqual(m.Limits, m2.Limits) || m.Table != m2.Table || m.Seq != m2.Seq || m.Type != m2.Type {
			t.Fatalf("round trip changed the message: %+v vs %+v", m, m2)
		}
		if m.Type == TypeRound && m.Round.Kind != engine.KindCancelled && !m.Round.ResultOnly && engine.Decide(m.Round.PlayerTotal, m.Round.BankerTotal) != m.Round.Outcome().Winner {
			t.Fatalf("accepted an inconsistent round %+v", m.Round)
		}
		if l := m.Limits; l != nil && (l.DifferentialMin < 0 || l.DifferentialMax < 0 || l.DifferentialMin > 0 && l.DifferentialMax > 0 && l.DifferentialMin > l.DifferentialMax ||
			l.Settlement != "" && l.Settlement != SettleCommission && l.Settlement != SettleSixPaysHalf) {
			t.Fatalf("accepted a sign with differentials %d..%d, settlement %q", l.DifferentialMin, l.DifferentialMax, l.Settlement)
		}
		if m.Type == TypeRound && m.Round.ResultOnly && (m.Round.PlayerTotal|m.Round.BankerTotal|m.Round.PlayerCards|m.Round.BankerCards|m.Round.BankerFirstTwo != 0 || m.Round.Outcome().Winner == engine.WinnerNone && m.Round.Kind != engine.KindCancelled) {
			t.Fatalf("accepted a result-only round with totals or cards, or no winner: %+v", m.Round)
		}
	})
}
