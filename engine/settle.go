package engine

import (
	"fmt"
	"strings"
)

// BankerPayout is how a winning Banker wager is paid.
type BankerPayout uint8

// The Banker payouts of the books.
const (
	// BankerCommission pays 1:1 less a commission on the amount won
	// (000 10.1 Traditional, 001 8.6(b) Method A, 002 5.7(b), 004 5.10(b)).
	BankerCommission BankerPayout = iota + 1
	// BankerSixPaysHalf pays 1:1, except 1:2 when the Banker wins with a total of 6
	// (000 1.1 and 10.1 Crown, 001 8.7(b) Method B, 004 5.11).
	BankerSixPaysHalf
)

// String names the payout as the table sign does.
func (p BankerPayout) String() string {
	switch p {
	case BankerCommission:
		return "Banker pays 1:1 less 5% commission"
	case BankerSixPaysHalf:
		return "Banker pays 1:1, a win on 6 pays 1:2"
	}
	return "unknown Banker payout"
}

// InexactRule is what happens to a wager whose win cannot be paid exactly in the table's
// smallest chip.
type InexactRule uint8

// The books' rules for amounts that cannot be paid exactly in chips.
const (
	// InexactExact: the book is silent (act, and nz on a 6-pays-half table, 004 5.12
	// "except where rule 5.11 applies"). The win is paid exactly to the cent; a fraction
	// of a cent is rounded in the player's favour. Settlement notes it.
	InexactExact InexactRule = iota
	// InexactPayUp: the win is paid to the next higher amount payable in chips (000 7.3.3);
	// such a wager may also be refused before the deal (000 6.6, see ChipExact).
	InexactPayUp
	// InexactBankerValidPart: a Banker wager under BankerCommission whose win could not be
	// paid exactly is not accepted; if accepted, only the largest part that could be paid
	// exactly is valid and the rest is void and returned (002 5.8-5.9, 004 5.12-5.13).
	// Other wagers, and Banker wagers on a 6-pays-half table, are paid as InexactExact.
	InexactBankerValidPart
)

// Reduction is the book's rule for wagers over a table differential.
type Reduction uint8

// The differential reduction rules.
const (
	// ReductionNone: the book has no reduction rule (act 3.6-3.7: the maximum is only shown).
	ReductionNone Reduction = iota
	// ReductionProRataAll: where the total on either hand exceeds the minimum table
	// differential, the dealer may reduce all wagers on it pro rata so that the total does not
	// exceed the minimum table differential (000 7.4, read as written: a total, not a difference).
	ReductionProRataAll
	// ReductionProRataHand: the dealer may reduce the wagers on the hand pro rata so that the
	// maximum table differential is not exceeded (002 5.14, 004 5.18).
	ReductionProRataHand
)

// BasisPoints is a rate in hundredths of a percent: 500 is 5%, 250 is 2.5%.
type BasisPoints int64

// SettlementRules is everything settlement needs to know about a table: the book's rules
// (fixed per profile) and the amounts set for the table (settings smallest_chip,
// differential_min, differential_max). A Profile carries the book's values in its field
// Settlement; the constructors SettlementVic2002, SettlementACT2012, SettlementNZ1998 and
// SettlementNZ give each book's values with the settings at their defaults.
type SettlementRules struct {
	// Banker is how a winning Banker wager is paid (000 10.1; 001 8.6-8.7; 002 5.7; 004 5.10-5.11).
	Banker BankerPayout
	// Commission is the commission on the amount won by a Banker wager under
	// BankerCommission: 500 (5%) in every book (000 10.1, 001 8.6(b), 002 5.7(b), 004 5.10(b)).
	Commission BasisPoints
	// TieOdds is the Tie payout to 1: 8 in every book (000 10.1, 001 8.6(c), 002 5.7(c), 004 5.10(c)).
	TieOdds int64
	// InsuranceNo6 is whether the Insurance/No 6 wager is offered: vic Crown only, as a table
	// choice (000 1.1 "may also offer", 6.5.4). It pays InsuranceOdds to 1.
	InsuranceNo6 bool
	// InsuranceOdds is the Insurance/No 6 payout to 1: 2 (000 10.1).
	InsuranceOdds int64
	// Inexact is the rule for wins that cannot be paid exactly in SmallestChip:
	// vic InexactPayUp (000 7.3.3), nz InexactBankerValidPart (002 5.8-5.9, 004 5.12-5.13),
	// act InexactExact (silent).
	Inexact InexactRule
	// SmallestChip is the table's smallest chip in cents (setting smallest_chip, default 100).
	// A wager that is not a multiple of it is an error: wagers are placed in chips (000 6.1, 002 5.3).
	SmallestChip int64
	// DifferentialMinAllowed is whether the book has a minimum table differential: vic only (000 7.2-7.5).
	DifferentialMinAllowed bool
	// DifferentialMin is the minimum table differential in cents; 0 means none
	// (setting differential_min, vic only, 000 7.4-7.5).
	DifferentialMin int64
	// DifferentialMax is the maximum table differential in cents; 0 means none
	// (setting differential_max; 000 7.5, 001 3.6, 002 5.13, 004 5.17). Under vic no
	// individual wager may exceed it (000 7.5): the excess is void.
	DifferentialMax int64
	// Reduction is the dealer's reduction over the differential: vic ReductionProRataAll
	// (000 7.4), nz ReductionProRataHand (002 5.14, 004 5.18), act ReductionNone.
	Reduction Reduction
	// ExtraCommission is the additional commission on the part of a winning Player or Banker
	// wager above DifferentialMin: 250 (2.5%) in vic Traditional (000 7.5.1-7.5.2), else 0.
	ExtraCommission BasisPoints
	// DeferredCommission is whether commission may be deferred for seated players, recorded per
	// seat and settled at the end of the shoe (000 10.2.1): vic only. See CommissionLedger.
	DeferredCommission bool
	// RunsAllowed is whether the book has Run wagers: vic only (000 1.1, 2.4, 6.5.5-6.5.8, 10.1).
	RunsAllowed bool
	// Runs is whether this table offers Run wagers (setting runs, default false; 000 1.1 "may be offered").
	Runs bool
	// Currency is the table's currency, in which the notes and errors of settlement write their
	// amounts (Currency.Amount): table data set by the app from the table's currency code, not a
	// rule of the book. "" writes amounts with no symbol.
	Currency Currency
	// Book is the rule book's file prefix ("000", "001", "002", "004"), set by the constructors:
	// settlement notes then cite that book's rule numbers only (see CiteBook). Empty cites all.
	Book string
}

// SettlementVic2002 is vic-baccarat-2002 (book 000): version "traditional" (5% commission,
// extra 2.5% over the minimum differential, 7.5) or "crown" (Banker 6 pays half, 1.1; with
// Insurance/No 6 when insuranceNo6 is true); Run wagers when runs is true (1.1, 2.4).
// Any other version, or Insurance/No 6 on a Traditional table, is an error.
func SettlementVic2002(version string, insuranceNo6, runs bool) (SettlementRules, error) {
	r := SettlementRules{
		Commission: 500, TieOdds: 8, InsuranceOdds: 2, Inexact: InexactPayUp, SmallestChip: 100,
		DifferentialMinAllowed: true, Reduction: ReductionProRataAll, DeferredCommission: true,
		RunsAllowed: true, Runs: runs, Book: "000",
	}
	switch version {
	case "traditional", "":
		if insuranceNo6 {
			return SettlementRules{}, fmt.Errorf("insurance_no6: Insurance/No 6 is offered only in Crown Baccarat (000 1.1, 6.5.4)")
		}
		r.Banker, r.ExtraCommission = BankerCommission, 250
	case "crown":
		r.Banker, r.InsuranceNo6 = BankerSixPaysHalf, insuranceNo6
	default:
		return SettlementRules{}, fmt.Errorf("version %q: want traditional or crown (000 1.1)", version)
	}
	return r, nil
}

// MethodACT2012 is the act-mini-baccarat-2012 settlement method (the settings' "settlement"
// value, 001 8.1) whose Banker payout is p: "A" for the 5% commission (8.6), "B" for Banker 6
// pays half (8.7), "" for none. SettlementACT2012's inverse.
func MethodACT2012(p BankerPayout) string {
	switch p {
	case BankerCommission:
		return "A"
	case BankerSixPaysHalf:
		return "B"
	}
	return ""
}

// SettlementACT2012 is act-mini-baccarat-2012 (book 001) with settlement method "A"
// (5% commission, 8.6) or "B" (Banker 6 pays half, 8.7). Any other method is an error.
func SettlementACT2012(method string) (SettlementRules, error) {
	r := SettlementRules{Commission: 500, TieOdds: 8, InsuranceOdds: 2, Inexact: InexactExact, SmallestChip: 100, Book: "001"}
	switch method {
	case "A", "":
		r.Banker = BankerCommission
	case "B":
		r.Banker = BankerSixPaysHalf
	default:
		return SettlementRules{}, fmt.Errorf("settlement %q: want A or B (001 8.1)", method)
	}
	return r, nil
}

// SettlementNZ1998 is nz-baccarat-1998 (book 002): 5% commission (5.7), only the payable part
// of a Banker wager is valid (5.8-5.9), pro rata reduction over the maximum differential (5.14).
func SettlementNZ1998() SettlementRules {
	return SettlementRules{
		Banker: BankerCommission, Commission: 500, TieOdds: 8, InsuranceOdds: 2,
		Inexact: InexactBankerValidPart, SmallestChip: 100, Reduction: ReductionProRataHand, Book: "002",
	}
}

// SettlementNZ is nz-baccarat (book 004): 5% commission (5.10), or Banker 6 pays 1:2 when
// sixPaysHalf (setting banker_six_half, 5.11); only the payable part of a Banker wager is valid
// except on a 6-pays-half table (5.12-5.13); pro rata reduction over the maximum differential (5.18).
func SettlementNZ(sixPaysHalf bool) SettlementRules {
	r := SettlementNZ1998()
	r.Book = "004"
	if sixPaysHalf {
		r.Banker = BankerSixPaysHalf
	}
	return r
}

// Validate checks that the rules are coherent; an error names the setting at fault.
func (r SettlementRules) Validate() error {
	switch {
	case r.Banker != BankerCommission && r.Banker != BankerSixPaysHalf:
		return fmt.Errorf("settlement: unknown Banker payout %d", r.Banker)
	case r.Commission < 0 || r.Commission > 10000 || r.ExtraCommission < 0 || r.ExtraCommission > 10000:
		return fmt.Errorf("settlement: commission out of range")
	case r.TieOdds < 1 || r.InsuranceOdds < 1 || r.TieOdds > 100 || r.InsuranceOdds > 100:
		return fmt.Errorf("settlement: odds must be 1 to 1 up to 100 to 1")
	case r.Inexact > InexactBankerValidPart || r.Reduction > ReductionProRataHand:
		return fmt.Errorf("settlement: unknown rule")
	case r.SmallestChip < 1 || r.SmallestChip > maxCents:
		return fmt.Errorf("smallest_chip %d: want 1 to %d cents", r.SmallestChip, int64(maxCents))
	case r.DifferentialMin < 0 || r.DifferentialMin > maxCents:
		return fmt.Errorf("differential_min %d: out of range", r.DifferentialMin)
	case r.DifferentialMin > 0 && !r.DifferentialMinAllowed:
		return fmt.Errorf("differential_min: this book has no minimum table differential (000 7.2-7.5 only)")
	case r.DifferentialMax < 0 || r.DifferentialMax > maxCents:
		return fmt.Errorf("differential_max %d: out of range", r.DifferentialMax)
	case r.Runs && !r.RunsAllowed:
		return fmt.Errorf("runs: this book has no Run wagers (000 1.1 only)")
	case r.InsuranceNo6 && r.Banker != BankerSixPaysHalf:
		return fmt.Errorf("insurance_no6: Insurance/No 6 is offered only in Crown Baccarat (000 1.1, 6.5.4)")
	case r.DifferentialMax > 0 && r.DifferentialMin > r.DifferentialMax:
		return fmt.Errorf("differential_min %d exceeds differential_max %d", r.DifferentialMin, r.DifferentialMax)
	}
	return nil
}

// maxCents bounds every amount (10^12 cents, ten billion dollars) so that no product in
// settlement overflows an int64 (amount × odds or × basis points stays below 2^63).
const maxCents = 1_000_000_000_000

// WagerKind is what a wager on a coup backs.
type WagerKind uint8

// The wagers on a baccarat coup (000 6.5.1-6.5.4, 001 8.3-8.5, 002 5.1, 004 5.1).
const (
	WagerPlayer    WagerKind = iota + 1 // the Player hand, 1:1
	WagerBanker                         // the Banker hand, see BankerPayout
	WagerTie                            // the Tie, 8:1
	WagerInsurance                      // Insurance/No 6, 2:1 (000 1.1, vic Crown only)
)

var wagerKindNames = [...]string{"", "Player", "Banker", "Tie", "Insurance/No 6"}

// String is the wager's name as the layout prints it.
func (k WagerKind) String() string {
	if int(k) < len(wagerKindNames) && k != 0 {
		return wagerKindNames[k]
	}
	return "unknown wager"
}

// Wager is one player's wager on one coup. Amounts are integer cents.
type Wager struct {
	Seat   int       // the seat or wagering area; 0 for a standing player
	Kind   WagerKind // what it backs
	Amount int64     // cents, a multiple of the table's smallest chip (000 6.1)
	// Limit is the limit that applies to this wager: the sign's, or a personal limit agreed for
	// the player (000 7.6, 001 3.2, 003 6.5). Zero fields mean no limit.
	Limit WagerLimit
	// Covers is, for Insurance/No 6, the player's Player or Banker wager on this coup: the
	// insurance may not exceed it (000 1.1). Ignored for other wagers.
	Covers int64
	// DeferCommission asks that the commission be deferred and recorded against the seat
	// (000 10.2.1, seated players only); refused where the book does not allow it.
	DeferCommission bool
	// MinimumWarned says the player was already told that wagers under the minimum will be
	// returned (000 7.3.1, 001 3.4): a wager under the minimum is then void and returned
	// whatever the result. The caller keeps this per player.
	MinimumWarned bool
}

// Result is what happened to a wager.
type Result uint8

// The results of a wager.
const (
	ResultLose Result = iota + 1 // the valid part is collected
	ResultWin                    // the valid part is returned and the win paid
	ResultPush                   // a stand-off: the valid part is returned (000 10.1 ***, 001 8.3(c), 002 5.1(a)(iii))
	ResultVoid                   // the whole wager is void and returned
)

var resultNames = [...]string{"", "lose", "win", "push", "void"}

// String is "win", "lose", "push" or "void".
func (r Result) String() string {
	if int(r) < len(resultNames) && r != 0 {
		return resultNames[r]
	}
	return "?"
}

// MarshalText encodes the result as its word.
func (r Result) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// Note is one rule applied in settlement: the rule numbers and what was done.
type Note struct {
	Rule string // the rule numbers, "000 7.3.3"
	Text string // what was done, for the dealer and the audit log
}

// String is "text (rule)".
func (n Note) String() string { return n.Text + " (" + n.Rule + ")" }

// Settlement is the settlement of one wager. Money is conserved: Amount = Returned + Lost,
// and Won = Paid + Commission + DeferredCommission.
type Settlement struct {
	Wager  Wager  // the wager as placed
	Result Result // win, lose, push or void
	// Valid is the part of the wager that was in action; Void = Amount - Valid was returned
	// (over the maximum 000 7.3.2 / 001 3.5, over the maximum differential 000 7.5, the part
	// that could not be paid exactly 002 5.9 / 004 5.13, insurance over the covered wager 000 1.1).
	Valid, Void int64
	// Won is the win at the odds before commission, in cents, after any rounding to chips.
	Won int64
	// Commission is the commission collected now; DeferredCommission is the commission
	// recorded against the seat instead (000 10.2.1).
	Commission, DeferredCommission int64
	// Paid is what the dealer pays out on top of the returned chips.
	Paid int64
	// Lost is what the dealer collects from the wager.
	Lost int64
	// Returned is the chips of the wager given back to the player (the void part, and the
	// valid part on a win or a push).
	Returned int64
	// Net is the player's change in cents: Paid - Lost (a deferred commission is still owed).
	Net int64
	// Warning is set when the player must be told something, e.g. that further wagers under the
	// minimum will be returned (000 7.3.1, 001 3.4).
	Warning bool
	// Notes lists every rule applied, with its number.
	Notes []Note

	book string // cite this book's rules only
}

// Settle settles one wager on a finished coup under the table's rules. It does not apply a
// differential reduction (see ReduceForDifferential, which the dealer may choose to apply to all
// the wagers of a coup before settlement). An error means the wager or the outcome cannot be
// settled as given (not a chip amount, a wager the table does not offer, a coup with no result,
// Insurance/No 6 on a coup where it was not offered); nothing is then paid or collected.
func Settle(w Wager, o Outcome, rules SettlementRules) (Settlement, error) {
	if err := rules.Validate(); err != nil {
		return Settlement{}, err
	}
	if err := checkWager(w, rules); err != nil {
		return Settlement{}, err
	}
	switch o.Winner {
	case Banker, Player, Tie:
	default:
		return Settlement{}, fmt.Errorf("settle %s wager: the coup has no result", w.Kind)
	}
	if o.BankerTotal < 0 || o.BankerTotal > 9 || o.PlayerTotal < 0 || o.PlayerTotal > 9 {
		return Settlement{}, fmt.Errorf("settle %s wager: totals %d/%d out of range", w.Kind, o.PlayerTotal, o.BankerTotal)
	}
	if o.TotalsUnknown && w.Kind == WagerBanker && o.Winner == Banker && rules.Banker == BankerSixPaysHalf {
		return Settlement{}, fmt.Errorf("settle Banker wager: the result was entered without cards, so whether Banker won on 6 (paid 1 to 2) is unknown; settle it by hand")
	}
	if w.Kind == WagerInsurance && !InsuranceOffered(o) {
		return Settlement{}, fmt.Errorf("settle Insurance/No 6: not offered on this coup: Banker's first two cards total %d, Player drew %v (000 1.1)",
			o.BankerFirstTwo, o.PlayerCards == 3)
	}
	s := Settlement{Wager: w, Valid: w.Amount, book: rules.Book}
	s.limit(rules)
	s.payablePart(rules)
	if s.Valid == 0 {
		s.Result, s.Void, s.Returned = ResultVoid, w.Amount, w.Amount
		return s, nil
	}
	s.Void = w.Amount - s.Valid
	s.Result = wagerResult(w.Kind, o)
	switch s.Result {
	case ResultLose:
		s.Lost, s.Returned = s.Valid, s.Void
	case ResultPush:
		s.Returned = w.Amount
		s.note("000 10.1 ***, 001 8.3(c)-8.4(c), 002 5.1, 004 5.1", "a Tie: Player and Banker wagers stand off")
	case ResultWin:
		s.Returned = w.Amount
		s.pay(o, rules)
	}
	s.Net = s.Paid - s.Lost
	return s, nil
}

// ForSettlement is the outcome reduced to what Settle reads of it: the winner, whether the
// Banker won with 6 (paid 1 to 2; loses Insurance/No 6), whether Insurance/No 6 was offered,
// whether the totals are known. Settle(w, o.ForSettlement(), r) equals Settle(w, o, r) for every
// outcome with totals 0-9, so a table may remember settlements by it (engine/desk does).
func (o Outcome) ForSettlement() Outcome {
	k := Outcome{Winner: o.Winner, TotalsUnknown: o.TotalsUnknown, PlayerCards: 2, BankerCards: 2}
	if o.BankerTotal == 6 {
		k.BankerTotal = 6
	}
	if InsuranceOffered(o) {
		k.BankerFirstTwo, k.PlayerCards = 6, 3
	}
	if o.BankerTotal < 0 || o.BankerTotal > 9 || o.PlayerTotal < 0 || o.PlayerTotal > 9 {
		return o // out of range: Settle refuses it as it is
	}
	return k
}

// ChipExact reports whether every possible win of the wager could be paid exactly in the
// table's smallest chip, before any rounding. Where it is false, vic may refuse the wager before
// the deal (000 6.6) and otherwise pays up (7.3.3); nz must not accept a Banker wager under
// commission (002 5.8, 004 5.12) and settles only its payable part (5.9, 5.13); PayablePart gives
// that part. Limits are not considered. A wager that is not a positive chip amount is not exact.
func ChipExact(w Wager, rules SettlementRules) bool {
	if rules.Validate() != nil || w.Amount <= 0 || w.Amount > maxCents || w.Amount%rules.SmallestChip != 0 {
		return false
	}
	unit := 10000 * rules.SmallestChip
	for _, e4 := range winsE4(w.Kind, w.Amount, rules) {
		if e4%unit != 0 {
			return false
		}
	}
	return true
}

// PayablePart is the largest part of the wager, in whole chips, that ChipExact accepts: the
// valid part of a Banker wager under nz 002 5.9 / 004 5.13. It is 0 when no part is payable.
func PayablePart(w Wager, rules SettlementRules) int64 {
	if rules.Validate() != nil || w.Amount <= 0 || w.Amount > maxCents {
		return 0
	}
	for v := w.Amount / rules.SmallestChip * rules.SmallestChip; v > 0; v -= rules.SmallestChip {
		x := w
		x.Amount = v
		if ChipExact(x, rules) {
			return v
		}
		if w.Amount/rules.SmallestChip-v/rules.SmallestChip > 10000 { // the exact amounts recur within 10000 chips
			break
		}
	}
	return 0
}

// winsE4 is every amount a win of v on this kind of wager pays, in 1/10000 cent, before rounding.
func winsE4(k WagerKind, v int64, r SettlementRules) []int64 {
	var extra int64
	if r.ExtraCommission > 0 && r.DifferentialMin > 0 && v > r.DifferentialMin {
		extra = (v - r.DifferentialMin) * int64(r.ExtraCommission)
	}
	switch k {
	case WagerPlayer:
		return []int64{v*10000 - extra}
	case WagerBanker:
		if r.Banker == BankerSixPaysHalf {
			return []int64{v*10000 - extra, v * 5000}
		}
		return []int64{v*10000 - v*int64(r.Commission) - extra}
	case WagerTie:
		return []int64{v * r.TieOdds * 10000}
	case WagerInsurance:
		return []int64{v * r.InsuranceOdds * 10000}
	}
	return []int64{1} // an unknown wager is never exact
}

// InsuranceOffered reports whether Insurance/No 6 could be placed on this coup: the Banker's
// first two cards total 6 and the Player must draw (000 1.1), which is a coup where Player drew.
func InsuranceOffered(o Outcome) bool { return o.BankerFirstTwo == 6 && o.PlayerCards == 3 }

func checkWager(w Wager, r SettlementRules) error {
	switch {
	case w.Kind < WagerPlayer || w.Kind > WagerInsurance:
		return fmt.Errorf("settle wager of kind %d: unknown wager", w.Kind)
	case w.Amount <= 0 || w.Amount > maxCents:
		return fmt.Errorf("settle %s wager of %d cents: amount out of range", w.Kind, w.Amount)
	case w.Amount%r.SmallestChip != 0:
		return fmt.Errorf("settle %s wager of %s: not a multiple of the smallest chip %s (000 6.1)", w.Kind, r.Currency.Amount(w.Amount), r.Currency.Amount(r.SmallestChip))
	case w.Kind == WagerInsurance && !r.InsuranceNo6:
		return fmt.Errorf("settle Insurance/No 6 wager: not offered at this table (000 1.1, 6.5.4)")
	case w.Kind == WagerInsurance && (w.Covers <= 0 || w.Covers > maxCents):
		return fmt.Errorf("settle Insurance/No 6 wager: no Player or Banker wager to cover (000 1.1)")
	case w.DeferCommission && !r.DeferredCommission:
		return fmt.Errorf("settle %s wager: this book does not allow deferred commission (000 10.2.1 only)", w.Kind)
	case w.DeferCommission && w.Seat <= 0:
		return fmt.Errorf("settle %s wager: commission may be deferred for seated players only (000 10.2.1)", w.Kind)
	}
	return w.Limit.validate(r.Currency)
}

// limit applies the per-wager limits: insurance over the covered wager, below the minimum,
// above the maximum, multiples, and (vic) the maximum table differential per wager.
func (s *Settlement) limit(r SettlementRules) {
	w := s.Wager
	if covers := w.Covers / r.SmallestChip * r.SmallestChip; w.Kind == WagerInsurance && s.Valid > covers {
		s.Valid = covers
		s.note("000 1.1", fmt.Sprintf("Insurance/No 6 is limited to the covered wager %s; %s void", r.Currency.Amount(covers), r.Currency.Amount(w.Amount-covers)))
	}
	// A cap is taken in whole chips, so the valid part can be paid and collected in chips.
	if lim := w.Limit.Max / r.SmallestChip * r.SmallestChip; w.Limit.Max > 0 && s.Valid > lim {
		s.note("000 7.3.2, 001 3.5", fmt.Sprintf("over the maximum %s: settled to the maximum, %s void", r.Currency.Amount(lim), r.Currency.Amount(s.Valid-lim)))
		s.Valid = lim
	}
	if lim := r.DifferentialMax / r.SmallestChip * r.SmallestChip; r.DifferentialMinAllowed && r.DifferentialMax > 0 && (w.Kind == WagerPlayer || w.Kind == WagerBanker) && s.Valid > lim {
		s.note("000 7.5", fmt.Sprintf("a wager may not exceed the maximum table differential %s: %s void", r.Currency.Amount(lim), r.Currency.Amount(s.Valid-lim)))
		s.Valid = lim
	}
	if w.Limit.Min > 0 && w.Amount < w.Limit.Min {
		if w.MinimumWarned {
			s.Valid = 0
			s.note("000 7.3.1, 001 3.4", fmt.Sprintf("under the minimum %s after a warning: returned regardless of the result", r.Currency.Amount(w.Limit.Min)))
			return
		}
		s.Warning = true
		s.note("000 7.3.1, 001 3.4", fmt.Sprintf("under the minimum %s: settled this once; further wagers under the minimum will be returned", r.Currency.Amount(w.Limit.Min)))
	}
	if w.Limit.Multiple > 0 && w.Limit.Min > 0 && w.Amount > w.Limit.Min && (w.Amount-w.Limit.Min)%w.Limit.Multiple != 0 {
		s.Warning = true
		s.note("000 7.3.3, 001 3.3", fmt.Sprintf("not in a permitted multiple of %s over the minimum: settled as placed", r.Currency.Amount(w.Limit.Multiple)))
	}
}

// payablePart applies 002 5.8-5.9 / 004 5.12-5.13: only the part of a Banker wager under
// commission that could be paid exactly in chips is valid.
func (s *Settlement) payablePart(r SettlementRules) {
	if r.Inexact != InexactBankerValidPart || s.Wager.Kind != WagerBanker || r.Banker != BankerCommission {
		return
	}
	// k chips win k·chip·(1-c); exact in chips when k·(10000-c) ≡ 0 mod 10000.
	step := r.SmallestChip * (10000 / gcd(10000, 10000-int64(r.Commission)))
	valid := s.Valid / step * step
	if valid != s.Valid {
		s.note("002 5.8-5.9, 004 5.12-5.13", fmt.Sprintf("a Banker wager must be payable exactly in %s chips less commission: %s valid, %s void",
			r.Currency.Amount(r.SmallestChip), r.Currency.Amount(valid), r.Currency.Amount(s.Valid-valid)))
		s.Valid = valid
	}
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	if a == 0 {
		return 1
	}
	return a
}

func wagerResult(k WagerKind, o Outcome) Result {
	switch k {
	case WagerPlayer, WagerBanker:
		if o.Winner == Tie {
			return ResultPush
		}
		if (k == WagerPlayer) == (o.Winner == Player) {
			return ResultWin
		}
		return ResultLose
	case WagerTie:
		if o.Winner == Tie {
			return ResultWin
		}
		return ResultLose
	default: // Insurance/No 6 loses only to a Banker win with 6; a Tie wins it (000 1.1, 10.1)
		if o.Winner == Banker && o.BankerTotal == 6 {
			return ResultLose
		}
		return ResultWin
	}
}

// pay computes a win. Amounts are kept exact in 1/10000 of a cent until rounded once.
func (s *Settlement) pay(o Outcome, r SettlementRules) {
	v := s.Valid
	var won, commissionE4 int64 // won in cents; commission in 1/10000 cent
	halfPay := false
	switch s.Wager.Kind {
	case WagerPlayer:
		won = v
		s.note("000 10.1, 001 8.6(a), 002 5.7(a), 004 5.10(a)", "Player pays 1:1")
	case WagerTie:
		won = v * r.TieOdds
		text := "Tie pays 8:1" // every book's odds, written once
		if r.TieOdds != 8 {
			text = fmt.Sprintf("Tie pays %d:1", r.TieOdds)
		}
		s.note("000 10.1, 001 8.6(c), 002 5.7(c), 004 5.10(c)", text)
	case WagerInsurance:
		won = v * r.InsuranceOdds
		s.note("000 1.1, 10.1", fmt.Sprintf("Insurance/No 6 wins on every result but a Banker win with 6: pays %d:1", r.InsuranceOdds))
	case WagerBanker:
		if r.Banker == BankerSixPaysHalf {
			if o.BankerTotal == 6 {
				halfPay = true
				s.note("000 1.1, 001 8.7(b), 004 5.11", "Banker wins with 6: pays 1:2")
			} else {
				won = v
				s.note("000 10.1, 001 8.7(b), 004 5.11", "Banker pays 1:1")
			}
		} else {
			won = v
			commissionE4 = v * int64(r.Commission)
			text := "Banker pays 1:1 less 5% commission on the amount won" // every book's rate, written once
			if r.Commission != 500 {
				text = fmt.Sprintf("Banker pays 1:1 less %s commission on the amount won", formatBP(r.Commission))
			}
			s.note("000 10.1, 001 8.6(b), 002 5.7(b), 004 5.10(b)", text)
		}
	}
	if (s.Wager.Kind == WagerPlayer || s.Wager.Kind == WagerBanker) && r.ExtraCommission > 0 && r.DifferentialMin > 0 && v > r.DifferentialMin && !halfPay {
		commissionE4 += (v - r.DifferentialMin) * int64(r.ExtraCommission)
		s.note("000 7.5.1-7.5.2", fmt.Sprintf("additional %s commission on %s above the minimum table differential %s",
			formatBP(r.ExtraCommission), r.Currency.Amount(v-r.DifferentialMin), r.Currency.Amount(r.DifferentialMin)))
	}
	if s.Wager.DeferCommission && commissionE4 > 0 {
		// The marker records the commission exactly; a fraction of a cent is in the player's favour.
		s.Won, s.Paid, s.DeferredCommission = won, won, commissionE4/10000
		s.note("000 10.2.1", fmt.Sprintf("commission %s deferred and recorded against seat %d", r.Currency.Amount(s.DeferredCommission), s.Wager.Seat))
		s.Won = won
		return
	}
	// The exact payout in 1/10000 cent, rounded once under the book's chip rule.
	paidE4 := won*10000 - commissionE4
	if halfPay {
		paidE4 = v * 5000
	}
	paid := s.round(paidE4, r)
	if halfPay || paid > won { // a rounded-up win with no commission: the extra is part of the win
		won = paid
	}
	s.Won, s.Paid, s.Commission = won, paid, won-paid
}

// round turns an exact payout (1/10000 cent) into cents under the book's chip rule.
func (s *Settlement) round(paidE4 int64, r SettlementRules) int64 {
	cents := ceilDiv(paidE4, 10000)
	if cents*10000 != paidE4 {
		s.note("no rule: amounts are whole cents", "a fraction of a cent is rounded in the player's favour")
	}
	if cents%r.SmallestChip == 0 {
		return cents
	}
	if r.Inexact == InexactPayUp {
		up := ceilDiv(cents, r.SmallestChip) * r.SmallestChip
		s.note("000 7.3.3", fmt.Sprintf("%s cannot be paid exactly in chips: paid to the next payable amount %s", r.Currency.Amount(cents), r.Currency.Amount(up)))
		return up
	}
	s.note("book silent", fmt.Sprintf("%s cannot be paid exactly in %s chips: paid exactly", r.Currency.Amount(cents), r.Currency.Amount(r.SmallestChip)))
	return cents
}

func ceilDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a > 0) == (b > 0) {
		q++
	}
	return q
}

func (s *Settlement) note(rule, text string) {
	s.Notes = append(s.Notes, Note{Rule: CiteBook(rule, s.book), Text: text})
}

// CiteBook keeps the rule numbers of one book from a citation of several: "000 10.1, 001 8.6(a)"
// for book "001" is "001 8.6(a)"; a number without a book prefix belongs to the book before it
// ("000 1.1, 10.1"). A citation that names no rule of the book (or an empty book) is kept whole.
func CiteBook(rules, book string) string {
	if book == "" {
		return rules
	}
	// The book's numbers usually stand together: then they are a piece of rules, taken without
	// allocating (settlement notes cite on every wager). Otherwise they are joined.
	from, to, pieces := -1, -1, 0
	cur := ""
	for i := 0; i < len(rules); {
		j := strings.Index(rules[i:], ", ")
		end := len(rules)
		if j >= 0 {
			end = i + j
		}
		r := rules[i:end]
		if isBook(r) {
			cur = r[:3]
		}
		if cur == book {
			if to != i-2 || from < 0 {
				pieces++
				if from < 0 {
					from = i
				}
			}
			to = end
		}
		if j < 0 {
			break
		}
		i = end + 2
	}
	switch {
	case pieces == 0:
		return rules
	case pieces == 1:
		return rules[from:to]
	}
	var keep []string
	cur = ""
	for _, r := range strings.Split(rules, ", ") {
		if isBook(r) {
			cur = r[:3]
		}
		if cur == book {
			keep = append(keep, r)
		}
	}
	return strings.Join(keep, ", ")
}

// isBook reports whether a citation starts with a book's three-digit prefix and a space ("000 1.1").
func isBook(r string) bool {
	return len(r) > 3 && r[3] == ' ' && r[0] >= '0' && r[0] <= '9' && r[1] >= '0' && r[1] <= '9' && r[2] >= '0' && r[2] <= '9'
}

func formatBP(b BasisPoints) string {
	if b%100 == 0 {
		return fmt.Sprintf("%d%%", b/100)
	}
	return strings.TrimRight(fmt.Sprintf("%d.%02d", b/100, b%100), "0") + "%"
}
