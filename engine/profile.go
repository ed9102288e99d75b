package engine

import (
	"fmt"
	"sort"
)

// RoundKind is what kind of round a coup was (spec/rule-profiles.md "Round kinds").
type RoundKind uint8

// The round kinds. A more serious kind overrides a lesser one: cancelled > nobet > normal.
const (
	// KindNormal is an ordinary round.
	KindNormal RoundKind = iota
	// KindNoBet is played out to a result with no wagers settled: vic "dummy coup" (000 11.4-11.9),
	// act "no-bet coup" / "non-betting round" (001 4.7, 9.2), nz "void hand" (002/004 1.0, 12.1-12.3).
	KindNoBet
	// KindCancelled has no result; wagers are returned: vic "void" (000 11.11-11.12, 13.3-13.4),
	// act "void" (001 9.5-9.6, 11.3), nz "void" (002/004 12.5-12.7).
	KindCancelled
)

// roundKindNames are the kinds' words: the one spelling of a round's kind in replay output,
// the journal's round records, the pit bus and the roads.
var roundKindNames = [...]string{"normal", "nobet", "cancelled"}

// String is the kind's word: "normal", "nobet" or "cancelled".
func (k RoundKind) String() string {
	if int(k) < len(roundKindNames) {
		return roundKindNames[k]
	}
	return "?"
}

// ParseRoundKind reads a kind's word as String writes it.
func ParseRoundKind(s string) (RoundKind, error) {
	for i, w := range roundKindNames {
		if w == s {
			return RoundKind(i), nil
		}
	}
	return 0, fmt.Errorf("round kind %q: must be normal, nobet or cancelled", s)
}

// MarshalText encodes the kind as its word, so it is a string in JSON; an unknown kind is an error.
func (k RoundKind) MarshalText() ([]byte, error) {
	if int(k) >= len(roundKindNames) {
		return nil, fmt.Errorf("round kind %d: unknown", k)
	}
	return []byte(roundKindNames[k]), nil
}

// UnmarshalText decodes a kind's word (ParseRoundKind).
func (k *RoundKind) UnmarshalText(b []byte) error {
	v, err := ParseRoundKind(string(b))
	if err != nil {
		return err
	}
	*k = v
	return nil
}

// Style is a dealing style (002 8.4, 004 8.5).
type Style uint8

// The dealing styles.
const (
	// StyleA deals every card face up (002 8.5, 004 8.6).
	StyleA Style = iota
	// StyleB deals face down; the highest bettors squeeze and turn their hands, third cards too
	// (002 8.7-8.16, 9.10; 004 8.8-8.18, 9.8).
	StyleB
	// StyleC deals face down; the dealer turns Player then Banker; third cards face up
	// (002 8.17-8.18, 9.9; 004 8.19-8.20, 9.7).
	StyleC
)

// String is the style's letter.
func (s Style) String() string {
	if s <= StyleC {
		return string(rune('A' + s))
	}
	return "?"
}

// BurnRule is how cards are burned when a shoe starts.
type BurnRule uint8

// The burn rules.
const (
	// BurnOne burns the first card face down (000 4.3.1(a), 001 5.4(a), 003 4.6).
	BurnOne BurnRule = iota
	// BurnFaceValue shows the first card face up and burns that many face down, 10-K counting 10
	// (000 4.3.1(b), 001 5.4(b)-5.6, 002 7.5-7.6, 004 7.7, 7.9).
	BurnFaceValue
)

// String is the setting's value: "one" or "face-value".
func (b BurnRule) String() string {
	if b == BurnFaceValue {
		return "face-value"
	}
	return "one"
}

// Shuffler is how the cards are shuffled and dealt (004 3.4).
type Shuffler uint8

// The shufflers.
const (
	// ShufflerShoe is one set of decks shuffled by hand and dealt from a card shoe (004 3.4(a)(i)).
	ShufflerShoe Shuffler = iota
	// ShufflerBatch is a non-continuous shuffler with two sets of decks with different backs,
	// used in turn (004 3.4(a)(ii)).
	ShufflerBatch
	// ShufflerContinuous shuffles the cards continuously: no cutting card, no end of shoe
	// (004 3.4(a)(iii), 7.2, 7.8).
	ShufflerContinuous
)

var shufflerNames = [...]string{"shoe", "batch", "continuous"}

// String is the setting's value.
func (s Shuffler) String() string {
	if int(s) < len(shufflerNames) {
		return shufflerNames[s]
	}
	return "?"
}

// CutRule is what happens when the cutting card comes out (the last-coup rule of each book).
// Extra is the number of further coups dealt after the coup it concerns; the last of them
// is the last coup of the shoe.
type CutRule struct {
	// DuringExtra is the number of coups dealt after the coup in progress when the cutting card
	// is reached during it: vic 1 (000 8.3.4(b)-(c)), act 0 (001 5.7), nz 1 (002 9.7, 004 11.2(b)).
	DuringExtra int
	// DuringRule is the rule number reported with the last_coup event in that case.
	DuringRule string
	// FirstExtra is the number of coups dealt after the coup the cutting card is the first card
	// of: act 0 (001 5.7), nz 0 (002 9.8, 004 11.2(a)); vic 0 under our reading (see Reading).
	FirstExtra int
	// FirstRule is the rule number reported with the last_coup event in that case.
	FirstRule string
	// TieOneMore deals exactly one more round when the last round is a Tie, whatever its result
	// (001 5.7); TieRule is its number.
	TieOneMore bool
	TieRule    string
	// LastTakesWagers: the last coup is the last "upon which wagers may be placed" (000 8.3.4(c)),
	// so a dummy coup dealt as the last coup does not use it up; LastTakesWagersRule is its number.
	LastTakesWagers     bool
	LastTakesWagersRule string
	// Reading records how an ambiguity of the book was resolved, if there is one.
	Reading string
}

// NoBetRule is how a request for a round without wagers (script token nobet) is handled.
type NoBetRule struct {
	// Allowed is whether the book has such rounds at all (nz-1998 has none).
	Allowed bool
	// Kind is the round kind it gives: KindNoBet for vic (dummy coup, 000 11.5) and act
	// (no-bet coup, 001 4.7); KindNormal for nz-baccarat, where anyone may still wager (004 8.3).
	Kind RoundKind
	// MaxInARow is the most such rounds in a row, 0 for no limit: act 3 (001 4.9), nz 3 (004 8.3).
	MaxInARow int
	// Rule is the rule applied; LimitRule the one that refuses a request over MaxInARow.
	Rule, LimitRule string
	// DummyCoup is whether the book calls a round without wagers a "dummy coup", as the players'
	// notice then says: vic (000 11.4-11.9); act says "no-bet coup" (001 4.7), nz "void hand" (002/004 1.0).
	DummyCoup bool
}

// ExcessRule is what a card drawn in excess does to the round it starts.
type ExcessRule struct {
	Kind RoundKind // the kind of the round the card starts
	Rule string    // the rule applied, reported in the round's notes
}

// Irregularities holds a book's irregularity rules (spec/rule-profiles.md "Irregularities").
// An empty rule number means the book has no rule for the situation: the engine then reports
// an anomaly for review instead of guessing.
type Irregularities struct {
	// PlayerThirdToBanker: a third card dealt to Player contrary to the tableau becomes Banker's
	// third when Banker must draw (000 11.7.1(a), 001 9.1, 002/004 12.1(a)).
	PlayerThirdToBanker string
	// PlayerThirdHidden / PlayerThirdShown: such a card when Banker stands, not disclosed /
	// disclosed (face up in styles A and C, or reported exposed): vic dummy coup (000 11.7.1(b));
	// act an excess card (001 9.3 / 9.2); nz first card of the next round / void hand (12.1(b)).
	PlayerThirdHidden, PlayerThirdShown ExcessRule
	// BankerThirdHidden / BankerThirdShown: a third card to Banker contrary to the tableau:
	// vic dummy coup (000 11.7.2); act excess (001 9.3 / 9.2); nz excess (002/004 12.2(a) / 12.2(b)).
	BankerThirdHidden, BankerThirdShown ExcessRule
	// ExcessHidden / ExcessShown: any other card drawn in excess, not disclosed / disclosed:
	// vic first card of the next coup either way, cards are never discarded (000 11.2);
	// act 9.3 / non-betting round 9.2; nz 12.2(a) / void hand 12.2(b).
	ExcessHidden, ExcessShown ExcessRule
	// BankerGotPlayers: a card dealt to Banker that was Player's goes to Player (000 11.3).
	BankerGotPlayers string
	// WrongBox: cards put in the wrong boxes are reconstructed by deal order: vic 11.8 (completed,
	// 11.8.1; the supervisor may still cancel), act 9.4, nz 12.6.
	WrongBox string
	// FirstCardFaceUp: the first card of a coup found face up in the shoe: vic dummy coup
	// (000 11.6.1), nz void hand (002/004 12.3); act has no rule.
	FirstCardFaceUp ExcessRule
	// OtherCardFaceUp: another card found face up is used as if face down (000 11.6.2, 002/004 12.4).
	OtherCardFaceUp string
	// NotEnoughCards: a round that cannot be finished is cancelled (000 11.11, 001 9.6, 002/004 12.5).
	NotEnoughCards string
	// VoidInProgress: the supervisor cancels the round in progress: vic 13.3 (a game invalidated;
	// 11.12 is only an initial deal out of sequence), act 11.3 (a round declared void; 9.4 is a
	// reconstruction, never a void), nz 002 12.7, 004 12.6.
	VoidInProgress string
	// VoidAfter: a finished round cancelled after the fact (000 13.3-13.4; 001 9.5); empty where
	// the book has no such rule (002), or where later hands stand (004 12.8, see VoidAfterRefused).
	VoidAfter string
	// VoidAfterRefused is the rule that refuses a cancel after the fact, if any (004 12.8).
	VoidAfterRefused string
	// FailedBurn: the dealer did not burn; play continues (000 11.1, 001 9.7, 002 12.8, 004 12.7).
	FailedBurn string
	// Confirm is the rule under which the supervisor confirms the cards of a coup under review
	// as the shoe read them: the supervisor decides what the rules do not cover (000 13.10,
	// 001 11.4); empty where the book says nothing (002, 004): the confirmation is recorded
	// with no rule number.
	Confirm string
	// Reconstruct is the rule under which the supervisor enters the cards of a coup under
	// review as they lie on the table: act 9.4, nz 12.6 (cards out of sequence reconstructed
	// by the table of play); vic has no reconstruction rule, so 13.10 (the supervisor decides).
	Reconstruct string
	// Dispute is the rule under which the supervisor puts a finished round, already shown and
	// counted, under review (a dispute: the supervisor's decision is final, 000 13.10; the
	// casino operator's, 001 11.4); empty where the book says nothing (002, 004): the dispute
	// is recorded with no rule number. It is resolved by Confirm, by Correct, or cancelled by
	// VoidAfter where the book has one.
	Dispute string
	// Correct is the rule under which the supervisor enters the cards really dealt for a
	// finished round under review, which is then re-settled on them: vic 13.10 (the supervisor
	// decides any dispute; 11.13: later rounds are not affected), act 9.4 (cards reconstructed
	// by the table of play), nz 12.6 (reconstruction under a casino supervisor; 004 12.8: later
	// hands stand as dealt). Empty: the book has no such rule and the engine refuses it.
	Correct string
	// CorrectBeforeNext is the rule that allows Correct only until the next round commences,
	// after which the round is deemed void instead (act 9.5); empty where the books set no such
	// limit.
	CorrectBeforeNext string
}

// Profile is one rule book turned into data (spec/rule-profiles.md). Every difference between
// the books is a field here with its rule number; the engine has no jurisdiction in an if.
// Profiles are values: LookupProfile returns a copy that the caller may keep.
type Profile struct {
	// ID is the stable identifier used in config files, journals and the CLI.
	ID string
	// Book is the rule book's file prefix in ../shared/seeds ("000").
	Book string
	// Title names the rule book.
	Title string

	// DecksMin and DecksMax bound the number of decks: vic 4-8 (000 3.1), act 8 (001 2.1),
	// nz-1998 8 (002 3.4(a)), nz 4-8 (004 3.4(a)).
	DecksMin, DecksMax int
	// CuttingCardsMin and CuttingCardsMax: vic 1 (000 3.1), act 2 (001 2.1), nz 1 or 2
	// (002 3.4(b), 004 3.4(b)).
	CuttingCardsMin, CuttingCardsMax int
	// CutMinFromBack is the fewest cards behind the cutting card met in play: vic about 20 or a
	// fanned 13 (000 4.2.4), act 12 (001 5.3), nz 20 (002 7.4, 004 7.6). A cutting card met with
	// fewer cards left in the shoe is an anomaly for review citing CutPlaceRule.
	CutMinFromBack int
	// CutPlaceRule is the rule that places the cutting card (000 4.2.4, 001 5.3, 002 7.4, 004 7.6).
	CutPlaceRule string
	// Shufflers lists the shufflers the book allows: nz-baccarat shoe, batch, continuous (004 3.4);
	// the others a card shoe only (000 2.3, 001 6.1, 002 3.4(c)).
	Shufflers []Shuffler

	// Burns lists the burn rules the table may choose; DefaultBurn is the setting's default:
	// vic one or face-value (000 4.3.1), act the same (001 5.4), nz face-value only (002 7.5, 004 7.7).
	Burns       []BurnRule
	DefaultBurn BurnRule
	// OneBurnRule and FaceBurnRule are the rule numbers of the two burn rules.
	OneBurnRule, FaceBurnRule string
	// FaceBurnRequest: a player may ask for a face-value burn for the shoe (000 4.3.1(b), 001 5.4(b)).
	FaceBurnRequest bool
	// BurnBeforeCoup: the dealer may burn a card before any coup (000 8.2.2(b)); BurnBeforeCoupRule is its number.
	BurnBeforeCoup     bool
	BurnBeforeCoupRule string

	// Cut is what the cutting card does (000 8.3.4, 001 5.7, 002 9.7-9.8, 004 11.2).
	Cut CutRule
	// DummyDirected: the supervisor may direct a dummy coup before the initial deal (000 11.4).
	DummyDirected     bool
	DummyDirectedRule string
	// DummyAfterLast: dummy coups may be dealt after the last coup when directed (000 8.3.4(d)).
	DummyAfterLast     bool
	DummyAfterLastRule string
	// NoBet is the rule for rounds without wagers (000 11.5, 001 4.7-4.9, 004 8.3; 002 none).
	NoBet NoBetRule
	// Irregular holds the irregularity rules.
	Irregular Irregularities

	// Styles lists the dealing styles allowed: every baccarat book allows A, B and C
	// (000 8.1-8.2.3, 001 2.2 and 6.3, 002 8.4, 004 8.5); StyleRule is the rule number.
	Styles    []Style
	StyleRule string
	// StyleFixedPerShoe: a shoe begun in a style continues in it (002 8.4, 004 8.5); vic and act
	// decide face up or down per round (000 8.2.3, 001 2.2).
	StyleFixedPerShoe bool
	// StyleBNotContinuous is the rule refusing style B with a continuous shuffler (004 3.4(a)(iii)).
	StyleBNotContinuous string
	// BankerFirst: the Banker hand may be turned before the Player hand: vic (000 8.3.1),
	// act (001 6.3), nz (004 8.17); nz-1998 turns Player first (002 8.13-8.14, 8.17).
	BankerFirst bool
	// BankerFirstAuthorised is the rule that lets the Banker hand be turned first only when the
	// casino supervisor authorised it (004 8.17), empty where the book needs no authorisation.
	BankerFirstAuthorised string
	// RevealRule is the rule number of the reveal order.
	RevealRule string

	// Versions lists the values of setting version (vic: traditional, crown; 000 1.1, 5.1).
	Versions []string
	// Layouts: the table is mini, midi or full (000 2.2, 004 2.2).
	Layouts bool
	// Areas is, per layout (indexed by Layout), the numbered wagering areas and how many players
	// or wagers one area takes (000 2.1, 6.2.2; 004 3.1, 5.7-5.8); see Settings.Area.
	Areas [3]AreaRule
	// InsuranceRule is the rule for Insurance/No 6 (000 1.1), empty where the book has none.
	InsuranceRule string

	// Settlement is the book's settlement rules with the table settings at their defaults
	// (see SettlementRules).
	Settlement SettlementRules
	// Notices is the book's notice rules with notice_minutes at its default (see NoticeRules).
	Notices NoticeRules

	// Keys lists the table settings this profile uses (spec/rule-profiles.md "Table settings").
	Keys []string
}

// Profile identifiers.
const (
	ProfileVic2002 = "vic-baccarat-2002"
	ProfileACT2012 = "act-mini-baccarat-2012"
	ProfileNZ1998  = "nz-baccarat-1998"
	ProfileNZ      = "nz-baccarat"
)

// allStyles is every dealing style; each profile gets its own copy.
func allStyles() []Style { return []Style{StyleA, StyleB, StyleC} }

// commonKeys are the settings every baccarat profile uses.
var commonKeys = []string{"style", "decks", "burn", "notice_minutes", "smallest_chip", "differential_max", "roads_include_non_betting"}

func keys(extra ...string) []string {
	k := append(append([]string(nil), commonKeys...), extra...)
	sort.Strings(k)
	return k
}

func profileVic2002() Profile {
	st, _ := SettlementVic2002("traditional", false, false)
	return Profile{
		ID: ProfileVic2002, Book: "000", Title: "Victoria, Casino Rules Notice 28 of 2002: Baccarat",
		DecksMin: 4, DecksMax: 8, // 3.1
		CuttingCardsMin: 1, CuttingCardsMax: 1, // 3.1
		CutMinFromBack: 13, CutPlaceRule: "4.2.4", // about twenty cards, or 13 fanned
		Shufflers: []Shuffler{ShufflerShoe},                                 // 2.3
		Burns:     []BurnRule{BurnOne, BurnFaceValue}, DefaultBurn: BurnOne, // 4.3.1
		OneBurnRule: "4.3.1(a)", FaceBurnRule: "4.3.1(b)",
		FaceBurnRequest: true,                                 // 4.3.1(b)
		BurnBeforeCoup:  true, BurnBeforeCoupRule: "8.2.2(b)", // 8.2.2(b)
		Cut: CutRule{
			DuringExtra: 1, DuringRule: "8.3.4", // finish the coup; the next coup is the last
			FirstExtra: 0, FirstRule: "8.3.4",
			LastTakesWagers: true, LastTakesWagersRule: "8.3.4(c)",
			Reading: "4.1.1(b) vs 8.3.4: a cutting card met before a coup is dealt leaves no coup in progress, so the coup about to be dealt is the last (8.3.4(c))",
		},
		DummyDirected: true, DummyDirectedRule: "11.4",
		DummyAfterLast: true, DummyAfterLastRule: "8.3.4(d)",
		NoBet: NoBetRule{Allowed: true, Kind: KindNoBet, Rule: "11.5", DummyCoup: true},
		Irregular: Irregularities{
			PlayerThirdToBanker: "11.7.1(a)",
			PlayerThirdHidden:   ExcessRule{KindNoBet, "11.7.1(b)"},
			PlayerThirdShown:    ExcessRule{KindNoBet, "11.7.1(b)"},
			BankerThirdHidden:   ExcessRule{KindNoBet, "11.7.2"},
			BankerThirdShown:    ExcessRule{KindNoBet, "11.7.2"},
			ExcessHidden:        ExcessRule{KindNormal, "11.2"},
			ExcessShown:         ExcessRule{KindNormal, "11.2"}, // cards are never discarded
			BankerGotPlayers:    "11.3",
			WrongBox:            "11.8",
			FirstCardFaceUp:     ExcessRule{KindNoBet, "11.6.1"},
			OtherCardFaceUp:     "11.6.2",
			NotEnoughCards:      "11.11",
			VoidInProgress:      "13.3", // the supervisor invalidates the coup (11.12 is only cards out of sequence)
			VoidAfter:           "13.3",
			FailedBurn:          "11.1",
			Confirm:             "13.10",
			Dispute:             "13.10",
			Reconstruct:         "13.10",
			Correct:             "13.10",
		},
		Styles: allStyles(), StyleRule: "8.1, 8.2.3",
		BankerFirst: true, RevealRule: "8.3.1",
		Versions: []string{"traditional", "crown"}, // 1.1, 5.1
		Layouts:  true,                             // 2.2
		Areas: [3]AreaRule{
			LayoutMini: {Seats: 14, SeatsRule: "000 2.1", PerArea: 3, PerAreaRule: "000 6.2.2", CountsWagers: true}, // diagram B
			LayoutMidi: {Seats: 14, SeatsRule: "000 2.1"},
			LayoutFull: {Seats: 14, SeatsRule: "000 2.1"},
		},
		InsuranceRule: "1.1",
		Settlement:    st,
		Notices:       NoticesVicBaccarat2002(20),
		Keys:          keys("version", "insurance_no6", "runs", "layout", "differential_min"),
	}
}

func profileACT2012() Profile {
	st, _ := SettlementACT2012("A")
	return Profile{
		ID: ProfileACT2012, Book: "001", Title: "ACT, Casino Control (Mini Baccarat) Approval 2012",
		DecksMin: 8, DecksMax: 8, // 2.1
		CuttingCardsMin: 2, CuttingCardsMax: 2, // 2.1
		CutMinFromBack: 12, CutPlaceRule: "5.3",
		Shufflers: []Shuffler{ShufflerShoe},                                 // 6.1
		Burns:     []BurnRule{BurnOne, BurnFaceValue}, DefaultBurn: BurnOne, // 5.4
		OneBurnRule: "5.4(a)", FaceBurnRule: "5.4(b)-5.6",
		FaceBurnRequest: true, // 5.4(b)
		Cut: CutRule{
			DuringExtra: 0, DuringRule: "5.7", // shuffle after this round
			FirstExtra: 0, FirstRule: "5.7",
			TieOneMore: true, TieRule: "5.7", // unless a tie: one more round
		},
		NoBet: NoBetRule{Allowed: true, Kind: KindNoBet, MaxInARow: 3, Rule: "4.7", LimitRule: "4.9"},
		Irregular: Irregularities{
			PlayerThirdToBanker: "9.1",
			PlayerThirdHidden:   ExcessRule{KindNormal, "9.3"},
			PlayerThirdShown:    ExcessRule{KindNoBet, "9.2"},
			BankerThirdHidden:   ExcessRule{KindNormal, "9.3"},
			BankerThirdShown:    ExcessRule{KindNoBet, "9.2"},
			ExcessHidden:        ExcessRule{KindNormal, "9.3"},
			ExcessShown:         ExcessRule{KindNoBet, "9.2"},
			WrongBox:            "9.4",
			NotEnoughCards:      "9.6",
			VoidInProgress:      "11.3",
			VoidAfter:           "9.5",
			FailedBurn:          "9.7",
			Confirm:             "11.4",
			Dispute:             "11.4",
			Reconstruct:         "9.4",
			Correct:             "9.4",
			CorrectBeforeNext:   "9.5",
		},
		Styles: allStyles(), StyleRule: "2.2, 6.3",
		BankerFirst: true, RevealRule: "6.3",
		Settlement: st,
		Notices:    NoticesACT2012(20),
		Keys:       keys("settlement"),
	}
}

func nzIrregularities(voidInProgress, voidAfterRefused, failedBurn string) Irregularities {
	return Irregularities{
		PlayerThirdToBanker: "12.1(a)",
		PlayerThirdHidden:   ExcessRule{KindNormal, "12.1(b)"},
		PlayerThirdShown:    ExcessRule{KindNoBet, "12.1(b)"},
		BankerThirdHidden:   ExcessRule{KindNormal, "12.2(a)"},
		BankerThirdShown:    ExcessRule{KindNoBet, "12.2(b)"},
		ExcessHidden:        ExcessRule{KindNormal, "12.2(a)"},
		ExcessShown:         ExcessRule{KindNoBet, "12.2(b)"},
		WrongBox:            "12.6",
		FirstCardFaceUp:     ExcessRule{KindNoBet, "12.3"},
		OtherCardFaceUp:     "12.4",
		NotEnoughCards:      "12.5",
		VoidInProgress:      voidInProgress,
		VoidAfterRefused:    voidAfterRefused,
		FailedBurn:          failedBurn,
		Reconstruct:         "12.6",
		Correct:             "12.6",
	}
}

func profileNZ1998() Profile {
	return Profile{
		ID: ProfileNZ1998, Book: "002", Title: "New Zealand Gazette 1998, Division 5: Baccarat",
		DecksMin: 8, DecksMax: 8, // 3.4(a)
		CuttingCardsMin: 1, CuttingCardsMax: 2, // 3.4(b)
		CutMinFromBack: 20, CutPlaceRule: "7.4",
		Shufflers: []Shuffler{ShufflerShoe},                              // 3.4(c)
		Burns:     []BurnRule{BurnFaceValue}, DefaultBurn: BurnFaceValue, // 7.5-7.6
		FaceBurnRule: "7.5",
		Cut: CutRule{
			DuringExtra: 1, DuringRule: "9.7", // finish, announce last coup, deal one more
			FirstExtra: 0, FirstRule: "9.8", // this round is the last
		},
		NoBet:     NoBetRule{Allowed: false}, // no such rule
		Irregular: nzIrregularities("12.7", "", "12.8"),
		Styles:    allStyles(), StyleRule: "8.4",
		StyleFixedPerShoe: true,                                 // 8.4
		BankerFirst:       false, RevealRule: "8.13-8.14, 8.17", // Player's hand first
		Settlement: SettlementNZ1998(),
		Notices:    NoticesNZ(20),
		Keys:       keys(),
	}
}

func profileNZ() Profile {
	return Profile{
		ID: ProfileNZ, Book: "004", Title: "New Zealand, Division 5: Baccarat (mini, midi, full)",
		DecksMin: 4, DecksMax: 8, // 3.4(a)
		CuttingCardsMin: 1, CuttingCardsMax: 2, // 3.4(b); none with a continuous shuffler (7.8)
		CutMinFromBack: 20, CutPlaceRule: "7.6",
		Shufflers: []Shuffler{ShufflerShoe, ShufflerBatch, ShufflerContinuous}, // 3.4(a)
		Burns:     []BurnRule{BurnFaceValue}, DefaultBurn: BurnFaceValue,       // 7.7, 7.9
		FaceBurnRule: "7.7",
		Cut: CutRule{
			DuringExtra: 1, DuringRule: "11.2(b)",
			FirstExtra: 0, FirstRule: "11.2(a)",
		},
		NoBet:     NoBetRule{Allowed: true, Kind: KindNormal, MaxInARow: 3, Rule: "8.3", LimitRule: "8.3"},
		Irregular: nzIrregularities("12.6", "12.8", "12.7"),
		Styles:    allStyles(), StyleRule: "8.5",
		StyleFixedPerShoe:   true, // 8.5
		StyleBNotContinuous: "3.4(a)(iii)",
		BankerFirst:         true, RevealRule: "8.17",
		BankerFirstAuthorised: "8.17",
		Layouts:               true, // 2.2
		Areas: [3]AreaRule{
			LayoutMini: {Seats: 7, SeatsRule: "004 3.1(a)", PerArea: 3, PerAreaRule: "004 5.8(a)"},
			LayoutMidi: {Seats: 9, SeatsRule: "004 3.1(b)", PerArea: 3, PerAreaRule: "004 5.8(a)"},
			LayoutFull: {Seats: 14, SeatsRule: "004 3.1(c)", PerArea: 1, PerAreaRule: "004 5.7"},
		},
		Settlement: SettlementNZ(false),
		Notices:    NoticesNZ(20),
		Keys:       keys("banker_six_half", "shuffler", "layout"),
	}
}

// ProfileIDs lists the built-in baccarat profiles.
func ProfileIDs() []string {
	return []string{ProfileVic2002, ProfileACT2012, ProfileNZ1998, ProfileNZ}
}

// LookupProfile returns the built-in profile with this id, or an error naming the ids known.
// Red Dog (vic-red-dog-1997) lives in package engine/reddog.
func LookupProfile(id string) (Profile, error) {
	switch id {
	case ProfileVic2002:
		return profileVic2002(), nil
	case ProfileACT2012:
		return profileACT2012(), nil
	case ProfileNZ1998:
		return profileNZ1998(), nil
	case ProfileNZ:
		return profileNZ(), nil
	}
	return Profile{}, fmt.Errorf("profile %q: unknown; want one of %v", id, ProfileIDs())
}

// UsesKey reports whether the profile uses the table setting key.
func (p *Profile) UsesKey(key string) bool {
	for _, k := range p.Keys {
		if k == key {
			return true
		}
	}
	return false
}

func (p *Profile) allowsStyle(s Style) bool {
	for _, x := range p.Styles {
		if x == s {
			return true
		}
	}
	return false
}

func (p *Profile) allowsBurn(b BurnRule) bool {
	for _, x := range p.Burns {
		if x == b {
			return true
		}
	}
	return false
}

func (p *Profile) allowsShuffler(s Shuffler) bool {
	for _, x := range p.Shufflers {
		if x == s {
			return true
		}
	}
	return false
}
