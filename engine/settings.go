package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Layout is the table layout (000 2.2, 004 2.2).
type Layout uint8

// The layouts.
const (
	LayoutMini Layout = iota
	LayoutMidi
	LayoutFull
)

var layoutNames = [...]string{"mini", "midi", "full"}

// String is the setting's value.
func (l Layout) String() string {
	if int(l) < len(layoutNames) {
		return layoutNames[l]
	}
	return "?"
}

// Settings are the table settings of spec/rule-profiles.md "Table settings" for one profile,
// validated against it. Build them with DefaultSettings and Set, or ParseSettings.
type Settings struct {
	Version      string   // version: traditional or crown (vic, 000 1.1, 5.1)
	InsuranceNo6 bool     // insurance_no6: Crown only, "may also offer" (000 1.1)
	Runs         bool     // runs: Run wagers offered (000 1.1, 2.4)
	Method       string   // settlement: A or B (act 001 8.1)
	SixPaysHalf  bool     // banker_six_half (nz 004 5.11)
	Style        Style    // style: A, B or C
	Decks        int      // decks
	Burn         BurnRule // burn: one or face-value
	// NoticeMinutes is notice_minutes: vic at least 20 (s66(2)), act more than 0 (001 3.1).
	NoticeMinutes   int
	Shuffler        Shuffler // shuffler (nz 004 3.4)
	Layout          Layout   // layout (000 2.2, 004 2.2)
	SmallestChip    int64    // smallest_chip, cents
	DifferentialMin int64    // differential_min, cents; 0 means none (vic 000 7.2-7.5)
	DifferentialMax int64    // differential_max, cents; 0 means none
	// RoadsIncludeNonBetting is roads_include_non_betting: nobet rounds enter the roads.
	RoadsIncludeNonBetting bool
}

// SettingError is a table setting that cannot be used: it names the key.
type SettingError struct {
	Key    string
	Value  string
	Reason string
}

// Error says which setting is wrong and why.
func (e *SettingError) Error() string {
	if e.Value == "" {
		return fmt.Sprintf("setting %s: %s", e.Key, e.Reason)
	}
	return fmt.Sprintf("setting %s=%s: %s", e.Key, e.Value, e.Reason)
}

// settingKeys is every table setting key of spec/rule-profiles.md, in its order.
var settingKeys = []string{"version", "insurance_no6", "runs", "settlement", "banker_six_half", "style", "decks",
	"burn", "notice_minutes", "shuffler", "layout", "smallest_chip", "differential_min", "differential_max",
	"roads_include_non_betting"}

// SettingKeys lists every table setting key the engine knows, in the order of the spec.
func SettingKeys() []string { return append([]string(nil), settingKeys...) }

// DefaultSettings is the profile's table settings at their defaults.
func DefaultSettings(p *Profile) Settings {
	s := Settings{
		Style: StyleA, Decks: p.DecksMax, Burn: p.DefaultBurn, NoticeMinutes: 20,
		Shuffler: ShufflerShoe, Layout: LayoutMini, SmallestChip: 100, RoadsIncludeNonBetting: true,
	}
	if len(p.Versions) > 0 {
		s.Version = p.Versions[0]
	}
	if p.UsesKey("settlement") {
		s.Method = "A"
	}
	return s
}

// ParseSettings starts from the profile's defaults and applies "key=value" pairs in order,
// then validates the whole. An error is a *SettingError naming the key.
func ParseSettings(p *Profile, pairs []string) (Settings, error) {
	s := DefaultSettings(p)
	for _, kv := range pairs {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return Settings{}, &SettingError{Key: kv, Reason: "want key=value"}
		}
		if err := s.Set(p, k, strings.TrimSpace(v)); err != nil {
			return Settings{}, err
		}
	}
	if err := s.Validate(p); err != nil {
		return Settings{}, err
	}
	return s, nil
}

func parseBool(key, v string) (bool, error) {
	switch v {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, &SettingError{Key: key, Value: v, Reason: "want true or false"}
}

func parseCents(key, v string, empty bool) (int64, error) {
	if v == "" && empty {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || n > maxCents {
		return 0, &SettingError{Key: key, Value: v, Reason: fmt.Sprintf("want an amount in cents from 0 to %d", int64(maxCents))}
	}
	return n, nil
}

// Set sets one key. It checks the value and that the profile uses the key; checks that
// involve several keys are in Validate.
func (s *Settings) Set(p *Profile, key, v string) error {
	known := false
	for _, k := range settingKeys {
		known = known || k == key
	}
	if !known {
		return &SettingError{Key: key, Value: v, Reason: "unknown key; known keys: " + strings.Join(settingKeys, ", ")}
	}
	if !p.UsesKey(key) {
		return &SettingError{Key: key, Value: v, Reason: "not used by profile " + p.ID}
	}
	bad := func(reason string) error { return &SettingError{Key: key, Value: v, Reason: reason} }
	var err error
	switch key {
	case "version":
		for _, x := range p.Versions {
			if x == v {
				s.Version = v
				return nil
			}
		}
		return bad("want one of " + strings.Join(p.Versions, ", ") + " (000 1.1)")
	case "insurance_no6":
		s.InsuranceNo6, err = parseBool(key, v)
	case "runs":
		s.Runs, err = parseBool(key, v)
	case "banker_six_half":
		s.SixPaysHalf, err = parseBool(key, v)
	case "roads_include_non_betting":
		s.RoadsIncludeNonBetting, err = parseBool(key, v)
	case "settlement":
		if v != "A" && v != "B" {
			return bad("want A (5% commission) or B (Banker 6 pays half) (001 8.1)")
		}
		s.Method = v
	case "style":
		switch v {
		case "A", "B", "C":
			st := Style(v[0] - 'A')
			if !p.allowsStyle(st) {
				return bad("style not allowed by " + p.ID)
			}
			s.Style = st
		default:
			return bad("want A, B or C")
		}
	case "decks":
		n, e := strconv.Atoi(v)
		if e != nil || n < p.DecksMin || n > p.DecksMax {
			return bad(fmt.Sprintf("want %d to %d decks for %s", p.DecksMin, p.DecksMax, p.ID))
		}
		s.Decks = n
	case "burn":
		var b BurnRule
		switch v {
		case "one":
			b = BurnOne
		case "face-value":
			b = BurnFaceValue
		default:
			return bad("want one or face-value")
		}
		if !p.allowsBurn(b) {
			return bad("the book's only burn is " + p.DefaultBurn.String() + " (" + p.FaceBurnRule + ")")
		}
		s.Burn = b
	case "notice_minutes":
		n, e := strconv.Atoi(v)
		if e != nil || n < 0 || n > 24*60 {
			return bad("want minutes from 0 to 1440")
		}
		s.NoticeMinutes = n
	case "shuffler":
		var sh Shuffler
		switch v {
		case "shoe":
			sh = ShufflerShoe
		case "batch":
			sh = ShufflerBatch
		case "continuous":
			sh = ShufflerContinuous
		default:
			return bad("want shoe, batch or continuous (004 3.4)")
		}
		if !p.allowsShuffler(sh) {
			return bad("shuffler not allowed by " + p.ID)
		}
		s.Shuffler = sh
	case "layout":
		switch v {
		case "mini":
			s.Layout = LayoutMini
		case "midi":
			s.Layout = LayoutMidi
		case "full":
			s.Layout = LayoutFull
		default:
			return bad("want mini, midi or full (2.2)")
		}
	case "smallest_chip":
		n, e := parseCents(key, v, false)
		if e != nil {
			return e
		}
		if n < 1 {
			return bad("want at least 1 cent")
		}
		s.SmallestChip = n
	case "differential_min":
		s.DifferentialMin, err = parseCents(key, v, true)
	case "differential_max":
		s.DifferentialMax, err = parseCents(key, v, true)
	}
	return err
}

// Validate checks the settings as a whole against the profile; an error is a *SettingError
// naming the key at fault.
func (s Settings) Validate(p *Profile) error {
	if s.Decks < p.DecksMin || s.Decks > p.DecksMax {
		return &SettingError{Key: "decks", Value: strconv.Itoa(s.Decks), Reason: fmt.Sprintf("want %d to %d decks for %s", p.DecksMin, p.DecksMax, p.ID)}
	}
	if !p.allowsStyle(s.Style) {
		return &SettingError{Key: "style", Value: s.Style.String(), Reason: "not allowed by " + p.ID}
	}
	if !p.allowsBurn(s.Burn) {
		return &SettingError{Key: "burn", Value: s.Burn.String(), Reason: "not allowed by " + p.ID}
	}
	if !p.allowsShuffler(s.Shuffler) {
		return &SettingError{Key: "shuffler", Value: s.Shuffler.String(), Reason: "not allowed by " + p.ID}
	}
	if s.Style == StyleB && s.Shuffler == ShufflerContinuous {
		return &SettingError{Key: "style", Value: "B", Reason: "style B is not allowed with a continuous shuffler (" + p.StyleBNotContinuous + ")"}
	}
	if s.InsuranceNo6 && s.Version != "crown" {
		return &SettingError{Key: "insurance_no6", Value: "true", Reason: "Insurance/No 6 is offered only with version=crown (000 1.1, 6.5.4)"}
	}
	if s.DifferentialMin > 0 && s.DifferentialMax > 0 && s.DifferentialMin > s.DifferentialMax {
		return &SettingError{Key: "differential_min", Value: strconv.FormatInt(s.DifferentialMin, 10), Reason: "exceeds differential_max"}
	}
	if s.SmallestChip < 1 {
		return &SettingError{Key: "smallest_chip", Value: strconv.FormatInt(s.SmallestChip, 10), Reason: "want at least 1 cent"}
	}
	if _, err := s.SettlementRules(p); err != nil {
		return err
	}
	if _, err := s.NoticeRules(p); err != nil {
		return err
	}
	return nil
}

// SettlementRules is the profile's settlement rules with these settings applied
// (version, insurance_no6, runs, settlement, banker_six_half, smallest_chip, differential_*).
func (s Settings) SettlementRules(p *Profile) (SettlementRules, error) {
	r := p.Settlement
	// Crown (000 1.1, 5.1), Method B (001 8.7) and the nz election (004 5.11) are the same rule:
	// Banker pays 1:1 and 1:2 on a 6, with no commission and so no extra commission (000 7.5 is
	// Traditional only). Only a profile that uses the key can have it set (Set checks).
	if s.Version == "crown" || s.Method == "B" || s.SixPaysHalf {
		r.Banker, r.ExtraCommission = BankerSixPaysHalf, 0
	}
	r.InsuranceNo6, r.Runs = s.InsuranceNo6, s.Runs
	r.SmallestChip, r.DifferentialMin, r.DifferentialMax = s.SmallestChip, s.DifferentialMin, s.DifferentialMax
	if err := r.Validate(); err != nil {
		key, _, _ := strings.Cut(err.Error(), " ")
		key = strings.TrimSuffix(key, ":")
		return SettlementRules{}, &SettingError{Key: key, Reason: err.Error()}
	}
	return r, nil
}

// NoticeRules is the profile's notice rules with notice_minutes applied; notice_minutes under
// the book's minimum (vic 20, s66(2); act more than 0, 001 3.1) is an error naming the key.
func (s Settings) NoticeRules(p *Profile) (NoticeRules, error) {
	n := p.Notices
	n.Minutes = s.NoticeMinutes
	if err := n.Validate(); err != nil {
		return NoticeRules{}, &SettingError{Key: "notice_minutes", Value: strconv.Itoa(s.NoticeMinutes), Reason: err.Error()}
	}
	return n, nil
}

// AreaRule is what the table layout decides about the wagering areas (setting layout):
// how many numbered areas there are, and how many players or wagers one area takes.
type AreaRule struct {
	// Seats is the most numbered wagering areas (seats), 0 for no limit: vic 14 (000 2.1);
	// nz mini 7, midi 9, full 14 (004 3.1).
	Seats     int
	SeatsRule string
	// PerArea is the most players (nz) or wagers (vic, CountsWagers) on one numbered area, 0
	// for no limit: vic mini 3 wagers (000 6.2.2, diagram B); nz full 1 player (004 5.7),
	// mini and midi up to 3 players (004 5.8(a)).
	PerArea      int
	PerAreaRule  string
	CountsWagers bool
}

// Area is the rule of the table's layout for the wagering areas (Profile.Areas: 000 2.1, 2.2,
// 6.2.2; 004 3.1, 5.7-5.8). A profile without layouts has no limit.
func (s Settings) Area(p *Profile) AreaRule {
	if !p.Layouts || int(s.Layout) >= len(p.Areas) {
		return AreaRule{}
	}
	return p.Areas[s.Layout]
}

// Check refuses a wager at a numbered seat (1, 2, ...; 0 is a standing player, not held to a
// numbered area) that the layout does not take: a seat beyond the layout's areas, or an area
// that already holds onArea players (or wagers, CountsWagers) other than this one's. The
// error names the rule.
func (a AreaRule) Check(seat, onArea int) error {
	if seat <= 0 {
		return nil
	}
	if a.Seats > 0 && seat > a.Seats {
		return fmt.Errorf("seat %d: this layout has %d numbered wagering areas (%s)", seat, a.Seats, a.SeatsRule)
	}
	if a.PerArea > 0 && onArea >= a.PerArea {
		what := "players"
		if a.CountsWagers {
			what = "wagers"
		}
		if a.PerArea == 1 {
			return fmt.Errorf("seat %d: only one player may wager on a numbered area of this layout (%s)", seat, a.PerAreaRule)
		}
		return fmt.Errorf("seat %d: at most %d %s on one wagering area of this layout (%s)", seat, a.PerArea, what, a.PerAreaRule)
	}
	return nil
}
