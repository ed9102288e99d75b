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
			Casino: s.setup.Casino, Table: s.setup.Name, Game: gameWords(sv.Sign),
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

// gameWords is the game as the header says it: its settlement method is the sign's in force
// at the moment shown (001 8.2), whether or not an input has come since it took effect.
func gameWords(sign engine.Sign) view.Game {
	if sign.Settlement == engine.BankerSixPaysHalf {
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
// posted, with the time they take effect) and, while the table is open, the notices of the
// coup in play.
func (s *State) notices(sv engine.SignView, g engine.View) []view.Notice {
	out := posted(sv, false)
	if sv.Closed { // no coup at a closed table: only what its reopening changes
		return out
	}
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

// posted are the notices of the sign's changes still to come at sv.At, soonest first, worded
// from the desk's own notices (engine.Notice: what each change changes, against the sign
// before it): a change of one wager's minimum or maximum names that wager (s66(2), 001 3.1),
// never the Player/Banker amount when only the Tie, Insurance/No 6 or Run minimum changes.
// A closing is "closes at" (000 13.7, 003 10.7, 001 10.2); a reopening is "reopens at" while
// the table is open (a closed table's banner says it) and, like any change, what it changes
// against the sign before the closing. redDog names the one Red Dog wager (the sign's Player
// limit) as Red Dog's.
func posted(sv engine.SignView, redDog bool) []view.Notice {
	var out []view.Notice
	for i := 0; i < len(sv.Notices); {
		j := i + 1
		for j < len(sv.Notices) && sv.Notices[j].ChangeID == sv.Notices[i].ChangeID {
			j++
		}
		out = append(out, changeNotices(sv.Notices[i:j], sv.Closed, redDog)...)
		i = j
	}
	return out
}

// changeNotices words one change's notices (its items, all of the same change): the closing or
// reopening, then one line for what it changes on the sign — the wager named when the change
// is one minimum or one maximum (Player and Banker together when both change alike), else the
// kind of change.
func changeNotices(items []engine.Notice, closed, redDog bool) []view.Notice {
	at := items[0].At
	var out []view.Notice
	var rest []engine.Notice
	for _, n := range items {
		switch n.Item {
		case engine.NoticeClose:
			out = append(out, view.Notice{Kind: view.NoticeClosing, At: at})
		case engine.NoticeOpen:
			if !closed {
				out = append(out, view.Notice{Kind: view.NoticeReopening, At: at})
			}
		default:
			rest = append(rest, n)
		}
	}
	if len(rest) == 0 {
		return out
	}
	n := view.Notice{Kind: view.NoticeLimits, At: at}
	first := rest[0]
	switch {
	case alike(rest, engine.NoticeMinimum, engine.NoticeMinimum):
		if w, ok := noticeWager(rest, redDog); ok {
			n.Kind, n.Wager, n.Amount = view.NoticeMinimum, w, view.Money(first.Amount)
		}
	case alike(rest, engine.NoticeMaximum, engine.NoticeMaximum):
		if w, ok := noticeWager(rest, redDog); ok {
			n.Kind, n.Wager, n.Amount = view.NoticeMaximum, w, view.Money(first.Amount)
		}
	case alike(rest, engine.NoticeDifferentialMin, engine.NoticeDifferentialMax):
		n.Kind = view.NoticeDifferential
	case alike(rest, engine.NoticeSettlement, engine.NoticeSettlement):
		n.Kind = view.NoticeSettlement
	}
	return append(out, n)
}

// alike reports whether every notice is of item a or b and, for a minimum or maximum, of one amount.
func alike(ns []engine.Notice, a, b engine.NoticeItem) bool {
	for _, n := range ns {
		if n.Item != a && n.Item != b {
			return false
		}
		if (n.Item == engine.NoticeMinimum || n.Item == engine.NoticeMaximum) && n.Amount != ns[0].Amount {
			return false
		}
	}
	return true
}

// noticeWager is the one wager of the sign that the notices name: Player and Banker together
// are the sign's Player / Banker line; false when they name wagers the sign shows apart.
func noticeWager(ns []engine.Notice, redDog bool) (view.Wager, bool) {
	names := map[string]bool{}
	for _, n := range ns {
		names[n.Wager] = true
	}
	player, banker := engine.WagerPlayer.String(), engine.WagerBanker.String()
	if len(names) == 2 && names[player] && names[banker] {
		return view.WagerPlayerBanker, true
	}
	if len(names) != 1 {
		return 0, false
	}
	switch ns[0].Wager {
	case player:
		if redDog {
			return view.WagerRedDog, true // the one Red Dog wager is the sign's Player limit
		}
		return view.WagerPlayer, true
	case banker:
		return view.WagerBanker, true
	case engine.WagerTie.String():
		return view.WagerTie, true
	case engine.WagerInsurance.String():
		return view.WagerInsurance, true
	case engine.NoticeWagerRun:
		return view.WagerRuns, true
	}
	return 0, false
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
