package console

import (
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/pitwire"
)

// TestWhatTheTablesPublish: the live view shows a coup a table holds for review, with the kinds
// of reason in words (never a card: none travels), until it is resolved; and the notices posted
// at each table — a higher minimum with its rule, a settlement method, a differential removed,
// a closing said once though the status says it too — until they take effect; in each language.
func TestWhatTheTablesPublish(t *testing.T) {
	r := newRig(t)
	now := r.clk.Now()
	at := func(hm string) time.Time {
		tm, _ := time.Parse("15:04", hm)
		return time.Date(2026, 11, 26, tm.Hour(), tm.Minute(), 0, 0, time.UTC)
	}
	amount := func(c int64) *int64 { return &c }
	notice := func(id string, n pitwire.Notice) {
		n.Posted = now
		r.feed.send(pitwire.Message{Table: id, Type: pitwire.TypeNotice, Time: now, Shoe: 1, Notice: &n})
	}
	notice("BAC-1", pitwire.Notice{Change: 1, Item: pitwire.NoticeMinimum, Bet: "player", Old: amount(2500), New: amount(5000), Currency: "AUD",
		Effective: at("09:30"), Rule: "000 7.7, s66(2)", Text: "Minimum Player changes to $50 at 09:30"})
	notice("ACT-1", pitwire.Notice{Change: 1, Item: pitwire.NoticeClose, Effective: at("10:00"), Rule: "001 10.2", Text: "Table closes at 10:00"})
	notice("ACT-2", pitwire.Notice{Change: 1, Item: pitwire.NoticeSettlement, OldSettlement: pitwire.SettleCommission, NewSettlement: pitwire.SettleSixPaysHalf,
		Effective: at("09:20"), Rule: "001 8.2", Text: "From 09:20: Banker pays 1:1, a win on 6 pays 1:2"})
	notice("ACT-2", pitwire.Notice{Change: 1, Item: pitwire.NoticeDifferentialMax, Old: amount(100000), New: amount(0),
		Effective: at("09:20"), Rule: "001 3.7", Text: "Maximum table differential removed at 09:20"})
	review := func(rv pitwire.Review) {
		r.feed.send(pitwire.Message{Table: "BAC-2", Type: pitwire.TypeReview, Time: now, Shoe: 1, Review: &rv})
	}
	review(pitwire.Review{N: 7, State: pitwire.ReviewHeld, Reasons: []string{"lost"}})
	review(pitwire.Review{N: 7, State: pitwire.ReviewHeld, Reasons: []string{"shoe_result"}})

	row := func(page, id string) string { return rowOf(t, page, id) }
	for _, tc := range []struct {
		lang string
		want map[string][]string
	}{
		{"en", map[string][]string{
			"BAC-1": {"Player minimum: $25 → $50 at 09:30 (000 7.7, s66(2))"},
			"BAC-2": {"Coup 7 under review: shoe data lost; the shoe", "s result differs from the cards"},
			"ACT-1": {"This table closes at 10:00"},
			"ACT-2": {"From 09:20: B — Banker wins on 6 pay 1 to 2 (001 8.2)", "Differential maximum removed at 09:20 (001 3.7)"},
		}},
		{"zh-Hans", map[string][]string{
			"BAC-1": {"闲最低：$25 → $50，09:30 起（000 7.7, s66(2)）"},
			"BAC-2": {"第 7 局复核中：发牌靴数据丢失; 发牌靴结果与牌不符"},
			"ACT-2": {"09:20 起取消差额最高（001 3.7）"},
		}},
		{"zh-Hant", map[string][]string{
			"BAC-1": {"閒最低：$25 → $50，09:30 起（000 7.7, s66(2)）"},
			"BAC-2": {"第 7 局覆核中：發牌靴數據遺失; 發牌靴結果與牌不符"},
		}},
	} {
		b := r.browser()
		b.lang = tc.lang
		page := b.signIn("101", "2468")
		noMissingWords(t, page)
		for id, wants := range tc.want {
			for _, w := range wants {
				if !strings.Contains(row(page, id), w) {
					t.Errorf("%s: the row of %s lacks %q:\n%s", tc.lang, id, w, row(page, id))
				}
			}
		}
		if !strings.Contains(page, `<tr class="state-review" data-table="BAC-2">`) {
			t.Errorf("%s: BAC-2's row is not marked under review", tc.lang)
		}
		if n := strings.Count(row(page, "ACT-1"), `class="notice"`); n != 1 {
			t.Errorf("%s: ACT-1's closing is said %d times", tc.lang, n)
		}
	}

	// Withdrawn at the table (the pit's Cancel, or the operator screen): BAC-1's raise comes
	// off the page; the other tables' notices stay.
	wd := pitwire.Withdrawn{Change: 1, Posted: now, Effective: at("09:30"), Kinds: []string{pitwire.WithdrawnRaiseMinimum}, Rule: "000 7.7, 13.7"}
	r.feed.send(pitwire.Message{Table: "BAC-1", Type: pitwire.TypeWithdrawn, Time: now, Shoe: 1, Withdrawn: &wd})
	page := r.browser().signIn("101", "2468")
	if s := row(page, "BAC-1"); strings.Contains(s, "Player minimum") || strings.Contains(s, `class="notice"`) {
		t.Errorf("BAC-1 shows the raise it withdrew:\n%s", s)
	}
	if s := row(page, "ACT-2"); !strings.Contains(s, "Differential maximum removed at 09:20") {
		t.Errorf("ACT-2 lost its notices when BAC-1 withdrew a change:\n%s", s)
	}

	// Resolved: the state is the table's again. Past 09:30 the notices have taken effect.
	review(pitwire.Review{N: 7, State: pitwire.ReviewResolved, Resolution: pitwire.ResolutionConfirmed, Rule: "13.10"})
	r.clk.Add(31 * time.Minute)
	b := r.browser()
	page = b.signIn("101", "2468")
	if s := row(page, "BAC-2"); strings.Contains(s, "under review") {
		t.Errorf("BAC-2 still under review after it was resolved:\n%s", s)
	}
	for _, id := range []string{"BAC-1", "ACT-2"} {
		if s := row(page, id); strings.Contains(s, `class="notice"`) {
			t.Errorf("%s shows a notice that took effect:\n%s", id, s)
		}
	}
}

// TestSignTermsInEveryLanguage: a table's row shows, under its wagers, the table differentials
// and the settlement method it publishes with its sign, in each language; a table that
// publishes neither (an older table, a Red Dog table) shows no such line; and a change of the
// sign replaces them.
func TestSignTermsInEveryLanguage(t *testing.T) {
	r := newRig(t)
	sign := func(id string, l pitwire.Limits) {
		r.feed.send(pitwire.Message{Table: id, Type: pitwire.TypeLimits, Time: r.clk.Now(), Shoe: 1, Limits: &l})
	}
	withTerms := func(dmin, dmax int64, settlement string) pitwire.Limits {
		l := vicLimits
		l.DifferentialMin, l.DifferentialMax, l.Settlement = dmin, dmax, settlement
		return l
	}
	sign("BAC-1", withTerms(500000, 2000000, pitwire.SettleCommission))
	sign("ACT-2", withTerms(0, 100000, pitwire.SettleSixPaysHalf))
	sign("ACT-1", pitwire.Limits{Currency: "AUD", Bets: []pitwire.Limit{{Bet: pitwire.BetRedDog, Min: 1000, Max: 100000}}})

	row := func(page, id string) string { return rowOf(t, page, id) }
	for _, tc := range []struct {
		lang string
		want map[string][]string
	}{
		{"en", map[string][]string{
			"BAC-1": {`<li class="term">Differential minimum $5000</li>`, `<li class="term">Differential maximum $20000</li>`, `<li class="term">Settlement A — 5% commission on Banker wins</li>`},
			"ACT-2": {`<li class="term">Differential maximum $1000</li>`, `<li class="term">Settlement B — Banker wins on 6 pay 1 to 2</li>`},
		}},
		{"zh-Hans", map[string][]string{
			"BAC-1": {`<li class="term">差额最低 $5000</li>`, `<li class="term">差额最高 $20000</li>`, `<li class="term">结算方式 A — 庄赢抽水 5%</li>`},
			"ACT-2": {`<li class="term">差额最高 $1000</li>`, `<li class="term">结算方式 B — 庄以 6 点赢赔 1 赔 2</li>`},
		}},
		{"zh-Hant", map[string][]string{
			"BAC-1": {`<li class="term">差額最低 $5000</li>`, `<li class="term">差額最高 $20000</li>`, `<li class="term">結算方式 A — 莊贏抽水 5%</li>`},
			"ACT-2": {`<li class="term">差額最高 $1000</li>`, `<li class="term">結算方式 B — 莊以 6 點贏賠 1 賠 2</li>`},
		}},
	} {
		b := r.browser()
		b.lang = tc.lang
		page := b.signIn("101", "2468")
		noMissingWords(t, page)
		for id, wants := range tc.want {
			s := row(page, id)
			for _, w := range wants {
				if !strings.Contains(s, w) {
					t.Errorf("%s: the row of %s lacks %q:\n%s", tc.lang, id, w, s)
				}
			}
			if n := strings.Count(s, `class="term"`); n != len(wants) {
				t.Errorf("%s: the row of %s has %d lines besides the wagers, want %d:\n%s", tc.lang, id, n, len(wants), s)
			}
		}
		for _, id := range []string{"BAC-2", "ACT-1"} { // they publish no differential and no method
			if s := row(page, id); strings.Contains(s, `class="term"`) {
				t.Errorf("%s: the row of %s shows a line it was not sent:\n%s", tc.lang, id, s)
			}
		}
	}

	// The Crown version at BAC-1, its differentials removed: the row follows the table.
	sign("BAC-1", withTerms(0, 0, pitwire.SettleSixPaysHalf))
	b := r.browser()
	s := row(b.signIn("101", "2468"), "BAC-1")
	if strings.Contains(s, "Differential") || !strings.Contains(s, "Settlement B — Banker wins on 6 pay 1 to 2") || strings.Contains(s, "Settlement A") {
		t.Errorf("BAC-1 after its sign changed:\n%s", s)
	}
}

// rowOf is the table row of table id in page.
func rowOf(t *testing.T, page, id string) string {
	t.Helper()
	i := strings.Index(page, `data-table="`+id+`"`)
	if i < 0 {
		t.Fatalf("no row for %s in\n%s", id, page)
	}
	return page[i : i+strings.Index(page[i:], "</tr>")]
}

// TestAmountsInEachTablesCurrency: each table's sign, differentials and notices are shown in the
// currency its messages name (a MOP table in MOP$, a CNY table in CNY, never "$"); a table that
// names none is shown in dollars, as before.
func TestAmountsInEachTablesCurrency(t *testing.T) {
	r := newRig(t)
	now := r.clk.Now()
	amount := func(c int64) *int64 { return &c }
	sign := func(id, currency string) {
		l := pitwire.Limits{Currency: currency, DifferentialMax: 100000,
			Bets: []pitwire.Limit{{Bet: pitwire.BetPlayerBanker, Min: 2500, Max: 500000}}}
		r.feed.send(pitwire.Message{Table: id, Type: pitwire.TypeLimits, Time: now, Shoe: 1, Limits: &l})
		n := pitwire.Notice{Change: 1, Item: pitwire.NoticeMinimum, Bet: "player", Old: amount(2500), New: amount(5000), Currency: currency,
			Posted: now, Effective: now.Add(30 * time.Minute), Rule: "000 7.7, s66(2)", Text: "Minimum Player changes"}
		r.feed.send(pitwire.Message{Table: id, Type: pitwire.TypeNotice, Time: now, Shoe: 1, Notice: &n})
	}
	sign("BAC-1", "MOP")
	sign("BAC-2", "CNY")
	sign("ACT-1", "")
	page := r.browser().signIn("101", "2468")
	for _, tc := range []struct {
		id     string
		want   []string
		absent string
	}{
		{"BAC-1", []string{"MOP$25", "MOP$5000", "Differential maximum MOP$1000", "Player minimum: MOP$25 → MOP$50"}, ""},
		{"BAC-2", []string{"CNY 25", "CNY 5000", "Differential maximum CNY 1000", "Player minimum: CNY 25 → CNY 50"}, "$"},
		{"ACT-1", []string{"$25", "$5000", "Differential maximum $1000", "Player minimum: $25 → $50"}, ""},
	} {
		s := rowOf(t, page, tc.id)
		for _, w := range tc.want {
			if !strings.Contains(s, w) {
				t.Errorf("the row of %s lacks %q:\n%s", tc.id, w, s)
			}
		}
		if tc.absent != "" && strings.Contains(s, tc.absent) {
			t.Errorf("the row of %s shows %q:\n%s", tc.id, tc.absent, s)
		}
	}
}
