package operator

import (
	"time"

	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// SnapshotOf copies what the operator screen draws from st at time now. Call it only where st
// may be read: on the table loop's goroutine (Loop.Inspect) or on a state nobody else is
// changing.
func SnapshotOf(st *table.State, now time.Time) view.Operator {
	setup := st.Setup()
	p := setup.Profile
	notices, err := setup.Settings.NoticeRules(&p)
	if err != nil {
		notices = p.Notices // the settings were validated when the state was made; this is the book's default
	}
	scr := st.Screen(now, view.LinkDisconnected)
	return view.Operator{
		Now:       now,
		Name:      setup.Name,
		Currency:  setup.Currency,
		Profile:   setup.Profile,
		Settings:  setup.Settings,
		Game:      st.Game(),
		Rounds:    append([]engine.Round(nil), st.Rounds()...),
		Sign:      st.SignAt(now),
		Scheduled: st.Scheduled(),
		Notices:   notices,
		Settle:    st.Settlement(),
		OpenRuns:  st.OpenRuns(),
		Insurance: st.Insurance(),
		RunBoard:  scr.Runs,
		Owed:      st.Commission().Markers(),
		Alerts:    alertsOf(st.Alerts()),
		Messages:  st.Messages(),
	}
}

// SnapshotOfRedDog copies what the operator screen can show of a Red Dog table at time now:
// its name, the limit sign of its one wager (the sign's Player limit, see table.RedDogSetup)
// with the notices and the changes posted, the notice rules (003 6.4, 10.7), the alerts and
// the refusals, the shoe and round numbers, and in RedDog the deal itself (the boxes, the
// spread, the history), which the entry, recall and Corrections tabs show Red Dog's way;
// Game's review fields say what waits for the supervisor. Call it only where rd may be read:
// on the table loop's goroutine (Loop.Inspect).
func SnapshotOfRedDog(rd *table.RedDog, now time.Time) view.Operator {
	s := rd.Setup()
	v := rd.View()
	inRound, n := rd.InCoup()
	snap := view.Operator{
		Now:       now,
		Name:      s.Name,
		Currency:  s.Currency,
		Profile:   engine.Profile{ID: s.Profile.ID, Notices: s.Profile.Notices},
		Game:      engine.View{Profile: s.Profile.ID, Shoe: v.Shoe, InShoe: v.Shoe > 0, Coup: max(n, v.Round.N), InCoup: inRound},
		Sign:      rd.SignAt(now),
		Scheduled: rd.Scheduled(),
		Notices:   s.Profile.Notices,
		Alerts:    alertsOf(rd.Alerts()),
		Messages:  rd.Messages(),
		RedDog:    &view.RedDogOperator{View: v, History: rd.History(), Profile: s.Profile},
	}
	redDogReviewFields(&snap.Game, v) // doubt stops the round: the Corrections tab's "Under review" box
	return snap
}

// alertsOf copies the table's alerts as the Corrections tab lists them.
func alertsOf(as []table.Alert) []view.OperatorAlert {
	if len(as) == 0 {
		return nil
	}
	out := make([]view.OperatorAlert, len(as))
	for i, a := range as {
		out[i] = view.OperatorAlert{ID: a.ID, Text: a.Text, Raised: a.Raised}
	}
	return out
}

// redDogReviewFields fills the review part of a Red Dog snapshot's Game (the Corrections tab's
// "Under review" box reads it): the round in progress held, the next round held, the finished
// rounds disputed after the fact, and why.
func redDogReviewFields(g *engine.View, v reddog.View) {
	g.Held = g.InCoup && v.Round.Review
	if g.Held {
		g.HeldWhy = append([]string(nil), v.Round.Why...)
	}
	g.NextHeld = len(v.NextWhy) > 0
	g.Disputed = append([]int(nil), v.Disputed...)
	g.Review = g.Held || g.NextHeld || len(g.Disputed) > 0
	g.Reasons = append(append([]string(nil), g.HeldWhy...), v.NextWhy...)
}
