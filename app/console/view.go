package console

import (
	"slices"
	"strings"
	"time"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
)

// tableRow is one table as the page shows it.
type tableRow struct {
	ID, Name, Game, Pit string
	Sign                []signRow
	// Terms are the sign's lines besides its wagers, in words: the table differentials and
	// the Banker's settlement method, as the table publishes them.
	Terms      []string
	NoSign     bool
	Notices    []string
	State      string
	StateClass string // open, closing, closed, offline, stale, none: for the style sheet
	Last       string
	Checked    bool
}

// signRow is one line of a table's sign.
type signRow struct{ Wager, Min, Max string }

// wagerWord is a published wager name in words.
func wagerWord(w i18n.Catalogue, bet string) string {
	switch bet {
	case "player_banker":
		return w.T(i18n.WagerPB)
	case "player":
		return w.T(i18n.WagerPlayer)
	case "banker":
		return w.T(i18n.WagerBanker)
	case "tie":
		return w.T(i18n.WagerTie)
	case "insurance":
		return w.T(i18n.WagerInsurance)
	case "runs":
		return w.T(i18n.WagerRuns)
	case "bet":
		return w.T(i18n.WagerRedDog)
	case "pairs":
		return w.T(i18n.ConWagerPairs)
	}
	return bet
}

// rows are the board's tables for the page, in words of w, times in loc; checked are the ids
// ticked. Nothing of a round in progress is on the bus, so nothing face-down can be shown:
// the last result is a finished round's winner and totals (Red Dog: its face-up cards).
func rows(v *BoardView, bks books, w i18n.Catalogue, loc *time.Location, checked map[string]bool) []tableRow {
	hm := func(t time.Time) string { return t.In(loc).Format("15:04") }
	var out []tableRow
	for _, t := range v.Board.Tables() {
		r := tableRow{ID: t.ID, Name: t.Name, Game: t.Game, Pit: bks.pits[t.ID], Checked: checked[t.ID]}
		if r.Name == "" {
			r.Name = t.ID
		}
		cur := currencyOf(t.Limits.Currency)
		for _, b := range t.Limits.Bets {
			r.Sign = append(r.Sign, signRow{Wager: wagerWord(w, b.Bet), Min: cur.Amount(b.Min), Max: cur.Amount(b.Max)})
		}
		r.NoSign = len(r.Sign) == 0
		if !r.NoSign {
			r.Terms = signTerms(w, t.Limits)
		}
		switch t.State {
		case pitwire.StateOpen:
			r.State, r.StateClass = w.T(i18n.ConOpen), "open"
		case pitwire.StateClosing:
			r.State, r.StateClass = w.T(i18n.ConClosesAt, hm(t.ClosesAt)), "closing"
			r.Notices = append(r.Notices, w.T(i18n.ConNoticeClose, hm(t.ClosesAt)))
		case pitwire.StateClosed:
			r.State, r.StateClass = w.T(i18n.ConClosed), "closed"
			if !t.OpensAt.IsZero() {
				r.State = w.T(i18n.ConReopensAt, hm(t.OpensAt))
				r.Notices = append(r.Notices, w.T(i18n.ConNoticeOpen, hm(t.OpensAt)))
			}
		default:
			r.State, r.StateClass = w.T(i18n.ConNoStatus), "none"
		}
		if h, ok := t.UnderReview(); ok { // doubt stops the coup: the dealer waits for a supervisor
			r.State, r.StateClass = w.T(i18n.ConUnderReview, h.N, reasonWords(w, h.Reasons)), "review"
		}
		for _, n := range t.NoticesAt(v.Now) {
			if s := noticeWords(w, n, hm); !slices.Contains(r.Notices, s) { // a closing the status also says
				r.Notices = append(r.Notices, s)
			}
		}
		switch v.Board.Liveness(t, v.Now) {
		case pitmodel.Offline:
			r.State, r.StateClass = w.T(i18n.ConOffline)+" · "+r.State, "offline"
		case pitmodel.Stale:
			r.State, r.StateClass = w.T(i18n.ConStale)+" · "+r.State, "stale"
		}
		r.Last = lastResult(w, t)
		out = append(out, r)
	}
	return out
}

// signTerms are the lines of sign l besides its wagers, in words of w: its table
// differentials (000 7.2-7.5, 001 3.6, 002 5.13, 004 5.17) and its settlement method (000 5.1,
// 001 8.2, 004 5.11), each when the table publishes one. The method is worded as the form
// offers it (A or B), so that the supervisor sees which one to post.
func signTerms(w i18n.Catalogue, l pitwire.Limits) []string {
	var out []string
	cur := currencyOf(l.Currency)
	if l.DifferentialMin > 0 {
		out = append(out, w.T(i18n.ConSignDiff, w.T(i18n.ConDiffMin), cur.Amount(l.DifferentialMin)))
	}
	if l.DifferentialMax > 0 {
		out = append(out, w.T(i18n.ConSignDiff, w.T(i18n.ConDiffMax), cur.Amount(l.DifferentialMax)))
	}
	switch l.Settlement {
	case pitwire.SettleCommission:
		out = append(out, w.T(i18n.ConSignSettle, w.T(i18n.ConSettleA)))
	case pitwire.SettleSixPaysHalf:
		out = append(out, w.T(i18n.ConSignSettle, w.T(i18n.ConSettleB)))
	}
	return out
}

// lastResult is the table's last finished round in words.
func lastResult(w i18n.Catalogue, t *pitmodel.Table) string {
	if t.RedDog != nil {
		for i := len(t.RedDog) - 1; i >= 0; i-- {
			if r := t.RedDog[i]; r.Kind != engine.KindCancelled {
				return w.T(i18n.ConLastRedDog, r.N, strings.Join(r.Cards, " "), r.Outcome)
			}
		}
		return w.T(i18n.ConNoResult)
	}
	if t.Last == nil {
		return w.T(i18n.ConNoResult)
	}
	if t.Last.ResultOnly {
		return w.T(i18n.ConLastByHand, t.Last.N, w.Winner(t.Last.Winner))
	}
	return w.T(i18n.ConLastBaccarat, t.Last.N, w.Winner(t.Last.Winner), t.Last.PlayerTotal, t.Last.BankerTotal)
}

// groups are the pits and games of the board, sorted, for selecting many tables at once.
func groups(v *BoardView, bks books) (pits, games []string) {
	for _, t := range v.Board.Tables() {
		if p := bks.pits[t.ID]; p != "" && !slices.Contains(pits, p) {
			pits = append(pits, p)
		}
		if t.Game != "" && !slices.Contains(games, t.Game) {
			games = append(games, t.Game)
		}
	}
	slices.Sort(pits)
	slices.Sort(games)
	return pits, games
}

// currencyOf is the currency a table's sign or notice is shown in: the one its message names
// (ISO 4217, as the table's config has it), or dollars, as the console has always shown the
// amounts of a table that names none.
func currencyOf(code string) engine.Currency {
	if code == "" {
		return engine.Dollars
	}
	return engine.CurrencyOf(code)
}
