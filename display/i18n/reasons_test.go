package i18n

import (
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

func TestReason(t *testing.T) {
	tests := []struct {
		name, text, currency string
		lang                 Lang
		want                 string
	}{
		{"a doubt", "shoe data lost", "", SimplifiedChinese, "牌靴数据丢失"},
		{"a doubt in Traditional", "shoe data lost", "", TraditionalChinese, "牌靴數據遺失"},
		{"a doubt with the link's detail", "shoe data lost (1 frame(s): SEQ 0012 follows 0010)", "", SimplifiedChinese,
			"牌靴数据丢失（1 帧：序号 0012 接在 0010 之后）"},
		{"English stays the engine's text", "shoe data lost (1 frame(s): SEQ 0012 follows 0010)", "", English,
			"shoe data lost (1 frame(s): SEQ 0012 follows 0010)"},
		{"reasons within a reason", "coup 7: shoe data lost; the shoe restarted", "", SimplifiedChinese,
			"第 7 局：牌靴数据丢失；牌靴已重新启动"},
		{"reasons within a reason in English", "coup 7: shoe data lost; the shoe restarted", "", English,
			"coup 7: shoe data lost; the shoe restarted"},
		{"arguments in another order", "3 card(s) read after coup 12 set aside: QH 9S 2D", "", TraditionalChinese,
			"第 12 局之後讀到的 3 張牌已放在一邊：QH 9S 2D"},
		{"arguments in another order, English", "52 cards out of 1 decks of 52", "", English, "52 cards out of 1 decks of 52"},
		{"a reason as an argument", "cards drawn after the last coup: QH joins no round", "", SimplifiedChinese,
			"最后一局之后抽出的牌：QH 不属于任何一局"},
		{"the shoe's result", "the shoe's result B 7-5 P pair contradicts the cards (P 3-4)", "", SimplifiedChinese,
			"牌靴的结果 庄 7-5 闲对 与牌面不符（闲 3-4）"},
		{"a Red Dog box", "7H was dealt to the left box instead of the centre box: the third card belongs in the centre box (7.2); for the supervisor (10.10)", "",
			TraditionalChinese, "7H 被發到左框，而不是中框：第三張牌應放在中框（7.2）；交由主管處理（10.10）"},
		{"a Red Dog box in English", "7H was dealt to the left box instead of the centre box: the first two cards are reconstructed (9.5)", "",
			English, "7H was dealt to the left box instead of the centre box: the first two cards are reconstructed (9.5)"},
		{"the time an alert was raised", "22:04 a second cutting card, but this book uses one", "", SimplifiedChinese,
			"22:04 出现第二张切牌卡，但本规则书只用一张"},
		{"an unknown reason stays English", "the pit server asked for a recount", "", SimplifiedChinese, "the pit server asked for a recount"},
		{"an unknown reason after a time stays English", "22:04 cancel round 3 on the roads: no such round", "", TraditionalChinese,
			"22:04 cancel round 3 on the roads: no such round"},
		{"a number must be a number", "coup x: shoe data lost", "", SimplifiedChinese, "coup x: shoe data lost"},
		{"an empty reason", "", "", SimplifiedChinese, ""},
		{"amounts in the table's currency", "$12.50 is not a whole number of the smallest chip $5: wagers are placed in chips", "HK$",
			SimplifiedChinese, "HK$12.50 不是最小筹码 HK$5 的整数倍：投注须以筹码下注"},
		{"amounts in the table's currency in English", "a raise of $40 is more than the original wager $25", "€", English,
			"a raise of €40 is more than the original wager €25"},
		{"amounts as the engine writes them without a currency", "a raise of $40 is more than the original wager $25", "", TraditionalChinese,
			"加注 $40 多於原投注 $25"},
		{"a hand's name", "seat 3 already backs the Player hand: not the Banker's hand at the same time as the Player's hand", "",
			TraditionalChinese, "座位 3 已押閒：不能同時押莊和閒"},
		{"a Red Dog refusal names its action", "enter: card 3 is not a card", "", SimplifiedChinese, "enter：第 3 张不是一张牌"},
		{"a number before a word", "card 3 is not a card", "", TraditionalChinese, "第 3 張不是一張牌"},
		{"a word where no number goes", "card XX is not a card", "", TraditionalChinese, "XX 不是一張牌"},
		{"an unknown reason after a word stays English", "enter: the moon is full", "", SimplifiedChinese, "enter: the moon is full"},
		{"a settlement's note in the table's currency", "over the maximum $5000: settled to the maximum, $250 void", "HK$", TraditionalChinese,
			"超過最高限額 HK$5,000：按最高限額結算，HK$250 無效"},
		{"an amount written as the sign writes it", "commission $1250.50 deferred and recorded against seat 2", "MOP$", English,
			"commission MOP$1,250.50 deferred and recorded against seat 2"},
		{"no currency: the engine's amount as it is", "commission $1250.50 deferred and recorded against seat 2", "", English,
			"commission $1250.50 deferred and recorded against seat 2"},
		{"a note with a percent sign", "Banker pays 1:1 less 5% commission on the amount won", "", SimplifiedChinese, "庄赔 1:1，赢得金额扣 5% 佣金"},
		{"a winner's letter stays a letter", "coup 12: B won, not P: lost after 2 of 4", "", SimplifiedChinese, "第 12 局：B 赢，不是 P：在 4 局中赢 2 局后输"},
		{"a settlement method is not a hand", "setting settlement=B: a change of the settlement method is shown on the sign and takes effect only after 20 minutes' prior notice; post it as a change of the sign with a time (!setting at=HH:MM)", "",
			SimplifiedChinese, "设置 settlement=B：结算方式 的更改显示在限额牌上，须提前 20 分钟通知才生效；请作为限额牌的更改并注明时间发布（!setting at=HH:MM）"},
		{"a refusal", "void 12: round 12 is already cancelled", "", SimplifiedChinese, "取消第 12 局：第 12 局已经取消"},
		{"the cards a supervisor entered make no coup", "enter cards: card 3 is not a card", "", SimplifiedChinese, "录入牌：第 3 张不是一张牌"},
		{"a finished round corrected before it is disputed", "enter cards of round 5: round 5 is not under review: put it under review first (!dispute 5)", "",
			TraditionalChinese, "錄入第 5 局的牌：第 5 局不在覆核中：請先將其列入覆核（!dispute 5）"},
		{"a finished round's cards make no coup", "enter cards of round 5: 5 cards given; the table of play wants B3 next", "", SimplifiedChinese,
			"录入第 5 局的牌：给了 5 张牌；按补牌规则下一张应是 B3"},
		{"a Red Dog dispute names its action and rule", "dispute: no such finished round 9 (11.2)", "", TraditionalChinese, "dispute：沒有已完成的第 9 局（11.2）"},
		{"a run lost to a corrected coup", "coup 8 corrected: B won, not P: lost", "", SimplifiedChinese, "第 8 局已更正：B 赢，不是 P：输"},
		{"a reason within a reason within a reason", "round 4: round 3 is under review: the shoe restarted (10.10)", "", SimplifiedChinese,
			"第 4 局：第 3 局复核中：牌靴已重新启动（10.10）"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := New(tt.lang)
			if err != nil {
				t.Fatal(err)
			}
			if got := c.Reason(tt.text, tt.currency); got != tt.want {
				t.Errorf("%s Reason(%q) = %q, want %q", tt.lang, tt.text, got, tt.want)
			}
		})
	}
}

// TestReasonEveryFormat words a text made by every format of the catalogue (with arguments of
// the verbs' kinds) in each language: each is found, and its translation is what is said.
func TestReasonEveryFormat(t *testing.T) {
	for _, e := range reasonEntries() {
		vs, err := parseVerbs(e.en)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		text, args := sample(e.en, vs)
		for _, lang := range Langs() {
			c, _ := New(lang)
			want, _ := sample(e.in(lang), mustVerbs(t, e.in(lang)), args...)
			if got := c.Reason(text, ""); got != want {
				t.Errorf("%s: %q worded %q, want %q", lang, text, got, want)
			}
		}
	}
}

// sample fills format f's verbs with args (by index), or with made-up arguments when none are
// given: numbers for %d, "QH9"-like words for the others, none of which any format matches.
func sample(f string, vs []reasonVerb, args ...string) (string, []string) {
	if args == nil {
		for i := range vs {
			switch vs[i].kind {
			case 'd':
				args = append(args, string(rune('1'+i)))
			case 'q':
				args = append(args, `"x`+string(rune('a'+i))+`"`)
			default:
				args = append(args, "Q"+string(rune('A'+i))+"9")
			}
		}
	}
	return fill(f, vs, args), args
}

func mustVerbs(t *testing.T, f string) []reasonVerb {
	t.Helper()
	vs, err := parseVerbs(f)
	if err != nil {
		t.Fatal(err)
	}
	return vs
}

// TestReasonOfTheEngine words reasons the engine itself gives, so that a change of its words
// that the scan cannot see (a doubt's words) shows here.
func TestReasonOfTheEngine(t *testing.T) {
	zh, _ := New(SimplifiedChinese)
	for _, k := range engine.ReviewKinds() {
		if k == engine.ReviewShoeResult || k == engine.ReviewIrregular {
			continue
		}
		for _, d := range []engine.Doubt{{Kind: engine.DoubtKind(k)}, {Kind: engine.DoubtKind(k), Detail: "SEQ 0012 follows 0010"}} {
			r := d.Reason()
			if got := zh.Reason(r, ""); got == r || !strings.ContainsRune(got, '牌') && !strings.ContainsRune(got, '靴') {
				t.Errorf("doubt %s: %q worded %q", k, r, got)
			}
		}
	}
}

func TestParseVerbs(t *testing.T) {
	tests := []struct {
		f    string
		want string // each verb as arg+kind
		bad  bool
	}{
		{f: "coup %d: %s", want: "0d 1s"},
		{f: "%[2]d then %[1]s", want: "1d 0s"},
		{f: "%02d:%02d", want: "0d 1d"},
		{f: "100%% sure of %q", want: "0q"},
		{f: "%v and %s", want: "0v 1s"},
		{f: "%x", bad: true},
		{f: "%[0]d", bad: true},
		{f: "%[1d", bad: true},
		{f: "trailing %", bad: true},
	}
	for _, tt := range tests {
		vs, err := parseVerbs(tt.f)
		if tt.bad {
			if err == nil {
				t.Errorf("parseVerbs(%q) succeeded: %v", tt.f, vs)
			}
			continue
		}
		var got []string
		for _, v := range vs {
			got = append(got, string(rune('0'+v.arg))+string(v.kind))
		}
		if err != nil || strings.Join(got, " ") != tt.want {
			t.Errorf("parseVerbs(%q) = %v, %v; want %s", tt.f, got, err, tt.want)
		}
	}
}

func TestCompileReasonRefusesBadTranslations(t *testing.T) {
	for _, e := range []reasonEntry{
		{"coup %d: %s", "第 %s 局：%s", "第 %d 局：%s"},    // a number as a word
		{"coup %d: %s", "第 %d 局", "第 %d 局：%s"},       // an argument left out
		{"coup %d: %s", "第 %d 局：%s %s", "第 %d 局：%s"}, // an argument too many
		{"coup %[2]d", "第 %d 局", "第 %d 局"},           // the engine's format is never indexed
	} {
		if _, err := compileReason(e); err == nil {
			t.Errorf("compileReason(%q) succeeded", e)
		}
	}
}

func BenchmarkReason(b *testing.B) {
	zh, _ := New(SimplifiedChinese)
	texts := []string{"coup 7: shoe data lost; the shoe restarted", "22:04 a second cutting card, but this book uses one", "the pit server asked for a recount"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_ = zh.Reason(texts[i%len(texts)], "")
	}
}
