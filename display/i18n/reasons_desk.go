package i18n

import "strings"

// deskWordEntries are the table's words for what it settled (engine/desk words.go:
// Table.SettledText and CommissionText, one line per wager settled and per deferred commission
// owed or collected, as app/table gives them to the operator screen's log) and the sign's
// refusal of a change for want of notice (engine.NoticeError), each format
// exactly as the desk words it, in English, Simplified and Traditional Chinese. They are not
// reasons (TestReasonFormatsCoverTheEngine does not look for them); TestDeskWordsWorded builds
// every shape of them with engine/desk and fails on one left in English. A settled wager's
// notes follow it after "; ", each worded as a reason with its rule.
func deskWordEntries() []reasonEntry {
	return []reasonEntry{
		{"seat %d %s wins %s", "%[1]d 号座%[2]s赢 %[3]s", "%[1]d 號座%[2]s贏 %[3]s"},
		{"seat %d %s wins %s (%s)", "%[1]d 号座%[2]s赢 %[3]s（%[4]s）", "%[1]d 號座%[2]s贏 %[3]s（%[4]s）"},
		{"seat %d %s wins %s, commission %s", "%[1]d 号座%[2]s赢 %[3]s，佣金 %[4]s", "%[1]d 號座%[2]s贏 %[3]s，佣金 %[4]s"},
		{"seat %d %s loses %s", "%[1]d 号座%[2]s输 %[3]s", "%[1]d 號座%[2]s輸 %[3]s"},
		{"seat %d %s loses %s: Banker won with 6 (%s)", "%[1]d 号座%[2]s输 %[3]s：庄以 6 点赢（%[4]s）", "%[1]d 號座%[2]s輸 %[3]s：莊以 6 點贏（%[4]s）"},
		{"seat %d %s stands off, %s returned", "%[1]d 号座%[2]s不输不赢，退还 %[3]s", "%[1]d 號座%[2]s不輸不贏，退還 %[3]s"},
		{"seat %d %s %s returned", "%[1]d 号座%[2]s退还 %[3]s", "%[1]d 號座%[2]s退還 %[3]s"},
		{"seat %d %s %s returned (its %s undone)", "%[1]d 号座%[2]s退还 %[3]s（撤销其%[4]s）", "%[1]d 號座%[2]s退還 %[3]s（撤銷其%[4]s）"},
		{"standing player %s wins %s", "站立的玩家%[1]s赢 %[2]s", "站立的玩家%[1]s贏 %[2]s"},
		{"standing player %s wins %s (%s)", "站立的玩家%[1]s赢 %[2]s（%[3]s）", "站立的玩家%[1]s贏 %[2]s（%[3]s）"},
		{"standing player %s wins %s, commission %s", "站立的玩家%[1]s赢 %[2]s，佣金 %[3]s", "站立的玩家%[1]s贏 %[2]s，佣金 %[3]s"},
		{"standing player %s loses %s", "站立的玩家%[1]s输 %[2]s", "站立的玩家%[1]s輸 %[2]s"},
		{"standing player %s loses %s: Banker won with 6 (%s)", "站立的玩家%[1]s输 %[2]s：庄以 6 点赢（%[3]s）", "站立的玩家%[1]s輸 %[2]s：莊以 6 點贏（%[3]s）"},
		{"standing player %s stands off, %s returned", "站立的玩家%[1]s不输不赢，退还 %[2]s", "站立的玩家%[1]s不輸不贏，退還 %[2]s"},
		{"standing player %s %s returned", "站立的玩家%[1]s退还 %[2]s", "站立的玩家%[1]s退還 %[2]s"},
		{"standing player %s %s returned (its %s undone)", "站立的玩家%[1]s退还 %[2]s（撤销其%[3]s）", "站立的玩家%[1]s退還 %[2]s（撤銷其%[3]s）"},
		{"seat %d: collect deferred commission %s (%s)", "%[1]d 号座：收取延后的佣金 %[2]s（%[3]s）", "%[1]d 號座：收取延後的佣金 %[2]s（%[3]s）"},
		{"seat %d owes %s deferred commission (%s)", "%[1]d 号座欠延后的佣金 %[2]s（%[3]s）", "%[1]d 號座欠延後的佣金 %[2]s（%[3]s）"},
		{"standing player: collect deferred commission %s (%s)", "站立的玩家：收取延后的佣金 %[1]s（%[2]s）", "站立的玩家：收取延後的佣金 %[1]s（%[2]s）"},
		{"standing player owes %s deferred commission (%s)", "站立的玩家欠延后的佣金 %[1]s（%[2]s）", "站立的玩家欠延後的佣金 %[1]s（%[2]s）"},
		// A change of the sign refused for want of notice (engine.NoticeError.Error).
		{"%s needs %d minutes' notice (%s): earliest %s", "%[1]s需提前 %[2]d 分钟通知（%[3]s）：最早 %[4]s", "%[1]s需提前 %[2]d 分鐘通知（%[3]s）：最早 %[4]s"},
		{"%s on reopening needs %d minutes' notice, or the table closed as long (%s): earliest %s",
			"重开时%[1]s需提前 %[2]d 分钟通知，或牌台关闭同样长的时间（%[3]s）：最早 %[4]s", "重開時%[1]s需提前 %[2]d 分鐘通知，或牌檯關閉同樣長的時間（%[3]s）：最早 %[4]s"},
	}
}

// deskArgWord is a wager's or a result's name as the desk's words give it ("insurance",
// "win") in lang; "" when a is none of them, or in English.
func deskArgWord(a string, lang Lang) string {
	if lang == English {
		return ""
	}
	hant := lang == TraditionalChinese
	pick := func(hans, tw string) string {
		if hant {
			return tw
		}
		return hans
	}
	switch a {
	case "player":
		return pick("闲", "閒")
	case "banker":
		return pick("庄", "莊")
	case "tie":
		return "和"
	case "insurance":
		return pick("保险", "保險")
	case "bet":
		return "投注"
	case "raise":
		return "加注"
	case "win":
		return pick("赢", "贏")
	case "lose":
		return pick("输", "輸")
	case "push":
		return pick("不输不赢", "不輸不贏")
	}
	return changeKindWord(a, pick)
}

// changeKindWords are the kinds of change to the sign as engine.ChangeKind names them.
var changeKindWords = map[string][2]string{
	"raise minimum": {"提高最低限额", "提高最低限額"}, "lower minimum": {"降低最低限额", "降低最低限額"},
	"maximum": {"最高限额", "最高限額"}, "multiples": {"倍数", "倍數"}, "differential": {"台面差额", "檯面差額"},
	"settlement method": {"结算方式", "結算方式"}, "close": {"关闭牌台", "關閉牌檯"}, "open": {"开台", "開檯"},
}

// changeKindWord is a set of kinds of change as the engine names it ("raise minimum+close"),
// in the language pick chooses; "" when a is not one.
func changeKindWord(a string, pick func(hans, hant string) string) string {
	parts := strings.Split(a, "+")
	for i, p := range parts {
		w, ok := changeKindWords[p]
		if !ok {
			return ""
		}
		parts[i] = pick(w[0], w[1])
	}
	return strings.Join(parts, "、")
}
