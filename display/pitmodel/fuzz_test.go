package pitmodel

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"github.com/coupboard/coupboard/pitwire"
)

// FuzzApply feeds the board arbitrary lines of JSON: it never panics, and a message that is
// refused or is a duplicate changes nothing.
func FuzzApply(f *testing.F) {
	f.Add([]byte(`{"v":1,"table":"T1","seq":1,"type":"shoe_started","shoe":1}
{"v":1,"table":"T1","seq":2,"type":"round","shoe":1,"round":{"n":1,"kind":"normal","winner":"B","player_total":3,"banker_total":7,"player_cards":2,"banker_cards":3}}
{"v":1,"table":"T1","seq":3,"type":"round","shoe":1,"round":{"n":1,"kind":"cancelled"}}`))
	f.Add([]byte(`{"v":1,"table":"T1","seq":5,"type":"round","shoe":2,"round":{"n":4,"kind":"nobet","winner":"T","player_total":6,"banker_total":6,"player_cards":2,"banker_cards":2}}
{"v":1,"table":"T1","seq":5,"type":"round","shoe":2,"round":{"n":5,"kind":"normal","winner":"T","player_total":6,"banker_total":6,"player_cards":2,"banker_cards":2}}
{"v":1,"table":"T1","seq":6,"type":"round","shoe":2,"round":{"n":4,"kind":"normal","winner":"P","player_total":6,"banker_total":2,"player_cards":2,"banker_cards":2}}`))
	f.Add([]byte(`{"v":1,"table":"T2","seq":9,"type":"heartbeat"}
{"v":1,"table":"T2","seq":1,"type":"status","status":{"state":"closing","closes_at":"2026-01-01T00:00:00Z"}}
{"v":1,"table":"T2","seq":2,"type":"limits","limits":{"currency":"AUD","bets":[{"bet":"tie","min":5,"max":50}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b := New(Config{})
		now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		for i, line := range bytes.Split(data, []byte("\n")) {
			m, err := pitwire.Decode(line)
			if err != nil {
				continue
			}
			before := b.Summaries()
			r, err := b.Apply(m, now.Add(time.Duration(i)*time.Second))
			if err != nil || r == Duplicate {
				if after := b.Summaries(); !reflect.DeepEqual(before, after) {
					t.Fatalf("line %d (%v, %v) changed the board", i, r, err)
				}
			}
			for _, tb := range b.Tables() {
				st := tb.Stats()
				if st.Banker+st.Player+st.Tie != st.Hands {
					t.Fatalf("table %s: counts %+v do not add up", tb.ID, st)
				}
				_ = b.Liveness(tb, now)
			}
		}
	})
}
