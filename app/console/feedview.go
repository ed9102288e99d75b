package console

import (
	"strings"
	"time"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/pitwire"
)

// The words of what the tables publish on the feed besides their sign and state: a coup held
// for review (only the kinds of reason travel, never the cards) and the notices posted.

// reasonWords are the kinds of reason for a coup held, in words of w.
func reasonWords(w i18n.Catalogue, kinds []string) string {
	keys := map[string]i18n.Key{
		"lost": i18n.ConWhyLost, "unreadable": i18n.ConWhyUnreadable, "conflict": i18n.ConWhyConflict,
		"replay": i18n.ConWhyReplay, "restart": i18n.ConWhyRestart, "disconnect": i18n.ConWhyDisconnect,
		"repeat": i18n.ConWhyRepeat, "shoe_result": i18n.ConWhyShoeResult, "irregular": i18n.ConWhyIrregular,
	}
	out := make([]string, 0, len(kinds))
	for _, k := range kinds {
		if key, ok := keys[k]; ok {
			out = append(out, w.T(key))
		} else { // a kind of a newer table: the board's decoder refuses it, so never shown
			out = append(out, w.T(i18n.ConWhyIrregular))
		}
	}
	return strings.Join(out, "; ")
}

// noticeWords is a notice posted on a table's sign in words of w, times by hm.
func noticeWords(w i18n.Catalogue, n pitwire.Notice, hm func(time.Time) string) string {
	at := hm(n.Effective)
	cur := currencyOf(n.Currency)
	var s string
	switch n.Item {
	case pitwire.NoticeMinimum, pitwire.NoticeMaximum, pitwire.NoticeMultiple:
		item := map[string]i18n.Key{pitwire.NoticeMinimum: i18n.ConItemMinimum, pitwire.NoticeMaximum: i18n.ConItemMaximum, pitwire.NoticeMultiple: i18n.ConItemMultiple}[n.Item]
		s = w.T(i18n.ConNoticeAmount, w.T(item), wagerWord(w, n.Bet), cur.Amount(*n.Old), cur.Amount(*n.New), at)
	case pitwire.NoticeDifferentialMin, pitwire.NoticeDifferentialMax:
		which := w.T(i18n.ConDiffMin)
		if n.Item == pitwire.NoticeDifferentialMax {
			which = w.T(i18n.ConDiffMax)
		}
		if *n.New == 0 {
			s = w.T(i18n.ConNoticeDiffOff, which, at)
		} else {
			s = w.T(i18n.ConNoticeDiff, which, cur.Amount(*n.Old), cur.Amount(*n.New), at)
		}
	case pitwire.NoticeSettlement:
		method := w.T(i18n.ConSettleA)
		if n.NewSettlement == pitwire.SettleSixPaysHalf {
			method = w.T(i18n.ConSettleB)
		}
		s = w.T(i18n.ConNoticeSettle, at, method)
	case pitwire.NoticeClose:
		return w.T(i18n.ConNoticeClose, at) // as the table's closing status words it
	case pitwire.NoticeOpen:
		return w.T(i18n.ConNoticeOpen, at)
	default:
		return n.Text
	}
	if n.Rule != "" {
		s = w.T(i18n.ConNoticeRule, s, n.Rule)
	}
	return s
}
