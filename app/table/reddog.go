package table

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/engine/reddog"
)

// KindRoundRedDog is journal.KindRoundRedDog, named here as the operator screen reads it.
const KindRoundRedDog = journal.KindRoundRedDog

// RedDogHistory is how many finished rounds the Red Dog screen's history holds.
const RedDogHistory = 24

// RedDogSetup is what a Red Dog table starts with: who it is, its rule book, the limit of its one
// wager and the notice period.
type RedDogSetup struct {
	ID, Name, Casino string
	Profile          reddog.Profile
	// Bet is the limit of the Red Dog wager (config limits.bet). On the engine's limit board it
	// is the sign's Player limit: a Red Dog sign has no other wager, and an OpSchedule change
	// gives the new Red Dog limit as Change.Sign.Player.
	Bet engine.WagerLimit
	// Markers are the higher-limit markers in place at the start (003 6.5).
	Markers []engine.Marker
	// NoticeMinutes is notice_minutes; 0 keeps the profile's (20, the least 003 6.4 and
	// 10.7 allow).
	NoticeMinutes int
	Currency      string // symbol shown on the sign and written in the journal's notes and reasons, e.g. "$" (engine.CurrencyOf)
	CurrencyCode  string // ISO 4217 code for the pit bus, e.g. "AUD"
}

// RedDog is one Red Dog table's live state: the table aggregate (engine/desk: the deal, the limit
// sign and its notices), the history of rounds and the alerts. It implements Machine.
// Only the event loop calls its methods (one writer).
type RedDog struct {
	tableDesk // the desk, its latest outcome, the alerts and the operator's notes (desk.go), as at baccarat
	setup     RedDogSetup
	history   []reddog.Round // finished rounds, oldest first, at most RedDogHistory
	events    []reddog.Event // what the latest Apply reported, for Records
	told      told           // what the pit board was last told of the sign and state (reddog_bus.go)
}

// NewRedDog starts a Red Dog table with no shoe loaded. An invalid profile, a notice period
// shorter than the book allows or an incoherent limit is an error.
func NewRedDog(s RedDogSetup) (*RedDog, error) {
	p := s.Profile
	if s.NoticeMinutes != 0 {
		p.Notices.Minutes = s.NoticeMinutes
	}
	cfg := desk.Config{RedDog: &p, Sign: engine.Sign{Player: s.Bet, Markers: s.Markers}, Hold: true, Currency: engine.Currency(s.Currency)} // doubt stops the round: a round under review waits for the supervisor
	d, err := desk.New(cfg, time.Time{})
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", s.ID, err)
	}
	s.Profile = p
	return &RedDog{tableDesk: tableDesk{desk: d}, setup: s}, nil
}

// NewRedDogLoop is the loop of a Red Dog table with the table screen's view model.
func NewRedDogLoop(setup RedDogSetup, j *journal.Journal, opt Options) (*Loop, error) {
	return NewLoop(func() (Machine, error) { return NewRedDog(setup) }, j, opt)
}

// Apply makes one input's change at time now, as baccarat's State does (tableDesk.apply): the
// table aggregate decides it, and its refusals (an input or command Red Dog does not have, a
// sign changed without its notice), settlements and their notes are reported, shown and
// journalled alike. The same inputs at the same times always give the same state.
// Applied.Events holds the engine's refusals and anomalies in baccarat's event terms
// (engine.EvRefused, engine.EvAnomaly) so that the operator screen can show them; the full Red
// Dog events are in Events.
func (r *RedDog) Apply(in Input, now time.Time) Applied {
	r.events = r.events[:0]
	return r.apply(in, now, func(o *desk.Outcome, a *Applied) {
		r.events = append(r.events, o.RedDog...)
		for _, e := range r.events {
			if ev, ok := r.follow(e); ok {
				a.Events = append(a.Events, ev)
			}
		}
	})
}

// Events are the Red Dog events of the latest Apply, in order. The caller must not change them.
func (r *RedDog) Events() []reddog.Event { return r.events }

// follow keeps the history in step with one engine event, and returns it in baccarat's event
// terms when the operator must see it.
func (r *RedDog) follow(e reddog.Event) (engine.Event, bool) {
	switch e.Kind {
	case reddog.EvRound:
		r.history = append(r.history, *e.Round)
		if n := len(r.history); n > RedDogHistory {
			r.history = append([]reddog.Round(nil), r.history[n-RedDogHistory:]...)
		}
	case reddog.EvCancel:
		for i := range r.history {
			if r.history[i].N == e.N {
				r.history[i].Kind, r.history[i].Outcome, r.history[i].Pays = reddog.KindCancelled, reddog.Push, reddog.Pays{}
				r.history[i].Review = false
			}
		}
	case reddog.EvReview, reddog.EvResolved:
		return r.followReview(e), true
	case reddog.EvRefused:
		r.note(fmt.Sprintf("refused: %s", e.Reason))
		return engine.Event{Kind: engine.EvRefused, Shoe: e.Shoe, N: e.N, Rule: e.Rule, Reason: e.Reason}, true
	case reddog.EvAnomaly:
		return engine.Event{Kind: engine.EvAnomaly, Shoe: e.Shoe, N: e.N, Rule: e.Rule, Reason: e.Reason}, true
	}
	return engine.Event{}, false
}

// Records are the journal records of the latest Apply's events: a KindRoundRedDog record for each
// finished round and a journal.KindEvent record for the rest, each with the reddog.Record payload
// that `coupboard replay` prints. A card placed and the spread announced are left out, as replay
// leaves them out: the input record holds the card. No event carries a face-down card.
func (r *RedDog) Records(a Applied, now time.Time, m Msg) ([]journal.Record, error) {
	out := make([]journal.Record, 0, len(r.events))
	for _, e := range r.events {
		rec := journal.Record{Time: now, Kind: journal.KindEvent, Source: m.Source, Shoe: int64(e.Shoe)}
		var payload reddog.Record
		switch e.Kind {
		case reddog.EvCard, reddog.EvSpread:
			continue
		case reddog.EvRound:
			rec.Kind = KindRoundRedDog
			payload.Round = e.Round
		default:
			payload.Event = &e
		}
		b, err := json.Marshal(payload)
		if err != nil {
			return nil, fmt.Errorf("encode red dog %s event: %w", e.Kind, err)
		}
		rec.Payload = b
		out = append(out, rec)
	}
	notices, err := noticeRecords(a.Notices, r.setup.CurrencyCode, true, r.Shoe(), now, m)
	if err != nil {
		return nil, err
	}
	withdrawn, err := withdrawnRecords(a.Withdrawn, r.Shoe(), now, m)
	if err != nil {
		return nil, err
	}
	refused, err := refusalRecords(a.Refusals, r.Shoe(), now, m)
	if err != nil {
		return nil, err
	}
	return append(append(append(out, notices...), withdrawn...), refused...), nil
}

// Setup is what the table was started with (the profile with this table's notice period).
func (r *RedDog) Setup() RedDogSetup { return r.setup }

// View is the engine's public view of the deal (never a face-down card).
func (r *RedDog) View() reddog.View { return r.desk.RedDog() }

// History is the finished rounds the screen shows, oldest first.
func (r *RedDog) History() []reddog.Round { return append([]reddog.Round(nil), r.history...) }

// Shoe is the current shoe number (0 before the first shoe).
func (r *RedDog) Shoe() int { return r.desk.RedDog().Shoe }

// InCoup reports whether a round is in progress, and its number.
func (r *RedDog) InCoup() (bool, int) {
	rd, ok := r.desk.RedDogInProgress()
	return ok, rd.N
}

// Screen builds the Red Dog table screen's view model at time now: the three boxes with the
// round in progress (or else the last round and its result), the spread, the limit sign of the
// one wager with its notices, the pay table and the history. It copies everything it hands over.
func (r *RedDog) Screen(now time.Time, link Link) view.Screen {
	v := r.desk.RedDog()
	sv := r.desk.SignAt(now)
	scr := view.Screen{
		Now: now,
		Header: view.Header{
			Casino: r.setup.Casino, Table: r.setup.Name, Game: view.RedDog,
			Shoe: v.Shoe, Coup: v.Round.N,
		},
		Sign:    r.sign(sv.Sign),
		Notices: r.notices(sv, v),
		Coup:    view.Coup{RedDog: r.coup(v)},
		RedDog:  r.redDogBoard(),
		Status:  view.Status{Link: link},
	}
	redDogReviewStatus(&scr.Status, v)
	for _, a := range r.alerts {
		scr.Status.Errors = append(scr.Status.Errors, a.Raised.Format("15:04")+" "+a.Text)
	}
	if sv.Closed {
		scr.Mode, scr.Reopens = view.Closed, opensAt(r.desk.Scheduled(), now)
	}
	return scr
}

// sign is the limit sign of the one Red Dog wager (003 6.1) with the higher-limit markers (6.5).
func (r *RedDog) sign(e engine.Sign) view.Sign {
	l := e.Player
	s := view.Sign{Currency: r.setup.Currency, Settlement: view.SettleNone,
		Limits: []view.Limit{{Wager: view.WagerRedDog, Min: view.Money(l.Min), Max: view.Money(l.Max), Multiple: view.Money(l.Multiple)}}}
	for _, m := range e.Markers {
		s.Markers = append(s.Markers, view.Marker{Seat: m.Seat, Higher: m.Text == "higher limit", Max: view.Money(m.Limit.Max)})
	}
	return s
}

// notices are the sign's changes still to come, shown from the moment they are posted with the
// time they take effect (003 6.4, 10.7), and "shoe change" when a shuffle is due before the next
// round (4.1.2, 4.1.3, 9.6).
func (r *RedDog) notices(sv engine.SignView, v reddog.View) []view.Notice {
	out := posted(sv, true)
	if !sv.Closed && (v.Stage == reddog.StageShuffle || v.Stage == reddog.StageReshuffle) {
		out = append(out, view.Notice{Kind: view.NoticeShoeChange})
	}
	return out
}

// coup is the round on the table: the one in progress, or else the last one with its result. A
// cancelled round leaves the boxes empty (its wagers were refunded, 10.4).
func (r *RedDog) coup(v reddog.View) *view.RedDogCoup {
	if v.Round.Kind == reddog.KindCancelled {
		return &view.RedDogCoup{}
	}
	return redDogCoup(r.setup.Profile, v.Round)
}

// redDogCoup is one round as the screen shows it. Every card in a reddog.Round was dealt face up.
func redDogCoup(p reddog.Profile, rd reddog.Round) *view.RedDogCoup {
	c := &view.RedDogCoup{}
	boxes := []*[]view.Card{&c.Right, &c.Left, &c.Centre} // 7.1.2, 7.1.3, 7.2
	for i, card := range rd.Cards {
		if i < len(boxes) {
			*boxes[i] = []view.Card{view.Up(card)}
		}
	}
	if len(rd.Cards) >= 2 {
		switch s := rd.Spread; {
		case s == reddog.Pair:
			c.Kind, c.Pays = view.RedDogPair, int(p.PaysTrips.Win) // 7.2.3.1, 8.1.1
		case s == reddog.Consecutive:
			c.Kind = view.RedDogConsecutive // 7.2.2.1
		default:
			c.Kind, c.Spread, c.Pays = view.RedDogSpread, int(s), int(p.SpreadPays(s).Win) // 7.2.1.1, 8.1.1
		}
	}
	switch rd.Outcome {
	case reddog.Win:
		c.Outcome = view.RedDogWin
		if rd.Spread == reddog.Pair {
			c.Outcome = view.RedDogTrips
		}
	case reddog.Lose:
		c.Outcome = view.RedDogLose
	case reddog.Push:
		c.Outcome = view.RedDogPush
	}
	return c
}

// redDogBoard is the pay table from the profile (8.1.1) and the history of finished rounds.
func (r *RedDog) redDogBoard() *view.RedDogBoard {
	p := r.setup.Profile
	b := &view.RedDogBoard{}
	for i, pay := range p.PaysSpread {
		b.Pays = append(b.Pays, view.RedDogPay{Spread: i + 1, OrMore: i == len(p.PaysSpread)-1, Pays: int(pay.Win)})
	}
	b.Pays = append(b.Pays, view.RedDogPay{Trips: true, Pays: int(p.PaysTrips.Win)})
	for _, rd := range r.history {
		c := *redDogCoup(p, rd)
		if rd.Review { // under review after the fact: its result is off the screen
			c.Outcome = view.RedDogPending
		}
		b.History = append(b.History, view.RedDogRound{N: rd.N, Coup: c, Cancelled: rd.Kind == reddog.KindCancelled})
	}
	return b
}
