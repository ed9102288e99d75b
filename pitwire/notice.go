package pitwire

import (
	"time"

	"github.com/coupboard/coupboard/engine"
)

// TypeNotice is a notice posted on a table's sign: one item of a change of the sign, or a
// closing or reopening, announced before it takes effect (000 7.7, 13.7; 001 3.1, 3.7, 8.2,
// 10.2; 003 6.4, 10.7). Its payload is Message.Notice. A change that names several items (the
// Player and the Banker minimum) gives one message per item, with the same Change number. The
// change itself, once in force, is a TypeLimits or TypeStatus message as before.
const TypeNotice Type = "notice"

// The items a notice names (Notice.Item).
const (
	NoticeMinimum         = "minimum"          // the minimum of Bet changes from Old to New
	NoticeMaximum         = "maximum"          // the maximum of Bet changes from Old to New
	NoticeMultiple        = "multiple"         // the multiple of Bet changes from Old to New
	NoticeDifferentialMin = "differential_min" // the minimum table differential (New 0: removed)
	NoticeDifferentialMax = "differential_max" // the maximum table differential (New 0: removed)
	NoticeSettlement      = "settlement"       // the settlement method, OldSettlement to NewSettlement
	NoticeClose           = "close"            // the table closes
	NoticeOpen            = "open"             // the table opens again
)

// The settlement methods a notice names: the Banker wager's payout.
const (
	SettleCommission  = "commission"    // 1:1 less 5% commission (000 10.1 Traditional, 001 8.6(b) Method A)
	SettleSixPaysHalf = "six_pays_half" // 1:1, a win on 6 pays 1:2 (000 1.1 Crown, 001 8.7(b) Method B, 004 5.11)
)

// The bets a notice names (Notice.Bet): baccarat's wagers as Limits names them, and Red Dog's
// one wager, "bet" (003 6.1).
var noticeBets = map[string]bool{"player": true, "banker": true, "tie": true, "insurance": true, "runs": true, "bet": true}

// MaxNoticeText is the longest Notice.Text, and MaxNoticeRule the longest Notice.Rule.
const (
	MaxNoticeText = 160
	MaxNoticeRule = 64
)

// Notice is one notice posted on a table's sign, as the table screen shows it.
type Notice struct {
	// Change numbers the change at the table (1, 2, ... in the order posted since the table
	// started): the notices of one change share it.
	Change int    `json:"change"`
	Item   string `json:"item"`          // what changes (NoticeMinimum, ...)
	Bet    string `json:"bet,omitempty"` // minimum, maximum, multiple: the wager
	// Old and New are the amounts before and after, in cents of Currency: set for the minimum,
	// maximum, multiple and differentials, absent otherwise. A differential removed is New 0.
	Old      *int64 `json:"old,omitempty"`
	New      *int64 `json:"new,omitempty"`
	Currency string `json:"currency,omitempty"` // ISO 4217 code of the amounts, when the table has one
	// OldSettlement and NewSettlement are the settlement methods of a NoticeSettlement.
	OldSettlement string `json:"old_settlement,omitempty"`
	NewSettlement string `json:"new_settlement,omitempty"`
	// Posted is when the notice went up on the sign; Effective when the change takes effect.
	Posted    time.Time `json:"posted"`
	Effective time.Time `json:"effective"`
	// Rule is the rule that asks for the notice ("000 7.7, s66(2)"); absent when the book asks
	// none (a lower minimum at a Victorian table) or the players waived it (000 7.7.1).
	Rule string `json:"rule,omitempty"`
	// Text is the notice as the sign words it in English ("Minimum Player changes to $25 at
	// 21:30"): for people; a program reads the fields above.
	Text string `json:"text"`
}

// noticeItems maps the engine's notice items to the feed's.
var noticeItems = map[engine.NoticeItem]string{
	engine.NoticeMinimum: NoticeMinimum, engine.NoticeMaximum: NoticeMaximum, engine.NoticeMultiple: NoticeMultiple,
	engine.NoticeDifferentialMin: NoticeDifferentialMin, engine.NoticeDifferentialMax: NoticeDifferentialMax,
	engine.NoticeSettlement: NoticeSettlement, engine.NoticeClose: NoticeClose, engine.NoticeOpen: NoticeOpen,
}

// NoticeItemOf is the feed's name of an engine notice item, "" for an unknown one.
func NoticeItemOf(it engine.NoticeItem) string { return noticeItems[it] }

// NoticeBetOf is the feed's name of a wager the engine names on a sign ("Player", "Insurance/No
// 6", "Run"); redDog names a Red Dog table's one wager (the sign's Player limit) "bet".
func NoticeBetOf(wager string, redDog bool) string {
	if redDog {
		return "bet"
	}
	switch wager {
	case engine.WagerPlayer.String():
		return "player"
	case engine.WagerBanker.String():
		return "banker"
	case engine.WagerTie.String():
		return "tie"
	case engine.WagerInsurance.String():
		return "insurance"
	case "Run":
		return "runs"
	}
	return ""
}

// SettlementOf is the feed's name of a Banker payout, "" for none.
func SettlementOf(p engine.BankerPayout) string {
	switch p {
	case engine.BankerCommission:
		return SettleCommission
	case engine.BankerSixPaysHalf:
		return SettleSixPaysHalf
	}
	return ""
}

// PayoutOf is the Banker payout the feed names s (SettlementOf's inverse); false for a name
// that is none of them.
func PayoutOf(s string) (engine.BankerPayout, bool) {
	switch s {
	case SettleCommission:
		return engine.BankerCommission, true
	case SettleSixPaysHalf:
		return engine.BankerSixPaysHalf, true
	}
	return 0, false
}

func (n *Notice) validate(m *Message) error {
	if n.Change < 1 {
		return invalid(m, "notice change %d, want 1 or more", n.Change)
	}
	amounts := false
	switch n.Item {
	case NoticeMinimum, NoticeMaximum, NoticeMultiple:
		if !noticeBets[n.Bet] {
			return invalid(m, "notice of the %s of bet %.20q: want player, banker, tie, insurance, runs or bet", n.Item, n.Bet)
		}
		amounts = true
	case NoticeDifferentialMin, NoticeDifferentialMax:
		amounts = true
	case NoticeSettlement:
		for _, s := range []string{n.OldSettlement, n.NewSettlement} {
			if _, ok := PayoutOf(s); !ok {
				return invalid(m, "notice of the settlement method %.20q: want commission or six_pays_half", s)
			}
		}
		if n.OldSettlement == n.NewSettlement {
			return invalid(m, "notice of the settlement method: %s to itself", n.NewSettlement)
		}
	case NoticeClose, NoticeOpen:
	default:
		return invalid(m, "notice item %.20q: want minimum, maximum, multiple, differential_min, differential_max, settlement, close or open", n.Item)
	}
	if n.Bet != "" && !(n.Item == NoticeMinimum || n.Item == NoticeMaximum || n.Item == NoticeMultiple) {
		return invalid(m, "notice of %s with a bet", n.Item)
	}
	if n.Item != NoticeSettlement && (n.OldSettlement != "" || n.NewSettlement != "") {
		return invalid(m, "notice of %s with a settlement method", n.Item)
	}
	if amounts != (n.Old != nil && n.New != nil) || !amounts && (n.Old != nil || n.New != nil || n.Currency != "") {
		return invalid(m, "notice of %s: old and new amounts (and a currency) are for a minimum, maximum, multiple or differential, and those need both", n.Item)
	}
	if amounts && (*n.Old < 0 || *n.New < 0 || *n.Old == *n.New) {
		return invalid(m, "notice of %s: amounts %d to %d", n.Item, *n.Old, *n.New)
	}
	if n.Currency != "" && !currencyCode(n.Currency) {
		return invalid(m, "notice currency %.10q: want an ISO 4217 code", n.Currency)
	}
	if n.Posted.IsZero() || n.Effective.IsZero() || n.Effective.Before(n.Posted) {
		return invalid(m, "notice posted %s, effective %s: want both, effective not before posted", n.Posted.Format(time.RFC3339), n.Effective.Format(time.RFC3339))
	}
	if !printable(n.Rule, MaxNoticeRule) {
		return invalid(m, "notice rule %.80q: at most %d printable ASCII characters", n.Rule, MaxNoticeRule)
	}
	if n.Text == "" || !printable(n.Text, MaxNoticeText) {
		return invalid(m, "notice text %.80q: 1 to %d printable ASCII characters", n.Text, MaxNoticeText)
	}
	return nil
}

// currencyCode reports whether s is three upper-case letters.
func currencyCode(s string) bool {
	if len(s) != 3 {
		return false
	}
	for i := 0; i < 3; i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
