package journal

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/engine"
)

func TestDecodeRound(t *testing.T) {
	good := `{"n":3,"shoe":2,"player":["AS","7D"],"banker":["TD","6C","3H"],"player_total":8,"banker_total":9,` +
		`"winner":"B","natural":true,"player_pair":false,"banker_pair":false,"kind":"normal","notes":["11.2 excess card"],"source":"shoe","operator":"D7"}`
	r, err := DecodeRound([]byte(good))
	if err != nil {
		t.Fatal(err)
	}
	want := Round{N: 3, Shoe: 2, Player: []string{"AS", "7D"}, Banker: []string{"TD", "6C", "3H"}, PlayerTotal: 8, BankerTotal: 9,
		Winner: "B", Natural: true, Kind: RoundNormal, Notes: []string{"11.2 excess card"}, Source: "shoe", Operator: "D7"}
	if !reflect.DeepEqual(r, want) {
		t.Errorf("DecodeRound = %+v", r)
	}
	tests := []struct{ name, payload, want string }{
		{"not JSON", `{"n":`, "decode round"},
		{"unknown field", strings.Replace(good, `"n":3`, `"n":3,"bet":5`, 1), "unknown field"},
		{"trailing data", good + `{}`, "after the object"},
		{"round 0", strings.Replace(good, `"n":3`, `"n":0`, 1), "round number 0"},
		{"shoe 0", strings.Replace(good, `"shoe":2`, `"shoe":0`, 1), "shoe 0"},
		{"total 10", strings.Replace(good, `"banker_total":9`, `"banker_total":10`, 1), "must be 0-9"},
		{"winner against totals", strings.Replace(good, `"winner":"B"`, `"winner":"P"`, 1), "make it \"B\""},
		{"four cards", strings.Replace(good, `"3H"]`, `"3H","4H"]`, 1), "at most 3"},
		{"unknown kind", strings.Replace(good, `"normal"`, `"dummy"`, 1), "kind \"dummy\""},
		{"cancelled with winner", strings.Replace(good, `"normal"`, `"cancelled"`, 1), "cancelled round has winner"},
		{"result only with cards", strings.Replace(good, `"operator":"D7"`, `"operator":"D7","result_only":true`, 1), "result only"},
		{"result only with totals", `{"n":1,"shoe":1,"player":[],"banker":[],"player_total":0,"banker_total":4,"winner":"B","kind":"normal","result_only":true}`, "result only"},
		{"result only, no winner", `{"n":1,"shoe":1,"player":[],"banker":[],"player_total":0,"banker_total":0,"winner":"","kind":"nobet","result_only":true}`, "must be B, P or T"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := DecodeRound([]byte(tc.payload)); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("DecodeRound error = %v, want …%s…", err, tc.want)
			}
		})
	}
	// A result entered without cards: no cards and totals 0 whatever the winner (issue 10).
	for _, w := range []string{"B", "P", "T"} {
		byHand := Round{N: 4, Shoe: 1, Player: []string{}, Banker: []string{}, Winner: w, PlayerPair: true, Kind: RoundNormal,
			Notes: []string{"result entered by hand, cards unknown"}, Source: "manual", Operator: "D7", ResultOnly: true}
		p, err := byHand.Payload()
		if err != nil {
			t.Fatalf("result only %s: %v", w, err)
		}
		if !bytes.Contains(p, []byte(`"result_only":true`)) {
			t.Errorf("payload %s lacks result_only", p)
		}
		if back, err := DecodeRound(p); err != nil || !reflect.DeepEqual(back, byHand) {
			t.Errorf("result only round trip = %+v, %v", back, err)
		}
	}
	cancelled := Round{N: 1, Shoe: 1, Kind: RoundCancelled, Notes: []string{"11.11 not enough cards"}}
	p, err := cancelled.Payload()
	if err != nil {
		t.Fatal(err)
	}
	if back, err := DecodeRound(p); err != nil || !reflect.DeepEqual(back, cancelled) {
		t.Errorf("cancelled round round trip = %+v, %v", back, err)
	}
}

// FuzzDecodeRound: any payload is either refused or decodes to a round that passes Check and
// encodes back to a payload that decodes to the same round.
func FuzzDecodeRound(f *testing.F) {
	f.Add([]byte(`{"n":1,"shoe":1,"player":["AS","7D"],"banker":["TD","6C"],"player_total":8,"banker_total":6,"winner":"P","natural":true,"kind":"normal"}`))
	f.Add([]byte(`{"n":2,"shoe":1,"kind":"cancelled","notes":["x"]}`))
	f.Add([]byte(`{"n":1,"shoe":1,"player_total":5,"banker_total":5,"winner":"T","kind":"nobet"}`))
	f.Add([]byte(`{"n":3,"shoe":1,"player":[],"banker":[],"player_total":0,"banker_total":0,"winner":"B","kind":"normal","result_only":true}`))
	f.Add([]byte(`{"n":-1}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, payload []byte) {
		r, err := DecodeRound(payload)
		if err != nil {
			return
		}
		if err := r.Check(); err != nil {
			t.Fatalf("decoded round fails Check: %v", err)
		}
		p, err := r.Payload()
		if err != nil {
			t.Fatalf("Payload of a decoded round: %v", err)
		}
		back, err := DecodeRound(p)
		if err != nil || !reflect.DeepEqual(back, r) {
			t.Fatalf("round trip %s -> %+v, %v; want %+v", p, back, err, r)
		}
	})
}

// FuzzAppendRecord: any record is either refused with ErrInvalidRecord or stored and read
// back byte for byte, with a chain that verifies.
func FuzzAppendRecord(f *testing.F) {
	f.Add(int64(1700000000000000000), "input.shoe", "shoe", "", "", "", int64(1), []byte(`{"card":"AS"}`))
	f.Add(int64(1), "input.operator", "operator", "supervisor", "S1", "void", int64(0), []byte(`null`))
	f.Add(int64(-5), "round", "", "", "", "\xff", int64(-1), []byte(`{`))
	f.Add(int64(0), "", "x", "y", "z", "w", int64(3), []byte{})
	j, _ := openTemp(f, Options{TailCheck: -1, SkipIntegrityCheck: true})
	f.Fuzz(func(t *testing.T, ns int64, kind, source, role, id, reason string, shoe int64, payload []byte) {
		r := Record{Time: time.Unix(0, ns), Kind: kind, Source: source, Actor: Actor{Role: role, ID: id}, Reason: reason, Shoe: shoe, Payload: payload}
		out, err := j.AppendBatch(r)
		if err != nil {
			if !strings.Contains(err.Error(), ErrInvalidRecord.Error()) {
				t.Fatalf("AppendBatch: %v", err)
			}
			return
		}
		got, err := j.collect("read back", selectColumns+" WHERE seq = ?", out[0].Seq)
		if err != nil || len(got) != 1 {
			t.Fatalf("read back: %v %v", got, err)
		}
		g := got[0]
		if g.Hash != g.ComputeHash() || g.Hash != out[0].Hash || !g.Time.Equal(r.Time) || g.Kind != kind || g.Source != source ||
			g.Actor != r.Actor || g.Reason != reason || g.Shoe != shoe || !bytes.Equal(g.Payload, payload) {
			t.Fatalf("stored %+v, read back %+v", out[0], g)
		}
		if len(payload) > 0 && !json.Valid(g.Payload) {
			t.Fatalf("stored invalid JSON %q", g.Payload)
		}
	})
}

// TestSourcesAreTheEngines: a card's sources are spelled as the engine spells them, and each
// input source is journalled under its own kind of record.
func TestSourcesAreTheEngines(t *testing.T) {
	if engine.SourceShoe.String() != SourceShoe || engine.SourceManual.String() != SourceManual {
		t.Errorf("the engine's card sources are %q and %q, the journal's %q and %q",
			engine.SourceShoe, engine.SourceManual, SourceShoe, SourceManual)
	}
	for src, want := range map[string]string{SourceShoe: KindShoe, SourceManual: KindManual, SourceOperator: KindOperator,
		SourceConfig: KindConfig, "": KindShoe} {
		if got := InputKind(src); got != want {
			t.Errorf("InputKind(%q) = %q, want %q", src, got, want)
		}
	}
}

// TestRoundWithoutKind: the zero kind is normal, so a round record that leaves its kind out,
// or gives it as null, is refused rather than read as a normal round.
func TestRoundWithoutKind(t *testing.T) {
	for _, payload := range []string{
		`{"n":1,"shoe":1,"player":[],"banker":[],"player_total":0,"banker_total":0,"winner":"T","natural":false,"player_pair":false,"banker_pair":false}`,
		`{"n":1,"shoe":1,"player":[],"banker":[],"player_total":0,"banker_total":0,"winner":"T","natural":false,"player_pair":false,"banker_pair":false,"kind":null}`,
	} {
		if r, err := DecodeRound([]byte(payload)); err == nil || !strings.Contains(err.Error(), `"kind"`) {
			t.Errorf("DecodeRound(%s) = %+v, %v; want an error naming the kind", payload, r, err)
		}
	}
}
