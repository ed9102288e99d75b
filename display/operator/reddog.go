package operator

import (
	"time"

	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
)

// SnapshotOfRedDog copies what the operator screen can show of a Red Dog table at time now:
// its name, the limit sign of its one wager (the sign's Player limit, see table.RedDogSetup)
// with the notices and the changes posted, the notice rules (003 6.4, 10.7), the alerts and
// the refusals, the shoe and round numbers, and in RedDog the deal itself (the boxes, the
// spread, the history), which the entry, recall and Corrections tabs show Red Dog's way
// (reddog_views.go, reddog_review.go); Game's review fields say what waits for the supervisor.
// Call it only where rd may be read: on the table loop's goroutine (Loop.Inspect).
func SnapshotOfRedDog(rd *table.RedDog, now time.Time) Snapshot {
	s := rd.Setup()
	v := rd.View()
	inRound, n := rd.InCoup()
	snap := Snapshot{
		Now: now,
		Setup: table.Setup{ID: s.ID, Name: s.Name, Casino: s.Casino, Currency: s.Currency,
			Profile: engine.Profile{ID: s.Profile.ID, Notices: s.Profile.Notices},
			Sign:    engine.Sign{Player: s.Bet, Markers: s.Markers}},
		Game:      engine.View{Profile: s.Profile.ID, Shoe: v.Shoe, InShoe: v.Shoe > 0, Coup: max(n, v.Round.N), InCoup: inRound},
		Sign:      rd.SignAt(now),
		Scheduled: rd.Scheduled(),
		Notices:   s.Profile.Notices,
		Alerts:    rd.Alerts(),
		Messages:  rd.Messages(),
		RedDog:    &RedDogSnapshot{View: v, History: rd.History(), Profile: s.Profile},
	}
	redDogReviewFields(&snap.Game, v) // doubt stops the round: the Corrections tab's "Under review" box
	return snap
}
