package hostile

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/coupboard/coupboard/app/cli/export"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
)

// supervise is the supervisor at the table after coup c was dealt: whatever is under review
// is resolved from the cards really on the table — a round disputed after the fact is
// confirmed if its cards are real and cancelled if not; the coup held is confirmed if its
// cards as read are the real ones, else its real cards are entered (or, now and then, it is
// cancelled). It returns what was done.
func (r *rig) supervise(c coup, rng *rand.Rand) string {
	var v engine.View
	var rounds []engine.Round
	_ = r.loop.Inspect(context.Background(), func(m table.Machine) {
		st := m.(*table.State)
		v, rounds = st.Game(), slices.Clone(st.Rounds())
	})
	var did []string
	confirm := false
	for _, n := range v.Disputed {
		i := slices.IndexFunc(rounds, func(rd engine.Round) bool { return rd.N == n })
		if i < 0 {
			continue
		}
		rd := rounds[i]
		if w, ok := r.truth.byKey[key(codes(rd.Player.List()), codes(rd.Banker.List()))]; ok && w == rd.Outcome.Winner {
			confirm = true
			continue
		}
		r.send(engine.WordInput(engine.TokVoid, n), "round was not dealt so")
		did = append(did, fmt.Sprintf("cancelled round %d", n))
	}
	if v.InCoup && v.Held {
		switch {
		case slices.Equal(codes(v.Player), codes(c.player)) && slices.Equal(codes(v.Banker), codes(c.banker)) && v.PlayerFaceDown+v.BankerFaceDown == 0:
			confirm = true
		case rng.IntN(5) == 0:
			r.send(engine.WordInput(engine.TokVoid, 0), "cannot be reconstructed")
			did = append(did, fmt.Sprintf("cancelled coup %d", v.Coup))
		default:
			res := r.send(engine.ReconstructInput(c.order), "cards as on the table")
			for _, e := range res.Events {
				if e.Kind == engine.EvRefused {
					r.t.Errorf("reconstruct coup %d with %v refused: %s", v.Coup, codes(c.order), e.Reason)
				}
			}
			did = append(did, fmt.Sprintf("entered coup %d %v", v.Coup, codes(c.order)))
		}
	}
	if confirm {
		r.send(engine.InAcceptReviewInput(), "checked the cards")
		did = append(did, "confirmed")
	}
	return fmt.Sprint(did)[1 : len(fmt.Sprint(did))-1]
}

// reviewed lists the rounds ("shoe/n") the committed records mark for review: a round record
// with its review, or a review event.
func reviewed(recs []journal.Record) map[string]bool {
	out := map[string]bool{}
	for _, rec := range recs {
		switch rec.Kind {
		case journal.KindRound:
			if rd, err := journal.DecodeRound(rec.Payload); err == nil && rd.Review != nil {
				out[fmt.Sprint(rd.Shoe, "/", rd.N)] = true
			}
		case journal.KindEvent:
			var ev journal.Event
			if json.Unmarshal(rec.Payload, &ev) == nil && ev.Event == "review" && ev.N > 0 {
				out[fmt.Sprint(ev.Shoe, "/", ev.N)] = true
			}
		}
	}
	return out
}

// rowMarked reports whether an export row is marked as under review or resolved after one.
func rowMarked(row export.Row) bool { return row.Review != "" && len(row.ReviewReasons) > 0 }
