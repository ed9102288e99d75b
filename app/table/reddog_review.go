package table

import (
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
)

// Doubt stops the Red Dog round (issue 21): the rules are in engine/reddog (doubt.go); here the
// table's game inputs are only translated into the Red Dog engine's and its review events kept
// in step with the history the screen shows.

// followReview marks a finished round of the history under review (its result is taken off the
// screen) or resolved, and returns the event in baccarat's terms for the operator screen.
func (r *RedDog) followReview(e reddog.Event) engine.Event {
	kind := engine.EvReview
	if e.Kind == reddog.EvResolved {
		kind = engine.EvResolved
	}
	for i := range r.history {
		if r.history[i].N == e.N {
			r.history[i].Review = e.Kind == reddog.EvReview
			if e.Kind == reddog.EvResolved {
				r.history[i].Resolution, r.history[i].ResolutionRule = e.Reason, e.Rule
			}
		}
	}
	return engine.Event{Kind: kind, Shoe: e.Shoe, N: e.N, Rule: e.Rule, Reason: e.Reason}
}

// redDogReviewStatus puts what waits for review on the status strip, as baccarat's screen does:
// the round held (in progress, or finished and disputed after the fact), else the next round
// held from its first card, with the reasons.
func redDogReviewStatus(st *view.Status, v reddog.View) {
	switch {
	case v.Round.Review:
		st.Review = v.Round.N
		st.Errors = append(st.Errors, v.Round.Why...)
	case len(v.Disputed) > 0:
		st.Review = v.Disputed[len(v.Disputed)-1]
	case len(v.NextWhy) > 0:
		st.Review = v.Round.N + 1 // no round is in progress: the next one is held
		st.Errors = append(st.Errors, v.NextWhy...)
	}
}
