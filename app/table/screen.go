package table

import (
	"time"

	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

// RoadColumns is how many of the newest columns of each road a screen is given.
const RoadColumns = 48

// Link is the state of the shoe connection, as the loop knows it from the port manager.
type Link = view.Link

// Screen builds the table screen's view model at time now. It copies everything it hands
// over, so the result may go to the UI goroutine. Nothing in it depends on a face-down card:
// the engine's View never holds one, and the coup shows backs for the cards not yet turned.
func (s *State) Screen(now time.Time, link Link) view.Screen {
	g := s.desk.Game()
	sv := s.desk.SignAt(now)
	scr := view.Screen{
		Now: now,
		Header: view.Header{
			Casino: s.setup.Casino, Table: s.setup.Name, Game: s.gameWords(),
			Shoe: g.Shoe, Coup: g.Coup,
		},
		Sign:    s.sign(sv.Sign),
		Notices: s.notices(sv, g),
		Coup:    s.coup(g),
		Roads:   view.RoadsFrom(s.roads, RoadColumns),
		Stats:   view.StatsFrom(s.roads.Stats()),
		Runs:    s.runBoard(),
		Status:  view.Status{Link: link},
	}
	scr.Stats.CardsKnown, scr.Stats.CardsLeft = g.CountsKnown && g.InShoe, g.CardsLeft
	if g.Review {
		switch {
		case g.Held:
			scr.Status.Review = g.Coup
		case len(g.Disputed) > 0:
			scr.Status.Review = g.Disputed[len(g.Disputed)-1]
		case g.NextHeld && !g.InCoup:
			scr.Status.Review = g.Coup + 1 // the next coup will be held from its first card
		default:
			scr.Status.Review = g.Coup
		}
		scr.Status.Errors = append(scr.Status.Errors, g.Reasons...)
	}
	for _, a := range s.alerts {
		scr.Status.Errors = append(scr.Status.Errors, a.Raised.Format("15:04")+" "+a.Text)
	}
	switch {
	case sv.Closed:
		scr.Mode, scr.Reopens = view.Closed, opensAt(s.desk.Scheduled(), now)
	case s.setup.IdleAfter > 0 && !g.InCoup && !s.lastAt.IsZero() && now.Sub(s.lastAt) >= s.setup.IdleAfter:
		scr.Mode = view.Idle
	}
	return scr
}

func (s *State) gameWords() view.Game {
	if s.desk.Settlement().Banker == engine.BankerSixPaysHalf {
		return view.BaccaratSixHalf
	}
	return view.BaccaratCommission
}

// sign turns the engine's sign into the screen's: Player and Banker share a line when their limits agree.
func (s *State) sign(e engine.Sign) view.Sign {
	lim := func(w view.Wager, l engine.WagerLimit) view.Limit {
		return view.Limit{Wager: w, Min: view.Money(l.Min), Max: view.Money(l.Max), Multiple: view.Money(l.Multiple)}
	}
	v := view.Sign{Currency: s.setup.Currency, DifferentialMin: view.Money(e.DifferentialMin), DifferentialMax: view.Money(e.DifferentialMax)}
	if e.Player == e.Banker {
		v.Limits = append(v.Limits, lim(view.WagerPlayerBanker, e.Player))
	} else {
		v.Limits = append(v.Limits, lim(view.WagerPlayer, e.Player), lim(view.WagerBanker, e.Banker))
	}
	if e.Tie.Max > 0 {
		v.Limits = append(v.Limits, lim(view.WagerTie, e.Tie))
	}
	if s.desk.Settlement().InsuranceNo6 && e.Insurance.Max > 0 {
		v.Limits = append(v.Limits, lim(view.WagerInsurance, e.Insurance))
	}
	if s.desk.Settlement().Runs && e.Run.Max > 0 {
		v.Limits = append(v.Limits, lim(view.WagerRuns, e.Run))
	}
	v.Settlement = view.SettleCommission
	if e.Settlement == engine.BankerSixPaysHalf {
		v.Settlement = view.SettleSixHalf
	}
	for _, m := range e.Markers {
		v.Markers = append(v.Markers, view.Marker{Seat: m.Seat, Higher: m.Text == "higher limit", Max: view.Money(m.Limit.Max)})
	}
	return v
}

// notices are the sign's scheduled changes still to come (shown from the moment they are
// posted, with the time they take effect) and the notices of the coup in play.
func (s *State) notices(sv engine.SignView, g engine.View) []view.Notice {
	out := posted(sv, s.desk.Scheduled())
	switch {
	case g.ShoeEnded:
		out = append(out, view.Notice{Kind: view.NoticeShoeChange})
	case g.LastCoup:
		out = append(out, view.Notice{Kind: view.NoticeLastCoup})
	}
	if g.InCoup && g.Kind == engine.KindNoBet {
		kind := view.NoticeNoBets
		if s.setup.Profile.NoBet.DummyCoup {
			kind = view.NoticeDummy // the book's word for it (000 11.4-11.9)
		}
		out = append(out, view.Notice{Kind: kind})
	}
	return out
}

// posted are the notices of the sign's changes still to come at sv.At, one per change, soonest
// first: each shown from the moment it was posted with the time it takes effect (000 7.7,
// 13.7; 003 6.4, 10.7; 001 3.1).
func posted(sv engine.SignView, changes []engine.Scheduled) []view.Notice {
	var out []view.Notice
	seen := map[int]bool{}
	for _, n := range sv.Notices {
		if seen[n.ChangeID] {
			continue
		}
		seen[n.ChangeID] = true
		prev := sv.Sign
		for _, c := range changes {
			if c.ID == n.ChangeID {
				if c.Kinds&engine.ChangeOpen == 0 { // an opening is shown by the closed view ("reopens at")
					out = append(out, noticeOf(prev, c))
				}
				break
			}
			if c.At.After(sv.At) && !c.Close {
				prev = c.Sign
			}
		}
	}
	return out
}

// opensAt is when a closed table opens again (a sign posted after its closing), or the zero time.
func opensAt(changes []engine.Scheduled, now time.Time) time.Time {
	for _, c := range changes {
		if c.Kinds&engine.ChangeOpen != 0 && c.At.After(now) {
			return c.At
		}
	}
	return time.Time{}
}

// noticeOf words one scheduled change against the sign before it.
func noticeOf(prev engine.Sign, c engine.Scheduled) view.Notice {
	n := view.Notice{At: c.At}
	switch {
	case c.Close:
		n.Kind = view.NoticeClosing
	case c.Kinds&engine.ChangeRaiseMinimum != 0 || c.Kinds == engine.ChangeLowerMinimum:
		n.Kind, n.Amount = view.NoticeMinimum, view.Money(c.Sign.Player.Min)
		if c.Sign.Player.Min == prev.Player.Min {
			n.Amount = view.Money(c.Sign.Banker.Min)
		}
	case c.Kinds == engine.ChangeMaximum:
		n.Kind, n.Amount = view.NoticeMaximum, view.Money(c.Sign.Player.Max)
	case c.Kinds == engine.ChangeDifferential:
		n.Kind = view.NoticeDifferential
	case c.Kinds == engine.ChangeSettlement:
		n.Kind = view.NoticeSettlement
	default:
		n.Kind = view.NoticeLimits
	}
	return n
}

// coup is the coup on the table: the turned cards, backs for the face-down ones, and the
// result once the coup is over and every card is face up.
func (s *State) coup(g engine.View) view.Coup {
	var c view.Coup
	if g.InCoup {
		c.Player = hand(g.Player, g.PlayerFaceDown)
		c.Banker = hand(g.Banker, g.BankerFaceDown)
		c.InsuranceOpen = g.InsuranceOpen
		return c
	}
	if s.last == nil || s.last.Kind == engine.KindCancelled || s.disputed[s.last.N] {
		return c // a round under review shows no result until the supervisor resolves it
	}
	c.Player = hand(s.last.Player.List(), 0)
	c.Banker = hand(s.last.Banker.List(), 0)
	r := view.ResultFrom(s.last.Outcome, s.sign(engine.Sign{Settlement: s.desk.Settlement().Banker}).Settlement)
	c.Result = &r
	return c
}

func hand(up []engine.Card, down int) []view.Card {
	out := make([]view.Card, 0, len(up)+down)
	for _, c := range up {
		out = append(out, view.Up(c))
	}
	for i := 0; i < down; i++ {
		out = append(out, view.Down())
	}
	return out
}

// runBoard is Diagram D with the open run wagers, or nil where runs are not offered.
func (s *State) runBoard() *view.RunBoard {
	if !s.desk.OffersRuns() {
		return nil
	}
	b := &view.RunBoard{}
	for _, k := range []engine.RunKind{engine.RunPlayer, engine.RunBanker, engine.RunTie} {
		for l := 2; l <= 6; l++ {
			if odds, ok := s.desk.RunOdds(k, l); ok {
				b.Pays = append(b.Pays, view.RunPay{Kind: runKind(k), Length: l, Pays: int(odds)})
			}
		}
	}
	add := func(w engine.RunWager) {
		rw := view.RunWager{Seat: w.Seat, Kind: runKind(w.Kind), Length: w.Length}
		for _, st := range w.Steps {
			if !st.Counted {
				continue
			}
			rw.Backs = append(rw.Backs, st.Nominated)
			rw.Won = append(rw.Won, st.Winner == st.Nominated)
		}
		switch w.State {
		case engine.RunWon:
			rw.State = view.RunWon
		case engine.RunLost:
			rw.State = view.RunLost
		}
		b.Wagers = append(b.Wagers, rw)
	}
	for _, w := range s.desk.OpenRuns() {
		add(w)
	}
	for _, r := range s.runResult {
		if r.Run.State != engine.RunVoid {
			add(r.Run)
		}
	}
	return b
}

func runKind(k engine.RunKind) view.RunKind {
	switch k {
	case engine.RunBanker:
		return view.RunBanker
	case engine.RunCombination:
		return view.RunCombination
	case engine.RunTie:
		return view.RunTie
	}
	return view.RunPlayer
}
