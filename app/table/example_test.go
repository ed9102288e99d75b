package table

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/engine"
)

// A coup whose cards are unknown, entered as Banker wins with a Banker pair: the journal's
// round record says result_only and source manual, with no cards and totals 0.
func ExampleRoundPayload_resultOnly() {
	su := Setup{ID: "t1", Name: "Baccarat 1"}
	su.Profile, _ = engine.LookupProfile(engine.ProfileVic2002)
	su.Settings, _ = engine.ParseSettings(&su.Profile, nil)
	s, _ := NewState(su)
	now := time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC)
	for _, in := range []engine.Input{
		engine.WordInput(engine.TokShoe, 0), engine.WordInput(engine.TokNoBurn, 0),
		engine.ResultInput(engine.ManualResult{Winner: engine.Banker, BankerPair: true}),
	} {
		a := s.Apply(Input{Game: &in}, now)
		for _, e := range a.Events {
			if e.Kind == engine.EvRound {
				b, _ := json.Marshal(RoundPayload(e.Round, journal.SourceManual, "17"))
				fmt.Println(string(b))
			}
		}
	}
	in, _ := Input{Game: &[]engine.Input{engine.ResultInput(engine.ManualResult{Winner: engine.Player, Natural: true})}[0]}.Encode()
	fmt.Println(string(in))
	// Output:
	// {"n":1,"shoe":1,"player":[],"banker":[],"player_total":0,"banker_total":0,"winner":"B","natural":false,"player_pair":false,"banker_pair":true,"kind":"normal","notes":["result entered by hand, cards unknown"],"source":"manual","operator":"17","result_only":true}
	// {"v":2,"kind":"command","line":"!result player natural"}
}
