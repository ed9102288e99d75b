package reddog_test

import (
	"encoding/json"
	"fmt"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

func ExampleReplay() {
	toks, err := engine.ParseScript(`shoe
QC                 # burned face down (4.6)
3H 9S 5D           # spread 5: 5D is between, wins 1:1
4H 5C              # no spread: push, no third card (7.2.2.1)
8D 8S 8H           # pair, then three of a kind: 11:1 (7.2.3.1)
JD faceup 2S KC 6D # 2S found face up in the shoe: discarded (9.2); spread 1, 6D loses
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	recs, err := reddog.Replay(toks, 8)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range recs {
		b, _ := json.Marshal(r)
		fmt.Println(string(b))
	}
	// Output:
	// {"event":"shuffle","shoe":1,"rule":"4.1.1"}
	// {"event":"burn","shoe":1,"shown":[],"hidden":1,"rule":"4.6"}
	// {"n":1,"cards":["3H","9S","5D"],"spread":5,"raise":true,"outcome":"win","pays":"1:1","kind":"normal","notes":[]}
	// {"n":2,"cards":["4H","5C"],"spread":"consecutive","raise":false,"outcome":"push","pays":null,"kind":"normal","notes":[]}
	// {"n":3,"cards":["8D","8S","8H"],"spread":"pair","raise":false,"outcome":"win","pays":"11:1","kind":"normal","notes":[]}
	// {"event":"anomaly","shoe":1,"n":4,"card":"2S","rule":"9.2","reason":"a card found face up in the shoe is discarded (9.2)"}
	// {"n":4,"cards":["JD","KC","6D"],"spread":1,"raise":true,"outcome":"lose","pays":null,"kind":"normal","notes":["9.2"]}
}

func ExampleAnalyze() {
	a, err := reddog.Analyze(8)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(a.Table())
	// Output:
	// Red Dog vic-red-dog-1997, 8 decks (416 cards): exact odds of a round
	//
	// first two      probability   third wins   pays   player EV/1  raise
	// spread 1        0.13049120   0.07729469    5:1   -0.53623188  no
	// spread 2        0.11862836   0.15458937    4:1   -0.22705314  no
	// spread 3        0.10676552   0.23188406    2:1   -0.30434783  no
	// spread 4        0.09490269   0.30917874    1:1   -0.38164251  no
	// spread 5        0.08303985   0.38647343    1:1   -0.22705314  no
	// spread 6        0.07117702   0.46376812    1:1   -0.07246377  no
	// spread 7        0.05931418   0.54106280    1:1   +0.08212560  yes
	// spread 8        0.04745134   0.61835749    1:1   +0.23671498  yes
	// spread 9        0.03558851   0.69565217    1:1   +0.39130435  yes
	// spread 10       0.02372567   0.77294686    1:1   +0.54589372  yes
	// spread 11       0.01186284   0.85024155    1:1   +0.70048309  yes
	// consecutive     0.14235403   0.00000000      -   +0.00000000  no
	// pair            0.07469880   0.07246377   11:1   +0.79710145  no
	//
	// three of a kind (a pair, then trips): 0.00541296 (exact 31/5727)
	// house edge per original wager, never raising: 7.8800% (exact 88001/1116765)
	// house edge per original wager, raising on spreads 7-11: 2.7509% (exact 30721/1116765)
	// average total wager per original wager when raising so: 1.177943
}

func ExampleSettle() {
	// A 1-card spread (QH, AS) announced; the player raised the full original wager; KD wins 5:1.
	round := reddog.Round{N: 1, Cards: nil, Spread: 1, RaisePercent: 100, Outcome: reddog.Win, Pays: reddog.Pays{Win: 5, Stake: 1}, Kind: reddog.KindNormal}
	s, err := reddog.Settle(2500, 2500, round)
	fmt.Println(s.Won, s.Returned, s.Net, err)
	_, err = reddog.Settle(2500, 2600, round)
	fmt.Println(err)
	// Output:
	// 25000 5000 25000 <nil>
	// settle round 1: raise 2600 cents is more than 100% of the wager of 2500 cents (5.4)
}
